"""Zombie 40,000 campaigns (rules: Zombie 40,000, "Campaigns"): what each team carries from one chapter to the
next, the force mustered from a finished chapter, and the next chapter's options (:mod:`.veterans` sets the
carried models up in the new game).

A veteran is one model of a team, known by his name in the chapter he first played (``names.py``); his
history has a line a chapter. The squad's wounds are pooled (7th edition), so the rules know who died but not
whose shot killed: a veteran's history tells his squad's kills in each chapter he fought, and his own
count stays 0 [house].

>>> [r.key for r in CAMPAIGN.carries]
['dead', 'wounds', 'power_ups', 'duct_tape', 'killing_floor', 'respawns']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.assets import data_file
from game.rules.contract import CarryRule, Force, Veteran
from game.rules.kit.campaign import KitCampaign
from game.rules.kit.data import typed
from game.rules.zombie40k import killing_floor as kf
from game.rules.zombie40k import power_ups
from game.rules.zombie40k.data import Z40House, load_data, load_toml
from game.rules.zombie40k.events import PowerUpGained, PowerUpLost, PowerUpRolled, PowerUpUsed
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.names import names_of
from game.rules.zombie40k.state import ALIVE, EMBARKED, PLAYERS, Model, Unit
from game.rules.zombie40k.veterans import CARRY_KEYS, OPTION, Chapter, read_chapter
from game.scenario.model import Scenario


def carry_rules(heal: int) -> tuple[CarryRule, ...]:
    """What carries over, in the rules help's words, in :data:`.veterans.CARRY_KEYS` order; ``heal``: the
    D6 a wounded model needs between chapters (the ``campaign_heal`` house value)."""
    return (
        CarryRule(
            "dead",
            "The dead stay dead: each team's models alive or aboard the escape vehicle when a chapter ends carry "
            "on into the next with their weapons and special rules; a model killed and not brought back by the "
            "end never plays again. A team whose every model has fallen sits out the rest of the campaign.",
        ),
        CarryRule(
            "wounds",
            "Wounds carry: a model starts the next chapter with the wounds it had left, unless it heals: "
            f"between chapters each wounded model rolls a D6 and on {heal}+ has all its wounds back "
            "(the roll is the new chapter's first).",
        ),
        CarryRule(
            "power_ups",
            "Power-ups are kept permanently, until you die: the items a team carries (Chainsaw, Shotgun, "
            "Medpack, Speed Pack, Defibrillator) and the weapons given to its models go with it into the next "
            "chapter, and the Ork Boy who tagged along stays while he lives; a wiped-out team loses them. "
            "Power-ups at work for a turn (Zombie Bile, Banana Peel, the Shades, the Blessing) end with the chapter.",
            house=False,
        ),
        CarryRule(
            "duct_tape",
            "Duct Tape stays where it was taped: a model's +1 Attack or +1 shot carries with him, and a roll "
            "of tape not yet used carries with the team.",
        ),
        CarryRule(
            "killing_floor",
            "Killing Floor: a team's unspent points, its grenades and the weapons its models bought in the "
            "shop carry into the next chapter that plays the mod (half back on selling, as ever); weapons "
            "bought in the team builder always stay in hand.",
        ),
        CarryRule(
            "respawns",
            "Respawns: in each chapter a wiped-out team respawns as the rules say, with the models it brought "
            "into that chapter (never the fallen of an earlier one), at full wounds and without its "
            "power-ups. Left out of a campaign, a team wiped out in a later chapter stays out of it.",
        ),
    )


def next_options(
    scenario: Scenario, options: dict[str, Any], force: Force, carry: frozenset[str]
) -> dict[str, Any]:
    """The chapter's own options with the force under ``"campaign"`` (its teams are the force's, so
    ``teams`` and ``players`` go); CannotStart when nobody is left or the map takes fewer teams."""
    out = {k: v for k, v in options.items() if k not in ("teams", "players", OPTION)}
    number = int(force.pool.get("chapters", 1)) + 1
    out[OPTION] = {"force": force.to_data(), "chapter": number, "carry": [k for k in CARRY_KEYS if k in carry]}
    read_chapter(load_data(), scenario, out)  # refuses now what the new game would refuse
    return out


# -- mustering ---------------------------------------------------------------------------------------------


def muster(game: Zombie40kGame) -> Force:
    """Every veteran who came into ``game`` as it left him, those who sat it out as they were, and each model
    new to the campaign (the first chapter's, an Ork Boy who joined) as a new veteran; the teams' pool."""
    chapter: Chapter | None = game.world.chapter
    seats = _seat_players(game, chapter)
    ids = dict(chapter.ids) if chapter is not None else {}
    played = {v.key: fid for fid, v in ids.items()}
    names = names_of(game)
    old = list(chapter.force.veterans) if chapter is not None else []
    out = [_mustered(game, game.state.models[played[v.key]], v, v.player) if v.key in played else v for v in old]
    used = {v.key for v in out}
    for squad in game.state.squads():
        for fid in squad.models:
            if fid not in ids:
                key = _unique(names.figure(fid), used)
                new = Veteran(key, key, seats[squad.player] - 1, _kind(game, game.state.models[fid]))
                out.append(_mustered(game, game.state.models[fid], new, new.player))
    return Force(tuple(out), {"teams": _teams(game, chapter, seats), "chapters": _chapters(chapter)})


def _chapters(chapter: Chapter | None) -> int:
    return chapter.number if chapter is not None else 1


def _seat_players(game: Zombie40kGame, chapter: Chapter | None) -> dict[int, int]:
    """Each seat of this game (1-based) to the campaign's player (1-based) who played it."""
    if chapter is None:
        return {p: p for p in game.state.players}
    return {seat: t["player"] for seat, t in enumerate(chapter.seats(), 1)}


def _unique(key: str, used: set[str]) -> str:
    """A new veteran's key (his name) never one the force already has."""
    out, n = key, 1
    while out in used:
        n += 1
        out = f"{key} ({n})"
    used.add(out)
    return out


def _kind(game: Zombie40kGame, m: Model) -> str:
    return str(game.data.profile(m.profile).name)


def _alive(game: Zombie40kGame, m: Model) -> bool:
    """Whether the model comes out of the chapter: alive or aboard, still his team's (not risen in a horde)."""
    return m.state in (ALIVE, EMBARKED) and m.side == PLAYERS and m.unit in game.state.units


def _mustered(game: Zombie40kGame, m: Model, v: Veteran, player: int) -> Veteran:
    """``v`` as the chapter left his model ``m``: his state, the dead marked, this chapter's history line."""
    st, alive = game.state, _alive(game, m)
    wares = st.kf_wares.get(m.id, []) if kf.killing_floor_on(st) else v.state.get("wares", [])
    state = {
        "profile": m.profile,
        "weapons": list(m.weapons),
        "rules": list(m.rules),
        "unit_rules": list(m.unit_rules),
        "sergeant": m.sergeant,
        "wounds": m.wounds if alive else 0,
        "wares": list(wares) if alive else [],
    }
    kills = st.kills.get(m.unit, 0)
    line = history_line(game, m, alive, kills)
    return Veteran(v.key, v.name, player, v.kind, state, (*v.history, line), v.kills, not alive)


def history_line(game: Zombie40kGame, m: Model, alive: bool, kills: int) -> str:
    """One chapter in a veteran's history: "Landing Pad: aboard; 1 of 2 wounds left; squad kills 9;
    power-ups won: Medpack; given the Chainsaw"."""
    fate = "aboard" if m.state == EMBARKED else "came through" if alive else "killed"
    if m.side != PLAYERS:
        fate = "killed, and rose with the horde"  # (Dead Men Walking)
    parts = [fate]
    most = game.data.profile(m.profile).w
    if alive and m.wounds < most:
        parts.append(f"{m.wounds} of {most} wounds left")
    if alive and m.weapons:  # what he carries on (a newcomer found no weapon on the campaign screen)
        parts.append("carries " + ", ".join(game.data.weapon(w).name for w in m.weapons))
    parts.append(f"squad kills {kills}")
    won = won_record(game, m.unit)
    if won:
        parts.append(f"power-ups won: {', '.join(won)}")
    given = [
        e.key for e in game.log if isinstance(e, PowerUpUsed) and e.figure == m.id and e.key in power_ups.GIVEN
    ]
    if given:
        parts.append("given " + ", ".join(power_ups.name_of(game.world, k) for k in given))
    return f"{game.scenario.title}: {'; '.join(parts)}"


USED_UP = (power_ups.MEDPACK, power_ups.DEFIBRILLATOR, power_ups.SPEED_PACK)  # gone once used


def won_record(game: Zombie40kGame, unit: str) -> list[str]:
    """The power-ups a squad won this chapter, each marked with its fate unless it is still held at the end:
    ``["Medpack (used)", "Chainsaw (lost)", "Shotgun"]`` (the record listed items lost with a wiped-out
    team as if they were carried on)."""
    entries: list[list[str]] = []  # [name, key, fate], in the order won
    refused = ""  # a roll whose power-up never came (no room for the Ork Boy, a second Speed Pack)
    spent: Counter[str] = Counter()  # a used Speed Pack's effect, which ends with a loss of its own
    for e in (e for e in game.log if getattr(e, "unit", None) == unit):
        if isinstance(e, PowerUpRolled) and e.kept:
            refused = e.key
        elif isinstance(e, PowerUpGained):
            refused = ""
            entries.append([e.name, e.key, ""])
        elif isinstance(e, PowerUpUsed) and e.key in USED_UP:
            _mark(entries, e.key, "used")
            spent[e.key] += e.key == power_ups.SPEED_PACK
        elif isinstance(e, PowerUpLost):
            for key in e.keys:
                if key == refused:
                    refused = ""
                elif spent[key]:
                    spent[key] -= 1
                elif key in (*power_ups.CARRIED, power_ups.ORK_BOY):
                    _mark(entries, key, "lost")
    return [name + (f" ({fate})" if fate else "") for name, _, fate in entries]


def notes(force: Force, carry: frozenset[str]) -> tuple[str, ...]:
    """What each team carries into the next chapter besides its models: its power-ups (the models' history
    lines tell what each squad won and lost, but not what it holds now).

    >>> notes(Force((), {"teams": [{"player": 1, "unit": "tactical_squad", "power_ups": ["medpack"]}]}),
    ...       frozenset({"power_ups"}))
    ('Tactical Squad carries on with: Medpack.',)
    """
    teams = force.pool.get("teams", [])
    if "power_ups" not in carry or not teams:
        return ()
    data = load_data()
    names = {e["key"]: e["name"] for e in data.power_up_table.values()}
    out = []
    for team in teams:
        held = [names.get(k, k) for k in team.get("power_ups", [])]
        unit = data.units.get(team.get("unit", ""))
        who = unit.name if unit is not None else "The team"
        if len(teams) > 1:
            who += f" (player {team.get('player', '?')})"
        if held:
            out.append(f"{who} carries on with: {', '.join(held)}.")
    return tuple(out)


def _mark(entries: list[list[str]], key: str, fate: str) -> None:
    """The earliest power-up of ``key`` still held meets its ``fate``."""
    for entry in entries:
        if entry[1] == key and not entry[2]:
            entry[2] = fate
            return


def _teams(game: Zombie40kGame, chapter: Chapter | None, seats: dict[int, int]) -> list[dict[str, Any]]:
    """The pool's teams after the chapter: those that played as they ended it, the others as they were."""
    st = game.state
    by_player = {seats[u.player]: u for u in st.squads()}
    before = {t["player"]: t for t in chapter.teams} if chapter is not None else {}
    out = []
    for player in sorted({*before, *by_player}):
        squad = by_player.get(player)
        out.append(_team(game, squad, before.get(player)) if squad is not None else before[player])
    return out


def _team(game: Zombie40kGame, squad: Unit, before: dict[str, Any] | None) -> dict[str, Any]:
    st = game.state
    was = before or {"points": 0, "grenades": []}
    on = kf.killing_floor_on(st)
    return {
        "player": before["player"] if before else squad.player,
        "unit": squad.entry,
        "power_ups": list(squad.power_ups),
        "points": kf.points(st, squad.player) if on else was["points"],
        "grenades": list(st.kf_grenades.get(squad.id, [])) if on else was["grenades"],
    }


# Zombie 40,000's CampaignRules; what carries by the shipped house values alone: the whole data (and the
# player's roster) is read when a game asks
_SHIPPED = typed(Z40House, load_toml(data_file("zombie40k.toml"))["house"], "house", "zombie40k.toml")
CAMPAIGN = KitCampaign(carry_rules(_SHIPPED.campaign_heal), muster, next_options, notes)
