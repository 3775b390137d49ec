"""The pace of a fight on the screen: a charge, the defender's Overwatch and the close combat's blows, each step held
long enough to be read in the dice tray and the log (newcomers, session 46: "the Assault phase flies by": every
roll of a fight had no time of its own, so its dice, wounds, saves and deaths all showed in one frame, and only
the combat's result stayed up for a moment). A Shooting phase's shots keep their pace (a tracer, then the dice).

Whether a roll is one of a fight's or of a shot is read from the game's log: the attack's rolls follow the event
that began them (``ShotsFired``, a blast or a grenade for a shot; anything else, a pile-in, the Assault phase's
start, the zombies' move into contact, for a fight). Nothing here changes the game.

The seconds are at the settings' speed 1 (faster speeds divide them, Space skips them all). A phase of many fights
(a zombies' turn with every squad in contact) holds its fights :data:`FIGHTS_MOST` seconds at most all told: each
step is shortened in proportion, a blow never below :data:`BLOW_LEAST`.
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Animation
from game.rules.zombie40k import events as ev
from game.rules.zombie40k.game import Zombie40kGame

BLOW_SECONDS = 0.6  # one roll of a fight (to hit, to wound, the saves): the tray's dice and its log line read
OVERWATCH_SECONDS = 0.45  # one roll of the charged unit's Overwatch
DEATH_SECONDS = 0.4  # a model falls in the fight: his token goes, the log names him
RESULT_SECONDS = 1.2  # the combat's result: who won, by how much
AFTERMATH_SECONDS = 0.8  # the loser's Morale, the Sweeping Advance, a charge that fails
CHARGE_SECONDS = 0.5  # a charge declared, the units locked: before Overwatch and the blows
FIGHTS_MOST = 12.0  # a phase's fight steps all told, at speed 1: a longer phase's are shortened in proportion
BLOW_LEAST = 0.25  # a roll shown shorter than this is not read
WALK_BACK = 400  # events the log is read back for the start of an attack (a fight of many blows)
# the events of an attack's sequence: read past to find what began it
SEQUENCE = (ev.AttackStep, ev.Wounded, ev.Killed, ev.WoundRegained, ev.UnitDestroyed)
SHOTS = (ev.ShotsFired, ev.BlastPlaced, ev.GrenadeThrown)
AFTERMATH = (ev.MoraleTested, ev.SweepingAdvance, ev.ChargeFailed, ev.CombatBrokenOff)
PACED = (ev.AttackStep, ev.Killed, ev.CombatResolved, ev.ChargeDeclared, ev.Engaged, *AFTERMATH)


def paced(game: Zombie40kGame, event: Any) -> Animation | None:
    """The step a fight's event makes on the screen (None: not a fight's, its plain animation holds)."""
    if not isinstance(event, PACED):  # (most events: the log is not searched for them)
        return None
    at = _index(game, event)
    seconds = _natural(game, event, at)
    if seconds is None:
        return None
    seconds = max(min(seconds, BLOW_LEAST), seconds * _scale(game, at))
    if isinstance(event, ev.Killed):
        return Animation("state", event.figure, state="dead", seconds=seconds)
    return Animation("pause", seconds=seconds)


def _natural(game: Zombie40kGame, event: Any, at: int | None) -> float | None:
    """``event``'s seconds as a fight's step before a long phase is shortened; None when it is not a fight's."""
    if isinstance(event, ev.AttackStep):
        if at is None:  # not in the log: nothing tells a blow from a shot
            return None
        begun = _begun_by(game, at)
        if isinstance(begun, ev.ShotsFired) and begun.overwatch:
            return OVERWATCH_SECONDS
        return None if isinstance(begun, SHOTS) else BLOW_SECONDS
    if isinstance(event, ev.Killed):
        return DEATH_SECONDS if "close combat" in event.cause else None
    if isinstance(event, ev.CombatResolved):
        return RESULT_SECONDS
    if isinstance(event, AFTERMATH):
        return AFTERMATH_SECONDS
    if isinstance(event, (ev.ChargeDeclared, ev.Engaged)):
        return CHARGE_SECONDS
    return None


_SCALES: dict[tuple[int, int, int], float] = {}  # (the log, its phase's first and last index) -> the phase's scale


def _scale(game: Zombie40kGame, at: int | None) -> float:
    """How much the fight steps of ``at``'s phase (from one ``PhaseStarted`` to the next) are shortened: 1.0, or
    less where they would last longer than :data:`FIGHTS_MOST` all told."""
    if at is None:
        return 1.0
    log = game.log
    first = next(
        (i for i in range(at, max(-1, at - 20 * WALK_BACK), -1) if isinstance(log[i], ev.PhaseStarted)), 0
    )
    last = next((i for i in range(at, len(log)) if isinstance(log[i], ev.PhaseStarted)), len(log))
    key = (id(log), first, last)
    if key not in _SCALES:
        if len(_SCALES) > 64:
            _SCALES.clear()
        total = sum(_natural(game, log[i], i) or 0.0 for i in range(first, last))
        _SCALES[key] = min(1.0, FIGHTS_MOST / total) if total > 0 else 1.0
    return _SCALES[key]


def _index(game: Zombie40kGame, event: Any) -> int | None:
    """Where ``event`` stands in the game's log (read from its end: the events played are its newest), or None."""
    log = game.log
    start = max(0, len(log) - 20 * WALK_BACK)
    return next((i for i in range(len(log) - 1, start - 1, -1) if log[i] is event), None)


def _begun_by(game: Zombie40kGame, at: int | None) -> Any:
    """The event before the attack sequence of the event at ``at`` in the game's log (what began the attack), or
    None when it is not found there (a batch made up by hand)."""
    if at is None:
        return None
    log = game.log
    for i in range(at - 1, max(-1, at - 1 - WALK_BACK), -1):
        e = log[i]
        if not isinstance(e, SEQUENCE) and type(e).__name__ != "DiceRolled":
            return e
    return None
