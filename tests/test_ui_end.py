"""The end screen, headless: it shows a finished game, its buttons lead where they say, its chart is
drawn; and it draws any rule set's Report (not only Zombiekrieg's)."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import click

from game.ai.zombiekrieg_bot import choose_command
from game.assets import default_scenario
from game.rules.contract import Report, RollRow, Series
from game.rules.core import get_ruleset
from game.rules.zombiekrieg import new_game
from game.scenario import load_scenario
from game.ui import charts
from game.ui.app import App
from game.ui.scenes.end import CHART_STYLES, EndScene, chart_styles, end_layout


@pytest.fixture(scope="module")
def report() -> Report:
    path = default_scenario()
    if not path.exists():
        pytest.skip("the default scenario is not there yet")
    g = new_game(load_scenario(path), {"sections": ["american"]}, seed=2)
    while not g.over:
        g.apply(choose_command(g))
    return get_ruleset("zombiekrieg").report(g)


def changed_pixels(surface: pygame.Surface, background: tuple[int, int, int]) -> float:
    """The share of pixels that differ from ``background`` (sampled on a grid)."""
    w, h = surface.get_size()
    points = [(x, y) for x in range(0, w, 4) for y in range(0, h, 4)]
    return sum(surface.get_at(p)[:3] != background for p in points) / len(points)


def test_end_scene_shows_a_finished_game_and_title_screen_goes_home(app: App, report: Report) -> None:
    app.push(EndScene(app, report))
    app.run_frames(30)
    scene = app.scene
    assert scene.name == "end" and app.running
    # the fanfare of the side that won, once
    assert app.sounds.last_played == ("victory" if report.victory else "defeat")
    # the chart is a real chart, not an empty box
    assert scene.chart is not None and changed_pixels(scene.chart, charts.DARK.background) > 0.05
    # the report is on screen: the panels hold far more than the backdrop
    assert changed_pixels(app.screen, (0, 0, 0)) > 0.5
    click(app, scene.buttons["title"].rect.center)
    assert app.scene.name == "title" and len(app.scenes) == 1


def test_play_again_and_quit(app: App, report: Report) -> None:
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


def test_resizing_rebuilds_without_replaying_the_fanfare(app: App, report: Report) -> None:
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


def test_any_rule_sets_report_is_drawn_with_its_own_words(app: App) -> None:
    """A report of another rule set: its series in the screen's styles, in order; nobody on the roll."""
    toy = Report(
        "toy",
        "Yard",
        "horde",
        False,
        "DEFEAT",
        "The hero fell.",
        "Yard  \u2014  turn 2",
        stats=(("Wounds taken", "3"), ("Turns played", "2"), ("Doors shut", "1")),
        citation_title="LAST STAND",
        citation="The hero: 2 doors shut",
        groups=("Hero: fell", "Sidekick: fled"),
        roll_title="STILL STANDING",
        roll_key="wounds left at the start \u2014 at the end",
        roll_empty="Nobody is left standing.",
        chart_title="The yard",
        chart_x_label="Turn",
        chart_y_label="Figures",
        series_turns=(0, 1, 2),
        series=(
            Series("Heroes", (2, 1, 0)),
            Series("Horde", (5, 6, 8)),
            Series("Doors", (0, 1, 1)),
            Series("Cats", (1, 1, 1)),
        ),
    )
    assert list(chart_styles(toy).values())[:3] == list(CHART_STYLES)
    app.push(EndScene(app, toy))
    app.run_frames(5)
    scene = app.scene
    assert scene.name == "end" and app.sounds.last_played == "defeat"
    assert scene.chart is not None and changed_pixels(scene.chart, charts.DARK.background) > 0.05
    roll = Report("toy", "Yard", None, None, "GAME OVER", "", "Yard", roll=(RollRow("Hero", 2, 1, True),))
    app.push(EndScene(app, roll))
    app.run_frames(3)
    assert app.scene.name == "end" and app.running


def test_a_long_team_name_on_the_roll_is_not_written_over(app: App) -> None:
    """Found playing Hive Street to the end: "Player 1: Guardian Defenders" ran under the 8 -> 0 columns."""
    from game.ui.scenes.end import _roll_row

    pic = pygame.Surface((600, 60))
    row = RollRow("Player 1: Guardian Defenders", 8, 0)
    name, first_number = _roll_row(pic, row, (10, 10), 18, True, "reached the escape vehicle", 18 * 14)
    assert name.right < first_number.left
    cut, _ = _roll_row(pic, RollRow("Player 1: " + "Very " * 30 + "Long Squad", 8, 0), (10, 10), 18, True, "", 200)
    assert cut.right <= 10 + 200  # a name longer than its column ends in an ellipsis
