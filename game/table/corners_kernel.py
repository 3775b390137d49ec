"""The corner field's loops, compiled (see :mod:`game.table.compiled` and :mod:`game.table.corners`):
the corners' walking distances from the goals, and each point's nearest way to them.

Legs are asked of :func:`game.table.legs_kernel.leg`, so every answer is the batch legs' (BLOCKED,
CLEAR, or UNSURE for the table's single call to settle). A leg the kernel finds BLOCKED names the
piece that blocks it (:func:`piece_blocks`), and the next legs a read tries are first held up
against the few pieces that blocked the last ones: most legs toward a corner behind a building are
settled by that one piece, without asking the others.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.table import legs_kernel as lk
from game.table.compiled import compiled, crosses_box, to_segment
from game.table.legs_batch import LEG_CLEARANCE

ASK = 0  # a goal leg's verdict (see node_distances): not yet asked
CLEAR = 1
BLOCKED = 2
UNSURE = 3  # the kernel met it: the table's single call is to settle it
BLOCKERS = 8  # pieces a read remembers as having blocked its last legs


@compiled
def piece_blocks(lax: float, lay: float, lbx: float, lby: float, q: int, walls: Any, radius: float) -> bool:
    """Whether a base of ``radius`` sliding along the leg clearly touches piece ``q`` (a convex piece's
    index, or the number of convex pieces plus a wall leg's) having started clearly outside it: a
    leg the legs kernel would find BLOCKED by that piece alone."""
    edges, poly_first, caps, boxes = walls
    polys = len(poly_first) - 1
    dx, dy = lbx - lax, lby - lay
    if not crosses_box(lax, lay, lbx, lby, dx, dy, boxes, q, radius + LEG_CLEARANCE):
        return False
    if q < polys:
        inside, start, crossed = lk.poly_from_start(lax, lay, lbx, lby, q, walls)
        if inside:
            return False  # starting inside: the single call's to say
        away = np.inf
        for e in range(poly_first[q], poly_first[q + 1]):
            x1, y1, x2, y2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
            away = min(away, to_segment(lbx, lby, x1, y1, x2 - x1, y2 - y1), to_segment(x1, y1, lax, lay, dx, dy))
        reach = radius
    else:
        c = q - polys
        x1, y1, x2, y2 = caps[0, c], caps[1, c], caps[2, c], caps[3, c]
        start = to_segment(lax, lay, x1, y1, x2 - x1, y2 - y1)
        crossed = lk._crosses(lax, lay, lbx, lby, x1, y1, x2, y2)
        reach = radius + caps[4, c]
        apart = min(to_segment(lbx, lby, x1, y1, x2 - x1, y2 - y1), to_segment(x1, y1, lax, lay, dx, dy))
        away = min(apart, to_segment(x2, y2, lax, lay, dx, dy))
    if start <= reach + LEG_CLEARANCE:
        return False
    if crossed and reach > LEG_CLEARANCE:
        return True
    return away < reach - LEG_CLEARANCE


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
    # -1 - from; room for every corner's goals and every leg's way in
    room = n * max(goals, 1) + len(ends) + 1
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


@compiled
def _before(hd: Any, hv: Any, hc: Any, i: int, j: int) -> bool:
    """Whether heap entry i comes before entry j: by distance, then corner, then where from."""
    if hd[i] != hd[j]:
        return hd[i] < hd[j]  # type: ignore[no-any-return]
    if hv[i] != hv[j]:
        return hv[i] < hv[j]  # type: ignore[no-any-return]
    return hc[i] < hc[j]  # type: ignore[no-any-return]


@compiled
def _swap(hd: Any, hv: Any, hc: Any, i: int, j: int) -> None:
    hd[i], hd[j] = hd[j], hd[i]
    hv[i], hv[j] = hv[j], hv[i]
    hc[i], hc[j] = hc[j], hc[i]


@compiled
def _push(hd: Any, hv: Any, hc: Any, size: int, d: float, v: int, came: int) -> int:
    """Add (d, v, came) to the heap of ``size`` entries; the new size."""
    i = size
    hd[i], hv[i], hc[i] = d, v, came
    while i > 0 and _before(hd, hv, hc, i, (i - 1) // 2):
        _swap(hd, hv, hc, i, (i - 1) // 2)
        i = (i - 1) // 2
    return size + 1


@compiled
def _pop(hd: Any, hv: Any, hc: Any, size: int) -> int:
    """Drop the heap's first entry; the new size."""
    size -= 1
    hd[0], hv[0], hc[0] = hd[size], hv[size], hc[size]
    i = 0
    while True:
        a, b, m = 2 * i + 1, 2 * i + 2, i
        if a < size and _before(hd, hv, hc, a, m):
            m = a
        if b < size and _before(hd, hv, hc, b, m):
            m = b
        if m == i:
            return size
        _swap(hd, hv, hc, i, m)
        i = m


@compiled
def _sift(keys: Any, ids: Any, heap: Any, size: int, i: int) -> None:
    """Restore the min-heap ``heap[:size]`` of candidate indices, ordered by (key, index), below i."""
    while True:
        a, b = 2 * i + 1, 2 * i + 2
        m = i
        if a < size and (keys[heap[a]] < keys[heap[m]] or (keys[heap[a]] == keys[heap[m]] and heap[a] < heap[m])):
            m = a
        if b < size and (keys[heap[b]] < keys[heap[m]] or (keys[heap[b]] == keys[heap[m]] and heap[b] < heap[m])):
            m = b
        if m == i:
            return
        heap[m], heap[i] = heap[i], heap[m]
        i = m


@compiled
def read_ways(
    px: Any, py: Any, xs: Any, ys: Any, rx: Any, ry: Any, dist: Any, gx: Any, gy: Any, taut: float,
    walls: Any, radius: float, width: float, height: float, out: Any, way: Any, resume: Any,
) -> None:  # fmt: skip
    """Each point's walking distance to the nearest goal, and its way there: the goal (``way`` g < G)
    or the corner (G + v) its first straight leg goes to, -1 where none can be reached. The ways are
    tried by how short a walk they could give (each corner's distance plus the straight line; ties:
    the lower index), the first CLEAR leg is the answer. Where a leg is UNSURE, ``way`` is -2 and
    ``resume`` how many ways were tried before it, for the single call to go on from."""
    n, goals = len(xs), len(gx)
    total = n + goals
    every = len(walls[1]) - 1 + walls[2].shape[1]
    pieces = np.arange(every)
    near = np.empty(every, np.int64)
    start_at = np.empty(every)
    keys = np.empty(total)
    heap = np.empty(total, np.int64)
    blockers = np.full(BLOCKERS, -1, np.int64)
    known, slot = 0, 0
    for s in range(len(px)):
        x, y = px[s], py[s]
        size = 0
        for k in range(total):
            if k < goals:
                keys[k] = math.sqrt((gx[k] - x) ** 2 + (gy[k] - y) ** 2)
            else:
                v = k - goals
                d = math.sqrt((xs[v] - x) ** 2 + (ys[v] - y) ** 2)
                keys[k] = dist[v] + d
                if (x - xs[v]) * rx[v] + (y - ys[v]) * ry[v] > taut * d:
                    keys[k] = np.inf  # a shortest way reaches a corner along its ring
            if keys[k] < np.inf:
                heap[size] = k
                size += 1
        for i in range(size // 2 - 1, -1, -1):
            _sift(keys, heap, heap, size, i)
        out[s], way[s] = np.inf, -1
        tries = 0
        while size > 0:
            k = heap[0]
            size -= 1
            heap[0] = heap[size]
            _sift(keys, heap, heap, size, 0)
            bx, by = (gx[k], gy[k]) if k < goals else (xs[k - goals], ys[k - goals])
            tries += 1
            held = False
            for b in range(known):
                if piece_blocks(x, y, bx, by, blockers[b], walls, radius):
                    held = True
                    break
            if held:
                continue
            answer = lk.leg(x, y, bx, by, walls, radius, width, height, pieces, every, near, start_at)
            if answer == lk.CLEAR:
                out[s], way[s] = keys[k], k
                break
            if answer == lk.UNSURE:
                way[s], resume[s] = -2, tries - 1
                break
            q = _blocker_of(x, y, bx, by, walls, radius)
            if q >= 0:
                blockers[slot] = q
                slot = (slot + 1) % BLOCKERS
                known = min(known + 1, BLOCKERS)
