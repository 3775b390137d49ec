"""Line of sight: ``Table.line_of_sight`` (one line a call) and ``Table.lines_of_sight`` (the whole batch
in one call, ``los_batch_per_s``) against a straightforward pure-Python reference.

The reference tests each sight line against every terrain shape in turn, with no spatial index:
a wall or building is a polygon (or a polyline with a thickness: a strip and two end discs), and
the line is blocked at the first place it touches one; clutter is a polygon whose inside spans
along the line are found from its edge crossings. The states follow the same rule as the table
(rules: Common: line of sight): more than 2" of clutter crossed, or a wall or building, blocks;
any clutter crossed, or a target inside clutter, obscures.

>>> ref = ReferenceSight.from_scenario(starter_scenario())     # doctest: +SKIP
>>> ref.state((2, 2), (10, 2))                                  # doctest: +SKIP
'clear'
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bench.common import clock, median, open_ground, starter_scenario
from game.scenario.model import Point, Scenario

DEFAULT_THICKNESS = 0.25  # as the table: polyline walls without a "thickness" property


def _ring(points: Sequence[Point]) -> list[Point]:
    pts = [(float(x), float(y)) for x, y in points]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    return pts


def _strip(a: Point, b: Point, thickness: float) -> list[Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * thickness / 2, dx / n * thickness / 2
    return [(a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), (b[0] - ox, b[1] - oy), (a[0] - ox, a[1] - oy)]


def _inside(p: Point, ring: Sequence[Point]) -> bool:
    x, y = p
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _crossings(a: Point, b: Point, ring: Sequence[Point]) -> list[float]:
    """Fractions along a-b where the segment crosses the ring's edges."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    out = []
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        if den == 0.0:
            continue
        t = ((x1 - ax) * ey - (y1 - ay) * ex) / den
        u = ((x1 - ax) * dy - (y1 - ay) * dx) / den
        if 0.0 <= t <= 1.0 and 0.0 <= u < 1.0:
            out.append(t)
    return out


def _first_polygon(a: Point, b: Point, ring: Sequence[Point]) -> float | None:
    if _inside(a, ring):
        return 0.0
    ts = _crossings(a, b, ring)
    return min(ts) if ts else None


def _first_disc(a: Point, b: Point, c: Point, r: float) -> float | None:
    ax, ay = a[0] - c[0], a[1] - c[1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    qa = dx * dx + dy * dy
    qb = ax * dx + ay * dy
    qc = ax * ax + ay * ay - r * r
    if qc <= 0.0:
        return 0.0
    det = qb * qb - qa * qc
    if qa == 0.0 or det < 0.0:
        return None
    t = (-qb - math.sqrt(det)) / qa
    return t if 0.0 <= t <= 1.0 else None


def _spans(a: Point, b: Point, ring: Sequence[Point]) -> list[tuple[float, float]]:
    """Inside spans of a-b in the ring, from the crossings and whether ``a`` is inside."""
    ts = sorted(_crossings(a, b, ring))
    inside = _inside(a, ring)
    out: list[tuple[float, float]] = []
    start = 0.0  # where the segment went in (the start when it begins inside)
    for t in ts:
        if inside:
            out.append((start, t))
            inside = False
        else:
            start, inside = t, True
    if inside:
        out.append((start, 1.0))
    return [(t0, t1) for t0, t1 in out if t1 > t0]


@dataclass
class ReferenceSight:
    """Every blocking shape and every clutter polygon, tested one by one."""

    polygons: list[list[Point]]  # walls and buildings with an outline
    capsules: list[tuple[Point, Point, float]]  # polyline wall legs: ends and half thickness
    clutter: list[list[Point]]

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> ReferenceSight:
        polygons: list[list[Point]] = []
        capsules: list[tuple[Point, Point, float]] = []
        clutter: list[list[Point]] = []
        for t in scenario.terrain:
            if not (t.blocks_sight or t.is_clutter):
                continue
            pts = _ring(t.area.points)
            blocking = t.blocks_sight
            if t.area.is_line or len(pts) < 3:
                thick = float(t.properties.get("thickness", DEFAULT_THICKNESS))
                for p, q in zip(t.area.points, t.area.points[1:]):
                    if blocking:
                        capsules.append(((float(p[0]), float(p[1])), (float(q[0]), float(q[1])), thick / 2))
                    else:
                        clutter.append(_strip(p, q, thick))
            elif blocking:
                polygons.append(pts)
            else:
                clutter.append(pts)
        return cls(polygons, capsules, clutter)

    def first_block(self, a: Point, b: Point) -> float | None:
        best: float | None = None
        for ring in self.polygons:
            t = _first_polygon(a, b, ring)
            if t is not None and (best is None or t < best):
                best = t
        for p, q, r in self.capsules:
            for t in (_first_polygon(a, b, _strip(p, q, 2 * r)), _first_disc(a, b, p, r), _first_disc(a, b, q, r)):
                if t is not None and (best is None or t < best):
                    best = t
        return best

    def state(self, a: Point, b: Point, max_clutter: float = 2.0) -> str:
        length = math.dist(a, b)
        wall = self.first_block(a, b)
        end = 1.0 if wall is None else wall
        spans: list[tuple[float, float]] = []
        for ring in self.clutter:
            spans.extend(self._clip(_spans(a, b, ring), end))
        crossed = 0.0
        last = 0.0
        for t0, t1 in sorted(spans):  # union: overlapping clutter counted once
            t0 = max(t0, last)
            if t1 > t0:
                crossed += t1 - t0
                last = t1
        crossed *= length
        if wall is not None or crossed > max_clutter + 1e-9:
            return "blocked"
        if crossed > 0.0 or any(_inside(b, ring) for ring in self.clutter):
            return "obscured"
        return "clear"

    @staticmethod
    def _clip(spans: list[tuple[float, float]], end: float) -> list[tuple[float, float]]:
        return [(t0, min(t1, end)) for t0, t1 in spans if t0 < end]


def sight_pairs(scenario: Scenario, n: int, seed: int = 848) -> list[tuple[Point, Point]]:
    """``n`` random pairs of base centres on open ground across the map."""
    rng = random.Random(seed)
    spots = open_ground(scenario, rng, spacing=0.0)
    pts = [next(spots) for _ in range(2 * n)]
    return list(zip(pts[::2], pts[1::2]))


def bench_sight(pairs: int = 4000, repeats: int = 5, scenario: Scenario | None = None) -> dict[str, float]:
    """Sight lines per second (table and reference), the ratio, and how often they agree."""
    from game.table import Table

    scenario = scenario or starter_scenario()
    table = Table.from_scenario(scenario)
    ref = ReferenceSight.from_scenario(scenario)
    ps = sight_pairs(scenario, pairs)
    los = table.line_of_sight
    ours, theirs = [], []
    for _ in range(repeats):
        t0 = clock()
        for a, b in ps:
            los(a, b)
        ours.append(len(ps) / (clock() - t0))
    batch = []
    table.lines_of_sight(ps[:8])  # numpy and the terrain arrays, outside the clock
    for _ in range(repeats):
        t0 = clock()
        table.lines_of_sight(ps)
        batch.append(len(ps) / (clock() - t0))
    ref_pairs = ps[: max(1, len(ps) // 4)]  # the reference is slow: a quarter of the pairs
    for _ in range(max(1, repeats // 2)):
        t0 = clock()
        for a, b in ref_pairs:
            ref.state(a, b)
        theirs.append(len(ref_pairs) / (clock() - t0))
    agree = sum(los(a, b).state == ref.state(a, b) for a, b in ps) / len(ps)
    assert agree >= 0.99, f"the table and the reference agree on only {agree:.1%} of sight lines"
    return {
        "los_per_s": median(ours),
        "los_batch_per_s": median(batch),
        "los_reference_per_s": median(theirs),
        "los_ratio_vs_reference": median(ours) / median(theirs),
        "los_agreement": agree,
    }
