"""What happened (plain data), for the log, the screen's animations and the sounds: Outbreak's own
events, beside the kit's shared ones (moved, turned, killed, exited, the end)."""

from __future__ import annotations

from game.rules.core import DiceRolled as DiceRolled  # the shared dice event, in this log too
from game.rules.core import Event, record
from game.rules.kit import events as kit
from game.rules.kit.events import Exited, GameOver, Killed, Moved, Point, Turned, shared_events

EVENTS = shared_events(Moved, Turned, Killed, Exited, GameOver)  # Outbreak's events by name


@record(EVENTS)
class FigurePlaced(kit.FigurePlaced):
    """A figure was set up on the table (at creation, or generated); its role pc, npc or zombie."""

    name: str = ""


@record(EVENTS)
class MoveStarted(Event):
    """A new move (the game's turn) begins."""

    move: int


@record(EVENTS)
class StepStarted(Event):
    """A step of the move sequence begins (0 = generation)."""

    step: int
    name: str


@record(EVENTS)
class PlayerStarted(Event):
    """The active player's part of step 3 (or of the reaction)."""

    player: int


@record(EVENTS)
class ZombiesGenerated(Event):
    spawn: str
    roll: int
    figures: tuple[str, ...]


@record(EVENTS)
class SpotRolled(Event):
    """A spotting check: ``who`` looked for ``target`` at ``distance`` (its band), needing ``need``."""

    who: str
    target: str
    distance: float
    need: int
    roll: int  # 0 when automatic
    spotted: bool


@record(EVENTS)
class Followed(Event):
    """A zombie follows one that spotted; a human runs after one who ran."""

    figure: str
    leader: str


@record(EVENTS)
class HideRolled(Event):
    """A human in cover rolled to stay hidden from the zombies within 8"."""

    figure: str
    roll: int
    need: int  # spotted on this or less
    group: int  # humans hiding together
    spotted: bool


@record(EVENTS)
class OutbreakStarted(Event):
    """The first victim is attacked: the quiet start is over."""

    victim: str
    zombie: str
    at: Point


@record(EVENTS)
class MovementRolled(Event):
    """A human's roll before moving with a zombie within 8": frozen, 6" or 8"."""

    figure: str
    roll: int
    allowance: float
    frozen: bool


@record(EVENTS)
class TirednessRolled(Event):
    figure: str
    roll: int
    tired: bool


@record(EVENTS)
class ZombieMoved(Event):
    figure: str
    path: tuple[Point, ...]  # from the start to the end
    why: str = ""  # shuffle | hunt | shot (its share of the move while a shot lands) | rest


@record(EVENTS)
class ShareBlocked(Event):
    """A shot zombie stopped short of its share of the move before reaching the shooter: ``walked``
    inches of it, stopped by the figure ``by`` (or by a wall or building when ``by`` is empty)."""

    figure: str
    walked: float
    by: str = ""


@record(EVENTS)
class Fired(Event):
    """One shot of a gun: shot number ``shot`` of this move at ``target``."""

    figure: str
    target: str
    shot: int
    roll: int
    third: int  # the third the hit lands in (0: jammed)
    result: str  # jammed | killed | hit


@record(EVENTS)
class DestroyRolled(Event):
    figure: str
    target: str
    roll: int
    destroyed: bool


@record(EVENTS)
class Jammed(Event):
    figure: str


@record(EVENTS)
class JamCleared(Event):
    figure: str
    roll: int
    cleared: bool


@record(EVENTS)
class Engaged(Event):
    """A zombie is in contact with a human and fights him this move (at most three)."""

    zombie: str
    human: str
    order: int


@record(EVENTS)
class FirstBlow(Event):
    human: str
    zombie: str
    weapon: str
    roll: int
    need: int
    killed: bool


@record(EVENTS)
class Grappled(Event):
    human: str
    zombie: str
    human_faces: tuple[int, ...]
    zombie_roll: int
    result: str  # won | lost | draw


@record(EVENTS)
class BiteRolled(Event):
    figure: str
    roll: int
    bitten: bool


@record(EVENTS)
class TurningRolled(Event):
    figure: str
    roll: int
    result: str  # now | next move | roll again


@record(EVENTS)
class HumanTurned(Event):
    """A bitten human became a zombie (``zombie`` is the new figure), going for ``target``."""

    figure: str
    zombie: str
    target: str | None


@record(EVENTS)
class Sealed(Event):
    spawn: str
    figure: str
