"""What every screen is: it builds its pygame_gui widgets, reacts to events, draws, and is torn down.

A scene is rebuilt from its own state on a window resize (``teardown`` then ``build``), so its
layout code only ever reads the current window size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import pygame
import pygame_gui

if TYPE_CHECKING:
    from game.ui.navigator import Navigator

E = TypeVar("E", bound=pygame_gui.core.UIElement)

BACKDROP = (22, 24, 20)


def waiting_label(text: str, done: float) -> str:
    """A button's words while its screen waits for the compiled loops (only the progress on a narrow one).

    >>> waiting_label("New game", 0.4), waiting_label("", 0.4)
    ('New game — preparing… 40%', 'Preparing… 40%')
    """
    return f"{text} — preparing… {round(done * 100)}%" if text else f"Preparing… {round(done * 100)}%"


WINDOW_NAME = "Dead Ground"  # the window's title, after what a screen puts before it (its ``window_title``)


class Scene:
    """Base class: keep the widgets made in ``build`` with ``self.ui(...)`` so teardown removes them."""

    name = "scene"
    window_title: str | None = None  # the window's title while this screen shows (None: the game's name alone)

    def __init__(self, app: Navigator) -> None:
        self.app = app
        self._elements: list[pygame_gui.core.UIElement] = []

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    def ui(self, element: E) -> E:
        self._elements.append(element)
        return element

    def build(self, size: tuple[int, int]) -> None:
        """Create the widgets for a window of ``size``."""

    def teardown(self) -> None:
        for element in self._elements:
            element.kill()
        self._elements.clear()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Every event pygame_gui did not swallow, plus pygame_gui's own UI_* events."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
