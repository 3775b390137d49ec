"""The actions on the right: the rule set's action buttons, then Next, Cancel, Skip and End turn, each with
its icon, and the hint under them (what the hovered button does, or the selected figure's actions). Every button
has one place for the whole game (:meth:`ActionsPanel.arrange`), on view and grey with its reason when it does
not apply: a panel that showed only what applied moved End turn down a row on the first turn Fire could be
used, and swapped Order and Next, so a click aimed at one button landed on another (issue 33, club night)."""

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
        self._top, self._cell = 0, 0  # where the buttons start, and a half-row button's width
        self._rows = 0  # the most rows of buttons shown yet: the panel never shrinks back (see arrange)

    def build(
        self,
        ui: Keep,
        manager: pygame_gui.UIManager,
        container: IContainerLikeInterface,
        y: int,
        width: int,
        specs: Sequence[tuple[str, str, str]],
        later: Sequence[str] = (),
    ) -> int:
        """The "Actions" title, a button for each of ``specs`` (name, label, icon), and the hint box, from
        ``y`` down in a panel ``width`` wide, laid out by :meth:`arrange` (``later``: the buttons that come
        and go). Returns the y under them."""
        m = manager
        ui(
            UILabel(
                pygame.Rect(10, y, width - 26, 26), "Actions", m, container=container, object_id="#panel_title"
            )
        )
        self._top, self._cell = y + 28, (width - 22) // 2
        self.buttons, self.icons = {}, {}
        odd = len([n for n, _, _ in specs if n != "end_turn" and n not in later]) % 2  # End turn beside the last
        for name, label, icon in specs:
            button_w = self._cell * 2 + 4 if name == "end_turn" and not odd else self._cell  # (see arrange)
            image = self._assets.scaled(icon, (26, 26))
            self.icons[name] = ui(UIImage(pygame.Rect(0, 0, 26, 26), image, m, container=container))
            self.icons[name].set_tooltip(label)  # an icon alone (Next's heart) says nothing: its button's words
            self.buttons[name] = ui(
                UIButton(
                    pygame.Rect(0, 0, button_w - 32, 36),
                    label,
                    m,
                    container=container,
                    tool_tip_text=label,
                    object_id=self._id_for(m, name, label, button_w - 32),
                )
            )
        # two lines of footnote text without a scroll bar: "Sergeant us1-sgt G9: MOVE, FIRE, ORDER"
        hint_rect = pygame.Rect(6, self._top, width - 18, 76)
        self.hint_box = ui(UITextBox(self.hint_html, hint_rect, m, container=container, object_id="#footnote"))
        return self.arrange(later)

    def arrange(self, later: Sequence[str] = ()) -> int:
        """Lay every button out, two a row in the order built, End turn under them (across the row, or beside
        the last button when they are odd, which leaves the roster a row), and the buttons named in ``later``
        (those that come and go with what a team holds: Zombie 40,000's power-ups) under End turn, so none of
        the others ever moves when they come or go; put the hint box under them. Returns the y under the hint.
        The panel keeps the most rows it has had, so the roster under it never jumps."""
        fixed = [n for n in self.buttons if n != "end_turn" and n not in later]
        extra = [n for n in self.buttons if n in later]
        places = {name: (i % 2, i // 2) for i, name in enumerate(fixed)} | {
            "end_turn": (len(fixed) % 2, len(fixed) // 2)
        }
        first = len(fixed) // 2 + 1  # the row under End turn
        places |= {name: (i % 2, first + i // 2) for i, name in enumerate(extra)}
        rows = self._rows = max(self._rows, first + (len(extra) + 1) // 2)
        for name, button in self.buttons.items():
            col, row = places[name]
            if name == "end_turn":  # across the row when it has it to itself
                button.set_dimensions((self._cell * (2 - col) + 4 * (1 - col) - 32, 36))
            x0, y0 = 8 + col * (self._cell + 4), self._top + row * 40
            button.set_relative_position((x0 + 32, y0))
            self.icons[name].set_relative_position((x0 + 2, y0 + 5))
        y = self._top + rows * 40 + 2
        if self.hint_box is not None:
            self.hint_box.set_relative_position((6, y))
        return y + 80

    @classmethod
    def _id_for(cls, manager: pygame_gui.UIManager, name: str, label: str, width: int) -> str | None:
        """The theme's id for a button: End turn stands out (in the smaller face when beside another button)."""
        small = cls._size_for(manager, label, width)
        if name == "end_turn":
            return "#primary_small" if small else "#primary"
        return small

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
