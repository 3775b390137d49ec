"""What a player may ask for (rules: Zombie 40,000: Player turn). Plain data.

Zombies need no commands: their turn is driven by the rules (:mod:`.zombie_turn`).
"""

from __future__ import annotations

from game.rules.core import Command, Registry, record

COMMANDS = Registry()  # Zombie 40,000's commands by name


@record(COMMANDS)
class Move(Command):
    """Movement phase: move one model along ``path`` (waypoints after its position), up to 6" (2D6 keep
    highest when the path enters difficult terrain), then face ``facing`` or along the last leg."""

    figure: str
    path: tuple[tuple[float, float], ...]
    facing: float | None = None


@record(COMMANDS)
class Run(Command):
    """Shooting phase, instead of shooting: one model runs D6" (one roll for the squad)."""

    figure: str
    path: tuple[tuple[float, float], ...]
    facing: float | None = None


@record(COMMANDS)
class Shoot(Command):
    """Shooting phase: the squad's models (all that can, or those listed) fire at the ``target`` unit.
    ``aim`` places a blast marker (by default on the target model nearest the firer)."""

    unit: str
    target: str
    models: tuple[str, ...] = ()
    aim: tuple[float, float] | None = None


@record(COMMANDS)
class Charge(Command):
    """Assault phase: charge another player's squad (only within 8" of the escape vehicle [seed])."""

    unit: str
    target: str


@record(COMMANDS)
class EndPhase(Command):
    """The active player is done with this phase (movement, shooting or assault)."""


@record(COMMANDS)
class PowerUpChoice(Command):
    """The squad furthest from the escape vehicle chooses for a power-up roll it is owed: ``option`` 1 rolls
    twice, 2 moves the player closest to the vehicle D6" back; after rolling twice, 1 or 2 keeps that roll."""

    unit: str
    option: int


@record(COMMANDS)
class UsePowerUp(Command):
    """In the squad's turn: give a carried Chainsaw, Shotgun or Duct Tape (``bonus`` "attack" or "shot") to
    model ``figure``; activate the Speed Pack; or use the Defibrillator to bring back the dead model
    ``figure`` beside model ``near``."""

    unit: str
    item: str
    figure: str = ""
    bonus: str = ""
    near: str = ""


@record(COMMANDS)
class Buy(Command):
    """Killing Floor: at the start of ``player``'s turn, buy ``item`` from the shop for ``model`` (grenades:
    for the whole squad, ``model`` may be empty)."""

    player: int
    model: str
    item: str


@record(COMMANDS)
class Sell(Command):
    """Killing Floor: sell back a bought ``item`` of ``model`` (grenades: the squad's) for half its price."""

    player: int
    model: str
    item: str


@record(COMMANDS)
class Throw(Command):
    """Killing Floor, shooting phase: one model of the squad (``model``, or the one nearest the target) throws
    one of the squad's ``grenade`` at the ``target`` unit instead of firing its own weapon, once a phase [7th]."""

    unit: str
    target: str
    grenade: str
    model: str = ""


@record(COMMANDS)
class MoveSquad(Command):
    """Movement phase: the squad moves together, each model in the order listed along its own path (``moves``:
    (model, waypoints) pairs). Each is that model's own Move, checked as one: a model the rules stop stays where
    he is, and the log says why; the models after him still move. With ``run`` it is the shooting phase's squad
    run instead: each model's own Run, within the squad's one roll."""

    unit: str
    moves: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    run: bool = False
