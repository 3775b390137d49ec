"""Zombie 40,000 read to the letter (issue 34, items 2, 6, 7, 8, 9, 10 and the house readings the rules help
states), each with scripted dice: Four Weeks Later's zombies and Coop Mode's own list, Counter-Attack with no
Leadership test, the Tactical Marines' one close combat weapon and their sergeant's price, Dead Men Walking's
lost power-ups, the Patriarch's profile as the copy has it (and the 7th-edition numbers as the other reading)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from game.rules.zombie40k import assault, attacks, mods, zombie_turn
from game.rules.zombie40k.data import load_data
from game.rules.zombie40k.events import AttackStep, JoinedHorde, MoraleTested, MoveRolled, PowerUpLost
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.reference import reference
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.team_builder import build_team, cost
from game.rules.zombie40k.testing import rigged_game


def _steps(g, unit: str, step: str = "hit") -> list[AttackStep]:
    return [e for e in g.world.events if isinstance(e, AttackStep) and e.unit == unit and e.step == step]


# -- 2. Four Weeks Later, and Coop Mode's own list ------------------------------------------------------------


def test_four_weeks_later_zombies_lose_fnp_gain_furious_charge_and_rage_and_shamble_3d6_keep_two() -> None:
    """Rules: Mods, Four Weeks Later: "Zombies lose Feel No Pain, but gain Furious Charge, Rage, and roll D[3]
    and choose the two highest in the Shamble Phase" (the text that follows no other heading)."""
    g = rigged_game(
        {1: [(10, 44)]}, hordes=[[(40, 6)]], dice=[1, 6, 5], phase=Phase.ZOMBIES, mods=["four_weeks_later"]
    )
    z = g.world.profile(g.figure("h1-1"))
    assert z.fnp == 0 and "Furious Charge" in z.rules and "Rage" in z.rules
    assert g.world.profile(g.figure("h1-1")).fnp == 0
    start = g.figure("h1-1").position
    zombie_turn.shamble(g.world)
    assert [e for e in g.world.events if isinstance(e, MoveRolled)][0].inches == 11  # 6 + 5, the 1 dropped
    assert math.dist(start, g.figure("h1-1").position) == pytest.approx(11, abs=0.05)


def test_coop_mode_keeps_only_its_own_list_zombies_keep_fnp_and_shamble_one_d6() -> None:
    """Rules: Mods, Coop Mode: its own list only; its zombies keep Feel No Pain, get neither Furious Charge nor
    Rage, and shamble the core's D6."""
    g = rigged_game({1: [(10, 44)]}, hordes=[[(40, 6)]], dice=[4, 6, 5], phase=Phase.ZOMBIES, mods=["coop"])
    z = g.world.profile(g.figure("h1-1"))
    assert z.fnp == 5 and "Furious Charge" not in z.rules and "Rage" not in z.rules
    zombie_turn.shamble(g.world)
    assert [e for e in g.world.events if isinstance(e, MoveRolled)][0].inches == 4


# -- 6. Counter-Attack ---------------------------------------------------------------------------------------


def _charged_by_a_horde(usr: str | None) -> object:
    team = {"unit": "infantry_squad", "models": 1, **({"usr": usr} if usr else {})}
    # 6, 6 would fail a Leadership test (Ld 7); every die after is a miss or a failed wound
    g = rigged_game(
        {1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[team], dice=[6, 6] + [1] * 12, phase=Phase.ZOMBIES
    )
    w = g.world
    horde = w.unit("h1")
    horde.charged_turn = g.state.turn
    w.engage(horde, w.unit("p1"))
    assault.fight(w, ["h1", "p1"])
    return g


def test_counter_attack_gives_plus_one_attack_when_charged_with_no_leadership_test() -> None:
    """Rules: USR Counter-Attack [7th]: a unit charged gets +1 Attack for the fight; no Leadership test (that
    was 5th edition)."""
    g = _charged_by_a_horde("Counter-Attack")
    assert _steps(g, "p1")[0].dice == 2  # the Guardsman's 1 Attack + 1
    assert not [e for e in g.world.events if isinstance(e, MoraleTested) and "Counter" in e.why]
    assert _steps(_charged_by_a_horde(None), "p1")[0].dice == 1


def test_counter_attack_does_nothing_for_a_unit_that_charged() -> None:
    """Rules: USR Counter-Attack [7th]: only when charged: the chargers have their own +1."""
    team = {"unit": "infantry_squad", "models": 1, "usr": "Counter-Attack"}
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[team], dice=[1] * 12, phase=Phase.ASSAULT)
    w = g.world
    w.unit("p1").charged_turn = g.state.turn
    w.engage(w.unit("p1"), w.unit("h1"))
    assault.fight(w, ["h1", "p1"])
    assert _steps(g, "p1")[0].dice == 2  # 1 Attack + 1 for the charge, nothing for Counter-Attack


# -- 7 and 8. Tactical Marines -----------------------------------------------------------------------------


def test_tactical_marines_have_one_close_combat_weapon_and_strike_with_one_attack() -> None:
    """Rules: Building a team [7th codex]: a Tactical Marine carries boltgun, bolt pistol, frag and krak grenades;
    the pistol is his one melee weapon, so no +1 for two: A1 in close combat."""
    d = load_data()
    assert d.unit("tactical_squad").wargear == ("boltgun", "bolt_pistol")
    team = {"unit": "tactical_squad", "models": 1}
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[team], dice=[1] * 12, phase=Phase.ASSAULT)
    w = g.world
    w.engage(w.unit("p1"), w.unit("h1"))
    assault.fight(w, ["h1", "p1"])
    assert _steps(g, "p1")[0].dice == 1  # (the pistol strikes as a close combat weapon [7th])


def test_tactical_sergeant_is_in_the_squad_cost_and_the_veteran_is_the_ten_point_upgrade() -> None:
    """Rules: Building a team [7th codex]: 5 Tactical Marines with their Space Marine Sergeant cost 70; the
    Veteran Sergeant upgrade is +10 (80), with his own profile (A2, Ld 9)."""
    d = load_data()
    five = {"unit": "tactical_squad", "models": 5, "sergeant": True}
    assert cost(d, five) == 70 == cost(d, {"unit": "tactical_squad", "models": 5})
    sarge = [m for m in build_team(d, five).models if m.sergeant][0]
    assert sarge.label == "Space Marine Sergeant" and d.profile(sarge.profile).a == 1
    veteran = {**five, "sergeant_options": ["veteran"]}
    assert cost(d, veteran) == 80
    vet = [m for m in build_team(d, veteran, 80).models if m.sergeant][0]
    assert vet.label == "Veteran Sergeant" and (d.profile(vet.profile).a, d.profile(vet.profile).ld) == (2, 9)


# -- 9. Dead Men Walking -----------------------------------------------------------------------------------


def test_dead_men_walking_a_model_joining_the_horde_loses_its_power_ups() -> None:
    """Rules: Mods, Dead Men Walking: the model that joins the horde "loses any Power Ups it may have
    possessed": its Chainsaw, Shotgun and Duct Tape go; what the team carries stays with the team."""
    g = rigged_game(
        {1: [(10, 30), (30, 40)]},
        hordes=[[(10, 28.95)]],
        # the sergeant misses 4 times (A2, +1 for two weapons, +1 Duct Tape); the zombie hits and wounds on
        # 6s (Rending); anything after: 3s
        dice=[1, 1, 1, 1, 6, 6] + [3] * 12,
        phase=Phase.ASSAULT,
        mods=["dead_men_walking"],
    )
    st, w = g.state, g.world
    m = g.figure("p1-1")
    m.weapons = (*m.weapons, "power_up_shotgun")
    m.rules = (*m.rules, "Duct Tape (+1 Attack)")
    st.squad_of(1).power_ups = ["speed_pack"]
    w.engage(st.units["h1"], st.squad_of(1))
    assault.fight(w, ["h1", "p1"])
    assert m.unit == "h1" and [e for e in w.events if isinstance(e, JoinedHorde)]
    assert "power_up_shotgun" not in m.weapons and "Duct Tape (+1 Attack)" not in m.rules
    assert w.model_has(m, "Feel No Pain")  # it keeps its rules and gains Feel No Pain
    lost = [e for e in w.events if isinstance(e, PowerUpLost)]
    assert lost and set(lost[-1].keys) == {"shotgun", "duct_tape"}
    assert st.squad_of(1).power_ups == ["speed_pack"]


# -- 10. The Patriarch ---------------------------------------------------------------------------------------


def _patriarch_game(monkeypatch: pytest.MonkeyPatch, profile: str | None) -> object:
    if profile is not None:
        d = load_data()
        table = {**d.mods, "patriarch": {**d.mods["patriarch"], "profile": profile}}
        changed = dataclasses.replace(d, mods=table)
        monkeypatch.setattr(Zombie40kGame, "DATA", staticmethod(lambda: changed))
    # one boltgun wound on the Patriarch: the next die is his save (codex 4+) or, with none, his Feel No Pain
    return rigged_game({1: [(10, 40)]}, boss=(40, 10), dice=[4, 4], mods=["patriarch"])


def _bolt_wound(g) -> None:
    pool = attacks.Pool("Boltgun", 1, 3, 4, 5)
    attacks.allocate(
        g.world, g.state.squad_of(1), g.state.units["boss"], pool, [attacks.NORMAL], ["boss"], {}, "p1"
    )


def test_patriarch_profile_is_the_copy_s_ld_10_no_save_and_digits_1_to_6(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules: Mods, Zombie Boss Alternatives: the copy's Patriarch row "WS BS S T W I A Ld Sv 0" kept one 0 (Ld 10)
    and no "+": the copy lost only the digits 1-6, so every other characteristic is one of them and he has no
    armour save. A boltgun wound is not saved: a 4 fails his Feel No Pain (5+) and he loses the wound."""
    g = _patriarch_game(monkeypatch, None)
    p = g.world.profile(g.figure("boss"))
    assert p.name == "Patriarch" and p.ld == 10 and p.sv == 0 and p.inv == 0
    assert all(1 <= v <= 6 for v in (p.ws, p.bs, p.s, p.t, p.w, p.i, p.a))
    shown = mods.house_values(g.data, "patriarch")
    assert f"WS{p.ws} " in shown and "Ld10 Sv-" in shown
    _bolt_wound(g)
    assert g.figure("boss").wounds == p.w - 1
    assert not _steps(g, "p1", "save") and _steps(g, "p1", "fnp")


def test_patriarch_the_codex_reading_is_a_switch_ws7_i7_and_a_4_plus_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules: Mods, Zombie Boss Alternatives, the other reading ([mods.patriarch] profile = "patriarch_codex"):
    the 7th-edition numbers, WS7 I7 Ld10 Sv4+; the same 4 saves the boltgun wound."""
    g = _patriarch_game(monkeypatch, "patriarch_codex")
    p = g.world.profile(g.figure("boss"))
    assert (p.ws, p.i, p.ld, p.sv) == (7, 7, 10, 4)
    assert "WS7" in mods.house_values(g.data, "patriarch")
    _bolt_wound(g)
    assert g.figure("boss").wounds == p.w


# -- the house readings in the rules help ---------------------------------------------------------------------


def test_the_rules_help_states_the_house_readings_in_plain_sentences() -> None:
    """Rules help: the respawn 6 (placed for the furthest player, no scatter, and why), the Medpack on the first
    unsaved wound, T-Virus on horde zombies only, Killing Floor's prices, the Psychic phase skipped."""
    section = next(s for s in reference(None, {}) if s.title == "House readings")
    text = " ".join(p.text for p in section.body)
    assert '4" in front of the squad nearest the vehicle' in text and "does not scatter" in text
    assert "without stopping to ask a player" in text  # why the rules place it for that player
    assert "first unsaved wound" in text and '"may be saved"' in text
    assert "T-Virus: the horde zombies" in text and "Zombie Boss keeps his own profile" in text
    assert "Killing Floor's prices" in text and "boltgun 3" in text
    assert "Psychic phase is skipped" in text
    assert "[house]" not in text and "[seed]" not in text
