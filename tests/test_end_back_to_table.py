"""Back to the table from the end screen (every rule set: the screen is shared; here the toy Duel).

A newcomer's Defeat came up about a second after the last log line: he never saw his last fight. The end screen
has Back to the table; the final table and its log are there, the status says the game is over and how to see
the report again (E or Enter), and E brings it back."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_toy_ruleset import _start
from ui_driver import click, key, play_out, screen_of

from game.ui.app import App


def to_end(app: App, scene) -> None:
    game = scene.match.game
    for _ in range(20):
        if game.over:
            break
        click(app, screen_of(scene, game.figure("hero").position))
        click(app, screen_of(scene, game.figure("zombie").position))
        play_out(app, scene)
    for _ in range(300):
        if app.scene.name == "end":
            return
        app.run_frames(1)
    raise AssertionError(f"no end screen: {app.scene.name}")


def test_back_to_the_table_shows_the_last_fight_and_e_brings_the_report_back(app: App, tmp_path: Path) -> None:
    scene = _start(app, tmp_path)
    to_end(app, scene)
    end = app.scene
    assert end.buttons["table"].text == "Back to the table"
    last_lines = list(scene.log_lines)
    click(app, end.buttons["table"].rect.center)
    assert app.scene is scene and app.running
    assert scene.log_lines == last_lines and last_lines  # the log of the last fight, whole
    assert "The game is over: E or Enter shows the report again." in scene.match.status
    app.run_frames(10)
    assert app.scene is scene  # it stays on the table till he asks
    key(app, pygame.K_e)
    app.run_frames(2)
    assert app.scene.name == "end" and [s.name for s in app.scenes][-2:] == ["game", "end"]
    click(app, app.scene.buttons["title"].rect.center)
    assert app.scene.name == "title" and len(app.scenes) == 1


def test_the_end_screen_without_a_table_keeps_its_three_buttons(app: App) -> None:
    """A report shown with no table under it (a campaign's summary, the demo) has no Back to the table."""
    from game.rules.contract import Report
    from game.ui.scenes.end import EndScene

    report = Report("toy", "Yard", "hero", True, "VICTORY", "The hero got out.", "Yard  —  turn 3")
    app.push(EndScene(app, report))
    app.run_frames(2)
    assert set(app.scene.buttons) == {"again", "title", "quit"}


def test_at_the_final_table_the_menu_brings_the_report_back_and_offers_no_bots(app: App, tmp_path: Path) -> None:
    """Session 45: a 40k veteran back at the final table found only the keyboard brought the report back (End phase
    greyed, no report in the Menu), and the Menu still offered Bots finish the game. By mouse: Menu > The report."""
    scene = _start(app, tmp_path)
    key(app, pygame.K_ESCAPE)
    assert "bots" in scene.menu_buttons and "report" not in scene.menu_buttons  # the game goes on: the bots' item
    key(app, pygame.K_ESCAPE)
    to_end(app, scene)
    click(app, app.scene.buttons["table"].rect.center)
    assert app.scene is scene
    key(app, pygame.K_ESCAPE)
    assert "bots" not in scene.menu_buttons
    assert scene.menu_buttons["report"].text == "The report"
    click(app, scene.menu_buttons["report"].rect.center)
    app.run_frames(2)
    assert app.scene.name == "end" and [s.name for s in app.scenes][-2:] == ["game", "end"]
