"""How to play, opened from an Outbreak game, opens on Outbreak's page (newcomers' Small Town game, session 46,
reported "it opens on Zombiekrieg"). From the game's Menu it shows the rule set played, with no chooser; from the
title afterwards it opens on the rule set played last (Zombie Rules (Outbreak) after a Small Town game; a new
installation's first How to play opens on the starter map's). Through the real screens and a player's clicks."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import click, key

from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

SMALL_TOWN = Path(__file__).resolve().parent.parent / "maps" / "small_town.tmx"
PAGE = "How to play Zombie Rules (Outbreak)"


def test_how_to_play_from_an_outbreak_games_menu_and_then_the_title(app: App) -> None:
    app.start_game(GameSetup(load_entry(SMALL_TOWN)), seed=3)
    app.run_frames(3)
    game = app.scene
    click(app, game.top_bar.buttons["menu"].rect.center)
    assert game.menu_open
    click(app, game.menu_buttons["how_to_play"].rect.center)
    app.run_frames(2)
    page = app.scene
    assert page.name == "how_to_play" and page.ruleset == "outbreak" and page.chooser is None
    assert PAGE in page.html
    app.back_to_title()
    app.run_frames(2)
    click(app, app.scene.buttons["how_to_play"].rect.center)
    app.run_frames(2)
    page = app.scene
    assert page.name == "how_to_play" and page.ruleset == "outbreak", page.ruleset
    assert PAGE in page.html
    assert page.chooser is not None and page.chooser.selected_option[0] == "Zombie Rules (Outbreak)"
    key(app, pygame.K_ESCAPE)
