"""A long refusal on the table's plate wraps to fit the window: a newcomer's shooting refusal ran off both
edges of the screen ("...at another player unless they are within 8\\" of the escape vehicle or...")."""

from __future__ import annotations

import pygame
from ui_driver import start_game

from game.ui.app import App
from game.ui.overlays import Label
from game.ui.previews import PLATE

REFUSAL = (
    'Players may not shoot at another player unless they are within 8" of the escape vehicle or have shot at '
    'you: Tactical Squad is not within 8" of the escape vehicle and has not shot at Infantry Squad this game.'
)


def test_a_long_refusal_plate_wraps_inside_the_table_view(app: App) -> None:
    scene = start_game(app)
    view = scene.view
    middle = view.camera.to_table(pygame.Rect(view.camera.viewport).center)
    view.overlays = [Label(middle, REFUSAL, (240, 90, 80), **PLATE)]  # type: ignore[arg-type]
    view.draw(app.screen)
    viewport = pygame.Rect(view.camera.viewport)
    assert view.plates and all(viewport.contains(r) for r in view.plates), (view.plates, viewport)
    assert view.plates[0].height > 50  # on several lines, every word kept


def test_two_plates_at_one_point_do_not_pile_up(app: App) -> None:
    """A Zombie 40,000 newcomer's squad plate and coherency plate were drawn over each other beside the same
    model: each plate keeps clear of those placed before it."""
    scene = start_game(app)
    view = scene.view
    middle = view.camera.to_table(pygame.Rect(view.camera.viewport).center)
    view.overlays = [
        Label(middle, "RUN SQUAD: 7 of 7 models run\n3 stop short of their place (X)", (240, 230, 200), **PLATE),  # type: ignore[arg-type]
        Label(middle, 'Guardian Defenders: out of coherency\nMove Guardian 1 within 2"', (245, 85, 65), **PLATE),  # type: ignore[arg-type]
    ]
    view.draw(app.screen)
    assert len(view.plates) == 2 and not view.plates[0].colliderect(view.plates[1]), view.plates
