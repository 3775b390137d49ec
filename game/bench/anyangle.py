"""A candidate distance field for ``python -m game.bench.fields``: walking distances measured along
straight legs in any direction, not only the grid's eight, compiled (see
:mod:`game.table.compiled`). Not used by the table yet: it changes where hordes walk, so adopting
it needs the shipped maps re-balanced, and it costs more than SciPy's 8-connected search (see
``benchmarks/fields_anyangle.txt``).

A multi-source Dijkstra over the walking grid's cells in which each cell keeps an *anchor*: the goal,
or the cell centre, it walks straight to on its way (Lazy Theta*'s rule, as a field). A cell reached
from a neighbour takes the neighbour's anchor; when it is settled, the straight leg to that anchor
is checked, and if a base cannot slide along it the cell steps from its best settled neighbour
instead. So in the open every cell measures the straight line to its goal, and round a corner the
line bends at the cell centres by the corner.

"Can a base slide straight" is asked of the grid first: a leg that passes only through wide open
cells (their whole square more than the radius from any wall or building) is clear; any other is
asked of the table's own leg test (:func:`game.table.legs_kernel.leg_answer`), where a leg within a
hair of the terrain counts as blocked. So every leg between a cell and its anchor can be walked.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.table.compiled import compiled
from game.table.legs_kernel import CLEAR, leg_answer
from game.table.nav_kernel import offer as _offer
from game.table.nav_kernel import take as _take


@compiled
def open_runs(nx: int, ny: int, wide_open: Any) -> Any:
    """For every cell, how far wide open ground runs round it, in cells: the least Chebyshev distance
    to a cell that is not wide open or to the grid's edge (0 where the cell itself is not), so every
    cell less than that from it is wide open. Two passes of the chessboard distance transform."""
    run = np.empty(nx * ny, np.int64)
    for j in range(ny):
        for i in range(nx):
            k = j * nx + i
            if not wide_open[k]:
                run[k] = 0
                continue
            best = min(i + 1, j + 1)  # the edges left and below
            if i > 0:
                best = min(best, run[k - 1] + 1)
            if j > 0:
                best = min(best, run[k - nx] + 1)
                if i > 0:
                    best = min(best, run[k - nx - 1] + 1)
                if i + 1 < nx:
                    best = min(best, run[k - nx + 1] + 1)
            run[k] = best
    for j in range(ny - 1, -1, -1):
        for i in range(nx - 1, -1, -1):
            k = j * nx + i
            if run[k] == 0:
                continue
            best = min(run[k], nx - i, ny - j)  # the edges right and above
            if i + 1 < nx:
                best = min(best, run[k + 1] + 1)
            if j + 1 < ny:
                best = min(best, run[k + nx] + 1)
                if i + 1 < nx:
                    best = min(best, run[k + nx + 1] + 1)
                if i > 0:
                    best = min(best, run[k + nx - 1] + 1)
            run[k] = best
    return run


@compiled
def _line_run(ax: float, ay: float, bx: float, by: float, nx: int, ny: int, cell: float, run: Any) -> int:
    """The least open run (see :func:`open_runs`) of the cells the segment passes through (grid
    traversal, Amanatides and Woo): above 0 when they are all wide open, so that no point of it is
    within the radius of terrain."""
    x, y = ax / cell, ay / cell
    ex, ey = bx / cell, by / cell
    i, j = int(math.floor(x)), int(math.floor(y))
    ti, tj = int(math.floor(ex)), int(math.floor(ey))
    dx, dy = ex - x, ey - y
    step_i = 1 if dx > 0.0 else -1
    step_j = 1 if dy > 0.0 else -1
    next_x = ((i + 1 if dx > 0.0 else i) - x) / dx if dx != 0.0 else np.inf
    next_y = ((j + 1 if dy > 0.0 else j) - y) / dy if dy != 0.0 else np.inf
    each_x = abs(1.0 / dx) if dx != 0.0 else np.inf
    each_y = abs(1.0 / dy) if dy != 0.0 else np.inf
    least = nx + ny
    for _ in range(abs(ti - i) + abs(tj - j) + 1):
        if i < 0 or j < 0 or i >= nx or j >= ny:
            return 0
        least = min(least, run[j * nx + i])
        if least == 0:
            return 0
        if i == ti and j == tj:
            return least
        if next_x < next_y:
            next_x += each_x
            i += step_i
        else:
            next_y += each_y
            j += step_j
    return 0  # rounding walked off the line: ask exactly


@compiled
def any_angle_field(
    nx: int,
    ny: int,
    cell: float,
    run: Any,
    centre_x: Any,
    centre_y: Any,
    indptr: Any,
    indices: Any,
    costs: Any,
    seed_cells: Any,
    seed_offsets: Any,
    goal_x: Any,
    goal_y: Any,
    walls: Any,
    radius: float,
    width: float,
    height: float,
) -> tuple[Any, Any]:
    """(each cell's distance to the nearest goal, inf where none is reachable; each cell's anchor: a
    cell index, or -1 - i for goal i, -n - 1 where unreachable).

    ``run``: :func:`open_runs` of the cells whose whole square is more than the radius from terrain; ``centre_x``,
    ``centre_y``: each cell's centre; ``indptr``, ``indices``, ``costs``: the grid's links (CSR);
    ``seed_cells``, ``seed_offsets``: each goal's entry cell and its distance from the goal (goal i at
    ``goal_x[i]``, ``goal_y[i]``); ``walls``: :attr:`game.table.outlines.Outlines.walls`, for the
    table's leg test."""
    n = nx * ny
    dist = np.full(n, np.inf)
    anchor = np.full(n, -n - 1, np.int64)
    done = np.zeros(n, np.bool_)
    keys = np.empty(n)
    items = np.empty(n, np.int64)
    at = np.full(n, -1, np.int64)
    size = 0
    pieces = len(walls[1]) - 1 + walls[2].shape[1]
    near = np.empty(pieces, np.int64)
    start_at = np.empty(pieces)
    every = np.arange(pieces)
    seeded = np.full(n, -n - 1, np.int64)  # a seed cell's own goal: its leg to it is known clear
    # The cell that last lowered each cell's distance, and for a settled cell the least open run along
    # its leg to its anchor (0: none known). A cell sharing its parent's anchor, the parent's run being
    # 3 or more, needs no look: every point of its leg is within a cell's diagonal of a point of the
    # parent's, so in a cell at most 2 from one of the parent's cells, whose run is at least 2 less.
    parent = np.full(n, -1, np.int64)
    margin = np.zeros(n, np.int64)
    for s in range(len(seed_cells)):
        k = seed_cells[s]
        if seed_offsets[s] < dist[k]:
            dist[k] = seed_offsets[s]
            anchor[k] = seeded[k] = -1 - s
            size = _offer(keys, items, at, size, seed_offsets[s], k)
    while size > 0:
        u, size = _take(keys, items, at, size)
        done[u] = True
        ux, uy = centre_x[u], centre_y[u]
        a = anchor[u]
        if a >= 0:
            px, py = centre_x[a], centre_y[a]
        else:
            px, py = goal_x[-1 - a], goal_y[-1 - a]
        # Lazy Theta*: the straight leg to the anchor is checked once, when the cell is settled; if
        # it cannot be walked, the cell steps from its best settled neighbour instead
        walkable = True
        if a != seeded[u]:
            p = parent[u]
            if p >= 0 and margin[p] >= 3:
                margin[u] = margin[p] - 2
            else:
                margin[u] = _line_run(ux, uy, px, py, nx, ny, cell, run)
                walkable = margin[u] > 0 or leg_answer(
                    ux, uy, px, py, False, every, pieces, walls, radius, width, height, near, start_at
                ) == CLEAR  # fmt: skip
        if not walkable:
            margin[u] = 0
            best, via = np.inf, -1
            for link in range(indptr[u], indptr[u + 1]):
                w = indices[link]
                if done[w] and dist[w] + costs[link] < best:
                    best, via = dist[w] + costs[link], w
            dist[u], anchor[u] = best, via
            a = via
            px, py = centre_x[a], centre_y[a]
        pd = dist[a] if a >= 0 else 0.0
        for link in range(indptr[u], indptr[u + 1]):
            v = indices[link]
            if done[v]:
                continue
            vx, vy = centre_x[v], centre_y[v]
            ox, oy = vx - px, vy - py
            straight = pd + math.sqrt(ox * ox + oy * oy)
            if straight < dist[v]:
                dist[v] = straight
                anchor[v] = a
                parent[v] = u
                size = _offer(keys, items, at, size, straight, v)
    return dist, anchor


_GRIDS: dict[Any, tuple[Any, Any, Any]] = {}  # by the grid's key: (open runs, centres x, centres y)


def field(grid: Any, goals: Any) -> Any:
    """The any-angle field of ``goals`` on a :class:`game.table.nav.NavGrid`: each cell's distance."""
    if grid._key not in _GRIDS:
        free, near = (np.frombuffer(flags, dtype=np.uint8).astype(bool) for flags in (grid.free, grid.near))
        _GRIDS[grid._key] = (
            open_runs(grid.nx, grid.ny, free & ~near),
            *(np.array(column) for column in zip(*grid.centres)),
        )
    runs, centre_x, centre_y = _GRIDS[grid._key]
    seeds = [(found, goal) for goal in goals if (found := grid.seed(goal)) is not None]  # (cell, offset)
    cells = np.array([k for (k, _), _ in seeds], np.int64)
    offsets = np.array([d for (_, d), _ in seeds])
    goal_x, goal_y = np.array([g[0] for _, g in seeds]), np.array([g[1] for _, g in seeds])
    links, table = grid.graph(), grid.table
    o = table.outlines()
    dist, _ = any_angle_field(
        grid.nx, grid.ny, grid.cell, runs, centre_x, centre_y, links.indptr, links.indices, links.data,
        cells, offsets, goal_x, goal_y, o.walls, grid.radius, float(table.width), float(table.height),
    )  # fmt: skip
    return dist  # type: ignore[no-any-return]
