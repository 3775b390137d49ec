"""The window's least size lays out without overlap (issue "Club-night play", item 7), through the real
game scene on every shipped map: no label too small for its text (the banner and the objective shrink
their print, then cut their end short), the top bar's pieces side by side, and the table fitted whole."""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, start_game

from game.ui.app import MIN_SIZE
from game.ui.interface_size import offered
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.tmx"))


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_least_window_lays_out_without_overlap(path: Path, tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.start_game(GameSetup(load_entry(path)))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=MIN_SIZE[0], h=MIN_SIZE[1], size=MIN_SIZE))
            app.run_frames(8)
        scene = app.scene
        assert scene.name == "game" and app.screen.get_size() == MIN_SIZE
        too_small = [str(w.message) for w in caught if "too small" in str(w.message)]
        assert not too_small, too_small
        assert scene.banner_label.text.rstrip("\u2026") and scene.objective_label.text  # something of each shows
        more = [scene.top_bar.objective_more.rect] if scene.top_bar.objective_more.visible else []
        top = [scene.banner_label.rect, scene.objective_label.rect, *more, *(b.rect for b in scene.top.values())]
        for i, a in enumerate(top):
            assert 0 <= a.left and a.right <= MIN_SIZE[0], a
            for b in top[i + 1 :]:
                assert not a.colliderect(b), (a, b)
        view = scene.view
        x0, y0 = view.camera.to_screen((0, 0))
        x1, y1 = view.camera.to_screen((view.scenario.width, view.scenario.height))
        vx, vy, vw, vh = view.camera.viewport
        assert vx - 1 <= x0 and x1 <= vx + vw + 1 and vy - 1 <= y0 and y1 <= vy + vh + 1  # the whole table shows


def test_a_new_banner_or_objective_is_fitted_too(tmp_path: Path) -> None:
    """The turn line and the objective change all game long: each new text takes the print that fits."""
    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
        app.start_game(GameSetup(load_entry(MAPS[0])))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=MIN_SIZE[0], h=MIN_SIZE[1], size=MIN_SIZE))
        app.run_frames(4)
        scene = app.scene
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for text in (
                "Turn 12 \u2014 Player 2 (Necron Warriors) \u2014 shooting phase",
                "Turn 2",
                "Turn 3 \u2014 a b",
            ):
                scene.set_banner(text)
                scene.set_objective(
                    text + " \u00b7 first to embark on the escape vehicle wins \u00b7 9 of 12 turns left"
                )
                app.run_frames(1)
        assert not [str(w.message) for w in caught if "too small" in str(w.message)]
        assert scene.banner_label.text == "Turn 3 \u2014 a b"  # a short line shows whole
        shown = scene.top_bar.objective_shown()  # a long one goes onto two lines, is cut short, not spilled,
        assert "\u2026" in shown and shown.endswith("9 of 12 turns left")  # and keeps its clock whole


def test_at_the_biggest_interface_size_the_objective_keeps_the_turns_left(tmp_path: Path) -> None:
    """Issue 33 (interface size): at 143% Zombiekrieg's objective read "Zombies first · exit 3 men (0..." and the
    turns left were lost off its end. It now takes two lines, and what is cut is in the middle, never the clock."""
    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
        scene = start_game(app)
        app.set_interface_size(offered((1280, 800), MIN_SIZE)[-1])
        app.run_frames(3)
        scene = app.scene
        shown = scene.top_bar.objective_shown()
        assert shown.endswith(f"of {scene.game.state.turn_limit} turns left"), shown
        first, more = scene.objective_label.rect, scene.top_bar.objective_more.rect
        assert more.top >= first.bottom - 1 and more.bottom <= 48
        assert not any(r.colliderect(b.rect) for r in (first, more) for b in scene.top.values())
