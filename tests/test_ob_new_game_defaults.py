"""Outbreak's New game opens with the map's own characters: what the simulator, the demo and the
balance figures play (issue 13), not one default survivor."""

from __future__ import annotations

from pathlib import Path

from game.rules.contract import default_answers
from game.rules.core import get_ruleset
from game.scenario.loader import load_scenario

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_new_game_on_small_town_opens_with_the_map_s_four_characters() -> None:
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    setup = GameSetup(load_entry(MAPS / "small_town.tmx"))
    names = [c["name"] for c in setup.answers["each"][0]["characters"]]
    assert names == ["Sheriff Dale", "Jo the mechanic", "Deacon Hale", "Trina"]
    scenario = load_scenario(str(MAPS / "small_town.tmx"))
    game = get_ruleset("outbreak").new_game(scenario, setup.options, 1)
    assert sorted(f.name for f in game.state.pcs()) == sorted(names)


def test_check_and_the_screen_start_from_the_same_answers() -> None:
    scenario = load_scenario(str(MAPS / "hollow_creek_farm.tmx"))
    spec = get_ruleset("outbreak").setup.spec(scenario)
    start = default_answers(spec)
    assert [c["ranged"] for c in start["each"][0]["characters"]] == ["shotgun", "revolver", "rifle"]
    two = default_answers(spec, players=2)  # another number of players: the map's characters shared out
    teams = [[c["name"] for c in e["characters"]] for e in two["each"]]
    # even in guns too: the shotgun (Ruth) and the rifle (Sam) one a player (both were player 1's, issue 33)
    assert two["players"] == 2 and teams == [["Deputy Ruth", "Doc Harlan"], ["Sam the vet", "Nurse Abby"]]


def test_four_players_start_with_four_different_names_and_the_game_sets_up() -> None:
    """Each player's first character took the map's first name ("Sheriff Dale" four times): with two
    people of one name refused, a 4-player Small Town could not be set up, and check refused the map."""
    from game.ui.game_setup import resize_answers

    scenario = load_scenario(str(MAPS / "small_town.tmx"))
    setup = get_ruleset("outbreak").setup
    spec = setup.spec(scenario)
    for answers in (default_answers(spec, 4), resize_answers(spec, default_answers(spec, 1), 4)):
        names = [c["name"] for each in answers["each"] for c in each["characters"]]
        assert len({n.casefold() for n in names}) == len(names) >= 4
        get_ruleset("outbreak").new_game(scenario, setup.options(scenario, answers), 1)
