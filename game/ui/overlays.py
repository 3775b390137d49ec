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


@dataclass(frozen=True)
class Label:
    position: Point
    text: str
    colour: Colour = (245, 240, 220)


Overlay = Line | Circle | Arc | Label
