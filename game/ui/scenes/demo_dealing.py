"""The card the demo shows while its table is dealt behind the screen: "Setting up the table..." with how far
it got (:class:`~game.ui.demo_dealing.Dealing`). It comes up on the frame after the click on Demo; the table
follows as soon as it is dealt. A key or a click goes back to the title.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui.demo_dealing import STAGES, Dealing
from game.ui.drawing import TextCache
from game.ui.scenes.base import BACKDROP, Scene
from game.ui.scenes.demo import TOUCH_GRACE

GOLD = (240, 217, 138)
TEXT = (233, 227, 201)
HINT = (200, 196, 170)
SETTING_UP = "Setting up the table\u2026"


class DemoDealScene(Scene):
    """Waits for ``dealing``, drawing its card; then the demo of the loop it dealt."""

    name = "demo_dealing"

    def __init__(self, app: Any, dealing: Dealing, games: int | None = None, standalone: bool = False) -> None:
        super().__init__(app)
        self.dealing, self.games, self.standalone = dealing, games, standalone
        self.texts = TextCache()
        self.shown_for = 0.0  # seconds the card has been up (its bar breathes while a stage goes on)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.back_to_title()

    def update(self, dt: float) -> None:
        self.shown_for += dt
        # a frame of the card asks little: it waits for the deal a hundredth of a second, so the dealing thread
        # has the interpreter (frames that never waited starved its file reads: a minute to read the maps)
        if not self.dealing.done.wait(0.01):
            return
        loop = self.dealing.loop
        if loop is not None:
            # the hand that pressed Demo may still be moving: its moves take nothing over for a moment
            self.app.show_demo(loop, self.games, self.standalone, motion_grace=TOUCH_GRACE)
            return
        self.app.back_to_title()
        title = self.app.scene
        if hasattr(title, "message"):
            title.message = self.dealing.error
            self.app.rebuild()

    def progress(self) -> float:
        """How far the table is set up, 0 to 1 (a stage under way counts half, breathing)."""
        pulse = 0.35 + 0.15 * math.sin(self.shown_for * 4)
        return min(1.0, (self.dealing.stage + pulse) / len(STAGES))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
        w, h = surface.get_size()
        rows = [
            self.texts.render("DEAD GROUND  \u00b7  DEMO", 26, HINT),
            self.texts.render(SETTING_UP, 48, GOLD),
            self.texts.render(self.dealing.words, 28, TEXT),
        ]
        y = h // 2 - 90
        for row in rows:
            surface.blit(row, row.get_rect(midtop=(w // 2, y)))
            y += row.get_height() + 12
        bar = pygame.Rect(0, 0, min(520, w - 80), 14)
        bar.midtop = (w // 2, y + 8)
        pygame.draw.rect(surface, (60, 58, 48), bar, border_radius=7)
        filled = bar.copy()
        filled.width = max(14, round(bar.width * self.progress()))
        pygame.draw.rect(surface, GOLD, filled, border_radius=7)
        hint = self.texts.render("Press a key or click to go back to the title", 22, HINT)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, bar.bottom + 24)))
