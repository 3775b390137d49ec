"""A pygame_gui text box made taller, or given its text anew, lets its old picture go before it paints the
new one (the log's is 11 MB at 1920x1080: two were held at each line, and a refilled log's old one until
Python's next full collection), and shows the same pixels as pygame_gui's own painting."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import weakref

import pygame
import pygame_gui
import pytest
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.elements import UITextBox

from game.ui import text_pictures

LINES = [f'<font color="#E9E3C9">Zombie {n} shambles <b>{n % 7}"</b> toward Mags</font>' for n in range(40)]


@pytest.fixture
def manager():
    pygame.init()
    pygame.display.set_mode((800, 600))
    yield pygame_gui.UIManager((800, 600))
    TextBoxLayout.finalise_to_new = text_pictures._PYGAME_GUIS  # pygame_gui's own again
    UITextBox.parse_html_into_style_data = text_pictures._PYGAME_GUIS_LAYING_OUT
    pygame.quit()


def played_log(manager: pygame_gui.UIManager) -> bytes:
    """A log box's pixels after lines are appended, its text set anew, and more appended."""
    box = UITextBox("<br>".join(LINES[:10]), pygame.Rect(0, 0, 500, 160), manager)
    for line in LINES[10:25]:
        box.append_html_text("<br>" + line)
    box.set_text("<br>".join(LINES[20:30]))
    for line in LINES[30:]:
        box.append_html_text("<br>" + line)
    manager.update(0.01)
    return pygame.image.tobytes(box.image, "RGBA")


def test_a_log_shows_the_same_pixels_as_pygame_guis_own_painting(manager) -> None:
    theirs = played_log(manager)
    text_pictures.paint_text_in_one_picture()
    assert played_log(manager) == theirs


def test_the_old_picture_is_gone_before_the_new_one_is_painted(manager, monkeypatch) -> None:
    text_pictures.paint_text_in_one_picture()
    box = UITextBox("<br>".join(LINES[:20]), pygame.Rect(0, 0, 500, 160), manager)
    manager.update(0.01)
    seen: list[bool] = []
    old = weakref.ref(box.text_box_layout.finalised_surface)
    real = text_pictures._PYGAME_GUIS

    def painting(layout):  # pygame_gui's painting of a new picture, noting whether the old one is held
        seen.append(old() is None)
        return real(layout)

    monkeypatch.setattr(text_pictures, "_PYGAME_GUIS", painting)
    box.append_html_text("<br>" + LINES[20])  # a line taller: a new picture
    assert seen and all(seen)
    seen.clear()
    old = weakref.ref(box.text_box_layout.finalised_surface)
    box.set_text("<br>".join(LINES[5:25]))  # the text anew: a new layout and picture
    assert seen and all(seen)
