"""The corner field's loops, compiled (see :mod:`game.table.compiled` and :mod:`game.table.corners`):
the corners' walking distances from the goals, and each point's nearest way to them.

Legs are asked of :func:`game.table.legs_kernel.leg`, so every answer is the batch legs' (BLOCKED,
CLEAR, or UNSURE for the table's single call to settle). A leg the kernel finds BLOCKED leaves the
piece that blocked it, and the next legs a read tries are first held up against the few pieces that
blocked the last ones (:func:`starts_clear_of`, :func:`touches`): most legs toward a corner behind a
building are settled by that one piece, without asking the others. A crowd's points are read one
after another, each starting from the way the point before found.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.table import legs_kernel as lk
from game.table.compiled import (
    compiled,
    compiled_inline,
    crosses_box,
    entry_before,
    python_dist,
    swap_entries,
    to_segment,
)
from game.table.legs_kernel import LEG_CLEARANCE

ASK = 0  # a goal leg's verdict (see node_distances): not yet asked
CLEAR = 1
BLOCKED = 2
UNSURE = 3  # the kernel met it: the table's single call is to settle it
BLOCKERS = 8  # pieces a read remembers as having blocked its last legs
RECALL = 8  # ways a read remembers as found lately (see _hint_bound)
CORNER_CELLS = 20  # cells a side, about, the reached corners are filed by (see corner_cells)


@compiled
def starts_clear_of(lax: float, lay: float, q: int, walls: Any, radius: float) -> bool:
    """Whether a leg from (lax, lay) starts clearly outside piece ``q`` (a convex piece's index, or the
    number of convex pieces plus a wall leg's) grown by the radius: farther than the radius and a
    hair, where the legs kernel judges a leg by the piece alone."""
    poly_first, caps = walls[1], walls[2]
    polys = len(poly_first) - 1
    if q < polys:
        inside, start, _ = lk.poly_from_start(lax, lay, lax, lay, q, walls)
        return not inside and start > radius + LEG_CLEARANCE  # type: ignore[no-any-return]
    c = q - polys
    x1, y1, x2, y2 = caps[0, c], caps[1, c], caps[2, c], caps[3, c]
    return to_segment(lax, lay, x1, y1, x2 - x1, y2 - y1) > radius + caps[4, c] + LEG_CLEARANCE  # type: ignore[no-any-return]


@compiled
def touches(lax: float, lay: float, lbx: float, lby: float, q: int, walls: Any, radius: float) -> bool:
    """For a leg starting clearly outside piece ``q`` (:func:`starts_clear_of`): whether the base
    clearly touches it, as the legs kernel judges (its centre line crosses the piece, or passes
    clearly within the radius)."""
    edges, poly_first, caps, boxes = walls[0], walls[1], walls[2], walls[3]
    polys = len(poly_first) - 1
    dx, dy = lbx - lax, lby - lay
    if not crosses_box(lax, lay, lbx, lby, dx, dy, boxes, q, radius + LEG_CLEARANCE):
        return False
    if q >= polys:
        c = q - polys
        x1, y1, x2, y2 = caps[0, c], caps[1, c], caps[2, c], caps[3, c]
        reach = radius + caps[4, c]
        if reach > LEG_CLEARANCE and lk._crosses(lax, lay, lbx, lby, x1, y1, x2, y2):
            return True
        apart = min(to_segment(lbx, lby, x1, y1, x2 - x1, y2 - y1), to_segment(x1, y1, lax, lay, dx, dy))
        return min(apart, to_segment(x2, y2, lax, lay, dx, dy)) < reach - LEG_CLEARANCE  # type: ignore[no-any-return]
    if radius > LEG_CLEARANCE:
        for e in range(poly_first[q], poly_first[q + 1]):
            if lk._crosses(lax, lay, lbx, lby, edges[0, e], edges[1, e], edges[2, e], edges[3, e]):
                return True
    away = np.inf
    for e in range(poly_first[q], poly_first[q + 1]):
        x1, y1, x2, y2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
        away = min(away, to_segment(lbx, lby, x1, y1, x2 - x1, y2 - y1), to_segment(x1, y1, lax, lay, dx, dy))
    return away < radius - LEG_CLEARANCE  # type: ignore[no-any-return]


@compiled
def piece_blocks(lax: float, lay: float, lbx: float, lby: float, q: int, walls: Any, radius: float) -> bool:
    """Whether a base of ``radius`` sliding along the leg clearly touches piece ``q`` having started
    clearly outside it: a leg the legs kernel would find BLOCKED by that piece alone."""
    near = crosses_box(lax, lay, lbx, lby, lbx - lax, lby - lay, walls[3], q, radius + LEG_CLEARANCE)
    return near and starts_clear_of(lax, lay, q, walls, radius) and touches(lax, lay, lbx, lby, q, walls, radius)  # type: ignore[no-any-return]


@compiled
def _blocker_of(lax: float, lay: float, lbx: float, lby: float, walls: Any, radius: float) -> int:
    """A piece that blocks the leg by itself (see :func:`piece_blocks`), or -1."""
    for q in range(len(walls[1]) - 1 + walls[2].shape[1]):
        if piece_blocks(lax, lay, lbx, lby, q, walls, radius):
            return q
    return -1


@compiled
def node_distances(
    xs: Any, ys: Any, rx: Any, ry: Any, indptr: Any, ends: Any, lengths: Any, gx: Any, gy: Any, verdict: Any,
    taut: float, walls: Any, radius: float, width: float, height: float, dist: Any, parent: Any,
) -> int:  # fmt: skip
    """Every corner's walking distance to the nearest goal: one multi-source search over the corners'
    clear legs (``indptr``/``ends``/``lengths``, both ways), where a corner's straight leg to a goal is
    asked only when it could still be its shortest way (nearest goal first). ``verdict[v, g]`` holds
    each goal leg's answer: CLEAR or BLOCKED as given, ASK to be asked here (written back), UNSURE
    taken as blocked. ``parent[v]``: the corner it walks to next, or -1 - g for goal g, or -1 - G for
    none. The number of UNSURE legs met."""
    n, goals = len(xs), len(gx)
    every = len(walls[1]) - 1 + walls[2].shape[1]
    pieces = np.arange(every)
    near = np.empty(every, np.int64)
    start_at = np.empty(every)
    done = np.zeros(n, np.bool_)
    apart = np.empty((n, goals))
    order = np.empty((n, goals), np.int64)  # each corner's goals, nearest first (ties: listed first)
    count = np.zeros(n, np.int64)  # how many goals each corner could walk straight to
    tried = np.zeros(n, np.int64)
    # a binary heap of (distance, corner, from) in three arrays: from >= 0 a corner, < 0 the goal leg
    # -1 - from; room for one goal leg a corner (the next is pushed only as the last is taken) and
    # every leg's way in (each relaxed once, from the corner done)
    room = n + len(ends) + 1
    hd, hv, hc = np.empty(room), np.empty(room, np.int64), np.empty(room, np.int64)
    size = 0
    for v in range(n):
        dist[v], parent[v] = np.inf, -1 - goals
        m = 0
        for g in range(goals):
            d = math.sqrt((gx[g] - xs[v]) ** 2 + (gy[g] - ys[v]) ** 2)
            # a shortest way leaves a corner along its ring, never straight out from the corner
            if (gx[g] - xs[v]) * rx[v] + (gy[g] - ys[v]) * ry[v] > taut * d:
                continue
            apart[v, g] = d
            i = m
            while i > 0 and apart[v, order[v, i - 1]] > d:
                order[v, i] = order[v, i - 1]
                i -= 1
            order[v, i] = g
            m += 1
        count[v] = m
        if m > 0:
            size = _push(hd, hv, hc, size, apart[v, order[v, 0]], v, -1 - order[v, 0])
    unsure = 0
    while size > 0:
        d, v, came = hd[0], hv[0], hc[0]
        size = _pop(hd, hv, hc, size)
        if done[v] or d > dist[v]:
            continue  # a goal leg no shorter than the way the corner already has is never asked
        if came < 0:  # a goal leg; the corner's next nearest goal waits behind it
            g = -1 - came
            tried[v] += 1
            if tried[v] < count[v]:
                h = order[v, tried[v]]
                size = _push(hd, hv, hc, size, apart[v, h], v, -1 - h)
            if verdict[v, g] == ASK:
                answer = lk.leg(
                    xs[v], ys[v], gx[g], gy[g], walls, radius, width, height, pieces, every, near, start_at
                )
                verdict[v, g] = CLEAR if answer == lk.CLEAR else (BLOCKED if answer == lk.BLOCKED else UNSURE)
                if answer == lk.UNSURE:
                    unsure += 1
            if verdict[v, g] != CLEAR:
                continue
        dist[v], parent[v] = d, came
        done[v] = True
        for k in range(indptr[v], indptr[v + 1]):
            u = ends[k]
            if not done[u] and d + lengths[k] < dist[u]:
                dist[u] = d + lengths[k]
                size = _push(hd, hv, hc, size, dist[u], u, v)
    return unsure


@compiled_inline
def _push(hd: Any, hv: Any, hc: Any, size: int, d: float, v: int, came: int) -> int:
    """Add (d, v, came) to the heap of ``size`` entries; the new size."""
    i = size
    if i >= len(hd):  # never, by the room node_distances makes; a loud stop rather than a stray write
        raise IndexError("the corner field's queue is full")
    hd[i], hv[i], hc[i] = d, v, came
    while i > 0 and entry_before(hd, hv, hc, i, (i - 1) // 2):
        swap_entries(hd, hv, hc, i, (i - 1) // 2)
        i = (i - 1) // 2
    return size + 1


@compiled_inline
def _pop(hd: Any, hv: Any, hc: Any, size: int) -> int:
    """Drop the heap's first entry; the new size."""
    size -= 1
    hd[0], hv[0], hc[0] = hd[size], hv[size], hc[size]
    i = 0
    while True:
        a, b, m = 2 * i + 1, 2 * i + 2, i
        if a < size and entry_before(hd, hv, hc, a, m):
            m = a
        if b < size and entry_before(hd, hv, hc, b, m):
            m = b
        if m == i:
            return size
        swap_entries(hd, hv, hc, i, m)
        i = m


@compiled_inline
def _sift(hk: Any, heap: Any, size: int, i: int) -> None:
    """Restore the min-heap ``heap[:size]`` of candidate indices, ordered by (key, index), below i;
    ``hk[j]`` is ``heap[j]``'s key, kept beside it (read where it is compared)."""
    while True:
        a, b = 2 * i + 1, 2 * i + 2
        m = i
        if a < size and (hk[a] < hk[m] or (hk[a] == hk[m] and heap[a] < heap[m])):
            m = a
        if b < size and (hk[b] < hk[m] or (hk[b] == hk[m] and heap[b] < heap[m])):
            m = b
        if m == i:
            return
        heap[m], heap[i] = heap[i], heap[m]
        hk[m], hk[i] = hk[i], hk[m]
        i = m


@compiled
def _ask(x: float, y: float, bx: float, by: float, walls: Any, radius: float, width: float, height: float,
         scratch: Any, s: int) -> int:  # fmt: skip
    """The leg's answer, held up first against the pieces in ``blockers`` (``memo[0]``: how many are
    known), the one that held a leg last first; a piece that blocks it by itself joins them. Whether
    the point starts clear of a piece is worked out once per point ``s`` (``clear_of``, ``asked_at``).
    ``scratch``: (pieces, near, start_at, blockers, memo, clear_of, asked_at)."""
    pieces, near, start_at, blockers, memo, clear_of, asked_at = scratch
    for b in range(memo[0]):
        q = blockers[b]
        if asked_at[q] != s:
            clear_of[q], asked_at[q] = starts_clear_of(x, y, q, walls, radius), s
        if clear_of[q] and touches(x, y, bx, by, q, walls, radius):
            for i in range(b, 0, -1):  # the piece that held it is asked first next time
                blockers[i] = blockers[i - 1]
            blockers[0] = q
            return lk.BLOCKED
    answer = lk.leg(x, y, bx, by, walls, radius, width, height, pieces, len(pieces), near, start_at)
    if answer == lk.BLOCKED:
        q = near[0]  # the piece that blocked it, unless the table's edge did
        if not (0 <= q < len(pieces) and piece_blocks(x, y, bx, by, q, walls, radius)):
            q = _blocker_of(x, y, bx, by, walls, radius)
        if q >= 0:  # first in line; the one asked least lately drops out
            known = min(memo[0] + 1, len(blockers))
            for i in range(known - 1, 0, -1):
                blockers[i] = blockers[i - 1]
            blockers[0] = q
            memo[0] = known
    return answer  # type: ignore[no-any-return]


@compiled
def _corner_key(x: float, y: float, v: int, xs: Any, ys: Any, rx: Any, ry: Any, dist: Any, taut: float) -> float:
    """The shortest walk from (x, y) through corner ring point v: inf where the leg would leave the ring
    straight out from its corner (no shortest way does)."""
    dx, dy = xs[v] - x, ys[v] - y
    d = math.sqrt(dx * dx + dy * dy)
    if -dx * rx[v] - dy * ry[v] > taut * d:
        return np.inf
    return dist[v] + d  # type: ignore[no-any-return]


@compiled_inline
def _nearest_goal(x: float, y: float, gx: Any, gy: Any, keys: Any) -> tuple[int, float]:
    """Each goal's straight-line distance from (x, y) written to ``keys``; (the nearest goal, -1 where
    there are none; its distance)."""
    first, least = -1, np.inf
    for g in range(len(gx)):
        gdx, gdy = gx[g] - x, gy[g] - y
        keys[g] = math.sqrt(gdx * gdx + gdy * gdy)
        if keys[g] < least:
            first, least = g, keys[g]
    return first, least


@compiled_inline
def _hint_bound(
    x: float, y: float, hints: Any, first: int, keys: Any, xs: Any, ys: Any, rx: Any, ry: Any, dist: Any,
    gx: Any, gy: Any, taut: float, walls: Any, radius: float, width: float, height: float, scratch: Any, s: int,
) -> tuple[float, int]:  # fmt: skip
    """The way the point before found, if this point sees it too, bounds the answer: only the ways before
    it need asking (a horde asked in order shares its ways), and no corner farther from the goals than
    that. Where it does not see that way, the shortest of the other ways found lately (``hints``, the
    latest first) that it sees bounds it. (The bound, inf where there is none; the hinted way, -1 where
    none.)"""
    goals = len(gx)
    bound, last = np.inf, -1
    for i in range(len(hints)):
        hint = hints[i]
        if hint < 0:
            break
        if hint == first:
            continue
        if hint < goals:
            hx, hy, key = gx[hint], gy[hint], keys[hint]
        else:
            hx, hy, key = (
                xs[hint - goals],
                ys[hint - goals],
                _corner_key(x, y, hint - goals, xs, ys, rx, ry, dist, taut),
            )
        # any way it sees bounds the answer; only a shorter one (or as short and listed first) helps
        if key < bound or (key == bound and hint < last):
            if _ask(x, y, hx, hy, walls, radius, width, height, scratch, s) == lk.CLEAR:
                bound, last = key, hint
                if i == 0:
                    break  # the point before's way: the others are seldom shorter
    return bound, last


@compiled_inline
def _recall(hints: Any, way: int) -> None:
    """Put ``way`` first among the ways found lately, the one asked least lately dropping out."""
    j = 0
    while j < len(hints) - 1 and hints[j] != way:
        j += 1
    while j > 0:
        hints[j] = hints[j - 1]
        j -= 1
    hints[0] = way


@compiled
def corner_cells(xs: Any, ys: Any, dist: Any, by_distance: Any, across: int) -> tuple[Any, Any, Any, Any]:
    """The reached corners filed by square cells, about ``across`` a side, for :func:`_gather_ways` to pass over the cells no
    corner of which could be a short enough way: (the cells' origin x, y and side, their columns and rows;
    where each cell's corners start in ``members``, ``members``; each cell's least distance to the goals,
    inf for none)."""
    n = len(by_distance)
    x0, y0, x1, y1 = np.inf, np.inf, -np.inf, -np.inf
    for v in by_distance:
        x0, y0, x1, y1 = min(x0, xs[v]), min(y0, ys[v]), max(x1, xs[v]), max(y1, ys[v])
    if n == 0:
        x0, y0, x1, y1 = 0.0, 0.0, 1.0, 1.0
    side = max((max(x1 - x0, y1 - y0) + 1.0) / max(across, 1), 1.0)
    nx, ny = int((x1 - x0) / side) + 1, int((y1 - y0) / side) + 1
    cell_of = np.empty(n, np.int64)
    starts = np.zeros(nx * ny + 1, np.int64)
    least = np.full(nx * ny, np.inf)
    for i in range(n):
        v = by_distance[i]
        c = min(int((ys[v] - y0) / side), ny - 1) * nx + min(int((xs[v] - x0) / side), nx - 1)
        cell_of[i] = c
        starts[c + 1] += 1
        least[c] = min(least[c], dist[v])
    for c in range(nx * ny):
        starts[c + 1] += starts[c]
    members = np.empty(n, np.int64)  # in each cell, nearest the goals first, as by_distance
    filled = starts[:-1].copy()
    for i in range(n):
        members[filled[cell_of[i]]] = by_distance[i]
        filled[cell_of[i]] += 1
    shape = np.array([x0, y0, side, nx, ny])
    return shape, starts, members, least


@compiled_inline
def _gather_ways(
    x: float, y: float, first: int, bound: float, last: int, keys: Any, queue: Any, cells: Any, xs: Any,
    ys: Any, rx: Any, ry: Any, dist: Any, goals: int, taut: float,
) -> int:  # fmt: skip
    """The ways still worth asking (each goal but the nearest, each reached corner) that could give a walk
    shorter than the bound (or as short and not after the hinted way), put into ``heap`` as a heap by
    (key, index); how many. With a bound, only the ``cells`` (:func:`corner_cells`) near enough for a
    corner of theirs to give such a walk are looked into (the order they are put in is no matter: the
    heap gives them back by key and index)."""
    hk, heap = queue
    size = 0
    for g in range(goals):
        if g != first and (keys[g] < bound or (keys[g] == bound and g <= last)):
            heap[size], hk[size] = g, keys[g]
            size += 1
    shape, starts, members, least = cells
    x0, y0, side, nx, ny = shape[0], shape[1], shape[2], int(shape[3]), int(shape[4])
    for j in range(ny):
        low = y0 + j * side
        off_y = max(low - y, y - (low + side), 0.0)
        for i in range(nx):
            c = j * nx + i
            room = bound - least[c]
            if room < 0.0:
                continue  # empty (inf), or every corner in it farther from the goals than the bound
            left = x0 + i * side
            off_x = max(left - x, x - (left + side), 0.0)
            reach = room * (1.0 + 1e-6) + 1e-6  # (a wide margin: each corner's own test decides)
            if off_x * off_x + off_y * off_y > reach * reach:
                continue
            for m in range(starts[c], starts[c + 1]):
                v = members[m]
                room = bound - dist[v]
                if room < 0.0:
                    break  # the cell's corners come nearest the goals first
                if room < np.inf and (xs[v] - x) ** 2 + (ys[v] - y) ** 2 > room * room * (1.0 + 1e-9):
                    continue  # clearly no shorter than the bound (the square root spared)
                k = goals + v
                keys[k] = _corner_key(x, y, v, xs, ys, rx, ry, dist, taut)
                if keys[k] < bound or (keys[k] == bound and k <= last):
                    heap[size], hk[size] = k, keys[k]
                    size += 1
    for i in range(size // 2 - 1, -1, -1):
        _sift(hk, heap, size, i)
    return size


@compiled_inline
def _try_ways(
    x: float, y: float, keys: Any, queue: Any, size: int, held_by: Any, tries: int, xs: Any, ys: Any, gx: Any,
    gy: Any, walls: Any, radius: float, width: float, height: float, scratch: Any, s: int,
) -> tuple[int, int, int]:  # fmt: skip
    """The ways in ``heap``, shortest first, until a leg to one is CLEAR or UNSURE: (that answer, or
    BLOCKED when every leg is; the way; how many ways were tried, with the ``tries`` before)."""
    goals = len(gx)
    blockers, memo, clear_of, asked_at = scratch[3], scratch[4], scratch[5], scratch[6]
    hk, heap = queue
    while size > 0:
        k = heap[0]
        size -= 1
        heap[0], hk[0] = heap[size], hk[size]
        _sift(hk, heap, size, 0)
        bx, by = (gx[k], gy[k]) if k < goals else (xs[k - goals], ys[k - goals])
        tries += 1
        # the piece that held the last leg to this way is likely to hold this one (the points come
        # one after another): a piece that blocks the leg by itself settles it, whichever it is
        q = held_by[k]
        if q >= 0:
            if asked_at[q] != s:
                clear_of[q], asked_at[q] = starts_clear_of(x, y, q, walls, radius), s
            if clear_of[q] and touches(x, y, bx, by, q, walls, radius):
                continue
        answer = _ask(x, y, bx, by, walls, radius, width, height, scratch, s)
        if answer == lk.CLEAR or answer == lk.UNSURE:
            return answer, k, tries
        if memo[0] > 0:
            held_by[k] = blockers[0]  # the piece _ask found holding it, put first
    return lk.BLOCKED, -1, tries


@compiled_inline
def _ask_scratch(walls: Any) -> tuple[Any, Any, Any, Any, Any, Any, Any]:
    """:func:`_ask`'s scratch for a crowd's reads: (pieces, near, start_at, blockers, memo, clear_of,
    asked_at)."""
    every = len(walls[1]) - 1 + walls[2].shape[1]
    return (
        np.arange(every),
        np.empty(every, np.int64),
        np.empty(every),
        np.full(BLOCKERS, -1, np.int64),
        np.zeros(1, np.int64),
        np.zeros(every, np.bool_),
        np.full(every, -1, np.int64),
    )


@compiled_inline
def _guess(x: float, y: float, px: Any, py: Any, out: Any, s: int) -> float:
    """A guess at point ``s``'s walking distance: the point before's, and the straight line between them
    (the points come one after another), with a hair to spare; inf where there is no point before or it
    reaches no goal. Only a guess: a shortest way need not pass by the point before."""
    if s == 0 or not out[s - 1] < np.inf:
        return np.inf
    dx, dy = x - px[s - 1], y - py[s - 1]
    return (out[s - 1] + math.sqrt(dx * dx + dy * dy)) * (1.0 + 1e-9) + 1e-9  # type: ignore[no-any-return]


@compiled
def read_ways(
    px: Any, py: Any, xs: Any, ys: Any, rx: Any, ry: Any, dist: Any, by_distance: Any, gx: Any, gy: Any, taut: float,
    walls: Any, radius: float, width: float, height: float, out: Any, way: Any, resume: Any, recall: int = RECALL,
    across: int = CORNER_CELLS, guess_unbound: bool = True,
) -> None:  # fmt: skip
    """Each point's walking distance to the nearest goal, and its way there: the goal (``way`` g < G)
    or the corner (G + v) its first straight leg goes to, -1 where none can be reached. The nearest
    goal in a straight line is tried first (no way round a corner is shorter), then the other ways by
    how short a walk they could give (each corner's distance plus the straight line; ties: the lower
    index); the first CLEAR leg is the answer. Where a leg is UNSURE, ``way`` is -2 and ``resume``
    how many ways were tried before it, for the single call to go on from. ``by_distance``: the
    reached corners, nearest the goals first. ``recall``: how many ways found lately bound a point's
    search (:func:`_hint_bound`); ``across``: cells a side the corners are filed by (:func:`corner_cells`);
    ``guess_unbound``: where none of those ways is in sight, the ways shorter than :func:`_guess` are tried
    first (every way shorter than the answer is among them when it is), and all of them again when none
    is clear. None changes an answer: ``recall=1, across=1, guess_unbound=False`` is the plain search (the
    point before's way, every corner by its distance)."""
    goals = len(gx)
    total = len(xs) + goals
    keys = np.empty(total)
    queue = (np.empty(total), np.empty(total, np.int64))  # a heap of ways, each key beside its way
    scratch = _ask_scratch(walls)
    held_by = np.full(total, -1, np.int64)  # each way's piece that last held a leg to it (see _try_ways)
    hints = np.full(max(recall, 1), -1, np.int64)  # the ways found lately, the point before's first
    cells = corner_cells(xs, ys, dist, by_distance, across)
    for s in range(len(px)):
        x, y = px[s], py[s]
        if s > 0 and way[s - 1] >= 0:
            _recall(hints, way[s - 1])
        out[s], way[s] = np.inf, -1
        first, least = _nearest_goal(x, y, gx, gy, keys)
        tries = 0
        if first >= 0:
            tries = 1
            answer = _ask(x, y, gx[first], gy[first], walls, radius, width, height, scratch, s)
            if answer == lk.CLEAR:
                out[s], way[s] = least, first
                continue
            if answer == lk.UNSURE:
                way[s], resume[s] = -2, 0
                continue
        bound, last = _hint_bound(
            x, y, hints, first, keys, xs, ys, rx, ry, dist, gx, gy, taut, walls, radius, width, height, scratch, s
        )
        answer, k, tried = lk.BLOCKED, -1, tries
        guess = _guess(x, y, px, py, out, s) if bound == np.inf and guess_unbound else np.inf
        if guess < np.inf:  # only the ways shorter than the guess, then all of them afresh if none is clear
            size = _gather_ways(x, y, first, guess, -1, keys, queue, cells, xs, ys, rx, ry, dist, goals, taut)
            answer, k, tried = _try_ways(
                x, y, keys, queue, size, held_by, tries, xs, ys, gx, gy, walls, radius, width, height, scratch, s
            )
        if answer == lk.BLOCKED:
            size = _gather_ways(x, y, first, bound, last, keys, queue, cells, xs, ys, rx, ry, dist, goals, taut)
            answer, k, tried = _try_ways(
                x, y, keys, queue, size, held_by, tries, xs, ys, gx, gy, walls, radius, width, height, scratch, s
            )
        tries = tried
        if answer == lk.CLEAR:
            out[s], way[s] = keys[k], k
        elif answer == lk.UNSURE:
            way[s], resume[s] = -2, tries - 1


@compiled
def walk_ways(
    px: Any, py: Any, way: Any, parent: Any, xs: Any, ys: Any, gx: Any, gy: Any, length: float,
    firsts: Any, out_x: Any, out_y: Any,
) -> int:  # fmt: skip
    """Each start's way followed for ``length`` inches, cut as ``truncate_path`` cuts a path (measuring
    with :func:`game.table.compiled.python_dist`): the points after the start, start s's from
    ``firsts[s]`` to ``firsts[s + 1]`` in ``out_x``/``out_y``. With ``out_x`` too short (or empty),
    only ``firsts`` is filled; the number of points either way."""
    goals = len(gx)
    m = 0
    for s in range(len(px)):
        firsts[s] = m
        hx, hy = px[s], py[s]
        left = max(0.0, length)
        k = way[s]
        while k >= 0:
            tx, ty = (gx[k], gy[k]) if k < goals else (xs[k - goals], ys[k - goals])
            leg = python_dist(hx, hy, tx, ty)
            if leg > left:
                if left > 0.0:
                    f = left / leg
                    if m < len(out_x):
                        out_x[m], out_y[m] = hx + (tx - hx) * f, hy + (ty - hy) * f
                    m += 1
                break
            if m < len(out_x):
                out_x[m], out_y[m] = tx, ty
            m += 1
            left -= leg
            hx, hy = tx, ty
            if k < goals:
                break
            up = parent[k - goals]
            k = goals + up if up >= 0 else -1 - up
    firsts[len(px)] = m
    return m
