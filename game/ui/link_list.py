"""A scrolling list of links (the set-up's Add list): a pygame_gui text box that answers a click anywhere on an
entry, keeps the mouse wheel to itself, and shows each entry's own tooltip.

pygame_gui 0.6 loses the first line of a link that wraps: the layout splits the link in two and keeps only the
second part among the links it hit-tests, so a long entry answered clicks on its second line alone. The list
takes every part of every link from the laid-out rows again after each rebuild.

The wheel over the list scrolls the list, never the page behind it (the set-up's choices scroll too): a list
with nothing to scroll takes the wheel and stays still.

``tips`` maps a link's target (``add:3``) to its words, shown beside the pointer after the usual pause.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core.text import HyperlinkTextChunk
from pygame_gui.elements import UITextBox

TIP_W = 420  # how wide an entry's tooltip grows before it wraps
# pygame_gui's wheel glides its bar at a pace scaled by the part of the list shown: in a long list (a 40k
# player's imported units) a notch crawled a few pixels. A notch scrolls WHEEL_ROWS rows, in about GLIDE s.
WHEEL_ROWS = 3
GLIDE = 0.15


class LinkList(UITextBox):
    """A :class:`UITextBox` of links; ``tips``: each link target's tooltip (none for a target left out)."""

    def __init__(self, *args: Any, tips: dict[str, str] | None = None, **kwargs: Any) -> None:
        self.tips: dict[str, str] = dict(tips or {})
        self.tip_href = ""  # the link whose tooltip shows (or waits to)
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        super().rebuild()
        layout = self.text_box_layout
        if layout is None:
            return
        # every part of every link, in reading order (pygame_gui keeps only a wrapped link's last line)
        self.link_hover_chunks = [
            item for row in layout.layout_rows for item in row.items if isinstance(item, HyperlinkTextChunk)
        ]
        self._pace_wheel()

    def _pace_wheel(self) -> None:
        """Set the scroll bar's wheel so that a notch scrolls WHEEL_ROWS rows of the list, whatever its length:
        the bar moves ``speed * shown part`` of its track a notch (the list: that over the track, times its
        height), and glides there at ``pace * shown part`` of the distance a second."""
        layout, bar = self.text_box_layout, self.scroll_bar
        if layout is None or bar is None or not layout.layout_rows:
            return
        row = max(r.height for r in layout.layout_rows[:3])
        shown = max(bar.visible_percentage, 1e-3)
        bar.scroll_wheel_speed = WHEEL_ROWS * row * bar.scrollable_height / (shown * layout.layout_rect.height)
        bar.scroll_to_target_speed = 1.0 / (GLIDE * shown)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            if self.scroll_bar is not None:
                self.scroll_bar.process_event(event)
            return True  # the page behind the list stays where it is
        return bool(super().process_event(event))

    def hovered_link(self, pos: tuple[float, float]) -> str:
        """The target of the link under ``pos`` (screen pixels), or ""."""
        if not self.rect.collidepoint(pos):
            return ""
        x, y = self._calculate_hyperlinks_offsets()
        for chunk in self.link_hover_chunks:
            if pygame.Rect((x + chunk.x, y + chunk.y), chunk.size).collidepoint(pos):
                return str(chunk.href)
        return ""

    def while_hovering(self, time_delta: float, mouse_pos: Any) -> None:
        """Show the tooltip of the link under the pointer; moving to another link starts its pause again."""
        href = self.hovered_link((float(mouse_pos[0]), float(mouse_pos[1])))
        if href != self.tip_href:
            self._drop_tip()
            self.tip_href = href
            self.hover_time = 0.0
        tip = self.tips.get(href)
        if self.tool_tip is None and tip and self.hover_time > self.tool_tip_delay:
            self.tool_tip = self.ui_manager.create_tool_tip(
                text=tip,
                position=(int(mouse_pos[0]), int(mouse_pos[1])),
                hover_distance=(0, 16),
                parent_element=self,
                object_id=None,
                wrap_width=TIP_W,
            )
        self.hover_time += time_delta

    def on_unhovered(self) -> None:
        super().on_unhovered()
        self.tip_href = ""

    def _drop_tip(self) -> None:
        if self.tool_tip is not None:
            self.tool_tip.kill()
            self.tool_tip = None
