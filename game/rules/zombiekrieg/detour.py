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

from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point
from game.table import path_length, truncate_path

SHORT = 0.25  # inches: a zombie this near where it was going got there; a way round shorter is none
REACH_MOST = 4.0  # inches: how far ahead along its way a zombie going round heads for
# (degrees off the way, inches): the steps aside tried, nearest the way first, to either hand
SIDESTEPS = tuple(
    (side * turn, aside) for turn, aside in ((30, 1.2), (60, 1.2), (90, 1.2), (45, 2.2)) for side in (1, -1)
)
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
    way = _way_round(world, z, _ahead(want, z.position, reach), reach)
    if way is None or len(way) < 2 or (world.table.paths_in_clutter([way])[0] and not _in_clutter(world, want)):
        return False
    if math.dist(way[-1], want[-1]) >= math.dist(z.position, want[-1]) - SHORT:
        return False
    world.set_position(z, way[-1])
    paths[z.id] = [*(walked if len(walked) >= 2 else [walked[0]]), *way[1:]]
    return True


def _way_round(world: World, z: Figure, goal: Point, left: float) -> list[Point] | None:
    """The legal way of at most ``left`` inches from ``z`` toward ``goal`` round the bases in its way: a step
    aside (to either hand, a base or two wide) and on to the goal, the one that ends nearest it (or None)."""
    here = z.position
    heading = math.atan2(goal[1] - here[1], goal[0] - here[0])
    best: tuple[float, list[Point]] | None = None
    for turn, aside in SIDESTEPS:
        a = heading + math.radians(turn)
        step = (here[0] + aside * math.cos(a), here[1] + aside * math.sin(a))
        way = list(world.table.legal_path([here, step, goal], z.radius, mover=z.id, max_length=left))
        if path_length(way) > SHORT and (best is None or math.dist(way[-1], goal) < best[0] - 1e-9):
            best = (math.dist(way[-1], goal), way)
    return best[1] if best is not None else None


def _ahead(want: list[Point], here: Point, inches: float) -> Point:
    """The point ``inches`` further along ``want`` than the point of it nearest ``here``."""
    best, done = (math.inf, 0.0), 0.0
    for a, b in zip(want, want[1:]):
        leg = math.dist(a, b)
        t = _fraction_nearest(a, b, here)
        off = math.dist(here, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        if off < best[0]:
            best = (off, done + t * leg)
        done += leg
    return truncate_path(want, min(done, best[1] + inches))[-1]


def _fraction_nearest(a: Point, b: Point, p: Point) -> float:
    """How far (0..1) along the leg from ``a`` to ``b`` its point nearest ``p`` is."""
    span = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
    if span == 0:
        return 0.0
    return max(0.0, min(1.0, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / span))


def _in_clutter(world: World, want: list[Point]) -> bool:
    return bool(world.table.paths_in_clutter([want])[0])
