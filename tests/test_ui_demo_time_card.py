"""The demo's "Time!" card (the club organiser: a game cut at its time limit lost its climax, and the card's long
line ran out of it). Through the real demo scene headless: a game in its last turn when time is up plays on to its
end; the Time! card's lines all stand inside its framed panel."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import demo_dealt, demo_on_table

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop, outcome, side_of
from game.ui.app import App
from game.ui.scenes.demo import FINISH_SECONDS, GOLD, DemoScene

NORMANDY = str(assets_dir("maps") / "normandy_village.tmx")
HIVE = str(assets_dir("maps") / "hive_street.tmx")


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 4.0
    return app


def normandy_in_its_last_turn(app: App) -> DemoScene:
    """Seed 1's 25th deal: American and Soviet sections, the zombies win when turn 15 ends (at speed 1 the demo's
    four minutes ran out in turn 15, and the card said "Time!")."""
    loop = DemoLoop(DemoDirector([NORMANDY], seed=1))
    loop.tick()
    for _ in range(24):
        loop.start_next()
    while outcome(loop.game).turns < 15:
        loop.tick()
    return demo_on_table(app, loop)


def test_a_game_in_its_last_turn_when_time_is_up_plays_on_to_its_end(app: App) -> None:
    scene = normandy_in_its_last_turn(app)
    scene.played_for = scene.slot()  # the demo's time for this game is up
    for _ in range(20_000):
        if scene.result_left is not None:
            break
        scene.update(1 / 30)
    assert not scene.time_up, "the demo called time on the last turn"
    assert scene.match.game.over and side_of(scene.match.game) == "Zombies"
    assert scene.played_for <= scene.slot() + FINISH_SECONDS


def test_a_game_far_from_its_end_is_still_called_on_time(app: App) -> None:
    loop = DemoLoop(DemoDirector([NORMANDY], seed=1))
    scene = demo_on_table(app, loop)
    scene.played_for = scene.slot()
    for _ in range(300):
        scene.update(1 / 30)
        if scene.time_up:
            break
    assert scene.time_up and not scene.match.game.over


def test_every_line_of_the_time_card_stands_inside_its_framed_card(app: App) -> None:
    """Hive Street, four teams, time called in turn 1: the leader's line and the four teams' counts are the card's
    longest. The camera pulls back to the whole table when time is called: the lines ran past the small table into
    the dark, out of the card as onlookers saw it. Now a framed panel is measured round them."""
    loop = demo_dealt([HIVE], 3, lambda n: n == 4)
    scene = demo_on_table(app, loop)
    scene.played_for = scene.slot()
    for _ in range(600):
        app.run_frames(1)
        if scene.result_left is not None:
            break
    app.run_frames(2)
    assert scene.time_up
    frame = scene.result_rect
    assert pygame.Rect(scene.view.camera.viewport).contains(frame)
    for _row, rect in scene.card_rows(scene.result_card(), pygame.Rect(scene.view.camera.viewport)):
        assert frame.contains(rect), (rect, frame)
    screen = app.screen
    edge = [screen.get_at((frame.centerx, frame.top)), screen.get_at((frame.left, frame.centery))]
    assert all(tuple(c)[:3] == GOLD for c in edge), edge  # the card's frame is drawn round them
