"""The end screen, headless: it shows a finished game, its buttons lead where they say, its chart is drawn."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import click

from game.ai.zombiekrieg_bot import choose_command
from game.assets import default_scenario
from game.report import AfterAction
from game.rules.zombiekrieg import new_game
from game.scenario import load_scenario
from game.ui import charts
from game.ui.app import App
from game.ui.end_scene import EndScene, end_layout


@pytest.fixture(scope="module")
def report() -> AfterAction:
    path = default_scenario()
    if not path.exists():
        pytest.skip("the default scenario is not there yet")
    g = new_game(load_scenario(path), {"sections": ["american"]}, seed=2)
    while not g.over:
        g.apply(choose_command(g))
    return AfterAction.from_game(g)


def changed_pixels(surface: pygame.Surface, background: tuple[int, int, int]) -> float:
    """The share of pixels that differ from ``background`` (sampled on a grid)."""
    w, h = surface.get_size()
    points = [(x, y) for x in range(0, w, 4) for y in range(0, h, 4)]
    return sum(surface.get_at(p)[:3] != background for p in points) / len(points)


def test_end_scene_shows_a_finished_game_and_title_screen_goes_home(app: App, report: AfterAction) -> None:
    app.push(EndScene(app, report))
    app.run_frames(30)
    scene = app.scene
    assert scene.name == "end" and app.running
    # the fanfare of the side that won, once
    assert app.sounds.last_played == ("victory" if report.allied_victory else "defeat")
    # the chart is a real chart, not an empty box
    assert scene.chart is not None and changed_pixels(scene.chart, charts.DARK.background) > 0.05
    # the report is on screen: the panels hold far more than the backdrop
    assert changed_pixels(app.screen, (0, 0, 0)) > 0.5
    click(app, scene.buttons["title"].rect.center)
    assert app.scene.name == "title" and len(app.scenes) == 1


def test_play_again_and_quit(app: App, report: AfterAction) -> None:
    calls: list[str] = []
    app.push(EndScene(app, report, on_again=lambda: calls.append("again"), on_title=lambda: calls.append("title")))
    app.run_frames(3)
    click(app, app.scene.buttons["again"].rect.center)
    click(app, app.scene.buttons["title"].rect.center)
    assert calls == ["again", "title"]
    # without a callback, Play again goes to the scenario's set-up, over a fresh title screen
    app.push(EndScene(app, report))
    app.run_frames(3)
    click(app, app.scene.buttons["again"].rect.center)
    assert app.scene.name == "setup" and app.scene.setup.entry.title == report.scenario
    assert [s.name for s in app.scenes] == ["title", "setup"]
    app.push(EndScene(app, report))
    app.run_frames(3)
    click(app, app.scene.buttons["quit"].rect.center)
    assert not app.running


def test_resizing_rebuilds_without_replaying_the_fanfare(app: App, report: AfterAction) -> None:
    app.push(EndScene(app, report))
    app.run_frames(3)
    app.sounds.last_played = None
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)  # what the window manager does before it tells us
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    app.run_frames(3)
    scene = app.scene
    assert scene.name == "end" and app.sounds.last_played is None
    assert all(b.rect.bottom <= 600 and b.rect.right <= 900 for b in scene.buttons.values())
    assert scene.chart.get_width() < 900 // 2 + 20


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1920, 1080)])
def test_layout_keeps_panels_and_buttons_apart_in_the_window(size: tuple[int, int]) -> None:
    lay = end_layout(size)
    window = pygame.Rect((0, 0), size)
    parts = [lay.report, lay.chart, *lay.buttons]
    assert all(window.contains(p) for p in parts)
    assert not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1 :])
    assert lay.header.bottom <= lay.report.top
