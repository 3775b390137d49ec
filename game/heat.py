"""The simulator's heat maps in numbers: where the players' figures died and stalled, counted on an
inch grid over the table, the hot spots named in inches (and by the terrain or zone they are in or
beside), and the nearest approach to the objective over many games. Headless; the picture over the
table is drawn by ``game/ui/heat_map.py``.

>>> g = grid([(0.5, 0.5), (0.7, 0.2), (3.2, 1.9)], 4, 2)
>>> g
[[2, 0, 0, 0], [0, 0, 0, 1]]
>>> [(s["x"], s["y"], s["count"]) for s in hot_spots([(10.0, 10.0)] * 5 + [(30.0, 5.0)] * 2, 40, 20)]
[(10.5, 10.5, 5), (30.5, 5.5, 2)]
>>> approach([3.0, 0.0, 1.0, None], [False, True, False, False])
{'games': 3, 'median': 1.0, 'mean': 1.333, 'reached': 1, 'reached_share': 0.3333, 'histogram': {'0': 1, '1': 1, '3': 1}}
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TypedDict

from game.scenario.geometry import leg_distance
from game.scenario.model import Point, Scenario, Terrain, Zone

CELL = 1.0  # inches a side of a grid cell
SPOT_RADIUS = 3.0  # a hot spot counts what fell within this of its centre
SPOTS_APART = 6.0  # hot spots at least this far apart
NEAR = 2.0  # a hot spot within this of a named piece or zone is named by it
CANDIDATES = 60  # grid cells whose points are counted one by one when picking hot spots


class HotSpot(TypedDict):
    """A place where deaths or stalls crowd: its centre in inches, how many fell within
    :data:`SPOT_RADIUS` of it, their share of all, and the named terrain or zone it is in or by."""

    x: float
    y: float
    count: int
    share: float
    near: str


def grid(points: Sequence[Point], width: float, height: float, cell: float = CELL) -> list[list[int]]:
    """How many points fall in each ``cell``-inch square of a ``width`` x ``height`` table, a row per
    ``cell`` inches down the table (points off the table count in the nearest edge cell)."""
    cols, rows = max(1, math.ceil(width / cell)), max(1, math.ceil(height / cell))
    out = [[0] * cols for _ in range(rows)]
    for x, y in points:
        i = min(cols - 1, max(0, int(x // cell)))
        j = min(rows - 1, max(0, int(y // cell)))
        out[j][i] += 1
    return out


def hot_spots(
    points: Sequence[Point],
    width: float,
    height: float,
    scenario: Scenario | None = None,
    most: int = 3,
    radius: float = SPOT_RADIUS,
) -> list[HotSpot]:
    """Up to ``most`` places where the points crowd: the centre of the grid cell with the most points
    within ``radius`` inches, then the next at least :data:`SPOTS_APART` from it, and so on; each with
    its ``count`` of points within ``radius``, their ``share`` of all, and ``near`` (words naming the
    terrain or zone it is in or beside, from ``scenario``). A spot of a single point is left out
    unless there is nothing else."""
    if not points:
        return []
    g = grid(points, width, height)
    rows, cols = len(g), len(g[0])
    reach = math.ceil(radius / CELL)
    offsets = [
        (di, dj)
        for di in range(-reach, reach + 1)
        for dj in range(-reach, reach + 1)
        if math.hypot(di, dj) * CELL <= radius
    ]
    windows = {
        (i, j): sum(g[j + dj][i + di] for di, dj in offsets if 0 <= i + di < cols and 0 <= j + dj < rows)
        for j in range(rows)
        for i in range(cols)
        if g[j][i]
    }
    # the grid's windows pick the candidates; the points themselves are counted for the best of them
    buckets: dict[tuple[int, int], list[Point]] = {}
    for p in points:
        buckets.setdefault(
            (min(cols - 1, max(0, int(p[0] // CELL))), min(rows - 1, max(0, int(p[1] // CELL)))), []
        ).append(p)

    def exact(i: int, j: int) -> tuple[int, float]:
        """The points within ``radius`` of the cell's centre, and the sum of their distances (the
        smaller, the more the cell is their middle: it breaks ties)."""
        centre = ((i + 0.5) * CELL, (j + 0.5) * CELL)
        near = [
            d
            for di in range(-reach - 1, reach + 2)
            for dj in range(-reach - 1, reach + 2)
            for p in buckets.get((i + di, j + dj), ())
            if (d := math.dist(centre, p)) <= radius
        ]
        return len(near), sum(near)

    candidates = sorted(windows, key=lambda c: (-windows[c], c[1], c[0]))[:CANDIDATES]
    counted = {c: exact(*c) for c in candidates}
    order = sorted(counted, key=lambda c: (-counted[c][0], round(counted[c][1], 6), c[1], c[0]))
    spots: list[HotSpot] = []
    for i, j in order:
        if len(spots) >= most:
            break
        centre = ((i + 0.5) * CELL, (j + 0.5) * CELL)
        if any(math.dist(centre, (s["x"], s["y"])) < SPOTS_APART for s in spots):
            continue
        count = counted[(i, j)][0]
        if count < 2 and spots:
            break
        spots.append(
            HotSpot(
                x=round(centre[0], 2),
                y=round(centre[1], 2),
                count=count,
                share=round(count / len(points), 4),
                near=place_words(scenario, centre) if scenario is not None else "",
            )
        )
    return spots


def place_words(scenario: Scenario, p: Point) -> str:
    """``in Church`` / ``by Hedge 3`` for the named terrain piece or zone nearest ``p`` within
    :data:`NEAR` inches (the smallest one it is inside first), else ``""``."""
    best: tuple[float, float, str] | None = None
    things: list[Terrain | Zone] = [*scenario.terrain, *scenario.zones]
    for thing in things:
        if not thing.name:
            continue
        d = leg_distance(p, p, thing.area)
        if d > NEAR:
            continue
        key = (d, thing.area.area, thing.name)
        if best is None or key < best:
            best = key
    if best is None:
        return ""
    return f"{'in' if best[0] == 0 else 'by'} {best[2]}"


def approach(nearest: Sequence[float | None], reached: Sequence[bool]) -> dict[str, object]:
    """The nearest approach over the games that have a place to reach: how many, its median and mean
    in inches, how many games reached it and their share, and a histogram by whole inches."""
    pairs = [(d, r) for d, r in zip(nearest, reached) if d is not None]
    values = [d for d, _ in pairs]
    won = sum(r for _, r in pairs)
    return {
        "games": len(values),
        "median": round(statistics.median(values), 3) if values else 0.0,
        "mean": round(statistics.fmean(values), 3) if values else 0.0,
        "reached": won,
        "reached_share": round(won / len(values), 4) if values else 0.0,
        "histogram": {str(k): n for k, n in sorted(Counter(int(d // 1) for d in values).items())},
    }


def spot_words(spot: HotSpot) -> str:
    """``(34.5", 12.5") by Church 22%`` for a hot spot."""
    near = f" {spot['near']}" if spot["near"] else ""
    return f'({spot["x"]:g}", {spot["y"]:g}"){near} {spot["share"]:.0%}'
