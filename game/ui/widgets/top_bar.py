"""The top bar: the turn banner, the objective, and the buttons (Fit, Outlines, Save, Load, Shop, Menu...).

Each label takes the largest print that fits its place, then cuts its end short, rather than overflow
(:func:`game.ui.fitting.fit`); the objective goes onto two lines before it is cut (at 143% the turns left were
lost off the end). A button asks for the intent of its key (``fit``, ``menu``...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from game.ui.assets import Assets
from game.ui.fitting import elide, fit, wrap
from game.ui.widgets import Keep

TOP_BAR = 48
PARTS = " \u00b7 "  # between the objective line's parts, where it breaks onto its second line
WARN_MARK = "(!)"  # an objective line that warns (the walk to the exit out of reach): shown in the warning colour
Fitted = list[tuple[str, str]]  # (object id, text) a line
ButtonSpec = tuple[str, str, str, str | None]  # key (the intent), label, tooltip, icon id or None


class TopBar:
    """``intent`` gets a pressed button's key; ``subtitle`` shows while there is no objective."""

    def __init__(self, intent: Callable[[str], object], subtitle: str) -> None:
        self.banner = "Turn 1"
        self.objective = ""
        self.subtitle = subtitle
        self.buttons: dict[str, UIButton] = {}
        self.banner_label: UILabel | None = None
        self.objective_label: UILabel | None = None
        self.objective_more: UILabel | None = None  # the objective's second line, when it needs one
        self._intent = intent
        self._manager: pygame_gui.UIManager | None = None

    def build(
        self, ui: Keep, manager: pygame_gui.UIManager, assets: Assets, width: int, specs: Sequence[ButtonSpec]
    ) -> None:
        self._manager = manager
        top = ui(UIPanel(pygame.Rect(0, 0, width, TOP_BAR), manager=manager, object_id="#top_bar"))
        # icon buttons are square; "Fit" is short; the others get a word's width
        widths = [TOP_BAR - 10 if icon else (56 if len(label) <= 4 else 84) for _, label, _, icon in specs]
        bx = width - sum(widths) - 6 * len(widths) - 6
        self._build_labels(ui, manager, top, bx)
        self.buttons = {}
        x = bx
        for (key, label, tip, icon), bw in zip(specs, widths):
            rect = pygame.Rect(x, 5, bw, TOP_BAR - 14)
            x += bw + 6
            self.buttons[key] = ui(
                UIButton(rect, "" if icon else label, manager, container=top, tool_tip_text=tip)
            )
            if icon:  # drawn over the button; pygame_gui images take no clicks
                at = pygame.Rect(rect.x + (rect.w - 24) // 2, rect.y + (rect.h - 24) // 2, 24, 24)
                ui(UIImage(at, assets.scaled(icon, (24, 24)), manager, container=top))

    def _build_labels(self, ui: Keep, manager: pygame_gui.UIManager, top: UIPanel, bx: int) -> None:
        """The banner takes what its text needs (up to 600 px, or 55% of the room when short of it), the
        objective the rest up to ``bx`` (the buttons)."""
        room = bx - 12 - 16
        natural = self._measure(28, True)(self.banner) + 12
        banner_w = max(120, min(600, natural, max(room - 200, round(room * 0.55))))
        banner_id, banner_text = self._fit_banner(self.banner, banner_w)
        self.banner_label = ui(
            UILabel(pygame.Rect(12, 1, banner_w, TOP_BAR - 4), banner_text, manager, container=top,
                    object_id=banner_id)
        )  # fmt: skip
        objective_w = max(50, bx - banner_w - 22)
        self.objective_label = ui(
            UILabel(pygame.Rect(banner_w + 16, 4, objective_w, TOP_BAR - 12), " ", manager, container=top,
                    object_id="#subtle")
        )  # fmt: skip
        self.objective_more = ui(
            UILabel(pygame.Rect(banner_w + 16, TOP_BAR // 2 - 1, objective_w, 21), " ", manager, container=top,
                    object_id="#footnote")
        )  # fmt: skip
        self.set_objective(self.objective)

    def set_banner(self, text: str) -> None:
        self.banner = text
        if self.banner_label is not None:
            _refit(self.banner_label, self._fit_banner(text, self.banner_label.rect.width))

    def set_objective(self, text: str) -> None:
        """The objective line (the subtitle while there is none), in the largest print that fits its place;
        else on two lines, broken between its parts; then cut short."""
        self.objective = text
        first, more = self.objective_label, self.objective_more
        if first is None or more is None:
            return
        lines = self._fit_objective(text or self.subtitle, first.rect.width)
        if WARN_MARK in text:  # a warning on the line ("(!) out of reach: ..."): in the warning colour
            lines = [(object_id + "_warn", line) for object_id, line in lines]
        x, width = first.relative_rect.x, first.rect.width
        if len(lines) == 1:
            first.set_relative_position((x, 4))
            first.set_dimensions((width, TOP_BAR - 12))
        else:
            first.set_relative_position((x, 2))
            first.set_dimensions((width, 21))
        _refit(first, lines[0])
        _refit(more, lines[1] if len(lines) > 1 else ("#footnote", " "))
        if len(lines) > 1:
            more.show()
        else:
            more.hide()

    def objective_shown(self) -> str:
        """The objective as it reads on the bar now (both lines)."""
        lines = [
            self.objective_label,
            self.objective_more if self.objective_more and self.objective_more.visible else None,
        ]
        return " ".join(label.text for label in lines if label is not None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = next((k for k, b in self.buttons.items() if event.ui_element is b), None)
        if key is not None:
            self._intent(key)
        return key is not None

    def _measure(self, size: int, bold: bool = False) -> Any:
        """How wide a text is in the theme's font at ``size`` (pixels)."""
        assert self._manager is not None  # measured while building, or after
        font = self._manager.get_theme().get_font_dictionary().find_font(size, "noto_sans", bold=bold)
        return lambda text: int(font.size(text)[0])

    def _fit_banner(self, text: str, width: int) -> tuple[str, str]:
        sizes = [
            (f"#banner{k}", self._measure(pt, True)) for k, pt in (("", 28), ("_small", 24), ("_smaller", 18))
        ]
        return fit(text, width - 12, sizes)

    def _fit_objective(self, text: str, width: int) -> Fitted:
        one = fit(text, width - 10, [("#subtle", self._measure(18)), ("#footnote", self._measure(14))])
        if one[1] == text:
            return [one]
        return [("#footnote", line) for line in two_lines(text, width - 10, self._measure(14))]


def _refit(label: UILabel, fitted: tuple[str, str]) -> None:
    """Show ``fitted`` (object id, text) on ``label``, changing its print only when it must."""
    object_id, shown = fitted
    if object_id != label.most_specific_combined_id.split(".")[-1]:
        label.set_text(" ")  # the old text is not laid out in the new print
        label.change_object_id(object_id)
    label.set_text(shown)


def two_lines(text: str, width: int, measure: Callable[[str], int]) -> tuple[str, str]:
    """``text`` on two lines of whole words of at most ``width``; when that is not room enough, the last part
    (after the last " · ": the turns or moves left) stays whole and what comes before it is cut short.

    >>> two_lines("Allies first · exit 3 men (0 out) · 12 of 12 turns left", 10 * 34, lambda t: 10 * len(t))
    ('Allies first · exit 3 men (0 out)', '12 of 12 turns left')
    >>> two_lines("Allies first · exit 3 men (0 out, nearest 22 from it) · 12 of 12 turns left", 10 * 30,
    ...           lambda t: 10 * len(t))
    ('Allies first · exit 3 men (0', 'out, ne… · 12 of 12 turns left')
    """
    lines = wrap(text, width, measure)
    top, bottom = lines[0].rstrip(" \u00b7"), " ".join(lines[1:]).lstrip(" \u00b7")
    if measure(bottom) <= width:
        return top, bottom
    head, sep, last = text.rpartition(PARTS)
    keep = sep + last
    room = width - measure(keep)
    if sep and len(top) < len(head) and room > measure("x\u2026"):
        return top, elide(head[len(top) :].strip(), room, measure) + keep
    return top, elide(bottom, width, measure)
