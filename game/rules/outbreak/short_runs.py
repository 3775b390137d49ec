"""Why a bystander's run stopped short, for the log: "Shop assistant moves 1.2" (of 8"): stopped by the
Churchyard wall". A bystander flees his whole allowance unless something stops him; the event says only how
far he went, so the log looks a hair past where he stopped (walls and the table edge stay put)."""

from __future__ import annotations

import math
from collections.abc import Callable

from game.rules.outbreak import events as ev
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.state import BYSTANDERS
from game.table.wording import in_words

PROBE = 0.75  # how far past the stop to look for what stopped him, in inches
SHORT = 0.25  # a run this much under its allowance stopped short


def _allowance(game: OutbreakGame, i: int, fid: str) -> float | None:
    """The allowance the roll just before the move ``game.log[i]`` gave ``fid`` (None if he rolled none)."""
    for e in reversed(game.log[max(0, i - 3) : i]):
        if isinstance(e, ev.MovementRolled) and e.figure == fid:
            return None if e.frozen else e.allowance
    return None


def short_run_words(game: OutbreakGame, i: int, name: Callable[[str], str]) -> str:
    """For the move ``game.log[i]``: ``(of 8"): stopped by X`` when a bystander's run stopped short of its
    allowance at terrain or the table edge, ``(of 8"): the way was blocked`` at anything else (a figure);
    else "" (a whole run, or not a bystander's)."""
    e = game.log[i]
    f = game.state.figures.get(e.figure) if isinstance(e, ev.Moved) else None
    if not isinstance(e, ev.Moved) or f is None or f.side != BYSTANDERS or len(e.path) < 2:
        return ""
    allowance = _allowance(game, i, e.figure)
    if allowance is None or e.length >= allowance - SHORT:
        return ""
    (ax, ay), (bx, by) = e.path[-2], e.path[-1]
    d = math.hypot(bx - ax, by - ay) or 1.0
    ahead = (bx + (bx - ax) / d * PROBE, by + (by - ay) / d * PROBE)
    blocked_by = game.table.check_path([(bx, by), ahead], f.radius, mover=f.id, max_length=PROBE).blocked_by
    # a figure found there now may have come since (the rules run ahead of the log): only terrain is named
    if blocked_by in ("", "move allowance") or blocked_by.startswith("figure "):
        return f'(of {allowance:g}"): the way was blocked'
    return f'(of {allowance:g}"): stopped by {in_words(blocked_by, name)}'
