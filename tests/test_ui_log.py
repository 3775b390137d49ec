"""The log never falls behind (issue "Club-night play", item 1): through the real game scene, after many
turns the newest line is in view unless the player scrolled up, and then a "Latest" control brings it
back; a reload and a resize keep it; at 1280x800 the log shows more than four lines and can be enlarged."""

from __future__ import annotations

import pygame
from ui_driver import click, start_game

from game.ai import bot_for
from game.ui.app import App


def play(scene, commands: int) -> None:
    """The bot's commands through the match, each shown to its end, as a hurried player would."""
    m, game = scene.match, scene.match.game
    bot = bot_for(game.ruleset)
    for _ in range(commands):
        if game.over:
            return
        m._answer(m.controller._send(bot(game)))
        m.skip()
        scene.app.run_frames(2)


def resize(app: App, size: tuple[int, int]) -> None:
    """What the window manager does, then tells the game."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(3)


def newest_in_view(scene) -> bool:
    bar = scene.log_box.scroll_bar
    return bar is None or bar.start_percentage + bar.visible_percentage >= 0.985


def test_after_many_turns_the_newest_line_is_in_view(app: App) -> None:
    scene = start_game(app, speed=50, seed=1)  # a game that lasts past turn 8 (some end sooner)
    game = scene.match.game
    while game.state.turn < 8 and not game.over:
        play(scene, 5)
        assert newest_in_view(scene), (game.state.turn, len(scene.log_lines))
    assert game.state.turn >= 8 and len(scene.log_lines) > 150  # where the log used to freeze
    resize(app, (1100, 760))
    assert app.scene is scene and newest_in_view(scene)


def test_scrolled_up_the_log_stays_put_and_latest_brings_it_back(app: App) -> None:
    scene = start_game(app, speed=50)
    play(scene, 25)
    bar = scene.log_box.scroll_bar
    assert bar is not None
    bar.set_scroll_from_start_percentage(0.2)  # the player reads back
    scene.log_box.update(0.0)
    app.run_frames(2)
    play(scene, 6)
    assert not newest_in_view(scene) and scene.latest_button.visible
    click(app, scene.latest_button.rect.center)
    app.run_frames(2)
    assert newest_in_view(scene) and not scene.latest_button.visible


def test_at_1280x800_the_log_shows_more_than_four_lines_and_can_be_enlarged(app: App) -> None:
    resize(app, (1280, 800))
    scene = start_game(app)
    shown = scene.log_box.rect.height / 28  # a log line of the theme's 16 pt text is about 28 px
    assert shown > 4
    before = scene.log_box.rect.height
    click(app, scene.log_size_button.rect.center)
    app.run_frames(2)
    assert app.scene.log_box.rect.height > 1.8 * before
    assert newest_in_view(app.scene)
