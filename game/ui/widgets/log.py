"""The log panel at the bottom: the status line, the game's story a line at a time, "Log +" for a taller
log, and "Latest" back to the newest line once the player has scrolled up.

The newest line comes into view unless the player scrolled up to read; then the box stays where he was.
The box holds at most ``cap`` lines, then starts again from the newest ones: pygame_gui's scroll bar has a
least slider size, so in a box of hundreds of lines its end (the newest line) cannot be reached (and a box of
thousands would be slow to lay out). The panel keeps the whole game's lines (up to :data:`LOG_LIMIT`), and the
box shows a page of them: scrolling up past its first line (or clicking "Earlier lines") brings the page
before, so a player reads back to turn 1 of a long game; "Later lines" and "Latest" come back.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core.text import LineBreakLayoutRect
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.ui.widgets import Keep

BOTTOM_LOG = 170  # the log panel's least height; it grows with the window, and "Log +" makes it tall
LOG_LIMIT = 20_000  # lines of the log kept: a whole long game's, to read back (a page at a time)
LOG_SHOWN = 60  # lines in the box at a time: the newest, or a page read back
LOG_TRIM_AT = 90
EARLIER, LATER = "log:earlier", "log:later"  # the links at the ends of a page that is not the whole log
EARLIER_LINK = f'<i><a href="{EARLIER}">Earlier lines (click, or scroll up)</a></i>'
LATER_LINK = f'<i><a href="{LATER}">Later lines (click, or scroll down; Latest for the newest)</a></i>'
END_SLACK = 1.0  # pixels of the newest line the box may hide and still count as showing it
# the status line's prints, largest first: the theme's 16 pt, then pygame_gui's HTML sizes 14, 13 and 12 pt
STATUS_SIZES: tuple[tuple[float | None, int], ...] = ((None, 16), (4, 14), (3.5, 13), (3, 12))
STATUS_PADDING = 12  # pixels each side: the text boxes' padding (8) and a little slack for the border
STATUS_HEIGHT = 38  # pixels: one line of 16 pt text inside the text boxes' padding
STATUS_SECOND_LINE = 22  # pixels the status line grows by (and the log gives up) for a second line of print


ASK_AGAIN = re.compile(r"\b(?:click|press \S+) again to\b", re.IGNORECASE)


def ask_first(text: str) -> str:
    """A question's "click again to ..." put first: the status line is one line, and a long question was cut
    before its ask (a newcomer never read how to fire at a zombie already down).

    >>> ask_first("Zombie 4 is already down: only a double kills him. Click again to fire.")
    'Click again to fire. Zombie 4 is already down: only a double kills him.'
    >>> ask_first('Only 2.0" reachable (stopped by a wall): click again to move there, or point elsewhere.')
    'Click again to move there, or point elsewhere. Only 2.0" reachable (stopped by a wall).'
    >>> ask_first("Click Sergeant Russo again to ORDER: need 2D6 <= 9 (83%)")
    'Click Sergeant Russo again to ORDER: need 2D6 <= 9 (83%)'
    """
    m = ASK_AGAIN.search(text)
    if m is None or m.start() == 0:
        return text
    ask, said = text[m.start() :].rstrip(" ."), text[: m.start()].rstrip(" :;,")
    return f"{ask[0].upper()}{ask[1:]}. {said}{'' if said.endswith(('.', '!', '?')) else '.'}"


def wrapped_lines(text: str, width_of: Callable[[str], tuple[int, int]], room: int) -> int:
    """How many lines ``text`` takes wrapped at its spaces into lines ``room`` wide (``width_of``: a font's size).

    >>> wrapped_lines("aa bb cc", lambda t: (10 * len(t), 12), 50), wrapped_lines("aa bb", lambda t: (10 * len(t), 12), 50)
    (2, 1)
    """
    lines, line = 1, ""
    for word in text.split():
        longer = f"{line} {word}" if line else word
        if line and width_of(longer)[0] > room:
            lines, line = lines + 1, word
        else:
            line = longer
    return lines


def log_height(size: tuple[int, int], tall: bool = False) -> int:
    """The log panel's height: five lines or more at 1280x800, nearly half the window when enlarged.

    >>> log_height((1280, 800)), log_height((1280, 800), tall=True)
    (192, 360)
    """
    h = size[1]
    return max(BOTTOM_LOG, round(h * (0.45 if tall else 0.24)))


class LogPanel:
    """``lines`` start the log; ``relayout`` lays the scene out again (the panel changed height)."""

    def __init__(self, lines: list[str], relayout: Callable[[], None]) -> None:
        self.lines = lines
        self.tall = False  # enlarged ("Log +")
        self.status_html = ""
        self.box: UITextBox | None = None
        self.status_box: UITextBox | None = None
        self.latest_button: UIButton | None = None
        self.size_button: UIButton | None = None
        self.box_lines = 0  # lines in the box now
        self.first = (
            0  # the index in ``lines`` of the box's first line (the box shows lines[first:first + box_lines])
        )
        self.pointer: tuple[int, int] = (0, 0)  # where the mouse was last seen (the wheel pages over the box)
        self.refill = False  # start the box again from the newest lines, once this frame
        self.following = True  # the box shows its newest line; False once the player scrolls up
        self.cap = LOG_TRIM_AT  # lines the box may hold; lowered if a small window's slider cannot reach the end
        self.dirty = False  # lines came since the last frame
        self.height_was: int | None = None  # the box's text height before the lines came
        self.laid_out: tuple[object, int, tuple[int, int]] | None = None  # the box as settle left it: laid_out()
        self._relayout = relayout

    # ---- the panel --------------------------------------------------------------------------------

    def build(self, ui: Keep, manager: pygame_gui.UIManager, area: pygame.Rect) -> None:
        """The panel in ``area``: "Log" and "Log +" at the left, the status line over the log."""
        m, log_w, log_h = manager, area.width - 18 - 56, area.height
        bottom = ui(UIPanel(area, manager=m, object_id="#log_panel"))
        ui(UILabel(pygame.Rect(10, 4, 50, 26), "Log", m, container=bottom, object_id="#panel_title"))
        self.size_button = ui(
            UIButton(
                pygame.Rect(8, 30, 50, 26),
                "Log -" if self.tall else "Log +",
                m,
                container=bottom,
                tool_tip_text="A taller log (or back to the usual height)",
                object_id="#small_button",  # the whole "Log +" inside the button's 50 px
            )
        )
        # tall enough for one line of 16 pt text inside the text boxes' padding (two of small print: set_status)
        status_rect = pygame.Rect(64, 1, area.width - 76, STATUS_HEIGHT)
        self.status_box = ui(UITextBox("", status_rect, m, container=bottom, object_id="#status"))
        self.status_lines = 1
        box_rect = pygame.Rect(62, 41, log_w, log_h - 49)
        self.box = ui(UITextBox("", box_rect, m, container=bottom, object_id="#log"))
        self._fill(max(0, len(self.lines) - LOG_SHOWN), len(self.lines))
        self.following = True
        self.latest_button = ui(
            UIButton(
                pygame.Rect(62 + log_w - 150, log_h - 40, 128, 30),
                "Latest",
                m,
                container=bottom,
                tool_tip_text="Jump to the newest line of the log",
                object_id="#primary",
            )
        )
        self.latest_button.hide()
        self.scroll_to_end()
        self.set_status(self.status_html)

    def set_status(self, text: str) -> None:
        """The status line (pygame_gui HTML), in a smaller print when it would not fit its one line (a long
        question was cut: 'Only 5.8" reachable ... (stopped by 1" from'); on two lines, the log a line shorter,
        when it fits none (the End phase question with a squad out of coherency was cut at "...and must")."""
        self.status_html = text
        if self.status_box is not None:
            fitted, lines = self._fitted(text)
            self._status_height(lines)
            self.status_box.set_text(fitted)

    def _fitted(self, text: str) -> tuple[str, int]:
        """``text`` at the status line's own print, or the largest smaller one in which it fits one line, else
        two; and how many lines it takes."""
        box = self.status_box
        if box is None:
            return text, 1
        plain = html.unescape(re.sub(r"<[^>]*>", "", text))
        fonts = box.ui_manager.get_theme().get_font_dictionary()
        room = box.rect.width - 2 * STATUS_PADDING
        for lines in (1, 2):
            for size, points in STATUS_SIZES if lines == 1 else STATUS_SIZES[2:]:  # (two lines: 13 pt or less)
                if wrapped_lines(plain, fonts.find_font(points, "noto_sans").size, room) <= lines:
                    return (text if size is None else f"<font size={size}>{text}</font>"), lines
        return f"<font size={STATUS_SIZES[-1][0]}>{text}</font>", 2  # (the smallest: all of it is there)

    def _status_height(self, lines: int) -> None:
        """The status line one or two lines tall; the log box below it gives up (or takes back) the room."""
        status, box = self.status_box, self.box
        if status is None or box is None or lines == self.status_lines:
            return
        grow = (lines - self.status_lines) * STATUS_SECOND_LINE
        self.status_lines = lines
        top = self._top()
        status.set_dimensions((status.rect.width, status.rect.height + grow))
        box.set_relative_position((box.relative_rect.x, box.relative_rect.y + grow))
        box.set_dimensions((box.rect.width, box.rect.height - grow))
        for resized in (status, box):  # laid out now: pygame_gui's own rebuild, 0.2 s later, went back to the top
            resized.rebuild()
        if self.following:  # the newest line back in view, or the reader's page
            self.scroll_to_end()
        else:
            self._restore(top)

    def intercept(self, event: pygame.event.Event) -> bool:
        """Seen before pygame_gui (whose scroll bar swallows the wheel): the wheel at the top of the box brings
        the page before, at its bottom the page after. True when it did."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        return event.type == pygame.MOUSEWHEEL and self._wheel(event.y)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.box:
            if event.link_target == EARLIER:
                self.earlier()
            elif event.link_target == LATER:
                self.later()
            return event.link_target in (EARLIER, LATER)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.latest_button:
            self.jump_to_latest()
        elif event.ui_element is self.size_button:
            self.toggle_size()
        else:
            return False
        return True

    def toggle_size(self) -> None:
        """ "Log +" / "Log -": the log panel nearly half the window, or back to its usual height."""
        self.tall = not self.tall
        self._relayout()

    # ---- lines --------------------------------------------------------------------------------------

    def log(self, html_line: str) -> None:
        """Add one line (pygame_gui HTML); it comes into view unless the player scrolled up."""
        at_tail = self.first + self.box_lines == len(self.lines)
        self.lines.append(html_line)
        dropped = max(0, len(self.lines) - LOG_LIMIT)
        del self.lines[:dropped]
        self.first = max(0, self.first - dropped)
        box = self.box
        self.dirty = True
        if box is None or not at_tail or self.refill:
            return  # (a page read back stays as it is: "Later lines" and "Latest" lead on)
        if self.following and self.box_lines + 1 > self.cap:
            self.refill = True  # once this frame, in settle: start the box again from the newest lines
            return
        keep = None if self.following else self._top()
        more = self.following or self.box_lines < self.cap  # the reader's page is full: the new line waits
        if more:
            self.box_lines += 1
        box.append_html_text("<br>" + (html_line if more else LATER_LINK))
        if keep is not None:  # pygame_gui jumps to the end on append: put the reader back where he was
            self._restore(keep)

    def take_back(self, lines: Sequence[str]) -> bool:
        """Take ``lines`` off the end of the log when they are its last lines (a line the next events tell
        better: "Zombie 7 lurches." becoming "4 zombies lurch toward ..."); False, and nothing taken, otherwise."""
        n = len(lines)
        if n == 0:
            return True
        if self.lines[-n:] != list(lines):
            return False
        del self.lines[-n:]
        self.first = min(self.first, len(self.lines))
        self.refill = self.dirty = True  # (settle shows the box afresh)
        return True

    def start_over(self, keep: int) -> None:
        """Every line after the first ``keep`` goes: the story is about to be told again (an undo's game, rebuilt),
        its lines kept off the box until the frame settles and the box is filled once. Told into the box line by
        line, it took 1.5 s before Ctrl+Z showed anything, and the story read twice."""
        del self.lines[keep:]
        self.first = min(self.first, len(self.lines))
        self.following = True  # the rebuilt game's newest line in view
        self.refill = self.dirty = True

    def reshow(self) -> None:
        """The box shows ``lines`` afresh, at their end (a replay that stepped back set them anew)."""
        if self.box is not None:
            self._refill_box()
            self.scroll_to_end()

    def at_end(self) -> bool:
        """True when the box shows its newest line whole (the player has not scrolled up)."""
        return self.end_hidden() <= END_SLACK

    def end_hidden(self) -> float:
        """Pixels of the newest line below the box's bottom edge (0: it shows whole). Measured in pixels: a
        fraction of a long log's height hid half a line."""
        box = self.box
        bar = getattr(box, "scroll_bar", None)
        layout = getattr(box, "text_box_layout", None)
        if box is None or bar is None or layout is None or not layout.layout_rows:
            return 0.0
        top = bar.start_percentage * layout.layout_rect.height
        return max(0.0, float(layout.layout_rows[-1].bottom) - (top + box.text_wrap_rect[3]))

    def scroll_to_end(self) -> None:
        bar = getattr(self.box, "scroll_bar", None)
        if bar is not None and self.box is not None:
            bar.set_scroll_from_start_percentage(1.0)
            self.box.update(0.0)

    def jump_to_latest(self) -> None:
        """The "Latest" control: back to the newest line, and follow the log again."""
        self.following = True
        if self.first + self.box_lines != len(self.lines):  # a page read back: the newest lines again
            self._refill_box()
        self._show_end()
        self._show_latest_button()

    # ---- each frame: before the match adds lines, then after ------------------------------------------

    def watch(self) -> None:
        """Before the frame's lines: has the player scrolled up since the last line? Only his scrolling stops
        the box following: a box pygame_gui laid out again by itself (a new scroll bar, at the top) or whose
        text changed height is put back at its newest line (a "Latest" came up with nobody scrolling)."""
        if self.box is not None and not self.dirty:
            if self.following and not self.at_end() and self.laid_out != self._layout_now():
                self.scroll_to_end()  # (not the player's doing: the box was laid out anew)
            self.following = self.at_end() and self.first + self.box_lines == len(self.lines)
            layout = self.box.text_box_layout
            self.height_was = layout.layout_rect.height if layout is not None else None

    def _layout_now(self) -> tuple[object, int, tuple[int, int]] | None:
        """The box's scroll bar (pygame_gui makes a new one each time it lays the box out), text height and
        size: when they are as settle left them, a scroll since was the player's."""
        box = self.box
        layout = box.text_box_layout if box is not None else None
        if box is None or layout is None:
            return None
        return box.scroll_bar, layout.layout_rect.height, box.rect.size

    def settle(self) -> None:
        """After the frame's lines: the newest at the bottom, in view unless the player scrolled up."""
        if self.dirty:
            self.dirty = False
            if self.refill:
                top = None if self.following else self._top()
                self._refill_box()
                if top is not None:
                    self._restore(top)
            if self.following:
                self._show_end()
        self._show_latest_button()
        self.laid_out = self._layout_now()

    def _show_end(self) -> None:
        """Scroll to the newest line, holding fewer lines when the scroll bar cannot reach it whole."""
        self.scroll_to_end()
        if not self.at_end() and self.cap > 12:  # this box is too long for its scroll bar
            self.cap = max(12, self.box_lines * 2 // 3)
            self._refill_box()
            self.scroll_to_end()

    def _top(self) -> float:
        """The box's scroll position as a fraction of its text height from the top."""
        bar = self.box.scroll_bar if self.box is not None else None
        return float(bar.start_percentage) if bar is not None else 0.0

    def _restore(self, start: float) -> None:
        box = self.box
        layout, bar = (box.text_box_layout, box.scroll_bar) if box is not None else (None, None)
        if box is None or bar is None or layout is None:
            return
        old_height = self.height_was or layout.layout_rect.height
        bar.set_scroll_from_start_percentage(start * old_height / max(1, layout.layout_rect.height))
        box.update(0.0)

    def _refill_box(self) -> None:
        """The box starts again from the newest lines."""
        self._fill(max(0, len(self.lines) - self._page()), len(self.lines))

    def _page(self) -> int:
        """Lines the box shows at a time (fewer when a small window's scroll bar could not reach the end)."""
        return max(1, min(LOG_SHOWN, self.cap * 2 // 3))

    def _fill(self, first: int, end: int) -> None:
        """The box shows ``lines[first:end]``, with a link to the lines before and after where there are more."""
        shown = self.lines[first:end]
        self.first, self.box_lines, self.refill = first, len(shown), False
        if self.box is not None:
            text = [EARLIER_LINK] if first > 0 else []
            text += shown
            text += [LATER_LINK] if end < len(self.lines) else []
            self.box.set_text("<br>".join(text))

    # ---- reading back a long game: a page at a time -------------------------------------------------

    def _wheel(self, up: int) -> bool:
        """The wheel over the box at its top (or bottom) brings the page before (or after). True when it did."""
        box, bar = self.box, getattr(self.box, "scroll_bar", None)
        if box is None or not box.rect.collidepoint(self.pointer) or not up:
            return False
        top = bar is None or bar.start_percentage <= 0.0
        if up > 0 and top and self.first > 0:
            self.earlier()
            return True
        if up < 0 and self.at_end() and self.first + self.box_lines < len(self.lines):
            self.later()
            return True
        return False

    def earlier(self) -> None:
        """The page before: the line that was at the top stays at the top, with the earlier lines above it."""
        if self.box is None or self.first == 0:
            return
        was, page = self.first, self._page()
        first = max(0, was - page // 2)
        self.following = False
        self._fill(first, min(len(self.lines), first + page))
        self._scroll_to(self._line_top(was - first + (first > 0)))
        self._show_latest_button()

    def later(self) -> None:
        """The page after: the line that was at the bottom stays in view, with the later lines below it."""
        end_was = self.first + self.box_lines
        if self.box is None or end_was >= len(self.lines):
            return
        page = self._page()
        end = min(len(self.lines), end_was + page // 2)
        first = max(0, end - page)
        self._fill(first, end)
        box_h = self.box.text_wrap_rect[3]
        self._scroll_to(self._line_top(end_was - first + (first > 0)) - box_h)
        self._show_latest_button()

    def _line_top(self, line: int) -> float:
        """Pixels from the top of the box's text to the top of its ``line``-th line (counted from 0, a link too)."""
        layout = self.box.text_box_layout if self.box is not None else None
        if layout is None:
            return 0.0
        breaks = 0
        for row in layout.layout_rows:
            if breaks >= line:
                return float(row.top - layout.layout_rect.top)
            breaks += any(isinstance(item, LineBreakLayoutRect) for item in row.items)
        return float(layout.layout_rect.height)

    def hovered_line(self) -> str:
        """The log line under the pointer ("" for none, or a page's link): the table marks the models it names,
        so a player reading "the way of Fire Warrior 7" back finds him."""
        box = self.box
        layout = box.text_box_layout if box is not None else None
        if box is None or layout is None or not box.rect.collidepoint(self.pointer):
            return ""
        y = box._calculate_text_space_pos(self.pointer)[1] + layout.layout_rect.top  # (the box's own reading)
        breaks = 0
        for row in layout.layout_rows:
            if row.top <= y < row.bottom:
                index = self.first + breaks - (self.first > 0)  # (the "Earlier lines" link is the box's line 0)
                inside = self.first <= index < self.first + self.box_lines
                return self.lines[index] if inside else ""
            breaks += any(isinstance(item, LineBreakLayoutRect) for item in row.items)
        return ""

    def _scroll_to(self, y: float) -> None:
        box = self.box
        bar, layout = (box.scroll_bar, box.text_box_layout) if box is not None else (None, None)
        if box is None or bar is None or layout is None:
            return
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0, y / max(1, layout.layout_rect.height))))
        box.update(0.0)

    def _show_latest_button(self) -> None:
        button = self.latest_button
        if button is None:
            return
        if self.following and button.visible:
            button.hide()
        elif not self.following and not button.visible:
            button.show()
