"""Many "can a base slide straight from a to b?" questions in one call: the legs that are plain are
settled together, in compiled loops (:mod:`game.table.legs_kernel`), the rest handed back to
``Table.leg_clear``, so every answer is the single call's.

A base of radius r sliding along a leg touches a wall or building exactly where the leg passes
within r of it: Chipmunk's swept query of a polygon is the polygon grown by r, and the table adds a
wall's two round ends to Chipmunk's query of its thick segment, so a wall is a capsule grown by r.
So for each piece whose box the leg comes near, the batch measures the distance between the leg and
the piece (a convex piece's edges and corners; a wall's centre line less its half thickness):

- clearly more than r (by :data:`game.table.legs_kernel.LEG_CLEARANCE`): that piece lets the base by;
- clearly less than r, the base starting clearly outside it: the base touches it;
- anything else, and a leg starting in, on or within a hair of a piece (where the single call asks
  which way the base is moving): the single call settles the leg.

A leg is blocked by any piece it touches, clear when every piece lets it by. The table's own
checks come first, as in the single call: a leg of no length is clear, one that heads off the table
is not.

numpy and numba are imported when the first batch is asked for, not at start-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.scenario.model import Point
from game.table.outlines import Lines, Outlines, in_chunks, lines_of

LEGS_BATCH_FROM = 24  # legs: fewer are asked one at a time (a batch's fixed cost is more than a few cost)
NEAREST_BATCH_FROM = 16  # starts: fewer look for their nearest clear goal one at a time


def _classify(
    o: Outlines, legs: Sequence[tuple[Point, Point]], radius: float, width: float, height: float
) -> tuple[list[bool], Any]:
    """(each leg's answer, to be asked again of the single call for the others; the others' indices)."""
    import numpy as np

    from game.table import legs_kernel as k

    answer = classify_lines(o, *lines_of(legs), radius, width, height)
    return (answer == k.CLEAR).tolist(), np.flatnonzero(answer == k.UNSURE)


def classify_lines(o: Outlines, lines: Lines, odd: Any, radius: float, width: float, height: float) -> Any:
    """Each line's answer from the legs kernel: ``legs_kernel.BLOCKED``, ``CLEAR`` or ``UNSURE`` (the
    single call's to settle)."""
    from game.table import legs_kernel as k

    return k.classify(
        lines.ax, lines.ay, lines.bx, lines.by, odd, o.walls, float(radius), float(width), float(height),
    )  # fmt: skip


def legs_clear(
    o: Outlines,
    legs: Sequence[tuple[Point, Point]],
    radius: float,
    width: float,
    height: float,
    single: Callable[[Point, Point], bool],
) -> list[bool]:
    """Every leg's answer: the plain ones worked out together, the rest from ``single``."""
    return in_chunks(legs, lambda chunk: _classify(o, chunk, radius, width, height), single)


def nearest_clear(
    outlines: Callable[[], Outlines],
    starts: Sequence[Point],
    goals: Sequence[Point],
    limits: Sequence[float],
    radius: float,
    width: float,
    height: float,
    single: Callable[[Point, Point], bool],
) -> list[int]:
    """For each start, the index of the nearest goal in a straight line (``math.dist``; ties: the goal
    listed first) no further than its limit whose leg is clear, or -1 (see ``Table.nearest_clear``).
    Each start's goals are tried in a compiled loop, nearest first, until one is clear; a start whose
    leg the loop cannot settle goes on from that leg with ``single``. ``outlines`` gives the terrain's
    arrays, asked only for a batch."""
    from game.table.compiled import python_dist_holds

    if len(starts) < NEAREST_BATCH_FROM or not python_dist_holds():
        return [_nearest_clear_one(here, goals, limit, single) for here, limit in zip(starts, limits)]
    import numpy as np

    from game.table import legs_kernel as k

    s = np.array(starts, np.float64).reshape(-1, 2)
    g = np.array(goals, np.float64).reshape(-1, 2)
    found = np.empty(len(starts), np.int64)
    resume = np.zeros(len(starts), np.int64)
    k.nearest_clear(
        np.ascontiguousarray(s[:, 0]), np.ascontiguousarray(s[:, 1]), np.ascontiguousarray(g[:, 0]),
        np.ascontiguousarray(g[:, 1]), np.array(limits, np.float64), outlines().walls, float(radius), float(width),
        float(height), found, resume,
    )  # fmt: skip
    out = found.tolist()
    for i in np.flatnonzero(found == -2).tolist():
        out[i] = _nearest_clear_one(starts[i], goals, limits[i], single, int(resume[i]))
    return out  # type: ignore[no-any-return]


def _nearest_clear_one(
    here: Point, goals: Sequence[Point], limit: float, single: Callable[[Point, Point], bool], skip: int = 0
) -> int:
    """One start's answer, trying its goals (past the first ``skip``) one by one."""
    near = sorted((d, i) for i, d in enumerate(math.dist(here, goal) for goal in goals) if d <= limit)
    for _, i in near[skip:]:
        if single(here, goals[i]):
            return i
    return -1
