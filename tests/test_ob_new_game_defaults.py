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
    two = default_answers(spec, players=2)  # another number of players: every field at its default
    assert two["players"] == 2 and all(len(e["characters"]) == 1 for e in two["each"])
