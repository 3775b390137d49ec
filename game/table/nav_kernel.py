"""The walking grid's searches, compiled (see :mod:`game.table.compiled`).

:func:`grid_field` is the distance field: a multi-source Dijkstra over the grid's links (its queue
a ring of buckets), and each cell's next cell toward its nearest goal, exactly as
:func:`scipy.sparse.csgraph.dijkstra` finds them (``game.table.nav`` checks that on each grid's
first field, and keeps SciPy's search for a grid where they differ).

The distances are the same numbers: each is the least of a seed's offset and a neighbour's
distance plus the link's cost, the same sums in the same floating point, whatever order the cells
are settled in. The next cell is chosen by the rule SciPy's search follows: SciPy settles cells
nearest first, and among equally near ones the highest index first, and a cell keeps the first
settled neighbour that gives its distance; so of the neighbours whose distance plus the link's cost
gives the cell's, the nearest, and of those the highest index; none for a seed whose own offset
gives its distance (the extra source SciPy starts from settles first of all). Links run both ways
at one cost, so a cell's links out are its links in.

:func:`pull_taut_many` pulls a horde's chains of cells taut, each leg asked of the legs kernel
(:func:`game.table.legs_kernel.leg`), a leg it cannot settle left to the single call.

:func:`a_star` is one walker's search, the very cells of the Python A* it replaced: the open cells
are taken in the order of (estimate, distance so far, cell), as ``heapq`` took those triples, and a
cell's way in is the first that reaches it at its least distance.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.table.compiled import compiled, entry_before, python_dist, swap_entries
from game.table.legs_kernel import BLOCKED, CLEAR, LEG_CLEARANCE, UNSURE, boxes_meeting, leg


@compiled
def _sift_up(keys: Any, items: Any, at: Any, i: int, key: float, item: int) -> None:
    """Put ``item`` with ``key`` at heap slot ``i`` or above (its parents larger move down)."""
    while i > 0:
        parent = (i - 1) >> 1
        if keys[parent] <= key:
            break
        keys[i], items[i] = keys[parent], items[parent]
        at[items[i]] = i
        i = parent
    keys[i], items[i] = key, item
    at[item] = i


@compiled
def offer(keys: Any, items: Any, at: Any, size: int, key: float, item: int) -> int:
    """A binary heap that holds each item once (``at``: its slot, -1 when not in the heap): add the
    item, or lower its key; the new size."""
    i = at[item]
    if i < 0:
        _sift_up(keys, items, at, size, key, item)
        return size + 1
    _sift_up(keys, items, at, i, key, item)  # keys only ever fall
    return size


@compiled
def take(keys: Any, items: Any, at: Any, size: int) -> tuple[int, int]:
    """Take the item of least key from the heap: (the item, the new size)."""
    item = items[0]
    at[item] = -1
    size -= 1
    if size == 0:
        return item, size
    last_key, last_item = keys[size], items[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and keys[child + 1] < keys[child]:
            child += 1
        if keys[child] >= last_key:
            break
        keys[i], items[i] = keys[child], items[child]
        at[items[i]] = i
        i = child
    keys[i], items[i] = last_key, last_item
    at[last_item] = i
    return item, size


@compiled
def grid_field(
    indptr: Any,
    indices: Any,
    costs: Any,
    n: int,
    seed_cells: Any,
    seed_offsets: Any,
    least: float,
    most: float,
) -> tuple[Any, Any]:
    """(each cell's distance from the nearest seed, inf where none is reachable; each cell's next cell
    toward it, -1 at a seed and where nothing is reachable) over the ``n`` cells' links (CSR:
    ``indptr``, ``indices``, ``costs``; the shortest link ``least`` long, the longest ``most``), each
    seed starting at its offset (at least 1e-12, as SciPy's search reads a seed linked from an extra
    source node): :func:`narrowed_field` with every cell searched, set up without an earlier field
    (its buckets filled straight from the seeds: a fifth quicker than through the narrowing's own
    set-up)."""
    if not least > 0.0 or not most < np.inf:
        everywhere = np.ones(n, np.bool_)
        nowhere = np.full(n, np.inf)
        no_way = np.full(n, -1, np.int64)
        return narrowed_field(
            indptr, indices, costs, nowhere, no_way, everywhere, seed_cells, seed_offsets, least, most
        )
    width = 2.0 ** np.floor(np.log2(least))
    dist = np.full(n, np.inf)
    toward = np.full(n, -1, np.int64)
    reach = int(most / width) + 1  # buckets ahead of the present one a link can reach
    for s in range(len(seed_cells)):
        reach = max(reach, int(max(seed_offsets[s], 1e-12) / width) + 1)
    head = np.full(_ring(reach + 1), -1, np.int64)
    room = int(indptr[n]) + len(seed_cells)  # an entry per lowered distance: at most one a link
    cell_of = np.empty(room, np.int64)
    after = np.empty(room, np.int64)
    used = 0
    for s in range(len(seed_cells)):
        k = seed_cells[s]
        offset = max(seed_offsets[s], 1e-12)
        if offset < dist[k]:
            dist[k] = offset
            slot = int(offset / width) & (len(head) - 1)
            cell_of[used], after[used] = k, head[slot]
            head[slot] = used
            used += 1
    _settle(indptr, indices, costs, dist, toward, np.zeros(n, np.bool_), cell_of, after, head, used, 0, width)
    _seeds_lead_nowhere(seed_cells, seed_offsets, dist, np.ones(n, np.bool_), toward)
    return dist, toward


@compiled
def _ring(span: int) -> int:
    """How many buckets a ring of at least ``span`` has: a power of two."""
    size = 1
    while size < span:
        size *= 2
    return size


@compiled
def _seeds_lead_nowhere(seed_cells: Any, seed_offsets: Any, dist: Any, these: Any, toward: Any) -> None:
    """No next cell (-1) for a seed among ``these`` whose own offset gives its distance."""
    for s in range(len(seed_cells)):
        k = seed_cells[s]
        if these[k] and max(seed_offsets[s], 1e-12) == dist[k]:
            toward[k] = -1


@compiled
def narrowed_field(
    indptr: Any,
    indices: Any,
    costs: Any,
    old_dist: Any,
    old_toward: Any,
    under: Any,
    seed_cells: Any,
    seed_offsets: Any,
    least: float,
    most: float,
) -> tuple[Any, Any]:
    """:func:`grid_field` of ``seed_cells`` made from an earlier field (``old_dist``, ``old_toward``) of
    more or nearer seeds: only the cells ``under`` marks (those whose way led to a seed now dropped or
    farther) are searched again, entered from their neighbours outside at those neighbours' kept
    distances, and from the seeds among them; every other cell keeps its distance and next cell.
    (With every cell marked, that is the whole search.)

    A Dijkstra whose queue is a ring of buckets (Dial's) when every link has a length: a bucket holds
    the cells whose distance lies in one span of ``width``, a power of two no longer than the
    shortest link. A cell taken from a bucket can only lower its neighbours into later buckets (its
    distance plus a link is at least the next bucket's start, which is a float exactly), so every
    cell in a bucket is settled when the bucket is reached, in whatever order it is taken; and a
    cell's next cell is chosen as it is settled, its nearer neighbours being settled already.
    Otherwise a binary heap (:func:`_heap_search`)."""
    n = len(old_dist)
    dist = old_dist.copy()
    toward = old_toward.copy()
    room = int(indptr[n]) + len(seed_cells)  # an entry per lowered distance: at most one a link
    cell_of = np.empty(room, np.int64)
    key_of = np.empty(room)
    used = _entries(indptr, indices, costs, old_dist, under, seed_cells, seed_offsets, dist, cell_of, key_of)
    if not least > 0.0 or not most < np.inf:
        _heap_search(indptr, indices, costs, under, dist, cell_of, key_of, used)
        _next_cells(indptr, indices, costs, dist, under, seed_cells, seed_offsets, toward)
        return dist, toward
    width = 2.0 ** np.floor(np.log2(least))
    done = np.zeros(n, np.bool_)  # the cells outside keep their distances: settled from the start
    for v in range(n):
        if under[v]:
            toward[v] = -1
        else:
            done[v] = True
    if used == 0:
        return dist, toward
    first, last = int(key_of[0] / width), int(key_of[0] / width)
    for e in range(used):
        first = min(first, int(key_of[e] / width))
        last = max(last, int(key_of[e] / width))
    ring = _ring((last - first) + int(most / width) + 2)  # every bucket an entry can wait in, once
    head = np.full(ring, -1, np.int64)
    after = np.empty(room, np.int64)
    for e in range(used):
        slot = int(key_of[e] / width) & (ring - 1)
        after[e], head[slot] = head[slot], e
    _settle(indptr, indices, costs, dist, toward, done, cell_of, after, head, used, first, width)
    _seeds_lead_nowhere(seed_cells, seed_offsets, dist, under, toward)
    return dist, toward


@compiled
def _settle(
    indptr: Any,
    indices: Any,
    costs: Any,
    dist: Any,
    toward: Any,
    done: Any,
    cell_of: Any,
    after: Any,
    head: Any,
    used: int,
    bucket: int,
    width: float,
) -> None:
    """:func:`narrowed_field`'s buckets taken in turn from ``bucket`` on, each cell settled with its
    next cell (``used`` entries waiting, on lists by ``head`` and ``after``)."""
    ring = len(head) - 1  # a power of two, less one: a bucket's slot is its number's low bits
    per = 1.0 / width  # exactly, width being a power of two
    waiting = used
    while waiting > 0:
        slot = bucket & ring
        entry = head[slot]
        head[slot] = -1
        while entry >= 0:
            waiting -= 1
            u = cell_of[entry]
            entry = after[entry]
            if done[u]:
                continue  # lowered since, and taken from an earlier bucket
            done[u] = True
            d = dist[u]
            best, via = np.inf, -1
            for link in range(indptr[u], indptr[u + 1]):
                v = indices[link]
                dv = dist[v]
                c = costs[link]
                if dv + c == d:
                    # a way in by _next_cells' rule: at least a bucket nearer (the link is at least
                    # a bucket long), so settled already; no cell still waiting can give this
                    if dv < best or (dv == best and v > via):
                        best, via = dv, v
                    continue
                nd = d + c
                if nd < dv and not done[v]:
                    dist[v] = nd
                    to = int(nd * per) & ring
                    cell_of[used], after[used] = v, head[to]
                    head[to] = used
                    used += 1
                    waiting += 1
            toward[u] = via
        bucket += 1


@compiled
def _entries(
    indptr: Any,
    indices: Any,
    costs: Any,
    old_dist: Any,
    under: Any,
    seed_cells: Any,
    seed_offsets: Any,
    dist: Any,
    cell_of: Any,
    key_of: Any,
) -> int:
    """Where :func:`narrowed_field`'s search starts: ``dist`` (a copy of ``old_dist``) set to inf at
    the cells searched, then lowered at the seeds among them and at their ways in from the cells
    outside, each lowering an entry (``cell_of``, ``key_of``); how many."""
    used = 0
    for v in range(len(old_dist)):
        if under[v]:
            dist[v] = np.inf
    for s in range(len(seed_cells)):
        k = seed_cells[s]
        offset = max(seed_offsets[s], 1e-12)
        if under[k] and offset < dist[k]:
            dist[k] = offset
            cell_of[used], key_of[used] = k, offset
            used += 1
    if under.all():
        return used  # no cell outside: no way in from one
    for v in range(len(old_dist)):  # the way in from outside
        if not under[v]:
            continue
        for link in range(indptr[v], indptr[v + 1]):
            u = indices[link]
            if not under[u]:
                nd = old_dist[u] + costs[link]
                if nd < dist[v]:
                    dist[v] = nd
                    cell_of[used], key_of[used] = v, nd
                    used += 1
    return used


@compiled
def _heap_search(
    indptr: Any, indices: Any, costs: Any, under: Any, dist: Any, cell_of: Any, key_of: Any, used: int
) -> None:
    """:func:`narrowed_field`'s distances with a binary heap for its queue (any link lengths), from
    the ``used`` entries :func:`_entries` made (``cell_of``, ``key_of``), into ``dist``."""
    n = len(dist)
    keys = np.empty(n)
    items = np.empty(n, np.int64)
    at = np.full(n, -1, np.int64)
    size = 0
    for e in range(used):  # each a lowering of its cell's key
        size = offer(keys, items, at, size, key_of[e], cell_of[e])
    while size > 0:
        u, size = take(keys, items, at, size)
        d = dist[u]
        for link in range(indptr[u], indptr[u + 1]):
            v = indices[link]
            if under[v]:
                nd = d + costs[link]
                if nd < dist[v]:
                    dist[v] = nd
                    size = offer(keys, items, at, size, nd, v)


@compiled
def _next_cells(
    indptr: Any, indices: Any, costs: Any, dist: Any, these: Any, seed_cells: Any, seed_offsets: Any, toward: Any
) -> None:
    """Set ``toward`` at the cells ``these`` marks, from the distances, by SciPy's rule: of the
    neighbours whose distance plus the link's cost gives the cell's, the nearest, and of those the
    highest index; -1 for a seed whose own offset gives its distance, and where none is reachable."""
    for v in range(len(dist)):
        if not these[v]:
            continue
        dv = dist[v]
        best, via = np.inf, -1
        if dv < np.inf:
            for link in range(indptr[v], indptr[v + 1]):  # links run both ways at one cost
                u = indices[link]
                du = dist[u]
                if du + costs[link] == dv and (du < best or (du == best and u > via)):
                    best, via = du, u
        toward[v] = via
    _seeds_lead_nowhere(seed_cells, seed_offsets, dist, these, toward)


@compiled
def a_star(indptr: Any, indices: Any, costs: Any, estimate: Any, start: int, goal: int) -> Any:
    """The cells of the shortest walk from ``start`` to ``goal`` over the links (CSR: ``indptr``,
    ``indices``, ``costs``), both ends included, guided by ``estimate`` (each cell's, never more than
    the walk); an empty array when the goal cannot be reached."""
    n = len(estimate)
    best = np.full(n, np.inf)
    came = np.full(n, -1, np.int64)
    room = len(costs) + n + 1  # a push follows a lowered distance: about one a link (the estimate is consistent)
    f, d, k = np.empty(room), np.empty(room), np.empty(room, np.int64)
    best[start] = 0.0
    f[0], d[0], k[0] = estimate[start], 0.0, start
    size = 1
    while size > 0:
        here, walked = k[0], d[0]
        size -= 1  # pop: the last entry sifts down from the top
        swap_entries(f, d, k, 0, size)
        i = 0
        while True:
            child = 2 * i + 1
            if child >= size:
                break
            if child + 1 < size and entry_before(f, d, k, child + 1, child):
                child += 1
            if not entry_before(f, d, k, child, i):
                break
            swap_entries(f, d, k, i, child)
            i = child
        if here == goal:
            steps = 1
            at = here
            while came[at] >= 0:
                at = came[at]
                steps += 1
            path = np.empty(steps, np.int64)
            at = here
            for s in range(steps - 1, -1, -1):
                path[s] = at
                at = came[at]
            return path
        if walked > best[here]:
            continue
        for link in range(indptr[here], indptr[here + 1]):
            m = indices[link]
            nd = walked + costs[link]
            if nd < best[m]:
                best[m] = nd
                came[m] = here
                f[size], d[size], k[size] = nd + estimate[m], nd, m  # push: sift up
                i = size
                size += 1
                while i > 0:
                    parent = (i - 1) >> 1
                    if not entry_before(f, d, k, i, parent):
                        break
                    swap_entries(f, d, k, i, parent)
                    i = parent
    return np.empty(0, np.int64)


@compiled
def field_distances(
    px: Any,
    py: Any,
    cells: Any,
    nx: int,
    ny: int,
    dist: Any,
    centre_x: Any,
    centre_y: Any,
    goal_x: Any,
    goal_y: Any,
) -> Any:
    """``GridField.distance`` of many points (``px``, ``py``, each in its grid cell ``cells``): the
    least, over the reachable cells round each, of the cell's distance plus the straight line to
    its centre, and of the straight line to a goal that seeds it (``goal_x``, ``goal_y``: nan where
    none does), measured as ``math.dist`` measures."""
    out = np.empty(len(px))
    for q in range(len(px)):
        x, y, k = px[q], py[q], cells[q]
        i0, j0 = k % nx, k // nx
        best = np.inf
        for j in range(max(0, j0 - 1), min(ny, j0 + 2)):
            for i in range(max(0, i0 - 1), min(nx, i0 + 2)):
                m = j * nx + i
                d = dist[m]
                if d < np.inf:
                    d += python_dist(x, y, centre_x[m], centre_y[m])
                    if d < best:
                        best = d
                    if not np.isnan(goal_x[m]):
                        d = python_dist(x, y, goal_x[m], goal_y[m])
                        if d < best:
                            best = d
        out[q] = best
    return out


@compiled
def pull_taut_many(
    px: Any, py: Any, firsts: Any, enough: float, walls: Any, radius: float, width: float, height: float,
    corners: Any, corner_count: Any, at: Any, left: Any, given: Any, asked: Any,
) -> Any:  # fmt: skip
    """Pull the chains ``asked`` (points ``px, py[firsts[c]:firsts[c + 1]]``) taut as
    ``NavGrid.pull_taut`` pulls them, every leg asked of the legs kernel. A chain's corners' indices in
    the chain are ``corners[firsts[c]:firsts[c] + corner_count[c]]``.

    A leg the kernel cannot settle stops its chain: the chain is returned as waiting, its place kept
    (``at[c]``: the corner and the furthest point known to be in a straight line of it; ``left[c]``:
    what is left of ``enough``), and the leg from point ``at[c, 0]`` to point ``at[c, 1] + 1`` is to be
    asked of the single call and its answer put in ``given[c]`` (1 clear, 0 not) before the chain is
    asked again. A chain is started afresh when ``corner_count[c]`` is 0. Lengths are
    :func:`python_dist`."""
    waiting = np.zeros(len(asked), np.bool_)
    boxes = walls[3]
    every = len(walls[1]) - 1 + walls[2].shape[1]
    pieces = np.empty(every, np.int64)
    near = np.empty(every, np.int64)
    start_at = np.empty(every)
    grow = radius + LEG_CLEARANCE
    for a in range(len(asked)):
        c = asked[a]
        p0, n = firsts[c], firsts[c + 1] - firsts[c]
        if n <= 2:
            for k in range(n):
                corners[p0 + k] = k
            corner_count[c] = n
            continue
        if corner_count[c] == 0:
            corners[p0], corner_count[c], at[c, 0], at[c, 1], left[c] = 0, 1, 0, 1, enough
        # the pieces whose grown box meets the chain's box: every leg between its points lies in it,
        # so these hold every piece the leg test's own box check lets through
        x0, y0, x1, y1 = np.inf, np.inf, -np.inf, -np.inf
        for k in range(p0, p0 + n):
            x0, y0, x1, y1 = min(x0, px[k]), min(y0, py[k]), max(x1, px[k]), max(y1, py[k])
        found = boxes_meeting(boxes, every, grow, x0, y0, x1, y1, pieces)
        i, j = at[c, 0], at[c, 1]
        while True:
            while j + 1 < n:
                if given[c] >= 0:
                    answer = CLEAR if given[c] == 1 else BLOCKED  # the single call's answer
                    given[c] = -1
                else:
                    answer = leg(px[p0 + i], py[p0 + i], px[p0 + j + 1], py[p0 + j + 1], walls, radius, width,
                                  height, pieces, found, near, start_at)  # fmt: skip
                if answer == UNSURE:
                    waiting[a] = True
                    break
                if answer != CLEAR:
                    break
                j += 1
            if waiting[a]:
                at[c, 0], at[c, 1] = i, j
                break
            corners[p0 + corner_count[c]] = j
            corner_count[c] += 1
            walked = python_dist(px[p0 + i], py[p0 + i], px[p0 + j], py[p0 + j])
            if walked > left[c]:
                break
            left[c] -= walked
            if left[c] <= 0.0:
                break
            i, j = j, j + 1
            if i >= n - 1:
                break
    return waiting


@compiled
def field_chains(
    px: Any, py: Any, start_cells: Any, reach: float, toward: Any, centre_x: Any, centre_y: Any,
    goal_x: Any, goal_y: Any, firsts: Any, cx: Any, cy: Any, cid: Any,
) -> None:  # fmt: skip
    """Each start's chain as ``GridField._chain`` builds it from its start cell (-1: none, an
    empty chain): the start, then the cells downhill until ``reach`` is walked (:func:`python_dist`)
    or the goal is reached. Chain ``s`` is ``cx, cy[firsts[s]:firsts[s + 1]]``, and ``cid`` says what
    each point is: -1 the start, a cell, or ``-2 - k`` the goal of seed cell ``k``."""
    at = 0
    for s in range(len(px)):
        firsts[s] = at
        k = start_cells[s]
        if k < 0:
            continue
        cx[at], cy[at], cid[at] = px[s], py[s], -1
        at += 1
        walked, lx, ly = 0.0, px[s], py[s]
        while True:
            x, y = centre_x[k], centre_y[k]
            walked += python_dist(lx, ly, x, y)
            cx[at], cy[at], cid[at] = x, y, k
            at += 1
            lx, ly = x, y
            nxt = toward[k]
            if nxt < 0:
                cx[at], cy[at], cid[at] = goal_x[k], goal_y[k], -2 - k
                at += 1
                break
            if walked >= reach:
                break
            k = nxt
    firsts[len(px)] = at
