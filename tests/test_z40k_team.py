"""Rules: Zombie 40,000, "Building a team" [seed]: 75 points, infantry only, cost per model, one
sergeant, two weapon changes, one Universal Special Rule, never Hit and Run; the options checked."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules.zombie40k import new_game
from game.rules.zombie40k.data import load_data
from game.rules.zombie40k.setup import OptionsError
from game.rules.zombie40k.setup_view import unit_help
from game.rules.zombie40k.team_builder import TeamError, build_team, cost, default_team, points_left, team_problems
from game.rules.zombie40k.testing import small_scenario

D = load_data()


def test_cost_per_model_is_squad_cost_divided_by_size() -> None:
    assert D.unit("tactical_squad").model_cost == 14
    assert D.unit("infantry_squad").model_cost == 5
    assert D.unit("guardian_defenders").model_cost == 9
    assert cost(D, {"unit": "ork_boyz", "models": 12}) == 72


def test_up_to_75_points() -> None:
    assert team_problems(D, {"unit": "tactical_squad", "models": 5, "weapons": ["flamer"]}) == []  # 70 + 5
    assert team_problems(D, {"unit": "tactical_squad", "models": 5, "weapons": ["meltagun"]}) == [
        "5 models of Tactical Squad cost 80 points: over the 75-point limit"
    ]
    assert (
        points_left(D, {"unit": "infantry_squad", "models": 10, "weapons": ["flamer", "grenade_launcher"]}) == 15
    )


def test_infantry_only() -> None:
    d = dataclasses.replace(
        D, units={**D.units, "bikes": dataclasses.replace(D.unit("tactical_squad"), key="bikes", type="bike")}
    )
    with pytest.raises(TeamError, match="only Infantry"):
        build_team(d, {"unit": "bikes", "models": 2})


def test_one_sergeant_paying_for_it_with_sergeant_wargear() -> None:
    t = build_team(
        D, {"unit": "infantry_squad", "models": 10, "sergeant": True, "sergeant_options": ["power_sword"]}
    )
    sarges = [m for m in t.models if m.sergeant]
    assert len(sarges) == 1 and "power_sword" in sarges[0].weapons and t.points == 60
    # [7th] the Tactical Squad's price includes its Sergeant; the Veteran Sergeant is the +10 upgrade (issue 34)
    assert build_team(D, {"unit": "tactical_squad", "models": 4, "sergeant": True}).points == 56
    vet = {"unit": "tactical_squad", "models": 4, "sergeant": True, "sergeant_options": ["veteran"]}
    assert build_team(D, vet).points == 66  # 56 + 10
    with pytest.raises(TeamError, match="no sergeant upgrade"):
        build_team(D, {"unit": "guardian_defenders", "models": 8, "sergeant": True})
    with pytest.raises(TeamError, match="needs the sergeant upgrade"):
        build_team(D, {"unit": "infantry_squad", "models": 5, "sergeant_options": ["power_sword"]})


def test_two_other_models_may_change_weapons_as_the_entry_allows() -> None:
    t = build_team(
        D, {"unit": "infantry_squad", "models": 10, "sergeant": True, "weapons": ["flamer", "meltagun"]}
    )
    assert [m.weapons for m in t.models[1:3]] == [
        ("close_combat_weapon", "flamer"),
        ("close_combat_weapon", "meltagun"),
    ]
    assert all(m.weapons == ("lasgun", "close_combat_weapon") for m in t.models[3:])
    with pytest.raises(TeamError, match="only two models may change weapons"):
        build_team(D, {"unit": "infantry_squad", "models": 10, "weapons": ["flamer", "flamer", "flamer"]})
    with pytest.raises(TeamError, match="no weapon option 'lascannon'"):
        build_team(D, {"unit": "infantry_squad", "models": 10, "weapons": ["lascannon"]})
    with pytest.raises(TeamError, match="need 2 models besides the sergeant"):
        build_team(D, {"unit": "tactical_squad", "models": 2, "sergeant": True, "weapons": ["flamer", "flamer"]})


def test_one_universal_special_rule_on_one_model() -> None:
    t = build_team(D, {"unit": "ork_boyz", "models": 10, "usr": "Feel No Pain", "usr_model": 3})
    assert "Feel No Pain" in t.models[3].rules and all(
        "Feel No Pain" not in m.rules for i, m in enumerate(t.models) if i != 3
    )
    unit = build_team(D, {"unit": "ork_boyz", "models": 10, "usr": "Stubborn"})
    assert "Stubborn" in unit.models[0].unit_rules  # a Unit Rule: the whole squad while that model lives
    with pytest.raises(TeamError, match="Hit and Run may not be used"):
        build_team(D, {"unit": "ork_boyz", "models": 10, "usr": "Hit and Run"})
    with pytest.raises(TeamError, match="not on the seed's Universal Special Rule lists"):
        build_team(D, {"unit": "ork_boyz", "models": 10, "usr": "Fearless"})
    with pytest.raises(TeamError, match="usr_model"):
        build_team(D, {"unit": "ork_boyz", "models": 10, "usr": "Rage", "usr_model": 10})


def test_unknown_units_and_fields_are_refused_with_the_reason() -> None:
    assert "no unit 'land_raider'" in team_problems(D, {"unit": "land_raider"})[0]
    assert "has at most 10 models" in team_problems(D, {"unit": "infantry_squad", "models": 11})[0]
    assert "no field 'jump_packs'" in team_problems(D, {"unit": "infantry_squad", "jump_packs": True})[0]


def test_default_teams_are_legal_and_fill_the_points() -> None:
    for key in D.units:
        spec = default_team(D, key)
        assert team_problems(D, spec) == [], key
        assert points_left(D, spec) < D.unit(key).model_cost + 10


def test_new_game_options_are_validated_with_a_clear_error() -> None:
    with pytest.raises(OptionsError, match='options need "teams"'):
        new_game(small_scenario(), {"teams": []}, seed=1)
    with pytest.raises(OptionsError, match='or "players": a number of players'):
        new_game(small_scenario(), {"players": "many"}, seed=1)
    with pytest.raises(OptionsError, match="takes 1 to 4 players, not 5"):
        new_game(small_scenario(), {"players": 5}, seed=1)
    with pytest.raises(OptionsError, match="takes 1 to 4 players, not 5"):
        new_game(small_scenario(), {"teams": ["ork_boyz"] * 5}, seed=1)
    with pytest.raises(OptionsError, match="player 2: 6 models of Tactical Squad cost 84 points"):
        new_game(small_scenario(), {"teams": ["ork_boyz", {"unit": "tactical_squad", "models": 6}]}, seed=1)
    with pytest.raises(OptionsError, match="player 1: no unit 'grots'"):
        new_game(small_scenario(), {"teams": ["grots"]}, seed=1)
    # a misspelt option is refused with the known ones, not played as the roster dealt in turn
    with pytest.raises(OptionsError, match="Unknown option 'team' for Zombie 40,000; known: teams, players, mods"):
        new_game(small_scenario(), {"team": ["ork_boyz", "tactical_squad"]}, seed=1)


def test_every_option_the_set_up_writes_is_known() -> None:
    """What New game's set-up writes (teams, mods, the sight reading) starts a game: the known options are
    the set-up's own."""
    from game.rules.zombie40k.setup import OPTION_KEYS
    from game.rules.zombie40k.setup_view import Z40Setup

    sc = small_scenario()
    answers = {"players": 1, "each": [{}], "game": {"mod:coop": True, "ruins_block_sight": True}}
    options = Z40Setup().options(sc, answers)
    assert set(options) <= set(OPTION_KEYS)
    new_game(sc, options, seed=1)


def test_without_teams_the_roster_is_dealt_round_the_seats_by_the_seed() -> None:
    """The simulator's default (no team builder): seat k plays roster unit (seed + k), so over six seeds
    every seat has played every army once."""
    units = list(D.units)
    g = new_game(small_scenario(), {}, seed=1)
    assert [g.state.squad_of(p).entry for p in g.state.players] == [units[(1 + k) % len(units)] for k in range(4)]
    g = new_game(small_scenario(), {"players": 2}, seed=3)
    assert [g.state.squad_of(p).entry for p in g.state.players] == [units[3], units[4]]
    for seat in range(4):
        seen = {new_game(small_scenario(), {}, seed=s).state.squad_of(seat + 1).entry for s in range(6)}
        assert seen == set(units)


def test_the_set_up_notes_that_one_team_or_coop_players_never_charge():
    """Only another player's squad may be assaulted in a player turn [seed]: alone, or in Coop Mode (no player
    assaults another), a team never charges, and the rules say so to the set-up; two rivals may."""
    from game.rules.zombie40k.assault import ONLY_PLAYERS
    from game.rules.zombie40k.mods import NO_PVP
    from game.rules.zombie40k.setup_view import SETUP
    from game.rules.zombie40k.testing import small_scenario

    s = small_scenario()
    solo = {"players": 1, "each": [{}], "game": {}}
    assert SETUP.notes(s, solo) == [
        f"Solo game: your squad never charges (no other player's squad to assault). {ONLY_PLAYERS}"
    ]
    two = {"players": 2, "each": [{}, {}], "game": {}}
    assert SETUP.notes(s, two) == []
    coop = {**two, "game": {"mod:coop": True}}
    assert SETUP.notes(s, coop) == [
        f"{NO_PVP} So no charges in your turns: zombies are fought in their turn [seed]."
    ]


def test_the_builder_counts_one_model_as_one_model_not_one_models() -> None:
    said = team_problems(D, {"unit": "tactical_squad", "models": 1}, 10)
    assert said == ["1 model of Tactical Squad cost 14 points: over the 10-point limit"]
    assert team_problems(D, {"unit": "tactical_squad", "models": 2}, 10)[0].startswith(
        "2 models of Tactical Squad"
    )
    one = dataclasses.replace(D.units["tactical_squad"], squad_size=1, max_models=1)
    tip = unit_help(dataclasses.replace(D, units={**D.units, "tactical_squad": one}), "tactical_squad")
    assert tip.startswith("Tactical Squad (Space Marines): 1 model in the codex,")
