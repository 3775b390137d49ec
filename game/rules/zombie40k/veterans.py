"""A campaign chapter's carried force (rules: Zombie 40,000, "Campaigns" [house]): the teams that come into
the chapter are the veterans of the chapters before, read from the new-game option ``"campaign"``::

    {"campaign": {"force": <Force.to_data()>, "chapter": 2, "carry": ["dead", "wounds", ...]}}

The force's ``pool`` holds each team (``{"teams": [{"player": 1, "unit": "tactical_squad", "power_ups": [...],
"points": 3, "grenades": [...]}], "chapters": 1}``) and each veteran's ``state`` the model as the chapter before
left it (``profile``, ``weapons``, ``rules``, ``unit_rules``, ``sergeant``, ``wounds``, ``wares``). Both are a
save's or a progress file's, so every field is checked against the rules' data before a model is set up.

A team whose every veteran has fallen sits the chapter out; the others play it in the campaign's order, seat 1
the first team still standing. What is rolled between chapters (a wounded veteran's recovery) is rolled by the
new game's dice as it is set up, so it is in its log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.contract import Force, Veteran
from game.rules.core import CannotStart
from game.rules.zombie40k import killing_floor as kf
from game.rules.zombie40k.data import Z40Data
from game.rules.zombie40k.events import VeteransCarried, WoundsRecovered
from game.rules.zombie40k.power_ups import CARRIED, DUCT_TAPE, ORK_PROFILE, SPEED_PACK, TAPE_RULE, WEAPON
from game.rules.zombie40k.state import Model, Unit
from game.rules.zombie40k.team_builder import ModelSpec, Team
from game.rules.zombie40k.world import World
from game.scenario.model import Scenario

OPTION = "campaign"
# what a campaign file's ``carry`` may name (campaign.py words each one)
DEAD, WOUNDS, POWER_UPS, TAPE, KILLING_FLOOR, RESPAWNS = (
    "dead",
    "wounds",
    "power_ups",
    "duct_tape",
    "killing_floor",
    "respawns",
)
CARRY_KEYS = (DEAD, WOUNDS, POWER_UPS, TAPE, KILLING_FLOOR, RESPAWNS)
MAX_LIST, MAX_TEXT, MAX_POINTS = 24, 80, 100_000  # [house] bounds on a hostile progress file's lists and numbers


class ForceError(CannotStart):
    """The carried force is not one this game can set up; the message says which veteran or team, and why."""


@dataclass(frozen=True)
class Chapter:
    """A campaign chapter as the game plays it: the force it came in with, its number, what carries, and which
    of this game's models (by id) is which veteran."""

    force: Force
    number: int
    carry: frozenset[str]
    teams: tuple[dict[str, Any], ...]  # the pool's teams, checked, in the campaign's order
    ids: dict[str, Veteran] = field(default_factory=dict)

    def playing(self, player: int) -> list[Veteran]:
        """The veterans of the campaign's ``player`` (1-based) who play this chapter."""
        return [
            v for v in self.force.veterans if v.player == player - 1 and (DEAD not in self.carry or not v.dead)
        ]

    def seats(self) -> list[dict[str, Any]]:
        """The teams that play this chapter, seat 1 first: every team with someone left to play."""
        return [t for t in self.teams if self.playing(t["player"])]


def read_chapter(data: Z40Data, scenario: Scenario, options: dict[str, Any]) -> Chapter | None:
    """The chapter the options carry a force into, checked (ForceError saying what is wrong); None in a game
    that is no campaign chapter."""
    raw = options.get(OPTION)
    if raw is None:
        return None
    where = f"{scenario.title}: the campaign's carried force"
    if not isinstance(raw, dict):
        raise ForceError(f"{where}: 'campaign' is a table with a 'force', not {str(raw)[:40]!r}")
    if "teams" in options or "players" in options:
        raise ForceError(f"{where}: a campaign chapter plays the force carried over, not 'teams' or 'players'")
    try:
        force = Force.from_data(raw.get("force"))
    except ValueError as exc:
        raise ForceError(f"{where}: {exc}") from None
    number, carry = raw.get("chapter", 2), raw.get("carry", list(CARRY_KEYS))
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 32:
        raise ForceError(f"{where}: 'chapter' is a number from 1 to 32, not {str(number)[:20]!r}")
    if not isinstance(carry, list) or any(c not in CARRY_KEYS for c in carry):
        raise ForceError(f"{where}: 'carry' lists what carries over, of: {', '.join(CARRY_KEYS)}")
    teams = tuple(_team(data, where, i, t) for i, t in enumerate(_pool_teams(force, where), 1))
    keys = [v.key for v in force.veterans]
    if len(set(keys)) != len(keys):
        twice = next(k for k in keys if keys.count(k) > 1)
        raise ForceError(f"{where}: two veterans are both {twice[:MAX_TEXT]!r}; each is one model")
    for number_, v in enumerate(force.veterans, 1):
        _check_veteran(data, f"{where}: veteran {number_} ({v.name[:MAX_TEXT]!r})", v, len(teams))
    chapter = Chapter(force, number, frozenset(carry), teams)
    _check_seats(scenario, where, chapter)
    return chapter


def _pool_teams(force: Force, where: str) -> list[Any]:
    teams = force.pool.get("teams")
    if not isinstance(teams, list) or not 1 <= len(teams) <= 4:
        raise ForceError(f"{where}: its pool needs 'teams', a list of 1 to 4 teams")
    return teams


def _team(data: Z40Data, where: str, player: int, t: Any) -> dict[str, Any]:
    """One team of the pool, checked: its player number, roster unit, power-ups, points and grenades."""
    here = f"{where}: team {player}"
    if not isinstance(t, dict) or t.get("player") != player:
        raise ForceError(f"{here}: a table whose 'player' is {player}")
    if t.get("unit") not in data.units:
        raise ForceError(f"{here}: no unit {str(t.get('unit'))[:MAX_TEXT]!r} in the roster")
    items, points, grenades = t.get("power_ups", []), t.get("points", 0), t.get("grenades", [])
    if not _keys(items, CARRIED) or items.count(SPEED_PACK) > data.house.speed_pack_max:
        raise ForceError(f"{here}: 'power_ups' lists at most {MAX_LIST} of: {', '.join(CARRIED)}")
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MAX_POINTS:
        raise ForceError(f"{here}: 'points' is a number from 0 to {MAX_POINTS}")
    if not _keys(grenades, kf.Shop.of(data).grenade_names):
        raise ForceError(f"{here}: 'grenades' lists the shop's grenades")
    return {"player": player, "unit": t["unit"], "power_ups": list(items), "points": points, "grenades": grenades}


def _keys(values: Any, known: Any) -> bool:
    """Whether ``values`` is a short list of known keys."""
    return isinstance(values, list) and len(values) <= MAX_LIST and all(v in known for v in values)


def player_profiles(data: Z40Data) -> set[str]:
    """The profiles a team's model may have: the roster's troopers, sergeants and upgrades, and the Ork Boy."""
    out = {ORK_PROFILE}
    for u in data.units.values():
        out.add(u.model)
        if u.sergeant is not None:
            out |= {u.sergeant.profile, *(o.profile for o in u.sergeant.options if o.profile)}
    return out


def _known_rules(data: Z40Data) -> set[str]:
    return {*data.usrs, *TAPE_RULE.values(), *(r for u in data.units.values() for r in u.rules)}


def _check_veteran(data: Z40Data, here: str, v: Veteran, teams: int) -> None:
    """A veteran's state, every field of its kind and known to the rules (ForceError when not)."""
    s = v.state
    if not all(0 < len(text) <= MAX_TEXT and text.isprintable() for text in (v.key, v.name, v.kind)):
        raise ForceError(f"{here}: 'key', 'name' and 'kind' are one line of at most {MAX_TEXT} characters")
    if not 0 <= v.player < teams:
        raise ForceError(f"{here}: 'player' {v.player} has no team in the pool")
    if s.get("profile") not in player_profiles(data):
        raise ForceError(f"{here}: 'profile' {str(s.get('profile'))[:MAX_TEXT]!r} is no team model's")
    if not _keys(s.get("weapons"), data.weapons) or not _keys(s.get("wares", []), data.weapons):
        raise ForceError(f"{here}: 'weapons' and 'wares' list the rules' weapons")
    rules = _known_rules(data)
    if not _keys(s.get("rules", []), rules) or not _keys(s.get("unit_rules", []), rules):
        raise ForceError(f"{here}: 'rules' and 'unit_rules' list special rules the game knows")
    wounds, most = s.get("wounds"), data.profile(s["profile"]).w
    if not isinstance(wounds, int) or isinstance(wounds, bool) or not (0 if v.dead else 1) <= wounds <= most:
        raise ForceError(f"{here}: 'wounds' is a number from 1 to {most} (his profile's)")
    if not isinstance(s.get("sergeant", False), bool):
        raise ForceError(f"{here}: 'sergeant' is true or false")


def _check_seats(scenario: Scenario, where: str, chapter: Chapter) -> None:
    seats = len(chapter.seats())
    low = int(scenario.properties.get("players_min", 1))
    top = min(4, int(scenario.properties.get("players_max", 4)))
    if seats == 0:
        raise ForceError(f"{where}: nobody is left alive to play {scenario.title}")
    if not low <= seats <= top:
        raise ForceError(f"{where}: {seats} teams are left; {scenario.title} takes {low} to {top} players")


# -- the teams and their models ----------------------------------------------------------------------------


def teams_of(data: Z40Data, chapter: Chapter) -> list[Team]:
    """The chapter's teams, one a seat, each model a veteran as the chapter before left him (what does not
    carry taken off); the veterans are numbered to this game's model ids (``chapter.ids``)."""
    out = []
    for seat, t in enumerate(chapter.seats(), 1):
        vets = chapter.playing(t["player"])
        chapter.ids.update({f"p{seat}-{k}": v for k, v in enumerate(vets, 1)})
        specs = tuple(_spec(v, chapter.carry) for v in vets)
        out.append(Team(data.units[t["unit"]], specs, 0.0, {"unit": t["unit"]}))
    return out


def kept_weapons(weapons: list[str], carry: frozenset[str]) -> tuple[str, ...]:
    """A veteran's weapons as they carry: a power-up's weapon only when power-ups carry."""
    given = set(WEAPON.values())
    return tuple(w for w in weapons if POWER_UPS in carry or w not in given)


def _spec(v: Veteran, carry: frozenset[str]) -> ModelSpec:
    s = v.state
    rules = tuple(r for r in s.get("rules", []) if TAPE in carry or r not in TAPE_RULE.values())
    return ModelSpec(
        s["profile"],
        kept_weapons(s["weapons"], carry),
        rules,
        tuple(s.get("unit_rules", [])),
        bool(s.get("sergeant", False)),
    )


# -- setting them up -----------------------------------------------------------------------------------------


def set_up(world: World, chapter: Chapter) -> None:
    """The carried state on the deployed squads (after Killing Floor's kit): wounds and the roll to heal,
    the team's power-ups, its Killing Floor points, grenades and wares; each team's coming logged."""
    for seat, t in enumerate(chapter.seats(), 1):
        squad = world.state.squad_of(seat)
        _team_on(world, squad, t, chapter)
        for fid in squad.models:
            _veteran_on(world, world.state.models[fid], chapter.ids[fid], chapter)


def _veteran_on(world: World, m: Model, v: Veteran, chapter: Chapter) -> None:
    """One veteran's wounds (rolled for when wounded) and Killing Floor wares on his model."""
    st = world.state
    if kf.killing_floor_on(st):
        if KILLING_FLOOR in chapter.carry:
            m.weapons = kept_weapons(v.state["weapons"], chapter.carry)
            st.kf_wares[m.id] = list(v.state.get("wares", []))
        else:  # the shop's kit again, and the power-up weapons he was given
            m.weapons = (*kf.Shop.of(world.data).start_wargear, *kept_weapons(_given(v), chapter.carry))
    wounds = v.state["wounds"]
    if WOUNDS in chapter.carry and 0 < wounds < m.wounds:
        need = world.data.house.campaign_heal
        roll = world.d6(f"{m.id} recovery between chapters")
        healed = roll >= need
        m.wounds = m.wounds if healed else wounds
        world.emit(WoundsRecovered(m.id, roll, need, m.wounds, healed))


def _given(v: Veteran) -> list[str]:
    return [w for w in v.state["weapons"] if w in WEAPON.values()]


def _team_on(world: World, squad: Unit, t: dict[str, Any], chapter: Chapter) -> None:
    st = world.state
    if POWER_UPS in chapter.carry:
        squad.power_ups = [k for k in t["power_ups"] if TAPE in chapter.carry or k != DUCT_TAPE]
    points = 0
    if kf.killing_floor_on(st) and KILLING_FLOOR in chapter.carry:
        points = st.kf_points[str(squad.player)] = t["points"]
        st.kf_grenades[squad.id] = list(t["grenades"]) or list(kf.Shop.of(world.data).start_grenades)
    world.emit(
        VeteransCarried(
            squad.id, squad.player, chapter.number, tuple(squad.models), tuple(squad.power_ups), points
        )
    )
