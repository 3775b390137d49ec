"""A horde's walking distances are read in one compiled loop (game/table/corners_kernel.read_ways) whose queue of
ways keeps each way's key beside it, and which guesses a bound from the point before's walk where none of the
ways found lately is in sight (issue 38: 20,000 zombies in under a second). The reads a whole Axis turn makes,
from 250 zombies on one table to 5000 on a table of four, are bit for bit the plain search's (every way tried
by its key, no guess), and a sample of points is each read as the table reads one point by itself (its ways
sorted in Python, each leg asked of the table): the same moves, faster."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.bench.common import starter_scenario, tiled
from game.bench.horde import axis_turn, horde_game
from game.table import corners_kernel as k
from game.table.corners import DistanceField


def _turns_reads(n: int, seed: int, side: int) -> list[tuple[DistanceField, tuple]]:
    """The field and the arguments of every crowd read an Axis turn of ``n`` zombies makes."""
    scenario = tiled(starter_scenario(), side, side) if side > 1 else starter_scenario()
    caught: list[tuple[DistanceField, tuple]] = []
    fields: list[DistanceField] = []
    read, ways = k.read_ways, DistanceField._ways
    k.read_ways = lambda *a: caught.append((fields[-1], a[:15])) or read(*a)
    DistanceField._ways = lambda self, points: fields.append(self) or ways(self, points)  # type: ignore[method-assign]
    try:
        axis_turn(horde_game(scenario, n, seed=seed))
    finally:
        k.read_ways, DistanceField._ways = read, ways  # type: ignore[method-assign]
    return caught


def _read(args: tuple, *how: object) -> tuple[bytes, bytes, bytes]:
    n = len(args[0])
    out, way, resume = np.empty(n), np.empty(n, np.int64), np.zeros(n, np.int64)
    k.read_ways(*args, out, way, resume, *how)
    return out.tobytes(), way.tobytes(), resume.tobytes()


@pytest.mark.parametrize(("n", "seed", "side"), [(250, 5, 1), (1000, 9, 1), (5000, 1, 2)])
def test_a_hordes_reads_are_the_plain_searchs_and_the_tables_own(n: int, seed: int, side: int) -> None:
    caught = _turns_reads(n, seed, side)
    assert caught
    rng = random.Random(seed)
    for field, args in caught:
        read = _read(args)
        assert read == _read(args, 1, 1, False)
        out, way = np.frombuffer(read[0]), np.frombuffer(read[1], np.int64)
        assert (way >= len(args[8])).sum() > n // 20  # many walk round a corner
        for s in rng.sample(range(len(way)), min(60, len(way))):
            if way[s] != -2:  # (-2: handed to the table's own call)
                assert field._way_one((float(args[0][s]), float(args[1][s])), 0) == (out[s], way[s])
