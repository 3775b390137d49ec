"""The plain data a scenario is turned into: everything in inches, nothing from pytmx.

Coordinates are the Tiled map's, converted to inches: x grows to the right, y grows *down*
the table (as on screen). Angles are degrees measured the same way: 0 points along +x,
90 along +y (down the table), i.e. clockwise on screen.

>>> zone = Zone(id=3, name="Road out", kind="exit", area=Area.rect(0, 0, 4, 2))
>>> zone.area.bounds
(0.0, 0.0, 4.0, 2.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

Point = tuple[float, float]

TERRAIN_KINDS = ("wall", "building", "clutter", "ruin")
ZONE_KINDS = ("deploy", "exit", "objective", "spawn", "escape_vehicle")
FIGURE_KINDS = ("zombie", "soldier", "character", "npc")
IGNORED_KINDS = ("note",)
ALL_KINDS = TERRAIN_KINDS + ZONE_KINDS + FIGURE_KINDS + IGNORED_KINDS


@dataclass(frozen=True)
class Area:
    """An outline in inches, already rotated and placed.

    ``points`` is a closed polygon (the last point joins the first) unless ``is_line``,
    in which case it is an open chain (a polyline wall). Ellipses are stored as a polygon
    of many sides with ``ellipse`` keeping the exact centre and radii.
    """

    points: tuple[Point, ...]
    is_line: bool = False
    ellipse: tuple[float, float, float, float] | None = None  # cx, cy, rx, ry (unrotated radii)
    shape: Literal["rectangle", "polygon", "polyline", "ellipse", "point"] = "polygon"
    rotation: float = 0.0  # degrees the shape was turned in Tiled (clockwise on screen), e.g. for drawing ellipses

    @staticmethod
    def rect(x: float, y: float, w: float, h: float) -> Area:
        pts = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        return Area(tuple((float(a), float(b)) for a, b in pts), shape="rectangle")

    @staticmethod
    def circle(cx: float, cy: float, r: float, sides: int = 32) -> Area:
        pts = tuple(
            (cx + r * math.cos(2 * math.pi * i / sides), cy + r * math.sin(2 * math.pi * i / sides))
            for i in range(sides)
        )
        return Area(pts, ellipse=(cx, cy, r, r), shape="ellipse")

    @cached_property  # an outline never changes, and placing figures asks for it thousands of times
    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y)."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def centre(self) -> Point:
        if self.ellipse:
            return (self.ellipse[0], self.ellipse[1])
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    @property
    def area(self) -> float:
        """Enclosed area in square inches (0 for a line)."""
        if self.is_line or len(self.points) < 3:
            return 0.0
        s = 0.0
        pts = self.points
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
            s += x1 * y2 - x2 * y1
        return abs(s) / 2

    def contains(self, p: Point) -> bool:
        """Point in polygon (even-odd); always False for a line."""
        if self.is_line:
            return False
        x, y = p
        inside = False
        pts = self.points
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside


@dataclass(frozen=True)
class Terrain:
    """A piece of terrain: ``wall`` and ``building`` block sight and movement; ``clutter``
    and ``ruin`` are cluttered (difficult) ground; a ``ruin`` also gives the better cover save
    where a rule set has cover saves."""

    id: int
    name: str
    kind: str
    area: Area
    properties: dict[str, Any] = field(default_factory=dict)

    @property
    def blocks_sight(self) -> bool:
        return self.kind in ("wall", "building")

    @property
    def blocks_movement(self) -> bool:
        return self.kind in ("wall", "building")

    @property
    def is_clutter(self) -> bool:
        return self.kind in ("clutter", "ruin")


def describe(terrain: Terrain) -> str:
    """How a piece of terrain is named in messages: ``building 12 'Farmhouse'``."""
    return f"{terrain.kind} {terrain.id} '{terrain.name}'" if terrain.name else f"{terrain.kind} {terrain.id}"


@dataclass(frozen=True)
class Zone:
    """A marked area: deployment zone, exit, objective, zombie spawn point, escape vehicle."""

    id: int
    name: str
    kind: str
    area: Area
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Placement:
    """A figure drawn on the map by the designer (zombie, soldier, character, npc)."""

    id: int
    name: str
    kind: str
    position: Point
    facing: float = 0.0
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    """One table, ready for the rules: what a ``.tmx`` says, in inches."""

    path: str
    ruleset: str
    title: str
    width: float  # inches
    height: float  # inches
    inches_per_tile: float = 1.0
    briefing: str = ""
    objective: str = ""
    turn_limit: int | None = None
    properties: dict[str, Any] = field(default_factory=dict)  # every map property, typed
    terrain: tuple[Terrain, ...] = ()
    zones: tuple[Zone, ...] = ()
    placements: tuple[Placement, ...] = ()
    content_hash: str = ""  # sha256 of the .tmx (and templates it uses), for saves

    def zones_of(self, kind: str) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.kind == kind)

    def placements_of(self, kind: str) -> tuple[Placement, ...]:
        return tuple(p for p in self.placements if p.kind == kind)
