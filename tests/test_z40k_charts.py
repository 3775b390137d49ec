"""Rules: Zombie 40,000, "The 40k core needed": the charts cell by cell against the published
Warhammer 40,000 7th-edition tables, the saves and their AP, and the data files' checks."""

from __future__ import annotations

import pytest

from game.rules.zombie40k import charts
from game.rules.zombie40k.data import DataError, build_data, load_data

D = load_data()

# The published 7th-edition tables, typed from the rulebook (rows: attacker / Strength, columns: defender / T).
PUBLISHED_TO_HIT = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}
PUBLISHED_WS = """
4 4 5 5 5 5 5 5 5 5
3 4 4 4 5 5 5 5 5 5
3 3 4 4 4 4 5 5 5 5
3 3 3 4 4 4 4 4 5 5
3 3 3 3 4 4 4 4 4 4
3 3 3 3 3 4 4 4 4 4
3 3 3 3 3 3 4 4 4 4
3 3 3 3 3 3 3 4 4 4
3 3 3 3 3 3 3 3 4 4
3 3 3 3 3 3 3 3 3 4
"""
PUBLISHED_WOUND = """
4 5 6 6 - - - - - -
3 4 5 6 6 - - - - -
2 3 4 5 6 6 - - - -
2 2 3 4 5 6 6 - - -
2 2 2 3 4 5 6 6 - -
2 2 2 2 3 4 5 6 6 -
2 2 2 2 2 3 4 5 6 6
2 2 2 2 2 2 3 4 5 6
2 2 2 2 2 2 2 3 4 5
2 2 2 2 2 2 2 2 3 4
"""


def _grid(text: str) -> list[list[int]]:
    return [[0 if c == "-" else int(c) for c in row.split()] for row in text.strip().splitlines()]


@pytest.mark.parametrize("bs", range(1, 11))
def test_to_hit_by_ballistic_skill_matches_the_published_chart(bs: int) -> None:
    assert charts.to_hit_ranged(D, bs) == PUBLISHED_TO_HIT[bs]
    assert charts.to_hit_ranged(D, bs, snap=True) == 6  # Snap Shots hit on a 6 only


@pytest.mark.parametrize("ws", range(1, 11))
def test_weapon_skill_chart_cell_by_cell(ws: int) -> None:
    published = _grid(PUBLISHED_WS)
    for target in range(1, 11):
        assert charts.to_hit_melee(D, ws, target) == published[ws - 1][target - 1], (ws, target)
        # and the rule the chart encodes [7th]: higher WS 3+, target WS more than double 5+, else 4+
        rule = 3 if ws > target else (5 if target > 2 * ws else 4)
        assert published[ws - 1][target - 1] == rule


@pytest.mark.parametrize("s", range(1, 11))
def test_to_wound_chart_cell_by_cell(s: int) -> None:
    published = _grid(PUBLISHED_WOUND)
    for t in range(1, 11):
        assert charts.to_wound(D, s, t) == published[s - 1][t - 1], (s, t)
        diff = s - t
        rule = 2 if diff >= 2 else {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}.get(diff, 0)
        assert published[s - 1][t - 1] == rule


def test_a_1_always_fails_and_a_6_always_succeeds() -> None:
    assert charts.p_roll(1) == charts.p_roll(2) == 5 / 6
    assert charts.p_roll(6) == 1 / 6
    assert charts.p_roll(0) == 0 and charts.p_roll(7) == 0


@pytest.mark.parametrize(
    ("armour", "ap", "inv", "cover", "save"),
    [
        (3, 0, 0, 0, 3),  # AP - : armour
        (3, 5, 0, 0, 3),  # AP 5 does not beat a 3+
        (3, 3, 0, 0, 0),  # AP equal to the save: no armour save
        (3, 2, 0, 0, 0),  # AP lower: none
        (2, 2, 5, 0, 5),  # the invulnerable save ignores AP (the Boss's 5++)
        (2, 0, 5, 0, 2),  # the better of armour and invulnerable
        (5, 5, 0, 5, 5),  # cover when obscured, AP 5 took the armour
        (6, 0, 0, 4, 4),  # ruins 4+ beat a 6+ armour
        (0, 0, 0, 0, 0),  # zombies: no save at all
        (4, 1, 0, 5, 5),
    ],
)
def test_one_save_armour_unless_ap_beats_it_else_invulnerable_or_cover(
    armour: int, ap: int, inv: int, cover: int, save: int
) -> None:
    assert charts.best_save(armour, ap, inv, cover) == save


def test_house_values_are_data() -> None:
    h = D.house
    assert h.points == 75 and h.cover_obscured == 5 and h.cover_ruin == 4
    assert h.blast_diameter == 3.0 and h.consolidate_dice == "D3" and h.pile_in == 3.0
    assert (
        D.profile("zombie").fnp == 5 and D.profile("zombie_boss").inv == 5 and D.profile("zombie_boss").base == 1.6
    )


def test_every_seed_usr_is_listed_with_an_effect_or_no_effect() -> None:
    unit_rules = [
        "And They Shall Know No Fear",
        "Counter-Attack",
        "Crusader",
        "Move Through Cover",
        "Night Vision",
        "Preferred Enemy",
        "Shrouded",
        "Slow and Purposeful",
        "Split Fire",
        "Stealth",
        "Stubborn",
    ]
    model_rules = [
        "Blind",
        "Feel No Pain",
        "Fleshbane",
        "Furious Charge",
        "Hammer of Wrath",
        "Hatred",
        "Poisoned",
        "Rage",
        "Rampage",
        "Relentless",
        "Rending",
        "Shred",
        "Smash",
    ]
    for name in unit_rules:
        assert D.usrs[name].list == "unit"
    for name in model_rules:
        assert D.usrs[name].list == "model"
    for u in D.usrs.values():
        assert u.effect, u.name
        if not u.has_effect:
            assert "no effect in this game" in u.why or "never allowed" in u.why
    assert D.usrs["Night Vision"].has_effect is False
    assert D.usrs["Hit and Run"].list == "forbidden"


def _core() -> dict:
    import tomllib

    from game.assets import data_file

    return tomllib.loads(data_file("zombie40k.toml").read_text())


def _roster() -> dict:
    import tomllib

    from game.assets import data_file

    return tomllib.loads(data_file("zombie40k_roster.toml").read_text())


def test_a_broken_roster_entry_is_reported_with_file_entry_and_field() -> None:
    roster = _roster()
    roster["units"]["ork_boyz"]["squad_cost"] = "sixty"
    with pytest.raises(DataError, match=r"zombie40k_roster.toml: units.ork_boyz: field 'squad_cost'"):
        build_data(_core(), roster, "zombie40k.toml", "zombie40k_roster.toml")
    roster = _roster()
    roster["units"]["strike_team"]["wargear"] = ["pulse_rifle", "rail_gun"]
    with pytest.raises(DataError, match=r"units.strike_team: field 'wargear': unknown 'rail_gun'"):
        build_data(_core(), roster, "zombie40k.toml", "zombie40k_roster.toml")
    roster = _roster()
    del roster["profiles"]["guardian"]["ws"]
    with pytest.raises(DataError, match=r"profiles.guardian: field 'ws': is missing"):
        build_data(_core(), roster, "zombie40k.toml", "zombie40k_roster.toml")
    roster = _roster()
    roster["units"]["tactical_squad"]["weapon_options"][0]["replaces"] = "lasgun"
    with pytest.raises(DataError, match=r"units.tactical_squad: option 'flamer': field 'replaces'"):
        build_data(_core(), roster, "zombie40k.toml", "zombie40k_roster.toml")


def test_a_psyker_in_the_roster_is_refused_because_there_is_no_psychic_phase() -> None:
    """Rules: Zombie 40,000, "The 40k core needed": a roster without psykers skips the Psychic phase; the
    game has no psychic powers, so a profile that is a Psyker is refused with the file, entry and field."""
    roster = _roster()
    roster["profiles"]["guardian"]["rules"] = ["Psyker"]
    with pytest.raises(DataError, match=r"profiles.guardian: field 'rules': a Psyker cannot be played"):
        build_data(_core(), roster, "zombie40k.toml", "zombie40k_roster.toml")


def test_players_may_add_a_unit_with_its_own_weapon() -> None:
    roster = _roster()
    roster.setdefault("weapons", {})["hot_shot_lasgun"] = {
        "name": "Hot-shot lasgun",
        "range": 18,
        "s": 3,
        "ap": 3,
        "type": "rapid_fire",
    }
    roster["units"]["scions"] = {
        "name": "Militarum Tempestus Scions",
        "army": "Astra Militarum",
        "type": "infantry",
        "squad_cost": 60,
        "squad_size": 5,
        "max_models": 10,
        "model": "guardsman",
        "wargear": ["hot_shot_lasgun"],
    }
    d = build_data(_core(), roster, "zombie40k.toml", "zombie40k_roster.toml")
    assert d.unit("scions").model_cost == 12 and d.weapon("hot_shot_lasgun").ap == 3


def test_the_roster_has_six_armies() -> None:
    assert len({u.army for u in D.units.values()}) >= 6
    assert all(u.type == "infantry" for u in D.units.values())
