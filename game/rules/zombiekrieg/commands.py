"""What an Allied player may ask for (rules: Zombiekrieg 848, Actions). Plain data."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import Command, Registry

Point = tuple[float, float]
COMMANDS = Registry()  # Zombiekrieg's commands by name


@COMMANDS.add
@dataclass(frozen=True)
class Move(Command):
    """MOVE along ``path`` (waypoints after the figure's position), then face ``facing`` (degrees)
    or along the last leg. An empty path with a facing is a MOVE that only turns the figure."""

    figure: str
    path: tuple[Point, ...]
    facing: float | None = None


@COMMANDS.add
@dataclass(frozen=True)
class Fire(Command):
    """FIRE at ``target``; an LMG's second shot goes at ``second_target`` (same zombie or one
    within 3" of it), by default the same zombie while it stands."""

    figure: str
    target: str
    second_target: str | None = None


@COMMANDS.add
@dataclass(frozen=True)
class Order(Command):
    """ORDER (NCOs only): ``target`` gets +2 GUTS for his MOVE or FIRE this turn on a success."""

    figure: str
    target: str


@COMMANDS.add
@dataclass(frozen=True)
class EndTurn(Command):
    """The active player is done for this turn."""
