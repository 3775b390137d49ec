"""The ``deadground`` command: play (the default), check, design, kit, demo, simulate, soak, replay, roster, turn.

Each subcommand lives in its own module and is imported only when used, so ``deadground check``
never loads pygame. The headless modules (demo, replay, simulate) never import the UI: this module
hands them the UI's parts (the on-screen demo, ``replay --watch``, the report picture).
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence


def _add_map_folders(folders: list[str] | None) -> None:
    """``--maps DIR``: more folders of scenarios for the New game menu (beside the shipped maps and the
    user's own ``scenarios`` folder)."""
    if folders:
        from pathlib import Path

        from game.ui.scenario_list import EXTRA_FOLDERS

        EXTRA_FOLDERS.extend(Path(f) for f in folders)


def _play(args: argparse.Namespace) -> int:
    from game.ui.app import run

    _add_map_folders(args.maps)
    return run(scenario=args.scenario, fullscreen=args.fullscreen, straight_in=args.quick, seed=args.seed)


def _check(args: argparse.Namespace) -> int:
    from game.campaign.check import main as check_main  # maps as ever; campaign .toml files too

    if args.reference:
        from game.scenario.reference import reference

        print(reference(), end="")
        return 0
    if not args.maps:
        print("deadground check: give .tmx maps, .toml campaigns or folders (or --reference)", file=sys.stderr)
        return 2
    return check_main(args.maps, strict=args.strict, as_json=args.json, verbose=args.verbose)


def _design(args: argparse.Namespace) -> int:
    from game.ui.app import run_designer

    return run_designer(args.map, fullscreen=args.fullscreen, frames=args.frames, screenshot=args.screenshot)


def _kit(args: argparse.Namespace) -> int:
    from pathlib import Path

    from game.reference_pages import pages
    from game.saves import data_folder
    from game.scenario.kit import copy_kit

    rules = {f"rules/{name}": text for name, text in pages().items()}  # the guide's rules reference, beside it
    try:
        copy_kit(Path(args.folder), overwrite=args.force, menu_folder=data_folder() / "scenarios", pages=rules)
    except OSError as exc:  # a file where the folder would be, no room, no permission
        place = f"{exc.filename}: " if exc.filename and str(exc.filename) != args.folder else ""
        print(
            f"deadground kit: cannot copy the kit into {args.folder}: {place}{exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    return 0


def _headless_display() -> None:
    """Let pygame draw off-screen (charts, headless demo) when there is no display."""
    import os

    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _replay(args: argparse.Namespace) -> int:
    from game.campaign.progress import is_progress
    from game.replay import Watch
    from game.replay import main as replay_main

    if is_progress(args.save):  # a campaign run: every chapter replayed and verified
        from game.campaign.verify import main as verify_main

        return verify_main(args.save)

    watch: Watch | None = None
    if args.watch:
        try:
            from game.ui.app import watch_replay
            from game.ui.scenes.replay import ReplayScene  # noqa: F401  (the on-screen replay: can it load?)
        except ImportError as exc:
            print(
                f"deadground replay --watch: cannot show the replay on screen ({exc}); "
                "showing the text replay instead.",
                file=sys.stderr,
            )
        else:
            watch = watch_replay
    return replay_main(args.save, detail=args.detail, watch=watch)


def _simulate(args: argparse.Namespace) -> int:
    from game.simulate import main as simulate_main

    if args.compare:
        from game.sim_compare import main as compare_main

        return compare_main(*args.compare)
    if args.map is None:
        print(
            "deadground simulate: give a .tmx map (or --compare RUN_A RUN_B), or a .toml campaign", file=sys.stderr
        )
        return 2
    if args.map.endswith(".toml"):  # a campaign: whole campaigns, chapter after chapter
        from game.campaign.simulate import main as campaign_main

        return campaign_main(args.map, args.games, args.seed, args.jobs, args.options, not args.quiet, args.report)
    picture = heat = None
    if args.report:
        _headless_display()
        try:
            from game.ui.heat_map import write_heat_maps  # the pictures are drawn by the UI layer (pygame)
            from game.ui.sim_report import write_png
        except ImportError as exc:
            print(f"deadground simulate: no chart ({exc}); report.json only", file=sys.stderr)
        else:
            picture, heat = write_png, write_heat_maps
    return simulate_main(
        args.map,
        games=args.games,
        seed=args.seed,
        jobs=args.jobs,
        report=args.report,
        options=args.options,
        mods=args.mods,
        progress=not args.quiet,
        picture=picture,
        scheduler=args.scheduler,
        heat=heat,
    )


def _demo(args: argparse.Namespace) -> int:
    from game.demo import OnScreen
    from game.demo import main as demo_main

    on_screen: OnScreen | None = None
    if not args.headless:
        try:
            from game.ui.app import run_demo
            from game.ui.scenes.demo import DemoScene  # noqa: F401  (the on-screen demo: can it load?)
        except ImportError as exc:
            print(
                f"deadground demo: cannot show the demo on screen ({exc}); playing in text instead (Ctrl+C stops).",
                file=sys.stderr,
            )
        else:
            on_screen = functools.partial(run_demo, fullscreen=not args.window)
    return demo_main(
        maps=args.maps,
        games=args.games,
        headless=args.headless,
        seed=args.seed,
        on_screen=on_screen,
        mods=args.mods,
    )


def _soak(args: argparse.Namespace) -> int:
    from game.soak import main as soak_main

    return soak_main(
        args.maps, games=args.games, jobs=args.jobs, minutes=args.minutes, seed=args.seed, out=args.out
    )


def _roster(args: argparse.Namespace) -> int:
    """``deadground roster import FILE...``: army-builder files into the player's own roster, through the
    rule set that reads them (the only one that does, or ``--rules KEY``)."""
    from pathlib import Path

    from game.roster_import import ImportRefused, import_roster
    from game.rules.core import get_ruleset, known_rulesets
    from game.saves import data_folder

    readers = [k for k in known_rulesets() if get_ruleset(k).roster_import is not None]
    if args.rules is not None and args.rules not in readers:
        print(
            f"deadground roster: {args.rules!r} cannot import rosters; these can: {', '.join(readers) or 'none'}",
            file=sys.stderr,
        )
        return 2
    if args.rules is None and len(readers) != 1:
        print(
            f"deadground roster: say which rule set with --rules ({', '.join(readers) or 'none'})", file=sys.stderr
        )
        return 2
    ruleset = get_ruleset(args.rules or readers[0])
    folder = Path(args.data) if args.data else data_folder()
    failed = 0
    together = tuple(Path(n) for n in args.files)  # a game system and catalogues given together are read together
    for name in args.files:
        try:
            others = tuple(p for p in together if p != Path(name))
            done = import_roster(ruleset, Path(name), folder, others)
        except ImportRefused as exc:
            print(exc, file=sys.stderr)
            failed += 1
            continue
        print(f"{done.file}: {len(done.imported)} unit(s) imported into {done.path} ({ruleset.name})")
        for line in done.imported:
            print(f"  imported: {line}")
        for line in done.skipped:
            print(f"  skipped: {line}")
        if args.verbose:
            for line in done.notes:
                print(f"  note: {line}")
        elif done.notes:
            print(f"  ({len(done.notes)} note(s): rules left out, links into other files; --verbose lists them)")
        if not done.imported:
            print("  nothing imported: no unit the team builder can use")
    return 1 if failed else 0


def _turn(args: argparse.Namespace) -> int:
    """``deadground turn export SAVE`` / ``deadground turn import SAVE TURNFILE``: play by file."""
    from game.turn_file import export_main, import_main

    if args.turn_command == "export":
        return export_main(args.save, out=args.out)
    return import_main(args.save, args.turn_file)


def _host(args: argparse.Namespace) -> int:
    """``deadground host``: headless for now (bots take the seats nobody joins; the log is printed). The
    screen's Host (New game) will serve the same :class:`~game.net.room.Room` and join it as a client."""
    if not _net_installed("host"):
        return 2
    from game.net.headless import HostPlan, serve
    from game.saves import SaveError
    from game.scenario import ScenarioError

    plan = HostPlan(
        args.map or "",
        args.port,
        args.lan,
        args.password or "",
        args.seats or "",
        args.players,
        args.seed,
        args.wait,
        None if args.bot_after < 0 else args.bot_after,
        args.autosaves,
        args.resume,
        args.quiet,
    )
    if not plan.scenario and not plan.resume:
        print("deadground host: give a map (.tmx), or --resume latest", file=sys.stderr)
        return 2
    try:
        return serve(plan)
    except (OSError, ValueError, KeyError, ScenarioError, SaveError) as exc:
        print(f"deadground host: {exc}", file=sys.stderr)
        return 2


def _join(args: argparse.Namespace) -> int:
    """``deadground join``: headless for now (``--watch`` or ``--bot``); the screen's Join comes later."""
    if not _net_installed("join"):
        return 2
    from game.net.headless import join

    if not (args.watch or args.bot):
        print("deadground join: the screen's Join is not there yet; join with --bot or --watch", file=sys.stderr)
        return 2
    return join(args.address, args.seat, args.watch, args.bot, args.password or "", args.name or "")


def _net_installed(command: str) -> bool:
    """Whether network play's library is installed (the optional ``net`` extra); else says how to get it."""
    import importlib.util

    if importlib.util.find_spec("websockets") is not None:
        return True
    print(f"deadground {command}: network play needs its extra: pip install 'deadground[net]'", file=sys.stderr)
    return False


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError("--minutes must be more than 0")
    return value


def _whole_number(text: str, least: int, why: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(why.format(value=value))
    return value


def _positive(text: str) -> int:
    return _whole_number(text, 1, "{value} must be at least 1")


def _port(text: str) -> int:
    port = _whole_number(text, 0, "{value} is not a port (0 to 65535; 0: any free one)")
    if port > 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0 to 65535; 0: any free one)")
    return port


def _seconds(text: str) -> float:
    """A number of seconds, or -1 for never."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (value >= 0 or value == -1) or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (or -1: never)")
    return value


def _mods(text: str) -> list[str]:
    """``--mods coop,t_virus``: mod ids, each checked against the ones the rule sets know."""
    from game.rules.core import get_ruleset, known_rulesets

    known = [m for k in known_rulesets() for m in get_ruleset(k).mods]
    mods = [m.strip() for m in text.split(",") if m.strip()]
    for m in mods:
        if m not in known:
            raise argparse.ArgumentTypeError(f"there is no mod {m!r}; known: {', '.join(known)}")
    return mods


def _scheduler(text: str) -> str:
    """``--scheduler ADDRESS``: a Dask address with host and port, checked before anything connects."""
    from game.distributed import scheduler_address

    try:
        return scheduler_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _jobs(text: str) -> int:
    return _whole_number(text, 0, "--jobs is 0 (all cores) or more")


# argparse's subparsers object, to which each subcommand adds its own parser
Subcommands = argparse._SubParsersAction  # type: ignore[type-arg]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deadground", description="Dead Ground: zombie skirmish on the tabletop."
    )
    sub = parser.add_subparsers(dest="command")
    for add in SUBCOMMAND_PARSERS:  # in the order --help lists them
        add(sub)
    return parser


def _play_parser(sub: Subcommands) -> None:
    play = sub.add_parser("play", help="open the game (the default)")
    play.add_argument(
        "scenario",
        nargs="?",
        help="a .tmx scenario: its set-up opens filled in (Begin plays it), or with --quick its table",
    )
    play.add_argument(
        "--quick",
        action="store_true",
        help="skip the scenario's set-up: play at once with the starting choices (players, teams)",
    )
    play.add_argument("--fullscreen", action="store_true")
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the dice's seed for the scenario given (the same game again; default: random)",
    )
    play.add_argument(
        "--maps", metavar="DIR", action="append", help="also list the scenarios in DIR in New game (repeatable)"
    )
    play.set_defaults(func=_play)


def _check_parser(sub: Subcommands) -> None:
    check = sub.add_parser("check", help="validate scenario maps and campaigns and print every problem")
    check.add_argument("maps", nargs="*", help=".tmx maps, .toml campaigns, or folders of them")
    check.add_argument("--strict", action="store_true", help="warnings fail too")
    check.add_argument("--json", action="store_true", help="one JSON document, for editors")
    check.add_argument("--verbose", "-v", action="store_true", help="also print notes")
    check.add_argument(
        "--reference", action="store_true", help="print the scenario reference (every property and class)"
    )
    check.set_defaults(func=_check)


def _design_parser(sub: Subcommands) -> None:
    design = sub.add_parser(
        "design", help="the designer view of a map: grid, outlines, sight and path probes, check's messages"
    )
    design.add_argument("map", help="a .tmx scenario (reloaded when saved in Tiled)")
    design.add_argument("--fullscreen", action="store_true")
    design.add_argument("--frames", type=_positive, default=None, help=argparse.SUPPRESS)  # tests: stop after N
    design.add_argument(
        "--screenshot", metavar="PNG", default=None, help="save a picture of the view here and quit"
    )
    design.set_defaults(func=_design)


def _kit_parser(sub: Subcommands) -> None:
    kit = sub.add_parser(
        "kit", help="copy the Tiled kit (project, templates, tileset, guide, rules reference) into a folder"
    )
    kit.add_argument("folder", help="where to put it, e.g. your scenarios folder")
    kit.add_argument("--force", action="store_true", help="replace kit files already there")
    kit.set_defaults(func=_kit)


def _demo_parser(sub: Subcommands) -> None:
    demo = sub.add_parser(
        "demo",
        help="club-night demo: bots play the players' side, game after game",
        description="Club-night demo: bots play the players' side game after game, and the game always plays "
        "the zombies, as it does in every game. Touch the mouse or a key to take over the players' side.",
    )
    demo.add_argument("maps", nargs="*", help=".tmx scenarios (default: every shipped one with a known rule set)")
    demo.add_argument("--games", type=_positive, default=None, help="stop after this many games (default: never)")
    demo.add_argument("--seed", type=int, default=None, help="seed of the first game (default: random)")
    demo.add_argument("--headless", action="store_true", help="no window: print each game's result")
    demo.add_argument(
        "--window",
        action="store_true",
        help="play in the settings' window (default: fill the screen, as an attractor does; F11 toggles)",
    )
    demo.add_argument(
        "--mods",
        type=_mods,
        default=None,
        help="Zombie 40,000 mods, comma-separated, e.g. coop,t_virus (see Mods in the rules reference, docs/rules/)",
    )
    demo.set_defaults(func=_demo)


def _simulate_parser(sub: Subcommands) -> None:
    simulate = sub.add_parser("simulate", help="play bot games headless and print the balance report")
    simulate.add_argument(
        "map", nargs="?", default=None, help="a .tmx scenario, or a .toml campaign (whole campaigns are played)"
    )
    simulate.add_argument(
        "--compare",
        nargs=2,
        metavar=("RUN_A", "RUN_B"),
        default=None,
        help="print two runs' reports side by side (each a --report folder or its report.json), with B - A",
    )
    simulate.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    simulate.add_argument(
        "--seed", type=int, default=1, help="seed of the first game; game k uses seed+k (default 1)"
    )
    simulate.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        help="worker processes (0 = all cores; default: all cores for 40 games or more, else 1); "
        "the results are the same on any number",
    )
    simulate.add_argument(
        "--report",
        metavar="DIR",
        help="also write DIR/report.json, DIR/report.png and the heat maps DIR/heat_died.png, DIR/heat_stalled.png "
        "(and DIR/heat_bystanders.png when bystanders fell)",
    )
    simulate.add_argument(
        "--options",
        metavar="JSON",
        default=None,
        help='set-up options as JSON, e.g. \'{"sections": ["british"]}\' (default: the rule set\'s)',
    )
    simulate.add_argument(
        "--mods",
        type=_mods,
        default=None,
        help="Zombie 40,000 mods, comma-separated, e.g. coop,t_virus (see Mods in the rules reference, docs/rules/); "
        "added to the options",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    _scheduler_option(simulate)
    simulate.set_defaults(func=_simulate)


def _scheduler_option(simulate: argparse.ArgumentParser) -> None:
    from game.distributed import CONNECT_TIMEOUT  # plain Python: Dask is imported only to connect

    simulate.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        type=_scheduler,
        help="play the games on the Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786 (needs the distributed "
        f"extra); gives up after {CONNECT_TIMEOUT:g} s when no scheduler answers, and plays here the games "
        "left if the cluster goes away",
    )


def _soak_parser(sub: Subcommands) -> None:
    soak = sub.add_parser(
        "soak", help="bot games on every shipped scenario, the rules' invariants checked after every command"
    )
    soak.add_argument(
        "maps", nargs="*", help=".tmx scenarios (default: every shipped one of a rule set with a bot)"
    )
    soak.add_argument("--games", type=_positive, default=100, help="games per rule set (default 100)")
    soak.add_argument("--jobs", type=_jobs, default=1, help="worker processes (default 1; 0 = all cores)")
    soak.add_argument("--minutes", type=_minutes, default=None, help="stop after this many minutes")
    soak.add_argument("--seed", type=int, default=1, help="seed of the first game; game k uses seed+k")
    soak.add_argument(
        "--out", default="soak-failures", help="folder for the replay file of each failure (default soak-failures)"
    )
    soak.set_defaults(func=_soak)


def _roster_parser(sub: Subcommands) -> None:
    roster = sub.add_parser("roster", help="your own roster units, from army-builder files")
    roster_sub = roster.add_subparsers(dest="roster_command", required=True)
    imp = roster_sub.add_parser(
        "import",
        help="import the infantry units of BattleScribe catalogues (.cat, .catz; with the .gst) into your roster",
        description="Import the units of BattleScribe catalogue files into your own roster file (in the data "
        "folder); importing a file again replaces its units. Prints what was imported and what was skipped, "
        "and why.",
    )
    imp.add_argument(
        "files",
        nargs="+",
        help=".cat or .catz files, and the game system (.gst or .gstz; else the one beside them)",
    )
    imp.add_argument("--rules", default=None, help="the rule set to import for (default: the one that can)")
    imp.add_argument("--data", metavar="DIR", default=None, help=argparse.SUPPRESS)  # tests: another data folder
    imp.add_argument("--verbose", "-v", action="store_true", help="also list the rules and links left out")
    imp.set_defaults(func=_roster)


def _replay_parser(sub: Subcommands) -> None:
    replay = sub.add_parser("replay", help="play a saved game (or a campaign run) back and check it reproduces")
    replay.add_argument("save", help="a save file (.json), or a campaign run's progress file")
    replay.add_argument("--watch", action="store_true", help="watch it on screen with the animations")
    replay.add_argument("--detail", action="store_true", help="print every dice roll too")
    replay.set_defaults(func=_replay)


def _turn_parser(sub: Subcommands) -> None:
    turn = sub.add_parser(
        "turn", help="play by file: send your turn to the other player in a file, and receive theirs"
    )
    turn_sub = turn.add_subparsers(dest="turn_command", required=True)
    export = turn_sub.add_parser(
        "export",
        help="write the actions played since the last turn file received into a turn file",
        description="Write the actions a saved game has played since it last received a turn file into "
        "<scenario>-turn-<n>.deadground-turn (beside the save, or --out), and note in the save that it was sent.",
    )
    export.add_argument("save", help="your save of the game (.json)")
    export.add_argument("--out", metavar="F", default=None, help="the turn file to write, or a folder for it")
    export.set_defaults(func=_turn)
    receive = turn_sub.add_parser(
        "import",
        help="play the other player's turn file into your save of the game, checked by the rules",
        description="Check that the turn file is this game's next, play its actions through the rules and "
        "check the state is the sender's, then write the save with them. A refusal changes nothing.",
    )
    receive.add_argument("save", help="your save of the game (.json), written with the turn")
    receive.add_argument("turn_file", help="the other player's .deadground-turn file")
    receive.set_defaults(func=_turn)


def _host_parser(sub: Subcommands) -> None:
    host = sub.add_parser("host", help="host a game other machines join (docs/NETWORK.md)")
    host.add_argument("map", nargs="?", help="the scenario (.tmx)")
    host.add_argument(
        "--port", type=_port, help="the port to listen on (0: any free one; 8765, or a resumed room's own)"
    )
    host.add_argument(
        "--lan", action="store_true", help="listen on the local network too (else this machine only)"
    )
    host.add_argument("--password", help="a password players must give to join")
    host.add_argument("--seats", help="each seat's kind in order: net, bot or local (e.g. net,bot)")
    host.add_argument("--players", type=_positive, help="how many players (default: as many as --seats names)")
    host.add_argument("--seed", type=int, default=1, help="the game's seed (1)")
    host.add_argument("--wait", type=_seconds, default=60.0, help="seconds to wait for players before bots sit in")
    host.add_argument(
        "--bot-after",
        type=_seconds,
        default=30.0,
        help="seconds before a bot plays a dropped player's seat (-1: never)",
    )
    host.add_argument("--autosaves", help="the autosave folder (default: the game's own)")
    host.add_argument(
        "--resume",
        help="carry on an autosaved room (its seats, names, port and LAN as kept): a save file, or 'latest'",
    )
    host.add_argument("--quiet", action="store_true", help="do not print the game's log")
    host.set_defaults(func=_host)


def _join_parser(sub: Subcommands) -> None:
    join = sub.add_parser("join", help="join a hosted game (docs/NETWORK.md)")
    join.add_argument("address", help="HOST[:PORT] (port 8765 when none is given)")
    seat = join.add_mutually_exclusive_group()
    seat.add_argument("--seat", type=_positive, help="the seat to take (default: the first free one)")
    seat.add_argument("--watch", action="store_true", help="watch the game, taking no seat")
    join.add_argument("--bot", action="store_true", help="play the seat with the rule set's bot (headless)")
    join.add_argument("--password", help="the room's password")
    join.add_argument("--name", help="your name at the table")
    join.set_defaults(func=_join)


SUBCOMMAND_PARSERS = (
    _play_parser,
    _check_parser,
    _design_parser,
    _kit_parser,
    _demo_parser,
    _simulate_parser,
    _soak_parser,
    _roster_parser,
    _replay_parser,
    _turn_parser,
    _host_parser,
    _join_parser,
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``deadground``; with no subcommand (or only a scenario path) it plays."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    subcommands = {
        "play",
        "check",
        "design",
        "kit",
        "demo",
        "simulate",
        "soak",
        "replay",
        "roster",
        "turn",
        "host",
        "join",
        "-h",
        "--help",
    }
    if not argv or argv[0] not in subcommands:
        argv = ["play", *argv]
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:  # Ctrl+C while a command starts up, before its own handling of it
        print(f"\ndeadground {args.command}: stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
