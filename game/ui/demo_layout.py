"""Where the demo's plates stand over the table, so that none hides another or the action, and how big its
words are printed.

The game's own notices ("Shooting phase", "Movement skipped: ...") keep a band at the top middle
(:func:`notice_band`): the demo's title card never goes there (on Last Evac it covered the notices). The
scoreboard, the latest line, the hint and the dice stand on the board (:class:`Board`), a dark strip at the view's
foot that the camera keeps the action above: floating plates placed where they hid the least still landed on
the fight when the figures filled the view. The demo's words are printed in a share of the window's height
(:func:`print_size`): a fixed 26 px read small across a club room on a big screen.

>>> print_size(800), print_size(1080)
(35, 48)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

NOTICE_ROWS = 3  # the notices shown at once (game.ui.match.NOTICES_SHOWN)
NOTICE_ROW = 36  # pixels a notice's line takes at its print
GLIDE_RATE = 6.0  # a gliding plate closes this share of its way a second (most of it in half a second)
WORDS_SHARE = 0.044  # the scoreboard and the latest line: a letter stands over 3 % of the window's height
HINT_SHARE = 0.032  # the take-over hint
DIE_SHARE = 0.09  # a die's face in the big tray (72 px in an 800 px window)
TRAY_SHARE = 0.19  # the big dice tray's height
LEAST_TRAY = 150  # pixels: the tray is never smaller (the dice read across a room in the smallest window)
MARGIN, GAP = 8, 6  # pixels round the board's plates and between them


def print_size(height: int, share: float = WORDS_SHARE) -> int:
    """The print of the demo's words in a window ``height`` pixels high (``share`` of it)."""
    return max(16, round(height * share))


@dataclass(frozen=True)
class Board:
    """The strip at the view's foot for the demo's own words: the scoreboard (up to :data:`SCORE_ROWS` lines) at
    its upper left, the latest line under it, the take-over hint at its lower left, the dice at its right.
    ``words``, ``hint``, ``die``, ``dice_words``: prints; ``row``: a scoreboard line's height in pixels."""

    rect: pygame.Rect
    words: int
    hint: int
    die: int
    dice_words: int
    tray: int
    row: int

    @property
    def score_box(self) -> pygame.Rect:
        """Where the scoreboard goes (a longer one is shrunk into it)."""
        r = self.rect
        return pygame.Rect(r.x + MARGIN, r.y + MARGIN, r.width - 2 * MARGIN, SCORE_ROWS * self.row + 10)

    @property
    def latest_at(self) -> tuple[int, int]:
        """The latest line's top left."""
        return (self.rect.x + MARGIN, self.score_box.bottom + GAP)

    def hint_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The hint's place: the board's lower left."""
        return pygame.Rect(self.rect.x + MARGIN, self.rect.bottom - MARGIN - size[1], *size)


SCORE_ROWS = 3  # the scoreboard's lines: the game, who is winning, the night's score


def board(viewport: tuple[int, int, int, int], height: int, row: Callable[[int], int], least: int = 0) -> Board:
    """The board for a table ``viewport`` in a window ``height`` pixels high (``least`` pixels high at the least);
    ``row(print)``: a line's height.

    >>> b = board((0, 48, 1280, 752), 800, lambda size: round(size * 0.8))
    >>> b.rect.bottom, b.rect.height >= LEAST_TRAY + 2 * MARGIN, b.words
    (800, True, 35)
    """
    vx, vy, vw, vh = viewport
    words, hint = print_size(height), print_size(height, HINT_SHARE)
    tray = max(LEAST_TRAY, round(height * TRAY_SHARE))
    left = SCORE_ROWS * row(words) + 10 + GAP + row(words) + 10 + GAP + row(hint) + 10
    tall = min(max(tray + 2 * MARGIN, left + 2 * MARGIN, least), vh // 2)
    dice = (print_size(height, DIE_SHARE), print_size(height, 0.034))
    return Board(
        pygame.Rect(vx, vy + vh - tall, vw, tall), words, hint, *dice, min(tray, tall - 2 * MARGIN), row(words)
    )


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
