"""What every benchmark shares: the starter scenario, a clock, medians and percentiles, open ground.

>>> median([3.0, 1.0, 2.0]), percentile([1.0, 2.0, 3.0, 4.0], 50)
(2.0, 2.5)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterator, Sequence

from game.scenario.model import Point, Scenario

clock = time.perf_counter


def starter_scenario() -> Scenario:
    """The default scenario (Normandy Village), loaded without pygame."""
    from game.assets import default_scenario
    from game.scenario.loader import load_scenario

    return load_scenario(str(default_scenario()))


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))


def percentile(values: Sequence[float], pct: float) -> float:
    """Linear-interpolated percentile (``pct`` in 0..100)."""
    xs = sorted(values)
    if not xs:
        raise ValueError("no values")
    k = (len(xs) - 1) * pct / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def open_ground(
    scenario: Scenario,
    rng: random.Random,
    radius: float = 0.5,
    taken: Sequence[Point] = (),
    spacing: float | None = None,
) -> Iterator[Point]:
    """Random base centres wholly on the table, clear of walls and buildings, never overlapping
    each other or ``taken`` (bases of ``radius``); endless until the table is full."""
    from game.table import Table

    table = Table.from_scenario(scenario)
    gap = spacing if spacing is not None else 2 * radius + 0.05
    cell = max(gap, 0.5)
    grid: dict[tuple[int, int], list[Point]] = {}

    def free(p: Point) -> bool:
        i, j = int(p[0] // cell), int(p[1] // cell)
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                for q in grid.get((i + di, j + dj), ()):
                    if math.dist(p, q) < gap:
                        return False
        return True

    def add(p: Point) -> None:
        grid.setdefault((int(p[0] // cell), int(p[1] // cell)), []).append(p)

    for p in taken:
        add(p)
    misses = 0
    while misses < 20000:
        p = (rng.uniform(radius, scenario.width - radius), rng.uniform(radius, scenario.height - radius))
        if table.overlaps_blocking(p, radius) or not free(p):
            misses += 1
            continue
        misses = 0
        add(p)
        yield p


def tiled(scenario: Scenario, across: int = 2, down: int = 2) -> Scenario:
    """The map's terrain repeated ``across`` x ``down`` times on a table that much larger (a field for
    a horde too big for one table); zones and placements stay those of the first copy."""
    from dataclasses import replace

    pieces = []
    for j in range(down):
        for i in range(across):
            ox, oy = i * scenario.width, j * scenario.height
            for t in scenario.terrain:
                area = t.area
                ellipse = area.ellipse
                if ellipse is not None:
                    ellipse = (ellipse[0] + ox, ellipse[1] + oy, ellipse[2], ellipse[3])
                moved = replace(area, points=tuple((x + ox, y + oy) for x, y in area.points), ellipse=ellipse)
                pieces.append(replace(t, id=t.id + 100000 * (j * across + i), area=moved))
    return replace(
        scenario,
        width=scenario.width * across,
        height=scenario.height * down,
        terrain=tuple(pieces),
        content_hash="",
    )
