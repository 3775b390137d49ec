"""Area terrain told apart by its edge at a glance, whatever tiles lie under it: a **ruin** (4+ cover, its
edges what sight is judged by) gets a broken dark outline of wall stumps and a dark hatch across its floor;
**difficult ground** (rubble, crops, gardens: clutter not drawn as hedge or trees) a dotted pale rim. Walls
(solid and thick) and buildings (roofs) are ``terrain_art``'s; zones keep their tints and dashed lines.

Drawn once into the map picture (``terrain_art.bake_terrain``), seeded by the piece, so a table looks the
same every time.

>>> import pygame, random
>>> surface = pygame.Surface((200, 200))
>>> draw_ruin(surface, [(20, 20), (180, 20), (180, 180), (20, 180)], 32.0, random.Random(1))
>>> sum(tuple(surface.get_at((24, y)))[:3] == RUIN_EDGE for y in range(20, 180)) > 100  # its west wall, broken
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np
import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]

RUIN_EDGE: Colour = (26, 22, 20)  # the stumps of the ruin's walls: near black on any floor
RUIN_LIT: Colour = (150, 138, 120)  # their lit top edge, so the stumps read on a dark floor too
RUIN_HATCH = (20, 16, 14, 150)  # the hatch over a ruin's floor
HATCH_STEP = 0.7  # inches between hatch lines
DIFFICULT_DOT: Colour = (232, 204, 120)  # difficult ground's dotted rim
DIFFICULT_RIM: Colour = (40, 32, 20)
DOT_STEP = 0.6  # inches between dots


def _ring(pts: Sequence[Point]) -> list[Point]:
    return [*pts, pts[0]]


def _inside(size: tuple[int, int], pts: Sequence[Point], origin: tuple[int, int]) -> np.ndarray:
    """A boolean array (x, y) of the pixels inside ``pts``, in a box of ``size`` at ``origin``."""
    m = pygame.Surface(size, depth=8)
    m.fill(0)
    pygame.draw.polygon(m, 1, [(x - origin[0], y - origin[1]) for x, y in pts])
    return np.asarray(pygame.surfarray.array2d(m)) > 0


def _hatch(surface: pygame.Surface, pts: Sequence[Point], ppi: float) -> None:
    """Dark diagonal lines across the outline's inside, cut to it."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), 0, 0)
    box.size = (math.ceil(max(xs)) - box.x + 1, math.ceil(max(ys)) - box.y + 1)
    box = box.clip(surface.get_rect())
    if not box.w or not box.h:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    step, width = max(4.0, HATCH_STEP * ppi), max(1, round(0.14 * ppi))
    k = float(-box.h)
    while k < box.w:
        pygame.draw.line(layer, RUIN_HATCH, (k, box.h), (k + box.h, 0), width)
        k += step
    alpha = pygame.surfarray.pixels_alpha(layer)
    alpha[~_inside(box.size, pts, box.topleft)] = 0
    del alpha
    surface.blit(layer, box.topleft)


def draw_ruin(surface: pygame.Surface, pts: Sequence[Point], ppi: float, rng: random.Random) -> None:
    """A ruin: the hatch over its floor, then its broken walls, stumps of 0.6-1.6" with gaps between."""
    _hatch(surface, pts, ppi)
    width = max(2, round(0.4 * ppi))
    for a, b in zip(_ring(pts), _ring(pts)[1:]):
        length = math.dist(a, b)
        if length <= 0:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        at = 0.0
        while at < length:
            run = min(length, at + rng.uniform(0.6, 1.6) * ppi)
            p = (a[0] + ux * at, a[1] + uy * at)
            q = (a[0] + ux * run, a[1] + uy * run)
            pygame.draw.line(surface, RUIN_EDGE, p, q, width + 2)
            pygame.draw.line(surface, RUIN_LIT, (p[0] - 1, p[1] - 1), (q[0] - 1, q[1] - 1), max(1, width // 4))
            at = run + rng.uniform(0.25, 0.5) * ppi  # the gap where the wall has fallen


def draw_difficult(surface: pygame.Surface, pts: Sequence[Point], ppi: float) -> None:
    """Difficult ground: a dotted pale rim (a dark ring round each dot, so it reads on any floor)."""
    radius = max(1.5, 0.13 * ppi)
    step = max(3 * radius, DOT_STEP * ppi)
    for a, b in zip(_ring(pts), _ring(pts)[1:]):
        length = math.dist(a, b)
        n = max(1, round(length / step))
        for k in range(n):
            x, y = a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n
            pygame.draw.circle(surface, DIFFICULT_RIM, (x, y), radius + max(1.0, 0.04 * ppi))
            pygame.draw.circle(surface, DIFFICULT_DOT, (x, y), radius)
