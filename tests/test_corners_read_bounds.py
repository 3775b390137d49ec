"""A crowd's walking distances are read in one compiled loop (game/table/corners_kernel.read_ways). Two short
cuts bound each point's search (issue 38: 20,000 zombies on a table of sixteen): the ways the last few points
found, where the point before's is out of its sight, and the reached corners filed by cells, so that only the
cells near enough to give a shorter walk are looked into; where none of the ways found lately is in sight, a
bound guessed from the point before's walk (the ways under it first, all of them again when none is clear).
None may change a read: every distance, way and hand-back to the table's own call is bit for bit the plain
search's (one way recalled, one cell, no guess)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.bench.common import starter_scenario, tiled
from game.bench.fields import _open_points
from game.scenario.loader import load_scenario
from game.table import Table
from game.table import corners_kernel as k
from game.table.corners import DistanceField


def _reads(table: Table, seed: int, goals: int, crowd: int) -> list[tuple]:
    """The loop's arguments for a crowd read on ``table``: open points, points anywhere (off the table,
    inside buildings) and points pressed against walls and buildings, in the field's own order."""
    grid = table.navigation(0.5)
    rng = random.Random(seed)
    targets = _open_points(table, grid, goals, rng)
    field = DistanceField(table.corners(0.5), targets)
    points = _open_points(table, grid, crowd, rng)
    points += [(rng.uniform(-1, table.width + 1), rng.uniform(-1, table.height + 1)) for _ in range(crowd // 4)]
    graph = field.graph
    points += [(x - 0.05 * rx, y - 0.05 * ry) for (x, y), rx, ry in zip(graph.points, graph.rx, graph.ry)]
    caught = []
    read = k.read_ways
    k.read_ways = lambda *a: caught.append(a) or read(*a)
    try:
        field.distances(points)
    finally:
        k.read_ways = read
    return caught


def _read(args: tuple, recall: int, across: int, guess: bool = True) -> tuple[bytes, bytes, bytes]:
    n = len(args[0])
    out, way, resume = np.empty(n), np.empty(n, np.int64), np.zeros(n, np.int64)
    k.read_ways(*args[:15], out, way, resume, recall, across, guess)
    return out.tobytes(), way.tobytes(), resume.tobytes()


@pytest.mark.parametrize(
    ("table", "seed", "goals"),
    [
        (lambda: Table.from_scenario(tiled(starter_scenario(), 2, 2)), 3, 11),
        (lambda: Table.from_scenario(tiled(starter_scenario(), 2, 2)), 8, 1),
        (lambda: Table.from_scenario(load_scenario("maps/normandy_village.tmx")), 5, 3),
    ],
)
def test_the_bounds_read_every_point_as_the_plain_search(table, seed: int, goals: int) -> None:
    caught = _reads(table(), seed, goals, 2500)
    assert caught
    for args in caught:
        plain = _read(args, 1, 1, guess=False)
        assert _read(args, k.RECALL, k.CORNER_CELLS) == plain
        assert _read(args, k.RECALL, k.CORNER_CELLS, guess=False) == plain
        assert _read(args, 1, 1) == plain
        assert _read(args, 3, 7) == plain
        assert _read(args, 16, 64) == plain
        ways = np.frombuffer(plain[1], np.int64)
        assert (ways < 0).any()  # some reach no goal, or are handed to the table's own call ...
        assert (ways >= len(args[8])).any()  # ... and some walk round a corner
