"""Rules help: the rules in force for a rule set, house rules marked, in a scrolling text box.

From the title it offers every registered rule set (a drop-down above the contents, shown when
there is more than one); from a game it shows that game's rule set, for its scenario and options.
A contents column on the left jumps to each section; Page Up/Page Down, Home/End and the mouse
wheel scroll; Escape or Back returns.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextBox

from game.rules.core import RuleSet
from game.scenario.model import Scenario
from game.ui.interface_size import LEAST_CANVAS as MIN_SIZE
from game.ui.rules_help import MONO, RulesHelp, preload_help_fonts, rules_help, written_rulesets
from game.ui.scenes.base import Scene

CONTENTS_W = 236
CHOOSER_H = 40  # the rule-set drop-down above the contents
CHOOSER_POINTS = 18  # the drop-down's print (the theme's buttons and list items)
MONO_CHAR = 8.4  # width of one Fira Code character at 14 px, when the font cannot be asked


class RulesScene(Scene):
    name = "rules"

    def __init__(
        self,
        app: Any,
        ruleset: str | None = None,
        scenario: Scenario | None = None,
        options: dict[str, Any] | None = None,
        first: str = "",
    ) -> None:
        """``ruleset`` (a key): that rule set only (a game's); None: a chooser over every registered one, open
        on ``first`` (the rule set played or read last) where it is one of them."""
        super().__init__(app)
        self.choices: list[RuleSet] = [] if ruleset is not None else written_rulesets()
        keys = [r.key for r in self.choices]
        self.ruleset: str = ruleset if ruleset is not None else (first if first in keys else (keys or [""])[0])
        self.scenario = scenario
        self.options = dict(options or {})
        self.help: RulesHelp = RulesHelp("", ())
        self.sections: dict[UIButton, str] = {}
        self.chooser: UIDropDownMenu | None = None

    @property
    def html(self) -> str:
        return self.help.html

    def _preload(self) -> None:
        preload_help_fonts(self.manager)

    def _columns(self, text_width: int) -> int:
        """How many monospaced characters a table line may take in a text box this wide."""
        try:
            font = self.manager.get_theme().get_font_dictionary().find_font(14, MONO)
            char = font.size("0")[0] or MONO_CHAR
        except Exception:  # an odd font back end: the usual width will do
            char = MONO_CHAR
        return max(40, int((text_width - 48) / char) - 2)  # 48: the box's padding and scroll bar

    def _chooser_width(self, names: list[str | tuple[str, str]]) -> int:
        """How wide the rule-set drop-down must be for its longest name to read whole (a long one was cut
        after its first words), its arrow button and padding included. Measured in the drop-down's own
        print: its closed button is bold 18 (the 14 it was once measured in cut a rule set's longer names short)."""
        try:
            font = self.manager.get_theme().get_font_dictionary().find_font(CHOOSER_POINTS, "noto_sans", bold=True)
            longest = max(font.size(n if isinstance(n, str) else n[0])[0] for n in names)
        except Exception:  # an odd font back end: a generous guess per character
            longest = 9 * max(len(n if isinstance(n, str) else n[0]) for n in names)
        return longest + 64

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        self._preload()
        wide = w >= MIN_SIZE[0]  # the contents at every size offered (at 143% the canvas is 896 wide)
        chooser = len(self.choices) > 1
        names: list[str | tuple[str, str]] = [r.name for r in self.choices]
        chooser_w = min(w - 2 * m, max(CONTENTS_W if wide else 360, self._chooser_width(names))) if chooser else 0
        # the contents column widens to the chooser (its names read whole) while the text keeps two thirds
        contents_w = max(CONTENTS_W, chooser_w) if chooser_w <= w // 3 else CONTENTS_W
        left = m + contents_w + 12 if wide else m
        text_w = w - left - m if wide or not chooser else w - 2 * m
        self.help = rules_help(self.ruleset, self.scenario, self.options, columns=self._columns(text_w))
        if not (self.help.titles or chooser):
            left, text_w = m, w - 2 * m  # nothing for the column: the text takes the width
        top = m
        self.chooser = None
        if chooser:
            current = next((r.name for r in self.choices if r.key == self.ruleset), self.choices[0].name)
            self.chooser = self.ui(
                UIDropDownMenu(names, current, pygame.Rect(m, m, chooser_w, CHOOSER_H - 6), self.manager)
            )
            top += CHOOSER_H
        self.sections.clear()
        titles = self.help.titles if wide else ()
        # every section's button above Back: closer together when the window is short (none lost, none under Back)
        pitch = min(38, (h - m - 48 - 8 - top) // max(1, len(titles)))
        for k, title in enumerate(titles):
            b = self.ui(UIButton(pygame.Rect(m, top + k * pitch, contents_w, pitch - 4), title, self.manager))
            self.sections[b] = title
        # the text starts beside the contents, or under a chooser wider than them
        text_top = (
            m if not chooser or (wide and self.chooser is not None and self.chooser.rect.w <= contents_w) else top
        )
        self.text = self.ui(
            UITextBox(
                self.help.html,
                pygame.Rect(left, text_top, text_w, h - 2 * m - 48 - text_top),
                self.manager,
                object_id="#rules_text",
            )
        )
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))

    def section_top(self, title: str) -> float | None:
        """Where a section's heading sits in the text, as a fraction of its height (None: not found)."""
        layout = getattr(self.text, "text_box_layout", None)
        if layout is None or not layout.layout_rect.height:
            return None
        for row in layout.layout_rows:
            for item in row.items:
                if getattr(item, "text", "").strip() == title:
                    return row.y / layout.layout_rect.height
        return None

    def scroll_to(self, fraction: float) -> None:
        bar = self.text.scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0, fraction)))

    def choose(self, key: str) -> None:
        """Show another registered rule set's rules."""
        self.ruleset = key
        self.app.last_ruleset = key  # read last: the next Rules opens on it
        self.app.rebuild()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.chooser:
            chosen = next((r for r in self.choices if r.name == event.text), None)
            if chosen is not None:
                self.choose(chosen.key)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.sections:
                top = self.section_top(self.sections[event.ui_element])
                if top is not None:
                    self.scroll_to(top)
        elif event.type == pygame.KEYDOWN:
            bar = self.text.scroll_bar
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif bar is not None and event.key in (
                pygame.K_PAGEDOWN,
                pygame.K_PAGEUP,
                pygame.K_HOME,
                pygame.K_END,
            ):
                page = bar.visible_percentage * 0.9
                step = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -1.0, pygame.K_END: 1.0}
                self.scroll_to(bar.start_percentage + step[event.key])
