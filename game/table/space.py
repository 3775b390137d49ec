"""CONTRACT STUB — the table helper replaces the bodies; signatures and docstrings are the contract
that the rules are written against. Keep them (adding optional parameters is fine).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence, Callable

from game.scenario.model import Point, Scenario, Terrain

CLEAR, OBSCURED, BLOCKED = "clear", "obscured", "blocked"


@dataclass(frozen=True)
class Sight:
    """A line of sight between two points (base centres).

    ``state`` is ``clear``, ``obscured`` or ``blocked``. ``clutter_length`` is the inches of
    clutter the segment runs through. ``blocked_at`` is where it is first blocked (for drawing),
    else None. ``target_in_clutter`` says the target point is inside clutter.
    """

    state: str
    clutter_length: float
    blocked_at: Point | None = None
    target_in_clutter: bool = False
    blocked_by: str = ""  # "building 12 'Farmhouse'", "clutter (2.4\" crossed)"


@dataclass(frozen=True)
class PathCheck:
    """The legal part of a proposed move path for a base.

    ``points`` runs from the start to the last point the base can legally reach (the start
    itself if nothing is legal). ``blocked_at``/``blocked_by`` say where and by what the path
    was cut ("wall 7 'Churchyard wall'", "figure z-12", "table edge", "move allowance").
    ``clutter_length`` is the length of the *legal* part that lies in clutter.
    """

    points: tuple[Point, ...]
    length: float
    requested_length: float
    blocked_at: Point | None = None
    blocked_by: str = ""
    clutter_length: float = 0.0

    @property
    def blocked(self) -> bool:
        return self.blocked_at is not None

    @property
    def enters_clutter(self) -> bool:
        return self.clutter_length > 0.0

    @property
    def end(self) -> Point:
        return self.points[-1]


def edge_distance_between(a: Point, ra: float, b: Point, rb: float) -> float:
    """Base edge to base edge (never below 0)."""
    return max(0.0, math.dist(a, b) - ra - rb)


def in_front_arc(origin: Point, facing_deg: float, target: Point) -> bool:
    """In the 180-degree front arc: angle between facing and the line to target at most 90 degrees
    (exactly 90 counts as in; tolerance 1e-9)."""
    raise NotImplementedError


def path_length(points: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def truncate_path(points: Sequence[Point], length: float) -> list[Point]:
    """The first ``length`` inches of a path of straight legs."""
    raise NotImplementedError


class Table:
    """The pymunk space of one table: terrain shapes plus a circle per figure base."""

    def __init__(self, width: float, height: float, terrain: Iterable[Terrain] = ()) -> None:
        raise NotImplementedError

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> "Table":
        raise NotImplementedError

    # -- figures (bases); moving one never rebuilds the space
    def place(self, fid: str, at: Point, radius: float = 0.5) -> None: ...
    def move(self, fid: str, to: Point) -> None: ...
    def remove(self, fid: str) -> None: ...
    def position(self, fid: str) -> Point: ...
    def radius(self, fid: str) -> float: ...

    # -- distances
    def edge_distance(self, a: str, b: str) -> float: ...
    def centre_distance(self, a: str, b: str) -> float: ...

    # -- sight
    def line_of_sight(self, a: Point, b: Point, max_clutter: float = 2.0) -> Sight:
        """Figures never block sight. A line starting inside clutter works (counts the clutter crossed).
        More than ``max_clutter`` inches of clutter crossed in total blocks; any clutter crossed, or a
        target inside clutter, makes it obscured."""
        ...

    # -- clutter
    def in_clutter(self, p: Point) -> bool: ...
    def clutter_on_path(self, points: Sequence[Point]) -> float:
        """Inches of the path that lie inside clutter (overlapping clutter counted once)."""
        ...

    # -- movement
    def check_path(self, points: Sequence[Point], radius: float, mover: str | None = None,
                   max_length: float | None = None) -> PathCheck:
        """Walk the legs; stop where the base (of ``radius``) would touch a wall/building, leave the
        table, or overlap another base (except ``mover``'s own), or where ``max_length`` runs out."""
        ...

    def find_path(self, start: Point, goal: Point, radius: float,
                  max_length: float | None = None) -> list[Point] | None:
        """A short path of straight legs around walls and buildings (not figures), for walkers.
        With ``max_length`` the path is cut to that length. None when the goal cannot be reached."""
        ...

    def distance_field(self, goals: Sequence[Point], radius: float) -> "DistanceField":
        """Walking distance to the nearest goal from anywhere, around walls and buildings, computed
        once (multi-source) so many zombies can each take a step toward their nearest target cheaply."""
        ...

    # -- areas
    def figures_in_circle(self, centre: Point, r: float,
                          where: Callable[[str], bool] | None = None) -> list[str]:
        """Figures whose base is at least partly inside the circle (sorted by distance)."""
        ...

    def figures_in_polygon(self, points: Sequence[Point]) -> list[str]: ...

    def nearest(self, p: Point, where: Callable[[str], bool] | None = None,
                within: float | None = None) -> str | None:
        """The figure nearest to p (edge distance) that passes ``where``; spatial query, not a loop over all."""
        ...


class DistanceField:
    """See :meth:`Table.distance_field`."""

    def distance(self, p: Point) -> float:
        """Walking distance from p to the nearest goal (inf if unreachable)."""
        ...

    def step(self, start: Point, length: float) -> list[Point]:
        """A path of straight legs from start, up to ``length`` inches, downhill toward the nearest goal,
        stopping on reaching it."""
        ...
