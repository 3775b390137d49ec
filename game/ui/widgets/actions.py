"""The actions on the right: the rule set's action buttons, then Next, Cancel, Skip and End turn, each with
its icon, and the hint under them (what the hovered button does, or the selected figure's actions). Only the
buttons that apply now are on view (:meth:`ActionsPanel.arrange`), so the roster under them keeps its rows; the
panel keeps the most rows it has needed, so the roster never jumps under the pointer, and each button keeps its
place for the turn, so a click never lands on a button that moved under it."""

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
        # each button's place for this turn (see arrange): a button that comes or goes leaves the others where they were
        self._slots: list[str] = []
        self.turn: object = None  # the turn (or phase) the places are for

    def build(
        self,
        ui: Keep,
        manager: pygame_gui.UIManager,
        container: IContainerLikeInterface,
        y: int,
        width: int,
        specs: Sequence[tuple[str, str, str]],
        shown: Sequence[str] | None = None,
        turn: object = None,
        reserve: Sequence[str] = (),
    ) -> int:
        """The "Actions" title, a button for each of ``specs`` (name, label, icon), and the hint box, from
        ``y`` down in a panel ``width`` wide; only the buttons named in ``shown`` (all: None) are on view,
        laid out by :meth:`arrange`. Returns the y under them."""
        m = manager
        ui(
            UILabel(
                pygame.Rect(10, y, width - 26, 26), "Actions", m, container=container, object_id="#panel_title"
            )
        )
        self._top, self._cell = y + 28, (width - 22) // 2
        self.buttons, self.icons, self._rows = {}, {}, 0
        for name, label, icon in specs:
            button_w = self._cell * 2 + 4 if name == "end_turn" else self._cell
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
                    object_id="#primary" if name == "end_turn" else self._size_for(m, label, button_w - 32),
                )
            )
        # two lines of footnote text without a scroll bar: "Sergeant us1-sgt G9: MOVE, FIRE, ORDER"
        hint_rect = pygame.Rect(6, self._top, width - 18, 76)
        self.hint_box = ui(UITextBox(self.hint_html, hint_rect, m, container=container, object_id="#footnote"))
        return self.arrange(list(self.buttons) if shown is None else shown, turn, reserve)

    def arrange(self, shown: Sequence[str], turn: object = None, reserve: Sequence[str] = ()) -> int:
        """Show the buttons named in ``shown`` (End turn always), two a row with End turn across the bottom, hide
        the rest, and put the hint box under them; returns the y under it. Within one ``turn`` each button keeps
        its place: the places are given as the turn begins, in the order the buttons were built, to those shown
        and those in ``reserve`` (Cancel, which comes with the first selection); a button that goes leaves a gap,
        one that comes later takes the next place at the bottom."""
        if turn != self.turn or any(n not in self.buttons for n in self._slots):
            self.turn = turn
            self._slots = [n for n in self.buttons if n != "end_turn" and (n in shown or n in reserve)]
        self._slots += [n for n in self.buttons if n in shown and n != "end_turn" and n not in self._slots]
        # the panel keeps the most rows it has needed: were it to shrink and grow with each selection, the
        # roster under it would jump, and a click meant for one soldier's name would land on another's
        rows = self._rows = max(self._rows, (len(self._slots) + 1) // 2)
        places = {name: (i % 2, i // 2) for i, name in enumerate(self._slots)}
        slots = {name: places[name] for name in shown if name in places} | {"end_turn": (0, rows)}
        for name, button in self.buttons.items():
            col, row = slots.get(name, (0, 0))
            x0, y0 = 8 + col * (self._cell + 4), self._top + row * 40
            button.set_relative_position((x0 + 32, y0))
            self.icons[name].set_relative_position((x0 + 2, y0 + 5))
            for element in (button, self.icons[name]):
                if name in slots and not element.visible:
                    element.show()
                elif name not in slots and element.visible:
                    element.hide()
        y = self._top + (rows + 1) * 40 + 2
        if self.hint_box is not None:
            self.hint_box.set_relative_position((6, y))
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
