"""The measuring tape goes when a player is done with it (a 40k player's report on Hive Street: "Esc does not
clear the tape; it stayed on through the zombies' turn into the next turn, following the mouse; only T again
turned it off"). Esc puts it away first, before stepping back out of a choice or opening the menu; and the tape
is put away when the table passes to another side. The shared screen: it holds for every rule set."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import end_turn, headless_app, key, motion, play_out

from game.controller.machine import CHOOSING
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _hive_game(app):  # noqa: ANN001, ANN202  (the App; the game scene)
    setup = GameSetup(load_entry(HIVE))
    setup.use_options({"teams": ["tactical_squad"]})
    app.start_game(setup)
    app.run_frames(5)
    return app.scene


def _tape_out(app, scene) -> None:  # noqa: ANN001
    """T, and the pointer moves off: the tape reads a length."""
    x, y, w, h = scene.view.camera.viewport
    motion(app, (x + w // 3, y + h // 2))
    key(app, pygame.K_t)
    motion(app, (x + w // 3 + 90, y + h // 2))
    assert scene.view.tape is not None and scene.view.tape.length > 0


def test_esc_puts_the_tape_away_before_it_steps_back_or_opens_the_menu(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = _hive_game(app)
        _tape_out(app, scene)
        key(app, pygame.K_ESCAPE)
        assert scene.view.tape is None and not scene.menu_open
        motion(app, (10, 10))
        assert scene.view.tape is None  # it follows the pointer no more

        # with a model selected: the first Esc takes the tape, the second steps back out of the choice
        key(app, pygame.K_TAB)
        assert scene.match.controller.mode in CHOOSING
        _tape_out(app, scene)
        key(app, pygame.K_ESCAPE)
        assert scene.view.tape is None and scene.match.controller.mode in CHOOSING
        key(app, pygame.K_ESCAPE)
        assert scene.match.controller.mode not in CHOOSING and not scene.menu_open
        key(app, pygame.K_ESCAPE)
        assert scene.menu_open


def test_the_tape_taken_out_in_the_players_turn_is_gone_after_the_zombies(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = _hive_game(app)
        turn = scene.match.game.state.turn
        _tape_out(app, scene)
        for _ in range(4):
            end_turn(app, scene)
            play_out(app, scene)
            if scene.match.game.state.turn != turn:
                break
        assert scene.match.game.state.turn == turn + 1, "the zombies' turn never came"
        motion(app, (200, 200))
        assert scene.view.tape is None, "the tape came through the zombies' turn into the next"
