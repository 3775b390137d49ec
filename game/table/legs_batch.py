"""Many "can a base slide straight from a to b?" questions in one call, in numpy: the legs that are
plain are settled together, the rest handed back to ``Table.leg_clear``, so every answer is the
single call's.

A base of radius r sliding along a leg touches a wall or building exactly where the leg passes
within r of it: Chipmunk's swept query of a polygon is the polygon grown by r, and the table adds a
wall's two round ends to Chipmunk's query of its thick segment, so a wall is a capsule grown by r.
So for each piece whose box the leg comes near, the batch measures the distance between the leg and
the piece (a convex piece's edges and corners; a wall's centre line less its half thickness):

- clearly more than r (by :data:`LEG_CLEARANCE`): that piece lets the base by;
- clearly less than r, the base starting clearly outside it: the base touches it;
- anything else, and a leg starting in, on or within a hair of a piece (where the single call asks
  which way the base is moving): the single call settles the leg.

A leg is blocked by any piece it touches, clear when every piece lets it by. The table's own
checks come first, as in the single call: a leg of no length is clear, one that heads off the table
is not.

numpy is imported when the first batch is asked for, not at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.scenario.model import Point
from game.table.outlines import Lines, Outlines, crossing_boxes, expand, lines_of

LEG_CLEARANCE = 1e-6  # inches: a leg this near the radius from a piece is settled by the single call
CHUNK = 8192  # legs per numpy pass (bounds the legs x pieces arrays)


def _to_segment(px: Any, py: Any, x1: Any, y1: Any, ex: Any, ey: Any) -> Any:
    """Distance from each point p to each segment (x1, y1) + s (ex, ey), s in 0..1."""
    import numpy as np

    length = ex * ex + ey * ey
    s = np.clip(((px - x1) * ex + (py - y1) * ey) / np.where(length > 0.0, length, 1.0), 0.0, 1.0)
    return np.hypot(px - (x1 + s * ex), py - (y1 + s * ey))


def _apart(lines: Lines, leg: Any, x1: Any, y1: Any, x2: Any, y2: Any) -> tuple[Any, Any]:
    """For (leg, segment) entries: the distance from the leg's start to the segment, and from the
    whole leg to it (0 where they cross)."""
    import numpy as np

    ax, ay, bx, by = lines.ax[leg], lines.ay[leg], lines.bx[leg], lines.by[leg]
    dx, dy = lines.dx[leg], lines.dy[leg]
    ex, ey = x2 - x1, y2 - y1
    start = _to_segment(ax, ay, x1, y1, ex, ey)
    rest = np.minimum(_to_segment(bx, by, x1, y1, ex, ey), _to_segment(x1, y1, ax, ay, dx, dy))
    rest = np.minimum(rest, _to_segment(x2, y2, ax, ay, dx, dy))
    # crossing: each segment's ends on the two sides of the other's line
    wx, wy = x1 - ax, y1 - ay
    s1 = dx * wy - dy * wx
    s2 = dx * (y2 - ay) - dy * (x2 - ax)
    e1 = ex * (-wy) - ey * (-wx)
    e2 = ex * (by - y1) - ey * (bx - x1)
    crossing = (s1 * s2 < 0.0) & (e1 * e2 < 0.0)
    return start, np.where(crossing, 0.0, rest)


def _verdicts(rows: Any, start: Any, away: Any, reach: Any, n: int) -> tuple[Any, Any]:
    """(legs that touch a piece, legs the single call must settle) from each (leg, piece) pair's
    start distance and leg distance against the reach (radius, plus a wall's half thickness)."""
    import numpy as np

    touch = np.zeros(n, bool)
    unsure = np.zeros(n, bool)
    near_start = start <= reach + LEG_CLEARANCE
    unsure[rows[near_start]] = True
    hit = ~near_start & (away < reach - LEG_CLEARANCE)
    touch[rows[hit]] = True
    unsure[rows[~near_start & ~hit & (away <= reach + LEG_CLEARANCE)]] = True
    return touch, unsure


def _classify(
    o: Outlines, legs: Sequence[tuple[Point, Point]], radius: float, width: float, height: float
) -> tuple[list[bool | None], Any]:
    """(each plain leg's answer, None for the others; the others' indices)."""
    import numpy as np

    n = len(legs)
    lines, odd = lines_of(legs)
    ax, ay, bx, by = lines.ax, lines.ay, lines.bx, lines.by
    still = (ax == bx) & (ay == by)
    # the single call's table-edge test, its comparisons (a coordinate falls when its change is below 0)
    off = ((bx < ax) & (bx < radius)) | ((bx > ax) & (bx > width - radius))
    off |= ((by < ay) & (by < radius)) | ((by > ay) & (by > height - radius))
    off &= ~still
    grow = radius + LEG_CLEARANCE
    p, c = o.polys, len(o.cap_piece)
    x0, y0, x1, y1 = (row[: p + c] for row in o.boxes)
    rows, cols = crossing_boxes(lines, (bx, by), x0 - grow, y0 - grow, x1 + grow, y1 + grow)
    is_poly = cols < p
    touch = np.zeros(n, bool)
    unsure = odd.copy()
    prow, pcol = rows[is_poly], cols[is_poly]
    if len(prow):
        leg, edge, starts = expand(prow, pcol, o.poly_first)
        ex1, ey1, ex2, ey2 = (col.take(edge) for col in o.edges)
        start, away = _apart(lines, leg, ex1, ey1, ex2, ey2)
        # a start inside the convex piece: on the same side of every edge
        side = (ex2 - ex1) * (ay[leg] - ey1) - (ey2 - ey1) * (ax[leg] - ex1)
        inside = (np.minimum.reduceat(side, starts) > 0.0) | (np.maximum.reduceat(side, starts) < 0.0)
        start = np.where(inside, -1.0, np.minimum.reduceat(start, starts))
        t, u = _verdicts(prow, start, np.minimum.reduceat(away, starts), np.full(len(prow), radius), n)
        touch |= t
        unsure |= u
    crow, ccol = rows[~is_poly], cols[~is_poly] - p
    if len(crow):
        wx1, wy1, wx2, wy2, half = (col.take(ccol) for col in o.caps)
        start, away = _apart(lines, crow, wx1, wy1, wx2, wy2)
        t, u = _verdicts(crow, start, away, radius + half, n)
        touch |= t
        unsure |= u
    answer = ~touch & ~off
    settled = still | off | (~unsure & ~still)
    found: list[bool | None] = [None] * n
    for i, ok in zip(np.flatnonzero(settled).tolist(), (answer | still)[settled].tolist()):
        found[i] = ok
    return found, np.flatnonzero(~settled)


def legs_clear(
    o: Outlines,
    legs: Sequence[tuple[Point, Point]],
    radius: float,
    width: float,
    height: float,
    single: Callable[[Point, Point], bool],
) -> list[bool]:
    """Every leg's answer: the plain ones worked out together, the rest from ``single``."""
    import numpy as np

    out: list[Any] = []
    with np.errstate(all="ignore"):  # nan rows (no number given) are the single call's
        for begin in range(0, len(legs), CHUNK):
            chunk = legs[begin : begin + CHUNK]
            found, rest = _classify(o, chunk, radius, width, height)
            for i in rest.tolist():
                found[i] = single(*chunk[i])
            out.extend(found)
    return out
