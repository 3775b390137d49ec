"""``deadground replay RUN.json`` for a campaign run: each chapter replayed from its map, options, seed and
commands, and checked against what the run recorded (its outcome, the force it left, the force the next
chapter began with, and with the campaign file the way its outcomes led).

>>> import io
>>> main("no/such/run.json", io.StringIO())
2
"""

from __future__ import annotations

import sys
from typing import Any

from game.campaign.model import Campaign, CampaignError
from game.campaign.progress import Progress, load_progress_campaign, read_progress, verify_progress
from game.saves import SaveError


def summary(progress: Progress, campaign: Campaign | None) -> list[str]:
    """The run in a few lines: its campaign, and each chapter's outcome and the living after it."""
    title = campaign.title if campaign is not None else progress.campaign_path
    ending = f"ended in {progress.next}" if progress.over else f"next: {progress.next!r}"
    lines = [
        f"{title} ({progress.ruleset}), seed {progress.seed}: {len(progress.played)} chapter(s) played, {ending}"
    ]
    for n, played in enumerate(progress.played, 1):
        chapter = campaign.chapters.get(played.chapter_id) if campaign is not None else None
        name = f"{chapter.title} ({played.chapter_id})" if chapter is not None else repr(played.chapter_id)
        winner = f" ({played.winner})" if played.winner else ""
        lines.append(f"  {n}. {name}: {played.outcome}{winner}, {len(played.commands)} commands, "
                     f"{len(played.force.living)} of {len(played.force.veterans)} living after")  # fmt: skip
    return lines


def main(path: str, out: Any = None) -> int:
    """Print the run and verify it: 0 when every chapter replays as recorded, 1 when not, 2 for a file
    that cannot be read."""
    out = out or sys.stdout
    try:
        progress = read_progress(path)
    except SaveError as exc:
        print(f"deadground replay: {exc}", file=sys.stderr)
        return 2
    campaign = None
    try:
        campaign = load_progress_campaign(progress)
    except CampaignError as exc:
        print(f"(the way through the campaign is not checked: {str(exc).splitlines()[0]})", file=out)
    print("\n".join(summary(progress, campaign)), file=out)
    problems = verify_progress(progress, campaign)
    for line in problems:
        print(f"  NOT REPRODUCED: {line}", file=out)
    print("Verified: every chapter replays to its outcome and force" if not problems else
          f"NOT REPRODUCED: {len(problems)} problem(s)", file=out)  # fmt: skip
    return 1 if problems else 0
