"""Zombiekrieg's events on screen: log lines (HTML with the contract's tones), sounds, animations.

Each event class has one formatter in :data:`LINES` (``@tells(events.Fired)``), as Zombie 40,000's
``log_words.WORDS``; :func:`lines_of` tells a batch (a run of zombie moves in one line, a roll told once).

>>> from game.rules.zombiekrieg.events import KnockedDown
>>> line_of(KnockedDown("z4"), lambda fid: f"Zombie {fid[1:]}")
'<font color="#9BD77A">Zombie 4 is knocked down.</font>'
>>> animation_of(KnockedDown("z4")).state
'knocked_down'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.rules.contract import Animation, toned
from game.rules.kit.sounds import SoundTable
from game.rules.kit.sounds import sound_of as kit_sound
from game.rules.kit.words import compass, first_up
from game.rules.zombiekrieg import events, guts, names
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.state import figure_number

Namer = Callable[[str], str]
Words = Callable[[str], str]  # a text from the rules with each figure's id swapped for his name
# the name of the soldier nearest a point as the table stood at the batch's i-th event, "" for none
Toward = Callable[[tuple[float, float], int], str]
Told = str | tuple[str, ...] | None  # an event's line, its lines (a roll's modifiers, then its outcome), or none
L = TypeVar("L", bound=Callable[..., Told])  # an event's formatter

# the old log's colour names, mapped onto the contract's tones
_TONES = {"good": "good", "bad": "bad", "dice": "dice", "turn": "turn", "zombie": "enemy", "warn": "warn"}


def _c(kind: str, text: str) -> str:
    return toned(_TONES[kind], text)


def _e(text: Any) -> str:
    return html.escape(str(text))


def _plain(text: str) -> str:
    return text


def dice_words(purpose: str, meaning: str, words: Words = _plain) -> str:
    """A roll's line: whose roll and what for, then what it meant, each figure by his name.

    >>> novak = lambda t: t.replace("us1-r4", "Rifleman Novak")
    >>> dice_words("us1-r4 starting GUTS", "D6 = 1: us1-r4 starts with GUTS 6", novak)
    "Dice, Rifleman Novak's starting GUTS: D6 = 1: Rifleman Novak starts with GUTS 6"
    >>> dice_words("reaction table", "")
    'Dice, reaction table: '
    """
    who, _, what = purpose.partition(" ")
    named = words(who)
    # "<id> <what>": every soldier's roll is his (his move, his fire, his starting GUTS)
    head = f"{named}'s {what}" if what and named != who else words(purpose)
    return f"Dice, {head or 'dice'}: {_CLUTTER_CAPPED.sub(_clutter_capped, words(meaning))}"


# "1D6 = 4: zombies in clutter move up to 2"" read as a contradiction: the roll is capped at their move
_CLUTTER_CAPPED = re.compile(r'(\d)D6 = (\d+): zombies in clutter move up to ([\d.]+)"')


def _clutter_capped(m: re.Match[str]) -> str:
    """A clutter roll's words, saying when the zombies' own move this turn, not the roll, is the limit.

    >>> _CLUTTER_CAPPED.sub(_clutter_capped, '1D6 = 4: zombies in clutter move up to 2"')
    '1D6 = 4: zombies in clutter move up to 4", no further than their 2" this turn'
    >>> _CLUTTER_CAPPED.sub(_clutter_capped, '1D6 = 1: zombies in clutter move up to 1"')
    '1D6 = 1: zombies in clutter move up to 1"'
    """
    dice, roll, allowed = m.group(1), m.group(2), m.group(3)
    if float(allowed) >= float(roll):
        return m.group(0)
    return f'{dice}D6 = {roll}: zombies in clutter move up to {roll}", no further than their {allowed}" this turn'


@dataclass(frozen=True)
class Telling:
    """What an event's line is told with: ``name`` names a figure by his id, ``words`` names the figures in
    the rules' own texts (a cause, a reason, a roll's meaning), ``dice`` is the roll an initiative line tells
    (its own dice line is left out)."""

    name: Namer
    words: Words = _plain
    dice: str = ""

    def n(self, fid: str) -> str:
        """The figure's name, escaped for the log."""
        return _e(self.name(fid))


Line = Callable[[Any, Telling], Told]  # (the event, how it is told) -> what the log says of it
LINES: dict[type, Line] = {}  # one formatter per event class


def tells(*kinds: type) -> Callable[[L], L]:
    """Register a formatter for these event classes in :data:`LINES`."""

    def put(fn: L) -> L:
        LINES.update(dict.fromkeys(kinds, fn))
        return fn

    return put


def line_of(ev: Any, name: Namer, words: Words = _plain, dice: str = "") -> Told:
    """One event as one HTML line (or a few) by its formatter in :data:`LINES` (its class's, else its nearest
    base class's), or None for an event that is not worth a line of its own; see :class:`Telling` for the
    rest."""
    told = Telling(name, words, dice)
    line = next((LINES[k] for k in type(ev).__mro__ if k in LINES), None)
    if line is not None:
        return line(ev, told)
    fields = ", ".join(f"{k}={v}" for k, v in vars(ev).items()) if hasattr(ev, "__dict__") else ""
    return _e(f"{type(ev).__name__} {fields}")


@tells(events.FigurePlaced)
def _placed(ev: events.FigurePlaced, t: Telling) -> None:
    return None


@tells(events.TurnStarted)
def _turn(ev: events.TurnStarted, t: Telling) -> str:
    return _c("turn", f"<b>Turn {ev.turn}</b>")


@tells(events.StoodUp)
def _stood_up(ev: events.StoodUp, t: Telling) -> str:
    return _c("zombie", f"{t.n(ev.figure)} stands up and rejoins the unit.")


@tells(events.InitiativeRolled)
def _initiative(ev: events.InitiativeRolled, t: Telling) -> str:
    first = "the Allies go first" if ev.first == "allies" else "the zombies go first"
    extra = "; a free ORDER for the lead NCO" if ev.free_order else ""
    extra += f"; zombies +{ev.reaction_bonus} on the reaction roll" if ev.reaction_bonus else ""
    roll = f", {_e(t.dice)}" if t.dice else ""
    return _c("turn", f"Initiative ({t.n(ev.figure)}{roll}): {_e(ev.outcome.replace('_', ' '))}: {first}{extra}.")


@tells(events.PhaseStarted)
def _phase(ev: events.PhaseStarted, t: Telling) -> str:
    if ev.side == "allies":
        who = f"Player {ev.player}" if ev.player else "The Allies"
        return _c("turn", f"{who}: your section acts.")
    return _c("zombie", "The zombies' turn.")


@tells(events.DiceRolled)
def _dice(ev: events.DiceRolled, t: Telling) -> str:
    return _c("dice", _e(dice_words(ev.purpose or "dice", str(ev.meaning or ev.total), t.words)))


# a failed test whose roll alone does not say what came of it: the outcome in words, as a failed ORDER's
# "ORDER ... fails" (a newcomer read "... = 9 vs GUTS 7: Failure" and looked for where his man went)
_FAILED = {"move": "{who} stays where he is: the MOVE failed."}


@tells(events.GutsTested)
def _guts_tested(ev: events.GutsTested, t: Telling) -> tuple[str, ...]:
    """The test's modifiers under its roll, then what a failure came to where the roll alone does not say."""
    mods = ", ".join(f"{_e(r)} {v:+d}" for r, v in ev.modifiers)
    failed = _FAILED.get(ev.action) if ev.outcome in (guts.FAILURE, guts.CRITICAL_FAILURE) else None
    return (f"&nbsp;&nbsp;(modifiers: {mods})",) * bool(mods) + (
        (_c("bad", failed.format(who=t.n(ev.figure))),) if failed else ()
    )


@tells(events.GutsChanged)
def _guts_changed(ev: events.GutsChanged, t: Telling) -> str:
    tone = "good" if ev.new > ev.old else "bad"
    return _c(tone, f"{t.n(ev.figure)}: GUTS {ev.old} to {ev.new} for good ({_e(t.words(ev.reason))}).")


@tells(events.Moved)
def _moved(ev: events.Moved, t: Telling) -> str:
    return f'{t.n(ev.figure)} moves {ev.length:.1f}".'


@tells(events.Turned)
def _turned(ev: events.Turned, t: Telling) -> str:
    return f"{t.n(ev.figure)} turns to face {compass(ev.facing)}."


@tells(events.Fired)
def _fired(ev: events.Fired, t: Telling) -> str:
    shot = f" (shot {ev.shot})" if ev.shot > 1 else ""
    return f"{t.n(ev.figure)} fires at {t.n(ev.target)}{shot}: {_e(ev.sight)} sight, {_e(ev.band)} range."


@tells(events.NoEffect)
def _no_effect(ev: events.NoEffect, t: Telling) -> str:
    return f"{t.n(ev.figure)}: no effect ({_e(t.words(ev.reason))})."


@tells(events.KnockedDown)
def _knocked_down(ev: events.KnockedDown, t: Telling) -> str:
    return _c("good" if t.name(ev.figure).startswith("Zombie") else "bad", f"{t.n(ev.figure)} is knocked down.")


@tells(events.Killed)
def _killed(ev: events.Killed, t: Telling) -> str:
    zombie = t.name(ev.figure).startswith("Zombie")
    return _c("good" if zombie else "bad", f"<b>{t.n(ev.figure)} is killed</b> ({_e(t.words(ev.cause))}).")


@tells(events.Ordered)
def _ordered(ev: events.Ordered, t: Telling) -> str:
    if ev.success:
        free = " (the free ORDER)" if ev.free else ""
        said = f"{t.n(ev.figure)} gives {t.n(ev.target)} an ORDER{free}: +2 GUTS for his action this turn."
        return _c("good", said)
    return _c("bad", f"{t.n(ev.figure)}'s ORDER to {t.n(ev.target)} fails: no +2 for him.")


@tells(events.ReactionRolled)
def _reaction(ev: events.ReactionRolled, t: Telling) -> str:
    return _c("zombie", f"Zombie reaction D6 = {ev.roll} ({_e(t.words(ev.column))}): {_e(t.words(ev.result))}.")


@tells(events.ZombieMoved)
def _zombie_moved(ev: events.ZombieMoved, t: Telling) -> str:
    return _c("zombie", f"{t.n(ev.figure)} moves.")


@tells(events.MeleeAttack)
def _melee(ev: events.MeleeAttack, t: Telling) -> str:
    return _c("bad", f"{t.n(ev.zombie)} attacks {t.n(ev.soldier)}!")


@tells(events.Exited)
def _exited(ev: events.Exited, t: Telling) -> str:
    return _c("good", f"{t.n(ev.figure)} leaves the table through the exit.")


@tells(events.SectionMoveHeld)
def _held(ev: events.SectionMoveHeld, t: Telling) -> str:
    return _c("warn", f"{t.n(ev.figure)} stays where he is: {_e(t.words(ev.reason))}")


@tells(events.GameOver)
def _over(ev: events.GameOver, t: Telling) -> str:
    tone = "good" if ev.winner == "allies" else "bad"
    why = names.reason_read_on(t.words(ev.reason))
    return _c(tone, f"<b>{_e(names.winner_words(ev.winner))}</b> \u2014 {_e(why)}")


REACTION_ROLL = "reaction table"  # a zombie's reaction roll's purpose (its ReactionRolled tells it)
# events whose line tells the roll just before them: the roll's own line would say it twice
_RETOLD = (events.InitiativeRolled, events.ReactionRolled)


def _retold(batch: Sequence[Any]) -> dict[int, tuple[int, str]]:
    """The rolls an event after them tells (a GUTS test's note may come between): the roll's place ->
    (the telling event's place, the roll as it reads: ``2D6 = 1+5 = 6 vs GUTS 9``)."""
    out: dict[int, tuple[int, str]] = {}
    for i, ev in enumerate(batch):
        if not isinstance(ev, events.DiceRolled):
            continue
        j = i + 1
        while j < len(batch) and isinstance(batch[j], events.GutsTested) and not batch[j].modifiers:
            j += 1
        if j < len(batch) and isinstance(batch[j], _RETOLD):
            out[i] = (j, str(ev.meaning).split(": ")[0])
    return out


def lines_of(batch: Sequence[Any], name: Namer, words: Words = _plain, toward: Toward | None = None) -> list[str]:
    """Log lines for a batch of events; a run of zombie moves is one line, not one per zombie, and a roll
    that the next event tells is told once. ``toward(point)`` names the soldier nearest a point ("" for
    none), to say where a group of zombies went."""
    out: list[str] = []
    run: list[Any] = []
    told = _retold(batch)
    telling = {j: roll for j, roll in told.values()}  # the telling event's place -> the roll it tells
    start = 0  # where the run of zombie moves began in the batch
    for i, ev in enumerate(batch):
        if i in told:
            continue
        if isinstance(ev, events.ZombieMoved):
            start = start if run else i
            run.append(ev)
            continue
        if run:
            out.append(_zombies_move(run, _then(toward, start)))
            run = []
        line = line_of(ev, name, words, telling.get(i, ""))
        out.extend((line,) if isinstance(line, str) else line or ())
    if run:
        out.append(_zombies_move(run, _then(toward, start)))
    return out


def _then(toward: Toward | None, i: int) -> Callable[[tuple[float, float]], str] | None:
    """``toward`` as the table stood at the batch's ``i``-th event."""
    return None if toward is None else (lambda point: toward(point, i))


# what a zombie did (ZombieMoved.how), as "<ids> charge" reads
_HOW_WORDS = {
    "shamble": ("shambles", "shamble"),
    "wander": ("wanders", "wander"),
    "lurch": ("lurches", "lurch"),
    "charge": ("charges", "charge"),
    "close in": ("closes in on the nearest soldier", "close in on the nearest soldiers"),
    "rejoin": ("rejoins the horde", "rejoin the horde"),
}


# a lurch or a charge goes for the soldiers: which one is news (a shamble or wander goes nowhere)
_TOWARD = ("lurch", "charge")


def _where(evs: Sequence[Any], toward: Callable[[tuple[float, float]], str] | None) -> str:
    """`` toward Rifleman Novak``: the soldier nearest where the group's moves ended ("" when none)."""
    ends = [tuple(ev.path[-1]) for ev in evs if ev.path]
    if toward is None or not ends:
        return ""
    middle = (sum(p[0] for p in ends) / len(ends), sum(p[1] for p in ends) / len(ends))
    who = toward(middle)
    return f" toward {who}" if who else ""


def _zombies_move(run: Sequence[Any], toward: Callable[[tuple[float, float]], str] | None = None) -> str:
    """A run of zombie moves in one line that says what the zombies did, counted, and where a group went
    (the kinds in the order they came): ``11 zombies charge toward Rifleman Novak; Zombie 7 rejoins the
    horde.`` (a log from before ``how`` was kept: ``3 zombies move.``)

    >>> from game.rules.zombiekrieg.events import ZombieMoved
    >>> run = [ZombieMoved("z1", (), "charge"), ZombieMoved("z7", (), "rejoin"), ZombieMoved("z3", (), "charge")]
    >>> _zombies_move(run)
    '<font color="#D98C8C">2 zombies charge; Zombie 7 rejoins the horde.</font>'
    >>> _zombies_move([ZombieMoved("z1", ()), ZombieMoved("z2", ())])
    '<font color="#D98C8C">2 zombies move.</font>'
    """
    groups: dict[str, list[Any]] = {}
    for ev in run:
        groups.setdefault(getattr(ev, "how", "") or "", []).append(ev)
    parts = []
    for how, evs in groups.items():
        ids = [ev.figure for ev in evs]
        if not how:
            n = len(ids)
            parts.append(f"{n} zombie{'s' if n > 1 else ''} move{'' if n > 1 else 's'}")
            continue
        one, many = _HOW_WORDS.get(how, (f"{how}s", how))
        who = f"Zombie {figure_number(ids[0])}" if len(ids) == 1 else f"{len(ids)} zombies"
        where = _where(evs, toward) if how in _TOWARD else ""
        parts.append(f"{_e(who)} {one if len(ids) == 1 else many}{where}")
    return _c("zombie", first_up("; ".join(parts)) + ".")


# ---- sounds ---------------------------------------------------------------------------------------

FIRE_SOUNDS = {"smg": "smg", "lmg": "lmg"}  # every rifle class sounds like a rifle


def sound_of(game: ZombiekriegGame, ev: Any) -> str | None:
    """The sound for one event (ids from sounds/manifest.toml), or None."""
    return kit_sound(SOUNDS, game, ev)


def _weapon_class(game: ZombiekriegGame, fid: str) -> str:
    try:
        return str(game.data.weapon(game.figure(fid).weapon).klass)
    except (KeyError, AttributeError):
        return ""


def _is_zombie(game: ZombiekriegGame, fid: str) -> bool:
    try:
        return bool(game.figure(fid).is_zombie)
    except KeyError:
        return False


# each event's sound (ids from sounds/manifest.toml), by its class
SOUNDS: SoundTable[ZombiekriegGame] = {
    events.Fired: lambda game, ev: FIRE_SOUNDS.get(_weapon_class(game, ev.figure), "rifle"),
    events.KnockedDown: "knockdown",
    events.Killed: lambda game, ev: "death_zombie" if _is_zombie(game, ev.figure) else "death_soldier",
    events.MeleeAttack: "hit",
    events.DiceRolled: "dice",
    events.Ordered: "whistle",
    events.ReactionRolled: lambda game, ev: f"groan_{game.state.turn % 3 + 1}",
    events.ZombieMoved: "shamble",
    events.Moved: "footsteps",
    events.TurnStarted: "turn",
    events.GameOver: lambda game, ev: "victory" if ev.winner == "allies" else "defeat",
}


# ---- animations -----------------------------------------------------------------------------------

# seconds at speed 1 that an event holds the screen (the settings' animation speed divides them), by its class
PAUSES: dict[type, float] = {
    events.Fired: 0.35,
    events.DiceRolled: 0.5,
    events.KnockedDown: 0.3,
    events.Killed: 0.35,
    events.ReactionRolled: 0.6,
    events.MeleeAttack: 0.3,
    events.TurnStarted: 0.25,
    events.StoodUp: 0.15,
    events.Exited: 0.25,
    events.GameOver: 0.5,
}
_NEW_STATE: dict[type, str] = {
    events.KnockedDown: "knocked_down",
    events.Killed: "dead",
    events.StoodUp: "standing",
    events.Exited: "exited",
}


_MOVE_TEST = re.compile(r" move( in clutter)?$")  # a MOVE's GUTS test, or its 1D6 in clutter


def animation_of(ev: Any) -> Animation | None:
    """How one event shows on the table; the zombies' moves glide together as the horde, and a section's as the
    section."""
    kind = type(ev)
    if isinstance(ev, events.DiceRolled) and ev.purpose == REACTION_ROLL:
        return None  # the reaction's line tells it and holds the screen: one log batch, the roll told once
    if isinstance(ev, events.DiceRolled) and _MOVE_TEST.search(ev.purpose) and "Failure" not in ev.meaning:
        return None  # a MOVE passed is told as he sets off (a section's men glide together, not one by one); a
        # failed one holds the screen as any roll does: he stays, and the die is all there is to see
    if isinstance(ev, events.ZombieMoved):
        return Animation("move", ev.figure, tuple(ev.path), group="zombies")
    if isinstance(ev, events.Moved):  # a section's move glides as one (eleven men one after another took 15 s)
        return Animation("move", ev.figure, tuple(ev.path), facing=ev.facing, group="soldiers")
    if isinstance(ev, events.Fired):
        return Animation("shot", ev.figure, target=ev.target, seconds=PAUSES[kind])
    if kind in _NEW_STATE:
        return Animation("state", ev.figure, state=_NEW_STATE[kind], seconds=PAUSES[kind])
    if isinstance(ev, events.GutsChanged):
        return Animation("badge", ev.figure, badge=str(ev.new))
    if isinstance(ev, events.Turned):
        return Animation("face", ev.figure, facing=ev.facing)
    if kind in PAUSES:
        return Animation("pause", seconds=PAUSES[kind])
    return None
