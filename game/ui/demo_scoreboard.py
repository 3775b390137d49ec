"""The demo's scoreboard for three or four sides: each side's force by name, its figures standing in big figures.

A Zombie 40,000 game of four teams read "Turn 1: Player 1: 10 standing - Player 2: 8 standing - ..." on one line,
shrunk to fit the board: small print, and ids a passer-by cannot match to the table. Here each side is a column,
its force's name over its number, in its player's colour (the tokens' rings), the number half as big again as the
board's words.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.demo import Side
from game.ui.drawing import TextCache
from game.ui.tokens import PLAYER_COLOURS

PLATE_BG = (12, 13, 10, 225)
NUMBER_SCALE = 1.5  # a side's number, times the board's words
DOWN = (150, 146, 130)  # a side with nobody standing


def sides_plate(
    texts: TextCache,
    head: str,
    sides: Sequence[Side],
    foot: str,
    words: int,
    small: int,
    colours: tuple[tuple[int, int, int], tuple[int, int, int]],
) -> pygame.Surface:
    """A framed plate: ``head`` (the game and its turn) and ``foot`` (the night's score) on one line in ``small``
    print, under it a column a side (its name in ``small`` print over its number, half as big again as ``words``):
    three lines of the board's words, so the numbers need not be shrunk; ``colours``: (gold, text)."""
    gold, text = colours
    heading = texts.render(f"{head}  \u00b7  {foot}", small, gold)
    columns = [_column(texts, side, words, small, text) for side in sides]
    gap = max(16, small)
    row_w = sum(c.get_width() for c in columns) + gap * (len(columns) - 1)
    row_h = max((c.get_height() for c in columns), default=0)
    w = max(heading.get_width(), row_w) + 16
    h = heading.get_height() + row_h + 12
    plate = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(plate, PLATE_BG, plate.get_rect(), border_radius=6)
    pygame.draw.rect(plate, (*gold, 160), plate.get_rect(), 1, border_radius=6)
    plate.blit(heading, (8, 5))
    x, y = 8, 5 + heading.get_height() + 2
    for column in columns:
        plate.blit(column, (x, y))
        x += column.get_width() + gap
    return plate


def _column(texts: TextCache, side: Side, words: int, small: int, text: tuple[int, int, int]) -> pygame.Surface:
    """A side's name over its number, centred, in its player's colour (grey with nobody standing)."""
    colour = PLAYER_COLOURS.get(side.player, text) if side.standing else DOWN
    name = texts.render(side.name, small, colour)
    number = texts.render(str(side.standing), round(words * NUMBER_SCALE), colour)
    w = max(name.get_width(), number.get_width())
    column = pygame.Surface((w, name.get_height() + number.get_height()), pygame.SRCALPHA)
    column.blit(name, name.get_rect(midtop=(w // 2, 0)))
    column.blit(number, number.get_rect(midtop=(w // 2, name.get_height())))
    return column
