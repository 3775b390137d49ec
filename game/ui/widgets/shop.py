"""The rule set's shop panel over the table (Zombie 40,000's Killing Floor): the model it buys for, the
price list, what the model may sell, Buy and Sell, and the rules' answer (a refusal's reason).

The rule set's view describes the shop (``shop(game, figure)``, a ShopLook) and makes its commands
(``shop_command``); a game whose view has no shop shows no Shop button.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList, UITextBox

from game.ui.widgets import Keep

if TYPE_CHECKING:
    from game.ui.match import Match

HINT = "Pick a model, an item, then Buy (or a bought item, then Sell)."


class ShopPanel:
    """``match`` gives the match on the table now (a new one after an undo); ``relayout`` lays the scene
    out again (the panel opened, closed or changed); ``sound`` plays a sound by name."""

    def __init__(
        self, match: Callable[[], Match | None], relayout: Callable[[], None], sound: Callable[[str], None]
    ) -> None:
        self._match, self._relayout, self._sound = match, relayout, sound
        self.open = False
        self.figure: str | None = None  # the figure the shop buys for
        self.message: tuple[str, bool] = ("", False)  # the last answer (a refusal's reason), bad?
        self.widgets: dict[str, Any] = {}
        self.keys: dict[str, dict[str, str]] = {"offers": {}, "wares": {}}  # list text -> item key
        self.hints: dict[str, tuple[str, bool]] = {}  # list text -> what it is, and why not (bad)
        self.figures: dict[str, str] = {}  # drop-down text -> figure id
        self.stale = False  # the panel should be built again (points came in, a trade, another model)
        self.seen: Any = None  # the points and wares the open panel shows

    # ---- what the rules say -----------------------------------------------------------------------

    def look(self) -> Any:
        """The rule set's shop for the acting player (a ShopLook), or None when its game has none."""
        match = self._match()
        make = getattr(match.view, "shop", None) if match is not None else None
        return make(match.game, self.figure) if make is not None and match is not None else None

    def refusal(self) -> str:
        """Why the shop panel cannot be opened now ("" when it can)."""
        look, match = self.look(), self._match()
        if look is None or match is None:
            return "This game has no shop."
        if match.controller.active_player in match.controller.bots:
            return "The computer player shops for itself."
        return str(look.closed)

    def points(self) -> tuple[int, tuple[Any, ...]] | None:
        look = self.look()
        return (look.points, look.wares) if look is not None else None

    # ---- open, close, trade ------------------------------------------------------------------------

    def show(self, on: bool = True) -> None:
        self.open = on and not self.refusal()
        match = self._match()
        if on and match is not None and match.controller.selected:
            self.figure = match.controller.selected
        self._relayout()

    def trade(self, sell: bool = False) -> bool:
        """Buy the item picked in the price list (or sell the one picked among the wares) for the chosen
        model; a refusal's reason shows in the panel. True when the rules took it."""
        match = self._match()
        make = getattr(match.view, "shop_command", None) if match is not None else None
        widget = self.widgets.get("wares" if sell else "offers")
        if match is None or make is None or widget is None:
            return False
        picked = widget.get_single_selection()
        key = self.keys["wares" if sell else "offers"].get(picked or "")
        if key is None:
            self.message, self.stale = ("Pick an item in the list first.", True), True
            return False
        look = self.look()
        fb = match.send(make(match.game, look.figure if look is not None else "", key, sell))
        if fb.accepted:
            self._sound("click")
            name = (picked or "").split(" \u2014")[0]
            self.message = (f"{'Sold' if sell else 'Bought'}: {name}.", False)
        else:
            self.message = (fb.message, True)
        self.stale = True
        return bool(fb.accepted)

    def say(self, text: str, bad: bool = False) -> None:
        """A line in the panel's message box (what the picked item is, or why it may not be bought)."""
        box = self.widgets.get("message")
        look = self.look()
        if box is None or look is None or not text:
            return
        box.set_text(_message_html(text, bad, look.note))

    def handle_event(self, event: pygame.event.Event) -> bool:
        w = self.widgets
        if event.type == pygame_gui.UI_BUTTON_PRESSED and w:
            if event.ui_element is w.get("close"):
                self.show(False)
            elif event.ui_element in (w.get("buy"), w.get("sell")):
                self.trade(sell=event.ui_element is w.get("sell"))
            else:
                return False
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is w.get("offers"):
            self.say(*self.hints.get(event.text, ("", False)))
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is w.get("figure"):
            self.figure = self.figures.get(event.text, self.figure)
            self.message, self.stale = ("", False), True
            return True
        return False

    # ---- the panel --------------------------------------------------------------------------------

    def build(self, ui: Keep, manager: pygame_gui.UIManager, area: pygame.Rect) -> None:
        """The panel in ``area`` (over the table): the figure it buys for, the price lists, what it may sell."""
        self.widgets = {}
        look = self.look() if self.open else None
        if look is None:
            return
        m, pw, ph = manager, area.width, area.height
        panel = ui(UIPanel(area, manager=m, starting_height=5, object_id="#side_panel"))
        self.widgets = {"panel": panel}
        self.seen = self.points()
        title = f"{look.title} \u00b7 {look.points} point{'s' if look.points != 1 else ''}"
        self.widgets["title"] = ui(
            UILabel(pygame.Rect(10, 6, pw - 24, 30), title, m, container=panel, object_id="#panel_title")
        )
        labels = [label for _, label in look.figures] or ["(no model)"]
        chosen = next((label for fid, label in look.figures if fid == look.figure), labels[0])
        self.figures = {label: fid for fid, label in look.figures}
        self.widgets["figure"] = ui(
            UIDropDownMenu(labels, chosen, pygame.Rect(10, 40, pw - 24, 30), m, container=panel)
        )
        half = (pw - 34) * 3 // 5  # the price lists; the wares get the rest
        rest = pw - 34 - half
        list_h = ph - 40 - 34 - 30 - 176
        offers, wares = self._rows(look)
        ui(UILabel(pygame.Rect(10, 74, half, 24), "Buy (price in points)", m, container=panel))
        self.widgets["offers"] = ui(UISelectionList(pygame.Rect(10, 98, half, list_h), offers, m, container=panel))
        ui(UILabel(pygame.Rect(20 + half, 74, rest, 24), "Sell (points back)", m, container=panel))
        self.widgets["wares"] = ui(
            UISelectionList(pygame.Rect(20 + half, 98, rest, list_h), wares, m, container=panel)
        )
        y = 98 + list_h + 6
        buy = UIButton(pygame.Rect(10, y, half, 34), "Buy", m, container=panel, object_id="#primary")
        self.widgets["buy"] = ui(buy)
        self.widgets["sell"] = ui(UIButton(pygame.Rect(20 + half, y, rest, 34), "Sell", m, container=panel))
        text, bad = self.message
        if not text:
            text, bad = look.closed or HINT, bool(look.closed)
        self.widgets["message"] = ui(
            UITextBox(
                _message_html(text, bad, look.note),
                pygame.Rect(10, y + 40, pw - 24, 126),
                m,
                container=panel,
                object_id="#footnote",
            )
        )
        self.widgets["close"] = ui(UIButton(pygame.Rect(pw - 110, 6, 96, 28), "Close", m, container=panel))

    def _rows(self, look: Any) -> tuple[list[str | tuple[str, str]], list[str | tuple[str, str]]]:
        """The price list's and the wares' rows (and what each row is: ``keys``, ``hints``)."""
        self.keys, self.hints = {"offers": {}, "wares": {}}, {}
        offers: list[str | tuple[str, str]] = []
        for o in look.offers:
            text = f"{o.heading.split(' ')[0]}: {o.label} \u2014 {o.price}" + ("" if not o.why else "  (no)")
            self.keys["offers"][text] = o.key
            hint = f"{o.label}, {o.price} point{'s' if o.price != 1 else ''}: {o.note}"
            self.hints[text] = (f"{hint}. Not now: {o.why}" if o.why else hint, bool(o.why))
            offers.append(text)
        wares: list[str | tuple[str, str]] = []
        for ware in look.wares:
            # the chosen model's own wares need no name (it is in the drop-down above); the squad's grenades do
            text = f"{ware.label}{'' if ware.owner else ' (squad)'} \u2014 +{ware.refund}"
            self.keys["wares"][text] = ware.key
            wares.append(text)
        return offers, wares


def _message_html(text: str, bad: bool, note: str) -> str:
    colour = "#FF8C6A" if bad else "#E9E3C9"
    return f'<font color="{colour}">{html.escape(text)}</font><br>{html.escape(note)}'
