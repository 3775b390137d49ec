"""Small drawing helpers: dashed and dotted lines, cached text, translucent shapes.

>>> texts = TextCache()                                   # doctest: +SKIP
>>> texts.render('6.0"', 18, (255, 255, 255))             # doctest: +SKIP
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui.kept import MB, KeptSurfaces

Point = tuple[float, float]
Colour = tuple[int, int, int]

DASH = {"dashed": (10, 7), "dotted": (2, 6)}
# the rendered words kept: a frame's names, readings and GUTS numbers take a few hundred kB (0.23 MB at
# most in game.bench.memory's games); 512 words in a big print took 11 MB
TEXT_BYTES = 1 * MB
LONGEST_LINE = 300  # characters drawn in one line: more than the widest screen shows in the smallest print


def one_line(text: str) -> str:
    """``text`` cut to :data:`LONGEST_LINE` characters for drawing (a name from a hostile file may be 9,000
    long: rendered whole it is a surface 60,000 pixels wide, made and scaled every time it changes).

    >>> len(one_line("N" * 9000)), one_line("Sheriff Dale")
    (300, 'Sheriff Dale')
    """
    return text if len(text) <= LONGEST_LINE else text[: LONGEST_LINE - 3] + "..."


def polyline(
    surface: pygame.Surface,
    colour: Colour,
    points: Sequence[Point],
    width: int = 2,
    style: str = "solid",
    closed: bool = False,
) -> None:
    """A line through ``points`` (screen pixels) in a solid, dashed or dotted style."""
    pts = list(points)
    if closed and len(pts) > 2:
        pts.append(pts[0])
    if len(pts) < 2:
        return
    if style not in DASH:
        pygame.draw.lines(surface, colour, False, pts, width)
        return
    on, off = DASH[style]
    phase = 0.0  # carry the pattern across corners
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        seg = math.hypot(x2 - x1, y2 - y1)
        if seg < 1e-6:
            continue
        ux, uy = (x2 - x1) / seg, (y2 - y1) / seg
        t = -phase
        while t < seg:
            a = max(t, 0.0)
            b = min(t + on, seg)
            if b > a:
                if style == "dotted":
                    pygame.draw.circle(surface, colour, (x1 + ux * a, y1 + uy * a), max(1, width // 2 + 1))
                else:
                    pygame.draw.line(
                        surface, colour, (x1 + ux * a, y1 + uy * a), (x1 + ux * b, y1 + uy * b), width
                    )
            t += on + off
        phase = (seg + phase) % (on + off)


def circle(
    surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: int = 2, style: str = "solid"
) -> None:
    if style == "solid":
        pygame.draw.circle(surface, colour, centre, radius, width)
        return
    n = max(24, int(radius * 2 * math.pi / 8))
    pts = [
        (centre[0] + radius * math.cos(2 * math.pi * i / n), centre[1] + radius * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]
    polyline(surface, colour, pts, width, style, closed=True)


class TextCache:
    """Rendered text surfaces, kept so the draw path does not re-render the same label each frame: at most
    ``limit`` of them and :data:`TEXT_BYTES` of their pixels (the least recently used go)."""

    def __init__(self, limit: int = 512) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts = KeptSurfaces(TEXT_BYTES)
        self.limit = limit

    def font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def render(self, text: str, size: int, colour: Colour, shadow: bool = True) -> pygame.Surface:
        """Text with a dark outline so it reads on any terrain."""
        key = (text, size, colour, shadow)
        cached = self._texts.get(key)
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        font = self.font(size)
        front = font.render(one_line(text), True, colour)
        if shadow:
            back = font.render(one_line(text), True, (10, 10, 8))
            surface = pygame.Surface((front.get_width() + 2, front.get_height() + 2), pygame.SRCALPHA)
            for dx, dy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2)):
                surface.blit(back, (dx, dy))
            surface.blit(front, (1, 1))
        else:
            surface = front
        self._texts[key] = surface
        self._texts.keep_at_most(self.limit)
        return surface

    def blit(
        self, target: pygame.Surface, text: str, size: int, colour: Colour, pos: Point, anchor: str = "center"
    ) -> pygame.Rect:
        surface = self.render(text, size, colour)
        rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        target.blit(surface, rect)
        return rect
