"""The balance simulator: many bot games headless, and the report a scenario designer tunes by.

``deadground simulate MAP --games N --seed S [--jobs J] [--report DIR]`` plays game k with seed
S+k (so any game of the run can be replayed alone), on J worker processes, and prints the report;
with ``--report`` it also writes ``DIR/report.json`` and ``DIR/report.png``.

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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from game.ai import bot_for
from game.rules.core import get_ruleset
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Scenario

ALLIES, ZOMBIES = "allies", "zombies"
MAX_COMMANDS = 5000  # a game that has not ended by then is stuck (a bot or rules bug): recorded, not looped on


@dataclass(frozen=True)
class GameResult:
    """What one simulated game came to (plain data, sent back from worker processes)."""

    seed: int
    winner: str  # allies | zombies | "" (error or stuck)
    turns: int
    commands: int
    soldiers: int  # Allied figures at the start
    soldiers_lost: int  # dead
    soldiers_out: int  # left by the exit
    zombies: int
    zombies_killed: int
    survivors_guts: tuple[int, ...] = ()  # GUTS of each Allied figure alive at the end (on the table or out)
    survivors_guts_start: tuple[int, ...] = ()
    reason: str = ""
    error: str = ""


def play_one(scenario: Scenario, options: dict[str, Any], seed: int) -> GameResult:
    """One bot game to the end; an error in the rules or the bot is recorded with its seed."""
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
    if game is None:
        return GameResult(seed, "", 0, 0, 0, 0, 0, 0, 0, error=error)
    return measure(game, seed, error)


def measure(game: Any, seed: int, error: str = "") -> GameResult:
    """The figures of a finished game, read from its plain state (figures with side, state, GUTS)."""
    data = game.state_data()
    figures = data.get("figures", [])
    allied = [f for f in figures if f.get("side") == ALLIES]
    zombies = [f for f in figures if f.get("side") == ZOMBIES]
    alive = [f for f in allied if f.get("state") != "dead"]
    return GameResult(
        seed=seed,
        winner=(game.winner or "") if not error else "",
        turns=int(data.get("turn", 0)),
        commands=len(game.commands),
        soldiers=len(allied),
        soldiers_lost=sum(f.get("state") == "dead" for f in allied),
        soldiers_out=sum(f.get("state") == "exited" for f in allied),
        zombies=len(zombies),
        zombies_killed=sum(f.get("state") == "dead" for f in zombies),
        survivors_guts=tuple(int(f.get("guts", 0)) for f in alive),
        survivors_guts_start=tuple(int(f.get("guts_start", 0)) for f in alive),
        reason=str(data.get("reason", "")),
        error=error,
    )


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
    sorted by seed, so a run is the same whatever the number of jobs.
    """
    options = dict(options or {})
    seeds = range(seed, seed + games)
    jobs = (os.cpu_count() or 1) if jobs == 0 else max(1, jobs)
    jobs = min(jobs, games) if games else 1
    results: list[GameResult] = []
    if scheduler:
        from game.distributed import play_on_cluster

        stream = play_on_cluster(scheduler, load_scenario(path), options, seeds)
        pool = None
    elif jobs == 1:
        _init_worker(str(path), options)
        stream: Iterable[GameResult] = (_play_seed(s) for s in seeds)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(
            jobs, initializer=_init_worker, initargs=(str(path), options)
        )
        stream = pool.imap_unordered(_play_seed, seeds, chunksize=max(1, min(8, games // (jobs * 8) or 1)))
    try:
        for result in stream:
            results.append(result)
            if on_result is not None:
                on_result(len(results), result)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return sorted(results, key=lambda r: r.seed)


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


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 3) if values else 0.0


def _histogram(values: Iterable[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


def build_report(
    results: list[GameResult], scenario: Scenario, options: dict[str, Any], seed: int, seconds: float, jobs: int
) -> dict[str, Any]:
    """The balance report as JSON-ready data (see maps/README.md, "Tuning with the simulator")."""
    games = len(results)
    finished = [r for r in results if not r.error]
    allied_wins = sum(r.winner == ALLIES for r in results)
    zombie_wins = sum(r.winner == ZOMBIES for r in results)
    turns = [r.turns for r in finished]
    lo, hi = win_rate_ci95(allied_wins, games)
    guts = [g for r in finished for g in r.survivors_guts]
    guts_change = [g - s for r in finished for g, s in zip(r.survivors_guts, r.survivors_guts_start)]
    report: dict[str, Any] = {
        "scenario": {
            "path": scenario.path,
            "title": scenario.title,
            "ruleset": scenario.ruleset,
            "hash": scenario.content_hash,
        },
        "options": options,
        "games": games,
        "seed": seed,
        "seeds": [seed, seed + games - 1] if games else [],
        "wins": {ALLIES: allied_wins, ZOMBIES: zombie_wins, "none": games - allied_wins - zombie_wins},
        "win_rate": round(allied_wins / games, 4) if games else 0.0,
        "win_rate_ci95": [lo, hi],
        "turns_median": statistics.median(turns) if turns else 0,
        "turns_mean": _mean(turns),
        "turns": {
            "all": _histogram(turns),
            ALLIES: _histogram(r.turns for r in finished if r.winner == ALLIES),
            ZOMBIES: _histogram(r.turns for r in finished if r.winner == ZOMBIES),
        },
        "losses": {
            ALLIES: {
                "soldiers": _mean([r.soldiers for r in finished]),
                "lost_mean": _mean([r.soldiers_lost for r in finished]),
                "out_mean": _mean([r.soldiers_out for r in finished]),
                "lost": _histogram(r.soldiers_lost for r in finished),
            },
            ZOMBIES: {
                "zombies": _mean([r.zombies for r in finished]),
                "killed_mean": _mean([r.zombies_killed for r in finished]),
                "killed": _histogram(r.zombies_killed for r in finished),
            },
        },
        "reasons": dict(Counter(r.reason for r in finished if r.reason).most_common()),
        "errors": [{"seed": r.seed, "error": r.error} for r in results if r.error],
        "time_s": round(seconds, 3),
        "games_per_s": round(games / seconds, 2) if seconds > 0 else 0.0,
        "jobs": jobs,
    }
    if scenario.ruleset == "zombiekrieg":
        report["survivors_guts"] = {
            "mean": _mean(guts),
            "change_mean": _mean(guts_change),
            "histogram": _histogram(guts),
            "survivors": len(guts),
        }
    return report


def format_report(report: dict[str, Any]) -> str:
    """The report as text for the terminal."""
    sc, w = report["scenario"], report["wins"]
    lo, hi = report["win_rate_ci95"]
    a, z = report["losses"][ALLIES], report["losses"][ZOMBIES]
    lines = [
        f"{sc['title']} ({sc['ruleset']}): {report['games']} games, seeds {report['seeds'][0]}..{report['seeds'][-1]}"
        if report["games"]
        else f"{sc['title']}: no games",
        f"  Allied wins   {w[ALLIES]:>6}   win rate {report['win_rate']:.1%} (95% CI {lo:.1%} .. {hi:.1%})",
        f"  Zombie wins   {w[ZOMBIES]:>6}",
        f"  Turns         median {report['turns_median']}, mean {report['turns_mean']}",
        f"  Allied losses {a['lost_mean']} of {a['soldiers']} soldiers per game ({a['out_mean']} got out)",
        f"  Zombies       {z['killed_mean']} of {z['zombies']} killed per game",
    ]
    if "survivors_guts" in report:
        g = report["survivors_guts"]
        lines.append(f"  Survivors     GUTS {g['mean']} on average ({g['change_mean']:+} since the start)")
    for reason, n in list(report["reasons"].items())[:4]:
        lines.append(f"  {n:>6} x {reason}")
    if report["errors"]:
        lines.append(
            f"  {len(report['errors'])} games raised an error, e.g. seed {report['errors'][0]['seed']}: "
            f"{report['errors'][0]['error']}"
        )
    lines.append(f"  {report['time_s']} s, {report['games_per_s']} games/s on {report['jobs']} job(s)")
    return "\n".join(lines)


def write_report(report: dict[str, Any], folder: str | Path) -> tuple[Path, Path | None]:
    """Write ``report.json`` and (if pygame can draw) ``report.png`` into ``folder``."""
    from game.saves import write_atomic

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    json_path = folder / "report.json"
    write_atomic(json_path, json.dumps(report, indent=1).encode("utf-8"))
    try:
        from game.ui.sim_report import write_png  # pygame lives in the ui layer only
    except ImportError as exc:
        print(f"deadground simulate: no chart ({exc}); report.json written", file=sys.stderr)
        return json_path, None
    return json_path, write_png(report, folder / "report.png")


def main(
    map_path: str,
    games: int = 100,
    seed: int = 1,
    jobs: int = 1,
    report: str | None = None,
    options: str | dict[str, Any] | None = None,
    progress: bool = True,
    scheduler: str | None = None,
) -> int:
    """``deadground simulate``: run, print, write. Bad input gets a message and exit code 2."""
    path = Path(map_path)
    try:
        scenario = load_scenario(path)
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
        try:
            options = json.loads(options)
        except json.JSONDecodeError as exc:
            print(f"deadground simulate: --options is not JSON: {exc}", file=sys.stderr)
            return 2
        if not isinstance(options, dict):
            print(
                'deadground simulate: --options must be a JSON object, e.g. \'{"sections": ["british"]}\'',
                file=sys.stderr,
            )
            return 2
    options = dict(options or {})
    try:
        get_ruleset(scenario.ruleset).new_game(scenario, dict(options), seed)
    except (ValueError, TypeError, KeyError) as exc:
        print(f"deadground simulate: the options are refused: {exc}", file=sys.stderr)
        return 2
    jobs_used = (os.cpu_count() or 1) if jobs == 0 else max(1, jobs)
    bar = ProgressBar(games) if progress else None
    start = time.perf_counter()
    try:
        results = run(path, games, seed, jobs, options, on_result=bar, scheduler=scheduler)
    except (RuntimeError, OSError) as exc:  # DaskMissing, or no scheduler at that address
        if not scheduler:
            raise
        print(f"deadground simulate: {exc}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    data = build_report(results, scenario, options, seed, seconds, jobs_used)
    print(format_report(data))
    if report:
        try:
            json_path, png_path = write_report(data, report)
        except OSError as exc:
            print(f"deadground simulate: cannot write the report to {report}: {exc}", file=sys.stderr)
            return 1
        print(f"Report: {json_path}" + (f" and {png_path}" if png_path else ""))
    return 0
