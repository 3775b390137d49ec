"""What a player may ask for in step 3 of the move (rules: Outbreak, The move sequence). Plain data."""

from __future__ import annotations

from game.rules.core import Command, Registry, record

Point = tuple[float, float]
COMMANDS = Registry()  # Outbreak's commands by name


@record(COMMANDS)
class Move(Command):
    """Move along ``path`` (waypoints after the figure's position), up to the movement roll's
    allowance (6", 8" on a 6, frozen on a 1 while a zombie is within 8"), then face ``facing`` or
    along the last leg. ``followers``: humans within 8" who run after him (NPCs, or his player's PCs)."""

    figure: str
    path: tuple[Point, ...]
    facing: float | None = None
    followers: tuple[str, ...] = ()


@record(COMMANDS)
class Fire(Command):
    """One shot at ``target`` (a spotted zombie in LOS and range); a gun fires up to three a move."""

    figure: str
    target: str


@record(COMMANDS)
class Spot(Command):
    """A human who has not yet spotted the zombies looks for them (the nearest in LOS, by its band)."""

    figure: str


@record(COMMANDS)
class ClearJam(Command):
    """Clear a jammed gun instead of firing (4-6)."""

    figure: str


@record(COMMANDS)
class EndStep(Command):
    """The active player is done with step 3 (or with the reaction to the first attack)."""
