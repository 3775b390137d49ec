"""The balance simulator: many bot games headless, and the report a scenario designer tunes by.

``deadground simulate MAP --games N --seed S [--jobs J] [--report DIR]`` plays game k with seed
S+k (so any game of the run can be replayed alone), on J worker processes, and prints the report;
with ``--report`` it also writes ``DIR/report.json``, ``DIR/report.png`` and the heat maps
``DIR/heat_died.png`` and ``DIR/heat_stalled.png`` (pictures drawn by the UI layer, which the CLI
hands in). Every figure comes from the rule set's :class:`~game.rules.contract.Outcome`, its
``outcome_labels`` and its :class:`~game.rules.contract.Footprints` (where the players' figures died
and stalled, and how near they came to the objective): nothing here knows a rule set.

>>> win_rate_ci95(50, 100)
(0.4038, 0.5962)
>>> win_rate_ci95(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.ai import bot_for
from game.heat import approach, grid, hot_spots, spot_words
from game.pool import RunStopped, Worker, play_seeds
from game.rules.contract import Footprints, Outcome
from game.rules.core import Game, get_ruleset, start_error
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Point, Scenario
from game.sim_ground import arrivals, bystanders, distance_row, stall_causes, why_lines

MAX_COMMANDS = 5000  # a game that has not ended by then is stuck (a bot or rules bug): recorded, not looped on
SPREAD_FROM = 40  # games: a run this long is spread over every core unless --jobs says otherwise


def default_jobs(games: int) -> int:
    """How many worker processes a run of ``games`` uses when ``--jobs`` is not given: every core for a
    designer's run (the results are the same on any number of jobs), one for a handful of games,
    which starting the workers would cost more than it saves.

    >>> default_jobs(10)
    1
    """
    return (os.cpu_count() or 1) if games >= SPREAD_FROM else 1


def workers(jobs: int) -> int:
    """The worker processes ``jobs`` means: 0 is every core."""
    return (os.cpu_count() or 1) if jobs == 0 else max(1, jobs)


@dataclass(frozen=True)
class GameResult:
    """What one simulated game came to (plain data, sent back from worker processes).

    ``winner`` is "" for an error or a stuck game; the rest is the rule set's
    :class:`~game.rules.contract.Outcome` of the game (its figures even when it stopped early).
    """

    seed: int
    winner: str
    turns: int
    commands: int
    human_win: bool = False
    seat: int = 0
    figures: dict[str, float] = field(default_factory=dict)
    lists: dict[str, tuple[int, ...]] = field(default_factory=dict)
    reason: str = ""
    error: str = ""
    died: tuple[Point, ...] = ()  # where the players' figures were killed (inches)
    stalled: tuple[Point, ...] = ()  # where they stalled, once a figure and turn
    nearest: float | None = None  # the nearest any came to the objective's place; None: it has none
    reached: bool = False
    objective: str = ""  # the objective's place in words
    stall_causes: tuple[str, ...] = ()  # why each stall happened (a key of STALL_CAUSES)
    distances: tuple[float, ...] = ()  # the nearest player figure to the objective, turn by turn
    bystanders_died: tuple[Point, ...] = ()  # where bystanders fell
    arrivals: dict[str, int] = field(default_factory=dict)  # zombies brought on, by spawn point
    played: dict[str, Any] = field(default_factory=dict)  # the options as the rules settled them, mods too


def play_one(scenario: Scenario, options: dict[str, Any], seed: int) -> GameResult:
    """One bot game to the end; an error in the rules or the bot is recorded with its seed."""
    game, error = play_out(scenario, options, seed)
    if game is None:
        return GameResult(seed, "", 0, 0, error=error)
    return measure(game, seed, error)


def play_out(scenario: Scenario, options: dict[str, Any], seed: int) -> tuple[Game | None, str]:
    """One bot game played to the end: the game (None when it could not start) and the error that stopped
    it ("" when it ended). The simulator measures it; a campaign carries its force on."""
    ruleset = get_ruleset(scenario.ruleset)
    bot = bot_for(scenario.ruleset)
    game = None
    try:
        game = ruleset.new_game(scenario, dict(options), seed)
        while not game.over and len(game.commands) < MAX_COMMANDS:
            game.apply(bot(game))
        error = "" if game.over else f"stuck: no result after {MAX_COMMANDS} commands"
    except Exception as exc:  # one broken game must not end a night's simulation
        error = f"{type(exc).__name__}: {exc}"
    return game, error


def outcome_of(game: Game) -> Outcome:
    """The rule set's :class:`Outcome` of ``game``; for a rule set without one, its winner and turn."""
    maker = get_ruleset(game.ruleset).outcome
    if maker is not None:
        return maker(game)
    data = game.state_data()
    return Outcome(str(game.winner or ""), False, int(data.get("turn", 0) or 0), str(data.get("reason", "")))


def footprints_of(game: Game) -> Footprints:
    """The rule set's :class:`Footprints` of ``game``; none for a rule set that does not say."""
    maker = get_ruleset(game.ruleset).footprints
    return maker(game) if maker is not None else Footprints()


def _rounded(points: Iterable[Point]) -> tuple[Point, ...]:
    return tuple((round(float(x), 2), round(float(y), 2)) for x, y in points)


def measure(game: Game, seed: int, error: str = "") -> GameResult:
    """The figures of a game (finished, or stopped by ``error``) as the rule set counts them."""
    o = outcome_of(game)
    try:
        f = footprints_of(game)
    except Exception as exc:  # a bug in reading the log: the game's figures still count, the error shows
        f = Footprints()
        error = error or f"{type(exc).__name__} while reading where figures died: {exc}"
    return GameResult(
        seed=seed,
        winner=o.winner if not error else "",
        turns=o.turns,
        commands=len(game.commands),
        human_win=o.human_win and not error,
        seat=o.seat if not error else 0,
        figures=dict(o.figures),
        lists={k: tuple(v) for k, v in o.lists.items()},
        reason=o.reason,
        error=error,
        died=_rounded(f.died),
        stalled=_rounded(f.stalled),
        nearest=f.nearest,
        reached=f.reached,
        objective=f.objective,
        stall_causes=tuple(f.stall_causes),
        distances=tuple(round(float(d), 2) for d in f.distances),
        bystanders_died=_rounded(f.bystanders_died),
        arrivals=dict(f.arrivals),
        played=played_options(game),
    )


def played_options(game: Game) -> dict[str, Any]:
    """The options ``game`` plays as its rules settled them (the map's own mods and the set-up's
    defaults filled in), with ``mods`` the mods switched on (an empty list: none) where the rule set
    has mods; plain JSON values only."""
    out = {k: v for k, v in dict(getattr(game, "options", {}) or {}).items() if _plain(v)}
    mods = getattr(getattr(game, "state", None), "mods", None)
    if isinstance(mods, list | tuple):
        out["mods"] = [str(m) for m in mods]
    return out


def _plain(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def win_rate_ci95(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a win rate: honest near 0% and 100% and for few games."""
    if games <= 0:
        return 0.0, 1.0
    z = 1.959964
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


# -- running many games ------------------------------------------------------------------

_worker: dict[str, Any] = {}


def _init_worker(path: str, options: dict[str, Any]) -> None:
    _worker["scenario"] = load_scenario(path)
    _worker["options"] = options


def _play_seed(seed: int) -> GameResult:
    return play_one(_worker["scenario"], _worker["options"], seed)


def run(
    path: str | Path,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
    scheduler: str | None = None,
) -> list[GameResult]:
    """Play ``games`` games (seeds seed .. seed+games-1) on ``jobs`` processes (0 = every core), or on
    the Dask cluster whose scheduler is at ``scheduler`` (see :mod:`game.distributed`).

    ``on_result(done, result)`` hears each finished game (for the progress bar). Results come back
    sorted by seed, so a run is the same whatever the number of jobs. Ctrl+C raises RunStopped with
    the games finished by then.
    """
    options = dict(options or {})
    seeds = range(seed, seed + games)
    jobs = min(workers(jobs), games) if games else 1
    stream = _on_cluster(scheduler, path, options, seeds) if scheduler else None
    worker = Worker(_init_worker, (str(path), options), _play_seed)
    return play_seeds(worker, seeds, jobs, _seed_of, on_result, stream)


def _seed_of(result: GameResult) -> int:
    return result.seed


def _on_cluster(scheduler: str, path: str | Path, options: dict[str, Any], seeds: range) -> Iterator[GameResult]:
    """The games played on the Dask cluster; when the cluster goes away mid-run, the games it played are
    kept and the rest are played here, one process (the same seeds give the same games anywhere)."""
    from game.distributed import ClusterLost, play_on_cluster

    played: set[int] = set()
    try:
        for result in play_on_cluster(scheduler, play_one, load_scenario(str(path)), options, seeds):
            played.add(result.seed)
            yield result
    except ClusterLost as exc:
        left = [s for s in seeds if s not in played]
        print(
            f"\ndeadground simulate: {exc}; playing the {len(left)} games left here "
            "(Ctrl+C stops and reports the games played)",
            file=sys.stderr,
        )
        _init_worker(str(path), options)
        yield from (_play_seed(s) for s in left)


class ProgressBar:
    """``\\r[#####.....] 512/1000 games 85.3 games/s`` on stderr, redrawn a few times a second."""

    def __init__(self, total: int, out: TextIO | None = None, width: int = 30) -> None:
        self.total, self.out, self.width = total, out or sys.stderr, width
        self.start = time.perf_counter()
        self._last = 0.0

    def line(self, done: int) -> str:
        elapsed = max(1e-9, time.perf_counter() - self.start)
        filled = int(self.width * done / self.total) if self.total else self.width
        return f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} games {done / elapsed:.1f} games/s"

    def __call__(self, done: int, _result: GameResult | None = None) -> None:
        now = time.perf_counter()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        self.out.write(self.line(done))
        if done >= self.total:
            self.out.write("\n")
        self.out.flush()


# -- the report --------------------------------------------------------------------------


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 3) if values else 0.0


def _histogram(values: Iterable[float]) -> dict[str, int]:
    """How many times each value came up, by the value as text (a whole number without ".0")."""
    counts = Counter(values)
    return {str(int(k)) if float(k).is_integer() else str(k): counts[k] for k in sorted(counts)}


def _label(labels: dict[str, str], key: str) -> str:
    return labels.get(key, key)


def winner_keys(results: list[GameResult], labels: dict[str, str], seats: int = 4) -> list[str]:
    """Every side that can win: the rule set's ``wins.<key>`` labels in order (a ``player N`` only for the
    ``seats`` the map has), then any other winner seen."""
    keys = [k.removeprefix("wins.") for k in labels if k.startswith("wins.")]
    won = {r.winner for r in results}
    keys = [k for k in keys if k in won or not _seat_beyond(k, seats)]
    seen = sorted({r.winner for r in results if r.winner and r.winner not in keys})
    return keys + seen


def _seat_beyond(key: str, seats: int) -> bool:
    """Whether ``key`` is a player's seat the map does not have (``player 3`` on a two-player map)."""
    word, _, number = key.partition(" ")
    return word == "player" and number.isdigit() and int(number) > seats


def _players_max(scenario: Scenario) -> int:
    try:
        return int(scenario.properties.get("players_max", 4))
    except (TypeError, ValueError):
        return 4


def build_report(
    results: list[GameResult], scenario: Scenario, options: dict[str, Any], seed: int, seconds: float, jobs: int
) -> dict[str, Any]:
    """The balance report as JSON-ready data (see maps/README.md, "Tuning with the simulator").

    ``wins`` by winner key (and ``none``), the human side's ``win_rate`` with its Wilson interval
    ``win_rate_ci95``, ``seats`` (each human player's wins and rate) when players race each other,
    ``turns`` (all and by winner), ``figures`` (each averaged, with a histogram) and ``lists``
    (all games' values in one histogram), with the rule set's words in ``labels``.
    """
    labels = dict(get_ruleset(scenario.ruleset).outcome_labels)
    games = len(results)
    finished = [r for r in results if not r.error]
    winners = winner_keys(results, labels, _players_max(scenario))
    for key in winners:  # every winner and the human side get words, the rule set's or plain ones
        labels.setdefault(f"wins.{key}", f"Won by {key}")
    labels.setdefault("human", "Players'")
    wins = {k: sum(r.winner == k for r in results) for k in winners}
    human_wins = sum(r.human_win for r in results)
    turns = [r.turns for r in finished]
    lo, hi = win_rate_ci95(human_wins, games)
    report: dict[str, Any] = {
        "scenario": {
            "path": scenario.path,
            "title": scenario.title,
            "ruleset": scenario.ruleset,
            "hash": scenario.content_hash,
        },
        "options": options,
        "played": next((r.played for r in results if r.played), {}),
        "games": games,
        "seed": seed,
        "seeds": [seed, seed + games - 1] if games else [],
        "labels": labels,
        "wins": {**wins, "none": games - sum(wins.values())},
        "win_rate": round(human_wins / games, 4) if games else 0.0,
        "win_rate_ci95": [lo, hi],
        "turns_median": statistics.median(turns) if turns else 0,
        "turns_mean": _mean(turns),
        "turns": {"all": _histogram(turns)}
        | {k: _histogram(r.turns for r in finished if r.winner == k) for k in winners},
        "figures": {
            key: {
                "label": _label(labels, key),
                "mean": _mean([r.figures[key] for r in finished if key in r.figures]),
                "histogram": _histogram(r.figures[key] for r in finished if key in r.figures),
            }
            for key in _keys(r.figures for r in finished)
        },
        "lists": {
            key: {
                "label": _label(labels, key),
                "mean": _mean(values),
                "count": len(values),
                "histogram": _histogram(values),
            }
            for key in _keys(r.lists for r in finished)
            for values in [[v for r in finished for v in r.lists.get(key, ())]]
        },
        "reasons": dict(Counter(r.reason for r in finished if r.reason).most_common()),
        "errors": [{"seed": r.seed, "error": r.error} for r in results if r.error],
        "time_s": round(seconds, 3),
        "games_per_s": round(games / seconds, 2) if seconds > 0 else 0.0,
        "jobs": jobs,
    }
    ground = ground_report(results, scenario, labels)
    if ground:
        report["ground"] = ground
    seats = sorted({r.seat for r in results if r.seat})
    if seats:  # players race each other: each one's wins and rate
        report["seats"] = {
            str(p): {
                "wins": (n := sum(r.seat == p for r in results)),
                "win_rate": round(n / games, 4),
                "win_rate_ci95": list(win_rate_ci95(n, games)),
            }
            for p in seats
        }
    return report


def ground_report(results: list[GameResult], scenario: Scenario, labels: dict[str, str]) -> dict[str, Any]:
    """Where the players' figures died and stalled over every game (an inch grid over the table, for the
    heat maps, and its hot spots in inches) and the nearest approach to the objective (median, mean,
    how many games reached it); {} when the rule set tells none of it.

    Games stopped by an error count too: where a figure fell is where it fell."""
    if not any(r.died or r.stalled or r.nearest is not None or r.arrivals for r in results):
        return {}
    human = labels.get("human", "Players'")
    w, h = scenario.width, scenario.height
    out: dict[str, Any] = {
        "table": [w, h],
        "cell": 1.0,
        "objective": next((r.objective for r in results if r.objective), ""),
    }
    for key, words in (("died", "died"), ("stalled", "stalled")):
        points = [p for r in results for p in getattr(r, key)]
        out[key] = {
            "label": f"Where {human} figures {words}",
            "count": len(points),
            "grid": grid(points, w, h),
            "hot_spots": hot_spots(points, w, h, scenario),
        }
    games = max(1, len(results))
    out["stalled"]["causes"] = stall_causes(results, games)
    if out["objective"]:
        out["approach"] = approach([r.nearest for r in results], [r.reached for r in results])
        out["distances"] = distance_row(results)
    fallen = bystanders(results, scenario)
    if fallen:
        out["bystanders"] = fallen
    came = arrivals(results, games)
    if came:
        out["arrivals"] = came
    return out


def _keys(dicts: Iterable[dict[str, Any]]) -> list[str]:
    """The keys of ``dicts`` in the order they first appear."""
    out: dict[str, None] = {}
    for d in dicts:
        out.update(dict.fromkeys(d))
    return list(out)


SHOWN_REASONS = 4  # end reasons the printout lists, most common first


def format_report(report: dict[str, Any]) -> str:
    """The report as text for the terminal."""
    sc, w, labels = report["scenario"], report["wins"], report.get("labels", {})
    lo, hi = report["win_rate_ci95"]
    human = labels.get("human", "Players'")
    lines = [
        f"{sc['title']} ({sc['ruleset']}): {report['games']} games, seeds {report['seeds'][0]}..{report['seeds'][-1]}"
        if report["games"]
        else f"{sc['title']}: no games",
    ]
    if report.get("stopped"):
        lines[0] += f" ({report['stopped']})"
    options = report.get("options") or {}
    mods = options.get("mods")
    if mods and isinstance(mods, list):  # Zombie 40,000 mods played (--mods)
        lines[0] += f", mods {', '.join(map(str, mods))}"
    if options:  # what the run played, to play it again
        lines.append(f"  --options '{json.dumps(options)}'")
    lines += played_lines(report)
    rows = [(_label(labels, "wins." + key), f"{n}") for key, n in w.items() if key != "none"]
    rows.append((f"{human} win rate", f"{report['win_rate']:.1%} (95% CI {lo:.1%} .. {hi:.1%})"))
    for seat, s in report.get("seats", {}).items():
        slo, shi = s["win_rate_ci95"]
        rows.append((f"Player {seat} wins", f"{s['wins']}, {s['win_rate']:.1%} (95% CI {slo:.1%} .. {shi:.1%})"))
    rows.append(("Turns", f"median {report['turns_median']}, mean {report['turns_mean']}"))
    rows += [(f["label"], f"{f['mean']} per game") for f in report.get("figures", {}).values()]
    rows += [
        (f["label"], f"{f['mean']} on average ({f['count']} in all)") for f in report.get("lists", {}).values()
    ]
    width = max(len(label) for label, _ in rows)
    lines += [f"  {label:<{width}}  {text}" for label, text in rows]
    lines += ground_lines(report)
    reasons = list(report["reasons"].items())
    for reason, n in reasons[:SHOWN_REASONS]:
        lines.append(f"  {n:>6} x {reason}")
    if len(reasons) > SHOWN_REASONS:  # said, so a designer knows the list is cut and where the rest is
        rest = sum(n for _, n in reasons[SHOWN_REASONS:])
        lines.append(
            f"  {SHOWN_REASONS} of {len(reasons)} end reasons shown; {len(reasons) - SHOWN_REASONS} more "
            f"({rest} games) in report.json (--report DIR)"
        )
    if report["errors"]:
        lines.append(
            f"  {len(report['errors'])} games raised an error, e.g. seed {report['errors'][0]['seed']}: "
            f"{report['errors'][0]['error']}"
        )
    lines.append(f"  {report['time_s']} s, {report['games_per_s']} games/s on {report['jobs']} job(s)")
    return "\n".join(lines)


def played_lines(report: dict[str, Any]) -> list[str]:
    """The options and mods the games played, as the rules settled them ("mods: none" where the rule
    set has mods and none was on)."""
    played = dict(report.get("played") or {})
    if not played:
        return []
    mods = played.pop("mods", None)
    lines = []
    if played:
        lines.append("  Options played: " + ", ".join(f"{k} {json.dumps(v)}" for k, v in played.items()))
    if mods is not None:
        lines.append("  Mods played: " + (", ".join(mods) if mods else "none"))
    return lines


def ground_lines(report: dict[str, Any]) -> list[str]:
    """The report's lines on the nearest approach and the hot spots of deaths and stalls (in inches)."""
    ground = report.get("ground")
    if not ground:
        return []
    lines = []
    a = ground.get("approach")
    if a and a["games"]:
        lines.append(
            f'  Nearest approach to {ground["objective"]}: median {a["median"]:g}", mean {a["mean"]:g}"; '
            f"reached in {a['reached']} of {a['games']} games ({a['reached_share']:.0%})"
        )
    games = max(1, report.get("games", 1))
    for key in ("died", "stalled"):
        part = ground[key]
        head = f"  {part['label']} ({part['count']}, {part['count'] / games:.1f} a game)"
        spots = part["hot_spots"]
        lines.append(head + (": most at " + "; ".join(spot_words(s) for s in spots) if spots else ": nowhere"))
    return lines + why_lines(ground, games)


# draws the report as a picture at a path and returns it (the CLI hands in the UI's; pygame lives there)
Picture = Callable[[dict[str, Any], Path], Path]
# draws the heat maps over the table picture into a folder and returns the files written
HeatPicture = Callable[[dict[str, Any], Path], list[Path]]


def write_report(
    report: dict[str, Any], folder: str | Path, picture: Picture | None = None, heat: HeatPicture | None = None
) -> tuple[Path, Path | None, list[Path]]:
    """Write ``report.json`` and, given a ``picture`` drawer, ``report.png`` into ``folder``; given a
    ``heat`` drawer and a report with deaths and stalls, the heat maps beside them."""
    from game.saves import write_atomic

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    json_path = folder / "report.json"
    write_atomic(json_path, json.dumps(report, indent=1).encode("utf-8"))
    png = picture(report, folder / "report.png") if picture is not None else None
    heats = heat(report, folder) if heat is not None and report.get("ground") else []
    return json_path, png, heats


def setup_defaults(scenario: Scenario, seed: int = 1) -> dict[str, Any] | None:
    """The options the rule set's set-up starts from (what pressing Begin plays), when the rules accept
    them; None when there are none or they are refused too."""
    from game.startcheck import start_options

    ruleset = get_ruleset(scenario.ruleset)
    try:
        options = start_options(ruleset, scenario)[0]
        ruleset.new_game(scenario, dict(options), seed)
    except Exception:  # any start error: main says it as "Cannot start"
        return None
    return options or None


def main(
    map_path: str,
    games: int = 100,
    seed: int = 1,
    jobs: int | None = 1,
    report: str | None = None,
    options: str | dict[str, Any] | None = None,
    mods: list[str] | None = None,
    progress: bool = True,
    picture: Picture | None = None,
    scheduler: str | None = None,
    heat: HeatPicture | None = None,
) -> int:
    """``deadground simulate``: run, print, write (``report.png`` with ``picture``). Bad input gets a
    message and exit code 2. ``jobs`` None is :func:`default_jobs`."""
    path = Path(map_path)
    try:
        scenario = load_scenario(str(path))
    except ScenarioError as exc:
        print(f"deadground simulate: {path} is not a playable scenario:\n{exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"deadground simulate: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        get_ruleset(scenario.ruleset)
        bot_for(scenario.ruleset)
    except KeyError as exc:
        print(f"deadground simulate: {path.name} cannot be simulated: {exc.args[0]}", file=sys.stderr)
        return 2
    if isinstance(options, str):
        from game.options_json import OptionsJSONError, read_options

        try:
            options = read_options(options)
        except OptionsJSONError as exc:
            print(f"deadground simulate: {exc}", file=sys.stderr)
            return 2
    options = dict(options or {})
    if mods:  # --mods coop,t_virus: the Zombie 40,000 mods, into the options
        options["mods"] = list(mods)
    try:
        get_ruleset(scenario.ruleset).new_game(scenario, dict(options), seed)
    except Exception as exc:  # the rules' refusal, or a fault a map or roster reveals: said, never a traceback
        found = None if options else setup_defaults(scenario, seed)
        if found is None:
            refused = "the options are refused: " if options else ""
            print(f"deadground simulate: Cannot start: {refused}{start_error(exc)}", file=sys.stderr)
            return 2
        options = found
        print(
            f"deadground simulate: {scenario.ruleset} needs options ({exc}); playing the set-up's defaults: "
            f"--options '{json.dumps(options)}'",
            file=sys.stderr,
        )
    refused = _report_folder_refused(report)
    if refused:  # said before the games are played, not after
        print(f"deadground simulate: cannot write the report to {report}: {refused}", file=sys.stderr)
        return 2
    if jobs is None:
        jobs = default_jobs(games)
    jobs_used = workers(jobs)
    # a bar redrawn with \r only on a terminal: a log file or a pipe gets the report alone
    bar = ProgressBar(games) if progress and sys.stderr.isatty() else None
    start = time.perf_counter()
    stopped = False
    try:
        results = run(path, games, seed, jobs, options, on_result=bar, scheduler=scheduler)
    except RunStopped as stop:  # Ctrl+C: the report of the games played so far
        results, stopped = stop.results, True
    except (RuntimeError, OSError) as exc:  # DaskMissing, or no scheduler at that address
        if not scheduler:
            raise
        print(f"deadground simulate: {exc}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    data = build_report(results, scenario, options, seed, seconds, jobs_used)
    if stopped:
        _mark_stopped(data, results, games)
    print(format_report(data))
    if report:
        try:
            json_path, png_path, heat_paths = write_report(data, report, picture, heat)
        except OSError as exc:
            print(f"deadground simulate: cannot write the report to {report}: {exc}", file=sys.stderr)
            return 1
        written = [str(p) for p in (json_path, png_path, *heat_paths) if p]
        print("Report: " + ", ".join(written))
    return 130 if stopped else 0


def _report_folder_refused(report: str | None) -> str:
    """Why the ``--report`` folder cannot be written ("" when it can, or none is asked for)."""
    if not report:
        return ""
    folder = Path(report)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return exc.strerror or str(exc)
    return "" if os.access(folder, os.W_OK) else "the folder is not writable"


def _mark_stopped(data: dict[str, Any], results: list[GameResult], games: int) -> None:
    """A report cut short by Ctrl+C says so, with the seeds it has (a pool finishes them out of order)."""
    data["stopped"] = f"stopped by Ctrl+C after {len(results)} of {games} games"
    if results:
        data["seeds"] = [results[0].seed, results[-1].seed]
    print(f"\ndeadground simulate: {data['stopped']}; the report is of those games", file=sys.stderr)
