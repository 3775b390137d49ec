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
from game.table.outlines import Lines, Outlines, crossing_boxes, expand, in_chunks, lines_of

LEG_CLEARANCE = 1e-6  # inches: a leg this near the radius from a piece is settled by the single call
LEGS_BATCH_FROM = 128  # legs: fewer are asked one at a time (numpy's fixed cost is more than a few cost)


def _to_segment(px: Any, py: Any, x1: Any, y1: Any, ex: Any, ey: Any) -> Any:
    """Distance from each point p to each segment (x1, y1) + s (ex, ey), s in 0..1."""
    import numpy as np

    length = ex * ex + ey * ey
    s = np.clip(((px - x1) * ex + (py - y1) * ey) / np.where(length > 0.0, length, 1.0), 0.0, 1.0)
    return np.hypot(px - (x1 + s * ex), py - (y1 + s * ey))


def _crossing(lines: Lines, leg: Any, x1: Any, y1: Any, x2: Any, y2: Any) -> Any:
    """For (leg, segment) entries: does the leg's centre line cross the segment (each one's ends
    strictly on the two sides of the other's line)?"""
    ax, ay, bx, by = lines.ax.take(leg), lines.ay.take(leg), lines.bx.take(leg), lines.by.take(leg)
    dx, dy = lines.dx.take(leg), lines.dy.take(leg)
    ex, ey = x2 - x1, y2 - y1
    s1 = dx * (y1 - ay) - dy * (x1 - ax)
    s2 = dx * (y2 - ay) - dy * (x2 - ax)
    e1 = ex * (ay - y1) - ey * (ax - x1)
    e2 = ex * (by - y1) - ey * (bx - x1)
    return (s1 * s2 < 0.0) & (e1 * e2 < 0.0)


def _rest_apart(lines: Lines, leg: Any, x1: Any, y1: Any, x2: Any, y2: Any, corners: bool = True) -> Any:
    """For (leg, segment) entries that do not cross: the distance from the leg's end to the segment,
    and from the segment's first end (both ends with ``corners``) to the leg. With the start's
    distance these make the distance between the two; a closed outline's second ends are its
    first ends again."""
    import numpy as np

    ax, ay, bx, by = lines.ax.take(leg), lines.ay.take(leg), lines.bx.take(leg), lines.by.take(leg)
    dx, dy = lines.dx.take(leg), lines.dy.take(leg)
    apart = np.minimum(_to_segment(bx, by, x1, y1, x2 - x1, y2 - y1), _to_segment(x1, y1, ax, ay, dx, dy))
    if corners:
        apart = np.minimum(apart, _to_segment(x2, y2, ax, ay, dx, dy))
    return apart


def _classify(
    o: Outlines, legs: Sequence[tuple[Point, Point]], radius: float, width: float, height: float
) -> tuple[list[bool], Any]:
    """(each leg's answer, to be asked again of the single call for the others; the others' indices).

    Two passes: first whether each leg starts against a piece and whether its centre line crosses
    one (a leg crossing a piece it starts clear of touches it: most blocked legs end here); then,
    for the pairs still open on legs not yet known to touch, the whole distance."""
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
    # the convex pieces, pair by pair: the start's distance (-1 inside), whether the leg crosses
    prow, pcol = rows[is_poly], cols[is_poly]
    leg, edge, starts = expand(prow, pcol, o.poly_first)
    ex1, ey1, ex2, ey2 = (col.take(edge) for col in o.edges)
    lax, lay = ax.take(leg), ay.take(leg)
    side = (ex2 - ex1) * (lay - ey1) - (ey2 - ey1) * (lax - ex1)
    start_e = _to_segment(lax, lay, ex1, ey1, ex2 - ex1, ey2 - ey1)
    crossed_e = _crossing(lines, leg, ex1, ey1, ex2, ey2).view(np.int8)
    if len(prow):
        inside = (np.minimum.reduceat(side, starts) > 0.0) | (np.maximum.reduceat(side, starts) < 0.0)
        pstart = np.where(inside, -1.0, np.minimum.reduceat(start_e, starts))
        pcrossed = np.maximum.reduceat(crossed_e, starts) > 0
    else:
        pstart, pcrossed = np.zeros(0), np.zeros(0, bool)
    # the walls, pair by pair: the start's and the leg's crossing of the centre line
    crow, ccol = rows[~is_poly], cols[~is_poly] - p
    wx1, wy1, wx2, wy2, half = (col.take(ccol) for col in o.caps)
    cstart = _to_segment(ax.take(crow), ay.take(crow), wx1, wy1, wx2 - wx1, wy2 - wy1)
    ccrossed = _crossing(lines, crow, wx1, wy1, wx2, wy2)
    creach = radius + half
    # a start against a piece: the single call asks which way the base moves; crossing one it starts
    # clear of: touching it
    pnear, cnear = pstart <= radius + LEG_CLEARANCE, cstart <= creach + LEG_CLEARANCE
    unsure[prow[pnear]] = True
    unsure[crow[cnear]] = True
    # (a crossing is nearer than the reach by more than the hair, unless the reach is a hair itself)
    pcross, ccross = ~pnear & pcrossed, ~cnear & ccrossed
    csure = creach > LEG_CLEARANCE
    if radius > LEG_CLEARANCE:
        touch[prow[pcross]] = True
    else:
        unsure[prow[pcross]] = True
    touch[crow[ccross & csure]] = True
    unsure[crow[ccross & ~csure]] = True
    # the pairs left on legs not yet touching anything: the whole distance, against the reach
    open_p = np.flatnonzero(~pnear & ~pcrossed & ~touch.take(prow))
    if len(open_p):
        leg2, edge2, starts2 = expand(prow.take(open_p), pcol.take(open_p), o.poly_first)
        f1, g1, f2, g2 = (col.take(edge2) for col in o.edges)
        away = np.minimum(
            pstart.take(open_p), np.minimum.reduceat(_rest_apart(lines, leg2, f1, g1, f2, g2, False), starts2)
        )
        _judge(prow.take(open_p), away, radius, touch, unsure)
    open_c = np.flatnonzero(~cnear & ~ccrossed & ~touch.take(crow))
    if len(open_c):
        w1x, w1y, w2x, w2y = (v.take(open_c) for v in (wx1, wy1, wx2, wy2))
        away = np.minimum(cstart.take(open_c), _rest_apart(lines, crow.take(open_c), w1x, w1y, w2x, w2y))
        _judge(crow.take(open_c), away, creach.take(open_c), touch, unsure)
    touch &= ~odd
    settled = still | off | touch | ~unsure
    answer = still | ~(off | touch)
    return answer.tolist(), np.flatnonzero(~settled)


def _judge(rows: Any, away: Any, reach: Any, touch: Any, unsure: Any) -> None:
    """Mark the legs of (leg, piece) pairs whose distance is clearly within the reach as touching,
    and those within a hair of it as the single call's."""
    touch[rows[away < reach - LEG_CLEARANCE]] = True
    unsure[rows[abs(away - reach) <= LEG_CLEARANCE]] = True


def legs_clear(
    o: Outlines,
    legs: Sequence[tuple[Point, Point]],
    radius: float,
    width: float,
    height: float,
    single: Callable[[Point, Point], bool],
) -> list[bool]:
    """Every leg's answer: the plain ones worked out together, the rest from ``single``."""
    return in_chunks(legs, lambda chunk: _classify(o, chunk, radius, width, height), single, o.chunk)
