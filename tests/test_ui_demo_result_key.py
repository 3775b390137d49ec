"""The demo's result card and the night's score (the club organiser's 6.5/10), through the real demo scene
headless: a key on the result card takes over the next game (it went to the title, where everywhere else a key
took the game over), the card says so, and a game dealt behind a card nobody watched is never played to its end
out of sight and counted ("game 8 tonight", one more win, with game 7 never on screen)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.demo_dealing import Dealing
from game.ui.scenes.demo import TOUCH_GRACE, DemoScene


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation_speed = 4.0
    return app


def ended(app: App, seed: int = 0, games: int | None = None) -> DemoScene:
    """A demo scene whose game has just ended (a Zombie 40,000 game first: it has a phase), its card up."""
    loop = DemoLoop(DemoDirector(seed=seed))
    scene = DemoScene(app, loop, games)
    app.replace(scene)
    app.run_frames(2)
    scene.card_left = 0.0
    loop.game.state.phase = type(loop.game.state.phase)("over")  # as if the game had just ended
    app.run_frames(2)
    return scene


def key(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))


def test_a_key_on_the_result_card_takes_over_the_next_game(app: App) -> None:
    scene = ended(app)
    card = " ".join(words for words, _, _ in scene.result_card())
    assert "press a key to play it" in card and "title" not in card  # the card says what a key does
    finished = scene.match.game
    key(app)
    app.run_frames(2)
    assert app.scene.name != "title"
    assert "yours" in scene.result_card()[-1][0]  # "The next game is yours as soon as its table is set up..."
    deadline = time.monotonic() + 120
    while app.scene.name in ("demo", "demo_dealing") and time.monotonic() < deadline:
        app.run_frames(1)
    assert app.scene.name == "game" and app.scene.match.game is not finished and not app.scene.match.game.over


def test_a_key_on_the_last_games_card_goes_to_the_title(app: App) -> None:
    scene = ended(app, games=0)  # ``deadground demo --games N``: no next game to take over
    assert "title" in scene.result_card()[-1][0]
    key(app)
    app.run_frames(2)
    assert app.scene.name == "title"


def test_a_game_dealt_behind_a_card_is_shown_when_the_demo_comes_back_not_played_out_of_sight() -> None:
    """The next game was dealt behind the result card; the screen went elsewhere. When the demo comes back its
    table shows that game as it was dealt: no command played, no result counted (the bots here would raise on
    their first command, and the loop would deal again)."""
    loop = DemoLoop(DemoDirector(seed=3))
    loop.tick()
    dealt, started = loop.game, loop.games_started

    def broken(game: object) -> object:
        raise RuntimeError("a bot played a game nobody watched")

    for seat in loop.current.bots:
        loop.current.bots[seat] = broken
    deal = Dealing(lambda: loop)
    assert deal.done.wait(120)
    assert deal.loop is loop and loop.game is dealt and not dealt.commands
    assert loop.games_started == started and loop.errors == [] and not loop.tally.wins


def nudge(app: App, by: tuple[int, int]) -> None:
    """One motion event of the mouse by ``by`` pixels from (400, 300) (a quick nudge is one or two events)."""
    pos = (400 + by[0], 300 + by[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=by, buttons=(0, 0, 0)))
    app.run_frames(1)


def test_a_small_deliberate_nudge_on_the_result_card_takes_over_and_a_jitter_does_not(app: App) -> None:
    """The organisers' nudge on the result card did nothing (its first motion only set where the pointer was), a
    sweep took over: a nudge of some 30 px takes the next game as a key does; a jitter of a few pixels does not."""
    scene = ended(app)
    nudge(app, (4, 3))  # a jitter: under TOUCH_PIXELS
    assert not scene.taking_next and app.scene is scene
    scene._touch_origin = None  # (a fresh pointer: the nudge below is the first motion the card sees)
    nudge(app, (30, 5))
    assert scene.taking_next and "yours" in scene.result_card()[-1][0]


def test_a_nudge_during_play_takes_the_game_over_as_on_the_result_card(app: App) -> None:
    loop = DemoLoop(DemoDirector(seed=0))
    scene = DemoScene(app, loop)
    app.replace(scene)
    app.run_frames(2)
    nudge(app, (30, 5))
    assert scene.taking_over or app.scene is not scene


def test_the_hand_that_pressed_demo_moving_on_takes_nothing_over_but_a_nudge_after_does(app: App) -> None:
    """A club organiser clicked Demo and moved the mouse on: the first game was his before its title card. The
    table the Demo button deals holds the mouse's moves off for TOUCH_GRACE seconds; a key would still take over;
    after it a nudge takes the game over as ever."""
    loop = DemoLoop(DemoDirector(seed=0))
    app.deal_demo(lambda: loop)
    for _ in range(3000):
        app.run_frames(1)
        if app.scene.name == "demo":
            break
    scene = app.scene
    assert scene.name == "demo"
    nudge(app, (30, 5))
    assert not scene.taking_over and app.scene is scene  # the hand still moving from the Demo button
    scene.update(TOUCH_GRACE)
    nudge(app, (30, 5))
    assert scene.taking_over or app.scene is not scene


def test_the_demo_shown_with_a_grace_holds_the_mouse_off_for_it(app: App) -> None:
    """``show_demo`` says itself how long the mouse's moves take nothing over (the dealing card asked the scene
    for a ``hold_motion`` it looked up by name, so a renamed method would silently drop the grace)."""
    app.show_demo(DemoLoop(DemoDirector(seed=0)), motion_grace=TOUCH_GRACE)
    scene = app.scene
    app.run_frames(2)
    nudge(app, (30, 5))
    assert not scene.taking_over and app.scene is scene
