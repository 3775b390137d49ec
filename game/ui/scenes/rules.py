"""Rules help: the rules in force for a rule set, house rules marked, in a scrolling text box."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.ui.rules_help import rules_html
from game.ui.scenes.base import Scene


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, ruleset: str) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.html = rules_html(ruleset)  # built once, not per layout

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        self.text = self.ui(UITextBox(self.html, pygame.Rect(m, m, w - 2 * m, h - 3 * m - 48), self.manager,
                                      object_id="#rules_text"))
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
