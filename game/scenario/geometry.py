"""Turning a Tiled object's pixels into an Area in inches: rotation, ellipses, tile objects.

Tiled rotates an object clockwise on screen about its (x, y) origin; for tile objects (x, y) is the
picture's bottom-left corner, for everything else its top-left corner.

>>> to_inches = Scale(32, 32, 1.0)
>>> area_of("rectangle", 32, 64, 64, 32, 0, (), to_inches).bounds
(1.0, 2.0, 3.0, 3.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.scenario.model import Area, Point

ELLIPSE_SIDES = 32


@dataclass(frozen=True)
class Scale:
    """Pixels to inches: ``inches = px / tile size * inches_per_tile``."""

    tilewidth: float
    tileheight: float
    inches_per_tile: float

    def __call__(self, p: tuple[float, float]) -> Point:
        return (p[0] / self.tilewidth * self.inches_per_tile, p[1] / self.tileheight * self.inches_per_tile)


def turn(
    origin: tuple[float, float], offsets: list[tuple[float, float]], degrees: float
) -> list[tuple[float, float]]:
    """Offsets from ``origin`` turned clockwise on screen (y down) by ``degrees``, as absolute points."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    if degrees % 360 == 0:
        c, s = 1.0, 0.0
    ox, oy = origin
    return [(ox + dx * c - dy * s, oy + dx * s + dy * c) for dx, dy in offsets]


def area_of(
    shape: str,
    x: float,
    y: float,
    width: float,
    height: float,
    rotation: float,
    points: tuple[tuple[float, float], ...],
    scale: Scale,
) -> Area:
    """The Area in inches of a Tiled object given in pixels (``points`` relative to x, y)."""
    origin = (x, y)
    if shape == "point":
        return Area((scale(origin),), shape="point", rotation=rotation)
    if shape in ("polygon", "polyline"):
        pts = tuple(scale(p) for p in turn(origin, list(points), rotation))
        return Area(
            pts,
            is_line=shape == "polyline",
            shape="polyline" if shape == "polyline" else "polygon",
            rotation=rotation,
        )
    if shape == "ellipse":
        rx, ry = width / 2, height / 2
        ring = [
            (
                rx + rx * math.cos(2 * math.pi * i / ELLIPSE_SIDES),
                ry + ry * math.sin(2 * math.pi * i / ELLIPSE_SIDES),
            )
            for i in range(ELLIPSE_SIDES)
        ]
        pts = tuple(scale(p) for p in turn(origin, ring, rotation))
        cx, cy = scale(turn(origin, [(rx, ry)], rotation)[0])
        sx, sy = scale((rx, ry))
        return Area(pts, ellipse=(cx, cy, sx, sy), shape="ellipse", rotation=rotation)
    top = -height if shape == "tile" else 0.0  # a tile object's origin is its bottom-left corner
    corners = [(0.0, top), (width, top), (width, top + height), (0.0, top + height)]
    pts = tuple(scale(p) for p in turn(origin, corners, rotation))
    return Area(pts, shape="rectangle", rotation=rotation)


def is_empty(area: Area) -> bool:
    """True when an outline encloses nothing (or a line has no length): nothing to put on the table."""
    if area.shape == "point":
        return True
    if area.is_line:
        if len(area.points) < 2:
            return True
        return sum(math.dist(a, b) for a, b in zip(area.points, area.points[1:])) <= 1e-9
    return len(area.points) < 3 or area.area <= 1e-9


def overlaps_table(area: Area, width: float, height: float) -> bool:
    """Whether any of the outline's bounding box is on a width x height table (edges count)."""
    x0, y0, x1, y1 = area.bounds
    return x1 >= 0 and y1 >= 0 and x0 <= width and y0 <= height


def near_table(area: Area, width: float, height: float, slack: float) -> bool:
    """Whether the outline's bounding box stays within ``slack`` inches of a width x height table."""
    x0, y0, x1, y1 = area.bounds
    return x0 >= -slack and y0 >= -slack and x1 <= width + slack and y1 <= height + slack


def on_table(p: Point, width: float, height: float, slack: float = 1e-6) -> bool:
    return -slack <= p[0] <= width + slack and -slack <= p[1] <= height + slack


def _segment_point(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments a-b and c-d meet."""

    def side(o: Point, p: Point, q: Point) -> float:
        return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 * d2 <= 0 and d3 * d4 <= 0


def leg_distance(a: Point, b: Point, area: Area) -> float:
    """The shortest distance from the straight leg ``a``-``b`` to ``area`` (0 when it enters it).

    >>> leg_distance((0.0, 5.0), (10.0, 5.0), Area.rect(4, 0, 2, 2))
    3.0
    >>> leg_distance((0.0, 1.0), (10.0, 1.0), Area.rect(4, 0, 2, 2))
    0.0
    """
    pts = area.points
    if not pts:
        return math.inf
    if len(pts) == 1 or area.shape == "point":
        return _segment_point(pts[0], a, b)
    if area.contains(a) or area.contains(b):
        return 0.0
    sides = list(zip(pts, pts[1:])) if area.is_line else list(zip(pts, pts[1:] + pts[:1]))
    if any(_crosses(a, b, c, d) for c, d in sides):
        return 0.0
    best = min(min(_segment_point(a, c, d), _segment_point(b, c, d)) for c, d in sides)
    return min(best, min(_segment_point(c, a, b) for c in pts))
