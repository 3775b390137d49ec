"""Mods (rules: "Zombie 40,000: Mods" [seed]): every mod a switch of the set-up, any of them together; the
house values of the numbers the seed's copy lost in ``[mods.<id>]`` of zombie40k.toml. Dice are scripted."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from game.ai import bot_for
from game.rules.core import IllegalCommand, get_ruleset
from game.rules.zombie40k import assault, attacks, mods, turn, zombie_turn
from game.rules.zombie40k.commands import Charge, EndPhase, Move, Shoot
from game.rules.zombie40k.data import load_data
from game.rules.zombie40k.events import (
    EmbarkRefused,
    GameOver,
    HordeRespawned,
    JoinedHorde,
    MoveRolled,
    OutForGood,
    WatchingForBetrayal,
    WoundRegained,
    ZombiesHardened,
)
from game.rules.zombie40k.report import invariants, report, who_won
from game.rules.zombie40k.setup import OptionsError
from game.rules.zombie40k.setup_view import SETUP
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.scenario.loader import load_scenario

LONG = os.environ.get("DEADGROUND_LONG") == "1"
ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted(p for p in ROOT.joinpath("maps").glob("*.tmx") if 'value="zombie40k"' in p.read_text())


# -- the switches, the options, the save ---------------------------------------------------------------


def test_mods_every_mod_has_a_table_with_a_name_and_a_summary() -> None:
    """Rules: Zombie 40,000, Mods: every mod the seed lists is in the data file with its name and summary."""
    d = load_data()
    assert set(mods.MOD_IDS) <= set(d.mods)
    for key in mods.MOD_IDS:
        assert d.mods[key]["name"] and d.mods[key]["summary"]


def test_mods_an_unknown_mod_is_refused_naming_it_and_the_known_ones() -> None:
    """Rules: Zombie 40,000, Mods: the options' "mods" list only takes known mods."""
    with pytest.raises(OptionsError) as err:
        get_ruleset("zombie40k").new_game(small_scenario(), {"teams": ["ork_boyz"], "mods": ["zombie_kittens"]}, 1)
    assert "'zombie_kittens'" in str(err.value) and "coop" in str(err.value) and "t_virus" in str(err.value)


def test_mods_are_kept_in_the_state_and_come_back_with_a_saved_game(tmp_path: Path) -> None:
    """Rules: Zombie 40,000, Mods: the mods are part of the game: its state and its save."""
    from game.saves import load_game, save_game

    sc = load_scenario(str(MAPS[0]))
    g = get_ruleset("zombie40k").new_game(sc, {"players": 2, "mods": ["t_virus", "coop"]}, 4)
    assert g.state.mods == ["coop", "t_virus"]  # in the table's order
    assert json.loads(json.dumps(g.state_data()))["mods"] == ["coop", "t_virus"]
    path = tmp_path / "mods.json"
    save_game(g, path)
    again = load_game(path)
    assert again.state.mods == ["coop", "t_virus"] and again.state_data() == g.state_data()


def test_mods_setup_has_one_switch_per_mod_with_summary_and_house_values() -> None:
    """Rules: Zombie 40,000, Mods: each mod is a switch of the new-game set-up; where the copy lost a number,
    the house value is shown in the set-up."""
    sc = small_scenario()
    spec = SETUP.spec(sc)
    switches = {f.key: f for f in spec.for_game}
    assert set(switches) == {f"mod:{k}" for k in mods.MOD_IDS} | {"ruins_block_sight"}  # and the sight reading
    coop = switches["mod:coop"]
    assert coop.house and "Zombie Boss" in coop.help and '12"' in coop.help
    assert "3D6" in switches["mod:four_weeks_later"].help  # (issue 34: the shamble is Four Weeks Later's)
    emfh = switches["mod:every_man_for_himself"].help
    assert '6"' in emfh and "4+" in emfh
    assert "T4" in switches["mod:t_virus"].help and "4+" in switches["mod:t_virus"].help
    assert "Ld10 Sv-" in switches["mod:patriarch"].help and "Assault cannon" in switches["mod:patriarch"].help
    assert (
        "advice" in switches["mod:lore_friendly"].label.lower()
        and "no rules effect" in switches["mod:lore_friendly"].help.lower()
    )
    answers = {"players": 1, "each": [{}], "game": {"mod:coop": True, "mod:t_virus": True, "mod:hardcore": False}}
    options = SETUP.options(sc, answers)
    assert options["mods"] == ["coop", "t_virus"]
    assert SETUP.answers(sc, options)["game"] == {"mod:coop": True, "mod:t_virus": True}
    assert "Coop Mode" in SETUP.describe(options)
    assert "mods" not in SETUP.options(sc, {"players": 1, "each": [{}], "game": {}})  # a plain game as before


def test_mods_are_in_the_rules_help_with_their_house_values() -> None:
    """Rules: Zombie 40,000, Mods: the rules help lists every mod, its house values, and the ones on."""
    from game.rules.zombie40k.reference import reference

    sections = {s.title: s for s in reference(None, {"mods": ["t_virus"]})}
    text = " ".join(p.text for p in sections["Mods"].body)
    assert "T-Virus (on in this game)" in text and "Coop Mode:" in text and 'within 6"' in text


# -- Coop Mode -------------------------------------------------------------------------------------------


def test_coop_players_may_not_shoot_each_other_even_by_the_vehicle() -> None:
    """Rules: Mods, Coop Mode: players may not shoot at or assault each other (not even within 8")."""
    near = {1: [(22, 8)], 2: [(26, 8)]}
    g = rigged_game(near, phase=Phase.SHOOTING, mods=["coop"])
    with pytest.raises(IllegalCommand, match="Coop Mode"):
        g.check_shoot(Shoot("p1", "p2"))
    assert "p2" not in g.shoot_targets("p1")
    plain = rigged_game(near, phase=Phase.SHOOTING)
    plain.check_shoot(Shoot("p1", "p2"))  # without the mod: allowed by the vehicle


def test_coop_players_may_not_assault_each_other() -> None:
    """Rules: Mods, Coop Mode: players may not assault each other."""
    g = rigged_game({1: [(22, 8)], 2: [(25, 8)]}, phase=Phase.ASSAULT, mods=["coop"])
    with pytest.raises(IllegalCommand, match="Coop Mode"):
        g.apply(Charge("p1", "p2"))
    assert turn.charge_targets(g.world, "p1") == []


def test_four_weeks_later_zombies_lose_feel_no_pain_and_gain_furious_charge_and_rage() -> None:
    """Rules: Mods, Four Weeks Later (issue 34: the text was Coop Mode's before): zombies lose Feel No Pain,
    gain Furious Charge and Rage."""
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 10)]], mods=["four_weeks_later"])
    z = g.world.profile(g.figure("h1-1"))
    assert z.fnp == 0 and "Furious Charge" in z.rules and "Rage" in z.rules
    assert attacks.model_saves(g.world, g.figure("h1-1"), 0).fnp == 0


def test_four_weeks_later_zombies_shamble_3d6_keeping_the_two_highest() -> None:
    """Rules: Mods, Four Weeks Later: zombies roll 3D6 [house] and keep the two highest in the Shamble phase."""
    g = rigged_game(
        {1: [(10, 44)]}, hordes=[[(40, 6)]], dice=[1, 6, 5], phase=Phase.ZOMBIES, mods=["four_weeks_later"]
    )
    start = g.figure("h1-1").position
    zombie_turn.shamble(g.world)
    rolled = [e for e in g.world.events if isinstance(e, MoveRolled)]
    assert rolled[0].inches == 11
    assert math.dist(start, g.figure("h1-1").position) == pytest.approx(11, abs=0.05)


def _wiped_horde(squads: dict, dice: list[int], mods_on: list[str]):
    # 1+2 first: p1 destroyed the horde and rolls on the power-up table (3 Banana Peel; none in Hardcore Mode)
    first = [] if "hardcore" in mods_on else [1, 2]
    g = rigged_game(
        squads, hordes=[[(40, 20), (41.5, 20)]], dice=[*first, *dice], phase=Phase.ASSAULT, mods=mods_on
    )
    for fid in list(g.state.units["h1"].models):
        g.world.kill(g.state.models[fid], "p1 test")
    g.world.events.clear()
    return g


def test_coop_respawn_6_deep_strikes_in_front_of_the_player_closest_to_the_vehicle() -> None:
    """Rules: Mods, Coop Mode: a respawn roll of 6 deep strikes the horde directly in front of whichever
    player is closest to the escape vehicle (not where the furthest player chooses)."""
    g = _wiped_horde({1: [(10, 40)], 2: [(40, 30)]}, [6], ["coop"])
    g.world.hooks.zombie_respawn_phase(g.world)
    zs = g.world.alive(g.state.units["h1"])
    centre = (sum(z.position[0] for z in zs) / 2, sum(z.position[1] for z in zs) / 2)
    leader = g.figure("p2-1").position  # player 2 is the closer to the vehicle
    assert math.dist(centre, leader) < 7 and centre[1] < leader[1]  # in front: toward the vehicle
    ev = [e for e in g.world.events if isinstance(e, HordeRespawned)][0]
    assert ev.roll == 6 and "player 2, the closest" in ev.where and "Coop Mode" in ev.where
    assert invariants(g) == []


def test_coop_once_a_team_is_within_8_inches_hordes_respawn_on_the_vehicle_edge() -> None:
    """Rules: Mods, Coop Mode: once any team comes within 8" of the vehicle, every respawning horde comes
    on the escape vehicle's edge (no roll)."""
    g = _wiped_horde({1: [(24, 10)]}, [1, 2], ["coop"])  # 5" from the vehicle: no respawn die is rolled
    g.world.hooks.zombie_respawn_phase(g.world)
    zs = g.world.alive(g.state.units["h1"])
    assert len(zs) == 2 and all(z.position[1] < 3 for z in zs)
    ev = [e for e in g.world.events if isinstance(e, HordeRespawned)][0]
    assert ev.roll == 0 and "Coop Mode" in ev.where
    g.world.set_position(g.figure("p1-1"), (24, 40))  # the team went back: 'once' is for good
    for fid in list(g.state.units["h1"].models):  # (p1 rolls 1+2 on the power-up table again)
        g.world.kill(g.state.models[fid], "p1 test")
    g.world.hooks.zombie_respawn_phase(g.world)
    assert all(z.position[1] < 3 for z in g.world.alive(g.state.units["h1"]))


def test_coop_a_team_that_dies_near_the_vehicle_may_not_respawn() -> None:
    """Rules: Mods, Coop Mode: players who die within 12" [house] of the escape vehicle may not respawn."""
    g = rigged_game({1: [(24, 12), (25.5, 12)]}, phase=Phase.ASSAULT, mods=["coop"])
    for fid in list(g.state.squad_of(1).models):
        g.world.kill(g.state.models[fid], "h1 test")
    g.world.hooks.player_respawn_phase(g.world, 1)
    assert not g.world.alive(g.state.squad_of(1))
    out = [e for e in g.world.events if isinstance(e, OutForGood)]
    assert len(out) == 1 and "Coop Mode" in out[0].reason and '12"' in out[0].reason
    assert turn.players_left(g.world) == []
    # 25" away: back again (and the respawned squad rolls 1+2 on the power-up table)
    far = rigged_game({1: [(24, 30), (25.5, 30)]}, dice=[1, 2], phase=Phase.ASSAULT, mods=["coop"])
    for fid in list(far.state.squad_of(1).models):
        far.world.kill(far.state.models[fid], "h1 test")
    far.world.hooks.player_respawn_phase(far.world, 1)
    assert len(far.world.alive(far.state.squad_of(1))) == 2


def test_coop_the_vehicle_may_not_be_embarked_until_the_boss_is_dead_then_all_players_win() -> None:
    """Rules: Mods, Coop Mode: the escape vehicle may not be embarked until the Zombie Boss is dead; the
    players win together [house: winner "players"] once every team is aboard (tests/test_z40k_coop_vehicle.py)."""
    g = rigged_game({1: [(24, 8), (20, 8)], 2: [(27, 8)]}, boss=(44, 30), phase=Phase.MOVEMENT, mods=["coop"])
    g.apply(Move("p1-1", ((24, 5.8),)))
    assert not g.over and g.figure("p1-1").alive
    refused = [e for e in g.log if isinstance(e, EmbarkRefused)]
    assert refused and "Zombie Boss" in refused[0].reason
    g.world.kill(g.figure("boss"), "p2 test")
    g.apply(Move("p1-2", ((20, 5.8),)))
    assert not g.over and g.figure("p1-2").state == "embarked"  # player 2 is not aboard yet
    while g.state.active_player != 2:
        g.apply(EndPhase())
    g.apply(Move("p2-1", ((27, 5.8),)))
    assert g.over and g.winner == "players" and g.figure("p2-1").state == "embarked"
    assert "win together" in [e for e in g.log if isinstance(e, GameOver)][0].reason
    assert invariants(g) == []
    assert who_won(g.winner) == "the players win together"
    r = report(g)
    assert r.victory and all(row.marked for row in r.roll)  # every team that is left escaped


def test_coop_a_model_waiting_by_the_vehicle_embarks_at_the_start_of_its_turn_once_the_boss_fell() -> None:
    """Rules: Mods, Coop Mode [house]: a model kept out by the Boss need not step away and back: at the start
    of its player's turn, with the Boss dead, it embarks."""
    g = rigged_game({1: [(24, 5.8)]}, boss=(44, 30), phase=Phase.ASSAULT, mods=["coop"])
    g.world.kill(g.figure("boss"), "p1 test")
    g.state.order, g.state.order_index = [1], 0
    turn.begin_player(g.world)
    assert g.state.winner == "players" and g.figure("p1-1").state == "embarked"


def test_coop_the_furthest_player_may_not_roll_twice_on_the_power_up_table() -> None:
    """Rules: Mods, Coop Mode: the player furthest from the vehicle may not roll twice and pick."""
    assert not mods.furthest_may_roll_twice(rigged_game({1: [(10, 30)]}, mods=["coop"]).world)
    assert mods.furthest_may_roll_twice(rigged_game({1: [(10, 30)]}).world)


# -- Four Weeks Later [house] ------------------------------------------------------------------------------


def test_four_weeks_later_three_low_dice_keep_the_two_highest() -> None:
    """Rules: Mods, Four Weeks Later: 3, 4 and 1 shamble 7" (the 1 dropped), and no Feel No Pain."""
    g = rigged_game(
        {1: [(10, 44)]}, hordes=[[(40, 6)]], dice=[3, 4, 1], phase=Phase.ZOMBIES, mods=["four_weeks_later"]
    )
    assert g.world.profile(g.figure("h1-1")).fnp == 0
    zombie_turn.shamble(g.world)
    assert [e for e in g.world.events if isinstance(e, MoveRolled)][0].inches == 7


# -- Dead Men Walking --------------------------------------------------------------------------------------


def test_dead_men_walking_a_model_killed_by_a_horde_in_close_combat_joins_it() -> None:
    """Rules: Mods, Dead Men Walking: a team's model killed by a horde in close combat joins the horde,
    keeping its rules and wargear, gaining Feel No Pain, losing its power-ups (it leaves its team)."""
    g = rigged_game(
        {1: [(10, 30), (30, 40)]},
        hordes=[[(10, 28.95)]],
        dice=[1, 1, 1, 6, 6]
        + [3] * 12,  # the sergeant misses 3 times; the zombie hits and wounds on a 6 (Rending)
        phase=Phase.ASSAULT,
        mods=["dead_men_walking"],
    )
    st, w = g.state, g.world
    st.squad_of(1).power_ups = ["speed_pack"]  # (not a Medpack: that would save him)
    weapons = g.figure("p1-1").weapons
    w.engage(st.units["h1"], st.squad_of(1))
    assault.fight(w, ["h1", "p1"])
    m = g.figure("p1-1")
    assert m.alive and m.side == "zombies" and m.unit == "h1" and "p1-1" in st.units["h1"].models
    assert m.weapons == weapons and w.model_has(m, "Feel No Pain")
    assert "p1-1" not in st.squad_of(1).models and st.squad_of(1).power_ups == ["speed_pack"]
    assert [e for e in w.events if isinstance(e, JoinedHorde)] == [JoinedHorde("p1-1", "p1", "h1")]
    assert invariants(g) == []
    plain = rigged_game(
        {1: [(10, 30), (30, 40)]}, hordes=[[(10, 28.95)]], dice=[1, 1, 1, 6, 6] + [3] * 12, phase=Phase.ASSAULT
    )
    plain.world.engage(plain.state.units["h1"], plain.state.squad_of(1))
    assault.fight(plain.world, ["h1", "p1"])
    assert not plain.figure("p1-1").alive


# -- Death Korps Zombies ----------------------------------------------------------------------------------


def test_death_korps_zombies_start_tough_and_harden_with_every_respawn_to_the_maximum() -> None:
    """Rules: Mods, Death Korps Zombies: zombies start T4 FNP 5+ [house]; every respawn of a horde +1 T and
    Feel No Pain one better, to at most T6 FNP 3+ [house]."""
    # each respawn rolls a 4 (its edge); each time p1 destroys the horde again it rolls 1+2 for a power-up
    g = _wiped_horde({1: [(10, 40)]}, [4, 1, 2] * 3, ["death_korps_zombies"])
    w, horde = g.world, g.state.units["h1"]
    start = w.profile(g.figure("h1-1"))
    assert (start.t, start.fnp) == (4, 5)
    seen = []
    for _ in range(3):
        w.hooks.zombie_respawn_phase(w)
        seen.append((w.profile(g.figure("h1-1")).t, w.profile(g.figure("h1-1")).fnp))
        for fid in list(horde.models):
            w.kill(g.state.models[fid], "p1 test")
    assert seen == [(5, 4), (6, 3), (6, 3)]
    hardened = [e for e in w.events if isinstance(e, ZombiesHardened)]
    assert [(e.toughness, e.fnp) for e in hardened] == seen


# -- Every Man For Himself --------------------------------------------------------------------------------


def test_every_man_for_himself_a_team_near_another_may_freeze_for_its_turn() -> None:
    """Rules: Mods, Every Man For Himself: at the start of each player turn a team within 6" [house] of
    another rolls a D6; on 4+ [house] it cannot move, shoot, run or charge that turn."""
    g = rigged_game(
        {1: [(10, 30)], 2: [(14, 30)]}, dice=[4, 3], phase=Phase.ASSAULT, mods=["every_man_for_himself"]
    )
    st, w = g.state, g.world
    st.order, st.order_index = [1, 2], 0
    turn.begin_player(w)
    assert st.active_player == 1 and st.squad_of(1).watching_turn == st.turn
    with pytest.raises(IllegalCommand, match="watching for betrayal"):
        g.apply(Move("p1-1", ((10, 27),)))
    assert not g.actions_for("p1-1")
    turn.advance(w)  # nothing to decide: player 1's turn passes by itself
    assert st.active_player == 2 and st.phase == Phase.MOVEMENT and g.actions_for("p2-1") == ["move"]
    rolls = [e for e in g.log + w.events if isinstance(e, WatchingForBetrayal)]
    assert [(e.unit, e.roll, e.frozen) for e in rolls] == [("p1", 4, True), ("p2", 3, False)]


def test_every_man_for_himself_a_team_far_from_the_others_does_not_roll() -> None:
    """Rules: Mods, Every Man For Himself: only a team within 6" of another rolls."""
    g = rigged_game({1: [(10, 30)], 2: [(30, 30)]}, dice=[], phase=Phase.ASSAULT, mods=["every_man_for_himself"])
    g.state.order, g.state.order_index = [1, 2], 0
    turn.begin_player(g.world)
    assert g.state.phase == Phase.MOVEMENT and g.state.squad_of(1).watching_turn == -1


# -- Hardcore Mode, Instant Death -------------------------------------------------------------------------


def test_hardcore_no_universal_special_rule_in_the_team_builder() -> None:
    """Rules: Mods, Hardcore Mode: Zombie Survival Teams may not select a Universal Special Rule."""
    team = {"unit": "infantry_squad", "models": 5, "usr": "Feel No Pain"}
    with pytest.raises(OptionsError, match="Hardcore Mode"):
        get_ruleset("zombie40k").new_game(small_scenario(), {"teams": [team], "mods": ["hardcore"]}, 1)
    sc = small_scenario()
    answers = {"players": 1, "each": [{"team": [{"id": "unit:infantry_squad"}]}], "game": {"mod:hardcore": True}}
    usr = [o for o in SETUP.team_options(sc, answers, 1) if o.id.startswith("usr:")]
    assert usr and all("Hardcore Mode" in o.refused for o in usr)
    answers["game"] = {}
    assert any(not o.refused for o in SETUP.team_options(sc, answers, 1) if o.id.startswith("usr:"))


def test_hardcore_never_gains_power_ups_and_respawns_only_once() -> None:
    """Rules: Mods, Hardcore Mode: never gains Power Ups; may only respawn once."""
    g = rigged_game({1: [(10, 40), (11.5, 40)]}, phase=Phase.ASSAULT, mods=["hardcore"])
    w, squad = g.world, g.state.squad_of(1)
    assert not mods.may_gain_power_ups(w, squad)
    assert mods.may_gain_power_ups(rigged_game({1: [(10, 40)]}).world, squad)
    for _ in range(2):
        for fid in list(squad.models):
            w.kill(g.state.models[fid], "h1 test")
        w.hooks.player_respawn_phase(w, 1)
    assert squad.respawns == 1 and not w.alive(squad)
    out = [e for e in w.events if isinstance(e, OutForGood)]
    assert len(out) == 1 and "Hardcore Mode" in out[0].reason


def test_instant_death_players_may_not_respawn() -> None:
    """Rules: Mods, Instant Death: players may not respawn; once you're dead, you're dead."""
    g = rigged_game({1: [(10, 40)]}, phase=Phase.ASSAULT, mods=["instant_death"])
    w = g.world
    w.kill(g.figure("p1-1"), "h1 test")
    w.hooks.player_respawn_phase(w, 1)
    assert not w.alive(g.state.squad_of(1)) and turn.players_left(w) == []
    assert "Instant Death" in [e for e in w.events if isinstance(e, OutForGood)][0].reason


# -- T-Virus, the Patriarch ---------------------------------------------------------------------------------


def _lasgun_wound(mods_on: list[str], fnp_die: int):
    # a zombie that dies is the horde destroyed: p1 then rolls 1+2 on the power-up table
    g = rigged_game({1: [(10, 40)]}, hordes=[[(10, 30)]], dice=[fnp_die, 1, 2], mods=mods_on)
    pool = attacks.Pool("Lasgun", 1, 4, 3, 0)
    attacks.allocate(g.world, g.state.squad_of(1), g.state.units["h1"], pool, [attacks.NORMAL], ["h1-1"], {}, "p1")
    return g


def test_t_virus_all_zombies_have_toughness_4_and_feel_no_pain_4() -> None:
    """Rules: Mods, T-Virus: all zombies have T4 and Feel No Pain (4+) [house]: a 4 ignores the wound."""
    g = _lasgun_wound(["t_virus"], 4)
    assert g.world.profile(g.figure("h1-1")).t == 4 and g.figure("h1-1").alive
    assert not _lasgun_wound([], 4).figure("h1-1").alive  # the plain zombie's 5+ fails on a 4


def test_patriarch_replaces_the_zombie_boss_profile_and_wargear() -> None:
    """Rules: Mods, Zombie Boss Alternatives: the Patriarch (the copy's Ld 10 and no save, the lost digits
    [house]) with an assault cannon and a missile launcher, Concussive, Eternal Warrior, Fearless, FNP, It Will
    Not Die, Relentless, Rending."""
    g = get_ruleset("zombie40k").new_game(small_scenario(), {"teams": ["ork_boyz"], "mods": ["patriarch"]}, 2)
    boss = g.figure("boss")
    p = g.world.profile(boss)
    assert p.name == "Patriarch" and (p.ws, p.t, p.w, p.ld, p.sv, p.fnp) == (6, 5, 4, 10, 0, 5)
    assert {"assault_cannon", "missile_launcher_krak"} <= set(boss.weapons)
    for rule in ("Concussive", "Eternal Warrior", "Fearless", "It Will Not Die", "Relentless", "Rending"):
        assert g.world.model_has(boss, rule)
    assert g.data.weapon("assault_cannon").shots == 4 and g.data.weapon("missile_launcher_krak").s == 8


def test_patriarch_fires_the_missile_launcher_beyond_the_assault_cannon_s_24_inches() -> None:
    """Rules: Mods, Zombie Boss Alternatives: the Patriarch's wargear [7th profiles]: a squad 30" away is in
    reach of the krak missile (48") though not of the assault cannon (24")."""
    g = rigged_game({1: [(24, 41)]}, boss=(24, 10), dice=[4, 2] + [3] * 4, phase=Phase.ZOMBIES, mods=["patriarch"])
    zombie_turn.zombie_shooting(g.world)
    steps = [e for e in g.world.events if type(e).__name__ == "AttackStep"]
    assert steps and steps[0].weapon == "Missile launcher (krak)"
    assert not g.figure("p1-1").alive


def test_patriarch_it_will_not_die_regains_a_wound_on_5_at_the_end_of_the_zombie_turn() -> None:
    """Rules: Mods, Zombie Boss Alternatives: It Will Not Die [7th]: a wound back on 5+ at the end of its turn."""
    g = rigged_game({1: [(10, 40)]}, boss=(40, 10), dice=[4, 5], mods=["patriarch"])
    boss = g.figure("boss")
    boss.wounds = 2
    mods.it_will_not_die(g.world)
    assert boss.wounds == 2
    mods.it_will_not_die(g.world)
    assert boss.wounds == 3 and [e for e in g.world.events if isinstance(e, WoundRegained)] == [
        WoundRegained("boss", 3)
    ]


def test_patriarch_concussive_blows_drop_the_unit_to_initiative_1_until_the_end_of_the_next_turn() -> None:
    """Rules: Mods, Zombie Boss Alternatives: Concussive [7th; house: the whole unit]: a unit that suffers an
    unsaved wound from the Patriarch's blows strikes and sweeps at Initiative 1 until the end of the next turn."""
    squad = [(10, 30.95)] + [(20 + 2 * k, 40) for k in range(7)]  # one in contact; 5 blows cannot kill all 8
    dice = [4] * 15 + [1, 1] + [3] * 5  # 5 blows hit, wound, beat the 5+ save; Morale 2 passes (no sweep)
    g = rigged_game({1: squad}, boss=(10, 29.15), dice=dice, phase=Phase.ASSAULT, mods=["patriarch"])
    st, w = g.state, g.world
    w.engage(st.units["boss"], st.squad_of(1))
    assault.fight(w, ["boss", "p1"])
    assert not g.figure("p1-1").alive and w.alive(st.squad_of(1))
    assert st.squad_of(1).concussed_until == st.turn + 1 and assault.initiative(w, st.squad_of(1)) == 1
    st.turn += 2
    assert assault.initiative(w, st.squad_of(1)) == w.profile(g.figure("p1-2")).i


# -- combinations --------------------------------------------------------------------------------------------


def test_four_weeks_later_with_t_virus_zombies_keep_t_virus_feel_no_pain_and_gain_its_rules() -> None:
    """Rules: Mods: mods combine; Four Weeks Later with T-Virus [house]: the mod that names a Feel No Pain
    grants it, so zombies have T4 FNP 4+ with Furious Charge and Rage, shambling 3D6 keep two."""
    g = rigged_game(
        {1: [(10, 44)]},
        hordes=[[(40, 6)]],
        dice=[2, 2, 6],
        phase=Phase.ZOMBIES,
        mods=["four_weeks_later", "t_virus"],
    )
    z = g.world.profile(g.figure("h1-1"))
    assert (z.t, z.fnp) == (4, 4) and {"Furious Charge", "Rage"} <= set(z.rules)
    zombie_turn.shamble(g.world)
    assert [e for e in g.world.events if isinstance(e, MoveRolled)][0].inches == 8


def test_hardcore_with_instant_death_a_team_never_respawns() -> None:
    """Rules: Mods: Hardcore Mode with Instant Death: not even the one respawn."""
    g = rigged_game({1: [(10, 40)]}, phase=Phase.ASSAULT, mods=["hardcore", "instant_death"])
    g.world.kill(g.figure("p1-1"), "h1 test")
    g.world.hooks.player_respawn_phase(g.world, 1)
    assert g.state.squad_of(1).respawns == 0 and not g.world.alive(g.state.squad_of(1))


def test_death_korps_with_t_virus_start_from_the_better_of_the_two() -> None:
    """Rules: Mods: Death Korps Zombies with T-Virus: the zombies start at the better Toughness and FNP."""
    g = rigged_game({1: [(10, 40)]}, hordes=[[(40, 10)]], mods=["t_virus", "death_korps_zombies"])
    z = g.world.profile(g.figure("h1-1"))
    assert (z.t, z.fnp) == (4, 4)


# -- whole games, the command line ----------------------------------------------------------------------------


def play(seed: int, mods_on: list[str], players: int = 3):
    g = get_ruleset("zombie40k").new_game(load_scenario(str(MAPS[0])), {"players": players, "mods": mods_on}, seed)
    bot = bot_for("zombie40k")
    assert invariants(g) == []
    n = 0
    while not g.over:
        g.apply(bot(g))
        assert invariants(g) == []
        n += 1
        assert n < 4000
    json.dumps(g.state_data())
    return g


MOD_GAMES = [(m, s) for m in ("coop", "hardcore") for s in range(100 if LONG else 3)]


@pytest.mark.parametrize(("mod", "seed"), MOD_GAMES, ids=[f"{m}-{s}" for m, s in MOD_GAMES])
def test_bots_play_whole_games_with_mods(mod: str, seed: int) -> None:
    """Rules: Mods: the bots play whole games with Coop Mode and Hardcore Mode, the invariants holding."""
    g = play(seed, [mod], players=2 + seed % 3)
    assert g.over and g.state.turn <= g.state.turn_limit
    if mod == "coop":
        assert g.winner in ("players", "zombies")


def test_bots_play_a_whole_game_with_every_mod_on() -> None:
    """Rules: Mods: several may be combined: all of them at once still make a whole game."""
    g = play(5, [m for m in mods.MOD_IDS if m != "killing_floor"], players=4)
    assert g.over


def test_simulate_and_demo_take_mods(capsys: pytest.CaptureFixture[str]) -> None:
    """Rules: Mods: ``deadground simulate --mods`` and ``deadground demo --mods`` play with mods."""
    from game.cli import build_parser
    from game.demo import DemoDirector
    from game.simulate import main as simulate_main

    args = build_parser().parse_args(["simulate", str(MAPS[0]), "--mods", "coop,t_virus", "--games", "1"])
    assert args.mods == ["coop", "t_virus"]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", str(MAPS[0]), "--mods", "coop,kittens"])
    assert "kittens" in capsys.readouterr().err
    assert simulate_main(str(MAPS[0]), games=1, mods=["coop"], progress=False) == 0
    assert "games, seeds 1..1, mods coop" in capsys.readouterr().out
    deal = DemoDirector([str(MAPS[0])], seed=1, mods=["hardcore"]).next_game()
    assert deal.options["mods"] == ["hardcore"] and deal.new_game().state.mods == ["hardcore"]


# -- on screen -------------------------------------------------------------------------------------------------


def test_the_set_up_screen_shows_a_switch_per_mod_and_plays_the_ones_switched_on(tmp_path: Path) -> None:
    """Rules: Zombie 40,000, Mods: on the new-game set-up screen each mod is a Yes/No switch whose tooltip
    is its summary and house values; switched on, the game's options carry it; Hardcore Mode refuses a USR."""
    import pygame
    import pygame_gui
    from ui_driver import headless_app

    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import SetupScene

    def switch(scene: SetupScene, key: str) -> pygame_gui.elements.UIButton:
        return next(e for e in scene._elements if e.alive() and f"#switch_mod:{key}" in e.get_object_ids())

    def press(app, scene: SetupScene, key: str) -> None:  # the switch may be scrolled out of sight: its event
        event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": switch(scene, key)})
        scene.handle_event(event)
        app.run_frames(2)

    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(MAPS[0])))
        app.run_frames(2)
        scene = app.scene
        assert isinstance(scene, SetupScene)
        for key in mods.MOD_IDS:
            assert switch(scene, key).text == "No"
        tip = switch(scene, "every_man_for_himself").tool_tip_text
        assert "betrayal" in tip and '6"' in tip and "4+" in tip
        press(app, scene, "coop")
        press(app, scene, "hardcore")
        scene = app.scene
        assert switch(scene, "coop").text == "Yes" and switch(scene, "hardcore").text == "Yes"
        assert scene.setup.options["mods"] == ["coop", "hardcore"]
        scene.setup.answers["each"][0]["team"] = [{"id": "unit:ork_boyz"}, {"id": "usr:Furious Charge"}]
        assert any("Hardcore Mode" in r for r in scene.setup.refusals)
        scene.setup.answers["each"][0]["team"] = [{"id": "unit:ork_boyz"}]
        assert scene.setup.refusals == []
        game = get_ruleset("zombie40k").new_game(load_scenario(str(MAPS[0])), scene.setup.options, 1)
        assert game.state.mods == ["coop", "hardcore"]


def test_a_scenario_s_own_mods_are_on_by_default_and_the_set_up_may_switch_them_off() -> None:
    """Rules: Mods: a scenario may turn mods on (map property ``mods``; Last Evac is a Coop Mode table): its
    games play them unless the options say otherwise, its set-up shows them switched on, and switching one
    off in the set-up is kept (an empty list, not the map's default)."""
    from pathlib import Path

    from game.rules.zombie40k.setup_view import SETUP
    from game.scenario.loader import load_scenario

    evac = load_scenario(str(Path(__file__).resolve().parent.parent / "maps" / "last_evac.tmx"))
    rs = get_ruleset("zombie40k")
    assert rs.new_game(evac, {"players": 2}, 1).state.mods == ["coop"]
    assert rs.new_game(evac, {"players": 2, "mods": []}, 1).state.mods == []
    spec = SETUP.spec(evac)
    assert {s.key: s.default for s in spec.for_game}["mod:coop"] is True
    answers = SETUP.answers(evac, {"teams": ["ork_boyz"]})
    answers["game"]["mod:coop"] = False
    assert SETUP.options(evac, answers)["mods"] == []
    assert "together" in spec.note


def test_dead_men_walking_a_team_caught_by_a_hordes_sweeping_advance_joins_it() -> None:
    """Rules: Mods, Dead Men Walking: a team caught by a horde's Sweeping Advance is killed by it in close
    combat, so its models join that horde (the same rolls as test_combat_result_morale_and_sweeping_advance_
    catches: the Guardsmen fail Morale on an 8 and are caught 5 against 5)."""
    from game.rules.zombie40k.events import UnitDestroyed

    squads = {1: [(20, 30), (21.2, 30)]}
    g = rigged_game(
        squads,
        hordes=[[(20, 28.99), (21.2, 28.99)]],
        teams=["infantry_squad"],
        dice=[4, 4, 2, 3],
        phase=Phase.ZOMBIES,  # the zombies' assault
        mods=["dead_men_walking"],
    )
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 1, "player 1": 0})
    joined = [e for e in w.events if isinstance(e, JoinedHorde)]
    assert [(e.figure, e.horde) for e in joined] == [("p1-1", "h1"), ("p1-2", "h1")]
    assert [e.unit for e in w.events if isinstance(e, UnitDestroyed)] == ["p1"]
    assert g.state.squad_of(1).wiped_out and len(w.alive(w.unit("h1"))) == 4
    assert invariants(g) == []
