"""The log panel at the bottom: the status line, the game's story a line at a time, "Log +" for a taller
log, and "Latest" back to the newest line once the player has scrolled up.

The newest line comes into view unless the player scrolled up to read; then the box stays where he was.
The box holds at most ``cap`` lines, then starts again from the newest ones: pygame_gui's scroll bar has a
least slider size, so in a box of hundreds of lines its end (the newest line) cannot be reached.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.ui.widgets import Keep

BOTTOM_LOG = 170  # the log panel's least height; it grows with the window, and "Log +" makes it tall
LOG_LIMIT = 400  # lines of the log kept (the load list and a rebuilt box show the newest)
LOG_SHOWN = 60
LOG_TRIM_AT = 90
END_SLACK = 1.0  # pixels of the newest line the box may hide and still count as showing it


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
        self.refill = False  # start the box again from the newest lines, once this frame
        self.following = True  # the box shows its newest line; False once the player scrolls up
        self.cap = LOG_TRIM_AT  # lines the box may hold; lowered if a small window's slider cannot reach the end
        self.dirty = False  # lines came since the last frame
        self.height_was: int | None = None  # the box's text height before the lines came
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
        # tall enough for one line of 16 pt text inside the text boxes' padding
        status_rect = pygame.Rect(64, 1, area.width - 76, 38)
        self.status_box = ui(UITextBox(self.status_html, status_rect, m, container=bottom, object_id="#status"))
        shown = self.lines[-LOG_SHOWN:]
        box_rect = pygame.Rect(62, 41, log_w, log_h - 49)
        self.box = ui(UITextBox("<br>".join(shown), box_rect, m, container=bottom, object_id="#log"))
        self.box_lines, self.refill, self.following = len(shown), False, True
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

    def set_status(self, text: str) -> None:
        """The status line (pygame_gui HTML)."""
        self.status_html = text
        if self.status_box is not None:
            self.status_box.set_text(text)

    def handle_event(self, event: pygame.event.Event) -> bool:
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
        self.lines.append(html_line)
        del self.lines[:-LOG_LIMIT]
        box = self.box
        if box is None:
            return
        self.box_lines += 1
        if self.box_lines > self.cap:
            self.refill = True  # once this frame, in settle: start the box again from the newest lines
        elif not self.refill:
            keep = None if self.following else self._top()
            box.append_html_text("<br>" + html_line)
            if keep is not None:  # pygame_gui jumps to the end on append: put the reader back where he was
                self._restore(keep)
        self.dirty = True

    def reshow(self) -> None:
        """The box shows ``lines`` afresh, at their end (a replay that stepped back set them anew)."""
        if self.box is not None:
            self.box.set_text("<br>".join(self.lines))
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
        self._show_end()
        self._show_latest_button()

    # ---- each frame: before the match adds lines, then after ------------------------------------------

    def watch(self) -> None:
        """Before the frame's lines: has the player scrolled up since the last line?"""
        if self.box is not None and not self.dirty:
            self.following = self.at_end()
            layout = self.box.text_box_layout
            self.height_was = layout.layout_rect.height if layout is not None else None

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
        lines = self.lines[-min(LOG_SHOWN, self.cap * 2 // 3) :]
        if self.box is not None:
            self.box.set_text("<br>".join(lines))
        self.box_lines = len(lines)
        self.refill = False

    def _show_latest_button(self) -> None:
        button = self.latest_button
        if button is None:
            return
        if self.following and button.visible:
            button.hide()
        elif not self.following and not button.visible:
            button.show()
