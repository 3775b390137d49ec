"""Outbreak's roster keeps its rows where they are while the player acts (newcomer's Small Town game, session 46:
"the row under my pointer changes"). The box went back to its top each time its words changed (a selection, an
act); a row fitted with the selection's "> " wrapped its weapons under it; with two players the acting one's
group moved to the top at each part of the step. Now the roster keeps where it was scrolled, a row is fitted as
if selected and keeps its weapons under it once they went there, and the groups stand in the players' order.
Through the real game scene, headless, with a player's clicks."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
from ui_driver import click, end_turn, headless_app, play_out, screen_of

from game.rules.contract import Cell, RosterGroup, RosterRow
from game.ui.roster import roster_html
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

SMALL_TOWN = Path(__file__).resolve().parent.parent / "maps" / "small_town.tmx"
WINDOW = (1024, 640)  # a small window: the roster scrolls


def _lines(scene) -> list[str]:  # noqa: ANN001
    """The roster's lines: a figure's id, or the first words of a heading or a weapons line."""
    out = []
    for line in scene.roster_html.split("<br>"):
        link = re.search(r'href="([^"]+)"', line)
        out.append(link.group(1) if link else re.sub("<[^>]+>|&nbsp;", "", line)[:12])
    return out


def _scrolled(scene) -> float:  # noqa: ANN001
    box = scene.roster_panel.box
    return box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height if box.scroll_bar else 0.0


def _start(app, options: dict | None = None):  # noqa: ANN001, ANN202
    pygame.display.set_mode(WINDOW, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=WINDOW[0], h=WINDOW[1], size=WINDOW))
    setup = GameSetup(load_entry(SMALL_TOWN))
    if options:
        setup.use_options(options)
    app.start_game(setup, seed=3)
    app.run_frames(5)
    return app.scene


def test_selecting_and_running_keep_the_roster_scrolled_and_its_rows_in_place(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = _start(app)
        box = scene.roster_panel.box
        assert box.scroll_bar is not None, "the roster fits: the test needs a window it overflows"
        box.scroll_bar.set_scroll_from_start_percentage(1.0 - box.scroll_bar.visible_percentage)
        app.run_frames(2)
        down, lines = _scrolled(scene), _lines(scene)
        assert down > 10, down
        pcs = [f for f in scene.match.game.state.pcs() if f.on_table]
        for pc in pcs[:2]:
            click(app, screen_of(scene, pc.position))
            app.run_frames(2)
            assert scene.match.controller.selected == pc.id
            assert f'<b>&gt;</b> <a href="{pc.id}"' in scene.roster_html  # the html changed: laid out anew
            assert abs(_scrolled(scene) - down) < 3, (down, _scrolled(scene))
            assert _lines(scene) == lines
        runner = pcs[1]
        start = runner.position
        goal = (start[0], start[1] - 3.0)
        click(app, screen_of(scene, goal))
        click(app, screen_of(scene, goal))
        play_out(app, scene)
        assert runner.position != start and runner.acted == "move", (start, runner.position, runner.acted)
        assert abs(_scrolled(scene) - down) < 3, (down, _scrolled(scene))
        assert _lines(scene) == lines


def test_two_players_groups_stay_in_their_order_as_the_turn_passes(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = _start(app, {"players": 2})
        headings = [line for line in _lines(scene) if line.startswith("Player")]
        assert headings == ["Player 1 - a", "Player 2"], headings
        end_turn(app, scene)
        app.run_frames(3)
        headings = [line for line in _lines(scene) if line.startswith("Player")]
        assert [h[:8] for h in headings] == ["Player 1", "Player 2"], headings
        assert "Player 2 - acting" in re.sub("<[^>]+>", "", scene.roster_html)


def test_a_row_whose_weapons_went_under_keeps_them_there() -> None:
    """The words of a row grow and shrink as he acts ("3 shots ready", "no shots this move fired"): once his
    weapons went under his name they stay, so his row does not shrink back and move the rows under it."""
    under: set[str] = set()

    def html(status: str) -> str:
        row = RosterRow("pc1", "Jo", (Cell("3 shots"), Cell("rifle", "muted")), Cell(status, "good"))
        return roster_html([RosterGroup("Player 1", True, (row,))], None, lambda t: len(t) <= 26, under)

    assert html("ready").count("<br>") == 1  # "> Jo 3 shots rifle ready": one line
    assert html("spotted and fired").count("<br>") == 2  # too long: the rifle under him
    assert html("ready").count("<br>") == 2  # short again: the rifle stays under him


def test_the_rows_stay_put_as_the_steps_pass(tmp_path: Path) -> None:
    """Between turns a row gained words ("Shop assistant grabbed moved") and his weapons went under his name, so
    every row under him moved down a line (newcomers, session 46: "the rows jump"). A row is fitted with room for
    what it may gain (the view's roster_room): the rows stand where they stood at the start, step after step."""
    with headless_app(tmp_path / "settings.json") as app:
        scene = _start(app)
        lines = _lines(scene)
        for _ in range(3):
            end_turn(app, scene)
            play_out(app, scene)
            app.run_frames(2)
            assert _lines(scene) == lines, re.sub("<[^>]+>|&nbsp;", "", scene.roster_html)
