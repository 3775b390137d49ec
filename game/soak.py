"""``deadground soak``: bot games on every shipped scenario (and whole shipped campaigns) of every rule set with
a bot, the rules' invariants checked after every command, and any failure written as a save (a replay file) with its seed.

``deadground soak [--games N] [--jobs J] [--minutes M] [--seed S] [--out DIR] [MAP...]`` plays N games
per rule set (spread over its maps, game k with seed S+k), on J worker processes, for at most M minutes.
A rule set's invariants are ``invariants(game) -> list[str]`` (the contract's form; a rule set's may also
take ``since``, the first event to check): the ``invariants`` field of its :class:`~game.rules.core.RuleSet`
when it has one, else ``game.rules.<key>.invariants``. At the end of every game the game is also replayed
from its commands and its state and events compared.

>>> plan_games({"duel": ["a.tmx", "b.tmx"]}, games=3, seed=10)
[('duel', 'a.tmx', 10), ('duel', 'b.tmx', 11), ('duel', 'a.tmx', 12)]
"""

from __future__ import annotations

import inspect
import os
import random
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # the rules load lazily (a soak worker imports only its rule set)
    from game.rules.core import Game, RuleSet

MAX_COMMANDS = 5000  # a game not over by then is stuck (a bot or rules bug): a failure, not a loop

Invariants = Callable[..., list[str]]


@dataclass(frozen=True)
class SoakResult:
    """One soak game: where, which seed, how long, and what went wrong ("" when nothing did)."""

    ruleset: str
    map: str
    seed: int
    commands: int
    failure: str = ""
    saved: str = ""  # the replay file written for a failure


def find_invariants(ruleset: Any) -> Invariants | None:
    """The rule set's invariant check: its ``invariants`` field, else ``game.rules.<key>.invariants``."""
    found = getattr(ruleset, "invariants", None)
    if callable(found):
        return found  # type: ignore[no-any-return]
    try:
        module = import_module(f"game.rules.{ruleset.key}.invariants")
    except ModuleNotFoundError:
        return None
    return getattr(module, "invariants", None)


def soak_maps(paths: Sequence[str] = (), skipped: list[str] | None = None) -> dict[str, list[str]]:
    """The maps to soak by rule set: ``paths``, or every shipped scenario that loads; only rule sets
    that are registered and have a bot. Each map named in ``paths`` that is left out is added to
    ``skipped``, with why."""
    from game.ai import has_bot
    from game.assets import assets_dir
    from game.rules.core import known_rulesets
    from game.scenario import ScenarioError, load_scenario

    named = bool(paths)
    if not paths:
        paths = [str(p) for p in sorted(assets_dir("maps").glob("*.tmx"))]
        paths += [str(p) for p in sorted(assets_dir("maps").glob("campaigns/*.toml"))]
    found: dict[str, list[str]] = {}
    for path in paths:
        if path.endswith(".toml"):
            _campaign_ruleset(path, found, skipped, named)
            continue
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            why = exc.problems[0].message if exc.problems else str(exc)
            _skip(skipped, named, f"{path}: does not load: {why}")
            continue
        if scenario.ruleset not in known_rulesets():
            _skip(skipped, named, f"{path}: no rule set {scenario.ruleset!r} in this build")
        elif not has_bot(scenario.ruleset):
            _skip(skipped, named, f"{path}: {scenario.ruleset} has no bot to play it")
        else:
            found.setdefault(scenario.ruleset, []).append(str(path))
    return found


def _campaign_ruleset(path: str, found: dict[str, list[str]], skipped: list[str] | None, named: bool) -> None:
    """A campaign file soaks under its rule set (with a bot), or is skipped with why."""
    from game.ai import has_bot
    from game.campaign.model import CampaignError, load_campaign

    try:
        campaign = load_campaign(path)
    except (CampaignError, OSError) as exc:
        _skip(skipped, named, f"{path}: does not load: {str(exc).splitlines()[0]}")
        return
    if not has_bot(campaign.ruleset):
        _skip(skipped, named, f"{path}: {campaign.ruleset} has no bot to play it")
    else:
        found.setdefault(campaign.ruleset, []).append(path)


def _skip(skipped: list[str] | None, named: bool, why: str) -> None:
    if named and skipped is not None:
        skipped.append(why)


def plan_games(maps: dict[str, list[str]], games: int, seed: int) -> list[tuple[str, str, int]]:
    """``games`` games per rule set, dealt round its maps; game k has seed ``seed + k``."""
    plan = []
    for key in sorted(maps):
        for k in range(games):
            plan.append((key, maps[key][k % len(maps[key])], seed + k))
    return plan


_SCENARIOS: dict[str, Any] = {}


def play_one(ruleset_key: str, map_path: str, seed: int, out: str) -> SoakResult:
    """One bot game with the invariants checked after every command (a campaign file: the whole campaign,
    chapter after chapter with its carried force); a failure is saved to ``out``."""
    from game.rules.core import get_ruleset
    from game.scenario import load_scenario

    if map_path.endswith(".toml"):
        return play_campaign(ruleset_key, map_path, seed, out)
    if map_path not in _SCENARIOS:
        _SCENARIOS[map_path] = load_scenario(map_path)
    scenario = _SCENARIOS[map_path]
    options = soak_forces(get_ruleset(ruleset_key), scenario, seed)
    game, failure, saved = _checked(ruleset_key, scenario, options, seed, out, Path(map_path).stem)
    return SoakResult(ruleset_key, map_path, seed, len(game.commands) if game else 0, failure, saved)


def play_campaign(ruleset_key: str, path: str, seed: int, out: str) -> SoakResult:
    """A whole campaign by the bots, each chapter checked as :func:`play_one` checks a game."""
    from game.campaign.model import load_campaign
    from game.campaign.progress import chapter_options, default_setup, finish_chapter, new_progress
    from game.rules.core import start_error

    commands = 0
    try:
        campaign = load_campaign(path)
        progress = new_progress(campaign, seed, default_setup(campaign))
        while not progress.over:
            chapter, scenario, options, chapter_seed = chapter_options(campaign, progress)
            label = f"{Path(path).stem}-{chapter.id}"
            game, failure, saved = _checked(ruleset_key, scenario, options, chapter_seed, out, label)
            commands += len(game.commands) if game else 0
            if failure or game is None:
                return SoakResult(ruleset_key, path, seed, commands, f"chapter {chapter.id!r}: {failure}", saved)
            progress = finish_chapter(campaign, progress, game)
    except Exception as exc:  # a chapter that cannot start with its force, a broken campaign
        return SoakResult(ruleset_key, path, seed, commands, f"campaign: {start_error(exc)}")
    return SoakResult(ruleset_key, path, seed, commands)


def _checked(
    ruleset_key: str, scenario: Any, options: dict[str, Any], seed: int, out: str, label: str
) -> tuple[Game | None, str, str]:
    """A bot game played with the invariants asked after every command and the replay compared at its end:
    the game, what went wrong ("" when nothing did) and the replay file written for it."""
    from game.ai import bot_for
    from game.rules.core import get_ruleset
    from game.saves import describe_error, save_game

    ruleset = get_ruleset(ruleset_key)
    check = find_invariants(ruleset)
    bot = bot_for(ruleset_key)
    game = None
    cmd = None
    failure = ""
    try:
        game = ruleset.new_game(scenario, options, seed)
        if check is not None:
            failure = _said(_ask(check, game, since=0))
        while not failure and not game.over:
            if len(game.commands) >= MAX_COMMANDS:
                failure = f"stuck: no result after {MAX_COMMANDS} commands"
                break
            cmd = bot(game)
            before = len(getattr(game, "log", ()))
            game.apply(cmd)
            cmd = None
            if check is not None:
                failure = _said(_ask(check, game, since=before))
        if not failure and check is not None:
            failure = _said(_ask(check, game, since=0, step=False))
        if not failure:
            failure = _replays(ruleset, scenario, game)
    except Exception as exc:  # a soak game that raises is exactly what soak is for: record it
        failure = describe_error(exc)
    saved = ""
    if failure and game is not None:
        name = f"soak-{ruleset_key}-{label}-seed{seed}.json"
        try:
            saved = str(save_game(game, Path(out) / name, error=f"soak: {failure}", failed=cmd))
        except (OSError, TypeError, ValueError) as exc:
            failure += f" (and the replay file could not be written: {exc})"
    return game, failure, saved


def soak_forces(ruleset: Any, scenario: Any, seed: int) -> dict[str, Any]:
    """The forces of soak game ``seed``: the rule set's random demo forces (drawn from the seed, so a
    failure replays), or no options when it has none. Zombie 40,000 cannot start without teams."""
    forces = ruleset.demo_forces
    return dict(forces(random.Random(seed), scenario)) if forces is not None else {}


def _ask(check: Invariants, game: Game, **extra: Any) -> list[str]:
    """Call a rule set's invariants with the extras it takes: the contract's form is ``invariants(game)``;
    a rule set's may also take ``since`` (the first event to check) and ``step``."""
    try:
        takes: Collection[str] = inspect.signature(check).parameters
    except (TypeError, ValueError):
        takes = ()
    return list(check(game, **{k: v for k, v in extra.items() if k in takes}))


def _replays(ruleset: RuleSet, scenario: Any, game: Game) -> str:
    """The game rebuilt from its scenario, options, seed and commands must have the same state (and log)."""
    again = ruleset.new_game(scenario, dict(game.options), game.seed)
    for cmd in game.commands:
        again.apply(cmd)
    if again.state_data() != game.state_data():
        return "the game replayed from its commands has another state"
    if getattr(again, "log", None) != getattr(game, "log", None):
        return "the game replayed from its commands has other events"
    return ""


def _said(problems: list[str]) -> str:
    return "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "")


def _play(task: tuple[str, str, int, str]) -> SoakResult:
    return play_one(*task)


def run(
    plan: list[tuple[str, str, int]],
    out: str,
    jobs: int = 1,
    minutes: float | None = None,
    on_result: Callable[[SoakResult], None] | None = None,
) -> tuple[list[SoakResult], bool]:
    """Play the plan; returns the results and whether the time ran out before the plan was done.

    With ``minutes``, each rule set gets its share of the time in turn (the time left over the rule sets
    left), so a rule set of long games cannot use up the others' time. One pool of worker processes plays
    every rule set (started once: starting one costs seconds of a share). Ctrl+C raises SoakStopped with
    the games played by then."""
    deadline = time.monotonic() + minutes * 60 if minutes else None
    keys = list(dict.fromkeys(key for key, _, _ in plan))
    results: list[SoakResult] = []
    timed_out = False
    asked = threading.Event()  # Ctrl+C was pressed: kept, as its KeyboardInterrupt may be lost (below)

    def told(result: SoakResult) -> None:
        if on_result is not None:
            on_result(result)
        if asked.is_set():  # the interrupt fell in a garbage collector's callback, which swallows it
            raise KeyboardInterrupt

    try:
        with _ctrl_c_kept(asked), _pool(jobs) as pool:
            for n, key in enumerate(keys):
                until = (
                    None
                    if deadline is None
                    else time.monotonic() + (deadline - time.monotonic()) / (len(keys) - n)
                )
                tasks = [(k, path, seed, out) for k, path, seed in plan if k == key]
                timed_out = _run_share(pool, _workers(jobs), tasks, until, told, results) or timed_out
    except KeyboardInterrupt:
        raise SoakStopped(results) from None
    return results, timed_out


@contextmanager
def _ctrl_c_kept(asked: threading.Event) -> Iterator[None]:
    """Ctrl+C sets ``asked`` as well as raising KeyboardInterrupt: raised inside a callback of the garbage
    collector (pymunk frees its shapes in one) the interrupt is printed and dropped, and a soak went on to its
    500th game. Only the main thread may set a signal's handler: elsewhere nothing changes."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupted(signum: int, frame: Any) -> None:
        asked.set()
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class SoakStopped(Exception):
    """The soak was stopped (Ctrl+C); ``results`` are the games played by then."""

    def __init__(self, results: list[SoakResult]) -> None:
        super().__init__(f"stopped after {len(results)} games")
        self.results = results


def _ignore_interrupt() -> None:
    """A worker process leaves Ctrl+C to the soak, which stops the pool and reports the games played."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _pool(jobs: int) -> Iterator[Any]:
    """``jobs`` worker processes (0: one per core), stopped at the end; for 1, a pool of one playing here."""
    if jobs == 1:
        yield _Here()
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(_workers(jobs), _ignore_interrupt) as pool:
        yield pool


class _Here:
    """A pool of one that plays each game here, in this process, as it is handed out: a soak of one job
    shares its games out the same way as one of many."""

    def apply_async(self, play: Callable[..., SoakResult], args: tuple[Any, ...]) -> _Played:
        return _Played(play(*args))


@dataclass(frozen=True)
class _Played:
    """A game played here: ready at once (what :meth:`_Here.apply_async` hands back)."""

    result: SoakResult

    def ready(self) -> bool:
        return True

    def wait(self, timeout: float | None = None) -> None:
        return None

    def get(self) -> SoakResult:
        return self.result


def _workers(jobs: int) -> int:
    return jobs or os.cpu_count() or 1


def _past(until: float | None) -> bool:
    return until is not None and time.monotonic() > until


def _run_share(
    pool: Any,
    size: int,
    tasks: list[tuple[str, str, int, str]],
    until: float | None,
    on_result: Callable[[SoakResult], None] | None,
    results: list[SoakResult],
) -> bool:
    """Play ``tasks`` into ``results`` on ``pool`` until the clock reaches ``until``; whether the time ran out
    first. Only as many games are handed out as the pool has workers (``size``), so the share ends with the
    games under way (none is left queued to eat the next rule set's time)."""
    waiting = list(reversed(tasks))
    running: list[Any] = []
    while waiting or running:
        while waiting and len(running) < size and not _past(until):
            running.append(pool.apply_async(_play, (waiting.pop(),)))
        if not running:
            break
        finished = [r for r in running if r.ready()]
        if not finished:
            running[0].wait(0.05)
        for r in finished:
            running.remove(r)
            results.append(r.get())
            if on_result:
                on_result(results[-1])
    return bool(waiting)


def main(
    maps: Sequence[str] = (),
    games: int = 100,
    jobs: int = 1,
    minutes: float | None = None,
    seed: int = 1,
    out: str = "soak-failures",
    stream: TextIO | None = None,
) -> int:
    """Run the soak and print what it found; 0 when every game held every invariant."""
    stream = stream or sys.stdout
    skipped: list[str] = []
    by_ruleset = soak_maps(maps, skipped)
    for why in skipped:  # a map asked for and not soaked fails the soak, after the others are played
        print(f"soak: {why}", file=stream)
    if not by_ruleset:
        print("soak: no map to play (no shipped scenario, or none of a rule set with a bot)", file=stream)
        return 1
    for key, paths in sorted(by_ruleset.items()):
        from game.rules.core import get_ruleset

        has = "its invariants" if find_invariants(get_ruleset(key)) else "NO invariants (errors only)"
        print(f"soak: {key}: {games} games on {len(paths)} map(s), checking {has}", file=stream)
    start = time.monotonic()

    done: Counter[str] = Counter()

    def progress(result: SoakResult) -> None:
        done["games"] += 1
        if done["games"] % 100 == 0:
            print(
                f"soak: {done['games']} games played ({time.monotonic() - start:.0f} s)", file=stream, flush=True
            )
        if result.failure:
            print(
                f"FAIL  {result.ruleset}  {result.map}  seed {result.seed}: {result.failure}"
                + (f"  -> {result.saved}" if result.saved else ""),
                file=stream,
            )

    stopped = False
    try:
        results, timed_out = run(plan_games(by_ruleset, games, seed), out, jobs, minutes, progress)
    except SoakStopped as stop:  # Ctrl+C: what was played is still reported
        results, timed_out, stopped = stop.results, False, True
    played = Counter(r.ruleset for r in results)
    failed = Counter(r.ruleset for r in results if r.failure)
    commands: Counter[str] = Counter()
    for r in results:
        commands[r.ruleset] += r.commands
    for key in sorted(by_ruleset):
        print(
            f"soak: {key}: {played[key]} games, {commands[key]} commands, {failed[key]} failed",
            file=stream,
        )
    took = time.monotonic() - start
    print(
        f"soak: {len(results)} games in {took:.0f} s"
        + (f"; stopped at the {minutes:g}-minute limit, shared between the rule sets" if timed_out else "")
        + ("; stopped by Ctrl+C" if stopped else ""),
        file=stream,
    )
    if stopped:
        return 130
    idle = [key for key in sorted(by_ruleset) if not played[key]]
    for key in idle:  # a soak that checked nothing of a rule set must not pass
        print(f"soak: {key} played no game in its share of the time: give more --minutes", file=stream)
    return 1 if skipped or idle or any(r.failure for r in results) else 0
