"""Walls, barricades and sandbag lines kept readable under the figures that stand at them.

A token is drawn bigger than its base at a far zoom (a 20-pixel token round a 1" base), so a squad lined up behind
a barricade hid it: a 40k newcomer could not see the obstacle his models stood at. The screen draws the part of
each wall that a token covers again over the token (:func:`chords`), a thin bar across the base. Drawing only: the
rules never read it.

>>> lines = ObstacleLines([((0.0, 0.0), (10.0, 0.0))])
>>> lines.chords((5.0, 0.5), 1.0)
[((4.133975, 0.0), (5.866025, 0.0))]
>>> lines.chords((5.0, 3.0), 1.0)
[]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.scenario.model import Terrain

Point = tuple[float, float]
Segment = tuple[Point, Point]

CELL = 2.0  # inches: the grid a wall's segments are filed under, so a token looks only at the walls near it


def wall_segments(terrain: Iterable[Terrain]) -> list[Segment]:
    """Every segment of the table's walls (a closed wall's last point joined to its first)."""
    out: list[Segment] = []
    for piece in terrain:
        if piece.kind != "wall" or len(piece.area.points) < 2:
            continue
        pts = list(piece.area.points)
        if not piece.area.is_line:
            pts.append(pts[0])
        out += [(a, b) for a, b in zip(pts, pts[1:]) if a != b]
    return out


def chord(a: Point, b: Point, centre: Point, r: float) -> Segment | None:
    """The part of segment ``a``-``b`` inside the circle of ``r`` round ``centre`` (None: it misses it).

    >>> chord((0.0, 0.0), (10.0, 0.0), (0.0, 0.0), 1.0)
    ((0.0, 0.0), (1.0, 0.0))
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    aa = dx * dx + dy * dy
    half_b = fx * dx + fy * dy
    c = fx * fx + fy * fy - r * r
    disc = half_b * half_b - aa * c
    if aa == 0 or disc <= 0:
        return None
    root = math.sqrt(disc)
    t0, t1 = max(0.0, (-half_b - root) / aa), min(1.0, (-half_b + root) / aa)
    if t0 >= t1:
        return None
    return _at(a, dx, dy, t0), _at(a, dx, dy, t1)


def _at(a: Point, dx: float, dy: float, t: float) -> Point:
    return (round(a[0] + dx * t, 6), round(a[1] + dy * t, 6))


class ObstacleLines:
    """The walls' segments filed by grid cell: the parts of them a circle covers, quickly."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = list(segments)
        self._cells: dict[tuple[int, int], list[int]] = {}
        for n, (a, b) in enumerate(self.segments):
            for cell in _cells_over(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])):
                self._cells.setdefault(cell, []).append(n)

    def chords(self, centre: Point, r: float) -> list[Segment]:
        """The parts of the walls inside the circle of ``r`` round ``centre``."""
        x, y = centre
        near = {n for cell in _cells_over(x - r, y - r, x + r, y + r) for n in self._cells.get(cell, ())}
        out = []
        for n in sorted(near):
            got = chord(*self.segments[n], centre, r)
            if got is not None:
                out.append(got)
        return out


def _cells_over(x0: float, y0: float, x1: float, y1: float) -> Iterable[tuple[int, int]]:
    for i in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1):
        for j in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1):
            yield i, j
