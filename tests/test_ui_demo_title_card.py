"""The demo's title card uses its place (the club organiser's 6.5/10: "the title card's layout is half empty"):
at the view's right, from the notices' band to the board, its lines spread over it, the game's name, its rule set,
the sides and the objective in print to read across a room. Through the real demo scene headless."""

from __future__ import annotations

import pygame
import pytest

from game.demo import DemoDirector, DemoLoop
from game.ui.app import App
from game.ui.demo_layout import MARGIN, notice_band
from game.ui.scenes.demo import DemoScene


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_title_card_fills_its_place_in_a_balanced_layout(app: App, size: tuple[int, int]) -> None:
    app.display = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    scene = DemoScene(app, DemoLoop(DemoDirector(["maps/hive_street.tmx"], seed=1)))
    app.replace(scene)
    app.run_frames(2)
    assert scene.card_left > 0
    card = scene.card_rect
    room = scene._foot().top - MARGIN - notice_band(scene.view.camera.viewport).bottom - MARGIN
    # (it stood at the board, 281 px of the 411 there were, the space above it empty)
    assert card.height >= 0.9 * room, (card, room)
    lines = scene.card_lines
    top, bottom = min(r.top for r in lines), max(r.bottom for r in lines)
    assert top - card.top < card.height / 4 and card.bottom - bottom < card.height / 4, (card, top, bottom)
    assert card.contains(pygame.Rect(card.left, top, card.width, bottom - top))
    words = " ".join(w for w, _, _ in scene.card())
    deal = scene.deal
    for said in (deal.scenario.title, scene.rules.name, deal.forces(), scene.objective()):
        assert said in words
