"""The demo's scoreboard, one shape for every rule set: each side's force by name, its figures standing in big
figures (and the rules' word on a count that needs one: "back next turn" under a wiped-out team's 0).

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
    under: str = "",
) -> pygame.Surface:
    """A framed plate: ``head`` (the game and its turn) and ``foot`` (the night's score) on one line in ``small``
    print, under it a column a side (its name in ``small`` print over its number, half as big again as ``words``),
    and ``under`` (what the game is about, or who won) in ``small`` print below them; ``colours``: (gold, text)."""
    gold, text = colours
    heading = texts.render(f"{head}  \u00b7  {foot}", small, gold)
    columns = [_column(texts, side, words, small, text) for side in sides]
    if under:
        columns.append(texts.render(under, small, text))
    gap = max(16, small)
    below = columns.pop() if under else None
    row_w = sum(c.get_width() for c in columns) + gap * (len(columns) - 1)
    row_h = max((c.get_height() for c in columns), default=0)
    w = max(heading.get_width(), row_w, below.get_width() if below else 0) + 16
    h = heading.get_height() + row_h + 12 + (below.get_height() + 2 if below else 0)
    plate = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(plate, PLATE_BG, plate.get_rect(), border_radius=6)
    pygame.draw.rect(plate, (*gold, 160), plate.get_rect(), 1, border_radius=6)
    plate.blit(heading, (8, 5))
    x, y = 8, 5 + heading.get_height() + 2
    for column in columns:
        plate.blit(column, (x, y))
        x += column.get_width() + gap
    if below is not None:
        plate.blit(below, (8, y + row_h + 2))
    return plate


def _column(texts: TextCache, side: Side, words: int, small: int, text: tuple[int, int, int]) -> pygame.Surface:
    """A side's name over its number, centred, in its player's colour (grey with nobody standing), and the rules' note
    on its count under it ("back next turn")."""
    colour = PLAYER_COLOURS.get(side.player, text) if side.standing else DOWN
    rows = [
        texts.render(side.name, small, colour),
        texts.render(str(side.standing), round(words * NUMBER_SCALE), colour),
    ]
    if side.note:
        rows.append(texts.render(side.note, small, colour))
    w = max(r.get_width() for r in rows)
    column = pygame.Surface((w, sum(r.get_height() for r in rows)), pygame.SRCALPHA)
    y = 0
    for row in rows:
        column.blit(row, row.get_rect(midtop=(w // 2, y)))
        y += row.get_height()
    return column
