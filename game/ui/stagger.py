"""A group's moves on one clock: zombies the rules move one after another, shown shambling at once.

Each glide keeps the shamble's pace and starts as early as it can without its base meeting another glide's
at any moment (the one through a gate waits until the one before it is through), so a horde the rules
moved one zombie at a time streams across the table instead of stepping zombie by zombie. Times are in
seconds at speed 1; the screen only animates, the rules have already moved every figure.

>>> a = Glide.of(((0.0, 0.0), (6.0, 0.0)), 0.5)
>>> crossing = Glide.of(((3.0, -3.0), (3.0, 3.0)), 0.5)  # over (3, 0) as ``a`` is there
>>> earliest(crossing, [a]) > 0.0, earliest(Glide.of(((0.0, 9.0), (6.0, 9.0)), 0.5), [a])
(True, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

Point = tuple[float, float]

SECONDS_PER_INCH = 0.2  # a zombie's shamble at speed 1: 6" in 1.2 s
GLIDE_LEAST, GLIDE_MOST = 0.4, 2.4  # seconds one glide takes at speed 1, however short or long its way
TICK = 0.04  # seconds between the moments compared: an 8" move goes a quarter of an inch in one
SLACK = 0.02  # inches two bases may overlap in passing (the rules let bases touch)


def along(path: Sequence[Point], t: float) -> tuple[Point, float]:
    """The point a fraction ``t`` (0..1) along a path, and the heading there in degrees."""
    legs = [(a, b, math.dist(a, b)) for a, b in zip(path, path[1:])]
    total = sum(d for _, _, d in legs)
    if total <= 1e-9:
        return tuple(path[-1]), 0.0  # type: ignore[return-value]
    goal = t * total
    for a, b, d in legs:
        if goal <= d or (a, b, d) == legs[-1]:
            k = 0.0 if d <= 1e-9 else min(1.0, goal / d)
            heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), heading
        goal -= d
    return tuple(path[-1]), 0.0  # type: ignore[return-value]


def pace(path: Sequence[Point]) -> float:
    """Seconds a glide along ``path`` takes at speed 1."""
    length = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
    return min(GLIDE_MOST, max(GLIDE_LEAST, length * SECONDS_PER_INCH))


@dataclass(frozen=True)
class Glide:
    """One figure's move on the group's clock: from ``start`` for ``seconds``, its base of ``radius``;
    ``track`` is where it is at each tick from its start to its end."""

    path: tuple[Point, ...]
    radius: float
    start: float
    seconds: float
    track: tuple[Point, ...]

    @classmethod
    def of(cls, path: Sequence[Point], radius: float, start: float = 0.0) -> Glide:
        points = tuple((float(p[0]), float(p[1])) for p in path)
        seconds = pace(points)
        ticks = max(1, math.ceil(seconds / TICK))
        track = tuple(along(points, min(1.0, k * TICK / seconds))[0] for k in range(ticks + 1))
        return cls(points, radius, start, seconds, track)

    @property
    def end(self) -> float:
        return self.start + self.seconds

    def done(self, when: float) -> float:
        """How far (0..1) along its path the glide is at ``when``."""
        return min(1.0, max(0.0, (when - self.start) / self.seconds)) if self.seconds > 0 else 1.0

    def at_tick(self, k: int) -> Point:
        """Where the glide is ``k`` ticks into the group's clock."""
        return self.track[min(len(self.track) - 1, max(0, k - round(self.start / TICK)))]

    def box(self, margin: float) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.path], [p[1] for p in self.path]
        return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def _apart(one: Glide, other: Glide) -> bool:
    """Whether the two ways are too far apart for the bases ever to meet."""
    a, b = one.box(one.radius), other.box(other.radius)
    return a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


def meet(one: Glide, other: Glide) -> bool:
    """Whether ``one`` (moved by the rules after ``other``) comes nearer ``other`` at some moment than the
    rules ever had them: their two bases, or the nearest the rules left them (they may touch)."""
    if _apart(one, other):
        return False
    allowed = min(one.radius + other.radius, _nearest_in_turn(one, other)) - SLACK
    ticks = math.ceil(max(one.end, other.end) / TICK)
    return any(math.dist(one.at_tick(k), other.at_tick(k)) < allowed for k in range(ticks + 1))


def _nearest_in_turn(one: Glide, other: Glide) -> float:
    """How near the two bases came as the rules moved them, ``other`` first while ``one`` stood at its
    start, then ``one`` while ``other`` stood at its end (a rule set may let bases pass closer than the
    tokens are drawn)."""
    start, end = one.path[0], other.path[-1]
    return min(min(math.dist(p, start) for p in other.track), min(math.dist(p, end) for p in one.track))


def earliest(glide: Glide, before: Sequence[Glide]) -> float:
    """The earliest start (a whole tick) at which ``glide`` meets none of the glides ``before`` it; once
    they are all over it always may (the rules moved it then)."""
    last = max((g.end for g in before), default=0.0)
    for k in range(math.ceil(last / TICK) + 1):
        start = k * TICK
        if not any(meet(replace(glide, start=start), g) for g in before):
            return start
    return last
