"""`deadground play maps/small_town.tmx` shows the scenario's briefing first, as New game does (a newcomer's Small
Town game, issue 33: straight to the set-up, the briefing never met). It stands in a window over the set-up until
dismissed (Esc puts it away, not the set-up); New game's way in, which showed it already, opens no window.
Through the real app (headless)."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import click, key

import game.ui.app as app_module
from game.assets import assets_dir
from game.ui.scenario_list import load_entry

SMALL_TOWN = assets_dir("maps") / "small_town.tmx"


def test_play_a_map_shows_its_briefing_over_the_set_up(app) -> None:  # type: ignore[no-untyped-def]
    entry = load_entry(Path(SMALL_TOWN))
    assert entry.scenario is not None and entry.scenario.briefing
    app_module.open_first(app, entry, straight_in=False, seed=None)
    app.run_frames(2)
    scene = app.scene
    window = scene.briefing_window
    assert scene.name == "setup" and window is not None and window.alive()
    first_words = " ".join(entry.scenario.briefing.split()[:4])
    assert first_words in " ".join(window.text_block.html_text.split()), window.text_block.html_text
    key(app, pygame.K_ESCAPE)  # put away: the set-up stays, and a new layout does not bring it back
    app.run_frames(1)
    assert app.scene is scene and not window.alive()
    app.rebuild()
    app.run_frames(1)
    assert scene.briefing_window is None
    click(app, scene.back.rect.center)
    assert app.scene.name == "title"


def test_new_game_s_way_in_opens_no_briefing_window(app) -> None:  # type: ignore[no-untyped-def]
    app.start_setup(load_entry(Path(SMALL_TOWN)))
    app.run_frames(2)
    assert app.scene.name == "setup" and app.scene.briefing_window is None
