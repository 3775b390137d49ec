"""A solo game's menu offers no turn files (a newcomer's Normandy Village game, session 45: Esc with nobody
selected opened the menu, and his next click, meant for the table, landed on "Send turn (file)…": a "Turn sent"
dialog asked him to send a file to "the other player", and a "Last turn sent" pop-up later covered his Victory).
A game with two players keeps them. Through the real game scene."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import headless_app, key, need_default_scenario, start_game


def _menu_keys(app, scene) -> set[str]:  # noqa: ANN001
    key(app, pygame.K_ESCAPE)
    assert scene.menu_open
    return set(scene.menu_buttons)


def test_a_solo_games_menu_has_no_turn_files(tmp_path: Path) -> None:
    need_default_scenario()
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, speed=8.0)
        keys = _menu_keys(app, scene)
        assert "save" in keys and not keys & {"send_turn", "receive_turn"}, keys


def test_a_two_player_games_menu_keeps_them(tmp_path: Path) -> None:
    need_default_scenario()
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, ["british", "soviet"], speed=8.0)
        assert {"send_turn", "receive_turn"} <= _menu_keys(app, scene)
