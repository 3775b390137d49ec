"""The local grid a figure's way round the other bases is searched on tells a cell free only when a search
asks, and a search for a cell the start cannot reach is answered at once once a search before has gone over
every cell the start reaches, or once the goal is found in a small pocket of free cells the start is not in:
the same ground and the same ways as telling every cell at once and searching
each goal on a fresh grid (rules: Outbreak, Movement: hunting zombies come round each other [house how])."""

from __future__ import annotations

import math
import random
from unittest.mock import patch

import pytest

from game.bench.outbreak import outbreak_game, small_town
from game.rules.routing import LocalGrid
from game.table import Table


def every_cell_free(table: Table, grid: LocalGrid, mover: str, clearance: float) -> list[list[bool]]:
    """Each cell told as the grid once told them all when made: on the table, clear of the others, off walls."""
    others = [
        (table.position(o), table.radius(o))
        for o in table.figures_in_circle(grid.start, grid.reach + 2.0)
        if o != mover
    ]
    out = []
    for i in range(grid.n):
        row = []
        for j in range(grid.n):
            p = grid.point(i, j)
            ok = table.on_table(p, grid.radius) and not any(
                math.dist(p, c) < r + grid.radius + clearance for c, r in others
            )
            row.append(ok and not table.overlaps_blocking(p, grid.radius))
        out.append(row)
    return out


@pytest.fixture(scope="module")
def crowd() -> Table:
    """Small Town with the Outbreak bench's 300 zombies and 20 humans."""
    return outbreak_game(small_town(), 300, seed=3).table


def test_the_grid_tells_the_ground_as_when_every_cell_is_told(crowd: Table) -> None:
    rng = random.Random(5)
    movers = rng.sample(sorted(crowd.figures()), 12)
    for mover in movers:
        start, radius = crowd.position(mover), crowd.radius(mover)
        grid = LocalGrid(crowd, mover, start, radius, rng.uniform(2.0, 6.5))
        assert grid.free == every_cell_free(crowd, grid, mover, 0.15), mover


def test_searches_on_one_grid_find_the_ways_fresh_grids_find(crowd: Table) -> None:
    rng = random.Random(7)
    failed = walled = 0
    for mover in rng.sample(sorted(crowd.figures()), 40):
        start, radius, reach = crowd.position(mover), crowd.radius(mover), rng.uniform(2.0, 6.5)
        shared = LocalGrid(crowd, mover, start, radius, reach)
        for _ in range(6):
            a = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(0.5, reach)
            goal = (start[0] + d * math.cos(a), start[1] + d * math.sin(a))
            with patch.object(LocalGrid, "_walled_in", return_value=False):  # the whole search
                fresh = LocalGrid(crowd, mover, start, radius, reach).search(goal)
            assert shared.search(goal) == fresh, (mover, goal)
            failed += fresh is None
        reaches = reached(shared)
        if shared._reached is not None:
            assert shared._reached == reaches, mover
        assert not shared._walled & reaches, mover
        walled += len(shared._walled)
    assert walled  # some goals were in pockets of the crowd, found walled in before searching
    assert failed > 5  # some goals are walled in by the crowd, so the remembered reach is used


def reached(grid: LocalGrid) -> set[tuple[int, int]]:
    """The cells a base at the grid's start can walk to, 8 ways from free cell to free cell (its own too)."""
    start = grid.cell(grid.start)
    seen, todo = {start}, [start]
    while todo:
        i, j = todo.pop()
        for nxt in ((i + di, j + dj) for di in (-1, 0, 1) for dj in (-1, 0, 1)):
            if nxt not in seen and grid.inside(nxt) and grid.is_free(*nxt):
                seen.add(nxt)
                todo.append(nxt)
    return seen
