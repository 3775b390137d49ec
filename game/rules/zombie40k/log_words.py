"""Zombie 40,000's events in words: the game log's lines (HTML, toned), one small formatter per event class.

:data:`WORDS` maps an event class to its formatter; :func:`line` looks one up (an event without one, such as
``FigurePlaced``, leaves the log to others). An add-on's events read here too, beside the core's.

>>> from game.rules.zombie40k.events import TurnStarted
>>> line(None, TurnStarted(2))
'<font color="#8FC3F0"><b>Turn 2</b></font>'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape as esc
from typing import Any

from game.rules.contract import toned
from game.rules.core import DiceRolled
from game.rules.zombie40k import events as ev
from game.rules.zombie40k import killing_floor as kf
from game.rules.zombie40k import power_ups

Words = Callable[[Any, Any], str]  # (game, event) -> the log line
WORDS: dict[type, Words] = {}


def says(*kinds: type) -> Callable[[Words], Words]:
    """Register a formatter for these event classes."""

    def put(fn: Words) -> Words:
        for k in kinds:
            WORDS[k] = fn
        return fn

    return put


def line(game: Any, e: Any) -> str:
    """One event in words (HTML), or empty for events the log leaves to others."""
    words = WORDS.get(type(e))
    return words(game, e) if words is not None else ""


def dice_words(purpose: str, meaning: str) -> str:
    """A roll in the log: its purpose, then what it meant, without saying the roll's name twice (the
    meaning is written for the dice tray, which shows no purpose).

    >>> dice_words("h1 Feel No Pain", "Feel No Pain: 2 of 8 ignored")
    'h1 Feel No Pain: 2 of 8 ignored'
    >>> dice_words("p1 charge", "2D6 = 3+4 = 7")
    'p1 charge: 2D6 = 3+4 = 7'
    """
    name, sep, rest = meaning.partition(": ")
    if sep and name.lower() in purpose.lower():
        meaning = rest
    return f"{purpose}: {meaning}"


def _s(n: int) -> str:
    return "s" if n != 1 else ""


# -- the turn -------------------------------------------------------------------------------------------


@says(ev.TurnStarted)
def _turn_started(game: Any, e: ev.TurnStarted) -> str:
    return toned("turn", f"<b>Turn {e.turn}</b>")


@says(ev.OrderRolled)
def _order_rolled(game: Any, e: ev.OrderRolled) -> str:
    return toned("turn", "Order this turn: " + ", ".join(f"player {p}" for p in e.order) + ", then the zombies")


@says(ev.PhaseStarted)
def _phase_started(game: Any, e: ev.PhaseStarted) -> str:
    shop = (
        " (Killing Floor: the Shop is open until a model of the squad moves)"
        if e.phase == "movement" and e.player and kf.killing_floor_on(game.state)
        else ""
    )
    return toned(
        "turn", "The zombies' turn" if e.phase == "zombies" else f"Player {e.player}: {e.phase} phase{shop}"
    )


@says(DiceRolled)
def _dice_rolled(game: Any, e: DiceRolled) -> str:
    return toned("dice", esc(dice_words(e.purpose, e.meaning or str(e.faces))))


# -- moving ----------------------------------------------------------------------------------------------


@says(ev.Moved)
def _moved(game: Any, e: ev.Moved) -> str:
    return (
        ""
        if e.how in ("shamble", "pile in", "respawn", "pushed back")
        else esc(f'{e.figure} {e.how}s {e.length:.1f}"')
    )


@says(ev.MoveRolled)
def _move_rolled(game: Any, e: ev.MoveRolled) -> str:
    return toned("dice", esc(f'{e.unit}: {e.what} {e.inches}"'))


@says(ev.FellBack)
def _fell_back(game: Any, e: ev.FellBack) -> str:
    return toned("warn", esc(f"{e.unit} falls back"))


@says(ev.Regrouped)
def _regrouped(game: Any, e: ev.Regrouped) -> str:
    return toned("good", esc(f"{e.unit} regroups"))


# -- shooting and blows -------------------------------------------------------------------------------------


@says(ev.ShotsFired)
def _shots_fired(game: Any, e: ev.ShotsFired) -> str:
    what = "fires Overwatch at" if e.overwatch else "shoots at"
    return esc(f"{e.unit} {what} {e.target} ({len(e.shooters)} model{_s(len(e.shooters))})")


@says(ev.AttackStep)
def _attack_step(game: Any, e: ev.AttackStep) -> str:
    need = f" on {e.need}+" if e.need else ""
    note = f" ({e.note})" if e.note else ""
    step = f"{e.kind} {e.step}" if e.kind else e.step  # which save: armour, invulnerable, cover
    return toned("muted", esc(f"  {e.weapon}: {e.successes} of {e.dice} {step}{need}{note}"))


@says(ev.BlastPlaced)
def _blast_placed(game: Any, e: ev.BlastPlaced) -> str:
    what = "template" if e.template else f'marker scatters {e.scatter:g}"'
    return esc(f"{e.unit} {e.weapon}: {what}, {len(e.hits)} model{_s(len(e.hits))} under it")


@says(ev.Wounded)
def _wounded(game: Any, e: ev.Wounded) -> str:
    return toned("warn", esc(f"{e.figure} is wounded ({e.wounds_left} left)"))


@says(ev.Killed)
def _killed(game: Any, e: ev.Killed) -> str:
    return toned("bad", esc(f"{e.figure} is killed ({e.cause})"))


@says(ev.UnitDestroyed)
def _unit_destroyed(game: Any, e: ev.UnitDestroyed) -> str:
    return toned("bad", esc(f"{e.unit} is destroyed"))


# -- close combat and Morale ---------------------------------------------------------------------------------


@says(ev.ChargeDeclared)
def _charge_declared(game: Any, e: ev.ChargeDeclared) -> str:
    return toned("warn", esc(f'{e.unit} charges {e.target} ({e.distance:.1f}" away)'))


@says(ev.Engaged)
def _engaged(game: Any, e: ev.Engaged) -> str:
    return toned("warn", esc(f"{e.unit} and {e.target} are locked in close combat"))


@says(ev.CombatResolved)
def _combat_resolved(game: Any, e: ev.CombatResolved) -> str:
    score = ", ".join(f"{s} {n}" for s, n in e.wounds)
    won = f"{e.winner} win by {e.margin}" if e.winner else "a draw"
    return esc(f"Combat ({score}): {won}")


@says(ev.MoraleTested)
def _morale_tested(game: Any, e: ev.MoraleTested) -> str:
    return toned(
        "good" if e.passed else "bad", esc(f"{e.unit} Morale ({e.why}): {'passed' if e.passed else 'failed'}")
    )


@says(ev.SweepingAdvance)
def _sweeping_advance(game: Any, e: ev.SweepingAdvance) -> str:
    words = f"{e.unit} Sweeping Advance {e.roll} against {e.loser_roll}: {'caught' if e.caught else 'escaped'}"
    return toned("bad" if e.caught else "plain", esc(words))


# -- respawning and the mods -----------------------------------------------------------------------------------


@says(ev.SquadRespawned)
def _squad_respawned(game: Any, e: ev.SquadRespawned) -> str:
    words = (
        f"Player {e.player}'s {e.unit} respawns with {len(e.figures)} models, "
        f'{e.need:.0f}" or more from the escape vehicle'
    )
    return toned("good", esc(words))


@says(ev.HordeRespawned)
def _horde_respawned(game: Any, e: ev.HordeRespawned) -> str:
    roll = f"{e.roll}: " if e.roll else ""  # 0: no roll (Coop Mode sends it to the vehicle's edge)
    return toned("bad", esc(f"{e.unit} respawns ({roll}{e.where}) with {len(e.figures)} zombies"))


@says(ev.EmbarkRefused)
def _embark_refused(game: Any, e: ev.EmbarkRefused) -> str:
    return toned("warn", esc(f"{e.figure} may not embark: {e.reason}"))


@says(ev.JoinedHorde)
def _joined_horde(game: Any, e: ev.JoinedHorde) -> str:
    return toned("bad", esc(f"{e.figure} of {e.squad} rises and joins {e.horde} (Dead Men Walking)"))


@says(ev.ZombiesHardened)
def _zombies_hardened(game: Any, e: ev.ZombiesHardened) -> str:
    fnp = f", Feel No Pain {e.fnp}+" if e.fnp else ""
    return toned("bad", esc(f"{e.unit} comes back tougher: Toughness {e.toughness}{fnp} (Death Korps Zombies)"))


@says(ev.WatchingForBetrayal)
def _watching_for_betrayal(game: Any, e: ev.WatchingForBetrayal) -> str:
    what = "watches for betrayal and may not move, shoot, run or charge" if e.frozen else "keeps its nerve"
    words = f"{e.unit} is near {e.near}: {e.roll} (needs {e.need}+ to freeze), {what} (Every Man For Himself)"
    return toned("warn" if e.frozen else "plain", esc(words))


@says(ev.OutForGood)
def _out_for_good(game: Any, e: ev.OutForGood) -> str:
    return toned("bad", esc(f"Player {e.player}'s {e.unit} is out for good: {e.reason}"))


@says(ev.WoundRegained)
def _wound_regained(game: Any, e: ev.WoundRegained) -> str:
    return toned("warn", esc(f"{e.figure} will not die: a wound back ({e.wounds} now)"))


# -- power-ups --------------------------------------------------------------------------------------------------


@says(ev.PowerUpRolled)
def _power_up_rolled(game: Any, e: ev.PowerUpRolled) -> str:
    if e.why == "kept":
        return toned("good", esc(f"{e.unit} keeps {e.roll}: {e.name}"))
    why = "" if e.kept else " (one of two)"
    return toned("gold", esc(f"{e.unit} rolls {e.roll} on the power-up table ({e.why}): {e.name}{why}"))


@says(ev.PowerUpGained)
def _power_up_gained(game: Any, e: ev.PowerUpGained) -> str:
    held = f" (carries {e.held})" if e.held > 1 else ""
    return toned("good", esc(f"{e.unit} gains {e.name}{held}: {e.effect}"))


@says(ev.PowerUpChoiceOffered)
def _power_up_choice_offered(game: Any, e: ev.PowerUpChoiceOffered) -> str:
    opts = "; ".join(f"{i} {o}" for i, o in enumerate(e.options, 1))
    return toned("gold", esc(f"Player {e.player} ({e.unit}) chooses with the Power-up buttons: {opts}"))


@says(ev.PowerUpUsed)
def _power_up_used(game: Any, e: ev.PowerUpUsed) -> str:
    return toned("good", esc(f"{e.unit} uses {power_ups.name_of(game.world, e.key)}: {e.what}"))


@says(ev.PowerUpLost)
def _power_up_lost(game: Any, e: ev.PowerUpLost) -> str:
    names = ", ".join(power_ups.name_of(game.world, k) for k in e.keys)
    return toned("warn", esc(f"{e.unit} loses {names}: {e.why}"))


@says(ev.PushedBack)
def _pushed_back(game: Any, e: ev.PushedBack) -> str:
    return toned(
        "warn", esc(f'{e.by} pushes {e.unit} {e.inches}" back from the vehicle ({len(e.figures)} models)')
    )


# -- Killing Floor ---------------------------------------------------------------------------------------------


@says(ev.ShopKit)
def _shop_kit(game: Any, e: ev.ShopKit) -> str:
    words = (
        f"Killing Floor: player {e.player} starts with {e.points} points, a bolt pistol, "
        "close combat weapon and assault grenades"
    )
    return toned("turn", esc(words))


@says(ev.GrenadeThrown)
def _grenade_thrown(game: Any, e: ev.GrenadeThrown) -> str:
    w = game.data.weapons.get(e.weapon)
    return esc(f"{e.model} throws a {w.name.lower() if w else e.weapon} at {e.target}")


@says(ev.PointScored)
def _point_scored(game: Any, e: ev.PointScored) -> str:
    return toned("good", esc(f"Player {e.player} +{e.gain} point for {e.zombie} ({e.points} to spend)"))


def _ware(game: Any, key: str) -> str:
    item = kf.Shop.of(game.data).items.get(key)
    return item.name if item else key


@says(ev.WareBought)
def _ware_bought(game: Any, e: ev.WareBought) -> str:
    who = e.model or e.unit
    return toned(
        "gold", esc(f"Player {e.player} buys {_ware(game, e.item)} for {who}: -{e.price} ({e.points} left)")
    )


@says(ev.WareSold)
def _ware_sold(game: Any, e: ev.WareSold) -> str:
    who = e.model or e.unit
    return toned(
        "gold", esc(f"Player {e.player} sells {_ware(game, e.item)} of {who}: +{e.refund} ({e.points} left)")
    )


# -- the end -------------------------------------------------------------------------------------------------


@says(ev.Embarked)
def _embarked(game: Any, e: ev.Embarked) -> str:
    return toned("gold", esc(f"{e.figure} embarks on the escape vehicle!"))


@says(ev.GameOver)
def _game_over(game: Any, e: ev.GameOver) -> str:
    who = "The players win together" if e.winner == "players" else f"{esc(e.winner)} wins"
    return toned("gold", f"<b>{who}</b>: {esc(e.reason)}")
