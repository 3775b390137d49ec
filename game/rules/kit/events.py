"""The events every rule set logs alike: a rule set adds these classes to its own ``EVENTS`` registry
(its log names them by class name, as its own) and declares only the events that are its own.

>>> from game.rules.core import to_data
>>> to_data(Killed("z4", "shot by us1-r3"))
{'type': 'Killed', 'figure': 'z4', 'cause': 'shot by us1-r3'}
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import DiceRolled, Event, Registry

Point = tuple[float, float]


def shared_events(*more: type) -> Registry:
    """A rule set's registry of events, holding the shared dice event and ``more`` of this module's."""
    registry = Registry()
    for cls in (DiceRolled, *more):
        registry.add(cls)
    return registry


@dataclass(frozen=True)
class FigurePlaced(Event):
    """A figure was set up on the table (at creation, or later where the rules bring one in)."""

    figure: str
    side: str
    role: str
    position: Point
    facing: float


@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int


@dataclass(frozen=True)
class Moved(Event):
    figure: str
    path: tuple[Point, ...]  # from the start to the end
    facing: float
    length: float


@dataclass(frozen=True)
class Turned(Event):
    """A figure only turned to face a new way."""

    figure: str
    facing: float


@dataclass(frozen=True)
class Killed(Event):
    figure: str
    cause: str  # "shot by us1-r3", "melee with z4", ...


@dataclass(frozen=True)
class Exited(Event):
    """A figure left the table through an exit."""

    figure: str


@dataclass(frozen=True)
class GameOver(Event):
    winner: str  # a side or a player ("allies", "zombies", "player 2")
    reason: str
