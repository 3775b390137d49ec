"""Where words go on the table so they overlap neither each other nor the figures: a greedy placer.

Each word (a zone's name, a ring's reading, a figure's GUTS) comes with the spots it may take, best
first. It takes the first spot inside the view that touches nothing already there (figures' bases and
the words placed before it); a word that must show takes the spot that hides least when none is free,
and one that need not (a GUTS number in a packed line) waits for the pointer (see TableView).

>>> import pygame
>>> p = Placer(pygame.Rect(0, 0, 100, 100), [pygame.Rect(40, 40, 20, 20)])
>>> p.place([pygame.Rect(45, 45, 10, 10), pygame.Rect(70, 45, 10, 10)])
Rect(70, 45, 10, 10)
>>> p.place([pygame.Rect(72, 47, 10, 10)]) is None   # on the word just placed, and it need not show
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

Point = tuple[float, float]


def overlap(a: pygame.Rect, rects: Iterable[pygame.Rect]) -> int:
    """The pixels of ``a`` that ``rects`` cover (counted once per rect)."""
    rects = rects if isinstance(rects, list) else list(rects)
    total = 0
    for i in a.collidelistall(rects):  # only those that touch it (found in C, not clipped one by one)
        c = a.clip(rects[i])
        total += c.width * c.height
    return total


class Placer:
    """Words placed one by one inside ``view``, each clear of ``obstacles`` and of the words before it."""

    def __init__(self, view: pygame.Rect, obstacles: Sequence[pygame.Rect] = ()) -> None:
        self.view = pygame.Rect(view)
        # never changed here, so the caller's own rects are kept as they are (a thousand figures' worth)
        self.obstacles = [r if isinstance(r, pygame.Rect) else pygame.Rect(r) for r in obstacles]
        self.words: list[pygame.Rect] = []
        self.forced = 0  # words that found no free spot but had to show

    def free(self, rect: pygame.Rect) -> bool:
        """Inside the view, touching no obstacle and no word."""
        return (
            self.view.contains(rect) and rect.collidelist(self.obstacles) < 0 and rect.collidelist(self.words) < 0
        )

    def place(self, spots: Sequence[pygame.Rect], must: bool = False) -> pygame.Rect | None:
        """The first free spot of ``spots`` (taken from now on); when none is free, None, or if ``must``
        the spot (moved inside the view) clear of the other words that covers least of the figures (when every
        spot touches a word: the one that covers least of the figures and the words).

        >>> p = Placer(pygame.Rect(0, 0, 100, 100), [pygame.Rect(0, 0, 100, 50)])
        >>> p.place([pygame.Rect(10, 60, 30, 10)])
        Rect(10, 60, 30, 10)
        >>> p.place([pygame.Rect(12, 62, 30, 10), pygame.Rect(10, 30, 30, 20)], must=True)  # on a figure, not the word
        Rect(10, 30, 30, 20)
        """
        for spot in spots:
            if self.free(spot):
                self.words.append(spot)
                return spot
        if not must or not spots:
            return None
        inside = [s.clamp(self.view) for s in spots]
        # clear of the other words before all (two words on one another read as neither), then hiding least
        best = min(
            inside,
            key=lambda s: (
                s.collidelist(self.words) >= 0,
                overlap(s, self.words) * 2 + overlap(s, self.obstacles),
                inside.index(s),
            ),
        )
        self.words.append(best)
        self.forced += 1
        return best


def stacked(rects: Sequence[pygame.Rect], most: int = 8) -> list[pygame.Rect]:
    """Small tags (a fallen figure's DOWN), each lifted just above any tag before it that it would touch, so
    the tags of figures lying close stand in a stack, every one readable.

    >>> [r.y for r in stacked([pygame.Rect(0, 50, 40, 12), pygame.Rect(10, 52, 40, 12), pygame.Rect(90, 52, 40, 12)])]
    [50, 37, 52]
    """
    out: list[pygame.Rect] = []
    for rect in rects:
        r = pygame.Rect(rect)
        for _ in range(most):
            hit = r.collidelist(out)
            if hit < 0:
                break
            r.bottom = out[hit].top - 1
        out.append(r)
    return out


def piles(rects: Sequence[pygame.Rect], gap: float = 2) -> list[list[int]]:
    """The indexes of ``rects`` in piles: rects within ``gap`` pixels of one another (through any chain of
    them) share a pile, in first-seen order. A melee's fallen zombies lie in a heap whose DOWN tags, even
    stacked apart, read "DOWN DOWN DOWN"; one tag a pile of bases ("3 DOWN") reads.

    >>> piles([pygame.Rect(0, 0, 40, 12), pygame.Rect(90, 0, 40, 12), pygame.Rect(40, 5, 48, 12)])
    [[0, 2, 1]]
    >>> piles([pygame.Rect(0, 0, 40, 12), pygame.Rect(90, 0, 40, 12)])
    [[0], [1]]
    """
    grown = [pygame.Rect(r).inflate(round(gap * 2), round(gap * 2)) for r in rects]
    seen: set[int] = set()
    out: list[list[int]] = []
    for start in range(len(rects)):
        if start in seen:
            continue
        pile, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop(0)
            pile.append(i)
            for j in grown[i].collidelistall(grown):
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        out.append(pile)
    return out


# (cos, sin) of the directions ``around`` tries: above, below, the sides, the diagonals
_AROUND = tuple(
    (math.cos(math.radians(d)), math.sin(math.radians(d))) for d in (-90, 90, 0, 180, -45, -135, 45, 135)
)


def around(size: tuple[int, int], centre: Point, radius: float, gap: float = 3.0) -> list[pygame.Rect]:
    """Spots for a word of ``size`` just outside a circle: above it first, then below, the sides and the
    diagonals.

    >>> [r.center for r in around((20, 10), (50, 50), 10)][:2]
    [(50, 32), (50, 68)]
    """
    w, h = size
    spots = []
    for ux, uy in _AROUND:
        # far enough along the direction that the rectangle's near side clears the circle
        reach = radius + gap + abs(ux) * w / 2 + abs(uy) * h / 2
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(centre[0] + ux * reach), round(centre[1] + uy * reach))
        spots.append(rect)
    return spots


def along_ring(size: tuple[int, int], centre: Point, radius: float, gap: float = 4.0) -> list[pygame.Rect]:
    """Spots for a ring's label just outside the ring: its top first, then round it every 30 degrees.

    >>> along_ring((20, 10), (100, 100), 40)[0].midbottom
    (100, 56)
    """
    w, h = size
    spots = []
    for deg in (-90, -60, -120, -30, -150, 0, 180, 30, 150, 60, 120, 90):
        a = math.radians(deg)
        ux, uy = math.cos(a), math.sin(a)
        reach = radius + gap
        px, py = centre[0] + ux * reach, centre[1] + uy * reach
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(px + ux * w / 2), round(py + uy * h / 2))
        spots.append(rect)
    return spots
