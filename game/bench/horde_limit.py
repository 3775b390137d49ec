"""Hordes at the limit (issue 38): one whole Axis turn with 5000 zombies on the starter map's terrain
repeated 2 x 2, and 20,000 on it repeated 4 x 4 (the same density: a designer's "zombie apocalypse"
table), ``zombie_turn_limit_ms`` by horde size and ``zombie_turn_growth_20000_over_5000`` (4 is linear).

The games are :mod:`game.bench.horde`'s; a first turn on each table is played and not timed (the corner
graph of a new table, compiled loops), then the median of ``repeats`` fresh games.
"""

from __future__ import annotations

import gc

from game.bench.common import clock, median, starter_scenario, tiled
from game.bench.horde import axis_turn, horde_game

SIZES = ((5000, 2), (20000, 4))  # (zombies, the starter map repeated n x n)


def bench_horde_limit(sizes: tuple[tuple[int, int], ...] = SIZES, repeats: int = 2) -> dict[str, object]:
    """Median ms of one Axis turn per horde size, and the growth from the smallest to the largest."""
    scenario = starter_scenario()
    out: dict[str, float] = {}
    for n, side in sizes:
        table = tiled(scenario, side, side)
        axis_turn(horde_game(table, n, seed=100))  # outside the clock: the table's first turn
        times = []
        for r in range(repeats):
            g = horde_game(table, n, seed=1 + r)
            gc.collect()  # the games before, collected outside the clock (see game.bench.horde)
            t0 = clock()
            axis_turn(g)
            times.append((clock() - t0) * 1000)
        out[str(n)] = median(times)
    lo, hi = str(sizes[0][0]), str(sizes[-1][0])
    return {"zombie_turn_limit_ms": out, f"zombie_turn_growth_{hi}_over_{lo}": out[hi] / out[lo]}
