"""Zombiekrieg campaigns (the rule set's :class:`~game.rules.contract.CampaignRules`): a finished chapter's
section mustered as a :class:`~game.rules.contract.Force`, and that force put into the next chapter's options,
where :mod:`.carried` sets it up.

Each veteran's ``key`` is his surname (his name from chapter to chapter, :mod:`.names`); his ``state`` is
``fid`` (his figure id, kept so the log and a replay name him alike), ``nation``, ``role``, ``weapon``,
``guts`` (as the chapter ended them), ``guts_first`` (his first chapter's) and ``cut_off``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.contract import Force, Veteran
from game.rules.core import CannotStart
from game.rules.kit.campaign import KitCampaign, played, riding
from game.rules.zombiekrieg import carried
from game.rules.zombiekrieg.data import load_data
from game.rules.zombiekrieg.events import GutsChanged
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.names import ROLE_NAMES
from game.rules.zombiekrieg.report import AfterAction, SoldierRecord
from game.rules.zombiekrieg.state import ALLIES, DEAD, EXITED
from game.scenario.model import Scenario


def muster(game: ZombiekriegGame) -> Force:
    """The section as ``game`` ended: every veteran it carried (those who did not play as they were, a
    cut-off man's missed chapter in his history) and every new man, each with this chapter's line."""
    before = carried.read(game.data, game.options)
    force = before.force if before is not None else Force()
    records = {r.id: r for r in AfterAction.from_game(game).soldiers}
    lost = game.state.winner != ALLIES
    title = str(game.scenario.title)
    names: dict[str, str] = getattr(game, "carried_names", {})
    veterans = [_after(v, records.get(v.state["fid"]), game, title, lost) for v in force.veterans]
    seen = {v.state["fid"] for v in force.veterans if v.state["fid"] in names}
    for fid, record in records.items():
        if fid not in seen:
            veterans.append(_recruit(record, game, title, lost, before is not None))
    return Force(tuple(veterans), {**force.pool, "chapters": before.chapter if before else 1})


def next_options(
    scenario: Scenario, options: dict[str, Any], force: Force, carry: frozenset[str]
) -> dict[str, Any]:
    """The chapter's options with the force put in (its sections as the option ``sections``)."""
    data = load_data()
    known = {r.key for r in carried.carry_rules(data)}
    if not carry <= known:
        raise CannotStart(f"Zombiekrieg carries only {', '.join(sorted(known))}, not {', '.join(carry - known)}.")
    if not force.living and not {"replacements"} <= carry:
        raise CannotStart("Nobody of the section is left alive to play this chapter.")
    value = riding(force, carry)
    nations = carried.read(data, {carried.OPTION: value})
    out = {k: v for k, v in options.items() if k not in ("sections", "american_corporal_weapon")}
    return {**out, "sections": list(nations.nations if nations else ()), carried.OPTION: value}


def _after(v: Veteran, record: SoldierRecord | None, game: ZombiekriegGame, title: str, lost: bool) -> Veteran:
    """A veteran as the chapter left him: as he was when he did not play (a cut-off man's missed chapter
    noted), else his GUTS, fate, role and kills of the game."""
    if record is None or v.state["fid"] not in getattr(game, "carried_names", {}):
        if v.dead:
            return v
        return replace(v, history=(*v.history, f"{title}: cut off, missed the chapter"))
    state = {**v.state, **_state_of(record, lost)}
    line = _line(record, game, title, lost)
    return played(
        v, line, record.kills, record.fate == DEAD, name=_name(record), kind=ROLE_NAMES[record.role], state=state
    )


def _recruit(record: SoldierRecord, game: ZombiekriegGame, title: str, lost: bool, green: bool) -> Veteran:
    """A new man of the force: a first chapter's soldier, or a green replacement."""
    state = {"fid": record.id, "nation": record.nation, "weapon": record.weapon, "guts_first": record.guts_start}
    state.update(_state_of(record, lost))
    line = _line(record, game, title, lost)
    if green:  # said first: "killed, joined as a green replacement" read as if he joined after he fell
        line = line.replace(": ", ": joined as a green replacement, ", 1)
    return Veteran(
        record.surname or record.id,
        _name(record),
        record.player - 1,
        ROLE_NAMES[record.role],
        state,
        (line,),
        record.kills,
        record.fate == DEAD,
    )


def _state_of(record: SoldierRecord, lost: bool) -> dict[str, Any]:
    """What a chapter changes in a soldier's state: GUTS, role (a field promotion) and whether he is cut off
    (still on the table when the chapter was lost)."""
    cut_off = lost and record.fate not in (DEAD, EXITED)
    return {"guts": record.guts_end, "role": record.role, "cut_off": cut_off}


def _name(record: SoldierRecord) -> str:
    return f"{ROLE_NAMES[record.role]} {record.surname or record.id}"


def _line(record: SoldierRecord, game: ZombiekriegGame, title: str, lost: bool) -> str:
    """His chapter in a line: ``The Hedgerows: 2 kills, GUTS won 1 lost 2 (now 6), cut off``."""
    won = lost_guts = 0
    for ev in game.log:
        if isinstance(ev, GutsChanged) and ev.figure == record.id:
            won += max(0, ev.new - ev.old)
            lost_guts += max(0, ev.old - ev.new)
    parts = [f"{record.kills} kill{'s' if record.kills != 1 else ''}"]
    parts.append(f"GUTS won {won} lost {lost_guts} (now {record.guts_end})")
    if record.fate == DEAD:
        parts.append("killed")
    elif lost and record.fate != EXITED:
        parts.append("cut off")
    return f"{title}: {', '.join(parts)}"


# what a Zombiekrieg section carries from chapter to chapter (:func:`carried.carry_rules`)
CAMPAIGN = KitCampaign(carried.carry_rules(load_data()), muster, next_options)
