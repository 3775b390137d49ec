"""Distances between a map's outlines, in inches, for the checks that ask how far apart zones and figures are
(a rule set's deployment distances, a bystander near the zombies).

>>> from game.scenario.model import Area
>>> gap(Area.rect(0, 0, 2, 2), Area.rect(5, 0, 2, 2))
3.0
>>> gap(Area.rect(0, 0, 4, 4), Area.rect(1, 1, 1, 1))
0.0
>>> point_gap((0.0, 5.0), Area.rect(0, 0, 2, 2))
3.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.scenario.model import Area, Point


def _segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _sides(area: Area) -> list[tuple[Point, Point]]:
    pts: Sequence[Point] = area.points
    if len(pts) < 2:
        return [(pts[0], pts[0])] if pts else []
    pairs = list(zip(pts, pts[1:]))
    return pairs if area.is_line else [*pairs, (pts[-1], pts[0])]


def point_gap(p: Point, area: Area) -> float:
    """How far ``p`` is from the area (0 inside it)."""
    if not area.is_line and len(area.points) > 2 and area.contains(p):
        return 0.0
    return min((_segment(p, a, b) for a, b in _sides(area)), default=math.inf)


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    def turn(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0


def gap(one: Area, other: Area) -> float:
    """The shortest distance between two outlines (0 when they touch, overlap or one holds the other)."""
    if any(point_gap(p, other) == 0 for p in one.points) or any(point_gap(p, one) == 0 for p in other.points):
        return 0.0
    if any(_crosses(*s, *t) for s in _sides(one) for t in _sides(other)):
        return 0.0  # a cross: the sides meet though no corner is inside the other
    return min(
        min((point_gap(p, other) for p in one.points), default=math.inf),
        min((point_gap(p, one) for p in other.points), default=math.inf),
    )
