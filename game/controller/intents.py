"""What the player did, in the table's terms: the UI turns mouse and keys into these.

Points are in inches on the table, never pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


class Intent:
    """Something the player did."""


@dataclass(frozen=True)
class Hover(Intent):
    """The pointer is over ``point`` (inches); ``face_toward``: a drag that began at ``point`` is there now (the
    preview is of what letting go will send: the move to ``point``, facing it)."""

    point: Point
    face_toward: Point | None = None


@dataclass(frozen=True)
class Away(Intent):
    """The pointer left the table (onto the log, a panel): nothing is aimed at, no preview stays up."""


@dataclass(frozen=True)
class Click(Intent):
    """A left click at ``point``. ``shift`` adds a waypoint in a move; ``face_toward`` (from a
    drag after pressing) turns the figure at the end of its move."""

    point: Point
    shift: bool = False
    face_toward: Point | None = None


@dataclass(frozen=True)
class Button(Intent):
    """An action button or its key: ``move``, ``fire``, ``order``, ``end_turn``, ``cancel``,
    ``undo``, ``skip``, ``next``."""

    name: str


@dataclass(frozen=True)
class AnimationDone(Intent):
    """The screen finished showing the events it was given."""
