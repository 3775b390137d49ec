"""Small plane geometry the rules need beyond the Table: "within X", and where a base may stand at set-up.

>>> within(3.0, 3.0), within(3.0000001, 3.0)
(True, False)

>>> from game.scenario.model import Terrain, Area
>>> wall = Terrain(1, "w", "wall", Area(((5.0, 0.0), (5.0, 10.0)), is_line=True, shape="polyline"))
>>> base_clear([wall], 24, 24, (5.4, 3), 0.5), base_clear([wall], 24, 24, (6, 3), 0.5)
(False, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.scenario.model import Point, Terrain

# A distance worked out as exactly X may come out a hair above it in floating point (a root, a sum of
# radii); this much over still counts as X. Far below anything a player can measure on the table.
WITHIN_TOLERANCE = 1e-9


def within(distance: float, x: float) -> bool:
    """Rules: Common: "within X inches" is measured base edge to base edge and includes exactly X.

    The one rule for every use: the nearby-zombie modifier, the 4" column and break-off, melee reach,
    cohesion, weapon ranges and bands, the LMG's second shot and ORDER."""
    return distance <= x + WITHIN_TOLERANCE


def within_reach(radius: float, x: float) -> float:
    """The radius of a circle round a base's centre that finds every base within ``x`` of its edge
    (the table's circle queries count a base partly inside, so this is the same rule as :func:`within`)."""
    return radius + x + WITHIN_TOLERANCE


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def edges(points: Sequence[Point], closed: bool) -> Iterable[tuple[Point, Point]]:
    pts = list(points)
    pairs = list(zip(pts, pts[1:]))
    if closed and len(pts) > 2:
        pairs.append((pts[-1], pts[0]))
    return pairs


def base_clear(blockers: Iterable[Terrain], width: float, height: float, p: Point, r: float) -> bool:
    """A base of radius r at p is on the table and touches no wall or building."""
    x, y = p
    if x - r < -1e-9 or y - r < -1e-9 or x + r > width + 1e-9 or y + r > height + 1e-9:
        return False
    for t in blockers:
        if not t.blocks_movement:
            continue
        left, top, right, bottom = t.area.bounds
        if x < left - r or x > right + r or y < top - r or y > bottom + r:
            continue  # more than r from the outline's box: neither inside it nor touching an edge
        if t.area.contains(p):
            return False
        for a, b in edges(t.area.points, not t.area.is_line):
            if segment_distance(p, a, b) < r - 1e-6:
                return False
    return True


def angle_to(a: Point, b: Point) -> float:
    """Degrees from a toward b (0 along +x, 90 along +y), in [0, 360)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def grid_spots(
    bounds: tuple[float, float, float, float], spacing: float, spacing_y: float | None = None
) -> list[Point]:
    """Grid points inside a bounding box, half a spacing in from its sides (``spacing_y`` apart down
    the table, if given, else ``spacing``)."""
    x0, y0, x1, y1 = bounds
    sy = spacing if spacing_y is None else spacing_y
    out = []
    nx = max(1, int((x1 - x0) / spacing))
    ny = max(1, int((y1 - y0) / sy))
    ox = x0 + ((x1 - x0) - (nx - 1) * spacing) / 2
    oy = y0 + ((y1 - y0) - (ny - 1) * sy) / 2
    for j in range(ny):
        for i in range(nx):
            out.append((round(ox + i * spacing, 4), round(oy + j * sy, 4)))
    return out
