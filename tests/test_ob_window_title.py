"""The window's title names the game being played (newcomers' Small Town game, session 46: "the title shows step
numbers, a programmer's counter"; it should say the game and the map). While a game is on the table the window
reads "Small Town · Zombie Rules (Outbreak) · Dead Ground", for every rule set alike, and "Dead Ground" again back
at the title. Through the real app, headless, as a player starts a game from the New game screen's map."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules.core import get_ruleset
from game.scenario import load_scenario
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.mark.parametrize("name", ["small_town", "normandy_village", "hive_street"])
def test_the_window_title_names_the_map_and_the_rule_set(app: App, name: str) -> None:
    scenario = load_scenario(MAPS / f"{name}.tmx")
    setup = GameSetup(load_entry(MAPS / f"{name}.tmx"))
    if name == "hive_street":
        setup.use_options({"teams": [{"unit": "tactical_squad", "models": 5}]})
    app.start_game(setup, seed=3)
    app.run_frames(3)
    title = pygame.display.get_caption()[0]
    assert title == f"{scenario.title} · {get_ruleset(scenario.ruleset).name} · Dead Ground", title
    app.back_to_title()
    app.run_frames(2)
    assert pygame.display.get_caption()[0] == "Dead Ground"


def test_small_town_reads_as_a_player_calls_it(app: App) -> None:
    app.start_game(GameSetup(load_entry(MAPS / "small_town.tmx")), seed=3)
    app.run_frames(3)
    assert pygame.display.get_caption()[0] == "Small Town · Zombie Rules (Outbreak) · Dead Ground"


def test_the_top_bar_says_the_step_in_words_without_a_counter(app: App) -> None:
    """The top bar read "Move 2 · 3. spot, move or fire · Player 1": the "3." is the step's place in the move
    sequence, which the log still gives ("Step 3: humans spot, move or fire"); on the top bar, words alone."""
    app.start_game(GameSetup(load_entry(MAPS / "small_town.tmx")), seed=3)
    app.run_frames(3)
    banner = app.scene.top_bar.banner
    assert banner == "Move 2 · spot, move or fire · Player 1", banner
