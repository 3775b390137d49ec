"""The horde going round the bases in its way, compiled (see :mod:`game.table.compiled`): the passes of
:func:`game.rules.zombiekrieg.detour.go_round` over a horde, zombie after zombie, each way round worked
out as :func:`game.rules.kit.detour.way_round` works it out and walked as ``Table.legal_path`` walks it,
the bases as the crowd's arrays (:mod:`game.table.crowd_kernel`), the walls and buildings as the legs
kernel reads them (:mod:`game.table.legs_kernel`).

Every measure is the Python's own arithmetic in the same order: lengths by :func:`python_dist`, sums left
to right, Python's ``min`` and ``max`` (the first of equals) written out. A zombie whose answer the loop
cannot give to the last bit is handed back to the Python (:data:`HAND_BACK`): a leg the legs kernel does
not find clear of the table's edge and every wall and building (the table names what stopped it, and a
wall and a base at the same fraction are settled by name), or a way round that comes near clutter.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.table.compiled import compiled, python_dist, to_segment
from game.table.crowd_kernel import NO_HIT, cell_index, circle_entry, first_base, refile
from game.table.legs_kernel import BLOCKED, CLEAR, LEG_CLEARANCE, _crosses, boxes_meeting, leg

HAND_BACK = -1  # a zombie's answer is the Python's to give
QUESTION = -2  # the loop has questions for the table about a zombie (see ``recall``), then goes on with it
# what a question asks (the table's answer): the stop of the terrain on a leg (fraction or NO_HIT, backs
# off?), and whether clutter refuses a way round of 2 or 3 points (``CLUTTER + points``; 1.0 if it does),
# or refuses one surely in clutter (``WANT``: 1.0 unless the zombie's own way entered clutter)
TERRAIN, WANT, CLUTTER = 1, 2, 10
ASKED, NO_ROOM = -1, -2  # ``recall``: the question was asked, or there was no room to ask it
# inches: a piece of terrain or clutter this much beyond where a way round can reach is not looked at
# (far more than the rounding of a way's length)
PIECE_SLACK = 1e-3
CLUTTER_CLEARANCE = 1e-6  # inches: a way this near a clutter outline is measured by the table

# the constants of the rules, in this order in the ``rules`` array the loop is given
SHORT, REACH_MOST, BOUND_SLACK, BESIDE_SLACK, NEAR_SLACK, GAP, BASE_REACH, BASE_MARGIN, WIDTH, HEIGHT = range(10)


@compiled
def fraction_nearest(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    """``game.rules.kit.detour._fraction_nearest``."""
    span = (bx - ax) * (bx - ax) + (by - ay) * (by - ay)
    if span == 0:
        return 0.0
    v = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / span
    v = v if v < 1.0 else 1.0
    return v if v > 0.0 else 0.0


@compiled
def to_leg(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """``game.rules.kit.detour._to_leg``."""
    t = fraction_nearest(ax, ay, bx, by, px, py)
    return python_dist(px, py, ax + t * (bx - ax), ay + t * (by - ay))


@compiled
def truncate(xs: Any, ys: Any, p0: int, p1: int, length: float, ox: Any, oy: Any) -> int:
    """``truncate_path`` of the points ``p0:p1`` into ``ox, oy``; how many points it keeps."""
    ox[0], oy[0] = xs[p0], ys[p0]
    n = 1
    left = length if length > 0.0 else 0.0
    for q in range(p0, p1 - 1):
        ax, ay, bx, by = xs[q], ys[q], xs[q + 1], ys[q + 1]
        span = python_dist(ax, ay, bx, by)
        if span <= left:
            ox[n], oy[n] = bx, by
            n += 1
            left -= span
            continue
        if left > 0.0:
            f = left / span
            ox[n], oy[n] = ax + (bx - ax) * f, ay + (by - ay) * f
            n += 1
        break
    return n


@compiled
def path_length(xs: Any, ys: Any, p0: int, p1: int) -> float:
    """``path_length`` of the points ``p0:p1`` (summed left to right, as ``sum``)."""
    total = 0.0
    for q in range(p0, p1 - 1):
        total += python_dist(xs[q], ys[q], xs[q + 1], ys[q + 1])
    return total


@compiled
def ahead(wx: Any, wy: Any, p0: int, p1: int, hx: float, hy: float, inches: float, ox: Any, oy: Any) -> None:
    """``game.rules.kit.detour.ahead`` of the wanted way ``p0:p1``, into ``ox[0], oy[0]``."""
    best_off, best_at, done = np.inf, 0.0, 0.0
    for q in range(p0, p1 - 1):
        ax, ay, bx, by = wx[q], wy[q], wx[q + 1], wy[q + 1]
        span = python_dist(ax, ay, bx, by)
        t = fraction_nearest(ax, ay, bx, by, hx, hy)
        off = python_dist(hx, hy, ax + t * (bx - ax), ay + t * (by - ay))
        if off < best_off:
            best_off, best_at = off, done + t * span
        done += span
    at = best_at + inches
    n = truncate(wx, wy, p0, p1, at if at < done else done, ox, oy)
    ox[0], oy[0] = ox[n - 1], oy[n - 1]


@compiled
def stopped_at_once(
    beside: Any, nb: int, hx: float, hy: float, sx: float, sy: float, gx: float, gy: float, left: float, rules: Any
) -> bool:
    """``game.rules.kit.detour._stopped_at_once`` (``beside``: rows x, y, reach)."""
    ax, ay, bx, by = hx, hy, sx, sy
    length = python_dist(ax, ay, bx, by)
    if length > left and length + python_dist(sx, sy, gx, gy) > left + 1e-9:
        f = left / length
        bx, by = ax + (bx - ax) * f, ay + (by - ay) * f
        length = python_dist(ax, ay, bx, by)
    for k in range(nb):
        t = circle_entry(ax, ay, bx, by, beside[0, k], beside[1, k], beside[2, k])
        if t != NO_HIT and t * length <= rules[SHORT] - rules[BOUND_SLACK]:
            return True
    return False


@compiled
def nearest_it_gets(
    hx: float, hy: float, sx: float, sy: float, gx: float, gy: float, left: float, scratch: Any
) -> float:
    """``game.rules.kit.detour._nearest_it_gets``."""
    px, py, ox, oy = scratch[0], scratch[1], scratch[2], scratch[3]
    px[0], py[0], px[1], py[1], px[2], py[2] = hx, hy, sx, sy, gx, gy
    n = truncate(px, py, 0, 3, left, ox, oy)
    if n < 2:
        return python_dist(hx, hy, gx, gy)
    best = to_leg(gx, gy, ox[0], oy[0], ox[1], oy[1])
    for q in range(1, n - 1):
        d = to_leg(gx, gy, ox[q], oy[q], ox[q + 1], oy[q + 1])
        if d < best:
            best = d
    return best


@compiled
def recall(memo: Any, kind: int, xs: Any, ys: Any, n: int) -> int:
    """The entry of ``memo`` holding the answer to question ``kind`` about the points ``xs, ys[:n]``, or
    :data:`ASKED` when it is put after the others, unanswered, or :data:`NO_ROOM`."""
    kinds, points, _, _, count = memo
    for e in range(count[0]):
        if kinds[e] != kind:
            continue
        same = True
        for q in range(n):
            same = same and points[e, 2 * q] == xs[q] and points[e, 2 * q + 1] == ys[q]
        if same:
            return e
    if count[0] < len(kinds):
        e = count[0]
        kinds[e] = kind
        for q in range(n):
            points[e, 2 * q], points[e, 2 * q + 1] = xs[q], ys[q]
        memo[2][e] = np.nan
        count[0] = e + 1
        return ASKED
    return NO_ROOM


@compiled
def clear_before(
    ax: float, ay: float, bx: float, by: float, t: float, length: float, walls: Any, radius: float, rules: Any,
    pieces: Any, count: int, near: Any, start_at: Any,
) -> bool:  # fmt: skip
    """Is the leg from a toward b clear of the table's edge and every wall and building a hair past the
    fraction ``t`` (so that neither stops a base sliding along it before ``t``)?"""
    past = t + LEG_CLEARANCE / length
    if not past < 1.0:
        return False
    cx, cy = ax + (bx - ax) * past, ay + (by - ay) * past
    return leg(ax, ay, cx, cy, walls, radius, rules[WIDTH], rules[HEIGHT], pieces, count, near, start_at) == CLEAR


@compiled
def legal_way(
    hx: float, hy: float, sx: float, sy: float, gx: float, gy: float, radius: float, mover: int, left: float,
    rules: Any, filed: Any, walls: Any, pieces: Any, count: int, scratch: Any, memo: Any, wx: Any, wy: Any,
) -> int:  # fmt: skip
    """``Table.legal_path([here, step, goal], radius, mover, max_length=left)`` into ``wx, wy``: how many
    points; :data:`QUESTION` for a leg the legs kernel does not find clear of the terrain whose stop
    (``Table.terrain_stop``) is not yet in ``memo`` (it is asked there); :data:`HAND_BACK` for a base and
    the terrain stopping it at the same fraction (the table's names settle which). ``pieces[:count]``:
    the walls and buildings that may be near."""
    px, py = scratch[0], scratch[1]
    px[0], py[0], px[1], py[1], px[2], py[2] = hx, hy, sx, sy, gx, gy
    requested = python_dist(hx, hy, sx, sy) + python_dist(sx, sy, gx, gy)
    if requested > left + 1e-9:
        walk_x, walk_y = scratch[2], scratch[3]
        n = truncate(px, py, 0, 3, left if left > 0.0 else 0.0, walk_x, walk_y)
    else:
        walk_x, walk_y, n = px, py, 3
    near, start_at = scratch[4], scratch[5]
    wx[0], wy[0] = walk_x[0], walk_y[0]
    kept = 1
    for q in range(n - 1):
        ax, ay, bx, by = walk_x[q], walk_y[q], walk_x[q + 1], walk_y[q + 1]
        length = python_dist(ax, ay, bx, by)
        if length == 0.0:
            continue
        t = first_base(ax, ay, bx, by, radius, mover, radius + rules[BASE_REACH], rules[BASE_MARGIN], filed)
        back = True
        answer = leg(ax, ay, bx, by, walls, radius, rules[WIDTH], rules[HEIGHT], pieces, count, near, start_at)
        if answer != CLEAR:
            if t == NO_HIT or not clear_before(ax, ay, bx, by, t, length, walls, radius, rules, pieces, count, near,
                                               start_at):  # fmt: skip
                e = recall(memo, TERRAIN, walk_x[q:], walk_y[q:], 2)
                if e == ASKED or (e >= 0 and np.isnan(memo[2][e]) and memo[4][1] > 0):
                    if memo[4][2] == 0:
                        return QUESTION
                    # asked with the others met on this zombie's ways; the way goes on with a guess to meet them:
                    # a leg the legs kernel finds blocked stops it at once, one it is unsure of does not
                    memo[4][1] += 1
                    if answer == BLOCKED:
                        t, back = 0.0, False
                elif e < 0 or np.isnan(memo[2][e]):
                    return HAND_BACK  # no room to ask, or asked and not answered
                else:
                    stop = memo[2][e]
                    if stop != NO_HIT:
                        if stop == t:
                            return HAND_BACK
                        if t == NO_HIT or stop < t:
                            t, back = stop, memo[3][e] > 0.0
        if t == NO_HIT:
            wx[kept], wy[kept] = bx, by
            kept += 1
            continue
        if back:
            t = t - rules[GAP] / length
            t = t if t > 0.0 else 0.0
        stop_x, stop_y = (ax + (bx - ax) * t, ay + (by - ay) * t) if t > 0.0 else (ax, ay)
        if stop_x != ax or stop_y != ay:
            wx[kept], wy[kept] = stop_x, stop_y
            kept += 1
        break
    return kept


@compiled
def pieces_near(hx: float, hy: float, reach: float, radius: float, walls: Any, pieces: Any) -> int:
    """Into ``pieces``, in their order, the walls and buildings whose box, grown as the legs kernel grows
    it, comes within ``reach`` of (hx, hy) (a superset of those it would measure a leg from there against);
    how many."""
    boxes = walls[3]
    every = len(walls[1]) - 1 + walls[2].shape[1]
    grow = radius + LEG_CLEARANCE + PIECE_SLACK
    return boxes_meeting(boxes, every, grow, hx - reach, hy - reach, hx + reach, hy + reach, pieces)


@compiled
def clear_of_clutter(wx: Any, wy: Any, n: int, clutter: Any) -> bool:
    """Is the way ``wx, wy[:n]`` surely clear of every clutter outline: each leg starts outside every
    outline whose box it comes near and passes wide of its edges (the table would find no clutter on it)?
    ``clutter``: the outlines' edges, where each outline's edges start, and their boxes."""
    edges, ring_first, boxes = clutter
    for q in range(n - 1):
        ax, ay, bx, by = wx[q], wy[q], wx[q + 1], wy[q + 1]
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        dx, dy = bx - ax, by - ay
        for r in range(len(ring_first) - 1):
            if not (
                boxes[0, r] - PIECE_SLACK <= x1
                and boxes[2, r] + PIECE_SLACK >= x0
                and boxes[1, r] - PIECE_SLACK <= y1
                and boxes[3, r] + PIECE_SLACK >= y0
            ):
                continue
            inside = False
            for e in range(ring_first[r], ring_first[r + 1]):
                ex1, ey1, ex2, ey2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
                if _crosses(ax, ay, bx, by, ex1, ey1, ex2, ey2):
                    return False
                apart = min(
                    min(
                        to_segment(ax, ay, ex1, ey1, ex2 - ex1, ey2 - ey1),
                        to_segment(bx, by, ex1, ey1, ex2 - ex1, ey2 - ey1),
                    ),
                    min(to_segment(ex1, ey1, ax, ay, dx, dy), to_segment(ex2, ey2, ax, ay, dx, dy)),
                )
                if apart <= CLUTTER_CLEARANCE:
                    return False
                if (ey1 > ay) != (ey2 > ay) and ax < (ex2 - ex1) * (ay - ey1) / (ey2 - ey1) + ex1:
                    inside = not inside
            if inside:
                return False
    return True


@compiled
def surely_in_clutter(wx: Any, wy: Any, n: int, clutter: Any) -> bool:
    """Does a leg of the way ``wx, wy[:n]`` start or end well inside a clutter outline (inside it and
    wider of its edges than :data:`CLUTTER_CLEARANCE`), so that the table finds clutter on it?"""
    edges, ring_first, boxes = clutter
    for q in range(n):
        x, y = wx[q], wy[q]
        for r in range(len(ring_first) - 1):
            if not (boxes[0, r] <= x <= boxes[2, r] and boxes[1, r] <= y <= boxes[3, r]):
                continue
            inside, wide = False, True
            for e in range(ring_first[r], ring_first[r + 1]):
                ex1, ey1, ex2, ey2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
                wide = wide and to_segment(x, y, ex1, ey1, ex2 - ex1, ey2 - ey1) > CLUTTER_CLEARANCE
                if (ey1 > y) != (ey2 > y) and x < (ex2 - ex1) * (y - ey1) / (ey2 - ey1) + ex1:
                    inside = not inside
            if inside and wide:
                return True
    return False


@compiled
def way_round(
    hx: float, hy: float, radius: float, mover: int, gx: float, gy: float, left: float, rules: Any, steps: Any,
    filed: Any, walls: Any, pieces: Any, scratch: Any, memo: Any, beside: Any, best_x: Any, best_y: Any,
) -> int:  # fmt: skip
    """``game.rules.kit.detour.way_round`` into ``best_x, best_y``: how many points (0: none), or
    :data:`QUESTION` or :data:`HAND_BACK` (see :func:`legal_way`). ``steps``: rows of the sidesteps' turns
    (radians) and widths."""
    xs, ys, rs, cell, nx, ny, head, after, _, _ = filed
    heading = math.atan2(gy - hy, gx - hx)
    # the bases beside it (``Table.figures_in_circle``: BaseGrid.within's test)
    reach = rules[SHORT] + radius + rules[BESIDE_SLACK]
    bound = (reach if reach > 0.0 else 0.0) + rules[BASE_MARGIN]
    low = cell_index(hx - bound, hy - bound, cell, nx, ny)
    high = cell_index(hx + bound, hy + bound, cell, nx, ny)
    nb = 0
    for j in range(low // nx, high // nx + 1):
        for i in range(low % nx, high % nx + 1):
            s = head[j * nx + i]
            while s >= 0:
                dx, dy = hx - xs[s], hy - ys[s]
                if s != mover and math.sqrt(dx * dx + dy * dy) - rs[s] < reach:
                    if nb == beside.shape[1]:
                        return HAND_BACK  # (a crowd no base could be in)
                    beside[0, nb], beside[1, nb], beside[2, nb] = xs[s], ys[s], radius + rs[s]
                    nb += 1
                s = after[s]
    count = pieces_near(hx, hy, left + PIECE_SLACK, radius, walls, pieces)
    wx, wy = scratch[6], scratch[7]
    best, kept = np.inf, 0
    for k in range(steps.shape[1]):
        a = heading + steps[0, k]
        sx, sy = hx + steps[1, k] * math.cos(a), hy + steps[1, k] * math.sin(a)
        if nb > 0 and stopped_at_once(beside, nb, hx, hy, sx, sy, gx, gy, left, rules):
            continue
        if kept > 0 and nearest_it_gets(hx, hy, sx, sy, gx, gy, left, scratch) - rules[BOUND_SLACK] >= best - 1e-9:
            continue
        n = legal_way(hx, hy, sx, sy, gx, gy, radius, mover, left, rules, filed, walls, pieces, count, scratch, memo,
                      wx, wy)  # fmt: skip
        if n < 0:
            return n
        if path_length(wx, wy, 0, n) > rules[SHORT]:
            off = python_dist(wx[n - 1], wy[n - 1], gx, gy)
            if kept == 0 or off < best - 1e-9:
                best, kept = off, n
                best_x[:n], best_y[:n] = wx[:n], wy[:n]
    return kept


@compiled
def same_answer(i: int, x: float, y: float, radius: float, reach: float, goings: Any, rules: Any) -> bool:
    """``_Goings.same_answer`` of zombie ``i`` at (x, y)."""
    since, tally, ek, ex, ey, er, after, head, cell, nx, ny = goings
    if since[i] < 0:
        return False
    near = reach + radius + rules[NEAR_SLACK]
    far = near + tally[2]
    low = cell_index(x - far, y - far, cell, nx, ny)
    high = cell_index(x + far, y + far, cell, nx, ny)
    for j in range(low // nx, high // nx + 1):
        for c in range(low % nx, high % nx + 1):
            e = head[j * nx + c]
            while e >= 0 and ek[e] >= since[i]:  # newest first: the rest went before it failed
                if python_dist(ex[e], ey[e], x, y) <= near + er[e]:
                    return False
                e = after[e]
    return True


@compiled
def went(i: int, fx: float, fy: float, tx: float, ty: float, radius: float, goings: Any) -> None:
    """``_Goings.went``: zombie ``i`` went from (fx, fy) to (tx, ty)."""
    since, tally, ek, ex, ey, er, after, head, cell, nx, ny = goings
    gone = int(tally[0])
    for x, y in ((fx, fy), (tx, ty)):
        e = int(tally[1])
        c = cell_index(x, y, cell, nx, ny)
        ek[e], ex[e], ey[e], er[e], after[e] = gone, x, y, radius, head[c]
        head[c] = e
        tally[1] = e + 1
    tally[0] = gone + 1
    if radius > tally[2]:
        tally[2] = radius
    since[i] = -1


@compiled
def fail(i: int, goings: Any) -> None:
    """Zombie ``i`` could not go round: remember how many had gone then."""
    goings[0][i] = int(goings[1][0])


@compiled
def clutter_refuses(way_x: Any, way_y: Any, n: int, clutter: Any, memo: Any) -> int:
    """In clutter a way is refused unless the zombie's own way entered clutter: the table's answer (1 when
    it refuses the way ``way_x, way_y[:n]``, 0 when not), or :data:`QUESTION` (it is asked in ``memo``) or
    :data:`HAND_BACK`. Whether its own way entered clutter is one question whatever the way round."""
    if surely_in_clutter(way_x, way_y, n, clutter):
        e = recall(memo, WANT, way_x, way_y, 0)
    else:
        e = recall(memo, CLUTTER + n, way_x, way_y, n)
    if e == ASKED:
        memo[4][1] += 1
        return QUESTION
    if e < 0 or np.isnan(memo[2][e]):
        return HAND_BACK
    return 1 if memo[2][e] > 0.0 else 0


@compiled
def round_one(
    i: int, zs: Any, rules: Any, steps: Any, filed: Any, walls: Any, clutter: Any, goings: Any, scratch: Any,
    memo: Any, log: Any,
) -> int:  # fmt: skip
    """``game.rules.zombiekrieg.detour._round_one`` of zombie ``i``: 1 when it went round (refiled, its
    way logged), 0 when not, or :data:`QUESTION` or :data:`HAND_BACK` (nothing changed)."""
    slot, rad, first, px, py, want_len, walked_len, walked_count = zs
    xs, ys = filed[0], filed[1]
    p0, p1 = first[i], first[i + 1]
    if p1 - p0 < 2:
        return 0
    s, radius = slot[i], rad[i]
    hx, hy, lx, ly = xs[s], ys[s], px[p1 - 1], py[p1 - 1]
    if python_dist(hx, hy, lx, ly) <= rules[SHORT]:
        return 0
    left = want_len[i] - (walked_len[i] if walked_count[i] >= 2 else 0.0)
    if left <= rules[SHORT]:
        return 0
    reach = rules[REACH_MOST] if rules[REACH_MOST] < left else left
    if same_answer(i, hx, hy, radius, reach, goings, rules):
        return 0
    memo[4][1] = 0  # no question met yet on this run over the zombie
    gx, gy = scratch[0], scratch[1]
    ahead(px, py, p0, p1, hx, hy, reach, gx, gy)
    way_x, way_y = scratch[8], scratch[9]
    n = way_round(hx, hy, radius, s, gx[0], gy[0], reach, rules, steps, filed, walls, scratch[10], scratch, memo,
                  scratch[11], way_x, way_y)  # fmt: skip
    if memo[4][1] > 0:  # a guessed answer on its ways: nothing is settled till the table has answered
        if n >= 2 and not clear_of_clutter(way_x, way_y, n, clutter):
            clutter_refuses(way_x, way_y, n, clutter, memo)  # asked with the others (the way may be another)
        return QUESTION
    if n < 0:
        return n
    if n < 2 or python_dist(way_x[n - 1], way_y[n - 1], lx, ly) >= python_dist(hx, hy, lx, ly) - rules[SHORT]:
        fail(i, goings)
        return 0
    if not clear_of_clutter(way_x, way_y, n, clutter):
        refused = clutter_refuses(way_x, way_y, n, clutter, memo)
        if refused < 0:
            return refused
        if refused > 0:
            fail(i, goings)
            return 0
    tx, ty = way_x[n - 1], way_y[n - 1]
    went(i, hx, hy, tx, ty, radius, goings)
    refile(s, tx, ty, filed)
    total = walked_len[i] if walked_count[i] >= 2 else 0.0
    for q in range(n - 1):
        total += python_dist(way_x[q], way_y[q], way_x[q + 1], way_y[q + 1])
    walked_len[i] = total
    walked_count[i] = (walked_count[i] if walked_count[i] >= 2 else 1) + n - 1
    which, counts, at_x, at_y, logged = log
    m = logged[0]
    which[m], counts[m] = i, n
    at_x[m, :n], at_y[m, :n] = way_x[:n], way_y[:n]
    logged[0] = m + 1
    return 1


@compiled
def rounds(
    start: int, resume: bool, passes: int, zs: Any, rules: Any, steps: Any, filed: Any, walls: Any, clutter: Any,
    goings: Any, scratch: Any, memo: Any, log: Any, moved: Any, why: Any,
) -> int:  # fmt: skip
    """The passes of ``go_round`` from step ``start`` (pass ``start // n``, zombie ``start % n``; its
    answers in ``memo`` kept when ``resume``), the zombies who went round logged in turn; ``moved[p]``
    whether one went round in pass ``p``. Returns the step of the first zombie with a question for the
    table or handed back (``why[0]``: :data:`QUESTION` or :data:`HAND_BACK`), or -1 when the passes are
    over."""
    n = len(zs[0])
    for p in range(start // n, passes):
        for i in range(start % n if p == start // n else 0, n):
            if not (resume and p * n + i == start):
                memo[4][0] = 0  # a new zombie: the answers about the one before are not its
            went_round = round_one(i, zs, rules, steps, filed, walls, clutter, goings, scratch, memo, log)
            if went_round < 0:
                why[0] = went_round
                return p * n + i
            if went_round == 1:
                moved[p] = True
        if not moved[p]:
            return -1
    return -1


@compiled
def lengths(first: Any, xs: Any, ys: Any) -> Any:
    """Each way's ``path_length`` (way ``w``: the points ``first[w]:first[w + 1]``)."""
    out = np.empty(len(first) - 1)
    for w in range(len(first) - 1):
        out[w] = path_length(xs, ys, first[w], first[w + 1])
    return out


@compiled
def _turned(headings: Any, turns: Any, out: Any) -> None:
    for i in range(len(headings)):
        h = math.atan2(headings[i], turns[i])
        out[0, i], out[1, i], out[2, i] = h, math.cos(h + turns[i]), math.sin(h - headings[i])


_HOLDS: dict[str, bool] = {}


def trig_holds(samples: int = 4000) -> bool:
    """Whether the loop's ``atan2``, ``cos`` and ``sin`` are this interpreter's ``math``'s bit for bit, on a
    fixed sample (asked once a process): the sidesteps' headings are worked out with them."""
    if "trig" not in _HOLDS:
        import random

        rng = random.Random(848)
        ys = np.array([rng.uniform(-80.0, 80.0) for _ in range(samples)])
        xs = np.array([rng.uniform(-80.0, 80.0) for _ in range(samples)])
        out = np.empty((3, samples))
        _turned(ys, xs, out)
        same = True
        for i, (y, x) in enumerate(zip(ys.tolist(), xs.tolist())):
            h = math.atan2(y, x)
            same = same and (h, math.cos(h + x), math.sin(h - y)) == tuple(out[:, i].tolist())
        _HOLDS["trig"] = same
    return _HOLDS["trig"]
