"""Draw every Dead Ground sprite and write ``sprites/manifest.toml``.

Run from anywhere with the game's own interpreter (pygame-ce only, no network, no numpy)::

    SDL_VIDEODRIVER=dummy python sprites/make_sprites.py

Everything is drawn at ``SS`` times the final size and shrunk with ``smoothscale``, which
averages the pixels, so the flat pygame shapes come out anti-aliased. Random texture uses a
fixed seed per image, so a rerun gives the same files.

Conventions the game relies on:
- tokens are square, 128x128, the round base fills the image, corners are transparent;
- tokens face EAST (+x, angle 0): the game rotates them by the figure's facing;
- a token's base size in inches is in the manifest (``base``): scale the image to that diameter.
"""

from __future__ import annotations

import math
import os
import random
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402  (the dummy driver must be chosen first)

HERE = Path(__file__).resolve().parent
SS = 4  # supersampling factor
TOKEN_PX = 128
ICON_PX = 48
DIE_PX = 64

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

OUTLINE = (22, 20, 18)
WHITE = (240, 236, 224)


# --------------------------------------------------------------------------- drawing helpers


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, ...]:
    """Blend two colours: ``t`` = 0 gives ``a``, 1 gives ``b``."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def shade(c: Sequence[int], f: float) -> tuple[int, ...]:
    """Darken (f < 1) or lighten (f > 1) a colour, keeping any alpha."""
    rgb = tuple(max(0, min(255, int(v * f))) for v in c[:3])
    return rgb + tuple(c[3:])


class Pen:
    """Draw on a square surface in unit coordinates: centre (0, 0), edges at -1 and +1, y down.

    >>> pen = Pen(64); pen.circle((255, 0, 0), 0, 0, 0.5); pen.surface.get_at((32, 32))[0]
    255
    """

    def __init__(self, px: int, size: Sequence[int] | None = None) -> None:
        w, h = size if size is not None else (px, px)
        self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.half = px / 2
        self.cx, self.cy = w / 2, h / 2
        self.zoom = 1.0  # figures are drawn in their own units and enlarged onto the base

    def p(self, x: float, y: float) -> tuple[float, float]:
        k = self.half * self.zoom
        return (self.cx + x * k, self.cy + y * k)

    def s(self, v: float) -> int:
        return max(1, int(round(v * self.half * self.zoom)))

    def circle(self, c: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, c, self.p(x, y), r * self.half * self.zoom, self.s(width) if width else 0)

    def ellipse(self, c: Colour, x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        (px, py), w, h = self.p(x - rx, y - ry), 2 * rx * self.half * self.zoom, 2 * ry * self.half * self.zoom
        pygame.draw.ellipse(self.surface, c, pygame.Rect(px, py, w, h), self.s(width) if width else 0)

    def poly(self, c: Colour, pts: Iterable[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, c, [self.p(*q) for q in pts], self.s(width) if width else 0)

    def line(self, c: Colour, a: Point, b: Point, width: float, round_ends: bool = True) -> None:
        """A thick line as a polygon (pygame's wide lines have ragged ends)."""
        (x1, y1), (x2, y2) = a, b
        dx, dy = x2 - x1, y2 - y1
        n = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / n * width / 2, dx / n * width / 2
        self.poly(c, [(x1 + ox, y1 + oy), (x2 + ox, y2 + oy), (x2 - ox, y2 - oy), (x1 - ox, y1 - oy)])
        if round_ends:
            self.circle(c, x1, y1, width / 2)
            self.circle(c, x2, y2, width / 2)

    def polyline(self, c: Colour, pts: Sequence[Point], width: float) -> None:
        for a, b in zip(pts, pts[1:]):
            self.line(c, a, b, width)

    def outlined(
        self, fill: Colour, draw: Callable[[Colour, float], None], edge: float = 0.035, outline: Colour = OUTLINE
    ) -> None:
        """Call ``draw(colour, grow)`` once grown in the outline colour, then in the fill colour."""
        draw(outline, edge)
        draw(fill, 0.0)


def star_points(x: float, y: float, r: float, rot: float = -90.0, inner: float = 0.42) -> list[Point]:
    """A five-pointed star, a point towards ``rot`` degrees."""
    pts = []
    for i in range(10):
        a = math.radians(rot + i * 36)
        rr = r if i % 2 == 0 else r * inner
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return pts


def rot(pts: Iterable[Point], deg: float, about: Point = (0.0, 0.0)) -> list[Point]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = about
    return [(ox + (x - ox) * ca - (y - oy) * sa, oy + (x - ox) * sa + (y - oy) * ca) for x, y in pts]


def speckle(
    pen: Pen,
    rng: random.Random,
    colours: Sequence[Colour],
    n: int,
    r_max: float,
    size: tuple[float, float] = (0.006, 0.02),
) -> None:
    """Scatter small dots inside the circle of radius ``r_max`` (ground texture, grime)."""
    for _ in range(n):
        a = rng.uniform(0, math.tau)
        d = r_max * math.sqrt(rng.random())
        pen.circle(rng.choice(colours), d * math.cos(a), d * math.sin(a), rng.uniform(*size))


def shrink(surface: pygame.Surface, w: int, h: int | None = None) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (w, h if h is not None else w))


def clear_outside(surface: pygame.Surface, radius_frac: float = 0.5) -> None:
    """Make pixels outside the inscribed circle fully transparent (clean corners)."""
    w, h = surface.get_size()
    cx, cy, r = w / 2, h / 2, w * radius_frac
    for y in range(h):
        for x in range(w):
            if math.hypot(x + 0.5 - cx, y + 0.5 - cy) > r + 0.5:
                surface.set_at((x, y), (0, 0, 0, 0))


def save(surface: pygame.Surface, rel: str) -> None:
    path = HERE / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


# --------------------------------------------------------------------------- bases

GROUND = (88, 84, 66)
# soldiers stand on pale sand so the olive figure and its dark outline stand out from across a room
SOLDIER_GROUND = (168, 158, 124)


def draw_base(
    pen: Pen,
    rim: Colour,
    seed: int,
    ground: Colour = GROUND,
    notch: Colour = WHITE,
    emblem: Callable[[Pen], None] | None = None,
    radius: float = 0.985,
) -> None:
    """A round base: rim in the side's colour, textured ground, a facing notch at the front (east)
    and small ticks at +-90 degrees that mark where the 180-degree front arc ends."""
    rng = random.Random(seed)
    pen.circle(OUTLINE, 0, 0, radius)
    # rim with a soft bevel: lighter at the top-left, darker at the bottom-right
    for i in range(24):
        t = i / 23
        pen.circle(
            mix(shade(rim, 1.25), shade(rim, 0.7), t),
            -0.012 * (1 - 2 * t),
            -0.012 * (1 - 2 * t),
            radius - 0.025 - 0.002 * i,
        )
    pen.circle(rim, 0, 0, radius - 0.07)
    inner = radius - 0.16
    pen.circle(OUTLINE, 0, 0, inner + 0.015)
    for i in range(20):  # ground darkening towards the edge
        t = i / 19
        pen.circle(mix(shade(ground, 0.72), ground, t), 0, 0, inner * (1 - 0.45 * t))
    speckle(pen, rng, [shade(ground, 0.8), shade(ground, 1.2), shade(ground, 0.65)], 260, inner - 0.02)
    # front arc ticks at 90 and 270 degrees
    for sy in (-1, 1):
        pen.line(OUTLINE, (0, sy * (inner - 0.01)), (0, sy * (radius - 0.02)), 0.05, round_ends=False)
    if emblem is not None:
        emblem(pen)
    facing_notch(pen, notch, radius)


def facing_notch(pen: Pen, notch: Colour = WHITE, radius: float = 0.985) -> None:
    """The facing notch: an arrowhead cut through the rim at the front (east). Drawn again over a
    figure whose weapon reaches the rim, so the facing always shows."""
    tip, back = radius + 0.005, radius - 0.2
    pen.poly(OUTLINE, [(tip + 0.01, 0), (back - 0.05, -0.22), (back + 0.03, 0), (back - 0.05, 0.22)])
    pen.poly(notch, [(tip - 0.04, 0), (back - 0.0, -0.16), (back + 0.06, 0), (back - 0.0, 0.16)])


def shadow(pen: Pen, x: float, y: float, rx: float, ry: float, alpha: int = 85) -> None:
    layer = Pen(int(pen.half * 2))
    layer.zoom = pen.zoom
    layer.ellipse((0, 0, 0, alpha), x + 0.05, y + 0.06, rx, ry)
    pen.surface.blit(layer.surface, (0, 0))


# --------------------------------------------------------------------------- soldiers

NATIONS = {
    # rim, uniform, helmet, webbing, skin
    "american": dict(rim=(96, 98, 52), uniform=(104, 100, 66), helmet=(86, 92, 52), webbing=(132, 122, 84)),
    "british": dict(rim=(176, 150, 98), uniform=(140, 118, 76), helmet=(104, 100, 62), webbing=(170, 160, 120)),
    "soviet": dict(rim=(112, 80, 50), uniform=(128, 112, 74), helmet=(70, 82, 50), webbing=(92, 70, 46)),
}
SKIN = (214, 170, 134)
WOOD = (112, 70, 36)
STEEL = (48, 48, 52)
RED_STAR = (200, 30, 30)
ROLES = ("sergeant", "corporal", "rifleman", "smg", "lmg")
WEAPON_FOR = {
    ("american", "sergeant"): "thompson",
    ("american", "corporal"): "thompson",
    ("american", "smg"): "thompson",
    ("american", "lmg"): "bar",
    ("british", "sergeant"): "sten",
    ("british", "smg"): "sten",
    ("british", "lmg"): "bren",
    ("soviet", "sergeant"): "ppsh",
    ("soviet", "smg"): "ppsh",
    ("soviet", "lmg"): "dp",
}


def draw_weapon(pen: Pen, kind: str) -> None:
    """A weapon held along y = WY, muzzle east (figure units: the soldier's neck at the origin)."""
    y = WY
    if kind == "rifle":
        pen.line(OUTLINE, (-0.16, y), (0.6, y), 0.095)
        pen.line(WOOD, (-0.14, y), (0.4, y), 0.062)
        pen.line(STEEL, (0.38, y), (0.58, y), 0.04)
        pen.line(STEEL, (0.0, y), (0.16, y), 0.05)
    elif kind in ("thompson", "ppsh", "sten"):
        if kind == "sten":  # skeleton stock, a magazine sticking out to the left side
            pen.line(OUTLINE, (-0.14, y), (0.5, y), 0.1)
            pen.line(STEEL, (-0.12, y), (0.48, y), 0.06)
            pen.line(OUTLINE, (0.22, y), (0.22, y - 0.34), 0.1)
            pen.line(shade(STEEL, 1.3), (0.22, y), (0.22, y - 0.32), 0.06)
        else:  # wooden stock and a drum magazine underneath
            pen.line(OUTLINE, (-0.14, y), (0.5, y), 0.12)
            pen.line(WOOD, (-0.12, y), (0.26, y), 0.08)
            pen.line(STEEL, (0.24, y), (0.48, y), 0.055)
            pen.circle(OUTLINE, 0.2, y + 0.08, 0.14)
            pen.circle(STEEL, 0.2, y + 0.08, 0.115)
            pen.circle(shade(STEEL, 1.7), 0.2, y + 0.08, 0.04)
    else:  # light machine guns: long and thick, bipod legs near the muzzle, magazine on top
        pen.line(OUTLINE, (-0.2, y), (0.66, y), 0.16)
        pen.line(WOOD if kind != "bren" else STEEL, (-0.18, y), (0.2, y), 0.12)
        pen.line(STEEL, (0.18, y), (0.64, y), 0.09)
        pen.line(shade(STEEL, 1.6), (0.3, y - 0.02), (0.62, y - 0.02), 0.02)
        for sy in (-1, 1):  # bipod
            pen.line(OUTLINE, (0.48, y), (0.6, y + sy * 0.22), 0.07)
            pen.line(shade(STEEL, 1.4), (0.48, y), (0.6, y + sy * 0.22), 0.035)
        if kind == "dp":  # the pan drum on top
            pen.circle(OUTLINE, 0.2, y, 0.2)
            pen.circle((74, 78, 62), 0.2, y, 0.175)
            pen.circle(OUTLINE, 0.2, y, 0.11, width=0.02)
            pen.circle(OUTLINE, 0.2, y, 0.04)
        elif kind == "bren":  # curved magazine standing up out of the top, leaning back
            pen.poly(
                OUTLINE,
                [
                    (0.12, y - 0.02),
                    (0.1, y - 0.2),
                    (0.16, y - 0.36),
                    (0.3, y - 0.36),
                    (0.26, y - 0.2),
                    (0.28, y - 0.02),
                ],
            )
            pen.poly(
                shade(STEEL, 1.4),
                [
                    (0.145, y - 0.04),
                    (0.13, y - 0.2),
                    (0.18, y - 0.33),
                    (0.27, y - 0.33),
                    (0.23, y - 0.2),
                    (0.25, y - 0.04),
                ],
            )
        else:  # BAR: a box magazine under the gun
            pen.poly(OUTLINE, [(0.12, y + 0.03), (0.32, y + 0.03), (0.32, y + 0.25), (0.12, y + 0.25)])
            pen.poly(
                shade(STEEL, 1.3), [(0.145, y + 0.055), (0.295, y + 0.055), (0.295, y + 0.225), (0.145, y + 0.225)]
            )


def chevrons(pen: Pen, n: int, colour: Colour = (236, 200, 80)) -> None:
    """NCO chevrons on the base behind the figure, pointing to the front."""
    for i in range(n):
        x = -0.42 - i * 0.12
        shape = [(x, 0), (x - 0.13, -0.24), (x - 0.22, -0.24), (x - 0.09, 0), (x - 0.22, 0.24), (x - 0.13, 0.24)]
        pen.poly(OUTLINE, shape, width=0.05)
        pen.poly(colour, shape)


WY = 0.13  # where the weapon lies across the figure
FIGURE_ZOOM = 1.45  # the figure fills most of the base: it must read at 16 px across


def draw_soldier_figure(pen: Pen, nation: str, weapon: str) -> None:
    n = NATIONS[nation]
    uni, helmet, web = n["uniform"], n["helmet"], n["webbing"]
    pen.zoom = FIGURE_ZOOM
    shadow(pen, -0.1, 0.02, 0.28, 0.42)
    # pack on the back
    pen.poly(OUTLINE, [(-0.44, -0.2), (-0.2, -0.22), (-0.2, 0.22), (-0.44, 0.2)])
    pen.poly(shade(web, 0.8), [(-0.415, -0.17), (-0.225, -0.19), (-0.225, 0.19), (-0.415, 0.17)])
    pen.line(shade(web, 0.6), (-0.33, -0.16), (-0.33, 0.16), 0.02)
    # shoulders / torso
    pen.ellipse(OUTLINE, -0.12, 0, 0.22, 0.41)
    pen.ellipse(uni, -0.12, 0, 0.185, 0.375)
    pen.ellipse(shade(uni, 1.15), -0.16, -0.1, 0.09, 0.2)
    # webbing straps
    pen.line(web, (-0.24, -0.3), (0.0, 0.3), 0.05)
    pen.line(web, (-0.24, 0.3), (0.0, -0.3), 0.05)
    if nation == "soviet":  # greatcoat roll slung over the left shoulder
        pen.line(OUTLINE, (-0.3, -0.18), (0.02, 0.36), 0.15)
        pen.line((100, 88, 62), (-0.3, -0.18), (0.02, 0.36), 0.105)
        for t in (0.2, 0.4, 0.6, 0.8):
            x, yy = -0.3 + 0.32 * t, -0.18 + 0.54 * t
            pen.line(shade((100, 88, 62), 0.65), (x - 0.045, yy + 0.027), (x + 0.045, yy - 0.027), 0.016)
    arms = (((-0.08, 0.32), (0.04, WY + 0.04)), ((-0.08, -0.32), (0.32, WY - 0.02)))
    for (sx, sy), (hx, hy) in arms:
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.16)
    draw_weapon(pen, weapon)
    for (sx, sy), (hx, hy) in arms:
        pen.line(uni, (sx, sy), (hx, hy), 0.115)
        pen.circle(OUTLINE, hx, hy, 0.062)
        pen.circle(SKIN, hx, hy, 0.043)
    # helmet
    hx = -0.1
    if nation == "british":  # Brodie: a wide flat brim with a shallow dome
        pen.circle(OUTLINE, hx, 0, 0.27)
        pen.circle(shade(helmet, 0.85), hx, 0, 0.245)
        pen.circle(shade(helmet, 0.62), hx, 0, 0.165)
        pen.circle(helmet, hx - 0.01, -0.01, 0.15)
        pen.circle(shade(helmet, 1.3), hx - 0.05, -0.05, 0.055)
    else:
        pen.circle(OUTLINE, hx, 0, 0.2)
        pen.circle(helmet, hx, 0, 0.175)
        pen.circle(shade(helmet, 1.2), hx - 0.035, -0.035, 0.11)
        pen.circle(shade(helmet, 1.35), hx - 0.065, -0.065, 0.045)
        if nation == "american":  # camouflage net
            for k in range(-3, 4):
                d = k * 0.055
                pen.line(shade(helmet, 0.65), (hx + d - 0.13, -0.13), (hx + d + 0.13, 0.13), 0.011)
                pen.line(shade(helmet, 0.65), (hx + d - 0.13, 0.13), (hx + d + 0.13, -0.13), 0.011)
            pen.circle(OUTLINE, hx, 0, 0.2, width=0.03)
        else:  # Soviet red star on the crown
            pen.poly(OUTLINE, star_points(hx, 0, 0.13, rot=0))
            pen.poly(RED_STAR, star_points(hx, 0, 0.1, rot=0))
    pen.zoom = 1.0


def nation_emblem(nation: str) -> Callable[[Pen], None] | None:
    def us(pen: Pen) -> None:
        pen.poly(OUTLINE, star_points(-0.9, 0, 0.125, rot=180))
        pen.poly(WHITE, star_points(-0.9, 0, 0.095, rot=180))

    def su(pen: Pen) -> None:
        pen.poly(OUTLINE, star_points(-0.9, 0, 0.125, rot=180))
        pen.poly((220, 36, 36), star_points(-0.9, 0, 0.095, rot=180))

    def gb(pen: Pen) -> None:  # a small roundel
        pen.circle(OUTLINE, -0.9, 0, 0.095)
        pen.circle((40, 60, 140), -0.9, 0, 0.08)
        pen.circle(WHITE, -0.9, 0, 0.054)
        pen.circle((190, 30, 30), -0.9, 0, 0.03)

    return {"american": us, "soviet": su, "british": gb}[nation]


def soldier_token(nation: str, role: str) -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    n = NATIONS[nation]
    draw_base(
        pen,
        n["rim"],
        seed=zlib.crc32(f"{nation}/{role}".encode()),
        ground=SOLDIER_GROUND,
        emblem=nation_emblem(nation),
    )
    weapon = WEAPON_FOR.get((nation, role), "rifle")
    draw_soldier_figure(pen, nation, weapon)
    if role in ("sergeant", "corporal"):  # on top of the pack, where they cannot be hidden
        chevrons(pen, 3 if role == "sergeant" else 2)
    facing_notch(pen)
    return shrink(pen.surface, TOKEN_PX)


def draw_lying_soldier(pen: Pen, nation: str, weapon: str) -> None:
    """A soldier knocked flat along the facing: helmet to the east, boots to the west, arms flung
    out at his sides, his weapon dropped beside him. Seen from above he is longer (east-west) than wide."""
    n = NATIONS[nation]
    uni, helmet, web = n["uniform"], n["helmet"], n["webbing"]
    shadow(pen, 0, 0, 0.62, 0.24)
    for y in (-0.1, 0.1):  # legs, boots
        pen.line(OUTLINE, (-0.18, y), (-0.66, y * 2.0), 0.19)
        pen.line(shade(uni, 0.9), (-0.18, y), (-0.64, y * 2.0), 0.145)
        pen.circle(OUTLINE, -0.7, y * 2.0, 0.085)
        pen.circle((52, 40, 30), -0.7, y * 2.0, 0.065)
    pen.ellipse(OUTLINE, 0.06, 0, 0.34, 0.23)  # torso, on his back: no pack seen
    pen.ellipse(uni, 0.06, 0, 0.31, 0.2)
    pen.ellipse(shade(uni, 1.15), 0.0, -0.07, 0.16, 0.08)
    pen.line(web, (-0.14, -0.16), (0.26, 0.16), 0.045)
    pen.line(web, (-0.14, 0.16), (0.26, -0.16), 0.045)
    for (sx, sy), (hx, hy) in (((0.26, 0.19), (0.5, 0.34)), ((0.26, -0.19), (-0.02, -0.33))):
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.15)
        pen.line(uni, (sx, sy), (hx, hy), 0.105)
        pen.circle(OUTLINE, hx, hy, 0.065)
        pen.circle(SKIN, hx, hy, 0.045)
    # the helmet, knocked askew at the head
    hx = 0.5
    pen.circle(OUTLINE, hx, 0, 0.17)
    pen.circle(SKIN, hx, 0, 0.145)
    brim = 0.22 if nation == "british" else 0.16
    pen.circle(OUTLINE, hx + 0.1, -0.12, brim + 0.025)
    pen.circle(helmet, hx + 0.1, -0.12, brim)
    pen.circle(shade(helmet, 1.25), hx + 0.07, -0.15, brim * 0.5)
    if nation == "soviet":
        pen.poly(RED_STAR, star_points(hx + 0.1, -0.12, 0.08, rot=0))
    # the dropped weapon, lying across the base beside him
    saved = pen.zoom
    pen.zoom = 0.9
    layer = Pen(int(pen.half * 2))
    layer.zoom = pen.zoom
    draw_weapon(layer, weapon)
    turned = pygame.transform.rotate(layer.surface, 8)
    pen.surface.blit(turned, turned.get_rect(center=(pen.cx - 0.12 * pen.half, pen.cy + 0.3 * pen.half)))
    pen.zoom = saved


def soldier_down_token(nation: str, role: str) -> pygame.Surface:
    """A knocked-down soldier: the same base (dimmer rim, facing notch kept), the man lying flat,
    and two stripes across the back of the rim that say DOWN without colour."""
    pen = Pen(TOKEN_PX * SS)
    n = NATIONS[nation]
    draw_base(
        pen,
        shade(n["rim"], 0.75),
        seed=zlib.crc32(f"{nation}/{role}/down".encode()),
        ground=shade(SOLDIER_GROUND, 0.85),
        emblem=nation_emblem(nation),
    )
    draw_lying_soldier(pen, nation, WEAPON_FOR.get((nation, role), "rifle"))
    for y in (-0.3, 0.3):
        pen.line(OUTLINE, (-0.93, y - 0.12), (-0.78, y + 0.12), 0.07)
        pen.line((230, 210, 120), (-0.93, y - 0.12), (-0.78, y + 0.12), 0.035)
    return shrink(pen.surface, TOKEN_PX)


# --------------------------------------------------------------------------- small tokens
#
# At the table's default zoom a 1" base is 14-24 px across. The detailed figure shrunk that far
# averages into mud, so these ``_small`` tokens say the same things in shapes big enough to read
# from across a room: the helmet's outline (US pot, British brim, Soviet star), the weapon as a
# bar along the facing (long rifle, short SMG with a magazine, heavy LMG with a bipod), an NCO's
# gold chevrons, a zombie's pale head and its arms reaching forward. game/ui/assets.py uses them
# below its SMALL_BELOW size.

SMALL_WEAPON = {  # length (to the east), thickness, extra
    "rifle": (0.8, 0.12, ""),
    "thompson": (0.55, 0.15, "drum"),
    "ppsh": (0.55, 0.15, "drum"),
    "sten": (0.55, 0.13, "side"),
    "bar": (0.8, 0.2, "bipod"),
    "bren": (0.8, 0.2, "bipod"),
    "dp": (0.8, 0.2, "bipod"),
}


def soldier_small_token(nation: str, role: str) -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    n = NATIONS[nation]
    draw_base(pen, n["rim"], seed=zlib.crc32(f"{nation}/{role}/small".encode()), ground=(196, 186, 150))
    length, thick, extra = SMALL_WEAPON[WEAPON_FOR.get((nation, role), "rifle")]
    y = 0.2
    if role in ("sergeant", "corporal"):  # big gold chevrons behind the man
        for i in range(3 if role == "sergeant" else 2):
            x = -0.36 - i * 0.17
            shape = [(x, 0), (x - 0.2, -0.42), (x - 0.32, -0.42), (x - 0.12, 0), (x - 0.32, 0.42), (x - 0.2, 0.42)]
            pen.poly(OUTLINE, shape, width=0.05)
            pen.poly((250, 200, 40), shape)
    pen.ellipse(OUTLINE, -0.1, 0, 0.27, 0.52)  # shoulders
    pen.ellipse(shade(n["uniform"], 0.9), -0.1, 0, 0.22, 0.47)
    pen.line(OUTLINE, (-0.05, y), (length, y), thick + 0.08)  # the weapon, along the facing
    pen.line((36, 34, 32), (-0.03, y), (length - 0.02, y), thick)
    if extra == "drum":
        pen.circle(OUTLINE, 0.28, y + 0.1, 0.16)
        pen.circle((70, 70, 74), 0.28, y + 0.1, 0.12)
    elif extra == "side":
        pen.line(OUTLINE, (0.28, y), (0.28, y - 0.36), 0.14)
    elif extra == "bipod":
        for sy in (-1, 1):
            pen.line(OUTLINE, (0.55, y), (0.72, y + sy * 0.2), 0.1)
    helmet = shade(n["helmet"], 1.25)
    if nation == "british":  # the Brodie's wide flat brim
        pen.circle(OUTLINE, -0.1, 0, 0.4)
        pen.circle(helmet, -0.1, 0, 0.36)
        pen.circle(shade(helmet, 0.7), -0.1, 0, 0.22)
        pen.circle(shade(helmet, 1.2), -0.12, -0.02, 0.17)
    else:
        pen.circle(OUTLINE, -0.1, 0, 0.33)
        pen.circle(helmet, -0.1, 0, 0.29)
        pen.circle(shade(helmet, 1.3), -0.16, -0.06, 0.14)
        if nation == "soviet":
            pen.poly(OUTLINE, star_points(-0.1, 0, 0.25, rot=0))
            pen.poly((230, 40, 36), star_points(-0.1, 0, 0.2, rot=0))
    facing_notch(pen)
    return shrink(pen.surface, TOKEN_PX)


def zombie_small_token(variant: int) -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    # dark ground under pale limbs: the opposite of the soldiers' pale sand under dark figures
    draw_base(pen, ZOMBIE_RIM, seed=300 + variant, ground=(58, 48, 44), notch=(230, 210, 120))
    skin = shade(ZSKIN[(variant - 1) % 4], 1.4)
    reach = (0.62, 0.7, 0.56, 0.66)[(variant - 1) % 4]  # each shambles a little differently
    lean = (0.0, 0.06, -0.06, 0.03)[(variant - 1) % 4]
    pen.ellipse(OUTLINE, -0.2, lean, 0.26, 0.5)  # hunched shoulders in rags
    pen.ellipse(FIELD_GREY, -0.2, lean, 0.21, 0.45)
    pen.circle(BLOOD, -0.28, lean + 0.2, 0.1)
    for sy, r in ((-1, reach), (1, reach - 0.12)):  # arms reaching forward, out of step
        a, b = (-0.1, sy * 0.38 + lean), (r, sy * 0.26)
        pen.line(OUTLINE, a, b, 0.2)
        pen.line(skin, a, b, 0.13)
        pen.circle(OUTLINE, b[0], b[1], 0.11)
        pen.circle(skin, b[0], b[1], 0.08)
    pen.circle(OUTLINE, 0.0, lean * 0.5, 0.26)  # a pale bald head, sunken eyes
    pen.circle(skin, 0.0, lean * 0.5, 0.22)
    for ey in (-0.08, 0.08):
        pen.circle((30, 10, 10), 0.1, lean * 0.5 + ey, 0.045)
    facing_notch(pen, (230, 210, 120))
    return shrink(pen.surface, TOKEN_PX)


# --------------------------------------------------------------------------- zombies

ZSKIN = [(136, 150, 118), (118, 134, 104), (150, 156, 126), (108, 124, 96)]
FIELD_GREY = (92, 98, 86)
BLOOD = (120, 16, 14)
ZOMBIE_RIM = (96, 30, 28)
# zombies stand on a pale, blood-stained grey: their rotting figures show against it, and it is
# never the soldiers' sand
ZOMBIE_GROUND = (120, 110, 104)


def draw_zombie_figure(pen: Pen, variant: int, scale: float = 1.0, rng: random.Random | None = None) -> None:
    rng = rng or random.Random(variant)
    skin = ZSKIN[(variant - 1) % 4]
    uni = mix(FIELD_GREY, (70, 76, 70), (variant % 3) / 3)
    k = scale

    def P(x: float, y: float) -> Point:
        return (x * k, y * k)

    pen.zoom = 1.22

    shadow(pen, -0.04 * k, 0, 0.28 * k, 0.44 * k)
    # ragged torso: an ellipse with torn hem notches
    pen.ellipse(OUTLINE, -0.1 * k, 0, 0.25 * k, 0.42 * k)
    pen.ellipse(uni, -0.1 * k, 0, 0.21 * k, 0.38 * k)
    for _ in range(5):  # tears and grime
        x, y = rng.uniform(-0.26, 0.0), rng.uniform(-0.3, 0.3)
        pen.poly(shade(uni, 0.6), [P(x, y), P(x + 0.06, y + rng.uniform(-0.08, 0.08)), P(x + 0.02, y + 0.1)])
    pen.line(shade(uni, 0.75), P(-0.28, 0), P(0.08, 0), 0.03 * k)  # tunic buttons line
    for by in (-0.2, -0.05, 0.1):
        pen.circle((150, 150, 130), *P(-0.02, by * 0.3), 0.018 * k)
    blood_spots = 2 + variant % 3
    for _ in range(blood_spots):
        pen.circle(BLOOD, *P(rng.uniform(-0.25, 0.05), rng.uniform(-0.3, 0.3)), rng.uniform(0.03, 0.06) * k)
    # arms reaching forward (variant 3 has lost its left arm)
    arms = [
        ((-0.06, 0.3), (0.54, 0.24 + 0.03 * (variant % 2))),
        ((-0.06, -0.3), (0.5 + 0.03 * (variant % 2), -0.22)),
    ]
    if variant == 3:
        arms = arms[:1]
    for (sx, sy), (hx, hy) in arms:
        pen.line(OUTLINE, P(sx, sy), P(hx, hy), 0.17 * k)
    for (sx, sy), (hx, hy) in arms:
        mx, my = sx + (hx - sx) * 0.45, sy + (hy - sy) * 0.45
        pen.line(uni, P(sx, sy), P(mx, my), 0.13 * k)
        pen.line(skin, P(mx, my), P(hx, hy), 0.1 * k)
        pen.line(shade(uni, 0.6), P(mx - 0.02, my - 0.06), P(mx + 0.02, my + 0.06), 0.03 * k)  # torn cuff
        # clawed hand
        pen.circle(OUTLINE, *P(hx, hy), 0.075 * k)
        pen.circle(skin, *P(hx, hy), 0.058 * k)
        for f in (-0.05, 0.0, 0.05):
            pen.line(OUTLINE, P(hx + 0.03, hy + f), P(hx + 0.12, hy + f * 1.4), 0.035 * k)
            pen.line(skin, P(hx + 0.03, hy + f), P(hx + 0.11, hy + f * 1.4), 0.018 * k)
    if variant == 3:  # stump with blood
        pen.circle(BLOOD, *P(-0.02, -0.32), 0.07 * k)
    # head, slumped forward, a little off centre
    hx, hy = 0.08, (-0.04 if variant % 2 else 0.05)
    pen.circle(OUTLINE, *P(hx, hy), 0.19 * k)
    pen.circle(skin, *P(hx, hy), 0.165 * k)
    pen.circle(shade(skin, 1.15), *P(hx - 0.04, hy - 0.04), 0.08 * k)
    if variant == 2:  # a Stahlhelm still on, dented
        pen.circle(OUTLINE, *P(hx - 0.02, hy), 0.2 * k)
        pen.ellipse(FIELD_GREY, *P(hx - 0.02, hy), 0.175 * k, 0.175 * k)
        pen.circle(shade(FIELD_GREY, 1.25), *P(hx - 0.07, hy - 0.05), 0.06 * k)
        pen.line(OUTLINE, P(hx + 0.05, hy - 0.1), P(hx + 0.1, hy - 0.02), 0.02 * k)
    elif variant == 4:  # a field cap, askew
        pen.ellipse(OUTLINE, *P(hx - 0.05, hy), 0.14 * k, 0.15 * k)
        pen.ellipse(shade(FIELD_GREY, 0.9), *P(hx - 0.05, hy), 0.12 * k, 0.13 * k)
    else:  # thin hair, a wound on the scalp
        for _ in range(10):
            a = rng.uniform(math.pi * 0.6, math.pi * 1.4)
            r0 = 0.12
            pen.line(
                shade(skin, 0.45),
                P(hx + r0 * math.cos(a), hy + r0 * math.sin(a)),
                P(hx + 0.16 * math.cos(a + 0.15), hy + 0.16 * math.sin(a + 0.15)),
                0.012 * k,
            )
        pen.circle(BLOOD, *P(hx + 0.02, hy + 0.05), 0.04 * k)
        pen.circle(shade(BLOOD, 0.6), *P(hx + 0.02, hy + 0.05), 0.02 * k)
    pen.zoom = 1.0


def zombie_token(variant: int) -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    draw_base(pen, ZOMBIE_RIM, seed=100 + variant, ground=ZOMBIE_GROUND, notch=(230, 210, 120))
    draw_zombie_figure(pen, variant, rng=random.Random(200 + variant))
    return shrink(pen.surface, TOKEN_PX)


def zombie_boss_token() -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    draw_base(
        pen,
        (70, 16, 16),
        seed=150,
        ground=(58, 50, 44),
        notch=(240, 200, 60),
        emblem=lambda p: [
            p.poly(OUTLINE, star_points(-0.9, 0, 0.1, rot=180, inner=0.3)),
            p.poly((240, 200, 60), star_points(-0.9, 0, 0.075, rot=180, inner=0.3)),
        ],
    )
    rng = random.Random(151)
    # a bloated hulk: big shoulders, officer's greatcoat, spikes of rebar
    shadow(pen, -0.05, 0, 0.42, 0.62)
    pen.ellipse(OUTLINE, -0.12, 0, 0.36, 0.6)
    pen.ellipse((62, 66, 60), -0.12, 0, 0.32, 0.56)
    pen.ellipse((80, 84, 76), -0.18, -0.1, 0.16, 0.3)
    for _ in range(6):
        pen.circle(BLOOD, rng.uniform(-0.35, 0.1), rng.uniform(-0.4, 0.4), rng.uniform(0.04, 0.08))
    for y in (-0.35, -0.15, 0.15, 0.35):  # rebar spikes through the back
        pen.line(OUTLINE, (-0.3, y), (-0.6, y * 1.3), 0.07)
        pen.line((120, 90, 70), (-0.3, y), (-0.58, y * 1.3), 0.04)
    for (sx, sy), (hx, hy) in (((-0.05, 0.45), (0.66, 0.38)), ((-0.05, -0.45), (0.7, -0.3))):
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.24)
        pen.line((62, 66, 60), (sx, sy), ((sx + hx) / 2, (sy + hy) / 2), 0.19)
        pen.line(ZSKIN[3], ((sx + hx) / 2, (sy + hy) / 2), (hx, hy), 0.16)
        pen.circle(OUTLINE, hx, hy, 0.11)
        pen.circle(ZSKIN[3], hx, hy, 0.09)
        for f in (-0.07, 0.0, 0.07):
            pen.line(OUTLINE, (hx + 0.05, hy + f), (hx + 0.2, hy + f * 1.5), 0.05)
            pen.line((220, 210, 180), (hx + 0.12, hy + f * 1.3), (hx + 0.19, hy + f * 1.5), 0.025)
    # officer's peaked cap on a big head
    pen.circle(OUTLINE, 0.1, 0, 0.26)
    pen.circle(ZSKIN[3], 0.1, 0, 0.23)
    pen.ellipse(OUTLINE, 0.04, 0, 0.2, 0.22)
    pen.ellipse((58, 62, 58), 0.04, 0, 0.18, 0.2)
    pen.ellipse(OUTLINE, 0.2, 0, 0.07, 0.16)
    pen.ellipse((30, 30, 30), 0.2, 0, 0.055, 0.14)
    pen.circle((200, 180, 90), 0.1, 0, 0.04)
    return shrink(pen.surface, TOKEN_PX)


def zombie_down_token() -> pygame.Surface:
    """A zombie sprawled on its back across its base: the base keeps its facing notch."""
    pen = Pen(TOKEN_PX * SS)
    draw_base(pen, shade(ZOMBIE_RIM, 0.7), seed=170, ground=shade(ZOMBIE_GROUND, 0.85), notch=(214, 200, 150))
    rng = random.Random(171)
    skin, uni = ZSKIN[0], FIELD_GREY
    pen.ellipse((70, 10, 10, 255), -0.05, 0.1, 0.5, 0.3)  # pool of ichor
    shadow(pen, 0, 0, 0.56, 0.22)
    # legs to the west, head to the east, arms flung out
    for y in (-0.1, 0.1):
        pen.line(OUTLINE, (-0.2, y), (-0.68, y * 2.2), 0.17)
        pen.line(shade(uni, 0.8), (-0.2, y), (-0.66, y * 2.2), 0.13)
        pen.circle((40, 34, 30), -0.68, y * 2.2, 0.07)
    pen.ellipse(OUTLINE, 0.02, 0, 0.32, 0.22)
    pen.ellipse(uni, 0.02, 0, 0.29, 0.19)
    for (sx, sy), (hx, hy) in (((0.16, 0.17), (0.3, 0.56)), ((0.16, -0.17), (0.06, -0.56))):
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.14)
        pen.line(skin, (sx, sy), (hx, hy), 0.1)
        pen.circle(skin, hx, hy, 0.06)
    pen.circle(OUTLINE, 0.45, 0, 0.16)
    pen.circle(skin, 0.45, 0, 0.135)
    for ex in (-0.05, 0.05):  # crossed-out eyes
        pen.line(OUTLINE, (0.47 - 0.03, ex - 0.03), (0.47 + 0.03, ex + 0.03), 0.02)
        pen.line(OUTLINE, (0.47 - 0.03, ex + 0.03), (0.47 + 0.03, ex - 0.03), 0.02)
    for _ in range(4):
        pen.circle(BLOOD, rng.uniform(-0.2, 0.2), rng.uniform(-0.15, 0.15), rng.uniform(0.03, 0.05))
    # a "down" mark: two diagonal stripes across the rim at the back, readable without colour
    for y in (-0.25, 0.25):
        pen.line(OUTLINE, (-0.93, y - 0.12), (-0.78, y + 0.12), 0.07)
        pen.line((230, 210, 120), (-0.93, y - 0.12), (-0.78, y + 0.12), 0.035)
    return shrink(pen.surface, TOKEN_PX)


def splat(pen: Pen, rng: random.Random, colour: Colour, dark: Colour, r: float) -> None:
    """An irregular splash: a blobby centre and droplets flung outwards."""
    for _ in range(16):
        a, d = rng.uniform(0, math.tau), rng.uniform(0, r * 0.5)
        pen.circle(dark, d * math.cos(a), d * math.sin(a), rng.uniform(r * 0.25, r * 0.45))
    for _ in range(16):
        a, d = rng.uniform(0, math.tau), rng.uniform(0, r * 0.45)
        pen.circle(colour, d * math.cos(a), d * math.sin(a), rng.uniform(r * 0.2, r * 0.38))
    for _ in range(26):
        a, d = rng.uniform(0, math.tau), rng.uniform(r * 0.7, r * 1.05)
        rr = rng.uniform(0.015, 0.05)
        pen.line(colour, (d * 0.7 * math.cos(a), d * 0.7 * math.sin(a)), (d * math.cos(a), d * math.sin(a)), rr)
        pen.circle(colour, d * math.cos(a), d * math.sin(a), rr * 1.2)


def dead_soldier_marker() -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    rng = random.Random(300)
    splat(pen, rng, (140, 18, 16), (90, 8, 8), 0.8)
    # a helmet on its side and a dropped rifle across the splash
    pen.line(OUTLINE, (-0.6, 0.35), (0.55, -0.25), 0.11)
    pen.line(WOOD, (-0.58, 0.34), (0.2, -0.07), 0.075)
    pen.line(STEEL, (0.2, -0.07), (0.53, -0.24), 0.045)
    pen.circle(OUTLINE, 0.05, 0.2, 0.27)
    pen.circle((86, 92, 52), 0.05, 0.2, 0.24)
    pen.circle((110, 116, 70), 0.0, 0.15, 0.12)
    pen.circle(OUTLINE, 0.05, 0.2, 0.24, width=0.025)
    # a small white cross on the helmet: readable as "fallen" by shape
    pen.line(OUTLINE, (0.05, 0.06), (0.05, 0.34), 0.075, round_ends=False)
    pen.line(OUTLINE, (-0.05, 0.15), (0.15, 0.15), 0.075, round_ends=False)
    pen.line(WHITE, (0.05, 0.08), (0.05, 0.32), 0.04, round_ends=False)
    pen.line(WHITE, (-0.035, 0.15), (0.135, 0.15), 0.04, round_ends=False)
    out = shrink(pen.surface, TOKEN_PX)
    clear_outside(out)
    return out


def dead_zombie_marker() -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    rng = random.Random(301)
    splat(pen, rng, (78, 92, 30), (44, 52, 20), 0.8)
    for _ in range(8):
        pen.circle((110, 16, 14), rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), rng.uniform(0.04, 0.1))
    # crossed bones
    for a in (30, -30):
        (x1, y1), (x2, y2) = rot([(-0.45, 0), (0.45, 0)], a)
        pen.line(OUTLINE, (x1, y1), (x2, y2), 0.14)
        for x, y in ((x1, y1), (x2, y2)):
            for s in (-1, 1):
                ox, oy = rot([(0, s * 0.06)], a)[0]
                pen.circle(OUTLINE, x + ox, y + oy, 0.1)
    for a in (30, -30):
        (x1, y1), (x2, y2) = rot([(-0.45, 0), (0.45, 0)], a)
        pen.line((226, 218, 190), (x1, y1), (x2, y2), 0.09)
        for x, y in ((x1, y1), (x2, y2)):
            for s in (-1, 1):
                ox, oy = rot([(0, s * 0.06)], a)[0]
                pen.circle((226, 218, 190), x + ox, y + oy, 0.075)
    out = shrink(pen.surface, TOKEN_PX)
    clear_outside(out)
    return out


# --------------------------------------------------------------------------- outbreak and 40k

CIVILIANS = [  # clothes, hair, rim
    ((60, 92, 150), (40, 28, 20), (70, 110, 170)),
    ((150, 52, 48), (200, 160, 80), (170, 70, 60)),
    ((200, 180, 120), (110, 60, 30), (190, 170, 100)),
    ((70, 130, 90), (30, 30, 34), (80, 150, 100)),
]


def draw_civilian(pen: Pen, clothes: Colour, hair: Colour, prop: str) -> None:
    pen.zoom = 1.3
    shadow(pen, -0.02, 0, 0.26, 0.4)
    pen.ellipse(OUTLINE, -0.06, 0, 0.22, 0.38)
    pen.ellipse(clothes, -0.06, 0, 0.185, 0.345)
    pen.ellipse(shade(clothes, 1.2), -0.1, -0.1, 0.08, 0.18)
    arms = [((-0.02, 0.28), (0.3, 0.24)), ((-0.02, -0.28), (0.3, -0.2))]
    for (sx, sy), (hx, hy) in arms:
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.15)
    if prop == "pistol":
        pen.line(OUTLINE, (0.28, 0.0), (0.58, 0.0), 0.09)
        pen.line(STEEL, (0.3, 0.0), (0.56, 0.0), 0.05)
        arms = [((-0.02, 0.28), (0.3, 0.04)), ((-0.02, -0.28), (0.3, -0.04))]
        for (sx, sy), (hx, hy) in arms:
            pen.line(OUTLINE, (sx, sy), (hx, hy), 0.15)
    elif prop == "bat":
        pen.line(OUTLINE, (0.3, 0.24), (0.5, -0.45), 0.11)
        pen.line((170, 130, 80), (0.3, 0.24), (0.49, -0.43), 0.07)
    elif prop == "shotgun":
        pen.line(OUTLINE, (-0.1, 0.1), (0.8, 0.1), 0.09)
        pen.line(WOOD, (-0.08, 0.1), (0.4, 0.1), 0.06)
        pen.line(STEEL, (0.4, 0.1), (0.78, 0.1), 0.045)
        arms = [((-0.02, 0.28), (0.1, 0.12)), ((-0.02, -0.28), (0.5, 0.08))]
    elif prop == "axe":  # held high across the body, the head up by the left shoulder
        pen.line(OUTLINE, (0.3, 0.24), (0.46, -0.34), 0.09)
        pen.line(WOOD, (0.3, 0.24), (0.455, -0.32), 0.055)
        pen.poly(OUTLINE, [(0.36, -0.3), (0.6, -0.36), (0.6, -0.16), (0.41, -0.2)])
        pen.poly((160, 166, 170), [(0.39, -0.28), (0.57, -0.33), (0.57, -0.19), (0.42, -0.22)])
    for (sx, sy), (hx, hy) in arms:
        pen.line(clothes, (sx, sy), (hx, hy), 0.11)
        pen.circle(OUTLINE, hx, hy, 0.06)
        pen.circle(SKIN, hx, hy, 0.042)
    pen.circle(OUTLINE, 0.02, 0, 0.18)
    pen.circle(SKIN, 0.02, 0, 0.155)
    pen.circle(hair, -0.03, 0, 0.15)  # hair covers the back of the head
    pen.circle(SKIN, 0.08, 0, 0.09)
    pen.circle(shade(hair, 1.3), -0.07, -0.05, 0.05)
    pen.zoom = 1.0


def character_token(i: int) -> pygame.Surface:
    clothes, hair, rim = CIVILIANS[i - 1]
    pen = Pen(TOKEN_PX * SS)
    draw_base(pen, rim, seed=400 + i, ground=(78, 76, 70))
    # a number of dots on the rim at the back tells the four apart without colour
    for k in range(i):
        y = (k - (i - 1) / 2) * 0.18
        pen.circle(OUTLINE, -0.9, y, 0.06)
        pen.circle(WHITE, -0.9, y, 0.04)
    draw_civilian(pen, clothes, hair, ["pistol", "bat", "shotgun", "axe"][i - 1])
    return shrink(pen.surface, TOKEN_PX)


def npc_token() -> pygame.Surface:
    pen = Pen(TOKEN_PX * SS)
    draw_base(pen, (150, 150, 150), seed=420, ground=(80, 80, 78), notch=(230, 230, 230))
    draw_civilian(pen, (120, 112, 100), (150, 150, 150), "none")
    # a question mark on the rim at the back: not under anyone's control
    pen.circle(OUTLINE, -0.9, 0, 0.1)
    pen.circle((240, 220, 120), -0.9, 0, 0.08)
    pen.line(OUTLINE, (-0.93, -0.035), (-0.88, 0.02), 0.025)
    pen.circle(OUTLINE, -0.88, 0.045, 0.014)
    return shrink(pen.surface, TOKEN_PX)


MARINE_COLOURS = [(170, 28, 26), (36, 66, 150), (214, 180, 40), (40, 120, 50)]


def marine_token(i: int) -> pygame.Surface:
    armour = MARINE_COLOURS[i - 1]
    trim = (210, 190, 120) if i != 3 else (40, 40, 44)
    pen = Pen(TOKEN_PX * SS)
    draw_base(pen, shade(armour, 0.9), seed=500 + i, ground=(70, 66, 60))
    for k in range(i):  # player number as pips on the back of the rim
        y = (k - (i - 1) / 2) * 0.18
        pen.circle(OUTLINE, -0.9, y, 0.06)
        pen.circle(WHITE, -0.9, y, 0.04)
    shadow(pen, -0.04, 0, 0.36, 0.52)
    # backpack with exhausts
    pen.poly(OUTLINE, [(-0.52, -0.28), (-0.18, -0.3), (-0.18, 0.3), (-0.52, 0.28)])
    pen.poly(shade(armour, 0.75), [(-0.49, -0.25), (-0.21, -0.27), (-0.21, 0.27), (-0.49, 0.25)])
    for y in (-0.14, 0.14):
        pen.circle(OUTLINE, -0.47, y, 0.07)
        pen.circle((60, 60, 64), -0.47, y, 0.05)
    pen.ellipse(OUTLINE, -0.08, 0, 0.26, 0.4)
    pen.ellipse(armour, -0.08, 0, 0.22, 0.36)
    # boltgun held forward
    pen.line(OUTLINE, (-0.05, 0.1), (0.78, 0.1), 0.17)
    pen.line((44, 44, 48), (-0.03, 0.1), (0.76, 0.1), 0.12)
    pen.line((90, 90, 96), (0.3, 0.08), (0.74, 0.08), 0.03)
    pen.poly(OUTLINE, [(0.15, 0.1), (0.3, 0.1), (0.3, 0.3), (0.15, 0.3)])
    pen.poly((60, 60, 66), [(0.17, 0.12), (0.28, 0.12), (0.28, 0.28), (0.17, 0.28)])
    for (sx, sy), (hx, hy) in (((0.0, 0.36), (0.12, 0.16)), ((0.0, -0.36), (0.42, 0.06))):
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.2)
        pen.line(armour, (sx, sy), (hx, hy), 0.15)
        pen.circle(OUTLINE, hx, hy, 0.09)
        pen.circle(shade(armour, 0.8), hx, hy, 0.07)
    # big round pauldrons with a trim ring
    for y in (-0.36, 0.36):
        pen.circle(OUTLINE, -0.06, y, 0.22)
        pen.circle(armour, -0.06, y, 0.19)
        pen.circle(trim, -0.06, y, 0.19, width=0.035)
        pen.circle(shade(armour, 1.3), -0.1, y - 0.05, 0.07)
    # helmet with a grille and eye lenses facing front
    pen.circle(OUTLINE, 0.04, 0, 0.17)
    pen.circle(armour, 0.04, 0, 0.145)
    pen.circle(shade(armour, 1.3), 0.0, -0.04, 0.06)
    pen.poly(OUTLINE, [(0.12, -0.09), (0.24, -0.05), (0.24, 0.05), (0.12, 0.09)])
    pen.poly((70, 70, 74), [(0.14, -0.06), (0.22, -0.035), (0.22, 0.035), (0.14, 0.06)])
    for y in (-0.075, 0.075):
        pen.circle((60, 220, 90), 0.13, y, 0.03)
    return shrink(pen.surface, TOKEN_PX)


def ork_token() -> pygame.Surface:
    green = (92, 136, 48)
    pen = Pen(TOKEN_PX * SS)
    draw_base(pen, (60, 60, 60), seed=600, ground=(90, 78, 56), notch=(240, 200, 40))
    # checks on the rim at the back
    for y in (-0.15, 0.0, 0.15):
        pen.poly(OUTLINE, [(-0.96, y - 0.06), (-0.84, y - 0.06), (-0.84, y + 0.06), (-0.96, y + 0.06)])
        pen.poly((240, 200, 40), [(-0.95, y - 0.05), (-0.85, y - 0.05), (-0.85, y + 0.05), (-0.95, y + 0.05)])
    shadow(pen, -0.04, 0, 0.32, 0.5)
    pen.ellipse(OUTLINE, -0.1, 0, 0.26, 0.46)
    pen.ellipse((70, 60, 50), -0.1, 0, 0.22, 0.42)
    for y in (-0.3, 0.3):  # spiky shoulder pads
        pen.poly(OUTLINE, [(-0.25, y - 0.14), (0.08, y - 0.14), (0.08, y + 0.14), (-0.25, y + 0.14)])
        pen.poly((50, 50, 54), [(-0.23, y - 0.12), (0.06, y - 0.12), (0.06, y + 0.12), (-0.23, y + 0.12)])
        for x in (-0.18, -0.05):
            pen.poly(OUTLINE, [(x - 0.04, y), (x, y + (0.26 if y > 0 else -0.26)), (x + 0.04, y)])
            pen.poly((190, 190, 190), [(x - 0.025, y), (x, y + (0.22 if y > 0 else -0.22)), (x + 0.025, y)])
    # choppa (right) and slugga (left)
    pen.line(OUTLINE, (0.3, 0.34), (0.7, 0.3), 0.09)
    pen.poly(OUTLINE, [(0.45, 0.2), (0.82, 0.18), (0.86, 0.42), (0.48, 0.4)])
    pen.poly((160, 164, 170), [(0.48, 0.23), (0.8, 0.21), (0.83, 0.39), (0.5, 0.37)])
    pen.line(OUTLINE, (0.36, -0.26), (0.72, -0.26), 0.13)
    pen.line((80, 76, 70), (0.38, -0.26), (0.7, -0.26), 0.09)
    for (sx, sy), (hx, hy) in (((-0.04, 0.38), (0.32, 0.34)), ((-0.04, -0.38), (0.36, -0.26))):
        pen.line(OUTLINE, (sx, sy), (hx, hy), 0.19)
        pen.line(green, (sx, sy), (hx, hy), 0.14)
        pen.circle(OUTLINE, hx, hy, 0.09)
        pen.circle(green, hx, hy, 0.07)
    # big head, jutting jaw with tusks
    pen.ellipse(OUTLINE, 0.1, 0, 0.22, 0.19)
    pen.ellipse(green, 0.1, 0, 0.19, 0.165)
    pen.ellipse(shade(green, 1.25), 0.05, -0.05, 0.08, 0.06)
    for y in (-0.08, 0.08):
        pen.poly(OUTLINE, [(0.24, y - 0.04), (0.36, y), (0.24, y + 0.04)])
        pen.poly((240, 230, 200), [(0.25, y - 0.025), (0.34, y), (0.25, y + 0.025)])
    for y in (-0.06, 0.06):
        pen.circle((230, 40, 20), 0.17, y, 0.025)
    return shrink(pen.surface, TOKEN_PX)


# --------------------------------------------------------------------------- icons

ICON_FG = (236, 230, 214)
ICON_EDGE = (24, 22, 20)


def icon(
    draw: Callable[[Pen, Colour], None], accent: Callable[[Pen], None] | None = None, fg: Colour = ICON_FG
) -> pygame.Surface:
    """Draw a glyph in a light colour with a dark outline all round, so it reads on any panel."""
    px = ICON_PX * SS
    glyph = Pen(px)
    draw(glyph, fg)
    if accent is not None:
        accent(glyph)
    dark = Pen(px)
    draw(dark, ICON_EDGE)
    if accent is not None:
        accent(dark)
    mask = pygame.mask.from_surface(dark.surface, 8)
    edge = mask.to_surface(setcolor=ICON_EDGE + (255,), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface((px, px), pygame.SRCALPHA)
    r = 2.2 * SS
    for k in range(16):
        a = k * math.tau / 16
        out.blit(edge, (r * math.cos(a), r * math.sin(a)))
    out.blit(glyph.surface, (0, 0))
    return shrink(out, ICON_PX)


def ic_move(p: Pen, c: Colour) -> None:
    # a boot print and a bold arrow east
    p.line(c, (-0.7, 0.1), (0.35, 0.1), 0.2, round_ends=False)
    p.poly(c, [(0.25, -0.25), (0.8, 0.1), (0.25, 0.45)])
    p.ellipse(c, -0.45, -0.5, 0.3, 0.16)
    p.ellipse(c, 0.05, -0.5, 0.14, 0.13)


def ic_fire(p: Pen, c: Colour) -> None:
    p.circle(c, 0, 0, 0.62, width=0.12)
    p.circle(c, 0, 0, 0.1)
    for a in range(4):
        (x1, y1), (x2, y2) = rot([(0.3, 0), (0.88, 0)], a * 90)
        p.line(c, (x1, y1), (x2, y2), 0.12, round_ends=False)


def ic_order(p: Pen, c: Colour) -> None:
    # megaphone
    p.poly(c, [(-0.7, -0.15), (-0.35, -0.18), (0.45, -0.6), (0.45, 0.6), (-0.35, 0.18), (-0.7, 0.15)])
    p.line(c, (-0.4, 0.15), (-0.3, 0.55), 0.14)
    for r in (0.2, 0.38):
        p.line(c, (0.58, -r), (0.72, -r * 1.3), 0.08)
        p.line(c, (0.58, r), (0.72, r * 1.3), 0.08)
    p.line(c, (0.6, 0), (0.82, 0), 0.08)


def ic_end_turn(p: Pen, c: Colour) -> None:
    p.line(c, (-0.5, -0.78), (0.5, -0.78), 0.14)
    p.line(c, (-0.5, 0.78), (0.5, 0.78), 0.14)
    p.polyline(c, [(-0.4, -0.75), (-0.4, -0.55), (0.0, -0.05), (-0.4, 0.55), (-0.4, 0.75)], 0.1)
    p.polyline(c, [(0.4, -0.75), (0.4, -0.55), (0.0, -0.05), (0.4, 0.55), (0.4, 0.75)], 0.1)
    p.poly(c, [(-0.25, -0.5), (0.25, -0.5), (0.0, -0.15)])
    p.poly(c, [(0.0, 0.3), (0.35, 0.7), (-0.35, 0.7)])


def ic_measure(p: Pen, c: Colour) -> None:
    p.circle(c, -0.35, 0.1, 0.45, width=0.12)
    p.circle(c, -0.35, 0.1, 0.1)
    p.poly(c, [(-0.35, 0.43), (0.85, 0.43), (0.85, 0.6), (-0.35, 0.6)])
    for i, x in enumerate((0.0, 0.2, 0.4, 0.6, 0.8)):
        p.line(c, (x, 0.43), (x, 0.43 - (0.25 if i % 2 == 0 else 0.14)), 0.06, round_ends=False)


def arc_arrow(p: Pen, c: Colour, start: float, end: float, r: float, w: float, clockwise: bool) -> None:
    steps = 24
    pts = [
        (
            r * math.cos(math.radians(start + (end - start) * i / steps)),
            r * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    ]
    p.polyline(c, pts, w)
    a = math.radians(end)
    x, y = r * math.cos(a), r * math.sin(a)
    d = 1 if end > start else -1
    tx, ty = -math.sin(a) * d, math.cos(a) * d
    nx, ny = math.cos(a), math.sin(a)
    p.poly(c, [(x + tx * 0.35, y + ty * 0.35), (x + nx * 0.25, y + ny * 0.25), (x - nx * 0.25, y - ny * 0.25)])


def ic_undo(p: Pen, c: Colour) -> None:
    # an arrow turning back anticlockwise, its head at the left
    arc_arrow(p, c, 150, -80, 0.55, 0.14, False)


def ic_save(p: Pen, c: Colour) -> None:
    p.poly(c, [(-0.7, -0.75), (0.5, -0.75), (0.75, -0.5), (0.75, 0.75), (-0.7, 0.75)], width=0.1)
    p.poly(c, [(-0.4, -0.75), (0.35, -0.75), (0.35, -0.3), (-0.4, -0.3)])
    p.poly(c, [(-0.45, 0.1), (0.5, 0.1), (0.5, 0.75), (-0.45, 0.75)], width=0.09)
    p.line(c, (-0.25, 0.32), (0.3, 0.32), 0.06)
    p.line(c, (-0.25, 0.52), (0.3, 0.52), 0.06)


def ic_load(p: Pen, c: Colour) -> None:
    # an open folder with an arrow up out of it
    p.poly(c, [(-0.8, -0.2), (-0.45, -0.2), (-0.35, -0.05), (0.75, -0.05), (0.75, 0.75), (-0.8, 0.75)], width=0.1)
    p.poly(c, [(-0.8, 0.75), (-0.55, 0.15), (0.95, 0.15), (0.75, 0.75)])
    p.line(c, (0.1, 0.1), (0.1, -0.55), 0.16, round_ends=False)
    p.poly(c, [(-0.2, -0.45), (0.1, -0.88), (0.4, -0.45)])


def ic_settings(p: Pen, c: Colour) -> None:
    for k in range(8):
        pts = rot([(0.5, -0.14), (0.82, -0.11), (0.82, 0.11), (0.5, 0.14)], k * 45)
        p.poly(c, pts)
    p.circle(c, 0, 0, 0.58)
    p.circle((0, 0, 0, 0), 0, 0, 0.2)


def ic_speaker(p: Pen, c: Colour) -> None:
    p.poly(c, [(-0.8, -0.25), (-0.45, -0.25), (0.0, -0.65), (0.0, 0.65), (-0.45, 0.25), (-0.8, 0.25)])


def ic_sound_on(p: Pen, c: Colour) -> None:
    ic_speaker(p, c)
    for r in (0.32, 0.58):
        steps = 12
        pts = [
            (
                0.05 + r * math.cos(math.radians(-50 + 100 * i / steps)),
                r * math.sin(math.radians(-50 + 100 * i / steps)),
            )
            for i in range(steps + 1)
        ]
        p.polyline(c, pts, 0.1)


def ic_sound_off(p: Pen, c: Colour) -> None:
    ic_speaker(p, c)
    p.line(c, (0.25, -0.3), (0.8, 0.3), 0.14)
    p.line(c, (0.25, 0.3), (0.8, -0.3), 0.14)


def ic_skip(p: Pen, c: Colour) -> None:
    p.poly(c, [(-0.8, -0.5), (-0.1, 0.0), (-0.8, 0.5)])
    p.poly(c, [(-0.15, -0.5), (0.55, 0.0), (-0.15, 0.5)])
    p.line(c, (0.7, -0.5), (0.7, 0.5), 0.14, round_ends=False)


def eye(p: Pen, c: Colour, half: bool = False) -> None:
    top = [(-0.85 + 1.7 * i / 16, -0.5 * math.sin(math.pi * i / 16)) for i in range(17)]
    bottom = [(x, -y) for x, y in top]
    p.polyline(c, top, 0.1)
    if not half:
        p.polyline(c, bottom, 0.1)
    p.circle(c, 0, 0, 0.28)
    p.circle((0, 0, 0, 0), 0, 0, 0.1)


def ic_los_clear(p: Pen, c: Colour) -> None:
    eye(p, c)


def ic_los_obscured(p: Pen, c: Colour) -> None:
    eye(p, c, half=True)
    for x in (-0.75, -0.35, 0.05, 0.45):  # dashes: the line is obscured
        p.line(c, (x, 0.62), (x + 0.22, 0.62), 0.12, round_ends=False)
    p.poly((0, 0, 0, 0), [(-1, 0.08), (1, 0.08), (1, 0.45), (-1, 0.45)])


def ic_los_blocked(p: Pen, c: Colour) -> None:
    eye(p, c)
    p.line(c, (-0.75, -0.75), (0.75, 0.75), 0.14)


def ic_clutter(p: Pen, c: Colour) -> None:
    # a tree on a rubble heap
    p.line(c, (-0.15, 0.2), (-0.15, 0.7), 0.14, round_ends=False)
    p.circle(c, -0.15, -0.35, 0.32)
    p.circle(c, -0.42, -0.1, 0.22)
    p.circle(c, 0.12, -0.1, 0.22)
    p.poly(c, [(0.05, 0.75), (0.3, 0.3), (0.5, 0.45), (0.7, 0.2), (0.9, 0.75)])
    p.poly(c, [(-0.9, 0.75), (-0.7, 0.5), (-0.45, 0.75)])


def ic_waypoint(p: Pen, c: Colour) -> None:
    p.circle(c, 0, -0.3, 0.45)
    p.poly(c, [(-0.38, -0.08), (0.38, -0.08), (0, 0.8)])
    p.circle((0, 0, 0, 0), 0, -0.3, 0.17)


def ic_objective(p: Pen, c: Colour) -> None:
    p.line(c, (-0.5, -0.8), (-0.5, 0.8), 0.12, round_ends=False)
    p.poly(c, [(-0.5, -0.8), (0.75, -0.5), (-0.5, -0.15)])
    p.line(c, (-0.8, 0.8), (-0.2, 0.8), 0.12)


def ic_exit(p: Pen, c: Colour) -> None:
    p.poly(c, [(-0.75, -0.85), (0.1, -0.85), (0.1, 0.85), (-0.75, 0.85)], width=0.1)
    p.line(c, (-0.4, 0.0), (0.45, 0.0), 0.16, round_ends=False)
    p.poly(c, [(0.35, -0.35), (0.9, 0.0), (0.35, 0.35)])


def ic_spawn(p: Pen, c: Colour) -> None:
    # a hand clawing out of a grave mound, a cross behind
    p.line(c, (0.5, -0.8), (0.5, 0.3), 0.1, round_ends=False)
    p.line(c, (0.25, -0.5), (0.75, -0.5), 0.1, round_ends=False)
    p.poly(c, [(-0.9, 0.8), (-0.6, 0.45), (0.3, 0.4), (0.9, 0.8)])
    p.line(c, (-0.2, 0.5), (-0.2, -0.1), 0.22, round_ends=False)
    p.circle(c, -0.2, -0.15, 0.2)
    for i, x in enumerate((-0.38, -0.24, -0.1, 0.04)):
        p.line(c, (x, -0.2), (x - 0.05, -0.62 + 0.08 * abs(i - 1.5)), 0.08)
    p.line(c, (-0.36, 0.0), (-0.56, -0.25), 0.08)


def ic_guts(p: Pen, c: Colour) -> None:
    # a shield with a heart cut out
    p.poly(c, [(-0.7, -0.75), (0.7, -0.75), (0.7, 0.0), (0.0, 0.85), (-0.7, 0.0)])
    h = (0, 0, 0, 0)
    p.circle(h, -0.17, -0.22, 0.2)
    p.circle(h, 0.17, -0.22, 0.2)
    p.poly(h, [(-0.36, -0.16), (0.36, -0.16), (0.0, 0.35)])


def ic_knocked_down(p: Pen, c: Colour) -> None:
    # a figure lying flat with "stars" above
    p.circle(c, -0.6, 0.35, 0.18)
    p.line(c, (-0.4, 0.4), (0.4, 0.4), 0.22)
    p.line(c, (0.35, 0.4), (0.8, 0.3), 0.12)
    p.line(c, (0.35, 0.45), (0.8, 0.58), 0.12)
    p.line(c, (-0.2, 0.35), (0.1, 0.05), 0.1)
    p.line(c, (-0.9, 0.72), (0.9, 0.72), 0.08)
    for x, y in ((-0.5, -0.35), (0.0, -0.55), (0.5, -0.35)):
        p.poly(c, star_points(x, y, 0.18))


def ic_dead(p: Pen, c: Colour) -> None:
    p.circle(c, 0, -0.2, 0.58)
    p.poly(c, [(-0.35, 0.2), (0.35, 0.2), (0.3, 0.7), (-0.3, 0.7)])
    h = (0, 0, 0, 0)
    p.circle(h, -0.23, -0.15, 0.16)
    p.circle(h, 0.23, -0.15, 0.16)
    p.poly(h, [(-0.07, 0.15), (0.07, 0.15), (0.0, 0.0)])
    for x in (-0.15, 0.0, 0.15):
        p.line(h, (x, 0.45), (x, 0.72), 0.06, round_ends=False)


def ic_initiative(p: Pen, c: Colour) -> None:
    p.poly(c, [(-0.85, -0.2), (0.05, -0.2), (0.05, 0.7), (-0.85, 0.7)], width=0.1)
    h = c
    for x, y in ((-0.62, 0.02), (-0.4, 0.25), (-0.18, 0.48)):
        p.circle(h, x, y, 0.09)
    p.line(c, (0.0, -0.55), (0.55, -0.55), 0.14, round_ends=False)
    p.poly(c, [(0.45, -0.85), (0.9, -0.55), (0.45, -0.25)])
    p.line(c, (0.5, -0.5), (0.5, 0.6), 0.1)


def ic_victory(p: Pen, c: Colour) -> None:
    # a laurel-less trophy cup
    p.poly(c, [(-0.5, -0.75), (0.5, -0.75), (0.4, -0.1), (0.15, 0.15), (-0.15, 0.15), (-0.4, -0.1)])
    p.line(c, (0.0, 0.1), (0.0, 0.55), 0.14)
    p.poly(c, [(-0.4, 0.55), (0.4, 0.55), (0.45, 0.8), (-0.45, 0.8)])
    for s in (-1, 1):
        pts = [(s * (0.48 + 0.25 * math.sin(math.pi * i / 10)), -0.65 + 0.45 * i / 10) for i in range(11)]
        p.polyline(c, pts, 0.09)


def ic_defeat(p: Pen, c: Colour) -> None:
    # a white flag on a broken pole
    p.line(c, (-0.55, -0.85), (-0.55, 0.2), 0.12, round_ends=False)
    p.line(c, (-0.5, 0.35), (-0.6, 0.85), 0.12, round_ends=False)
    pts = [(-0.55 + 1.3 * i / 10, -0.8 + 0.08 * math.sin(i * 0.9)) for i in range(11)]
    pts2 = [(x, y + 0.6) for x, y in reversed(pts)]
    p.poly(c, pts + pts2, width=0.09)
    p.line(c, (-0.3, -0.55), (0.15, -0.35), 0.06)
    p.line(c, (0.25, -0.05), (0.6, 0.0), 0.06)


ICONS: dict[str, Callable[[Pen, Colour], None]] = {
    "move": ic_move,
    "fire": ic_fire,
    "order": ic_order,
    "end_turn": ic_end_turn,
    "measure": ic_measure,
    "undo": ic_undo,
    "save": ic_save,
    "load": ic_load,
    "settings": ic_settings,
    "sound_on": ic_sound_on,
    "sound_off": ic_sound_off,
    "skip": ic_skip,
    "los_clear": ic_los_clear,
    "los_obscured": ic_los_obscured,
    "los_blocked": ic_los_blocked,
    "clutter": ic_clutter,
    "waypoint": ic_waypoint,
    "objective": ic_objective,
    "exit": ic_exit,
    "spawn": ic_spawn,
    "guts": ic_guts,
    "knocked_down": ic_knocked_down,
    "dead": ic_dead,
    "initiative": ic_initiative,
    "victory": ic_victory,
    "defeat": ic_defeat,
}
ICON_FG_FOR = {  # a hint of colour on top of the shape (never the only cue)
    "fire": (250, 200, 170),
    "los_clear": (200, 240, 200),
    "los_obscured": (246, 226, 160),
    "los_blocked": (250, 180, 170),
    "dead": (240, 236, 224),
    "victory": (250, 220, 120),
    "guts": (250, 190, 180),
    "spawn": (200, 220, 180),
}


# --------------------------------------------------------------------------- dice

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_face(n: int, red: bool = False) -> pygame.Surface:
    px = DIE_PX * SS
    pen = Pen(px)
    body = (196, 30, 34) if red else (246, 244, 236)
    pip = (250, 246, 240) if red else (20, 20, 22)
    rect = pygame.Rect(0, 0, px * 0.88, px * 0.88)
    rect.center = (px // 2, px // 2)
    pygame.draw.rect(pen.surface, (0, 0, 0, 90), rect.move(SS * 2, SS * 2), border_radius=int(px * 0.17))
    pygame.draw.rect(pen.surface, (30, 28, 26), rect, border_radius=int(px * 0.17))
    inner = rect.inflate(-SS * 4, -SS * 4)
    pygame.draw.rect(pen.surface, shade(body, 0.85), inner, border_radius=int(px * 0.15))
    top = inner.inflate(-SS * 6, -SS * 6).move(-SS * 2, -SS * 2)
    pygame.draw.rect(pen.surface, body, top, border_radius=int(px * 0.13))
    for x, y in PIPS[n]:
        r = 0.13 if n == 1 and not red else 0.1
        pen.circle(shade(pip, 0.6) if red else (90, 90, 90), x * 0.45 + 0.01, y * 0.45 + 0.02, r)
        pen.circle(pip, x * 0.45 - 0.005, y * 0.45 - 0.005, r * 0.92)
    return shrink(pen.surface, DIE_PX)


# --------------------------------------------------------------------------- title screen

TITLE_W, TITLE_H = 1280, 800


def vertical_gradient(surface: pygame.Surface, stops: Sequence[tuple[float, Colour]]) -> None:
    w, h = surface.get_size()
    for y in range(h):
        t = y / (h - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                pygame.draw.line(surface, mix(c0, c1, (t - t0) / (t1 - t0 or 1)), (0, y), (w, y))
                break


def thick_line(s: pygame.Surface, c: Colour, a: Point, b: Point, w0: float, w1: float | None = None) -> None:
    """A tapered stroke with round ends (pygame's own wide lines end square and ragged)."""
    w1 = w0 if w1 is None else w1
    (x1, y1), (x2, y2) = a, b
    n = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / n, (x2 - x1) / n
    pygame.draw.polygon(
        s,
        c,
        [
            (x1 + nx * w0 / 2, y1 + ny * w0 / 2),
            (x2 + nx * w1 / 2, y2 + ny * w1 / 2),
            (x2 - nx * w1 / 2, y2 - ny * w1 / 2),
            (x1 - nx * w0 / 2, y1 - ny * w0 / 2),
        ],
    )
    pygame.draw.circle(s, c, a, w0 / 2)
    pygame.draw.circle(s, c, b, w1 / 2)


def zombie_silhouette(
    s: pygame.Surface,
    c: Colour,
    x: float,
    ground: float,
    h: float,
    lean: float,
    arms: int,
    facing: int = 1,
    seed: int = 0,
) -> None:
    """A shambling figure seen from the side, ``h`` pixels tall, feet at ``ground``: hunched,
    head hanging forward, arms reaching out, one leg dragging, a ragged coat hem."""
    rng = random.Random(seed)

    def P(u: float, v: float) -> tuple[float, float]:
        return (x + facing * (u + lean * v) * h, ground - v * h)

    hip, neck = P(0.0, 0.5), P(0.1, 0.8)
    # legs: one stepping forward, one dragging behind with the foot turned
    knee_f, foot_f = P(0.1, 0.27), P(0.08, 0.0)
    knee_b, foot_b = P(-0.08, 0.25), P(-0.2, 0.02)
    thick_line(s, c, hip, knee_f, h * 0.1, h * 0.08)
    thick_line(s, c, knee_f, foot_f, h * 0.08, h * 0.06)
    thick_line(s, c, foot_f, P(0.17, 0.0), h * 0.05)
    thick_line(s, c, hip, knee_b, h * 0.1, h * 0.08)
    thick_line(s, c, knee_b, foot_b, h * 0.08, h * 0.06)
    thick_line(s, c, foot_b, P(-0.13, -0.005), h * 0.05)
    # hunched torso with a ragged coat hem
    back = [P(-0.1, 0.48), P(-0.09, 0.66), P(-0.02, 0.8), P(0.08, 0.86), P(0.16, 0.8), P(0.1, 0.62), P(0.09, 0.48)]
    hem = [P(0.09 - 0.19 * i / 6, 0.4 + rng.uniform(-0.04, 0.04)) for i in range(7)]
    pygame.draw.polygon(s, c, back + hem)
    # head hanging forward and low
    pygame.draw.circle(s, c, P(0.19, 0.84), h * 0.07)
    thick_line(s, c, neck, P(0.18, 0.82), h * 0.06)
    # arms reaching out, or one hanging limp
    for k in range(arms):
        sh = P(0.1, 0.76 - 0.02 * k)
        elbow = P(0.3, 0.72 - 0.05 * k + rng.uniform(-0.03, 0.03))
        hand = P(0.47, 0.68 - 0.07 * k + rng.uniform(-0.04, 0.04))
        thick_line(s, c, sh, elbow, h * 0.065, h * 0.05)
        thick_line(s, c, elbow, hand, h * 0.05, h * 0.035)
        for f in (-0.02, 0.0, 0.02):
            thick_line(s, c, hand, (hand[0] + facing * h * 0.05, hand[1] + h * (0.015 + f)), h * 0.012)
    if arms < 2:
        thick_line(s, c, P(0.06, 0.76), P(0.1, 0.5), h * 0.06, h * 0.04)


def church(s: pygame.Surface, c: Colour, glow: Colour, x: int, ground: int) -> None:
    """A ruined church: a nave with a broken roof, a tower with a shattered top, lit windows."""
    nave = [
        (x, ground),
        (x, ground - 170),
        (x + 60, ground - 240),
        (x + 120, ground - 190),
        (x + 150, ground - 230),
        (x + 185, ground - 180),
        (x + 200, ground - 205),
        (x + 260, ground - 170),
        (x + 260, ground),
    ]
    pygame.draw.polygon(s, c, nave)
    tx = x + 250
    tower = [
        (tx, ground),
        (tx, ground - 330),
        (tx + 12, ground - 345),
        (tx + 30, ground - 330),
        (tx + 45, ground - 380),
        (tx + 58, ground - 352),
        (tx + 75, ground - 372),
        (tx + 90, ground - 335),
        (tx + 90, ground),
    ]
    pygame.draw.polygon(s, c, tower)
    # a broken cross leaning off the tower
    pygame.draw.line(s, c, (tx + 45, ground - 380), (tx + 55, ground - 420), 5)
    pygame.draw.line(s, c, (tx + 38, ground - 408), (tx + 64, ground - 402), 5)
    for wx in (x + 30, x + 100, x + 170):  # gothic windows with fire behind
        pygame.draw.rect(s, glow, (wx, ground - 120, 26, 60))
        pygame.draw.circle(s, glow, (wx + 13, ground - 120), 13)
        pygame.draw.line(s, c, (wx + 13, ground - 132), (wx + 13, ground - 60), 3)
    pygame.draw.rect(s, glow, (tx + 35, ground - 280, 20, 44))
    pygame.draw.circle(s, glow, (tx + 45, ground - 280), 10)
    # rubble heap
    rng = random.Random(9)
    for _ in range(40):
        rx, ry = x - 40 + rng.uniform(0, 400), ground - rng.uniform(0, 22)
        pygame.draw.circle(s, c, (rx, ry), rng.uniform(6, 16))


def dead_tree(s: pygame.Surface, c: Colour, x: float, ground: float, h: float, rng: random.Random) -> None:
    def branch(x0: float, y0: float, ang: float, length: float, width: float, depth: int) -> None:
        x1, y1 = x0 + math.cos(ang) * length, y0 + math.sin(ang) * length
        pygame.draw.line(s, c, (x0, y0), (x1, y1), max(1, int(width)))
        if depth > 0:
            for _ in range(2):
                branch(
                    x1, y1, ang + rng.uniform(-0.7, 0.7), length * rng.uniform(0.55, 0.75), width * 0.65, depth - 1
                )

    branch(x, ground, -math.pi / 2 + rng.uniform(-0.1, 0.1), h * 0.4, h * 0.06, 5)


def title_lettering(s: pygame.Surface, text: str, centre: tuple[int, int], height: int) -> None:
    """Big distressed letters: a blood-red drop shadow, scratched cream face, chipped edges."""
    font = pygame.font.Font(None, height)
    font.set_bold(True)
    face = font.render(text, True, (226, 214, 188))
    w, h = face.get_size()
    scale = min(1.05, 1150 / w)
    face = pygame.transform.smoothscale(face, (int(w * scale), int(h * 1.25)))  # taller, more poster-like
    w, h = face.get_size()
    rng = random.Random(77)
    # scratches and chips: erase strokes and holes from the face
    holes = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(500):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        pygame.draw.circle(holes, (0, 0, 0, 255), (x, y), rng.choice([1, 1, 2, 2, 3, 4]))
    for _ in range(40):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(-0.4, 0.4)
        ln = rng.uniform(20, 90)
        pygame.draw.line(
            holes, (0, 0, 0, 255), (x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln), rng.choice([1, 2, 3])
        )
    face.blit(holes, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    # grime: darker streaks dripping down the face
    grime = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(60):
        x = rng.uniform(0, w)
        y0 = rng.uniform(0, h * 0.6)
        pygame.draw.line(grime, (70, 50, 40, 120), (x, y0), (x, y0 + rng.uniform(10, 60)), rng.choice([2, 3, 5]))
    face.blit(grime, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    shadow_ = font.render(text, True, (110, 8, 8))
    shadow_ = pygame.transform.smoothscale(shadow_, (w, h))
    x, y = centre[0] - w // 2, centre[1] - h // 2
    # blood drips below the shadow letters
    mask = pygame.mask.from_surface(shadow_)
    drips = pygame.Surface((w, h + 80), pygame.SRCALPHA)
    for _ in range(26):
        dx = int(rng.uniform(5, w - 5))
        col = [yy for yy in range(h) if mask.get_at((dx, yy))]
        if col:
            y_end = col[-1]
            ln = rng.uniform(10, 70)
            pygame.draw.line(drips, (110, 8, 8, 255), (dx, y_end), (dx, y_end + ln), 4)
            pygame.draw.circle(drips, (110, 8, 8, 255), (dx, y_end + ln), 4)
    s.blit(drips, (x + 8, y + 8))
    for k in range(8):
        s.blit(shadow_, (x + 8 + math.cos(k) * 2, y + 8 + math.sin(k) * 2))
    outline = font.render(text, True, (10, 8, 8))
    outline = pygame.transform.smoothscale(outline, (w, h))
    outline.blit(holes, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)  # chips go right through
    for k in range(12):
        a = k * math.tau / 12
        s.blit(outline, (x + math.cos(a) * 3, y + math.sin(a) * 3))
    s.blit(face, (x, y))


def title_screen() -> pygame.Surface:
    s = pygame.Surface((TITLE_W, TITLE_H))
    vertical_gradient(
        s,
        [
            (0.0, (14, 12, 26)),
            (0.35, (48, 30, 52)),
            (0.58, (150, 62, 38)),
            (0.66, (196, 110, 50)),
            (0.72, (60, 34, 30)),
            (1.0, (12, 10, 10)),
        ],
    )
    rng = random.Random(1944)
    # a low blood-orange sun behind the haze
    sun = pygame.Surface((TITLE_W, TITLE_H), pygame.SRCALPHA)
    for r in range(160, 0, -4):
        pygame.draw.circle(sun, (255, 150, 70, 6), (900, 500), r)
    pygame.draw.circle(sun, (250, 170, 90, 200), (900, 500), 42)
    s.blit(sun, (0, 0))
    # clouds: long dark bands
    clouds = pygame.Surface((TITLE_W, TITLE_H), pygame.SRCALPHA)
    for _ in range(70):
        cx, cy = rng.uniform(-100, TITLE_W + 100), rng.uniform(40, 420)
        pygame.draw.ellipse(clouds, (20, 14, 24, 60), (cx, cy, rng.uniform(150, 420), rng.uniform(14, 40)))
    s.blit(clouds, (0, 0))
    # smoke columns from the burning village
    smoke = pygame.Surface((TITLE_W, TITLE_H), pygame.SRCALPHA)
    for sx in (240, 1080):
        for k in range(40):
            y = 540 - k * 12
            pygame.draw.circle(smoke, (30, 24, 26, 40), (sx + math.sin(k * 0.3) * 20 + k * 3, y), 20 + k * 1.5)
    s.blit(smoke, (0, 0))
    far = (46, 26, 30)
    horizon = 560
    # far hills and hedgerows
    pts = (
        [(0, TITLE_H)]
        + [(x, horizon - 20 - 18 * math.sin(x / 140) - 10 * math.sin(x / 37)) for x in range(0, TITLE_W + 20, 20)]
        + [(TITLE_W, TITLE_H)]
    )
    pygame.draw.polygon(s, far, pts)
    for x in range(0, TITLE_W, 14):
        pygame.draw.circle(s, shade(far, 0.85), (x, horizon - 18 - 18 * math.sin(x / 140)), rng.uniform(8, 16))
    mid = (26, 16, 20)
    church(s, mid, (230, 120, 40), 150, 630)
    pts = (
        [(0, TITLE_H)]
        + [(x, 620 + 12 * math.sin(x / 90) + 6 * math.sin(x / 23)) for x in range(0, TITLE_W + 20, 20)]
        + [(TITLE_W, TITLE_H)]
    )
    pygame.draw.polygon(s, mid, pts)
    for x, h in ((80, 260), (1180, 300), (700, 180)):
        dead_tree(s, mid, x, 630, h, rng)
    # fog in front of the middle distance
    fog = pygame.Surface((TITLE_W, TITLE_H), pygame.SRCALPHA)
    for _ in range(120):
        fx, fy = rng.uniform(-100, TITLE_W), rng.uniform(580, 680)
        pygame.draw.ellipse(fog, (120, 90, 100, 14), (fx, fy, rng.uniform(120, 300), rng.uniform(20, 50)))
    s.blit(fog, (0, 0))
    near = (8, 6, 8)
    # the horde: far ones small and lighter, near ones large and black
    for i in range(14):
        x = rng.uniform(420, 1260)
        zombie_silhouette(
            s,
            mix(mid, far, 0.2),
            x,
            640 + rng.uniform(-6, 6),
            rng.uniform(38, 55),
            rng.uniform(0.02, 0.12),
            rng.choice([1, 2]),
            facing=-1,
            seed=i,
        )
    pts = (
        [(0, TITLE_H)]
        + [(x, 700 + 16 * math.sin(x / 60 + 1) + 8 * math.sin(x / 17)) for x in range(0, TITLE_W + 20, 20)]
        + [(TITLE_W, TITLE_H)]
    )
    pygame.draw.polygon(s, near, pts)
    for x, g, h in ((980, 720, 170), (1110, 730, 210), (860, 735, 140), (1220, 740, 240)):
        zombie_silhouette(s, near, x, g, h, rng.uniform(0.05, 0.14), 2 if h > 150 else 1, facing=-1, seed=int(x))
    # barbed wire and a crooked grave cross in the foreground
    for x in range(0, 520, 8):
        y = 735 + 6 * math.sin(x / 25)
        pygame.draw.line(s, near, (x, y), (x + 8, 735 + 6 * math.sin((x + 8) / 25)), 2)
        if x % 40 == 0:
            pygame.draw.line(s, near, (x - 5, y - 5), (x + 5, y + 5), 2)
            pygame.draw.line(s, near, (x - 5, y + 5), (x + 5, y - 5), 2)
    for px_ in (60, 300, 500):
        pygame.draw.line(s, near, (px_, 760), (px_ + 6, 700), 5)
    pygame.draw.line(s, near, (600, 790), (590, 650), 9)
    pygame.draw.line(s, near, (556, 690), (630, 684), 9)
    # a vignette darkens the corners
    vign = pygame.Surface((TITLE_W, TITLE_H), pygame.SRCALPHA)
    for k in range(30):
        a = int(6 + k * 0.5)
        pygame.draw.rect(vign, (0, 0, 0, a), vign.get_rect().inflate(-k * 24, -k * 18), width=12)
    s.blit(vign, (0, 0))
    title_lettering(s, "DEAD GROUND", (TITLE_W // 2, 150), 190)
    sub_font = pygame.font.Font(None, 40)
    sub = sub_font.render("A  TABLETOP  ZOMBIE  SKIRMISH", True, (200, 180, 150))
    s.blit(sub, sub.get_rect(center=(TITLE_W // 2, 272)))
    # film grain
    grain = pygame.Surface((TITLE_W, TITLE_H), pygame.SRCALPHA)
    for _ in range(24000):
        v = rng.randint(0, 255)
        grain.set_at((rng.randrange(TITLE_W), rng.randrange(TITLE_H)), (v, v, v, 18))
    s.blit(grain, (0, 0))
    return s


def window_icon() -> pygame.Surface:
    px = 64 * SS
    pen = Pen(px)
    pen.circle(OUTLINE, 0, 0, 0.98)
    pen.circle((120, 14, 14), 0, 0, 0.9)
    pen.circle((80, 8, 8), 0, 0.5, 0.6)
    # a grave mound and a hand clawing out
    pen.ellipse((26, 20, 18), 0, 0.62, 0.75, 0.28)
    skin = ZSKIN[0]
    pen.line(OUTLINE, (0.0, 0.5), (0.0, -0.15), 0.34, round_ends=False)
    pen.circle(OUTLINE, 0.0, -0.2, 0.28)
    for i, x in enumerate((-0.2, -0.07, 0.07, 0.2)):
        pen.line(OUTLINE, (x, -0.25), (x * 1.2, -0.7 + 0.07 * abs(i - 1.5)), 0.16)
    pen.line(OUTLINE, (-0.22, -0.05), (-0.45, -0.35), 0.16)
    pen.line(skin, (0.0, 0.5), (0.0, -0.15), 0.24, round_ends=False)
    pen.circle(skin, 0.0, -0.2, 0.21)
    for i, x in enumerate((-0.2, -0.07, 0.07, 0.2)):
        pen.line(skin, (x, -0.25), (x * 1.2, -0.7 + 0.07 * abs(i - 1.5)), 0.09)
    pen.line(skin, (-0.22, -0.05), (-0.45, -0.35), 0.09)
    pen.line((80, 90, 70), (-0.12, 0.1), (0.12, 0.1), 0.04)  # torn sleeve edge
    pen.ellipse((26, 20, 18), 0, 0.72, 0.6, 0.18)
    out = shrink(pen.surface, 64)
    return out


# --------------------------------------------------------------------------- manifest and main


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    entries: list[tuple[str, str, str, dict[str, object]]] = []  # (section, id, file, extra)

    def token(sid: str, surf: pygame.Surface, base: float, **extra: object) -> None:
        rel = f"tokens/{sid}.png"
        save(surf, rel)
        entries.append(("tokens", sid, rel, {"kind": "token", "base": base, "size": TOKEN_PX, **extra}))

    for nation in NATIONS:
        for role in ROLES:
            token(
                f"soldier_{nation}_{role}",
                soldier_token(nation, role),
                1.0,
                side="soldiers",
                nation=nation,
                role=role,
            )
            token(
                f"soldier_{nation}_{role}_down",
                soldier_down_token(nation, role),
                1.0,
                side="soldiers",
                nation=nation,
                role=role,
                state="knocked_down",
            )
    for nation in NATIONS:
        for role in ROLES:
            token(
                f"soldier_{nation}_{role}_small",
                soldier_small_token(nation, role),
                1.0,
                side="soldiers",
                nation=nation,
                role=role,
                small_of=f"soldier_{nation}_{role}",
            )
    for v in range(1, 5):
        token(f"zombie_{v}", zombie_token(v), 1.0, side="zombies")
        token(f"zombie_{v}_small", zombie_small_token(v), 1.0, side="zombies", small_of=f"zombie_{v}")
    token("zombie_boss", zombie_boss_token(), 1.6, side="zombies")
    token("zombie_down", zombie_down_token(), 1.0, side="zombies", state="knocked_down")
    for sid, surf in (("dead_soldier", dead_soldier_marker()), ("dead_zombie", dead_zombie_marker())):
        rel = f"tokens/{sid}.png"
        save(surf, rel)
        entries.append(("tokens", sid, rel, {"kind": "marker", "base": 1.0, "size": TOKEN_PX}))
    for i in range(1, 5):
        token(f"character_{i}", character_token(i), 1.0, side="characters")
    token("npc", npc_token(), 1.0, side="npcs")
    for i in range(1, 5):
        token(f"marine_{i}", marine_token(i), 1.0, side="marines", player=i)
    token("ork_boy", ork_token(), 1.0, side="orks")

    for name, draw in ICONS.items():
        rel = f"icons/{name}.png"
        save(icon(draw, fg=ICON_FG_FOR.get(name, ICON_FG)), rel)
        entries.append(("icons", name, rel, {"kind": "icon", "size": ICON_PX}))
    for n in range(1, 7):
        for red in (False, True):
            sid = f"d6_{n}_red" if red else f"d6_{n}"
            rel = f"dice/{sid}.png"
            save(die_face(n, red), rel)
            entries.append(("dice", sid, rel, {"kind": "die", "size": DIE_PX, "face": n}))
    save(title_screen(), "ui/title.png")
    entries.append(("ui", "title", "ui/title.png", {"kind": "background", "width": TITLE_W, "height": TITLE_H}))
    save(window_icon(), "ui/icon.png")
    entries.append(("ui", "icon", "ui/icon.png", {"kind": "window_icon", "size": 64}))
    write_manifest(entries)


def toml_value(v: object) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(v)


def write_manifest(entries: list[tuple[str, str, str, dict[str, object]]]) -> None:
    lines = [
        "# Every sprite by id. Generated by make_sprites.py: edit that script, not this file.",
        "# Tokens are square PNGs with alpha, drawn facing EAST (+x, angle 0); the round base fills the",
        "# image. Scale a token so its width is `base` inches on the table. Markers lie flat (no facing).",
        "",
    ]
    for section, sid, rel, extra in entries:
        lines.append(f"[{section}.{sid}]")
        lines.append(f"file = {toml_value(rel)}")
        for k, v in extra.items():
            lines.append(f"{k} = {toml_value(v)}")
        lines.append("")
    (HERE / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
