"""A charge that falls short, in words (rules: Zombie 40,000, Assault: the 2D6 charge [7th]; the zombie turn's
shamble [seed]).

A charge that fails leaves no event of its own: a squad's charge roll short of the distance ends with its
``MoveRolled`` and no ``Engaged``; a horde that shambled in to charge (Overwatch fired at it) and reached nobody
ends with its shamble's moves and no ``Engaged``. The log said nothing of it: a veteran read "Horde 1 shambles in
to charge: Tactical Squad fires Overwatch", the Overwatch dice and then "Turn 3", the horde 1" short and still
standing. The lines here are told from the events of the batch (what a charge emits is unchanged), so a loaded
game's log reads the same.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from game.rules.core import DiceRolled
from game.rules.kit.events import Killed, TurnStarted
from game.rules.zombie40k import events as ev
from game.rules.zombie40k.names import Names, names_of, plural
from game.rules.zombie40k.state import ALIVE, PLAYERS
from game.scenario.model import Point

NEED = re.compile(r'\(need (-?[0-9.]+)"\)')  # the charge roll's meaning: 'charge 2D6 = 5" (need 6.2")'
# what ends a horde's part of the shamble: another unit's moves or shots, the next roll, phase or turn
ENDS = (ev.MoveRolled, ev.PhaseStarted, TurnStarted, ev.CombatResolved, ev.BlastPlaced, ev.GrenadeThrown)


def short_charges(game: Any, events: Sequence[Any]) -> dict[int, str]:
    r"""For each charge of ``events`` that fell short, its line in plain words, by the index of the event it
    is told after: a squad's after its charge roll, a horde's after its shamble.

    >>> from game.rules.zombie40k.testing import small_scenario
    >>> from game.rules.zombie40k.game import new_game
    >>> g = new_game(small_scenario(players=2), {"teams": ["infantry_squad"] * 2}, seed=3)
    >>> rolled = DiceRolled("p1 charge", "2D6", (2, 3), 5, 'charge 2D6 = 5" (need 6.2")')
    >>> said = short_charges(g, [ev.ChargeDeclared("p1", "p2", 6.2), rolled, ev.MoveRolled("p1", "charge", 5)])
    >>> list(said)
    [2]
    >>> print(said[2].replace(") (", ")\n("))
    Infantry Squad (player 1)'s charge falls 1.2" short of Infantry Squad (player 2)
    (rolled 5", needed 6.2"): it does not move
    """
    out: dict[int, str] = {}
    told: set[str] = set()  # the hordes whose charge this shamble is told (several squads may fire Overwatch)
    for k, e in enumerate(events):
        if isinstance(e, ev.MoveRolled) and e.unit == "zombies":
            told = set()
        if isinstance(e, ev.MoveRolled) and e.what.startswith("charge"):
            said = squad_short(game, events, k)
            if said:
                out[k] = said
        elif isinstance(e, ev.ShotsFired) and e.overwatch and _zombie(game, e.target) and e.target not in told:
            told.add(e.target)
            end, said = horde_short(game, events, k)
            if said:
                out[end] = said
    return out


def squad_short(game: Any, events: Sequence[Any], k: int) -> str:
    """A squad's charge whose roll (``events[k]``) went home no further: no ``Engaged`` follows it."""
    roll: ev.MoveRolled = events[k]
    unit = roll.unit
    for x in events[k + 1 :]:  # (its own charge only: a loaded game's log is told whole, later charges in it)
        if isinstance(x, ev.Engaged) and x.charger == unit:
            return ""
        if isinstance(x, (ev.ChargeDeclared, ev.PhaseStarted, TurnStarted)):
            break
    n = names_of(game)
    declared = next((x for x in reversed(events[:k]) if isinstance(x, ev.ChargeDeclared) and x.unit == unit), None)
    of = f" of {n.unit(declared.target)}" if declared is not None else ""
    dice = next((x for x in reversed(events[:k]) if _charge_dice(x, unit)), None)
    need = NEED.search(dice.meaning) if dice is not None else None
    if dice is None or need is None:
        return f'{_whose(n, unit)} charge falls short{of} (rolled {roll.inches}"): it does not move'
    short = float(need.group(1)) - dice.total  # (the dice's need is the distance less a bonus to the roll)
    needed = float(need.group(1)) + roll.inches - dice.total
    return (
        f'{_whose(n, unit)} charge falls{_by(short)} short{of} (rolled {roll.inches}", needed {needed:.1f}"): '
        "it does not move"
    )


def horde_short(game: Any, events: Sequence[Any], k: int) -> tuple[int, str]:
    """A horde that shambled in to charge (``events[k]`` the first Overwatch at it) and ended its shamble in
    contact with nobody: the index of its shamble's last event, and its line ("" when it went home)."""
    horde = events[k].target
    end = k
    for j in range(k + 1, len(events)):
        x = events[j]
        theirs = isinstance(x, ev.Moved) and x.how == "shamble" and _unit_of(game, x.figure) == horde
        if isinstance(x, ENDS) or (isinstance(x, ev.ShotsFired) and x.target != horde):
            break
        if isinstance(x, ev.Moved) and not theirs:
            break
        if isinstance(x, ev.Engaged) and x.unit == horde or isinstance(x, ev.UnitDestroyed) and x.unit == horde:
            return end, ""
        end = j
    gap, squad = _nearest(game, events, end, horde)
    if not squad or gap <= game.data.house.contact + 1e-6:
        return end, ""
    n = names_of(game)
    rolled = next((x for x in reversed(events[:k]) if isinstance(x, ev.MoveRolled) and x.unit == "zombies"), None)
    shamble = f' (shamble {rolled.inches}")' if rolled is not None else ""
    return end, (
        f"{_whose(n, horde)} charge falls{_by(gap)} short of {n.unit(squad)}{shamble}: it stands there, "
        "not in close combat"
    )


def _nearest(game: Any, events: Sequence[Any], at: int, horde: str) -> tuple[float, str]:
    """The gap, edge to edge, between the horde's nearest zombie and the nearest squad's model as they stood
    after ``events[at]``, and that squad ("" when either side had no model on the table)."""
    models = game.state.models
    zombies = [f for f in game.state.units[horde].models if _standing(game, events, at, f)]
    squads = [f for f, m in models.items() if m.side == PLAYERS and _standing(game, events, at, f)]
    best, squad = math.inf, ""
    for z in zombies:
        for p in squads:
            gap = math.dist(_where(game, events, at, z), _where(game, events, at, p))
            gap -= models[z].radius + models[p].radius
            if gap < best:
                best, squad = gap, models[p].unit
    return best, squad


def _where(game: Any, events: Sequence[Any], at: int, fid: str) -> Point:
    """Where a figure stood after ``events[at]``: the end of its last move by then, else the start of its next,
    else where it stands now."""
    before = next((x for x in reversed(events[: at + 1]) if isinstance(x, ev.Moved) and x.figure == fid), None)
    if before is not None:
        return tuple(before.path[-1])  # type: ignore[return-value]
    after = next((x for x in events[at + 1 :] if isinstance(x, ev.Moved) and x.figure == fid), None)
    return tuple(after.path[0]) if after is not None else game.state.models[fid].position  # type: ignore[return-value]


def _standing(game: Any, events: Sequence[Any], at: int, fid: str) -> bool:
    """Whether a figure was on the table after ``events[at]``: killed later in the batch, it was; killed or
    come back (a respawn) later, it was not; else as it is now."""
    for x in events[at + 1 :]:
        if isinstance(x, Killed) and x.figure == fid:
            return True
        if isinstance(x, (ev.SquadRespawned, ev.HordeRespawned)) and fid in x.figures:
            return False
    if any(isinstance(x, Killed) and x.figure == fid for x in events[: at + 1]):
        return False
    return game.state.models[fid].state == ALIVE


def _charge_dice(x: Any, unit: str) -> bool:
    return isinstance(x, DiceRolled) and (
        x.purpose == f"{unit} charge" or x.purpose.startswith(f"{unit} re-roll charge")
    )


def _zombie(game: Any, uid: str) -> bool:
    u = game.state.units.get(uid)
    return u is not None and u.side != PLAYERS


def _unit_of(game: Any, fid: str) -> str:
    m = game.state.models.get(fid)
    return m.unit if m is not None else ""


def _whose(n: Names, uid: str) -> str:
    """``Horde 1's``, ``Ork Boyz'``."""
    name = n.unit(uid)
    return name + ("'" if plural(name) else "'s")


def _by(inches: float) -> str:
    """`` 1.2"`` short, or ``just`` short where the tenths would read 0.0."""
    return f' {inches:.1f}"' if inches >= 0.05 else " just"
