"""Zombies go round the bases in their way (rules: Zombiekrieg 848, The zombies; Common, Movement).

The unit walks its shared way round the walls, one zombie after another, and no base passes through another.
A zombie stopped short by a base (a zombie lying knocked down, one that has already moved, a soldier it is
not going for) goes round it toward where it was going, as far as its move allows [house how]: a file
of zombies through a gap no longer stands still behind one that was shot down. After the unit has walked,
front first, until nobody gets further; a way round that would enter clutter its own way did not is not
taken (the clutter roll is the unit's, made as its ways entered clutter).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.rules.kit.detour import REACH_MOST, SHORT, ahead, way_round
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point
from game.table import path_length

PASSES = 3  # times the unit is gone over, front first: one that went round lets the one behind it through


def go_round(
    world: World, order: Sequence[Figure], wanted: Sequence[list[Point]], paths: dict[str, list[Point]]
) -> None:
    """Each zombie of ``order`` stopped short of the end of its ``wanted`` way (already cut to its move)
    by a base goes round toward it with what is left of its move; ``paths`` (as walked) grow with it."""
    for _ in range(PASSES):
        if not any([_round_one(world, z, want, paths) for z, want in zip(order, wanted)]):
            return


def _round_one(world: World, z: Figure, want: list[Point], paths: dict[str, list[Point]]) -> bool:
    """``z`` goes round what stopped it, if that gets it nearer where it was going; True when it moved."""
    if len(want) < 2 or math.dist(z.position, want[-1]) <= SHORT:
        return False
    walked = paths[z.id]
    left = path_length(want) - (path_length(walked) if len(walked) >= 2 else 0.0)
    if left <= SHORT:
        return False
    reach = min(left, REACH_MOST)
    way = way_round(world.table, z.id, z.position, z.radius, ahead(want, z.position, reach), reach)
    if way is None or len(way) < 2 or (world.table.paths_in_clutter([way])[0] and not _in_clutter(world, want)):
        return False
    if math.dist(way[-1], want[-1]) >= math.dist(z.position, want[-1]) - SHORT:
        return False
    world.set_position(z, way[-1])
    paths[z.id] = [*(walked if len(walked) >= 2 else [walked[0]]), *way[1:]]
    return True


def _in_clutter(world: World, want: list[Point]) -> bool:
    return bool(world.table.paths_in_clutter([want])[0])
