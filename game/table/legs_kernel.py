"""The batch legs' arithmetic, compiled (see :mod:`game.table.compiled`): for every leg of a chunk,
whether a base of the radius slides along it past every wall and building, worked out leg by leg
(see :mod:`game.table.legs_batch` for the rule and why it is the single call's).

Each leg is measured only against the pieces whose box, grown by the radius, it comes near: first
whether it starts against one and whether its centre line crosses one (a leg crossing a piece it
starts clear of touches it, and a leg touching any piece is blocked), then, only for a leg not yet
known to touch anything, the whole distance to each piece left open.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.table.compiled import compiled, crosses_box, python_dist, to_segment

LEG_CLEARANCE = 1e-6  # inches: a leg this near the radius from a piece is settled by the single call

# What the kernel says of each leg
BLOCKED = 0
CLEAR = 1
UNSURE = 2  # the single call answers it


@compiled
def _crosses(ax: float, ay: float, bx: float, by: float, x1: float, y1: float, x2: float, y2: float) -> bool:
    """Whether the leg's centre line crosses the segment: each one's ends strictly on the two sides
    of the other's line."""
    dx, dy = bx - ax, by - ay
    ex, ey = x2 - x1, y2 - y1
    s1 = dx * (y1 - ay) - dy * (x1 - ax)
    s2 = dx * (y2 - ay) - dy * (x2 - ax)
    e1 = ex * (ay - y1) - ey * (ax - x1)
    e2 = ex * (by - y1) - ey * (bx - x1)
    return s1 * s2 < 0.0 and e1 * e2 < 0.0


DISC_SLACK = 1e-7  # inches: a leg this much wider of a holding disc than the reach is surely clear of it


@compiled
def _judge(away: float, reach: float) -> int:
    """A (leg, piece) distance against the reach: BLOCKED clearly within it, UNSURE within a hair,
    CLEAR otherwise."""
    if away < reach - LEG_CLEARANCE:
        return BLOCKED
    if away <= reach + LEG_CLEARANCE:  # (not |away - reach| <= the hair: rounding left a gap below it)
        return UNSURE
    return CLEAR


@compiled
def poly_from_start(
    lax: float, lay: float, lbx: float, lby: float, q: int, walls: Any
) -> tuple[bool, float, bool]:
    """Of convex piece ``q``: whether the leg starts inside it, the start's distance to its outline, and
    whether the leg's centre line crosses its outline."""
    edges, poly_first = walls[0], walls[1]
    low, high = np.inf, -np.inf
    start = np.inf
    crossed = False
    for e in range(poly_first[q], poly_first[q + 1]):
        x1, y1, x2, y2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
        side = (x2 - x1) * (lay - y1) - (y2 - y1) * (lax - x1)
        low, high = min(low, side), max(high, side)
        start = min(start, to_segment(lax, lay, x1, y1, x2 - x1, y2 - y1))
        crossed |= _crosses(lax, lay, lbx, lby, x1, y1, x2, y2)
    return low > 0.0 or high < 0.0, start, crossed  # all edges to one side: inside


@compiled
def leg_answer(
    lax: float,
    lay: float,
    lbx: float,
    lby: float,
    odd: bool,
    pieces: Any,
    count: int,
    walls: Any,
    radius: float,
    width: float,
    height: float,
    near: Any,
    start_at: Any,
) -> int:
    """One leg's answer (BLOCKED, CLEAR or UNSURE), asked of the pieces ``pieces[:count]`` (each a
    convex piece's index, or the number of convex pieces plus a wall leg's): all of them, or any that
    hold every piece within the radius (and a hair) of the leg, as the other pieces let the base by
    whatever they are. ``walls``: the walls and buildings (:attr:`game.table.outlines.Outlines.walls`);
    ``near`` and ``start_at`` are scratch, one entry per piece; a leg a piece blocks leaves that
    piece in ``near[0]``."""
    edges, poly_first, caps, boxes, discs = walls
    if lax == lbx and lay == lby:
        return CLEAR  # no length
    # the single call's table-edge test, its comparisons (a coordinate falls when its change is below 0)
    if (lbx < lax and lbx < radius) or (lbx > lax and lbx > width - radius):
        return BLOCKED
    if (lby < lay and lby < radius) or (lby > lay and lby > height - radius):
        return BLOCKED
    if odd:
        return UNSURE
    polys = len(poly_first) - 1
    grow = radius + LEG_CLEARANCE
    dx, dy = lbx - lax, lby - lay
    touch = False
    unsure = False
    opened = 0
    # first pass: the start's distance to each piece near, and whether the leg crosses it
    for n in range(count):
        q = pieces[n]
        if not crosses_box(lax, lay, lbx, lby, dx, dy, boxes, q, grow):
            continue
        if q < polys:
            if (
                discs[2, q] < np.inf
                and to_segment(discs[0, q], discs[1, q], lax, lay, dx, dy) > discs[2, q] + grow + DISC_SLACK
            ):
                continue  # wide of a many-sided piece's holding disc: wide of the piece, which lets it by
            inside, start, crossed = poly_from_start(lax, lay, lbx, lby, q, walls)
            if inside:
                start = -1.0
            reach = radius
        else:
            c = q - polys
            x1, y1, x2, y2 = caps[0, c], caps[1, c], caps[2, c], caps[3, c]
            start = to_segment(lax, lay, x1, y1, x2 - x1, y2 - y1)
            crossed = _crosses(lax, lay, lbx, lby, x1, y1, x2, y2)
            reach = radius + caps[4, c]
        if start <= reach + LEG_CLEARANCE:
            unsure = True  # a start against a piece: the single call asks which way the base moves
        elif crossed:
            # nearer than the reach by more than the hair, unless the reach is a hair itself
            if reach > LEG_CLEARANCE:
                touch = True
                near[0] = q
                break  # blocked, whatever the pieces left
            unsure = True
        else:
            near[opened], start_at[opened] = q, start
            opened += 1
    # second pass, for a leg not yet touching anything: the whole distance, against the reach
    k = 0
    while not touch and k < opened:
        q = near[k]
        away = start_at[k]
        if q < polys:
            reach = radius
            for e in range(poly_first[q], poly_first[q + 1]):
                x1, y1, x2, y2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
                apart = min(to_segment(lbx, lby, x1, y1, x2 - x1, y2 - y1), to_segment(x1, y1, lax, lay, dx, dy))
                away = min(away, apart)
        else:
            c = q - polys
            x1, y1, x2, y2 = caps[0, c], caps[1, c], caps[2, c], caps[3, c]
            reach = radius + caps[4, c]
            apart = min(to_segment(lbx, lby, x1, y1, x2 - x1, y2 - y1), to_segment(x1, y1, lax, lay, dx, dy))
            away = min(away, min(apart, to_segment(x2, y2, lax, lay, dx, dy)))
        judged = _judge(away, reach)
        if judged == BLOCKED:
            touch = True
            near[0] = q
        elif judged == UNSURE:
            unsure = True
        k += 1
    if touch:
        return BLOCKED
    return UNSURE if unsure else CLEAR


@compiled
def boxes_meeting(
    boxes: Any, every: int, grow: float, x0: float, y0: float, x1: float, y1: float, pieces: Any
) -> int:
    """Into ``pieces``, in their order, the first ``every`` pieces whose box (``boxes``' columns: x0, y0, x1, y1)
    grown by ``grow`` meets the box (x0, y0)-(x1, y1); how many."""
    count = 0
    for q in range(every):
        if (
            boxes[0, q] - grow <= x1
            and boxes[2, q] + grow >= x0
            and boxes[1, q] - grow <= y1
            and boxes[3, q] + grow >= y0
        ):
            pieces[count] = q
            count += 1
    return count


@compiled
def leg(ax: float, ay: float, bx: float, by: float, walls: Any, radius: float, width: float, height: float,
        pieces: Any, count: int, near: Any, start_at: Any) -> int:  # fmt: skip
    """:func:`leg_answer` for one leg, asked of ``pieces[:count]``, with ``odd`` worked out as
    :func:`game.table.outlines.lines_of` does."""
    dx, dy = bx - ax, by - ay
    finite = np.isfinite(ax) and np.isfinite(ay) and np.isfinite(bx) and np.isfinite(by)
    odd = not (finite and dx * dx + dy * dy > 1e-12)
    return leg_answer(ax, ay, bx, by, odd, pieces, count, walls, radius, width, height, near, start_at)


@compiled
def nearest_clear(
    sx: Any, sy: Any, gx: Any, gy: Any, limits: Any, walls: Any, radius: float, width: float, height: float,
    found: Any, resume: Any,
) -> None:  # fmt: skip
    """For each start, the goals no further than its limit in a straight line (:func:`python_dist`),
    nearest first (ties: the goal listed first), tried in turn: ``found`` is the first whose leg is
    CLEAR, -1 for none; -2 where a leg was UNSURE, that leg the ``resume``-th tried."""
    every = len(walls[1]) - 1 + walls[2].shape[1]
    pieces = np.arange(every)
    near = np.empty(every, np.int64)
    start_at = np.empty(every)
    goals = len(gx)
    apart = np.empty(goals)
    which = np.empty(goals, np.int64)
    for s in range(len(sx)):
        m = 0
        for g in range(goals):
            d = python_dist(sx[s], sy[s], gx[g], gy[g])
            if d <= limits[s]:
                apart[m], which[m] = d, g
                m += 1
        found[s] = -1
        order = np.argsort(apart[:m], kind="mergesort")  # stable: equally near goals in their order
        for k in range(m):
            g = which[order[k]]
            answer = leg(sx[s], sy[s], gx[g], gy[g], walls, radius, width, height, pieces, every, near, start_at)
            if answer == CLEAR:
                found[s] = g
                break
            if answer == UNSURE:
                found[s], resume[s] = -2, k
                break


@compiled
def classify(
    ax: Any,
    ay: Any,
    bx: Any,
    by: Any,
    odd: Any,
    walls: Any,
    radius: float,
    width: float,
    height: float,
) -> Any:
    """Every leg's answer (BLOCKED, CLEAR or UNSURE). ``odd`` marks the legs with no length or a
    coordinate that is no number; ``walls``: :attr:`game.table.outlines.Outlines.walls`."""
    n = len(ax)
    out = np.empty(n, np.int8)
    every = np.arange(len(walls[1]) - 1 + walls[2].shape[1])
    near = np.empty(len(every), np.int64)
    start_at = np.empty(len(every))
    for i in range(n):
        out[i] = leg_answer(
            ax[i], ay[i], bx[i], by[i], odd[i], every, len(every), walls, radius, width, height, near, start_at,
        )  # fmt: skip
    return out
