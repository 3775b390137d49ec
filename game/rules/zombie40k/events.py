"""What happened (plain data), for the log, the screen's animations, the dice tray and the sounds: Zombie
40,000's own events, beside the kit's shared ones (killed, the turn and the end)."""

from __future__ import annotations

from game.rules.core import Event, record
from game.rules.kit import events as kit
from game.rules.kit.events import GameOver, Killed, TurnStarted, shared_events

EVENTS = shared_events(TurnStarted, Killed, GameOver)  # Zombie 40,000's events by name


@record(EVENTS)
class FigurePlaced(Event):
    figure: str
    side: str
    unit: str
    position: tuple[float, float]
    facing: float
    radius: float


@record(EVENTS)
class OrderRolled(Event):
    """The players rolled off for this turn's order; the zombies go last [seed]."""

    order: tuple[int, ...]


@record(EVENTS)
class PhaseStarted(Event):
    phase: str
    player: int | None = None


@record(EVENTS)
class PhaseSkipped(Event):
    """A phase of ``player``'s turn passed by itself: nothing in it was his to decide, and ``reason`` says
    why ("no psykers on the table", "Infantry Squad is locked in close combat")."""

    phase: str
    player: int
    reason: str


@record(EVENTS)
class Moved(kit.Moved):
    """A model moved; ``how`` is move, run, charge, pile in, consolidate, fall back or shamble."""

    how: str = "move"


@record(EVENTS)
class MoveRolled(Event):
    """A unit's roll for this phase: difficult terrain (keep highest), run, charge, shamble, consolidate..."""

    unit: str
    what: str
    inches: int


@record(EVENTS)
class AttackStep(Event):
    """One grouped roll of an attack sequence: ``step`` is hit, wound, save, fnp or gets hot; a save's
    ``kind`` says which save it was (armour, invulnerable or cover)."""

    unit: str
    target: str
    weapon: str
    step: str
    need: int
    dice: int
    successes: int
    note: str = ""
    kind: str = ""


@record(EVENTS)
class ShotsFired(Event):
    unit: str
    target: str
    shooters: tuple[str, ...]
    snap: bool = False
    overwatch: bool = False


@record(EVENTS)
class BlastPlaced(Event):
    """A blast marker (or a template when ``template``) came down; ``hits`` are the models under it."""

    unit: str
    weapon: str
    aim: tuple[float, float]
    centre: tuple[float, float]
    scatter: float
    radius: float
    hits: tuple[str, ...]
    template: tuple[tuple[float, float], ...] = ()


@record(EVENTS)
class Wounded(Event):
    figure: str
    wounds_left: int


@record(EVENTS)
class ChargeDeclared(Event):
    unit: str
    target: str
    distance: float  # inches to close, edge to edge


@record(EVENTS)
class ChargeFailed(Event):
    """A charge that fell short: a squad's charge roll short of the distance (``how`` "charge": it does not
    move), or a horde that shambled in to charge and ended in contact with nobody (``how`` "shamble": it stands
    where it stopped). ``target`` is the squad it went for (a horde: the nearest squad where it stopped)."""

    unit: str
    target: str
    how: str
    rolled: int  # inches: the charge roll, or the shamble
    short: float  # inches still between them, edge to edge


@record(EVENTS)
class CombatBrokenOff(Event):
    """After the pile-in no model of a close combat was in base contact with an enemy (a wall or a building
    between them): the units are no longer locked [house]."""

    units: tuple[str, ...]


@record(EVENTS)
class Engaged(Event):
    """Two units are locked in close combat (a charge, or zombies shambling into contact)."""

    unit: str
    target: str
    charger: str


@record(EVENTS)
class CombatResolved(Event):
    units: tuple[str, ...]
    wounds: tuple[tuple[str, int], ...]  # side -> unsaved wounds caused
    winner: str  # side, or "" for a draw
    margin: int


@record(EVENTS)
class MoraleTested(Event):
    unit: str
    need: int
    roll: int
    passed: bool
    why: str = ""


@record(EVENTS)
class SweepingAdvance(Event):
    unit: str
    loser: str
    roll: int
    loser_roll: int
    caught: bool


@record(EVENTS)
class FellBack(Event):
    unit: str


@record(EVENTS)
class FallBackCut(Event):
    """A model falling back went ``moved`` inches, short of the roll: ``by`` (a figure's id, the table
    edge or the terrain) stood in every way home; ``surrounded`` when no way took him any nearer."""

    figure: str
    moved: float
    by: str
    surrounded: bool


@record(EVENTS)
class Regrouped(Event):
    unit: str


@record(EVENTS)
class UnitDestroyed(Event):
    unit: str
    cause: str


@record(EVENTS)
class Embarked(Event):
    figure: str
    player: int


@record(EVENTS)
class SquadRespawned(Event):
    """A wiped-out squad came back at the start of its player's turn [seed]; ``need`` is the least distance
    from the escape vehicle the rule asked (6" beyond the furthest squad [house])."""

    unit: str
    player: int
    figures: tuple[str, ...]
    centre: tuple[float, float]
    need: float


@record(EVENTS)
class HordeRespawned(Event):
    """A destroyed horde came back at the start of the zombie turn: ``roll`` on the D6 table, ``where`` in
    words [seed]; it may assault this turn."""

    unit: str
    roll: int
    where: str
    figures: tuple[str, ...]
    centre: tuple[float, float]


# -- mods (rules: "Zombie 40,000: Mods"; mods.py) -------------------------------------------------


@record(EVENTS)
class EmbarkRefused(Event):
    """A model reached the escape vehicle but may not embark yet (Coop Mode: the Zombie Boss still stands)."""

    figure: str
    reason: str


@record(EVENTS)
class JoinedHorde(Event):
    """Dead Men Walking: a team's model killed by a horde in close combat rises and joins that horde."""

    figure: str
    squad: str
    horde: str


@record(EVENTS)
class ZombiesHardened(Event):
    """Death Korps Zombies: a respawned horde came back tougher (its Toughness and Feel No Pain now)."""

    unit: str
    toughness: int
    fnp: int


@record(EVENTS)
class WatchingForBetrayal(Event):
    """Every Man For Himself: a team near another rolled at the start of its turn; ``frozen`` on ``need``+."""

    unit: str
    near: str
    roll: int
    need: int
    frozen: bool


@record(EVENTS)
class OutForGood(Event):
    """A wiped-out team may not respawn (Instant Death, Hardcore Mode, Coop Mode); ``reason`` says why."""

    unit: str
    player: int
    reason: str


@record(EVENTS)
class WoundRegained(Event):
    """It Will Not Die: a wounded model regained a wound at the end of its turn."""

    figure: str
    wounds: int


# -- power-ups (rules: "Zombie 40,000: Power-ups"; power_ups.py) -----------------------------------


@record(EVENTS)
class PowerUpRolled(Event):
    """A squad rolled 2D6 on the power-up table [seed]: ``why`` it rolled (a horde destroyed, respawned),
    ``kept`` False for the first of two rolls the furthest player chooses between."""

    unit: str
    roll: int
    key: str
    name: str
    why: str
    kept: bool = True


@record(EVENTS)
class PowerUpGained(Event):
    """The squad has the power-up: carried (``held`` of that key now) or at work at once; ``effect`` in words."""

    unit: str
    key: str
    name: str
    effect: str
    held: int = 0


@record(EVENTS)
class PowerUpChoiceOffered(Event):
    """The player must choose (power-up button 1 or 2): roll twice or push back, or which roll to keep."""

    unit: str
    player: int
    options: tuple[str, ...]


@record(EVENTS)
class PowerUpUsed(Event):
    """A power-up was used or given to a model (``figure``); ``what`` says what it did."""

    unit: str
    key: str
    figure: str
    what: str


@record(EVENTS)
class PowerUpLost(Event):
    """Power-ups gone: discarded (a second Speed Pack, a Chainsaw out of fuel) or lost with a wiped-out team."""

    unit: str
    keys: tuple[str, ...]
    why: str


@record(EVENTS)
class PushedBack(Event):
    """The furthest player moved the player closest to the escape vehicle (and the zombies fighting it) back."""

    unit: str
    by: str
    inches: int
    figures: tuple[str, ...]


# -- Killing Floor (rules: "Zombie 40,000: Mods"; killing_floor.py) -------------------------------


@record(EVENTS)
class ShopKit(Event):
    """Killing Floor: a squad starts with ``points`` and every model's wargear replaced by ``wargear`` and the
    squad's ``grenades`` [seed]."""

    player: int
    unit: str
    wargear: tuple[str, ...]
    grenades: tuple[str, ...]
    points: int


@record(EVENTS)
class PointScored(Event):
    """Killing Floor: a zombie killed by the player's squad earned ``gain`` points; ``points`` to spend now."""

    player: int
    zombie: str
    gain: int
    points: int


@record(EVENTS)
class WareBought(Event):
    """Killing Floor: ``item`` bought for ``price`` for a model (``model``) or the whole squad (no model)."""

    player: int
    model: str
    unit: str
    item: str
    price: int
    points: int


@record(EVENTS)
class WareSold(Event):
    """Killing Floor: ``item`` sold back for ``refund`` points (half its price, rounded up [seed])."""

    player: int
    model: str
    unit: str
    item: str
    refund: int
    points: int


@record(EVENTS)
class GrenadeThrown(Event):
    """Killing Floor: ``model`` of ``unit`` throws one of the squad's ``grenade`` (as the ``weapon``) at
    ``target`` instead of firing its own weapon [7th]."""

    unit: str
    model: str
    grenade: str
    weapon: str
    target: str


# -- campaigns (veterans.py) ------------------------------------------------------------------------------


@record(EVENTS)
class VeteransCarried(Event):
    """A campaign chapter: ``unit`` came into it with ``figures``, the veterans of the chapters before, and
    what the team still holds: its ``power_ups`` and its Killing Floor ``points``."""

    unit: str
    player: int
    chapter: int
    figures: tuple[str, ...]
    power_ups: tuple[str, ...] = ()
    points: int = 0


@record(EVENTS)
class WoundsRecovered(Event):
    """Between two chapters a wounded veteran rolled to heal (``roll`` against ``need``): ``wounds`` is what he
    starts the chapter with."""

    figure: str
    roll: int
    need: int
    wounds: int
    healed: bool


@record(EVENTS)
class SquadMoveHeld(Event):
    """In a squad's move, model ``figure`` did not move: ``reason`` is the rules' refusal of his Move."""

    figure: str
    reason: str
