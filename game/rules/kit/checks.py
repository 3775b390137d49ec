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

>>> from types import SimpleNamespace as Figure
>>> figures = {"z1": Figure(side="zombies", is_zombie=True), "pc1": Figure(side="players", player=1)}
>>> figure_refusal(figures, "z9", "players", False, "", 1), figure_refusal(figures, "z1", "players", False, "", 1)
("There is no figure 'z9'.", 'z1 is a zombie; the game moves the zombies.')
>>> figure_refusal(figures, "pc1", "players", True, "", 1), figure_refusal(figures, "pc1", "players", False, "", 1)
('The game is over.', None)
>>> figure_refusal(figures, "pc1", "players", False, "It is the zombies' turn.", 1)
"It is the zombies' turn."
>>> figure_refusal(figures, "pc1", "players", False, "", 2)
"pc1 belongs to player 1; it is player 2's turn."
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


def figure_refusal(
    figures: Mapping[str, Any],
    fid: str,
    side: str,
    over: bool,
    not_now: str,
    active: int | None,
    part: str = "turn",
) -> str | None:
    """Why no player may act with ``fid`` now, before the rules look at what he does: there is no such
    figure; the game moves him (a zombie, a bystander: not of the players' ``side``); the game is ``over``;
    ``not_now`` (why it is no player's part of the turn, "" when it is one's); or he is not of the ``active``
    player (it is that player's ``part``: "turn", "part of the step"). None when he may act."""
    f = figures.get(fid)
    if f is None:
        return f"There is no figure {fid!r}."
    if f.side != side:
        who, whom = ("a zombie", "the zombies") if f.is_zombie else ("a bystander", "bystanders")
        return f"{fid} is {who}; the game moves {whom}."
    if over or not_now:
        return "The game is over." if over else not_now
    if f.player != active:
        return f"{fid} belongs to player {f.player}; it is player {active}'s {part}."
    return None
