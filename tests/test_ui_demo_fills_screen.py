"""``deadground demo`` fills the screen (the club organisers: the demo used a 1280x800 window of a 1600x900 screen; an
attractor fills it), and leaves the player's own fullscreen setting as it was. Headless (SDL's dummy screen is
1024x768): the real ``run_demo``, stopped after its first frame."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.table.warm
import game.ui.app as app_module
from game.demo import DemoDirector, DemoLoop
from game.ui.settings import Settings


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The settings, saves and cache in ``tmp_path`` (never the real user folder); no loops compiled."""
    monkeypatch.setattr(app_module, "default_settings_path", lambda: tmp_path / "settings.json")
    monkeypatch.setattr(app_module, "data_folder", lambda: tmp_path)
    monkeypatch.setattr(app_module, "_user_cache", lambda: tmp_path / "cache")
    monkeypatch.setattr(game.table.warm, "play_while_preparing", lambda: None)
    return tmp_path


def first_frame_size(monkeypatch: pytest.MonkeyPatch, **kwargs: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """The window's size at ``run_demo``'s first frame (it stops there), and the desktop's."""
    seen: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def one_frame(app: app_module.App) -> bool:
        seen.append((app.display.get_size(), pygame.display.get_desktop_sizes()[0]))
        return False

    monkeypatch.setattr(app_module.App, "step", one_frame)
    app_module.run_demo(DemoLoop(DemoDirector(seed=1)), games=1, **kwargs)
    return seen[0]


def test_the_demo_fills_the_screen_and_keeps_the_players_setting(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Settings().save(folder / "settings.json")  # a player who plays in a window
    window, desktop = first_frame_size(monkeypatch)
    assert window == desktop != app_module.WINDOW_SIZE
    assert Settings.load(folder / "settings.json").fullscreen is False  # his window next time he plays


def test_the_demo_in_a_window_when_asked(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert first_frame_size(monkeypatch, fullscreen=False)[0] == app_module.WINDOW_SIZE
