"""``deadground simulate CAMPAIGN.toml --games N --seed S [--jobs J]``: whole campaigns played by the bots,
chapter after chapter with the carried force, and the report a campaign designer balances by: how often a
campaign ends in victory (with its Wilson 95% interval), where campaigns end, and how the force wears down
chapter by chapter. Campaign k plays with seed S+k (its chapters with :func:`chapter_seed`), so any
campaign of a run can be played again alone; each game is the map simulator's (:func:`play_out`).

>>> r = CampaignResult(3, "defeat", (ChapterRow("well", "win", 1, 1), ChapterRow("mill", "lose", 1, 0)))
>>> r.end
('mill', 'lose', 'defeat')
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import bot_for
from game.campaign.model import Campaign, CampaignError, load_campaign
from game.campaign.progress import chapter_options, default_setup, finish_chapter, new_progress
from game.pool import RunStopped, Worker, play_seeds
from game.rules.core import start_error
from game.simulate import ProgressBar, default_jobs, play_out, win_rate_ci95, workers


@dataclass(frozen=True)
class ChapterRow:
    """One chapter of a simulated campaign: its outcome and the living veterans going in and coming out."""

    chapter: str
    outcome: str
    going_in: int
    after: int


@dataclass(frozen=True)
class CampaignResult:
    """What one simulated campaign came to: ``ending`` "victory", "defeat" or "error" (``error`` says why,
    with the chapter and its seed), and its chapters played."""

    seed: int
    ending: str
    chapters: tuple[ChapterRow, ...]
    error: str = ""

    @property
    def end(self) -> tuple[str, str, str]:
        """Where it ended: the last chapter, its outcome and the ending ("" for a campaign that never began)."""
        last = self.chapters[-1] if self.chapters else ChapterRow("", "", 0, 0)
        return last.chapter, last.outcome, self.ending


def play_campaign(campaign: Campaign, seed: int, setup: dict[str, Any] | None = None) -> CampaignResult:
    """One campaign played to its end by the bots; an error (a chapter that cannot start, a game that
    breaks or never ends) ends it as "error", said with the chapter and its seed."""
    rows: list[ChapterRow] = []
    try:
        progress = new_progress(campaign, seed, default_setup(campaign) if setup is None else setup)
    except Exception as exc:  # a first map gone bad, a rule set this process does not have
        return CampaignResult(seed, "error", (), f"the set-up: {start_error(exc)}")
    while not progress.over:
        try:
            chapter, scenario, options, chapter_seed = chapter_options(campaign, progress)
        except Exception as exc:  # the rule set's refusal (no room for the force) or a map gone bad
            return CampaignResult(seed, "error", tuple(rows), f"chapter {progress.next!r}: {start_error(exc)}")
        game, error = play_out(scenario, options, chapter_seed)
        if game is None or error:
            return CampaignResult(
                seed, "error", tuple(rows), f"chapter {chapter.id!r}, seed {chapter_seed}: {error}"
            )
        going_in = len(progress.force.living) if progress.force is not None else -1
        progress = finish_chapter(campaign, progress, game)
        force, outcome = progress.played[-1].force, progress.played[-1].outcome
        rows.append(
            ChapterRow(chapter.id, outcome, going_in if going_in >= 0 else len(force.veterans), len(force.living))
        )
    return CampaignResult(seed, progress.next, tuple(rows))


# -- running many ------------------------------------------------------------------------------------

_worker: dict[str, Any] = {}


def _init_worker(campaign: Campaign, setup: dict[str, Any] | None) -> None:
    """A worker keeps the campaign as read (nothing here can fail: a failing start-up would be retried by
    the pool for ever)."""
    _worker["campaign"], _worker["setup"] = campaign, setup


def _play_seed(seed: int) -> CampaignResult:
    return play_campaign(_worker["campaign"], seed, _worker["setup"])


def _seed_of(result: CampaignResult) -> int:
    return result.seed


def run(
    campaign: Campaign,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    setup: dict[str, Any] | None = None,
    on_result: Callable[[int, CampaignResult], None] | None = None,
) -> list[CampaignResult]:
    """Play ``games`` campaigns (seeds seed .. seed+games-1) on ``jobs`` processes (0: every core), sorted
    by seed, so a run is the same on any number of jobs. Ctrl+C ends the run with the campaigns played."""
    jobs = min(workers(jobs), max(1, games))
    if setup is None and jobs > 1:  # worked out once, here, where the rule sets are known
        setup = default_setup(campaign)
    worker = Worker(_init_worker, (campaign, setup), _play_seed)
    try:
        return play_seeds(worker, range(seed, seed + games), jobs, _seed_of, on_result)
    except RunStopped as stop:
        print(
            f"\ndeadground simulate: stopped by Ctrl+C after {len(stop.results)} of {games} campaigns",
            file=sys.stderr,
        )
        return stop.results


# -- the report --------------------------------------------------------------------------------------


def build_report(
    campaign: Campaign, results: list[CampaignResult], seed: int, seconds: float, jobs: int
) -> dict[str, Any]:
    """The campaign report as JSON-ready data: ``victories`` and ``win_rate`` with its ``win_rate_ci95``,
    ``ends`` (how many campaigns ended at each chapter with each outcome and ending) and ``chapters`` (per
    chapter in the file's order: times played, its outcomes, the living veterans going in and after, mean)."""
    games = len(results)
    wins = sum(r.ending == "victory" for r in results)
    ends = Counter(r.end for r in results)
    return {
        "campaign": {
            "path": str(campaign.path),
            "title": campaign.title,
            "ruleset": campaign.ruleset,
            "hash": campaign.content_hash,
        },  # fmt: skip
        "games": games,
        "seeds": [results[0].seed, results[-1].seed] if results else [seed, seed - 1],
        "victories": wins,
        "defeats": sum(r.ending == "defeat" for r in results),
        "win_rate": round(wins / games, 4) if games else 0.0,
        "win_rate_ci95": list(win_rate_ci95(wins, games)),
        "ends": [{"chapter": c, "outcome": o, "ending": e, "campaigns": n} for (c, o, e), n in ends.most_common()],
        "chapters": [_chapter_figures(cid, results) for cid in campaign.chapters],
        "errors": [{"seed": r.seed, "error": r.error} for r in results if r.error],
        "time_s": round(seconds, 3),
        "jobs": jobs,
    }


def _chapter_figures(cid: str, results: list[CampaignResult]) -> dict[str, Any]:
    rows = [row for r in results for row in r.chapters if row.chapter == cid]
    return {
        "chapter": cid,
        "played": len(rows),
        "outcomes": dict(Counter(row.outcome for row in rows).most_common()),
        "living_in": round(statistics.fmean(row.going_in for row in rows), 2) if rows else None,
        "living_after": round(statistics.fmean(row.after for row in rows), 2) if rows else None,
    }


def format_report(report: dict[str, Any], campaign: Campaign) -> str:
    """The report as text for the terminal, in the map simulator's manner."""
    c, games = report["campaign"], report["games"]
    lo, hi = report["win_rate_ci95"]
    lines = [
        f"{c['title']} ({c['ruleset']}): {games} campaigns, seeds {report['seeds'][0]}..{report['seeds'][-1]}"
    ]
    lines += [
        f"  Victories         {report['victories']}, {report['win_rate']:.1%} (95% CI {lo:.1%} .. {hi:.1%})",
        f"  Defeats           {report['defeats']}",
        "  Where campaigns end:",
    ]
    lines += [f"    {e['campaigns']:>6} x {_end_words(e, campaign)}" for e in report["ends"]]
    lines.append("  The force chapter by chapter (living veterans, mean):")
    width = max(len(campaign.chapters[row["chapter"]].title) for row in report["chapters"])
    for row in report["chapters"]:
        title = campaign.chapters[row["chapter"]].title
        if not row["played"]:
            lines.append(f"    {title:<{width}}  never played")
            continue
        outcomes = ", ".join(f"{k} {n}" for k, n in row["outcomes"].items())
        lines.append(f"    {title:<{width}}  played {row['played']:>5}, {row['living_in']:g} in, "
                     f"{row['living_after']:g} after ({outcomes})")  # fmt: skip
    if report["errors"]:
        first = report["errors"][0]
        lines.append(
            f"  {len(report['errors'])} campaigns raised an error, e.g. seed {first['seed']}: {first['error']}"
        )
    lines.append(f"  {report['time_s']} s on {report['jobs']} job(s)")
    return "\n".join(lines)


def _end_words(end: dict[str, Any], campaign: Campaign) -> str:
    """``defeat after "At the mill" (lose)``, or ``error at the start``."""
    chapter = campaign.chapters.get(end["chapter"])
    if chapter is None:
        return f"{end['ending']} before the first chapter was played"
    return f'{end["ending"]} after "{chapter.title}" ({end["outcome"]})'


def main(
    path: str,
    games: int = 100,
    seed: int = 1,
    jobs: int | None = None,
    options: str | None = None,
    progress: bool = True,
    report: str | None = None,
) -> int:
    """``deadground simulate CAMPAIGN.toml``: run, print, and with ``report`` write ``report.json`` there.
    ``options`` (JSON) are the first chapter's set-up, as the map simulator's are. Bad input: exit code 2."""
    try:
        campaign = load_campaign(path)
    except CampaignError as exc:
        print(f"deadground simulate: {path} is not a playable campaign:\n{exc}", file=sys.stderr)
        return 2
    try:
        bot_for(campaign.ruleset)
    except KeyError as exc:
        print(f"deadground simulate: {Path(path).name} cannot be simulated: {exc.args[0]}", file=sys.stderr)
        return 2
    setup = None
    if options:
        from game.options_json import OptionsJSONError, read_options

        try:
            setup = {**default_setup(campaign), **read_options(options)}
        except OptionsJSONError as exc:
            print(f"deadground simulate: {exc}", file=sys.stderr)
            return 2
    jobs = default_jobs(games) if jobs is None else jobs
    bar = ProgressBar(games) if progress and sys.stderr.isatty() else None
    start = time.perf_counter()
    results = run(campaign, games, seed, jobs, setup, on_result=(lambda done, _r: bar(done)) if bar else None)
    data = build_report(campaign, results, seed, time.perf_counter() - start, workers(jobs))
    print(format_report(data, campaign))
    if report:
        from game.saves import write_atomic

        try:
            write_atomic(Path(report) / "report.json", json.dumps(data, indent=1).encode("utf-8"))
        except OSError as exc:
            print(
                f"deadground simulate: cannot write the report to {report}: {exc.strerror or exc}", file=sys.stderr
            )
            return 1
        print(f"Report: {Path(report) / 'report.json'}")
    return 0 if len(results) == games else 130
