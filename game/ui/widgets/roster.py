"""The roster panel on the right: every figure's line as the rule set writes it (:mod:`game.ui.roster`);
clicking a name selects that figure."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UILabel, UITextBox

from game.ui.widgets import Keep

TIP_WIDTH = 320  # a hovered name's whole entry, in pixels
FONT, FONT_SIZE = "noto_sans", 14  # the roster's print (the theme's #footnote)


def may_be_bold(word: str) -> bool:
    """Whether a roster word may be set in bold: a count (``G7/9``, a changed one is) or a state in capitals
    (``GRABBED``); the selection's mark is too.

    >>> [w for w in "Cpl Harper G6/7 Tommy ready +2 GRABBED".split() if may_be_bold(w)]
    ['G6/7', '+2', 'GRABBED']
    """
    return any(ch.isdigit() for ch in word) or (len(word) > 1 and word.isupper())


def text_room(box: UITextBox, bar: bool = True) -> int:
    """Pixels a line of ``box`` has: its width less its padding, border, shadow and corners, and less a scroll
    bar when ``bar`` (one shows, or comes with the next rows, and a line must not wrap then)."""
    sides = box.border_width["left"] + box.border_width["right"] + 2 * box.shadow_width
    corners = sum(box.rounded_corner_width_offsets)
    return int(box.rect.width - 2 * box.padding[0] - sides - corners - (box.scroll_bar_width if bar else 0))


WAITING = "<i>The roster appears here when the game begins: every soldier's GUTS, weapon and state.</i>"


class RosterPanel:
    """``select`` gets the figure id of a clicked name."""

    def __init__(self, select: Callable[[str], None]) -> None:
        self.html = WAITING
        self.box: UITextBox | None = None
        self.title: UILabel | None = None
        self._select = select
        self.tip: Any = None  # the hovered name's tooltip (pygame_gui's), and whose it is
        self.tip_for: str | None = None
        self.bar_room = True  # room kept for a scroll bar: only while one shows (see :meth:`_weigh_bar`)

    def build(
        self, ui: Keep, manager: pygame_gui.UIManager, container: IContainerLikeInterface, rect: pygame.Rect
    ) -> None:
        """The "Roster" title and the box under it, in ``rect`` of ``container``."""
        title = UILabel(pygame.Rect(rect.x + 4, rect.y, rect.width - 8, 26), "Roster", manager, container=container,
                        object_id="#panel_title")  # fmt: skip
        self.title = ui(title)
        box_rect = pygame.Rect(rect.x, rect.y + 28, rect.width, max(60, rect.height - 28))
        self.box = ui(UITextBox(self.html, box_rect, manager, container=container, object_id="#footnote"))

    def move_to(self, rect: pygame.Rect) -> None:
        """Fill ``rect`` of the panel instead (the buttons above it came or went): more rows, or fewer."""
        if self.title is None or self.box is None:
            return
        self.title.set_relative_position((rect.x + 4, rect.y))
        self.box.set_relative_position((rect.x, rect.y + 28))
        self.box.set_dimensions((rect.width, max(60, rect.height - 28)))
        self._weigh_bar()

    def _weigh_bar(self) -> None:
        """Keep the scroll bar's room beside the lines only while the box shows a bar. Kept always, a British
        section of eleven (no bar) lost 20 pixels a line, and an ORDERed "Rfn Thompson G7/7 ready +2" put his
        SMLE on a line of its own: that line brought a bar, which hid the last man. Fitted without the room, the
        lines can only be fewer than with it, so a box without a bar then never gains one from the wider lines;
        one that shows a bar has its lines fitted again beside it (the next refresh: ``fits`` changed)."""
        if self.box is not None:
            self.bar_room = self.box.scroll_bar is not None

    def show(self, text: str) -> None:
        """The roster's HTML (which lays the box out again), kept where the player had scrolled it: laid out
        anew it went back to its top at each selection or act, and the row under the pointer changed."""
        self.html = text
        box = self.box
        if box is None:
            return
        bar, laid = box.scroll_bar, box.text_box_layout
        down = bar.start_percentage * laid.layout_rect.height if bar is not None and laid is not None else 0.0
        box.set_text(text)
        bar, laid = box.scroll_bar, box.text_box_layout
        if down and bar is not None and laid is not None and laid.layout_rect.height:
            bar.set_scroll_from_start_percentage(min(down / laid.layout_rect.height, 1.0 - bar.visible_percentage))
            box.update(0.0)
        self._weigh_bar()

    def fits(self, manager: pygame_gui.UIManager) -> Callable[[str], bool]:
        """Whether a roster line fits the box on one line: its print measured, the words that may be bold in
        bold (:func:`may_be_bold`), against the room the text has (beside the scroll bar, when one shows). A
        guess of 6% more than the print, against a margin of 40 pixels, put a Corporal's "Tommy" under his
        "ready +2" though the line had room for it (the row read as wrapped after its state)."""
        box = self.box
        fonts = manager.get_theme().get_font_dictionary()
        font, bold = fonts.find_font(FONT_SIZE, FONT), fonts.find_font(FONT_SIZE, FONT, bold=True)
        room = text_room(box, self.bar_room) if box is not None else 0

        def width(text: str) -> int:
            runs = " ".join(["> ", *(w for w in text.split() if may_be_bold(w))])
            return int(font.size(text)[0] + bold.size(runs)[0] - font.size(runs)[0])

        return lambda text: box is None or width(text) + 2 <= room

    def hovered(self) -> str | None:
        """The figure whose name the pointer is on, or None."""
        if self.box is None or not self.box.alive():
            return None
        return next((c.href for c in self.box.link_hover_chunks if c.is_hovered), None)

    def watch(self, manager: pygame_gui.UIManager, words: Callable[[str], str]) -> None:
        """Once a frame: a name hovered shows his whole entry (``words(figure)``: his profile and every
        weapon whole, as the table's tooltip), so nothing the line leaves out is lost (issue 33)."""
        fid = self.hovered()
        if fid == self.tip_for:
            return
        if self.tip is not None:
            self.tip.kill()
        self.tip, self.tip_for = None, fid
        text = words(fid) if fid is not None else ""
        if text and self.box is not None:
            _, y = manager.get_mouse_position()  # on the canvas (see game.ui.interface_size)
            tip = "<br>".join(html.escape(line) for line in text.splitlines())
            # beside the roster, over the table: below the pointer it covered the next names, the ones a player
            # is about to click
            x = self.box.rect.left - TIP_WIDTH - 8  # (its left edge)
            self.tip = manager.create_tool_tip(tip, (x, y - 12), (0, 0), self.box, None, wrap_width=TIP_WIDTH)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED
            and self.box is not None
            and event.ui_element is self.box
        ):
            self._select(event.link_target)
            return True
        return False
