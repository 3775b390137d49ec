"""Where the demo's plates stand over the table, so that none hides another or the action.

The game's own notices ("Shooting phase", "Movement skipped: ...") keep a band at the top middle
(:func:`notice_band`): the demo's scoreboard, title card and hint never go there (on Last Evac they covered the
notices). The scoreboard and the hint keep one place (:class:`Glide`): they move only when a figure comes under
them (or they no longer fit), and then glide to the new place over a fraction of a second; they jumped between
the corners every half second as the camera moved.
"""

from __future__ import annotations

import pygame

NOTICE_ROWS = 3  # the notices shown at once (game.ui.match.NOTICES_SHOWN)
NOTICE_ROW = 36  # pixels a notice's line takes at its print
GLIDE_RATE = 6.0  # a gliding plate closes this share of its way a second (most of it in half a second)


def notice_band(viewport: tuple[int, int, int, int], margin: int = 12) -> pygame.Rect:
    """The top middle of the table view, kept for the game's notices: half the view wide (at least 420 px),
    three lines high."""
    vx, vy, vw, _ = viewport
    width = min(vw - 2 * margin, max(420, vw // 2))
    return pygame.Rect(vx + (vw - width) // 2, vy + margin, width, NOTICE_ROWS * NOTICE_ROW + 10)


def hides_action(rect: pygame.Rect, figures: list[pygame.Rect], kept: list[pygame.Rect]) -> bool:
    """Whether a plate at ``rect`` hides a figure or stands on a place kept for something else."""
    return rect.collidelist(figures) >= 0 or rect.collidelist(kept) >= 0


class Glide:
    """A plate's place: ``goal`` is where it belongs, ``rect`` where it is drawn now (gliding to the goal)."""

    def __init__(self) -> None:
        self.goal: pygame.Rect | None = None
        self._at = (0.0, 0.0)

    @property
    def rect(self) -> pygame.Rect:
        if self.goal is None:
            return pygame.Rect(0, 0, 0, 0)
        return pygame.Rect(round(self._at[0]), round(self._at[1]), self.goal.width, self.goal.height)

    def go(self, goal: pygame.Rect) -> None:
        """Its new place: the first one at once, a later one glided to."""
        if self.goal is None:
            self._at = (float(goal.x), float(goal.y))
        self.goal = pygame.Rect(goal)

    def update(self, dt: float) -> None:
        if self.goal is None:
            return
        k = min(1.0, dt * GLIDE_RATE)
        x, y = self._at
        x, y = x + (self.goal.x - x) * k, y + (self.goal.y - y) * k
        if abs(x - self.goal.x) < 0.5 and abs(y - self.goal.y) < 0.5:
            x, y = float(self.goal.x), float(self.goal.y)
        self._at = (x, y)
