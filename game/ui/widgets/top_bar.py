"""The top bar: the turn banner, the objective, and the buttons (Fit, Outlines, Save, Load, Shop, Menu...).

Each label takes the largest print that fits its place, then cuts its end short, rather than overflow
(:func:`game.ui.fitting.fit`). A button asks for the intent of its key (``fit``, ``menu``...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from game.ui.assets import Assets
from game.ui.fitting import fit
from game.ui.widgets import Keep

TOP_BAR = 48
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
        objective_id, objective_text = self._fit_objective(self.objective or self.subtitle, objective_w)
        self.objective_label = ui(
            UILabel(pygame.Rect(banner_w + 16, 4, objective_w, TOP_BAR - 12), objective_text, manager,
                    container=top, object_id=objective_id)
        )  # fmt: skip

    def set_banner(self, text: str) -> None:
        self.banner = text
        if self.banner_label is not None:
            _refit(self.banner_label, self._fit_banner(text, self.banner_label.rect.width))

    def set_objective(self, text: str) -> None:
        """The objective line, in the largest print that fits its place (then cut short)."""
        self.objective = text
        if self.objective_label is not None:
            _refit(self.objective_label, self._fit_objective(text, self.objective_label.rect.width))

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

    def _fit_objective(self, text: str, width: int) -> tuple[str, str]:
        return fit(text, width - 10, [("#subtle", self._measure(18)), ("#footnote", self._measure(14))])


def _refit(label: UILabel, fitted: tuple[str, str]) -> None:
    """Show ``fitted`` (object id, text) on ``label``, changing its print only when it must."""
    object_id, shown = fitted
    if object_id != label.most_specific_combined_id.split(".")[-1]:
        label.set_text(" ")  # the old text is not laid out in the new print
        label.change_object_id(object_id)
    label.set_text(shown)
