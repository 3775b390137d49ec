"""Play-test (issue 33, Outbreak): with two players, player 1 kept the map's whole named team and player 2
got a lone "Character 1". Choosing 2 players on the set-up screen now shares the map's characters out, every
group made up to the same size with a named newcomer: teams equal in number and every one named."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_setup import choose, open_setup

from game.ui.app import App
from game.ui.scenario_list import load_entry

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.mark.parametrize("name", ["small_town", "hollow_creek_farm"])
def test_two_players_open_with_equal_named_teams(app: App, name: str) -> None:
    scene = open_setup(app, load_entry(MAPS / f"{name}.tmx"))
    choose(app, scene.players_menu, "2 players")
    teams = [each["characters"] for each in scene.setup.answers["each"]]
    assert len(teams) == 2 and len(teams[0]) == len(teams[1])
    names = [c["name"] for team in teams for c in team]
    assert not any(n.startswith("Character") for n in names) and len(set(names)) == len(names)
    assert all(c["ranged"] != "none" or c["melee"] != "none" for team in teams for c in team)
    assert scene.setup.refusals == []


LONG_GUNS = ("shotgun", "rifle")


@pytest.mark.parametrize("name", ["small_town", "hollow_creek_farm"])
def test_two_players_open_with_a_long_gun_each(app: App, name: str) -> None:
    """Hollow Creek Farm's shotgun (Deputy Ruth) and rifle (Sam the vet) both went to player 1, whose map
    numbers are 1 and 3: the deal now gives each player one of them."""
    scene = open_setup(app, load_entry(MAPS / f"{name}.tmx"))
    choose(app, scene.players_menu, "2 players")
    teams = [each["characters"] for each in scene.setup.answers["each"]]
    assert [sum(c["ranged"] in LONG_GUNS for c in team) for team in teams] == [1, 1], teams
    assert len(teams[0]) == len(teams[1]) and scene.setup.refusals == []


def test_a_two_player_game_of_the_maps_characters_deals_the_long_guns_apart() -> None:
    """The rules' own deal of the map's characters (the demo's, ``simulate --players 2``'s) spreads them too."""
    from game.rules.core import get_ruleset
    from game.scenario import load_scenario

    scenario = load_scenario(MAPS / "hollow_creek_farm.tmx")
    game = get_ruleset("outbreak").new_game(scenario, {"players": 2}, 1)
    longs = {p: [f.name for f in game.state.pcs() if f.player == p and f.ranged in LONG_GUNS] for p in (1, 2)}
    assert longs == {1: ["Deputy Ruth"], 2: ["Sam the vet"]}
