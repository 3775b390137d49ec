"""Extra marks on the table drawn over the map: paths, LOS lines, ranges, arcs, labels.

Plain data in inches. The controller hookup fills these from what the rules computed
(previews, legal moves); the view only draws them. ``style`` never relies on colour alone:
``solid``, ``dashed`` or ``dotted`` lines, and ``label`` text.

>>> Line(points=((0, 0), (6, 0)), style="dashed", label='6.0"').style
'dashed'
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Line:
    points: tuple[Point, ...]
    colour: Colour = (240, 230, 200)
    style: str = "solid"  # solid | dashed | dotted
    width: int = 2  # pixels
    label: str = ""  # drawn at the last point
    over: bool = False  # drawn over the figures (a link between two touching bases would hide under them)


@dataclass(frozen=True)
class Circle:
    """A range ring (e.g. move allowance, command radius), measured from the centre."""

    centre: Point
    radius: float
    colour: Colour = (240, 230, 200)
    style: str = "dashed"
    width: int = 2
    label: str = ""


@dataclass(frozen=True)
class Arc:
    """A front arc: ``spread`` degrees centred on ``facing``, out to ``radius`` inches."""

    centre: Point
    radius: float
    facing: float
    spread: float = 180.0
    colour: Colour = (240, 230, 200)
    style: str = "dotted"
    width: int = 2
    label: str = ""
    wedge: bool = True  # draw the two edges back to the centre, not only the rim


@dataclass(frozen=True)
class Label:
    """Text on the table; several lines (``\n``) on a dark plate when ``plate`` is set.

    ``anchor`` is a pygame rect anchor (``center``, ``topleft``, ``bottomleft``...) placed at
    ``position``; ``offset`` shifts it by screen pixels (so a plate sits beside a figure at any zoom).
    A plate's ``detail_size`` (0: its ``size``) is the type of its lines after the first.
    """

    position: Point
    text: str
    colour: Colour = (245, 240, 220)
    size: int = 20
    plate: bool = False
    anchor: str = "center"
    offset: tuple[int, int] = (0, 0)
    detail_size: int = 0
    beside: float = 0.0  # a figure's tag: his base's radius (inches) round ``position``; placed clear of words


@dataclass(frozen=True)
class Icon:
    """A sprite (e.g. ``icons.los_clear``) centred on a table point, ``size`` pixels across."""

    position: Point
    sprite: str
    size: int = 28


@dataclass(frozen=True)
class Cross:
    """An X where something stops (a blocked path, a blocked line of sight)."""

    position: Point
    colour: Colour = (240, 80, 60)
    size: int = 9  # pixels from the centre to a tip


Overlay = Line | Circle | Arc | Label | Icon | Cross
