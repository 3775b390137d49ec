"""The hovered figure's card never covers the move's preview plate (a newcomer's Small Town game): with a
character selected and the pointer on a zombie, the move ends in contact with it, and the zombie's card
("Zombie 8 / hunting / state: standing") lay over the plate's words. Through the real game scene, headless:
where the table view put the plates and the card this frame."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, screen_of

from game.rules.outbreak.testing import rigged_game
from game.ui.scenes.game import GameScene


@pytest.mark.parametrize("zombie", [(12.0, 16.0), (16.0, 18.0), (8.0, 17.0)])
def test_the_zombies_card_stays_clear_of_the_move_plate(tmp_path: Path, zombie) -> None:
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (3, 3)}, zombies=[zombie], dice=[3] * 20, weapons={"pc1": ("", "wrench")}
    )
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(3)
        scene = app.scene
        scene.match.select("pc1")
        app.run_frames(2)
        at = screen_of(scene, game.figure("z1").position)
        for _ in range(3):  # (the real pointer too: pygame_gui asks it whether a panel is under it)
            pygame.mouse.set_pos(at)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
            app.run_frames(2)
        view = scene.view
        assert view.hover is not None and view.plates, "the zombie hovered, the move's plate shown"
        assert view.tooltip is not None and view.tooltip(view.hover), "the zombie has a card"
        plates = [r.copy() for r in view.plates]
        with_card = [pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in plates]
        tooltip, view.tooltip = view.tooltip, None  # the same frame without the card
        app.run_frames(1)
        without = [pygame.image.tobytes(app.screen.subsurface(r), "RGB") for r in plates]
        view.tooltip = tooltip
        pygame.mouse.set_pos((0, 0))
    assert view.plates == plates
    covered = [r for r, a, b in zip(plates, with_card, without, strict=True) if a != b]
    assert not covered, f"the card covers the plate's words at {covered}"
