"""The dice tray on the right: the last roll's dice and what they meant (drawn by :mod:`game.ui.dice_tray`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UIImage

from game.ui.assets import Assets
from game.ui.dice_tray import tray_surface
from game.ui.drawing import TextCache
from game.ui.widgets import Keep

if TYPE_CHECKING:
    from game.ui.match import DiceShown

TRAY_HEIGHT = 104


class DiceTray:
    """``dice`` gives the roll to show now (None: no roll yet); ``texts`` the table's text cache."""

    def __init__(
        self, assets: Assets, dice: Callable[[], DiceShown | None], texts: Callable[[], TextCache]
    ) -> None:
        self._assets, self._dice, self._texts = assets, dice, texts
        self.image: UIImage | None = None
        self.rect = pygame.Rect(0, 0, 0, TRAY_HEIGHT)

    def build(
        self, ui: Keep, manager: pygame_gui.UIManager, container: IContainerLikeInterface, rect: pygame.Rect
    ) -> None:
        self.rect = rect
        self.image = ui(UIImage(rect, self.picture(), manager, container=container))

    def move_to(self, y: int) -> None:
        """Put the tray at ``y`` in its panel (the buttons above it came or went)."""
        self.rect.y = y
        if self.image is not None:
            self.image.set_relative_position(self.rect.topleft)

    def picture(self) -> pygame.Surface:
        dice = self._dice()
        return tray_surface(
            self._assets,
            self._texts(),
            self.rect.size,
            dice.faces if dice else None,
            dice.meaning if dice else "",
            dice.failed if dice else False,
        )

    def show(self) -> None:
        """Draw the roll again (a new one came)."""
        if self.image is not None:
            self.image.set_image(self.picture())

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False  # the tray only shows
