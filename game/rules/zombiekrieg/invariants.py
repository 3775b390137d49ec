"""What must hold after every event of a Zombiekrieg game (``RuleSet.invariants``: the soak and the
whole-game tests ask it). RULES.md Common, Movement: no base overlaps a wall (its ends included, with
its thickness), a building or another base, and every base is on the table; GUTS stays within its
bounds. Plain geometry, not the table's own, so a mistake in one is not hidden by the other.

>>> from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
>>> g = rigged_game(soldiers={"us1-sgt": (12, 10.6, 0)}, scenario=tiny_scenario(walls=[((2, 10), (12, 10))]))
>>> invariants(g)
['us1-sgt overlaps wall 1 \\'wall 0\\' by 0.025"']
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.zombiekrieg.geometry import edges, segment_distance
from game.scenario.model import Terrain

TOLERANCE = 1e-6  # inches: a base left touching is not overlapping
DEFAULT_THICKNESS = 0.25  # a polyline wall without a "thickness" (as the table reads it)


def wall_overlap(terrain: Terrain, p: tuple[float, float], radius: float) -> float:
    """How far a base of ``radius`` at ``p`` reaches into a wall or building (0 when clear)."""
    area = terrain.area
    if area.is_line:
        half = float(terrain.properties.get("thickness", DEFAULT_THICKNESS)) / 2
        gap = min(segment_distance(p, a, b) for a, b in edges(area.points, False))
        return max(0.0, radius + half - gap)
    gap = min(segment_distance(p, a, b) for a, b in edges(area.points, True))
    return radius + gap if area.contains(p) else max(0.0, radius - gap)


def invariants(game: Any) -> list[str]:
    """Every broken rule, one sentence each (empty when all hold)."""
    problems: list[str] = []
    sc = game.scenario
    blockers = [t for t in sc.terrain if t.blocks_movement]
    on_table = [f for f in game.figures if f.on_table]
    for f in on_table:
        x, y = f.position
        if not (f.radius - TOLERANCE <= x <= sc.width - f.radius + TOLERANCE) or not (
            f.radius - TOLERANCE <= y <= sc.height - f.radius + TOLERANCE
        ):
            problems.append(f"{f.id} is off the table at ({x:.3f}, {y:.3f})")
        for t in blockers:
            deep = wall_overlap(t, f.position, f.radius)
            if deep > TOLERANCE:
                problems.append(f"{f.id} overlaps {t.kind} {t.id} '{t.name}' by {deep:.3f}\"")
        if not f.is_zombie and not game.data.guts_min <= f.guts <= game.data.guts_max:
            problems.append(f"{f.id} has GUTS {f.guts}")
    for i, a in enumerate(on_table):
        for b in on_table[i + 1 :]:
            gap = math.dist(a.position, b.position) - a.radius - b.radius
            if gap < -TOLERANCE:
                problems.append(f'{a.id} overlaps {b.id} by {-gap:.3f}"')
    return problems
