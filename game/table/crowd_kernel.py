"""The crowd's arithmetic, compiled (see :mod:`game.table.compiled`): many bases walking one after
another, each swept against the bases already where the ones before it stopped, and who is near whom
(see :mod:`game.table.crowd` for the rules and why the answers are the single calls').

The bases are arrays by slot (centre and radius) filed in square cells as linked lists (``head`` of a
cell, ``after`` and ``before`` of a slot: :class:`game.table.crowd.Filed`), so a walker that stops is
refiled in place. Every measure is the single call's arithmetic: :func:`circle_entry` is
:func:`game.table.geometry.circle_entry`'s, a base's edge is ``sqrt(dx * dx + dy * dy) - r`` away as
in :class:`game.table.index.BaseGrid`, and lengths are :func:`python_dist`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.table.compiled import compiled, python_dist

NO_HIT = -1.0  # a sweep that meets no base
UNSURE_BAND = 1e-9  # relative: a length this near the least move is settled by the single call


@compiled
def cell_index(x: float, y: float, cell: float, nx: int, ny: int) -> int:
    """The cell holding (x, y), clamped to the grid: monotonic, so a box's clamped cells hold every
    base filed by a clamped centre inside it."""
    i = min(max(int(math.floor(x / cell)), 0), nx - 1)
    j = min(max(int(math.floor(y / cell)), 0), ny - 1)
    return j * nx + i


@compiled
def link(s: int, k: int, head: Any, after: Any, before: Any, cell_of: Any) -> None:
    """File slot ``s`` first in cell ``k``."""
    first = head[k]
    after[s] = first
    before[s] = -1
    if first >= 0:
        before[first] = s
    head[k] = s
    cell_of[s] = k


@compiled
def unlink(s: int, head: Any, after: Any, before: Any, cell_of: Any) -> None:
    """Take slot ``s`` out of its cell."""
    p, q = before[s], after[s]
    if p >= 0:
        after[p] = q
    else:
        head[cell_of[s]] = q
    if q >= 0:
        before[q] = p


@compiled
def file_bases(filed: Any) -> None:
    """File every slot in its cell (``filed``: :meth:`game.table.crowd.Filed.arrays`)."""
    xs, ys, _, cell, nx, ny, head, after, before, cell_of = filed
    head[:] = -1
    for s in range(len(xs)):
        link(s, cell_index(xs[s], ys[s], cell, nx, ny), head, after, before, cell_of)


@compiled
def refile(s: int, x: float, y: float, filed: Any) -> None:
    """Slot ``s`` is now at (x, y)."""
    xs, ys, _, cell, nx, ny, head, after, before, cell_of = filed
    unlink(s, head, after, before, cell_of)
    xs[s], ys[s] = x, y
    link(s, cell_index(x, y, cell, nx, ny), head, after, before, cell_of)


@compiled
def circle_entry(ax: float, ay: float, bx: float, by: float, cx: float, cy: float, reach: float) -> float:
    """:func:`game.table.geometry.circle_entry`, with :data:`NO_HIT` for None."""
    px, py = ax - cx, ay - cy
    dx, dy = bx - ax, by - ay
    qa = dx * dx + dy * dy
    if qa == 0.0:
        return NO_HIT
    qb = px * dx + py * dy
    qc = px * px + py * py - reach * reach
    if qc < 0.0:
        return 0.0 if qb < 0.0 else NO_HIT
    det = qb * qb - qa * qc
    if det <= 0.0:
        return NO_HIT
    t = (-qb - math.sqrt(det)) / qa
    return t if 0.0 <= t <= 1.0 else NO_HIT


@compiled
def first_base(
    ax: float, ay: float, bx: float, by: float, radius: float, mover: int, reach: float, margin: float, filed: Any
) -> float:
    """The least fraction along a-b where a base of ``radius`` would meet another base (not slot
    ``mover``), or :data:`NO_HIT`: the bases whose box touches the swept box grown by ``reach``, as
    ``Table._base_contact`` picks them, each by :func:`circle_entry`."""
    xs, ys, rs, cell, nx, ny, head, after, _, _ = filed
    x0, x1 = (ax, bx) if ax <= bx else (bx, ax)
    y0, y1 = (ay, by) if ay <= by else (by, ay)
    bx0, by0, bx1, by1 = x0 - reach, y0 - reach, x1 + reach, y1 + reach
    low = cell_index(bx0 - margin, by0 - margin, cell, nx, ny)
    high = cell_index(bx1 + margin, by1 + margin, cell, nx, ny)
    best = NO_HIT
    for j in range(low // nx, high // nx + 1):
        for i in range(low % nx, high % nx + 1):
            s = head[j * nx + i]
            while s >= 0:
                x, y, r = xs[s], ys[s], rs[s]
                if s != mover and x - r <= bx1 and bx0 <= x + r and y - r <= by1 and by0 <= y + r:
                    t = circle_entry(ax, ay, bx, by, x, y, radius + r)
                    if t != NO_HIT and (best == NO_HIT or t < best):
                        best = t
                s = after[s]
    return best


@compiled
def walk_in_turn(
    px: Any,
    py: Any,
    first_point: Any,
    terrain_leg: Any,
    terrain_t: Any,
    terrain_back: Any,
    movers: Any,
    radius: float,
    min_move: float,
    gap: float,
    reach: float,
    margin: float,
    filed: Any,
    kept: Any,
    stop_x: Any,
    stop_y: Any,
    stopped: Any,
    moved: Any,
    start: int,
) -> int:
    """Walk walkers ``start``, ``start + 1``, ... in turn, each refiled where it ends when it moves;
    return the first walker the single call must settle (a base and the terrain stopping it at the
    same fraction, or a walk as long as ``min_move`` within :data:`UNSURE_BAND`), or the number of
    walkers when none is left.

    Walker ``w``'s points are ``px, py[first_point[w]:first_point[w + 1]]`` (no leg of no length);
    ``terrain_leg[w]`` is the first leg the table's edge or a wall or building stops (-1: none) at
    fraction ``terrain_t[w]``, backing off when ``terrain_back[w]``. Out: the legal path is the first
    ``kept[w]`` points, then (``stop_x[w]``, ``stop_y[w]``) when ``stopped[w]``; ``moved[w]`` when
    it is long enough to be a move."""
    n = len(movers)
    for w in range(start, n):
        p0, p1 = first_point[w], first_point[w + 1]
        legs = p1 - p0 - 1
        kept[w], stopped[w], moved[w] = p1 - p0, False, False
        for k in range(legs):
            ax, ay, bx, by = px[p0 + k], py[p0 + k], px[p0 + k + 1], py[p0 + k + 1]
            t = first_base(ax, ay, bx, by, radius, movers[w], reach, margin, filed)
            back = True
            if k == terrain_leg[w]:
                if t == terrain_t[w]:
                    return w  # which stops it is named by the single call's order
                if t == NO_HIT or terrain_t[w] < t:
                    t, back = terrain_t[w], terrain_back[w]
            elif t == NO_HIT:
                continue
            if back:
                t = max(0.0, t - gap / python_dist(ax, ay, bx, by))
            sx, sy = (ax + (bx - ax) * t, ay + (by - ay) * t) if t > 0.0 else (ax, ay)
            kept[w] = k + 1
            if sx != ax or sy != ay:
                stopped[w], stop_x[w], stop_y[w] = True, sx, sy
            break
        # the walk's length, as ``path_length`` adds it up
        length, lx, ly = 0.0, px[p0], py[p0]
        for q in range(p0 + 1, p0 + kept[w]):
            length += python_dist(lx, ly, px[q], py[q])
            lx, ly = px[q], py[q]
        if stopped[w]:
            length += python_dist(lx, ly, stop_x[w], stop_y[w])
            lx, ly = stop_x[w], stop_y[w]
        if abs(length - min_move) <= UNSURE_BAND * min_move:
            return w
        if kept[w] + stopped[w] >= 2 and length >= min_move:
            moved[w] = True
            refile(movers[w], lx, ly, filed)
    return n


@compiled
def others_within(asked: Any, reaches: Any, among: Any, filed: Any) -> Any:
    """For each slot of ``asked``: is another slot marked in ``among`` closer than its reach to its
    centre (to that base's edge)?"""
    xs, ys, rs, cell, nx, ny, head, after, _, _ = filed
    out = np.zeros(len(asked), np.bool_)
    largest = rs.max() if len(rs) else 0.0
    for q in range(len(asked)):
        s, reach = asked[q], reaches[q]
        px, py = xs[s], ys[s]
        bound = max(reach, 0.0) + largest
        low = cell_index(px - bound, py - bound, cell, nx, ny)
        high = cell_index(px + bound, py + bound, cell, nx, ny)
        for j in range(low // nx, high // nx + 1):
            for i in range(low % nx, high % nx + 1):
                t = head[j * nx + i]
                while t >= 0 and not out[q]:
                    if t != s and among[t]:
                        dx, dy = px - xs[t], py - ys[t]
                        if math.sqrt(dx * dx + dy * dy) - rs[t] < reach:
                            out[q] = True
                    t = after[t]
    return out
