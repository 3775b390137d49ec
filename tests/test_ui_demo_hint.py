"""The take-over hint stays up under a long line (the club organisers: a wrapped line hid the hint, and a passer-by
did not learn how to take over). Through the real demo scene headless, in the window an organiser had."""

from __future__ import annotations

import pygame
import pytest

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.scenes.demo import DemoScene

SMALL_TOWN = str(assets_dir("maps") / "small_town.tmx")
ARRIVAL = "4 more zombies come out at the generation point by the old gas station on Main Street, near Groundskeeper Earl"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_caption_over_two_lines_leaves_the_take_over_hint_in_sight(app: App, size: tuple[int, int]) -> None:
    app.display = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    scene = DemoScene(app, DemoLoop(DemoDirector([SMALL_TOWN], seed=1)))
    app.replace(scene)
    scene.card_left = 0.0
    app.run_frames(2)
    scene.caption, scene.caption_left = ARRIVAL, 5.0  # (the view's caption of an arrival, as _caption_of sets it)
    for _ in range(30):  # (the hint glides to its place)
        scene.update(1 / 30)
    scene.draw(app.screen)
    assert scene.caption_left > 0 and scene.latest_rect.height > 0
    # (the board drew the hint only where the latest line left it room: a caption's second line took its place)
    assert not scene.latest_rect.colliderect(scene.hint_rect), (scene.latest_rect, scene.hint_rect)


def test_the_title_card_tells_the_walk_to_the_exit_in_words(app: App) -> None:
    """The organisers read "2nd nearest 43" from exit (8 moves)" on the card: top-bar shorthand."""
    scene = DemoScene(app, DemoLoop(DemoDirector([SMALL_TOWN], seed=1)))
    app.replace(scene)
    app.run_frames(2)
    assert "from exit" in scene.match.objective()  # (the player's top bar keeps its shorthand)
    card = " ".join(words for words, _, _ in scene.card())
    assert "inches from the exit" in card and '"' not in card and "(8 moves)" not in card, card
    scene.card_left = 0.0
    app.run_frames(3)
    assert "inches from the exit" in scene.objective_text, scene.objective_text  # the top bar too
