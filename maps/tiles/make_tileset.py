"""Draw the Dead Ground tileset: 32x32 textured tiles, one tile = one inch of table.

Run from anywhere (it writes next to itself):

    SDL_VIDEODRIVER=dummy python maps/tiles/make_tileset.py

Writes ``deadground.png`` (8 tiles a row) and ``deadground.tsx`` (the Tiled tileset, each tile
with a ``name`` property). Everything is drawn from one seed, so the output is the same every run.
Every texture wraps at the tile edge (noise on a periodic lattice, details plotted modulo 32),
so a field of one tile shows no seams.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (the env var must be set first)

T = 32  # tile size in pixels
COLUMNS = 8
HERE = Path(__file__).resolve().parent

Colour = tuple[int, int, int]


# --- small helpers -------------------------------------------------------------------------


def clamp(v: float) -> int:
    return max(0, min(255, int(round(v))))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (clamp(a[0] + (b[0] - a[0]) * t), clamp(a[1] + (b[1] - a[1]) * t), clamp(a[2] + (b[2] - a[2]) * t))


def shade(c: Colour, k: float) -> Colour:
    """k > 0 lightens towards white, k < 0 darkens towards black."""
    return mix(c, (255, 255, 255), k) if k >= 0 else mix(c, (0, 0, 0), -k)


class Noise:
    """Periodic value noise on a 32 px tile: fbm(x, y) in [0, 1], wrapping at the edges."""

    def __init__(self, rng: random.Random, cells: tuple[int, ...] = (2, 4, 8, 16), gain: float = 0.55) -> None:
        self.octaves = []
        amp, total = 1.0, 0.0
        for c in cells:
            grid = [[rng.random() for _ in range(c)] for _ in range(c)]
            self.octaves.append((c, grid, amp))
            total += amp
            amp *= gain
        self.total = total

    @staticmethod
    def _smooth(t: float) -> float:
        return t * t * (3 - 2 * t)

    def __call__(self, x: float, y: float) -> float:
        s = 0.0
        for c, grid, amp in self.octaves:
            fx, fy = x * c / T, y * c / T
            ix, iy = int(math.floor(fx)), int(math.floor(fy))
            tx, ty = self._smooth(fx - ix), self._smooth(fy - iy)
            x0, x1, y0, y1 = ix % c, (ix + 1) % c, iy % c, (iy + 1) % c
            a = grid[y0][x0] + (grid[y0][x1] - grid[y0][x0]) * tx
            b = grid[y1][x0] + (grid[y1][x1] - grid[y1][x0]) * tx
            s += (a + (b - a) * ty) * amp
        return s / self.total


class Tile:
    """A 32x32 pixel buffer with wrapping plot helpers, turned into a pygame Surface at the end."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.px: list[list[Colour]] = [[(0, 0, 0)] * T for _ in range(T)]

    def get(self, x: int, y: int) -> Colour:
        return self.px[y % T][x % T]

    def set(self, x: int, y: int, c: Colour, alpha: float = 1.0) -> None:
        x, y = int(x) % T, int(y) % T
        self.px[y][x] = c if alpha >= 1 else mix(self.px[y][x], c, alpha)

    def fill_noise(
        self,
        dark: Colour,
        light: Colour,
        cells: tuple[int, ...] = (2, 4, 8, 16),
        grain: float = 0.06,
        contrast: float = 1.0,
    ) -> Noise:
        n = Noise(self.rng, cells)
        for y in range(T):
            for x in range(T):
                v = 0.5 + (n(x, y) - 0.5) * 1.8 * contrast
                v += self.rng.uniform(-grain, grain)
                self.px[y][x] = mix(dark, light, max(0.0, min(1.0, v)))
        return n

    def disc(self, cx: float, cy: float, r: float, c: Colour, alpha: float = 1.0, soft: bool = False) -> None:
        for y in range(int(cy - r - 1), int(cy + r + 2)):
            for x in range(int(cx - r - 1), int(cx + r + 2)):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                if d <= r:
                    a = alpha * (1 - d / r) ** 0.7 if soft else alpha
                    self.set(x, y, c, a)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, c: Colour, alpha: float = 1.0) -> None:
        for y in range(int(cy - ry - 1), int(cy + ry + 2)):
            for x in range(int(cx - rx - 1), int(cx + rx + 2)):
                if ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1:
                    self.set(x, y, c, alpha)

    def line(self, x0: float, y0: float, x1: float, y1: float, c: Colour, alpha: float = 1.0) -> None:
        steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for i in range(steps + 1):
            t = i / steps
            self.set(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t), c, alpha)

    def rect(self, x: int, y: int, w: int, h: int, c: Colour, alpha: float = 1.0) -> None:
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.set(xx, yy, c, alpha)

    def speckle(self, count: int, colours: list[Colour], alpha: tuple[float, float] = (0.4, 0.9)) -> None:
        for _ in range(count):
            self.set(
                self.rng.randrange(T), self.rng.randrange(T), self.rng.choice(colours), self.rng.uniform(*alpha)
            )

    def stone(
        self, cx: float, cy: float, rx: float, ry: float, base: Colour, mortar: Colour | None = None
    ) -> None:
        """A rounded stone lit from the top left, with a dark rim."""
        if mortar:
            self.ellipse(cx + 0.6, cy + 0.8, rx + 0.8, ry + 0.8, mortar, 0.8)
        self.ellipse(cx, cy, rx, ry, base)
        self.ellipse(cx - rx * 0.25, cy - ry * 0.3, rx * 0.55, ry * 0.45, shade(base, 0.18), 0.7)
        self.ellipse(cx + rx * 0.35, cy + ry * 0.4, rx * 0.45, ry * 0.35, shade(base, -0.2), 0.5)

    def surface(self) -> pygame.Surface:
        s = pygame.Surface((T, T))
        for y in range(T):
            for x in range(T):
                s.set_at((x, y), self.px[y][x])
        return s


# --- the textures --------------------------------------------------------------------------

GRASS_D, GRASS_L = (52, 84, 34), (104, 138, 58)


def grass(t: Tile, variant: str = "") -> None:
    dark, light = GRASS_D, GRASS_L
    if variant == "dry":
        dark, light = (98, 96, 48), (150, 142, 78)
    if variant == "dark":
        dark, light = (40, 68, 30), (82, 112, 48)
    t.fill_noise(dark, light, grain=0.08)
    for _ in range(70):  # blades
        x, y = t.rng.randrange(T), t.rng.randrange(T)
        c = shade(light, t.rng.uniform(-0.1, 0.3)) if t.rng.random() < 0.6 else shade(dark, -0.25)
        t.line(x, y, x + t.rng.choice((-1, 0, 0, 1)), y - t.rng.randint(1, 3), c, 0.75)
    if variant == "flowers":
        for _ in range(7):
            x, y = t.rng.uniform(0, T), t.rng.uniform(0, T)
            col = t.rng.choice([(236, 232, 210), (240, 214, 70), (200, 120, 190), (240, 240, 240)])
            t.set(x, y, col)
            t.set(x + 1, y, shade(col, -0.2), 0.6)
    if variant == "orchard":
        t.disc(16, 16, 13, (30, 44, 18), 0.35, soft=True)  # canopy shade
        t.disc(16, 16, 2.2, (84, 60, 36))  # trunk
        t.disc(15.4, 15.4, 1.0, (120, 92, 58))
        for _ in range(4):  # windfalls
            a, d = t.rng.uniform(0, 6.3), t.rng.uniform(5, 11)
            t.disc(16 + d * math.cos(a), 16 + d * math.sin(a), 1.1, t.rng.choice([(176, 40, 30), (160, 150, 40)]))


def crown(t: Tile, cx: float, cy: float, r: float, green: Colour) -> None:
    """One tree's crown seen from above: a cast shadow to the bottom right, leaf clumps, lit from
    the top left (the light the figures' tokens use)."""
    t.disc(cx + r * 0.28, cy + r * 0.32, r * 1.02, (10, 18, 6), 0.55, soft=True)
    t.disc(cx, cy, r, shade(green, -0.3))
    for _ in range(int(r * r * 0.55)):  # clumps of leaves, darker on the shaded side
        a, d = t.rng.uniform(0, 6.283), r * math.sqrt(t.rng.random()) * 0.86
        x, y = cx + d * math.cos(a), cy + d * math.sin(a)
        lit = -((x - cx) + (y - cy)) / (2 * r)  # +0.7 at the top left, -0.7 at the bottom right
        c = shade(green, 0.12 + 0.45 * lit + t.rng.uniform(-0.12, 0.12))
        k = t.rng.uniform(1.3, 2.6)
        t.disc(x + 0.7, y + 0.8, k, shade(green, -0.45), 0.5)
        t.disc(x, y, k, c)
    t.disc(cx - r * 0.35, cy - r * 0.38, r * 0.42, shade(green, 0.5), 0.35, soft=True)


def woods(t: Tile, variant: str = "") -> None:
    """Woods as a closed canopy of tree crowns (seen from above), not the floor under them: darker
    and bluer than the grass, two big crowns a tile on a diagonal lattice that wraps at the tile's
    edges, so a block of woods tiles reads as one wood."""
    t.fill_noise((8, 16, 8), (24, 36, 16), grain=0.05)  # deep shade between the crowns
    greens = [(44, 80, 38), (52, 90, 40), (40, 74, 40), (60, 94, 42)]
    rng = t.rng
    if variant == "trunk":  # an old tree standing out of the wood: one great crown
        crown(t, 0, 0, 12.5, rng.choice(greens))
        crown(t, 16, 16, 15, (64, 96, 44))
        return
    for x, y, r in ((0, 0, 13.0), (16, 16, 12.5)):
        crown(t, x + rng.uniform(-1.5, 1.5), y + rng.uniform(-1.5, 1.5), r, rng.choice(greens))
    crown(t, 9 + rng.uniform(-2, 2), 23 + rng.uniform(-2, 2), 6.5, rng.choice(greens))  # an understorey tree


def hedge(t: Tile, variant: str = "") -> None:
    """A clipped hedge seen from above: dense small-leafed clumps, brighter and finer than the
    woods' big crowns, so a hedge line reads as a hedge beside a wood."""
    t.fill_noise((20, 42, 14), (44, 72, 28), grain=0.06)
    greens = [(52, 96, 30), (64, 110, 36), (78, 124, 42), (46, 84, 26), (90, 134, 50)]
    for _ in range(80):
        x, y, r = t.rng.uniform(0, T), t.rng.uniform(0, T), t.rng.uniform(1.2, 2.8)
        c = t.rng.choice(greens)
        t.disc(x + 0.8, y + 0.9, r, (10, 24, 8), 0.45)
        t.disc(x, y, r, c)
        t.disc(x - r * 0.35, y - r * 0.35, r * 0.45, shade(c, 0.22), 0.7)
    for _ in range(6):
        t.set(t.rng.uniform(0, T), t.rng.uniform(0, T), (228, 224, 200))  # hawthorn blossom


def asphalt(t: Tile, variant: str = "") -> None:
    t.fill_noise((46, 46, 48), (78, 78, 80), cells=(2, 4, 8), grain=0.12, contrast=0.8)
    t.speckle(140, [(98, 98, 96), (30, 30, 32), (110, 104, 96)])
    if variant == "cracked":
        x, y = 3.0, t.rng.uniform(6, 26)
        while x < 29:
            nx, ny = x + t.rng.uniform(2, 5), y + t.rng.uniform(-3, 3)
            t.line(x, y, nx, ny, (22, 22, 24))
            t.line(x, y + 1, nx, ny + 1, (90, 90, 90), 0.4)
            if t.rng.random() < 0.3:
                t.line(nx, ny, nx + t.rng.uniform(-3, 3), ny + t.rng.uniform(2, 5), (26, 26, 28))
            x, y = nx, ny
        t.ellipse(24, 24, 4, 2.5, (36, 36, 38), 0.6)  # patch
    if variant == "line":  # worn centre dashes along x
        for x in range(2, 22):
            for y in range(15, 18):
                if t.rng.random() < 0.85:
                    t.set(x, y, (214, 208, 186), 0.85)


def dirt(t: Tile, variant: str = "") -> None:
    t.fill_noise((96, 70, 42), (146, 112, 72), grain=0.09)
    t.speckle(60, [(170, 146, 110), (80, 58, 36), (120, 110, 100)])
    for _ in range(8):  # pebbles
        t.stone(
            t.rng.uniform(0, T),
            t.rng.uniform(0, T),
            t.rng.uniform(0.8, 1.5),
            t.rng.uniform(0.6, 1.2),
            t.rng.choice([(150, 140, 126), (128, 120, 108), (170, 160, 140)]),
        )
    if variant == "ruts":  # two wheel ruts along x, with grass down the middle
        for x in range(T):
            for y0 in (8, 22):
                for dy in range(-2, 3):
                    t.set(
                        x,
                        y0 + dy + (1 if (x // 5) % 2 else 0) * 0,
                        shade(t.get(x, y0 + dy), -0.28 + abs(dy) * 0.08),
                    )
        for _ in range(40):
            x = t.rng.uniform(0, T)
            t.line(x, t.rng.uniform(13, 17), x, t.rng.uniform(14, 18), (84, 110, 48), 0.7)


def mud(t: Tile, variant: str = "") -> None:
    t.fill_noise((52, 38, 24), (92, 70, 44), grain=0.07)
    for _ in range(10):  # bootprints and wet gloss
        x, y = t.rng.uniform(0, T), t.rng.uniform(0, T)
        t.ellipse(x, y, 1.6, 2.6, (40, 28, 18), 0.6)
        t.set(x - 1, y - 1, (150, 130, 100), 0.5)
    for _ in range(30):
        t.set(t.rng.uniform(0, T), t.rng.uniform(0, T), (170, 156, 130), 0.35)
    if variant == "puddle":
        for y in range(T):
            for x in range(T):
                d = math.hypot((x - 16) / 11, (y - 15) / 8) + (t.rng.random() - 0.5) * 0.08
                if d < 1:
                    t.set(x, y, mix((62, 74, 78), (120, 134, 140), max(0.0, 0.6 - d * 0.5 + (y < 12) * 0.2)))
                elif d < 1.15:
                    t.set(x, y, (36, 26, 16), 0.7)


def cobbles(t: Tile, variant: str = "") -> None:
    mortar = (58, 54, 50)
    t.fill_noise((60, 56, 50), (86, 80, 72), grain=0.05)
    base = [(124, 118, 110), (110, 104, 98), (138, 130, 118), (100, 96, 92), (128, 114, 98)]
    if variant == "worn":
        base = [(112, 108, 100), (96, 94, 90), (120, 114, 104), (104, 100, 94)]
    for row in range(4):
        off = 4 if row % 2 else 0
        for col in range(4):
            cx = col * 8 + 4 + off + t.rng.uniform(-0.6, 0.6)
            cy = row * 8 + 4 + t.rng.uniform(-0.5, 0.5)
            t.stone(cx, cy, t.rng.uniform(3.1, 3.6), t.rng.uniform(2.9, 3.4), t.rng.choice(base), mortar)
    if variant == "worn":
        for _ in range(6):
            t.disc(t.rng.uniform(0, T), t.rng.uniform(0, T), t.rng.uniform(2, 4), (78, 66, 46), 0.3, soft=True)


def flagstones(t: Tile, variant: str = "") -> None:
    t.fill_noise((128, 122, 110), (170, 162, 146), grain=0.05)
    grout = (86, 80, 72)
    for y in range(T):
        t.set(0, y, grout)
        t.set(15 if y < 16 else 20, y, grout)
    for x in range(T):
        t.set(x, 0, grout)
        t.set(x, 16, grout)
    for _ in range(3):
        x, y = t.rng.uniform(0, T), t.rng.uniform(0, T)
        t.line(x, y, x + t.rng.uniform(-5, 5), y + t.rng.uniform(-5, 5), (96, 90, 80), 0.6)
    t.speckle(30, [(190, 184, 170), (100, 96, 88)])
    if variant == "pavement":  # concrete slabs with kerb-grey tone
        for y in range(T):
            for x in range(T):
                t.set(x, y, mix(t.get(x, y), (150, 150, 148), 0.55))


def wood_floor(t: Tile, variant: str = "") -> None:
    woods_ = [(120, 80, 44), (134, 92, 52), (108, 72, 40), (142, 100, 58)]
    for p in range(4):
        c = t.rng.choice(woods_)
        end = t.rng.randrange(T)
        for y in range(p * 8, p * 8 + 8):
            for x in range(T):
                grain = math.sin((x * 0.35 + y * 2.1 + p * 5) + math.sin(x * 0.13 + p) * 2) * 0.06
                k = grain + t.rng.uniform(-0.04, 0.04)
                if y == p * 8:
                    k = -0.45  # gap between planks
                elif y == p * 8 + 1:
                    k += 0.08
                if x == end:
                    k = -0.4
                t.set(x, y, shade(c, k))
        t.disc(t.rng.uniform(0, T), p * 8 + 4.5, 1.0, shade(c, -0.35), 0.7)  # knot
    if variant == "v":
        rotated = [[t.px[x][y] for x in range(T)] for y in range(T)]
        t.px = rotated


def tiled_floor(t: Tile, variant: str = "") -> None:
    a, b = (196, 188, 170), (64, 60, 58)
    if variant == "terracotta":
        a, b = (170, 86, 56), (150, 72, 46)
    for y in range(T):
        for x in range(T):
            c = a if ((x // 8) + (y // 8)) % 2 == 0 else b
            k = t.rng.uniform(-0.05, 0.05)
            if x % 8 == 0 or y % 8 == 0:
                c, k = (120, 114, 104), t.rng.uniform(-0.1, 0.0)
            t.set(x, y, shade(c, k))
    for _ in range(4):  # grime
        t.disc(t.rng.uniform(0, T), t.rng.uniform(0, T), t.rng.uniform(3, 6), (70, 60, 44), 0.18, soft=True)
    x, y = t.rng.uniform(4, 28), t.rng.uniform(4, 28)
    t.line(x, y, x + 4, y + 3, (40, 36, 34), 0.7)  # a crack


def crops(t: Tile, variant: str = "") -> None:
    soil_d, soil_l = (88, 64, 38), (124, 94, 58)
    t.fill_noise(soil_d, soil_l, grain=0.08)
    leaf = [(86, 130, 44), (66, 110, 34), (110, 150, 56)]
    if variant == "wheat":
        leaf = [(196, 168, 86), (176, 148, 70), (214, 190, 110)]
    for col in range(4):
        x0 = col * 8 + 4
        for y in range(0, T, 2):
            c = t.rng.choice(leaf)
            w = t.rng.randint(1, 3)
            for dx in range(-w, w + 1):
                t.set(x0 + dx + t.rng.choice((-1, 0, 0, 1)), y, c, 0.9)
            t.set(x0 + t.rng.randint(-2, 2), y + 1, shade(c, -0.2), 0.8)
    if variant == "ploughed":
        for y in range(T):
            for x in range(T):
                k = 0.18 * math.sin(y * 2 * math.pi / 4) + t.rng.uniform(-0.05, 0.05)
                t.set(x, y, shade(mix(soil_d, soil_l, 0.5), k))


def water(t: Tile, variant: str = "") -> None:
    t.fill_noise((30, 60, 78), (60, 104, 122), cells=(2, 4, 8), grain=0.03)
    for _ in range(9 if variant else 6):
        x, y = t.rng.uniform(0, T), t.rng.uniform(0, T)
        L = t.rng.uniform(3, 7)
        t.line(x, y, x + L, y + t.rng.uniform(-0.5, 0.5), (150, 186, 196), 0.55)
        t.line(x + 1, y + 1, x + L - 1, y + 1, (24, 48, 62), 0.4)
    if variant == "weed":
        for _ in range(5):
            t.disc(t.rng.uniform(0, T), t.rng.uniform(0, T), t.rng.uniform(1.2, 2.2), (60, 100, 40), 0.8)


def rubble(t: Tile, variant: str = "") -> None:
    t.fill_noise((82, 76, 68), (134, 126, 114), grain=0.1)
    t.speckle(120, [(160, 152, 140), (60, 56, 50), (150, 96, 70)])
    n = {"": 14, "dense": 26, "brick": 14}[variant]
    for _ in range(n):
        cx, cy = t.rng.uniform(0, T), t.rng.uniform(0, T)
        w, h = t.rng.uniform(1.5, 4), t.rng.uniform(1.2, 2.8)
        brick = variant == "brick" or t.rng.random() < 0.3
        base = (
            t.rng.choice([(150, 72, 52), (132, 62, 46), (170, 96, 70)])
            if brick
            else t.rng.choice([(150, 146, 136), (120, 116, 108), (176, 170, 158), (96, 92, 86)])
        )
        a = t.rng.uniform(0, math.pi)
        ca, sa = math.cos(a), math.sin(a)
        for yy in range(int(cy - 5), int(cy + 6)):
            for xx in range(int(cx - 5), int(cx + 6)):
                u = (xx - cx) * ca + (yy - cy) * sa
                v = -(xx - cx) * sa + (yy - cy) * ca
                if abs(u) <= w and abs(v) <= h:
                    k = 0.15 if v < -h * 0.4 else (-0.25 if v > h * 0.5 else 0.0)
                    t.set(xx + 1, yy + 1, (40, 36, 32), 0.25)
                    t.set(xx, yy, shade(base, k + t.rng.uniform(-0.05, 0.05)))


def ash(t: Tile, variant: str = "") -> None:
    # quiet (issue 33): a speckled ash floor read as rubble at the fit zoom; the terrain on it must be louder
    t.fill_noise((78, 76, 74), (112, 109, 105), grain=0.04, contrast=0.7)
    t.speckle(30, [(44, 40, 38), (60, 56, 52)], alpha=(0.3, 0.6))
    for _ in range(6):
        x, y = t.rng.uniform(0, T), t.rng.uniform(0, T)
        t.line(x, y, x + t.rng.uniform(-4, 4), y + t.rng.uniform(-1, 1), (40, 38, 36), 0.5)  # charred slivers
    if variant == "embers":
        for _ in range(5):
            x, y = t.rng.uniform(0, T), t.rng.uniform(0, T)
            t.disc(x, y, 1.6, (200, 80, 20), 0.4, soft=True)
            t.set(x, y, (255, 170, 60))
    if variant == "scorched":
        for y in range(T):
            for x in range(T):
                t.set(x, y, shade(t.get(x, y), -0.45))


def hive_plates(t: Tile, variant: str = "") -> None:
    # low contrast (issue 33): the plates' seams and rivets are a quiet floor under the ruins and the models,
    # never a mosaic as loud as the terrain on it
    t.fill_noise((70, 74, 78), (92, 96, 100), cells=(2, 4, 8, 16), grain=0.03, contrast=0.5)
    for y in range(T):
        for x in range(T):
            if x % 16 == 0 or y % 16 == 0:
                t.set(x, y, shade(t.get(x, y), -0.28))
            elif x % 16 == 1 or y % 16 == 1:
                t.set(x, y, shade(t.get(x, y), 0.08))
            elif x % 16 == 15 or y % 16 == 15:
                t.set(x, y, shade(t.get(x, y), -0.1))
    for px in (0, 16):
        for py in (0, 16):
            for rx, ry in ((3, 3), (13, 3), (3, 13), (13, 13)):
                t.set(px + rx, py + ry, (112, 116, 118), 0.6)
                t.set(px + rx + 1, py + ry + 1, (50, 52, 54), 0.6)
    for _ in range(4):  # rust and oil
        c = t.rng.choice([(120, 66, 32), (40, 36, 30)])
        t.disc(t.rng.uniform(0, T), t.rng.uniform(0, T), t.rng.uniform(2, 5), c, 0.18, soft=True)
    if variant == "grate":
        for y in range(4, 28):
            for x in range(4, 28):
                if (x + y) % 4 in (0, 1):
                    t.set(x, y, shade(t.get(x, y), -0.45))
                else:
                    t.set(x, y, shade(t.get(x, y), 0.05))
        for x in range(3, 29):
            t.set(x, 3, (112, 116, 120))
            t.set(x, 28, (48, 50, 52))
        for y in range(3, 29):
            t.set(3, y, (112, 116, 120))
            t.set(28, y, (48, 50, 52))
    if variant == "hazard":
        for y in range(T):
            for x in range(T):
                if 10 <= y < 22:
                    c = (196, 160, 40) if ((x + y) // 6) % 2 == 0 else (30, 28, 24)
                    wear = t.rng.random()
                    t.set(x, y, c, 0.9 if wear > 0.15 else 0.3)


def verge(
    inner: Callable[[Tile, str], None],
    outer: Callable[[Tile, str], None],
    inner_v: str = "",
    outer_v: str = "",
    depth: float = 7.0,
) -> Callable[[Tile, str], None]:
    """A tile of ``inner`` whose top edge fades into ``outer`` (rotated later for the other sides)."""

    def draw(t: Tile, _variant: str = "") -> None:
        a = Tile(random.Random(t.rng.random()))
        inner(a, inner_v)
        b = Tile(random.Random(t.rng.random()))
        outer(b, outer_v)
        edge = Noise(t.rng, (2, 4, 8))
        for y in range(T):
            for x in range(T):
                limit = depth + (edge(x, 0) - 0.5) * 6 + t.rng.uniform(-0.7, 0.7)
                if y < limit:
                    t.set(x, y, b.get(x, y))
                elif y < limit + 1.2:
                    t.set(x, y, mix(b.get(x, y), (40, 34, 24), 0.5))  # the kerb of the verge
                else:
                    t.set(x, y, a.get(x, y))

    return draw


# --- the catalogue: (name, painter, variant, rotation in quarter turns) ----------------------

CATALOGUE: list[tuple[str, Callable[[Tile, str], None], str, int]] = [
    ("grass", grass, "", 0),
    ("grass_flowers", grass, "flowers", 0),
    ("grass_dark", grass, "dark", 0),
    ("grass_dry", grass, "dry", 0),
    ("orchard", grass, "orchard", 0),
    ("woods", woods, "", 0),
    ("woods_trunk", woods, "trunk", 0),
    ("hedge", hedge, "", 0),
    ("road", asphalt, "", 0),
    ("road_cracked", asphalt, "cracked", 0),
    ("road_line_h", asphalt, "line", 0),
    ("road_line_v", asphalt, "line", 1),
    ("road_edge_n", verge(asphalt, grass), "", 0),
    ("road_edge_s", verge(asphalt, grass), "", 2),
    ("road_edge_e", verge(asphalt, grass), "", 1),
    ("road_edge_w", verge(asphalt, grass), "", 3),
    ("dirt", dirt, "", 0),
    ("dirt_ruts_h", dirt, "ruts", 0),
    ("dirt_ruts_v", dirt, "ruts", 1),
    ("dirt_edge_n", verge(dirt, grass, depth=6), "", 0),
    ("dirt_edge_s", verge(dirt, grass, depth=6), "", 2),
    ("dirt_edge_e", verge(dirt, grass, depth=6), "", 1),
    ("dirt_edge_w", verge(dirt, grass, depth=6), "", 3),
    ("mud", mud, "", 0),
    ("mud_puddle", mud, "puddle", 0),
    ("cobbles", cobbles, "", 0),
    ("cobbles_worn", cobbles, "worn", 0),
    ("flagstones", flagstones, "", 0),
    ("pavement", flagstones, "pavement", 0),
    ("wood_floor", wood_floor, "", 0),
    ("wood_floor_v", wood_floor, "v", 0),
    ("tiled_floor", tiled_floor, "", 0),
    ("tiled_floor_terracotta", tiled_floor, "terracotta", 0),
    ("crops", crops, "", 0),
    ("crops_wheat", crops, "wheat", 0),
    ("field_ploughed", crops, "ploughed", 0),
    ("water", water, "", 0),
    ("water_weed", water, "weed", 0),
    ("rubble", rubble, "", 0),
    ("rubble_dense", rubble, "dense", 0),
    ("rubble_brick", rubble, "brick", 0),
    ("ash", ash, "", 0),
    ("ash_embers", ash, "embers", 0),
    ("scorched", ash, "scorched", 0),
    ("hive_floor", hive_plates, "", 0),
    ("hive_floor_b", hive_plates, "", 0),
    ("hive_grate", hive_plates, "grate", 0),
    ("hive_hazard", hive_plates, "hazard", 0),
]


def tile_names() -> list[str]:
    """Tile names in tile-id order (a map's gid is the index + firstgid)."""
    return [name for name, *_ in CATALOGUE]


def render() -> pygame.Surface:
    rows = math.ceil(len(CATALOGUE) / COLUMNS)
    sheet = pygame.Surface((COLUMNS * T, rows * T))
    sheet.fill((0, 0, 0))
    for i, (name, painter, variant, quarter) in enumerate(CATALOGUE):
        tile = Tile(random.Random(f"deadground:{name}"))
        painter(tile, variant)
        surf = tile.surface()
        if quarter:
            surf = pygame.transform.rotate(surf, -90 * quarter)  # clockwise quarter turns
        sheet.blit(surf, ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def tsx_text(image_w: int, image_h: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="deadground" tilewidth="{T}" tileheight="{T}" '
        f'tilecount="{len(CATALOGUE)}" columns="{COLUMNS}">',
        f' <image source="deadground.png" width="{image_w}" height="{image_h}"/>',
    ]
    for i, name in enumerate(tile_names()):
        lines += [
            f' <tile id="{i}">',
            "  <properties>",
            f'   <property name="name" value="{name}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main() -> None:
    pygame.init()
    sheet = render()
    pygame.image.save(sheet, str(HERE / "deadground.png"))
    (HERE / "deadground.tsx").write_text(tsx_text(sheet.get_width(), sheet.get_height()), encoding="utf-8")
    print(f"wrote {len(CATALOGUE)} tiles to {HERE / 'deadground.png'} and deadground.tsx")


if __name__ == "__main__":
    main()
