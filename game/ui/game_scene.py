"""The table scene: the map with its zones and figures, the camera and tape, and the panels around it.

The scene owns the layout (top bar with the turn banner, the table, the Roster panel on the right,
the Log at the bottom); the :class:`~game.ui.table_view.TableView` owns drawing and table input.
The controller hookup (next phase) drives it through ``set_tokens``, ``set_overlays``,
``set_banner``, ``set_roster`` and ``log``, and listens with ``on_table_click``.
"""
from __future__ import annotations

import html
from typing import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.scenario.model import Scenario
from game.ui.camera import Viewport
from game.ui.overlays import Overlay
from game.ui.placements import placed_tokens
from game.ui.scenes.base import Scene
from game.ui.table_view import TableView
from game.ui.tokens import TokenView

TOP_BAR = 48
RIGHT_PANEL = 300
BOTTOM_LOG = 170
LOG_LIMIT = 400  # lines kept in the log box

TableClick = Callable[[tuple[float, float], TokenView | None, int], None]


def table_viewport(size: tuple[int, int]) -> Viewport:
    """The screen rectangle the table gets in a window of ``size``."""
    w, h = size
    return (0, TOP_BAR, max(50, w - RIGHT_PANEL), max(50, h - TOP_BAR - BOTTOM_LOG))


class GameScene(Scene):
    name = "game"

    def __init__(self, app, scenario: Scenario, sections: Sequence[str] = ("american",)) -> None:
        super().__init__(app)
        self.scenario = scenario
        self.sections = list(sections)
        self.view: TableView | None = None
        zombiekrieg = scenario.ruleset == "zombiekrieg"
        self.banner = "Turn 1 \u2014 Allies" if zombiekrieg else "Turn 1"
        self.roster_html = ("<i>The roster appears here when the game begins:"
                            " every soldier's GUTS, weapon and state.</i>")
        self.log_lines: list[str] = [
            f"<b>{html.escape(scenario.title or 'Scenario')}</b>"
            + (f" - {len(self.sections)} player(s): " + ", ".join(s.capitalize() for s in self.sections)
               if zombiekrieg else ""),
            "Wheel: zoom at the cursor. Right or middle drag, arrows: pan. Home: fit the table.",
            "Hold T or drag on empty table: measure. O: terrain outlines. F11: fullscreen. Esc: title.",
        ]
        self.on_table_click: TableClick | None = None  # (inches, token or None, button)
        self._tokens: list[TokenView] = placed_tokens(scenario)

    # ---- what the controller hookup calls ----------------------------------------------------

    def set_tokens(self, tokens: Sequence[TokenView]) -> None:
        self._tokens = list(tokens)
        if self.view is not None:
            self.view.tokens = self._tokens

    def set_overlays(self, overlays: Sequence[Overlay]) -> None:
        if self.view is not None:
            self.view.overlays = list(overlays)

    def set_banner(self, text: str) -> None:
        self.banner = text
        if getattr(self, "banner_label", None) is not None:
            self.banner_label.set_text(text)

    def set_roster(self, html_text: str) -> None:
        self.roster_html = html_text
        if getattr(self, "roster_box", None) is not None:
            self.roster_box.set_text(html_text)

    def log(self, html_line: str) -> None:
        """Add one line (pygame_gui HTML) to the log and scroll to it."""
        self.log_lines.append(html_line)
        del self.log_lines[:-LOG_LIMIT]
        if getattr(self, "log_box", None) is not None:
            self.log_box.append_html_text("<br>" + html_line)

    # ---- layout --------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        viewport = table_viewport(size)
        if self.view is None:  # the map is drawn once per scene, not per layout
            self.view = TableView.for_scenario(self.scenario, self.app.assets, viewport)
            self.view.tokens = self._tokens
        else:
            self.view.set_viewport(viewport)
        m = self.manager
        top = self.ui(UIPanel(pygame.Rect(0, 0, w, TOP_BAR), manager=m, object_id="#top_bar"))
        self.banner_label = self.ui(UILabel(pygame.Rect(12, 1, 420, TOP_BAR - 4), self.banner, m, container=top,
                                            object_id="#banner"))
        self.ui(UILabel(pygame.Rect(440, 4, max(50, w - 440 - 3 * 110 - 20), TOP_BAR - 12),
                        self.scenario.title, m, container=top, object_id="#subtle"))
        bx = w - 3 * 110 - 10
        self.fit_button = self.ui(UIButton(pygame.Rect(bx, 5, 100, TOP_BAR - 14), "Fit", m, container=top,
                                           tool_tip_text="Show the whole table (Home)"))
        self.outline_button = self.ui(UIButton(pygame.Rect(bx + 110, 5, 100, TOP_BAR - 14), "Outlines", m,
                                               container=top, tool_tip_text="Terrain outlines on/off (O)"))
        self.menu_button = self.ui(UIButton(pygame.Rect(bx + 220, 5, 100, TOP_BAR - 14), "Menu", m, container=top,
                                            tool_tip_text="Back to the title screen (Esc)"))

        right = self.ui(UIPanel(pygame.Rect(w - RIGHT_PANEL, TOP_BAR, RIGHT_PANEL, h - TOP_BAR), manager=m,
                                object_id="#side_panel"))
        self.ui(UILabel(pygame.Rect(10, 6, RIGHT_PANEL - 26, 30), "Roster", m, container=right,
                        object_id="#panel_title"))
        self.roster_box = self.ui(UITextBox(self.roster_html, pygame.Rect(6, 40, RIGHT_PANEL - 18, h - TOP_BAR - 52),
                                            m, container=right, object_id="#roster"))

        bottom = self.ui(UIPanel(pygame.Rect(0, h - BOTTOM_LOG, w - RIGHT_PANEL, BOTTOM_LOG), manager=m,
                                 object_id="#log_panel"))
        self.ui(UILabel(pygame.Rect(10, 4, 200, 26), "Log", m, container=bottom, object_id="#panel_title"))
        self.log_box = self.ui(UITextBox("<br>".join(self.log_lines),
                                         pygame.Rect(6, 32, w - RIGHT_PANEL - 18, BOTTOM_LOG - 40), m,
                                         container=bottom, object_id="#log"))

    # ---- input and drawing ---------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        view = self.view
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.fit_button and view:
                view.fit()
            elif event.ui_element is self.outline_button and view:
                view.show_outlines = not view.show_outlines
            elif event.ui_element is self.menu_button:
                self.app.back_to_title()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back_to_title()
            return
        if view is None:
            return
        if view.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and view.camera.contains_screen(event.pos) and self.on_table_click:
            self.on_table_click(view.camera.to_table(event.pos), view.token_at(event.pos), event.button)

    def update(self, dt: float) -> None:
        if self.view is not None:
            self.view.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((18, 19, 16))
        if self.view is not None:
            self.view.draw(surface)
