"""What happened (plain data), for the log, the screen's animations and the sounds: Zombiekrieg's own
events, beside the kit's shared ones (moved, turned, killed, exited, the turn and the end)."""

from __future__ import annotations

from game.rules.core import DiceRolled as DiceRolled  # the shared dice event, in this log too
from game.rules.core import Event, record
from game.rules.kit.events import (
    Exited,
    FigurePlaced,
    GameOver,
    Killed,
    Moved,
    Point,
    Turned,
    TurnStarted,
    shared_events,
)

# Zombiekrieg's events by name
EVENTS = shared_events(FigurePlaced, TurnStarted, Moved, Turned, Killed, Exited, GameOver)


@record(EVENTS)
class StoodUp(Event):
    """A knocked-down zombie stood up and rejoined the unit."""

    figure: str


@record(EVENTS)
class InitiativeRolled(Event):
    figure: str  # the lead NCO who tested
    outcome: str
    first: str  # allies | zombies
    free_order: bool
    reaction_bonus: int


@record(EVENTS)
class PhaseStarted(Event):
    side: str  # allies | zombies
    player: int | None = None


@record(EVENTS)
class GutsTested(Event):
    figure: str
    action: str  # move, fire, order, initiative, melee
    faces: tuple[int, ...]
    total: int
    modified_guts: int
    outcome: str
    modifiers: tuple[tuple[str, int], ...] = ()


@record(EVENTS)
class GutsChanged(Event):
    figure: str
    old: int
    new: int
    reason: str


@record(EVENTS)
class Fired(Event):
    figure: str
    target: str
    sight: str  # clear | obscured
    band: str  # short | long
    shot: int = 1


@record(EVENTS)
class NoEffect(Event):
    """A test that succeeded changed nothing (a plain Success on a knocked-down zombie)."""

    figure: str
    reason: str


@record(EVENTS)
class KnockedDown(Event):
    figure: str


@record(EVENTS)
class Ordered(Event):
    figure: str
    target: str
    success: bool
    free: bool = False


@record(EVENTS)
class ReactionRolled(Event):
    roll: int  # after any initiative bonus
    column: str
    result: str  # e.g. "lurch 4\" toward the nearest seen"


@record(EVENTS)
class ZombieMoved(Event):
    figure: str
    path: tuple[Point, ...]  # from the start to the end
    # what the zombie did: the reaction table's move (shamble, wander, lurch, charge) for the unit,
    # "close in" for one within the break-off distance of an Allied figure, "rejoin" for one out of touch
    # (rules: Zombiekrieg 848, Zombies, Cohesion); "" in a log written before it was kept
    how: str = ""


@record(EVENTS)
class MeleeAttack(Event):
    zombie: str
    soldier: str


@record(EVENTS)
class SectionMoveHeld(Event):
    """In a section's move, soldier ``figure`` did not move: ``reason`` is the rules' refusal of his MOVE."""

    figure: str
    reason: str
