"""A figure stopped short by a base steps aside and carries on (shared by the rule sets' zombies).

The way round is a step aside, to either hand and a base or two wide, then on toward where the figure was
going; of those the table allows, the one that ends nearest the goal [house how]. Zombiekrieg's horde and
Outbreak's hunting zombies both use it, so a file of zombies through a gap does not stand still behind one
that stopped in it.
"""

from __future__ import annotations

import math

from game.scenario.model import Point
from game.table import Table, path_length, truncate_path
from game.table.geometry import circle_entry

SHORT = 0.25  # inches: a figure this near where it was going got there; a way round shorter is none
REACH_MOST = 4.0  # inches: how far ahead along its way a figure going round heads for
# inches: far more than the rounding of a distance on a table; a way round is skipped unasked only when it
# could not beat the best by even this much, or when a base beside stops it this much short of SHORT (so the
# choice is the one asking every way makes)
BOUND_SLACK = 1e-6
# inches: the bases looked at beside a figure reach this much past SHORT (any base that could stop it sooner)
BESIDE_SLACK = 0.01
# (degrees off the way, inches): the steps aside tried, nearest the way first, to either hand
SIDESTEPS = tuple(
    (side * turn, aside) for turn, aside in ((30, 1.2), (60, 1.2), (90, 1.2), (45, 2.2)) for side in (1, -1)
)


def way_round(
    table: Table, mover: str, here: Point, radius: float, goal: Point, left: float
) -> list[Point] | None:
    """The legal way of at most ``left`` inches from ``here`` toward ``goal`` round the bases in ``mover``'s
    way: a step aside (to either hand, a base or two wide) and on to the goal, the one that ends nearest it
    (or None)."""
    heading = math.atan2(goal[1] - here[1], goal[0] - here[0])
    best: tuple[float, list[Point]] | None = None
    beside = [
        (table.position(o), radius + table.radius(o))
        for o in table.figures_in_circle(here, SHORT + radius + BESIDE_SLACK)
        if o != mover
    ]
    for turn, aside in SIDESTEPS:
        a = heading + math.radians(turn)
        step = (here[0] + aside * math.cos(a), here[1] + aside * math.sin(a))
        if beside and _stopped_at_once(beside, here, step, goal, left):
            continue  # a base beside it stops this way within SHORT: the table's way would be none
        if best is not None and _nearest_it_gets(here, step, goal, left) - BOUND_SLACK >= best[0] - 1e-9:
            continue  # even walked whole it ends no nearer the goal than the best: the table need not be asked
        way = list(table.legal_path([here, step, goal], radius, mover=mover, max_length=left))
        if path_length(way) > SHORT and (best is None or math.dist(way[-1], goal) < best[0] - 1e-9):
            best = (math.dist(way[-1], goal), way)
    return best[1] if best is not None else None


def _stopped_at_once(
    beside: list[tuple[Point, float]], here: Point, step: Point, goal: Point, left: float
) -> bool:
    """Does one of the bases ``beside`` (centre, and how near the walker's centre may come to it) stop the
    first leg of the table's walk from ``here`` by ``step`` toward ``goal`` (cut at ``left`` inches as the
    table cuts it) within SHORT, by BOUND_SLACK? The table stops a way at the first thing in it, so its
    legal way is then no longer than SHORT."""
    a, b = here, step
    length = math.dist(a, b)
    # the table's cut (truncate_path's arithmetic) when the first leg is longer than what is left
    if length > left and length + math.dist(step, goal) > left + 1e-9:
        f = left / length
        b = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        length = math.dist(a, b)
    for centre, reach in beside:
        t = circle_entry(a, b, centre, reach)
        if t is not None and t * length <= SHORT - BOUND_SLACK:
            return True
    return False


def _nearest_it_gets(here: Point, step: Point, goal: Point, left: float) -> float:
    """How near ``goal`` a figure walking from ``here`` by ``step`` toward it, at most ``left`` inches, ever
    comes: no legal part of that way (the table's cut is a part of it) ends nearer."""
    walk = truncate_path([here, step, goal], left)
    return min(_to_leg(goal, a, b) for a, b in zip(walk, walk[1:])) if len(walk) >= 2 else math.dist(here, goal)


def _to_leg(p: Point, a: Point, b: Point) -> float:
    """The distance from ``p`` to the leg from ``a`` to ``b``."""
    t = _fraction_nearest(a, b, p)
    return math.dist(p, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))


def ahead(want: list[Point], here: Point, inches: float) -> Point:
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
