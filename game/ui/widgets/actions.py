"""The actions on the right: the rule set's action buttons, then Next, Cancel, Skip and End turn, each with
its icon, and the hint under them (what the hovered button does, or the selected figure's actions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextBox

from game.ui.assets import Assets
from game.ui.widgets import Keep


class ActionsPanel:
    """``press`` gets a pressed button's name (``move``, ``end_turn``...); ``sound`` plays a sound by name."""

    def __init__(self, assets: Assets, press: Callable[[str], None], sound: Callable[[str], None]) -> None:
        self.buttons: dict[str, UIButton] = {}
        self.icons: dict[str, UIImage] = {}
        self.hint_box: UITextBox | None = None
        self.hint_html = ""
        self._assets, self._press, self._sound = assets, press, sound

    def build(
        self,
        ui: Keep,
        manager: pygame_gui.UIManager,
        container: IContainerLikeInterface,
        y: int,
        width: int,
        specs: Sequence[tuple[str, str, str]],
    ) -> int:
        """The "Actions" title, the buttons of ``specs`` (name, label, icon) two a row with End turn across
        the bottom, and the hint box, from ``y`` down in a panel ``width`` wide; returns the y under them."""
        m = manager
        ui(
            UILabel(
                pygame.Rect(10, y, width - 26, 26), "Actions", m, container=container, object_id="#panel_title"
            )
        )
        y += 28
        cell = (width - 22) // 2
        rows = (len(specs) - 1 + 1) // 2  # every button but End turn, two a row; End turn below
        self.buttons, self.icons = {}, {}
        for i, (name, label, icon) in enumerate(specs):
            col, row = (0, rows) if name == "end_turn" else (i % 2, i // 2)
            button_w = cell * 2 + 4 if name == "end_turn" else cell
            x0, y0 = 8 + col * (cell + 4), y + row * 40
            image = self._assets.scaled(icon, (26, 26))
            self.icons[name] = ui(UIImage(pygame.Rect(x0 + 2, y0 + 5, 26, 26), image, m, container=container))
            self.buttons[name] = ui(
                UIButton(
                    pygame.Rect(x0 + 32, y0, button_w - 32, 36),
                    label,
                    m,
                    container=container,
                    tool_tip_text=label,
                    object_id="#primary" if name == "end_turn" else self._size_for(m, label, button_w - 32),
                )
            )
        y += (rows + 1) * 40 + 2
        # two lines of footnote text without a scroll bar: "Sergeant us1-sgt G9: MOVE, FIRE, ORDER"
        hint_rect = pygame.Rect(6, y, width - 18, 76)
        self.hint_box = ui(UITextBox(self.hint_html, hint_rect, m, container=container, object_id="#footnote"))
        return y + 80

    @staticmethod
    def _size_for(manager: pygame_gui.UIManager, label: str, width: int) -> str | None:
        """A label too long for its button ("Defibrillate  D") in the smaller face, so it reads whole."""
        font = manager.get_theme().get_font(["button"])
        return "#action_small" if font.size(label)[0] > width - 8 else None

    def show_hint(self, text: str) -> None:
        if text != self.hint_html:
            self.hint_html = text
            if self.hint_box is not None:
                self.hint_box.set_text(text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = next((n for n, b in self.buttons.items() if event.ui_element is b), None)
        if name is not None:
            self._sound("click")
            self._press(name)
        return name is not None
