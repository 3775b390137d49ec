"""Zombie 40,000's events in words: the game log's lines (HTML, toned), one small formatter per event class.

:data:`WORDS` maps an event class to its formatter; :func:`line` looks one up (an event without one, such as
``FigurePlaced``, leaves the log to others). An add-on's events read here too, beside the core's.

>>> from game.rules.zombie40k.events import TurnStarted
>>> line(None, TurnStarted(2))
'<font color="#8FC3F0"><b>Turn 2</b></font>'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape as esc
from typing import Any

from game.rules.contract import toned
from game.rules.core import DiceRolled
from game.rules.zombie40k import events as ev
from game.rules.zombie40k import killing_floor as kf
from game.rules.zombie40k import power_ups
from game.rules.zombie40k.attacks import NO_SAVE
from game.rules.zombie40k.bearer import free_usr
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.names import Names, agree, capitalised, names_of, player_words, plural
from game.rules.zombie40k.report import who_won
from game.rules.zombie40k.state import PLAYERS
from game.table.wording import in_words

Words = Callable[[Any, Any], str]  # (game, event) -> the log line
WORDS: dict[type, Words] = {}


def says(*kinds: type) -> Callable[[Words], Words]:
    """Register a formatter for these event classes."""

    def put(fn: Words) -> Words:
        for k in kinds:
            WORDS[k] = fn
        return fn

    return put


def line(game: Zombie40kGame, e: Any) -> str:
    """One event in words (HTML), or empty for events the log leaves to others; a line starts with a
    capital, whatever name it opens with ("The Zombie Boss is wounded")."""
    words = WORDS.get(type(e))
    return capitalised(words(game, e)) if words is not None else ""


def lines(game: Zombie40kGame, events: Sequence[Any]) -> list[str]:
    """A batch of events in words, one line an event: a roll the next event restates (a run's D6 and the
    run, a Morale test's dice and its result) is told once, in that event's line.

    >>> from game.rules.zombie40k.testing import small_scenario
    >>> from game.rules.zombie40k.game import new_game
    >>> g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
    >>> lines(g, [DiceRolled("p1 run", "D6", (2,), 2, "D6 = 2"), ev.MoveRolled("p1", "run", 2)])
    ['<font color="#E4CE84">Infantry Squad: run 2&quot; (D6 = 2)</font>']
    """
    events = fleet_charges(list(events))
    texts = [line(game, e) for e in events]
    sweeping = any(isinstance(e, ev.SweepingAdvance) for e in events)
    carried: dict[int, DiceRolled] = {}  # line -> the roll told in it
    for k, e in enumerate(events):
        j = next((j for j in range(k + 1, len(events)) if texts[j]), None)  # the next line told
        after = events[j] if j is not None else None
        if isinstance(e, DiceRolled) and _restated(e, after, sweeping):
            texts[k] = ""
            if j is not None and type(after) in (*CARRIES, ev.AttackStep):
                carried[j] = e
    _cells_told(game, events, texts)
    sweeps_told(game, events, texts)
    for j, roll in carried.items():
        if isinstance(events[j], ev.AttackStep):  # its counts are said: the faces show what the dice did
            texts[j] = _added(texts[j], esc(f" ({faces_words(roll.faces)})"))
            continue
        meaning = RESULT.sub("", dice_words(roll.purpose, roll.meaning or str(roll.faces)).split(": ", 1)[-1])
        texts[j] = _added(texts[j], esc(f" ({player_words(game, meaning)})"))
    return _counted_repeats([t for t in texts if t])


def fleet_charges(events: list[Any]) -> list[Any]:
    """The events with Fleet's re-roll of a failed charge told as one: the dice give the re-roll the charge's own
    purpose (``p1 charge`` twice), so the first roll's line went as if said again, and nothing said Fleet
    re-rolled it (a newcomer saw only the 8" that went home). The second roll reads ``p1 re-roll charge
    (Fleet)`` and the charge's result ``charge (re-rolled: Fleet)``; the game's log is left as it is.

    >>> a, b = DiceRolled("p1 charge", "2D6", (1, 2), 3, ""), DiceRolled("p1 charge", "2D6", (4, 4), 8, "")
    >>> [e.purpose for e in fleet_charges([a, b])[:2]], fleet_charges([a, b, ev.MoveRolled("p1", "charge", 8)])[2].what
    (['p1 charge', 'p1 re-roll charge (Fleet)'], 'charge (re-rolled: Fleet)')
    """
    out = list(events)
    for k in range(1, len(out)):
        e, before = out[k], out[k - 1]
        fleet = isinstance(e, DiceRolled) and isinstance(before, DiceRolled) and e.purpose == before.purpose
        if not (fleet and e.purpose.endswith(" charge")):
            continue
        unit = e.purpose.removesuffix(" charge")
        out[k] = replace(e, purpose=f"{unit} re-roll charge (Fleet)")
        rolled = next((j for j in range(k + 1, len(out)) if isinstance(out[j], ev.MoveRolled)), None)
        if rolled is not None and out[rolled].unit == unit and out[rolled].what == "charge":
            out[rolled] = replace(out[rolled], what="charge (re-rolled: Fleet)")
    return out


def faces_words(faces: Sequence[int]) -> str:
    """A batch of dice highest first, as a player lays them out; a big batch counted by face.

    >>> faces_words((2, 6, 4)), faces_words((5,) * 3 + (1,) * 11)
    ('rolled 6 4 2', 'rolled 5×3 1×11')
    """
    ordered = sorted(faces, reverse=True)
    if len(ordered) <= FACES_LISTED:
        return "rolled " + " ".join(str(f) for f in ordered)
    counts = [(f, ordered.count(f)) for f in sorted(set(ordered), reverse=True)]
    return "rolled " + " ".join(f"{f}×{n}" for f, n in counts)


FACES_LISTED = 12  # more dice than this are counted by face, so a horde's 30 attacks fit a line


def _cells_told(game: Zombie40kGame, events: list[Any], texts: list[str]) -> None:
    """A starting horde's two D6 (its column, then its row) as one line, in ``texts``; a cell rolled again
    (no room there) says so: ``Horde 2: column 1, row 4: no room there: rolled again``."""

    def roll(k: int, what: str) -> DiceRolled | None:
        e = events[k] if 0 <= k < len(events) else None
        return e if isinstance(e, DiceRolled) and e.purpose.endswith(f" {what}") else None

    for k in range(len(events) - 1):
        col, row = roll(k, "column"), roll(k + 1, "row")
        if col is None or row is None or (name := col.purpose[: -len(" column")]) != row.purpose[: -len(" row")]:
            continue
        again = roll(k + 2, "column")
        cell = f"column {col.total}, row {row.total}"
        said = f"{name}: {cell}: no room there: rolled again" if again and again.purpose == col.purpose else ""
        texts[k] = toned("dice", esc(player_words(game, said or f"{name} is placed at {cell} (two D6)")))
        texts[k + 1] = ""


def _counted_repeats(texts: list[str]) -> list[str]:
    """Lines said again at once (a Feel No Pain roll for each of two wounds) as one line that says how often.

    >>> _counted_repeats(["a", "b", "b", "b", "a"])
    ['a', 'b (3 times)', 'a']
    """
    runs: list[list[Any]] = []
    for t in texts:
        if runs and runs[-1][0] == t:
            runs[-1][1] += 1
        else:
            runs.append([t, 1])
    times = {2: "twice"}
    return [t if n == 1 else _added(t, f" ({times.get(n, f'{n} times')})") for t, n in runs]


# the events that say again what the roll just before them said: the roll's line goes, its dice go into theirs
CARRIES = (ev.MoveRolled, ev.MoraleTested, ev.PowerUpRolled, ev.BlastPlaced)
# and those whose line already gives the roll
RESTATES = (*CARRIES, ev.AttackStep, ev.HordeRespawned, ev.WatchingForBetrayal, ev.PushedBack, ev.WoundsRecovered)
BRACKETED = re.compile(r" \(([A-Za-z0-9-]+)\)")
JOINS = re.compile(r" \(([^()]+)\) joins \1\b")
RESULT = re.compile(r": (passed|failed)$")


def _added(text: str, more: str) -> str:
    """``more`` at the end of a line's words, inside its colour."""
    return text[: -len("</font>")] + more + "</font>" if text.endswith("</font>") else text + more


def _restated(e: DiceRolled, after: Any, sweeping: bool) -> bool:
    """Whether a roll's own line would say again what a line after it says: the same roll told twice (the
    shamble's dice, then the two kept), a roll its next event restates (a re-roll keeps its line), or a
    Sweeping Advance die in a batch that gives each Sweeping Advance's totals."""
    if sweeping and e.purpose.endswith(" Sweeping Advance"):
        return True
    if isinstance(after, DiceRolled):
        return after.purpose == e.purpose
    return type(after) in RESTATES and "re-roll" not in e.purpose


def _n(game: Zombie40kGame) -> Names:
    return names_of(game)


def _s(n: int) -> str:
    return "s" if n != 1 else ""


def _models(n: int, noun: str = "model") -> str:
    """``1 model``, ``3 models``."""
    return f"{n} {noun}{_s(n)}"


KEPT = re.compile(r"[(\[](\d+(?:, \d+)+)[)\]] -> (\d+)")  # "(4, 2) -> 4": the dice kept of a handful


def kept_in_words(meaning: str) -> str:
    """A handful of which the best count, in words, not a programmer's tuple: a newcomer read "2D6 keep highest:
    (4, 2) -> 4" in the dice tray.

    >>> kept_in_words("2D6 keep highest: (4, 2) -> 4"), kept_in_words("3D6 keep the 2 highest: [5, 1, 3] -> 8")
    ('2D6 keep highest: 4 and 2, best 4', '3D6 keep the 2 highest: 5, 1 and 3, the best make 8')
    """

    def said(m: re.Match[str]) -> str:
        *rest, last = m[1].split(", ")
        best = "best" if m[0].startswith("(") else "the best make"  # one die kept, or a few added up
        return f"{', '.join(rest)} and {last}, {best} {m[2]}"

    return KEPT.sub(said, meaning)


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
    return f"{purpose}: {kept_in_words(meaning)}"


# -- the turn -------------------------------------------------------------------------------------------


@says(ev.TurnStarted)
def _turn_started(game: Zombie40kGame, e: ev.TurnStarted) -> str:
    return toned("turn", f"<b>Turn {e.turn}</b>")


@says(ev.OrderRolled)
def _order_rolled(game: Zombie40kGame, e: ev.OrderRolled) -> str:
    return toned("turn", "Order this turn: " + ", ".join(f"player {p}" for p in e.order) + ", then the zombies")


@says(ev.PhaseStarted)
def _phase_started(game: Zombie40kGame, e: ev.PhaseStarted) -> str:
    shop = (
        " (Killing Floor: the Shop is open until a model of the squad moves)"
        if e.phase == "movement" and e.player and kf.killing_floor_on(game.state)
        else ""
    )
    return toned(
        "turn",
        "The zombies' turn" if e.phase == "zombies" else f"Player {e.player}: {e.phase.capitalize()} phase{shop}",
    )


@says(ev.PhaseSkipped)
def _phase_skipped(game: Zombie40kGame, e: ev.PhaseSkipped) -> str:
    if e.phase == "psychic":  # in the rules help's words, once a game: every turn's would be noise
        return toned("turn", esc(NO_PSYCHIC)) if _first_psychic_skip(game, e) else ""
    return toned("turn", esc(f"Player {e.player}: {skipped_words(game, e)}"))


NO_PSYCHIC = "There is no Psychic phase in this game (no psykers): Shooting follows Movement, every turn"


def _first_psychic_skip(game: Zombie40kGame | None, e: ev.PhaseSkipped) -> bool:
    """Whether ``e`` is the game's first skipped Psychic phase (or one the game's log does not hold): the log
    says once that the phase never comes, not in every player's turn (a newcomer read it as noise)."""
    log = getattr(game, "log", None) or ()
    first = next((x for x in log if isinstance(x, ev.PhaseSkipped) and x.phase == "psychic"), None)
    return first is None or first is e or not any(x is e for x in log)


def skipped_words(game: Zombie40kGame, e: ev.PhaseSkipped) -> str:
    """Why a phase passed by itself, as the log and the screen's notice say it: ``Shooting skipped: Infantry
    Squad is locked in close combat (it fights as the Assault phase ends)``."""
    why = _n(game).text(e.reason)
    first, _, rest = why.partition(" ")
    if first in SENTENCE_OPENERS:  # a refusal's sentence, now after a colon: "...skipped: you may only..."
        why = f"{first.lower()} {rest}"
    if why.endswith("locked in close combat") and e.phase in ("movement", "shooting"):
        why += " (it fights as the Assault phase ends)"  # where its turn went (issue 33)
    return f"{e.phase.capitalize()} skipped: {why}"


SENTENCE_OPENERS = ("You", "The", "A", "An", "No", "There", "Nobody")  # never a name: lowered after a colon


@says(DiceRolled)
def _dice_rolled(game: Zombie40kGame, e: DiceRolled) -> str:
    n = _n(game)
    who, _, rest = e.purpose.partition(" ")
    purpose = e.purpose
    if rest.startswith("hits "):  # "Ork Boyz hit into close combat"
        purpose = n.does(who, rest)
    elif (who in n.units or who in n.figures) and any(rest.startswith(w.name) for w in game.data.weapons.values()):
        purpose = f"{_whose(n.figures.get(who) or n.unit(who))} {rest}"  # "Guardsman 6's Frag grenade scatter"
    return toned("dice", esc(player_words(game, dice_words(purpose, e.meaning or str(e.faces)))))


# -- moving ----------------------------------------------------------------------------------------------

MOVE_VERBS = {"fall back": "falls back"}  # else the move's word and an s: moves, runs, charges, consolidates


@says(ev.Moved)
def _moved(game: Zombie40kGame, e: ev.Moved) -> str:
    return (
        ""
        if e.how in ("shamble", "pile in", "respawn", "pushed back")
        else esc(f'{_n(game).figure(e.figure)} {MOVE_VERBS.get(e.how, e.how + "s")} {e.length:.1f}"')
    )


@says(ev.MoveRolled)
def _move_rolled(game: Zombie40kGame, e: ev.MoveRolled) -> str:
    what, fleet = e.what.removesuffix(" (re-rolled: Fleet)"), e.what.endswith(" (re-rolled: Fleet)")
    said = f'{_n(game).unit(e.unit)}: {player_words(game, what)} {e.inches}"' + (
        FLEET_WHY.get(what, "") if fleet else ""
    )
    unit = game.state.units.get(e.unit)
    bonus = game.world.hooks.move_bonus(game.world, unit) if unit is not None else 0.0
    if bonus and e.what.startswith(SPED):  # the Speed Pack's inches are the squad's too
        said += f' +{bonus:g}" Speed Pack = {e.inches + bonus:g}"'
    return toned("dice", esc(said))


# why Fleet re-rolled, in the line of the roll it re-rolled (a newcomer could not tell the game chose for him)
FLEET_WHY = {
    "run": " (Fleet re-rolled the first die: it fell short of the run, and a fresh D6 goes further on average)",
    "charge": " (Fleet re-rolled the first roll: it fell short of the charge)",
}
SPED = ("run", "difficult terrain", "charge")  # the rolls the Speed Pack adds its inches to


@says(ev.FellBack)
def _fell_back(game: Zombie40kGame, e: ev.FellBack) -> str:
    return toned("warn", esc(f"{_n(game).does(e.unit, 'falls back')}"))


@says(ev.SquadMoveHeld)
def _squad_move_held(game: Zombie40kGame, e: ev.SquadMoveHeld) -> str:
    return toned("warn", esc(f"{_n(game).figure(e.figure)} stays where he is: {player_words(game, e.reason)}"))


@says(ev.FallBackCut)
def _fall_back_cut(game: Zombie40kGame, e: ev.FallBackCut) -> str:
    n = _n(game)
    # a model by his name, a piece of terrain by its own ("the Barricade"), never the map's "wall 16"
    by = n.figure(e.by) if e.by in game.state.models else in_words(e.by)
    why = f"surrounded, {by} in his way" if e.surrounded else f"{by} in his way"
    return toned("warn", esc(f'{n.figure(e.figure)} can fall back only {e.moved:.1f}": {why}'))


@says(ev.Regrouped)
def _regrouped(game: Zombie40kGame, e: ev.Regrouped) -> str:
    return toned("good", esc(f"{_n(game).does(e.unit, 'regroups')}"))


# -- shooting and blows -------------------------------------------------------------------------------------


@says(ev.ShotsFired)
def _shots_fired(game: Zombie40kGame, e: ev.ShotsFired) -> str:
    n = _n(game)
    firing = f"({_models(len(e.shooters))} firing)"
    charger = game.state.units.get(e.target)
    if e.overwatch and charger is not None and charger.side != PLAYERS:  # a shamble into reach: no declaring
        return esc(f"{n.does(e.target, 'shambles')} in to charge: {n.does(e.unit, 'fires Overwatch')} {firing}")
    what = "fires Overwatch at" if e.overwatch else "shoots at"
    return esc(f"{n.does(e.unit, what)} {n.unit(e.target)} {firing}")


@says(ev.AttackStep)
def _attack_step(game: Zombie40kGame, e: ev.AttackStep) -> str:
    if e.step == NO_SAVE:  # (no dice: the wounds the AP left unsaveable)
        wounds = _models(e.dice, "wound")
        return toned("muted", esc(f"  {_n(game).unit(e.target)}, {e.weapon}: {wounds} with no save ({e.note})"))
    need = f" on {e.need}+" if e.need else ""
    note = f" ({e.note})" if e.note else ""
    if e.step == "fnp":  # "1 of 5 Feel No Pain" read as one roll of a kind: say what the dice did
        # whose wounds: blows struck at one Initiative are all rolled before any is taken, so a Chainsword's
        # Feel No Pain came under the next weapon's wound roll and read as that weapon's
        who = f"{_n(game).unit(e.target)} against the {e.weapon}"
        return toned(
            "muted", esc(f"  {who}, Feel No Pain: {e.successes} of {_models(e.dice, 'wound')} ignored{need}{note}")
        )
    roller = _n(game).unit(e.target if e.step in ("save", "fnp") else e.unit)  # who rolled these dice
    step = STEP_WORDS.get(e.step, e.step)
    step = f"{e.kind} {step}" if e.kind else step  # which save: armour, invulnerable, cover
    aimed = e.step == "hit" or e.step == "wound" and _no_hit_roll(game, e.weapon)
    if aimed and e.target != e.unit:  # whom the blows or shots go at (a melee has no aiming line; a blast its
        roller = f"{roller} against {_n(game).unit(e.target)}"  # wound roll: its marker rolls no hit)
    return toned("muted", esc(f"  {roller}, {e.weapon}: {e.successes} of {e.dice} {step}{need}{note}"))


STEP_WORDS = {"fnp": "Feel No Pain"}


def _no_hit_roll(game: Zombie40kGame, weapon: str) -> bool:
    """Whether the weapon of this name hits by its marker or template (a Blight grenade), so that its first
    line of dice is the wound roll."""
    return any(w.name == weapon and (w.blast or w.template) for w in game.data.weapons.values())


@says(ev.BlastPlaced)
def _blast_placed(game: Zombie40kGame, e: ev.BlastPlaced) -> str:
    what = "template" if e.template else f'marker scatters {e.scatter:g}"'
    w = game.data.weapons.get(e.weapon)
    weapon = w.name if w else e.weapon
    return esc(f"{_n(game).unit(e.unit)}, {weapon}: {what}, {_models(len(e.hits))} under it")


@says(ev.Wounded)
def _wounded(game: Zombie40kGame, e: ev.Wounded) -> str:
    left = _models(e.wounds_left, "wound")
    return toned("warn", esc(f"{_n(game).figure(e.figure)} is wounded ({left} left)"))


@says(ev.Killed)
def _killed(game: Zombie40kGame, e: ev.Killed) -> str:
    m = game.state.models.get(e.figure)
    usr = free_usr(game.world, m) if m is not None else ""
    lost = f"; {_n(game).unit(m.unit)} loses {usr} with him" if m is not None and usr else ""
    return toned("bad", esc(f"{_n(game).figure(e.figure)} is killed: {cause_words(game, e.cause)}{lost}"))


def cause_words(game: Zombie40kGame, cause: str) -> str:
    """What killed a model, as the rules wrote it ("p1 shooting", "boss close combat (Instant Death)", "p1 Plasma
    gun got hot"), in a player's words: "shot by Infantry Squad", "in close combat with the Zombie Boss
    (Instant Death)", "Infantry Squad's Plasma gun got hot"."""
    n = _n(game)
    who, _, rest = cause.partition(" ")
    if who not in n.units:
        return player_words(game, cause)
    name = n.unit(who)
    for how, words in (("shooting", "shot by"), ("close combat", "in close combat with")):
        if rest == how or rest.startswith(how + " ("):
            return f"{words} {name}{player_words(game, rest[len(how) :])}"
    return f"{_whose(name)} {player_words(game, rest)}"


def _whose(name: str) -> str:
    """``Infantry Squad's``, ``Guardian Defenders'``."""
    return name + ("'" if plural(name) else "'s")


@says(ev.UnitDestroyed)
def _unit_destroyed(game: Zombie40kGame, e: ev.UnitDestroyed) -> str:
    return toned("bad", esc(f"{_n(game).does(e.unit, 'is destroyed')}"))


# -- close combat and Morale ---------------------------------------------------------------------------------


@says(ev.ChargeDeclared)
def _charge_declared(game: Zombie40kGame, e: ev.ChargeDeclared) -> str:
    n = _n(game)
    return toned("warn", esc(f'{n.does(e.unit, "charges")} {n.unit(e.target)} ({e.distance:.1f}" away)'))


@says(ev.ChargeFailed)
def _charge_failed(game: Zombie40kGame, e: ev.ChargeFailed) -> str:
    """``Horde 1's charge falls 1.0" short of Tactical Squad (shamble 5"): it stands there, not in close combat``;
    a squad's says its roll and the distance it needed, and that it does not move."""
    n = _n(game)
    by = f' {e.short:.1f}"' if e.short >= 0.05 else " just"  # (never "0.0" short)
    said = f"{_whose(n.unit(e.unit))} charge falls{by} short of {n.unit(e.target)}"
    if e.how == "shamble":
        said += f' (shamble {e.rolled}"): it stands there, not in close combat'
    else:
        said += f' (rolled {e.rolled}", needed {e.rolled + e.short:.1f}"): it does not move'
    return toned("warn", esc(capitalised(said)))


@says(ev.Engaged)
def _engaged(game: Zombie40kGame, e: ev.Engaged) -> str:
    n = _n(game)
    return toned("warn", esc(f"{n.unit(e.unit)} and {n.unit(e.target)} are locked in close combat"))


@says(ev.CombatBrokenOff)
def _broken_off(game: Zombie40kGame, e: ev.CombatBrokenOff) -> str:
    n = _n(game)
    who = " and ".join(n.unit(u) for u in e.units)
    reach = f'{game.data.house.pile_in:g}"'  # (as a combat ends, its last models in contact killed, the rest
    # may simply stand too far: "something stands between" was not always so)
    return toned(
        "warn",
        esc(
            f"{who} break off: after the pile-in no model reaches an enemy (beyond a {reach} pile-in, or "
            "something stands between); they are no longer locked in close combat"
        ),
    )


@says(ev.CombatResolved)
def _combat_resolved(game: Zombie40kGame, e: ev.CombatResolved) -> str:
    n = _n(game)
    score = ", ".join(f"{n.side(s)} {k}" for s, k in e.wounds)
    won = f"{agree(n.side(e.winner), 'wins')} by {e.margin}" if e.winner else "a draw"
    return esc(f"Combat (unsaved wounds: {score}): {won}")


@says(ev.MoraleTested)
def _morale_tested(game: Zombie40kGame, e: ev.MoraleTested) -> str:
    return toned(
        "good" if e.passed else "bad",
        esc(f"{_n(game).unit(e.unit)} Morale ({player_words(game, e.why)}): {'passed' if e.passed else 'failed'}"),
    )


@says(ev.SweepingAdvance)
def _sweeping_advance(game: Zombie40kGame, e: ev.SweepingAdvance) -> str:
    return sweeping_words(game, e, None)


def sweeping_words(game: Zombie40kGame, e: ev.SweepingAdvance, spared: bool | None) -> str:
    """A Sweeping Advance's line; ``spared`` says whether the caught loser fell back rather than died, as the
    events after it tell (None: read from the loser's living models)."""
    n = _n(game)
    words = (
        f"{n.unit(e.unit)} Sweeping Advance (D6 + Initiative) {e.roll} against {n.unit(e.loser)} {e.loser_roll}: "
        + (caught_words(game, e.loser, spared) if e.caught else "escaped")
    )
    return toned("bad" if e.caught else "plain", esc(words))


NO_FEAR = "And They Shall Know No Fear"


def caught_words(game: Zombie40kGame, loser: str, spared: bool | None = None) -> str:
    """What being caught does: a squad with And They Shall Know No Fear is not destroyed but falls back [7th]
    (a newcomer read "caught" and then saw the squad fall back and regroup); any other loser is destroyed.
    The rule is the living models' (the rules read it so): a squad whose bearer of it fell in the fight is
    destroyed, and the line said "it falls back" over its dead. ``spared`` is what the events say happened."""
    if spared is None:
        u = game.state.units.get(loser)
        spared = u is not None and game.world.unit_has(u, NO_FEAR)
    return f"caught, but not destroyed ({NO_FEAR}): it falls back" if spared else "caught and destroyed"


def sweeps_told(game: Zombie40kGame, events: list[Any], texts: list[str]) -> None:
    """Each caught loser's line in ``texts`` by what the batch says came of it: its fall back (And They Shall
    Know No Fear) or its destruction. Read from the models as the log is told, a squad that fell back and died
    later read "caught and destroyed" in a loaded game's log."""
    for k, e in enumerate(events):
        if not (isinstance(e, ev.SweepingAdvance) and e.caught):
            continue
        end = next(
            (x for x in events[k + 1 :] if isinstance(x, (ev.FellBack, ev.UnitDestroyed)) and x.unit == e.loser),
            None,
        )
        if end is not None:
            texts[k] = capitalised(sweeping_words(game, e, isinstance(end, ev.FellBack)))


# -- respawning and the mods -----------------------------------------------------------------------------------


@says(ev.SquadRespawned)
def _squad_respawned(game: Zombie40kGame, e: ev.SquadRespawned) -> str:
    """``Player 1's Infantry Squad respawns with 3 models in its deployment zone, 40" from the escape vehicle``;
    behind another team: ``..., 28" from the escape vehicle (at least 6" further from it than any other team)``.
    (It read "0" or more from the escape vehicle" where no team was ahead, issue 33.)"""
    base = game.data.house.base / 2  # (from the squad's middle, as it stood: a reloaded log says the same)
    far = f'{game.world.vehicle_distance(e.centre, base):.0f}" from the escape vehicle'
    where = f" in its deployment zone, {far}" if e.need <= 0 else f", {far}"
    gap = game.data.house.respawn_distance
    behind = f' (at least {gap:g}" further from it than any other team)' if e.need > 0 else ""
    squad = re.sub(r" \(player \d+\)", "", _n(game).does(e.unit, "respawns"))  # ("Player 2's" says whose)
    words = f"Player {e.player}'s {squad} with {_models(len(e.figures))}{where}{behind}"
    return toned("good", esc(words))


@says(ev.HordeRespawned)
def _horde_respawned(game: Zombie40kGame, e: ev.HordeRespawned) -> str:
    roll = f"{e.roll}: " if e.roll else ""  # 0: no roll (Coop Mode sends it to the vehicle's edge)
    return toned(
        "bad",
        esc(f"{_n(game).does(e.unit, 'respawns')} ({roll}{e.where}) with {_models(len(e.figures), 'zombie')}"),
    )


@says(ev.EmbarkRefused)
def _embark_refused(game: Zombie40kGame, e: ev.EmbarkRefused) -> str:
    return toned("warn", esc(f"{_n(game).figure(e.figure)} may not embark: {player_words(game, e.reason)}"))


@says(ev.JoinedHorde)
def _joined_horde(game: Zombie40kGame, e: ev.JoinedHorde) -> str:
    n = _n(game)
    words = f"{n.figure(e.figure)} of {n.unit(e.squad)} rises and joins {n.unit(e.horde)} (Dead Men Walking)"
    return toned("bad", esc(words))


@says(ev.ZombiesHardened)
def _zombies_hardened(game: Zombie40kGame, e: ev.ZombiesHardened) -> str:
    fnp = f", Feel No Pain {e.fnp}+" if e.fnp else ""
    words = f"{_n(game).does(e.unit, 'comes')} back tougher: Toughness {e.toughness}{fnp} (Death Korps Zombies)"
    return toned("bad", esc(words))


@says(ev.WatchingForBetrayal)
def _watching_for_betrayal(game: Zombie40kGame, e: ev.WatchingForBetrayal) -> str:
    n = _n(game)
    what = "watches for betrayal and may not move, shoot, run or charge" if e.frozen else "keeps its nerve"
    if plural(n.unit(e.unit)):
        what = "watch for betrayal and may not move, shoot, run or charge" if e.frozen else "keep their nerve"
    words = (
        f"{n.does(e.unit, 'is near')} {n.unit(e.near)}: {e.roll} (needs {e.need}+ to freeze), {what} "
        "(Every Man For Himself)"
    )
    return toned("warn" if e.frozen else "plain", esc(words))


@says(ev.OutForGood)
def _out_for_good(game: Zombie40kGame, e: ev.OutForGood) -> str:
    words = f"Player {e.player}'s {_n(game).does(e.unit, 'is')} out for good: {player_words(game, e.reason)}"
    return toned("bad", esc(words))


@says(ev.WoundRegained)
def _wound_regained(game: Zombie40kGame, e: ev.WoundRegained) -> str:
    return toned("warn", esc(f"{_n(game).figure(e.figure)} will not die: a wound back ({e.wounds} now)"))


# -- power-ups --------------------------------------------------------------------------------------------------


@says(ev.PowerUpRolled)
def _power_up_rolled(game: Zombie40kGame, e: ev.PowerUpRolled) -> str:
    if e.why == "kept":
        return toned("good", esc(f"{_n(game).does(e.unit, 'keeps')} {e.roll}: {e.name}"))
    why = "" if e.kept else " (one of two)"
    words = f"{_n(game).does(e.unit, 'rolls')} {e.roll} on the power-up table ({player_words(game, e.why)}): {e.name}{why}"
    return toned("gold", esc(words))


@says(ev.PowerUpGained)
def _power_up_gained(game: Zombie40kGame, e: ev.PowerUpGained) -> str:
    held = f" (carries {e.held})" if e.held > 1 else ""
    effect = JOINS.sub(
        r" joins \1", player_words(game, e.effect)
    )  # not "Ork Boy 1 (Strike Team) joins Strike Team"
    return toned("good", esc(f"{_n(game).does(e.unit, 'gains')} {e.name}{held}: {effect}"))


@says(ev.PowerUpChoiceOffered)
def _power_up_choice_offered(game: Zombie40kGame, e: ev.PowerUpChoiceOffered) -> str:
    words = f"Player {e.player} ({_n(game).unit(e.unit)}) chooses its power-up: {choice_words(game, e.options)}"
    return toned("gold", esc(words))


def choice_words(game: Zombie40kGame, options: Sequence[str]) -> str:
    """A power-up choice's keys and options in the player's words: ``press 1 to roll twice and keep one, or 2 to
    move Strike Team D6" back`` (the Power-up buttons do the same)."""
    n = _n(game)
    # an option names the squad and then its id in brackets ("move Strike Team (p4) D6\" back"): the name does
    ids = BRACKETED.sub(
        lambda m: "" if m[1] in n.units else m[0], ", or ".join(f"{i} to {o}" for i, o in enumerate(options, 1))
    )
    ids = f"press {ids}"
    return player_words(game, ids)


@says(ev.PowerUpUsed)
def _power_up_used(game: Zombie40kGame, e: ev.PowerUpUsed) -> str:
    what = player_words(game, e.what)
    return toned("good", esc(f"{_n(game).does(e.unit, 'uses')} {power_ups.name_of(game.world, e.key)}: {what}"))


@says(ev.PowerUpLost)
def _power_up_lost(game: Zombie40kGame, e: ev.PowerUpLost) -> str:
    names = ", ".join(power_ups.name_of(game.world, k) for k in e.keys)
    if e.why in WORN_OFF:  # an effect that ran its course was used, not lost (a newcomer read "loses" as lost)
        return toned("turn", esc(f"{_n(game).unit(e.unit)}: {names} wears off ({e.why})"))
    return toned("warn", esc(f"{_n(game).does(e.unit, 'loses')} {names}: {player_words(game, e.why)}"))


WORN_OFF = ("its turn is over", "its Shamble is over")  # power_ups: the ends of effects that last a while


@says(ev.PushedBack)
def _pushed_back(game: Zombie40kGame, e: ev.PushedBack) -> str:
    return toned(
        "warn",
        esc(
            f'{_n(game).does(e.by, "pushes")} {_n(game).unit(e.unit)} {e.inches}" back from the vehicle '
            f"({_models(len(e.figures))})"
        ),
    )


# -- Killing Floor ---------------------------------------------------------------------------------------------


@says(ev.ShopKit)
def _shop_kit(game: Zombie40kGame, e: ev.ShopKit) -> str:
    words = (
        f"Killing Floor: player {e.player} starts with {e.points} points, a bolt pistol, "
        "close combat weapon and assault grenades"
    )
    return toned("turn", esc(words))


@says(ev.GrenadeThrown)
def _grenade_thrown(game: Zombie40kGame, e: ev.GrenadeThrown) -> str:
    w = game.data.weapons.get(e.weapon)
    n = _n(game)
    return esc(f"{n.figure(e.model)} throws a {w.name.lower() if w else e.weapon} at {n.unit(e.target)}")


@says(ev.PointScored)
def _point_scored(game: Zombie40kGame, e: ev.PointScored) -> str:
    gain = _models(e.gain, "point")
    words = f"Player {e.player} scores {gain} for {_n(game).figure(e.zombie)}: {e.points} to spend"
    return toned("good", esc(words))


def _ware(game: Zombie40kGame, key: str) -> str:
    item = kf.Shop.of(game.data).items.get(key)
    return item.name if item else key


@says(ev.WareBought)
def _ware_bought(game: Zombie40kGame, e: ev.WareBought) -> str:
    who = _n(game).figure(e.model) if e.model else _n(game).unit(e.unit)
    return toned(
        "gold", esc(f"Player {e.player} buys {_ware(game, e.item)} for {who}: -{e.price} ({e.points} left)")
    )


@says(ev.WareSold)
def _ware_sold(game: Zombie40kGame, e: ev.WareSold) -> str:
    who = _n(game).figure(e.model) if e.model else _n(game).unit(e.unit)
    return toned(
        "gold", esc(f"Player {e.player} sells {_ware(game, e.item)} of {who}: +{e.refund} ({e.points} left)")
    )


# -- the end -------------------------------------------------------------------------------------------------


@says(ev.Embarked)
def _embarked(game: Zombie40kGame, e: ev.Embarked) -> str:
    return toned("gold", esc(f"{_n(game).figure(e.figure)} embarks on the escape vehicle!"))


@says(ev.GameOver)
def _game_over(game: Zombie40kGame, e: ev.GameOver) -> str:
    who = who_won(e.winner)
    return toned("gold", f"<b>{who}</b>: {esc(e.reason)}")


# -- campaigns ----------------------------------------------------------------------------------------------------


@says(ev.VeteransCarried)
def _veterans_carried(game: Zombie40kGame, e: ev.VeteransCarried) -> str:
    n = _n(game)
    who = ", ".join(n.figure(f) for f in e.figures)
    held = [power_ups.name_of(game.world, k) for k in e.power_ups]
    words = f"Chapter {e.chapter}: player {e.player}'s {n.does(e.unit, 'marches')} on with {who}"
    words += f"; carrying {', '.join(held)}" if held else ""
    words += f"; {e.points} Killing Floor points" if e.points else ""
    return toned("turn", esc(words))


@says(ev.WoundsRecovered)
def _wounds_recovered(game: Zombie40kGame, e: ev.WoundsRecovered) -> str:
    who = _n(game).figure(e.figure)
    if e.healed:
        return toned(
            "good", esc(f"{who} rolls {e.roll} to heal ({e.need}+ needed): back to {_models(e.wounds, 'wound')}")
        )
    return toned(
        "warn", esc(f"{who} rolls {e.roll} to heal ({e.need}+ needed): starts with {_models(e.wounds, 'wound')}")
    )
