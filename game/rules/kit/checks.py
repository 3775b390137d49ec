"""The checks of a command's plain data that every rule set makes alike: a refusal is an
:class:`IllegalCommand` a player can read, made before anything is rolled.

>>> path_and_facing([(1, 2)], None)
(((1.0, 2.0),), None)
>>> path_and_facing((), 450)
((), 90.0)
>>> path_and_facing((), None)
Traceback (most recent call last):
game.rules.core.IllegalCommand: Say where to move (a path) or which way to face.

Whether a command's figure is one a player may act with at all:

>>> from game.rules.kit.figure import KitFigure
>>> figures = {"z1": KitFigure("z1", "zombies", (0, 0), 0), "pc1": KitFigure("pc1", "players", (1, 1), 0)}
>>> figure_refusal(figures, "z9", "players", False), figure_refusal(figures, "z1", "players", False)
("There is no figure 'z9'.", 'z1 is a zombie; the game moves the zombies.')
>>> figure_refusal(figures, "pc1", "players", True), figure_refusal(figures, "pc1", "players", False)
('The game is over.', None)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.rules.core import IllegalCommand

Point = tuple[float, float]


def finite_point(p: object) -> Point:
    """A command's point as two finite floats, or IllegalCommand."""
    try:
        pair: Any = p  # any pair of numbers; anything else is refused below
        a, b = pair
        x, y = float(a), float(b)
    except (TypeError, ValueError):
        raise IllegalCommand(f"{p!r} is not a point on the table.") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise IllegalCommand(f"{p!r} is not a point on the table.")
    return (x, y)


def path_and_facing(path: object, facing: object) -> tuple[tuple[Point, ...], float | None]:
    """A move's path (finite points) and its facing in [0, 360) or None; a move must say one or the other."""
    if not isinstance(path, (tuple, list)):
        raise IllegalCommand("A move needs a path of points.")
    points = tuple([finite_point(p) for p in path])
    degrees = None
    if facing is not None:
        try:
            degrees = float(facing) % 360.0  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise IllegalCommand(f"{facing!r} is not a facing in degrees.") from None
        if not math.isfinite(degrees):
            raise IllegalCommand(f"{facing!r} is not a facing in degrees.")
    if not points and degrees is None:
        raise IllegalCommand("Say where to move (a path) or which way to face.")
    return points, degrees


def figure_refusal(figures: Mapping[str, Any], fid: str, side: str, over: bool) -> str | None:
    """Why no player may act with ``fid`` at all, before the rules of his turn: there is no such figure, the
    game moves him (a zombie, a bystander: not of the players' ``side``), or the game is ``over``; else None."""
    f = figures.get(fid)
    if f is None:
        return f"There is no figure {fid!r}."
    if f.side != side:
        who, whom = ("a zombie", "the zombies") if f.is_zombie else ("a bystander", "bystanders")
        return f"{fid} is {who}; the game moves {whom}."
    return "The game is over." if over else None
