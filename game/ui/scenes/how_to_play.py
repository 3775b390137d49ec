"""How to play: the mouse, every key, how a turn goes and a rule set's primer (:mod:`game.ui.how_to_play`).

From the title it offers every rule set (a drop-down, open on the one played or read last); from a game, that
game's. Page Up/Page Down, Home/End and the wheel scroll; Escape or Back returns.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextBox

from game.rules.core import RuleSet
from game.ui.how_to_play import how_to_play_html
from game.ui.rules_help import preload_help_fonts, written_rulesets
from game.ui.scenes.base import Scene

CHOOSER_H = 40
PAGE_KEYS = (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END)


class HowToPlayScene(Scene):
    name = "how_to_play"

    def __init__(self, app: Any, ruleset: str | None = None, first: str = "") -> None:
        """``ruleset``: that rule set's page only (a game's); None: a chooser over every one, open on ``first``."""
        super().__init__(app)
        self.choices: list[RuleSet] = [] if ruleset is not None else written_rulesets()
        keys = [r.key for r in self.choices]
        self.ruleset = ruleset if ruleset is not None else (first if first in keys else (keys or [""])[0])
        self.chooser: UIDropDownMenu | None = None

    @property
    def html(self) -> str:
        return self.text.html_text

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        self._preload()
        top = m
        self.chooser = None
        if len(self.choices) > 1:
            names: list[str | tuple[str, str]] = [r.name for r in self.choices]
            current = next((r.name for r in self.choices if r.key == self.ruleset), self.choices[0].name)
            rect = pygame.Rect(m, m, min(w - 2 * m, 360), CHOOSER_H - 6)
            self.chooser = self.ui(UIDropDownMenu(names, current, rect, self.manager))
            top += CHOOSER_H
        self.text = self.ui(
            UITextBox(
                how_to_play_html(self.ruleset or None),
                pygame.Rect(m, top, w - 2 * m, h - top - m - 60),
                self.manager,
                object_id="#rules_text",
            )
        )
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))

    def _preload(self) -> None:
        preload_help_fonts(self.manager)  # the primer is laid out by the rules help

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.chooser:
            chosen = next((r for r in self.choices if r.name == event.text), None)
            if chosen is not None:
                self.ruleset = self.app.last_ruleset = chosen.key  # read last: the next page opens on it
                self.app.rebuild()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in PAGE_KEYS and self.text.scroll_bar is not None:
            bar = self.text.scroll_bar
            page = bar.visible_percentage * 0.9
            step = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -1.0, pygame.K_END: 1.0}
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0, bar.start_percentage + step[event.key])))
