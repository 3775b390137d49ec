"""Club night (issue 33): what newcomers tripped over on screen, each seen through the real scene.

- The table stays put when the log panel grows ("Log +") or shrinks: the same table point stays under the
  same screen pixel, the log only covers the table's lower part.
"""

from __future__ import annotations

import pygame
import pytest
from ui_driver import click, need_default_scenario, screen_of, start_game

from game.ui.app import App


@pytest.fixture
def app(app: App) -> App:
    """The shared headless app (tests/conftest.py); these tests need the starter map."""
    need_default_scenario()
    return app


def test_the_table_stays_put_when_the_log_grows_and_shrinks(app: App) -> None:
    scene = start_game(app)
    cam = scene.view.camera
    top = (cam.offset[0] + 2.0, cam.offset[1] + 2.0)  # a table point near the view's top-left, never covered
    where = screen_of(scene, top)
    table_h = cam.viewport[3]
    click(app, scene.log_size_button.rect.center)  # "Log +"
    assert scene.log_panel.tall and scene.view.camera.viewport[3] < table_h  # the log took room from the table
    assert screen_of(scene, top) == where
    click(app, scene.log_size_button.rect.center)  # "Log -"
    assert not scene.log_panel.tall
    assert screen_of(scene, top) == where
    assert pygame.Rect(scene.view.camera.viewport).collidepoint(where)
