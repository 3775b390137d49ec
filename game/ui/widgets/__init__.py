"""The game screen's panels, each a widget that builds its own pygame_gui elements and takes its own events.

A widget's ``handle_event`` returns True when the event was its own (the scene then stops there), so the
table scene's ``handle_event`` is a loop over its widgets, then its keymap (:mod:`game.ui.keymap`), then the
table view. A widget asks for what it cannot do itself through the callables it was made with (an intent's
name for the scene, a command for the match): it never reaches into the scene.

Elements are made through the scene's ``ui`` (:meth:`game.ui.scenes.base.Scene.ui`), so the scene's
teardown removes them; a widget keeps its state across a rebuild (a window resize) and builds again.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

import pygame
import pygame_gui

E = TypeVar("E", bound=pygame_gui.core.UIElement)


class Keep(Protocol):
    """The scene's ``ui``: keep an element so the scene's teardown removes it; returns it."""

    def __call__(self, element: E) -> E: ...


class Widget(Protocol):
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event`` if it is this widget's; True when it was (nobody else should see it)."""
        ...
