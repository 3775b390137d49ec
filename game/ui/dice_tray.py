"""The dice tray: the last roll as dice images with its meaning ("2D6 = 7 vs GUTS 8: Success").

Drawn once per roll into a surface that a pygame_gui image element shows.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.drawing import TextCache

BG = (24, 26, 20)
TEXT = (233, 227, 201)
BAD = (240, 138, 110)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def tray_surface(
    assets: Any,
    texts: TextCache,
    size: tuple[int, int],
    faces: tuple[int, ...] | None,
    meaning: str,
    failed: bool = False,
    die: int = 40,
    text_size: int = 20,
) -> pygame.Surface:
    """Dice images (red on a failed test) ``die`` pixels wide and the meaning in ``text_size`` print, wrapped,
    on the tray background (the demo's are big enough to read across a room)."""
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(BG)
    pygame.draw.rect(surface, (62, 61, 44), surface.get_rect(), 1)
    if not faces:
        surface.blit(texts.render("No dice rolled yet.", 20, (169, 166, 142), shadow=False), (10, 10))
        return surface
    x = 8
    for face in faces[:6]:
        sid = f"dice.d6_{max(1, min(6, face))}" + ("_red" if failed else "")
        surface.blit(assets.scaled(sid, (die, die)), (x, 6))
        x += die + die // 6
    font = texts.font(text_size)
    y = 6 + die + 4
    colour = BAD if failed else TEXT
    for line in wrap(meaning, font, w - 16)[:3]:
        surface.blit(font.render(line, True, colour), (8, y))
        y += font.get_linesize()
    return surface
