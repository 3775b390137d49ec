"""The game's panels are themed by the same ids as pygame_gui's own look-up gives, remembered under keys of a
few bytes: pygame_gui's keys (a ``str.join`` of a ``str.join``) were megabytes a button, 15 MB once the
table screen was open."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import sys

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme

from game.scenario.loader import load_scenario
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.theme_ids import small_theme_keys

ORIGINAL = UIAppearanceTheme.build_all_combined_ids


def test_the_table_screen_is_themed_by_pygame_guis_ids_under_small_keys(tmp_path) -> None:
    scenario = load_scenario("maps/normandy_village.tmx")
    from game.rules.core import get_ruleset

    options = get_ruleset(scenario.ruleset).demo_forces(random.Random(5), scenario)
    app = App(settings_path=tmp_path / "settings.json", sounds_enabled=False, size=(1280, 800), data_dir=tmp_path)
    try:
        app.push(GameScene(app, scenario, options, seed=5))
        app.run_frames(2)
        theme = app.manager.get_theme()
        asked = dict(theme.unique_theming_ids)
        assert len(asked) > 10  # the buttons, panels, text boxes and labels of the table screen
        assert sum(sys.getsizeof(key) for key in asked) < 200_000  # (pygame_gui's own: 15 MB)
        pygame_guis = pygame_gui.UIManager((200, 100)).get_theme()
        for key, ids in asked.items():
            lists = [None if part is None else list(part) for part in key]
            assert ids == ORIGINAL(pygame_guis, *lists)
    finally:
        app.close()


def test_a_hierarchy_asked_again_is_answered_from_what_was_kept() -> None:
    pygame.init()
    theme = pygame_gui.UIManager((200, 100)).get_theme()
    small_theme_keys(theme)
    ids = (["panel", "button"], ["panel", "button"], [None, "@small"], ["#log_panel", "#ok"])
    first = theme.build_all_combined_ids(*ids)
    assert first == ORIGINAL(pygame_gui.UIManager((200, 100)).get_theme(), *ids)
    assert theme.build_all_combined_ids(*ids) is first
    assert len(theme.unique_theming_ids) == 1
