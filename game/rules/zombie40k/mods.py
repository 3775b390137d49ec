"""Mods (rules: "Zombie 40,000: Mods" [seed]): switches of the new-game set-up, any of them together.

The set-up's options carry ``"mods": [id, ...]``; the game keeps them in ``Z40State.mods`` (so a save, which
replays its options, and the state's JSON both hold them). Every number is in ``[mods.<id>]`` of
``zombie40k.toml``; the seed's copy lost most digits, so most are house values, shown in the set-up.

- ``coop`` Coop Mode: no shooting at or assaulting each other; a horde's respawn 6 deep strikes in front of the
  team closest to the vehicle; once a team is within 8" of the vehicle every horde respawns on the vehicle's
  edge; a team wiped out within 12" [house] of the vehicle is out for good; the vehicle may not be embarked
  while the Zombie Boss stands. The players win together (winner ``players``) once every team still in the game
  has a model aboard the escape vehicle (:func:`coop_won`); until then those aboard fire from it.
  (The furthest player may not roll twice on the Power-up table: :func:`furthest_may_roll_twice`.)
- ``four_weeks_later``: zombies lose Feel No Pain, gain Furious Charge and Rage, and shamble 3D6 keeping the
  two highest [house dice]. (The source's two columns put this text under Coop Mode's list; every other mod's
  text follows its own heading and Four Weeks Later has no other, so it is Four Weeks Later's.)
- ``dead_men_walking``: a team's model killed by a horde's blows (or caught by its Sweeping Advance) joins that
  horde (its rules and wargear, Feel No Pain) and loses the power-ups given to it (a Chainsaw, a Shotgun, Duct
  Tape); what the team carries stays with the team.
- ``death_korps_zombies``: zombies start at T4 FNP 5+; each respawn of a horde +1 T and FNP one better, to T6 3+.
- ``every_man_for_himself``: a team within 6" of another at the start of its turn rolls a D6; on 4+ it cannot
  move, shoot, run or charge that turn [house numbers].
- ``hardcore``: no Universal Special Rule, never power-ups (:func:`may_gain_power_ups`), one respawn only.
- ``instant_death``: no respawning.
- ``t_virus``: horde zombies T4 FNP 4+ [house].
- ``patriarch`` (Zombie Boss Alternatives): the Boss is a Patriarch with an assault cannon and a krak missile
  launcher (It Will Not Die regains a wound on 5+ at the end of the zombie turn); his profile is the copy's
  reading (Ld 10, no armour save, the lost digits 1-6 the house's), or the 7th-edition codex numbers with
  ``profile = "patriarch_codex"`` in the mod's table.
- ``killing_floor``: listed here; its shop and points are another module's (:mod:`.killing_floor`).
- ``lore_friendly``: advice only, no rules effect.

The mods plug into the core through :class:`Mods`, the plug-in a game with any mod plays (:mod:`.hooks`);
each answer checks its own mod (``has_mod``).

Zombie profiles change once, when the game starts (:func:`adjust_data`); T-Virus and Death Korps Zombies give
the horde zombies their Toughness and Feel No Pain after Four Weeks Later takes Feel No Pain away [house: the
mod that names a Feel No Pain grants it].
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.rules.core import DiceRolled, quoted
from game.rules.zombie40k.data import Profile, Z40Data
from game.rules.zombie40k.events import (
    JoinedHorde,
    OutForGood,
    WatchingForBetrayal,
    ZombiesHardened,
)
from game.rules.zombie40k.hooks import Plugin, register
from game.rules.zombie40k.state import BOSS, HORDE, PLAYERS, ZOMBIES, Model, Phase, Unit
from game.rules.zombie40k.turn import game_over
from game.rules.zombie40k.zombie_turn import it_will_not_die

if TYPE_CHECKING:
    from game.rules.zombie40k.world import World

MOD_IDS = (
    "coop",
    "four_weeks_later",
    "dead_men_walking",
    "death_korps_zombies",
    "every_man_for_himself",
    "hardcore",
    "instant_death",
    "t_virus",
    "patriarch",
    "killing_floor",
    "lore_friendly",
)
DEATH_KORPS = "zombie_death_korps_"  # + level: the profile of a horde that respawned that many times
HORDE_PROFILES = ("zombie",)  # the horde zombies' own profile (a Dead Man Walking keeps his)


# -- which mods --------------------------------------------------------------------------------------


def mods_of(world_or_state: Any) -> list[str]:
    """The mods of a game, a world or a state."""
    x = world_or_state
    for _ in range(3):
        found = getattr(x, "mods", None)
        if isinstance(found, list):
            return found
        x = getattr(x, "state", None)
        if x is None:
            break
    return []


def has_mod(world_or_state: Any, mod_id: str) -> bool:
    """Whether the mod ``mod_id`` is switched on in this game (a game, its world or its state)."""
    return mod_id in mods_of(world_or_state)


def scenario_mods(scenario: Any) -> list[str]:
    """The mods a scenario turns on by default (its map property ``mods``, "coop,t_virus"; ``check`` has
    refused unknown ids). A game's ``"mods"`` option, even an empty list, overrides them.

    >>> from types import SimpleNamespace
    >>> scenario_mods(SimpleNamespace(properties={"mods": " t_virus, coop"}))
    ['coop', 't_virus']
    """
    given = scenario.properties.get("mods", "")
    names = given if isinstance(given, (list, tuple)) else str(given or "").split(",")
    wanted = {str(n).strip() for n in names}
    return [m for m in MOD_IDS if m in wanted]


def check_mods(data: Z40Data, options: dict[str, Any]) -> list[str]:
    """The ``"mods"`` option as a list of known mod ids, in the table's order; refused with the known ones."""
    from game.rules.zombie40k.setup import OptionsError

    given = options.get("mods", [])
    if given is None:
        return []
    if not isinstance(given, list) or not all(isinstance(m, str) for m in given):
        raise OptionsError(f'"mods" is a list of mod ids, not {quoted(given)}; known: {", ".join(MOD_IDS)}')
    for m in given:
        if m not in MOD_IDS or m not in data.mods:
            raise OptionsError(f"there is no mod {quoted(m)}; known: {', '.join(MOD_IDS)}")
    return [m for m in MOD_IDS if m in given]


def value(data: Z40Data, mod_id: str, key: str) -> Any:
    """A number of a mod's table."""
    return data.mods[mod_id][key]


def name_of(data: Z40Data, mod_id: str) -> str:
    return str(data.mods.get(mod_id, {}).get("name", mod_id))


def house_values(data: Z40Data, mod_id: str) -> str:
    """The mod's numbers as the set-up shows them (its ``show`` line with the table's values)."""
    t = data.mods.get(mod_id, {})
    text = str(t.get("show", "")).format(**t)
    if mod_id == "patriarch":
        key = str(t.get("profile", "patriarch"))
        p = data.profile(key)
        weapons = ", ".join(data.weapon(w).name for w in t.get("weapons", ()))
        whose = (
            "the 7th-edition codex numbers"
            if key != "patriarch"
            else "Ld 10 and no armour save as in the copy; the house chose the digits it lost"
        )
        text = f"{p.name} {profile_line(p)} ({whose}); {weapons}; {text}"
    return text


def profile_line(p: Profile) -> str:
    """A profile as a 40k player reads it: "WS6 BS4 S5 T5 W4 I6 A5 Ld10 Sv- FNP 5+"."""
    sv = f"{p.sv}+" if p.sv else "-"
    inv = f" {p.inv}++" if p.inv else ""
    fnp = f" FNP {p.fnp}+" if p.fnp else ""
    return f"WS{p.ws} BS{p.bs} S{p.s} T{p.t} W{p.w} I{p.i} A{p.a} Ld{p.ld} Sv{sv}{inv}{fnp}"


def describe(data: Z40Data, mod_id: str) -> str:
    """The mod's summary and its house values, one paragraph (the set-up's help for its switch)."""
    t = data.mods.get(mod_id, {})
    values = house_values(data, mod_id)
    return str(t.get("summary", "")) + (f" House values: {values}." if values else "")


# -- the zombies' profiles (T-Virus, Death Korps Zombies, Four Weeks Later, the Patriarch) ------------------


def _best_fnp(a: int, b: int) -> int:
    """The better of two Feel No Pain rolls (0 = none)."""
    return min(x for x in (a, b) if x) if (a or b) else 0


def _add_rules(p: Profile, *rules: str) -> Profile:
    return replace(p, rules=tuple(dict.fromkeys((*p.rules, *rules))))


def adjust_data(data: Z40Data, mods: list[str]) -> Z40Data:
    """The game's tables with the mods' zombie profiles and the Patriarch's wargear (unchanged without mods)."""
    if not mods:
        return data
    profiles = dict(data.profiles)
    zombies = dict(data.zombies)
    z, boss = profiles["zombie"], profiles["zombie_boss"]
    if "patriarch" in mods:
        t = data.mods["patriarch"]
        boss = replace(profiles[str(t["profile"])], key="zombie_boss")
        zombies["boss_weapons"] = list(t["weapons"])
    if "four_weeks_later" in mods:  # lose Feel No Pain, gain Furious Charge and Rage [seed]
        z = _add_rules(replace(z, fnp=0), "Furious Charge", "Rage")
        boss = _add_rules(replace(boss, fnp=0), "Furious Charge", "Rage")
    if "t_virus" in mods:
        t = data.mods["t_virus"]
        z = replace(z, t=int(t["t"]), fnp=int(t["fnp"]))
    if "death_korps_zombies" in mods:
        t = data.mods["death_korps_zombies"]
        z = replace(z, t=max(z.t, int(t["start_t"])), fnp=_best_fnp(z.fnp, int(t["start_fnp"])))
        level, prev = 1, z
        while True:
            nxt = replace(
                prev,
                key=f"{DEATH_KORPS}{level}",
                name=f"Zombie (Death Korps {level})",
                t=min(int(t["max_t"]), max(prev.t, z.t + level * int(t["step_t"]))),
                fnp=_best_fnp(prev.fnp, max(int(t["max_fnp"]), (z.fnp or 7) - level * int(t["step_fnp"]))),
            )
            if (nxt.t, nxt.fnp) == (prev.t, prev.fnp) or level > 10:
                break
            profiles[nxt.key] = nxt
            level, prev = level + 1, nxt
    profiles["zombie"], profiles["zombie_boss"] = z, boss
    return replace(data, profiles=profiles, zombies=zombies)


def harden(world: World, horde: Unit) -> None:
    """Death Korps Zombies: a horde that respawned comes back one level tougher, to the maximum [seed]."""
    if not has_mod(world, "death_korps_zombies"):
        return
    changed = None
    for fid in horde.models:
        m = world.state.models[fid]
        if m.profile in HORDE_PROFILES:
            level = 0
        elif m.profile.startswith(DEATH_KORPS):
            level = int(m.profile[len(DEATH_KORPS) :])
        else:
            continue  # a Dead Man Walking keeps his own profile
        nxt = f"{DEATH_KORPS}{level + 1}"
        if nxt in world.data.profiles:
            m.profile = nxt
        changed = world.data.profile(m.profile)
    if changed is not None:
        world.emit(ZombiesHardened(horde.id, changed.t, changed.fnp))


# -- the shamble (Four Weeks Later) -------------------------------------------------------------------


def shamble_roll(world: World) -> int | None:
    """The zombies' shamble under Four Weeks Later: 3D6 [house: the digit was lost] keeping the two highest
    [seed]; None without it (the core's D6 [seed])."""
    if not has_mod(world, "four_weeks_later"):
        return None
    d = world.data
    n = int(value(d, "four_weeks_later", "shamble_dice"))
    keep = min(n, int(value(d, "four_weeks_later", "shamble_keep")))
    faces = world.d6s(n, "zombie shamble", "")
    total = sum(sorted(faces, reverse=True)[:keep])
    world.emit(
        DiceRolled(
            "zombie shamble",
            f"{n}D6",
            tuple(faces),
            total,
            f"{n}D6 keep the {keep} highest: {faces} -> {total}" if keep < n else f"{n}D6 = {total}",
        )
    )
    return total


# -- Coop Mode -----------------------------------------------------------------------------------------


NO_PVP = "Coop Mode: the players work together and may not shoot at or assault each other."


def pvp_refused(world: World, unit: Unit, target: Unit) -> str:
    """Why a player's squad may not shoot at or charge another player's (Coop Mode), else ""."""
    if has_mod(world, "coop") and unit.side == PLAYERS and target.side == PLAYERS and unit.id != target.id:
        return NO_PVP
    return ""


def boss_alive(world: World) -> bool:
    return any(world.alive(u) for u in world.state.units.values() if u.kind == BOSS)


def embark_refused(world: World, m: Model) -> str:
    """Why a player's model by the vehicle may not embark yet (Coop Mode: the Zombie Boss still stands)."""
    if has_mod(world, "coop") and boss_alive(world):
        return "Coop Mode: the escape vehicle may not be embarked until the Zombie Boss is dead."
    return ""


def embark_waiting(world: World, squad: Unit) -> None:
    """Coop Mode [house]: at the start of its turn a model already by the vehicle, kept out while the Boss
    stood, embarks now that the Boss is dead (it need not step away and back)."""
    if not has_mod(world, "coop") or boss_alive(world) or world.state.winner:
        return
    from game.rules.zombie40k.movement import check_embark

    for m in sorted(world.alive(squad), key=lambda m: (world.vehicle_distance(m.position, m.radius), m.id)):
        if check_embark(world, m) and world.state.winner:
            return


def coop_won(world: World) -> bool:
    """Coop Mode: the players win together when every team still in the game has a model aboard the escape
    vehicle [seed: the standard game is won by the first team to embark "with at least one model", and in Coop
    Mode the players achieve that victory together]. A team out for good (it may not respawn) no longer
    counts; a wiped-out team that will respawn still has to get there."""
    squads = world.state.squads()
    aboard = [u for u in squads if world.aboard(u)]
    waiting = [u for u in squads if not world.aboard(u) and (world.alive(u) or not out_for_good(world, u))]
    return bool(aboard) and not waiting


def winner_of(world: World, m: Model) -> tuple[str, str]:
    """Who wins when ``m`` embarks, and the reason: in Coop Mode every player together (``players``) once every
    team still in the game is aboard (until then nobody: ``""``)."""
    name = world.state.units[m.unit].name
    if has_mod(world, "coop"):
        if not coop_won(world):
            return "", ""
        return (
            "players",
            f"{name} (player {m.player}) reached the escape vehicle: every team is aboard, the players win "
            "together (Coop Mode)",
        )
    return f"player {m.player}", f"{name} (player {m.player}) reached the escape vehicle"


def coop_last_team_fell(world: World, squad: Unit) -> None:
    """Coop Mode: a team wiped out for good while the others are all aboard leaves them the win."""
    if not has_mod(world, "coop") or world.state.winner or not any(world.aboard(u) for u in world.state.squads()):
        return
    if out_for_good(world, squad) and coop_won(world):
        game_over(
            world,
            "players",
            f"{squad.name} (player {squad.player}) fell for good and every other team is aboard: the players win "
            "together (Coop Mode)",
        )


def coop_lift_off(world: World) -> tuple[str, str] | None:
    """Coop Mode at the turn limit [house]: the vehicle lifts off with whoever is aboard; with a team aboard
    (``lift_off_wins``) the players win together, the teams left outside lost; with none, the zombies win."""
    st = world.state
    aboard = [u for u in st.squads() if world.aboard(u)]
    if not has_mod(world, "coop") or not aboard:
        return None
    if not value(world.data, "coop", "lift_off_wins"):
        return "zombies", f"not every team reached the escape vehicle in {st.turn_limit} turns"
    names = ", ".join(f"{u.name} (player {u.player})" for u in aboard)
    return (
        "players",
        f"the escape vehicle lifted off after {st.turn_limit} turns with {names} aboard: the players win "
        "together (Coop Mode)",
    )


def note_vehicle_reach(world: World) -> None:
    """Coop Mode: mark every team now within 8" of the vehicle (checked at the start of each player's turn
    and of the zombies' respawning)."""
    if not has_mod(world, "coop"):
        return
    reach = float(value(world.data, "coop", "vehicle_edge_reach"))
    for u in world.state.squads():
        if not u.came_near_vehicle and world.alive(u) and world.unit_vehicle_distance(u) <= reach + 1e-9:
            u.came_near_vehicle = True


def vehicle_edge_forced(world: World) -> bool:
    """Coop Mode: once any team has come within 8" of the vehicle, every respawning horde comes on the
    vehicle's edge [seed]."""
    if not has_mod(world, "coop"):
        return False
    note_vehicle_reach(world)
    return any(u.came_near_vehicle for u in world.state.squads())


def drop_leader(world: World, squads: list[Unit]) -> Unit | None:
    """Coop Mode's respawn 6: the horde drops in front of the team closest to the vehicle."""
    return min(squads, key=lambda u: (world.unit_vehicle_distance(u), u.id), default=None)


def furthest_may_roll_twice(world: Any) -> bool:
    """Whether the player furthest from the vehicle may roll twice on the Power-up table (not in Coop Mode)."""
    return not has_mod(world, "coop")


# -- respawning (Instant Death, Hardcore Mode, Coop Mode) ------------------------------------------------


def respawn_refused(world: World, squad: Unit) -> str:
    """Why a wiped-out squad may not respawn, else ""."""
    if not squad.models:
        return "every model of the team joined the horde (Dead Men Walking)"
    if has_mod(world, "instant_death"):
        return "Instant Death: players may not respawn"
    chapter = getattr(world, "chapter", None)  # a campaign chapter (veterans.py)
    if chapter is not None and "respawns" not in chapter.carry:
        return "this campaign's teams do not respawn: the fallen stay fallen"
    if has_mod(world, "hardcore") and squad.respawns >= int(value(world.data, "hardcore", "respawns")):
        return "Hardcore Mode: a team respawns only once"
    if has_mod(world, "coop"):
        ban = float(value(world.data, "coop", "respawn_ban"))
        fell = min(
            (world.vehicle_distance(world.state.models[f].position) for f in squad.models), default=math.inf
        )
        if fell <= ban + 1e-9:
            return f'Coop Mode: the team died within {ban:g}" of the escape vehicle'
    return ""


def out_for_good(world: World, squad: Unit) -> bool:
    """Whether a wiped-out squad stays out of the game; the first time, the reason is kept and logged."""
    if squad.out_for_good:
        return True
    if not squad.wiped_out or world.alive(squad):
        return False
    why = respawn_refused(world, squad)
    if why:
        squad.out_for_good = why
        world.emit(OutForGood(squad.id, squad.player, why))
        return True
    return False


# -- Hardcore Mode ---------------------------------------------------------------------------------------


HARDCORE_USR = "Hardcore Mode: a Zombie Survival Team may not select a Universal Special Rule"


def may_gain_power_ups(world: Any, squad: Unit | None = None) -> bool:
    """Whether a squad may gain power-ups (never in Hardcore Mode)."""
    return not has_mod(world, "hardcore")


def team_refused(mods: list[str], team: dict[str, Any]) -> str:
    """Why a team table is refused by the mods (Hardcore Mode: no Universal Special Rule), else ""."""
    if "hardcore" in mods and isinstance(team, dict) and team.get("usr"):
        return f"{HARDCORE_USR} ({team['usr']})"
    return ""


# -- Dead Men Walking ------------------------------------------------------------------------------------


def joins_horde(world: World, m: Model, cause: str) -> bool:
    """Dead Men Walking: a team's model killed by a horde's blows joins that horde instead of dying; True then."""
    if m.side != PLAYERS or not has_mod(world, "dead_men_walking") or " close combat" not in cause:
        return False
    st = world.state
    horde = st.units.get(cause.split()[0])
    if horde is None or horde.kind != HORDE or not world.alive(horde):
        return False
    squad = st.units[m.unit]
    squad.models.remove(m.id)
    squad.phase_losses += 1
    m.side, m.unit, m.player = ZOMBIES, horde.id, 0
    m.rules = tuple(dict.fromkeys((*m.rules, "Feel No Pain")))
    m.wounds = world.profile(m).w
    m.moved = m.fired = m.ran = False
    horde.models.append(m.id)
    world.emit(JoinedHorde(m.id, squad.id, horde.id))
    world.hooks.model_joined_horde(world, m, squad)  # it "loses any Power Ups it may have possessed" [seed]
    if not world.alive(squad):
        world.destroy(squad, cause)
    return True


def swept_into_horde(world: World, squad: Unit, cause: str) -> bool:
    """Dead Men Walking: a team caught by a horde's Sweeping Advance is killed in close combat too; each of its
    models joins the first horde that caught it. True when they did (the squad is then destroyed)."""
    caught = world.alive(squad)
    if (
        not caught
        or squad.side != PLAYERS
        or not has_mod(world, "dead_men_walking")
        or "Sweeping Advance" not in cause
    ):
        return False  # (nobody left: joins_horde destroying the emptied squad)
    catchers = cause[cause.find("(") + 1 : cause.rfind(")")].split(", ")
    horde = next((world.state.units[c] for c in catchers if c in world.state.units), None)
    if horde is None or horde.kind != HORDE or not world.alive(horde):
        return False
    for m in caught:
        joins_horde(world, m, f"{horde.id} close combat: {cause}")
    return not world.alive(squad)


# -- Every Man For Himself -------------------------------------------------------------------------------


def watch_for_betrayal(world: World, squad: Unit) -> None:
    """At the start of its turn a team within X" of another rolls a D6; on Y+ it freezes for the turn [house]."""
    if not has_mod(world, "every_man_for_himself") or not world.alive(squad):
        return
    d = world.data
    reach = float(value(d, "every_man_for_himself", "distance"))
    near = [
        u
        for u in world.state.squads()
        if u.id != squad.id and world.alive(u) and world.unit_edge(squad, u) <= reach + 1e-9
    ]
    if not near:
        return
    other = min(near, key=lambda u: (world.unit_edge(squad, u), u.id))
    need = int(value(d, "every_man_for_himself", "roll"))
    roll = world.d6(f"{squad.id} watching for betrayal", "")
    frozen = roll >= need
    if frozen:
        squad.watching_turn = world.state.turn
    world.emit(WatchingForBetrayal(squad.id, other.id, roll, need, frozen))


def frozen(world: World, unit: Unit) -> str:
    """Why a team may not move, shoot, run or charge this turn (watching for betrayal), else ""."""
    if unit.side == PLAYERS and unit.watching_turn == world.state.turn and world.state.turn > 0:
        return (
            f"{unit.name} is too busy watching for betrayal to move, shoot, run or charge this turn "
            "(Every Man For Himself)."
        )
    return ""


# -- the plug-in -------------------------------------------------------------------------------------------


@register
class Mods(Plugin):
    """The mods' answers to the core (a game with any mod switched on plays it)."""

    order = 40

    @classmethod
    def wanted(cls, mods: Any) -> bool:
        return bool(mods)

    @classmethod
    def check_team(cls, data: Z40Data, mods: Any, points: int, spec: Any, dealt: bool) -> tuple[Any, str]:
        return spec, team_refused(list(mods), spec)  # Hardcore Mode: no Universal Special Rule

    def squad_turn_begins(self, world: Any, squad: Unit) -> None:
        note_vehicle_reach(world)  # Coop Mode: once a team is within 8" hordes respawn by the vehicle
        embark_waiting(world, squad)  # Coop Mode: the Boss fell while it waited by the vehicle
        if world.state.phase != Phase.OVER:
            watch_for_betrayal(world, squad)  # Every Man For Himself

    def shamble_roll(self, world: Any) -> int | None:
        return shamble_roll(world)

    def frozen(self, world: Any, unit: Unit) -> str:
        return frozen(world, unit)

    def attack_refused(self, world: Any, unit: Unit, target: Unit) -> str:
        return pvp_refused(world, unit, target)

    def embark_refused(self, world: Any, m: Model) -> str:
        return embark_refused(world, m)

    def winner(self, world: Any, m: Model) -> tuple[str, str] | None:
        return winner_of(world, m) if has_mod(world, "coop") else None

    def squad_wiped_out(self, world: Any, squad: Unit) -> None:
        coop_last_team_fell(world, squad)

    def time_up(self, world: Any) -> tuple[str, str] | None:
        return coop_lift_off(world)

    def instead_of_death(self, world: Any, m: Model, cause: str) -> bool:
        return joins_horde(world, m, cause)

    def instead_of_destruction(self, world: Any, unit: Unit, cause: str) -> bool:
        return unit.side == PLAYERS and swept_into_horde(world, unit, cause)


__all__ = [
    "MOD_IDS",
    "Mods",
    "it_will_not_die",
    "has_mod",
    "check_mods",
    "adjust_data",
    "furthest_may_roll_twice",
    "may_gain_power_ups",
]
