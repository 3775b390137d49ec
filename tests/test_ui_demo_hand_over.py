"""The game a passer-by takes over (the club organiser's 6.5/10: "the other 1 player"; a game he took over and won
was not on the night's score when the demo came back). Through the real demo scene, app and game scene, headless."""

from __future__ import annotations

import time

import pygame
import pytest
from ui_driver import demo_dealt, demo_on_table

from game.assets import assets_dir
from game.demo import SURVIVORS, DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.navigator import DEMO_AGAIN_SECONDS
from game.ui.scenes.demo import DemoScene

LAST_EVAC = str(assets_dir("maps") / "last_evac.tmx")
HIVE_STREET = str(assets_dir("maps") / "hive_street.tmx")


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 4.0
    return app


def touch(app: App, scene: DemoScene, frames: int = 600) -> None:
    """A key pressed; the frames until the game is his."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    for _ in range(frames):
        app.run_frames(1)
        if app.scene is not scene:
            return
    raise AssertionError("the game was never handed over")


def test_a_two_team_game_handed_over_says_the_other_player(app: App) -> None:
    """Two teams: the bots keep "the other player" (it read "the other 1 player")."""
    scene = demo_on_table(app, demo_dealt([HIVE_STREET], 3, lambda teams: teams == 2))
    game = scene.match.game
    touch(app, scene)
    play = app.scene
    assert play.name == "game" and play.game is game
    assert "the bots play the other player." in play.match.status, play.match.status


def test_a_game_taken_over_and_won_goes_on_the_nights_tally(app: App) -> None:
    """A passer-by takes a game over near its end and plays it out (here the bots play his seat for him); when
    the demo comes back, the night's score counts it, as it counts the bots' games."""
    first = DemoLoop(DemoDirector([LAST_EVAC], seed=12))
    first.tick()
    while not first.game.over:
        first.tick()
    loop = DemoLoop(DemoDirector([LAST_EVAC], seed=12))
    loop.tick()
    for _ in range(len(first.game.commands) - 20):
        loop.tick()
    bots = dict(loop.current.bots)
    scene = demo_on_table(app, loop)
    game = scene.match.game
    touch(app, scene)
    play = app.scene
    assert play.name == "game" and play.game is game and not game.over
    assert loop.tally.wins == {}
    seat = play.match.view.acting_player(game)
    play.match.hand_to_bots(bots[seat], [seat])  # (his moves: the bots' own, to the game's end)
    deadline = time.monotonic() + 240
    while not play.game.over and time.monotonic() < deadline:
        app.run_frames(1)
    assert play.game.over
    won = scene.match.view.result(play.game)[0]
    app.run_frames(5)
    app.quiet_for = DEMO_AGAIN_SECONDS  # nobody touched the screen a while: the demo comes back
    while (app.scene.name != "demo") and time.monotonic() < deadline:
        app.run_frames(1)
    demo = app.scene
    assert demo.name == "demo" and demo.loop is loop, won
    assert sum(loop.tally.wins.values()) == 1 and loop.games_finished == 1, loop.tally
    assert loop.tally.line() in demo.scoreboard()


def test_the_titles_demo_again_goes_on_with_the_nights_games_and_score(app: App) -> None:
    """A club organiser took a game over, went back to the title and pressed Demo again: "game 1 tonight,
    Survivors 0 - Zombies 0", where it had been game 3 at 2-0. The title's Demo goes on with tonight's demo."""

    def demo_from_the_title() -> DemoScene:
        app.scene.demo()
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and app.scene.name != "demo":
            app.run_frames(1)
        assert app.scene.name == "demo"
        return app.scene

    first = demo_from_the_title()
    loop = first.loop
    loop.tally.add("Small Town", SURVIVORS)  # a game won tonight
    started = loop.games_started
    app.back_to_title()
    again = demo_from_the_title()
    assert again.loop is loop and loop.tally.wins and loop.games_started >= started
    assert f"game {loop.games_started} tonight" in " ".join(line for line, *_ in again.card())
