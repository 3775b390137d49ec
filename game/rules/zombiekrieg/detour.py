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
from typing import Protocol

from game.rules.kit.detour import REACH_MOST, SHORT, ahead, way_round
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point
from game.table import path_length

PASSES = 3  # times the unit is gone over, front first: one that went round lets the one behind it through
# inches: past every rounding of a distance; a base this much beyond a way round's reach cannot be in its way
NEAR_SLACK = 0.01
# zombies: a horde this large goes round in the compiled loop. Below it, the hordes a 72" x 48" table holds
# (1000 zombies go round in some 15 ms) go round in the Python here, which the detour tests pin.
ROUND_BATCH_FROM = 1500


class Goings(Protocol):
    """What going round asks of the record of the zombies gone so far (:class:`_Goings`, or the compiled
    loop's own)."""

    def went(self, z: Figure, to: Point) -> None: ...

    def fail(self, z: Figure) -> None: ...

    def same_answer(self, z: Figure, reach: float) -> bool: ...


class _Goings:
    """The zombies that went round so far this turn, and for each zombie that could not go round how many had
    gone then: until one goes from or to a place that could be in its way, the table would give it the same
    answer, so it is not asked again. The places gone from and to are filed in square cells of ``CELL``."""

    CELL = 4.0  # inches

    def __init__(self) -> None:
        self.gone = 0
        self.failed: dict[str, int] = {}
        self.cells: dict[tuple[int, int], list[tuple[int, Point, float]]] = {}  # (turn gone, place, radius)
        self.widest = 0.0

    def went(self, z: Figure, to: Point) -> None:
        for p in (z.position, to):
            key = (math.floor(p[0] / self.CELL), math.floor(p[1] / self.CELL))
            self.cells.setdefault(key, []).append((self.gone, p, z.radius))
        self.gone += 1
        self.widest = max(self.widest, z.radius)
        self.failed.pop(z.id, None)

    def fail(self, z: Figure) -> None:
        """``z`` could not go round: remember how many had gone then."""
        self.failed[z.id] = self.gone

    def same_answer(self, z: Figure, reach: float) -> bool:
        """Did ``z`` fail to go round before, with nobody going from or to within its way round's reach since?
        (Its place and what is left of its move are as they were: it has not moved.)"""
        since = self.failed.get(z.id)
        if since is None:
            return False
        (x, y), near = z.position, reach + z.radius + NEAR_SLACK
        far = near + self.widest
        c = self.CELL
        for i in range(math.floor((x - far) / c), math.floor((x + far) / c) + 1):
            for j in range(math.floor((y - far) / c), math.floor((y + far) / c) + 1):
                for k, p, r in self.cells.get((i, j), ()):
                    if k >= since and math.dist(p, z.position) <= near + r:
                        return False
        return True


def go_round(
    world: World, order: Sequence[Figure], wanted: Sequence[list[Point]], paths: dict[str, list[Point]]
) -> None:
    """Each zombie of ``order`` stopped short of the end of its ``wanted`` way (already cut to its move)
    by a base goes round toward it with what is left of its move; ``paths`` (as walked) grow with it.
    A horde of :data:`ROUND_BATCH_FROM` or more goes round in a compiled loop, with the same answers
    (:mod:`game.rules.zombiekrieg.detour_batch`)."""
    if len(order) >= ROUND_BATCH_FROM:
        from game.rules.zombiekrieg import detour_batch

        python = detour_batch.Python(PASSES, _Goings.CELL, NEAR_SLACK, _in_clutter, _round_one)
        if detour_batch.go_round(world, order, wanted, paths, python):
            return
    goings = _Goings()
    for _ in range(PASSES):
        if not any([_round_one(world, z, want, paths, goings) for z, want in zip(order, wanted)]):
            return


def _round_one(world: World, z: Figure, want: list[Point], paths: dict[str, list[Point]], goings: Goings) -> bool:
    """``z`` goes round what stopped it, if that gets it nearer where it was going; True when it moved."""
    if len(want) < 2 or math.dist(z.position, want[-1]) <= SHORT:
        return False
    walked = paths[z.id]
    left = path_length(want) - (path_length(walked) if len(walked) >= 2 else 0.0)
    if left <= SHORT:
        return False
    reach = min(left, REACH_MOST)
    if goings.same_answer(z, reach):
        return False
    way = way_round(world.table, z.id, z.position, z.radius, ahead(want, z.position, reach), reach)
    if (
        way is None
        or len(way) < 2
        or (world.table.paths_in_clutter([way])[0] and not _in_clutter(world, want))
        or math.dist(way[-1], want[-1]) >= math.dist(z.position, want[-1]) - SHORT
    ):
        goings.fail(z)
        return False
    goings.went(z, way[-1])
    world.set_position(z, way[-1])
    paths[z.id] = [*(walked if len(walked) >= 2 else [walked[0]]), *way[1:]]
    return True


def _in_clutter(world: World, want: list[Point]) -> bool:
    return bool(world.table.paths_in_clutter([want])[0])
