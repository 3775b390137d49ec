"""What an Allied player may ask for (rules: Zombiekrieg 848, Actions). Plain data."""

from __future__ import annotations

from game.rules.core import Command, Registry, record

Point = tuple[float, float]
COMMANDS = Registry()  # Zombiekrieg's commands by name


@record(COMMANDS)
class Move(Command):
    """MOVE along ``path`` (waypoints after the figure's position), then face ``facing`` (degrees)
    or along the last leg. An empty path with a facing is a MOVE that only turns the figure."""

    figure: str
    path: tuple[Point, ...]
    facing: float | None = None


@record(COMMANDS)
class Fire(Command):
    """FIRE at ``target``; an LMG's second shot goes at ``second_target`` (same zombie or one
    within 3" of it), by default the same zombie while it stands."""

    figure: str
    target: str
    second_target: str | None = None


@record(COMMANDS)
class Order(Command):
    """ORDER (NCOs only): ``target`` gets +2 GUTS for his MOVE or FIRE this turn on a success."""

    figure: str
    target: str


@record(COMMANDS)
class EndTurn(Command):
    """The active player is done for this turn."""


@record(COMMANDS)
class MoveSection(Command):
    """MOVE of several soldiers of one section, one after another in the order listed, each along its own path
    (``moves``: (figure, waypoints) pairs). Each is that soldier's own MOVE, tested and checked as one: a soldier
    the rules stop stays where he is and the log says why; the soldiers after him still move."""

    moves: tuple[tuple[str, tuple[Point, ...]], ...]
