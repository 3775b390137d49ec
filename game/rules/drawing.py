"""Previews as drawing primitives: what a rule set asks the screen to draw, in the game's words.

A rule set never chooses a colour or a line style. It says *what* a mark is (the legal part of a
path, a sight line that is obscured, a command ring, a plate with the odds) and the screen has one
style for each kind, never colour alone (solid / dashed / dotted lines, icons and words).
All positions are table inches; every primitive is plain, frozen data.

>>> from game.rules.drawing import Path, Plate, Sight
>>> marks = [Path(((0, 0), (4, 0)), "legal"), Sight((0, 0), (8, 3), "obscured"),
...          Plate((8, 3), "FIRE: need 2D6 <= 7", "sight_obscured")]
>>> [type(m).__name__ for m in marks]
['Path', 'Sight', 'Plate']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]

# what a stretch of path is: the part the figure will walk, the part in difficult ground, the part
# it cannot take, the drag that sets its facing, a line of command, the route a move would follow
# (and a squad's coherency link: two models within 2" of each other; a zombie's grab on the human it holds; two
# enemy models locked in close combat, who fight each other)
PathKind = Literal[
    "legal", "clutter", "blocked", "facing", "command", "route", "threat", "coherency", "grab", "engaged"
]
SightState = Literal["clear", "obscured", "blocked"]
# rings and arcs: how far a figure moves, commands, shoots, or is in danger; a ring round each figure the
# selected one could shoot now (in_sight)
ReachKind = Literal["move", "command", "range", "range_short", "danger", "spot", "in_sight"]
# a plate's tone: which colour family its text takes (the screen decides the colours)
PlateTone = Literal["path", "bad", "command", "sight_clear", "sight_obscured", "info"]
# an area on the table: a blast template, a generation point, a charge reach, a deploy zone
AreaKind = Literal["blast", "scatter", "generation", "charge", "zone"]


@dataclass(frozen=True)
class Path:
    """A path or one stretch of it. ``label`` is drawn at its last point (e.g. ``face``)."""

    points: tuple[Point, ...]
    kind: PathKind = "legal"
    label: str = ""


@dataclass(frozen=True)
class Sight:
    """A line of sight from ``start`` to ``end`` (where it stops when blocked), as the table found it.
    ``secondary`` marks a lesser line drawn thinner without its icon (an LMG's second shot)."""

    start: Point
    end: Point
    state: SightState = "clear"
    secondary: bool = False


@dataclass(frozen=True)
class Ring:
    """A full circle of reach round ``centre`` (radius in inches, from the centre)."""

    centre: Point
    radius: float
    kind: ReachKind = "move"
    label: str = ""


@dataclass(frozen=True)
class Arc:
    """A front arc or range band: ``spread`` degrees centred on ``facing``, out to ``radius``."""

    centre: Point
    radius: float
    facing: float
    spread: float = 180.0
    kind: ReachKind = "range"
    label: str = ""
    wedge: bool = True  # draw the two edges back to the centre, not only the rim


@dataclass(frozen=True)
class Area:
    """A marked area: a circle (``radius``) or a polygon (``points``), with a label at its centre."""

    centre: Point
    kind: AreaKind = "blast"
    radius: float = 0.0
    points: tuple[Point, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Cross:
    """An X where something stops (a blocked path, a blocked line of sight, a refused target)."""

    position: Point


@dataclass(frozen=True)
class Icon:
    """A sprite from the asset manifest (e.g. ``icons.clutter``) centred on a table point."""

    position: Point
    sprite: str
    size: int = 28  # pixels across


@dataclass(frozen=True)
class Plate:
    """Lines of text on a dark plate beside ``position``: what an action will do and its odds. A ``small`` plate
    (a standing note, such as a squad's coherency) reads in smaller type, so it never hides the action. A plate
    with a ``lead`` says first the one thing a player decides on (a shot's chance to destroy); its other lines
    are the detail, in smaller type."""

    position: Point
    text: str
    tone: PlateTone = "path"
    small: bool = False
    lead: bool = False


Primitive = Path | Sight | Ring | Arc | Area | Cross | Icon | Plate
