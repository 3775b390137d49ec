"""Terrain that reads as terrain: roofs on the buildings, hedges as hedges, woods as tree canopies, drawn
once over the map's tiles from the scenario's own outlines (every picture made here, by code, seeded by
the piece's id, so a table looks the same every time).

- A **building** gets a hipped roof seen from above: every point of the outline takes the slope of its
  nearest wall, lit from the top left, with courses of tiles along the eaves, a ridge where two slopes meet,
  dark eaves and a shadow cast down and to the right. The roofing follows the name (thatch for a
  *chaumière*, slate for a church, shingles for a barn, flat concrete with a parapet and vents for a hab
  block or a silo, else terracotta or slate). A building named like a vehicle is drawn as that vehicle
  (``vehicle_art``).
- A **hedge** is a dense band of leafy clumps with a shadow beside it.
- **Woods** are overlapping tree canopies (shaded discs with their shadows); an **orchard** is rows of small
  trees.
- A **wall** gets capstones and a shadow along its length; a **fence** (named so: picket, chain-link,
  railings, a paddock's) a dark edge, its rail and posts, as thick as a low wall at the fit zoom.
- A **ruin** gets broken dark walls and a hatch, **difficult ground** a dotted rim (``ground_art``).

>>> import pygame
>>> from game.scenario.model import Area, Terrain
>>> surface = pygame.Surface((320, 320))
>>> bake_terrain(surface, 32.0, [Terrain(1, "Grange", "building", Area.rect(2, 2, 4, 3))])
1
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

import numpy as np
import pygame

from game.scenario.model import Terrain
from game.ui.ground_art import draw_difficult, draw_ruin
from game.ui.vehicle_art import draw_vehicle, vehicle_kind

Colour = tuple[int, int, int]
LIGHT = (-0.6, -0.8)  # the light comes from the top left of the table
SHADOW = (0.3, 0.3)  # inches a roof's shadow falls, down and to the right

ROOFS: dict[str, Colour] = {
    "terracotta": (170, 82, 58),
    "slate": (88, 96, 110),
    "thatch": (190, 160, 96),
    "shingle": (112, 86, 62),
    "concrete": (120, 118, 112),
}


FLAT = (
    "hab",
    "block",
    "bastion",
    "bunker",
    "silo",
    "well",
    "tower",
    "depot",
    "factory",
    "manufactorum",
    "warehouse",
)


def roof_for(piece: Terrain) -> str | None:
    """The roofing a building gets, from its name (then its id); None for a vehicle (drawn as one).

    >>> from game.scenario.model import Area
    >>> names = ["Chaumiere", "Eglise", "Grange", "Hab block Tertius", "Parked sedan"]
    >>> [roof_for(Terrain(i, n, "building", Area.rect(0, 0, 1, 1))) for i, n in enumerate(names)]
    ['thatch', 'slate', 'shingle', 'concrete', None]
    """
    words = piece.name.lower().replace("'", " ").split()
    name = " ".join(words)
    if vehicle_kind(piece.name) is not None:
        return None
    for keys, roof in (
        (("chaumi", "thatch", "cottage"), "thatch"),
        (("eglise", "église", "church", "chapel", "mairie", "hall"), "slate"),
        (("grange", "barn", "shed", "stable", "forge"), "shingle"),
    ):
        if any(k in name for k in keys):
            return roof
    if any(w in FLAT for w in words):
        return "concrete"
    return ("terracotta", "slate", "terracotta")[piece.id % 3]


def bake_terrain(surface: pygame.Surface, ppi: float, terrain: Iterable[Terrain]) -> int:
    """Draw every building, hedge, wood, orchard, wall, ruin and difficult ground of ``terrain`` onto
    ``surface`` (``ppi`` pixels an inch); returns how many pieces were drawn."""
    pieces = list(terrain)
    drawn = 0
    order = {"clutter": 0, "ruin": 0, "wall": 1, "building": 2}
    for piece in sorted(pieces, key=lambda t: (order.get(t.kind, 0), t.id)):
        kind = str(piece.properties.get("terrain", "")).lower()
        pts = [(x * ppi, y * ppi) for x, y in piece.area.points]
        if len(pts) < 2:
            continue
        rng = random.Random(piece.id * 7919 + 17)
        roof = roof_for(piece) if piece.kind == "building" else None
        vehicle = vehicle_kind(piece.name) if piece.kind == "building" else None
        if vehicle is not None and len(pts) >= 3:
            _shadow(surface, pts, ppi)
            draw_vehicle(surface, pts, vehicle, rng)
        elif roof is not None and len(pts) >= 3:
            _shadow(surface, pts, ppi)
            _roof(surface, pts, ppi, roof, rng)
        elif piece.kind == "wall" and fence_kind(piece.name) is not None:
            _fence(surface, pts, ppi, piece)
        elif piece.kind == "wall":
            _wall(surface, pts, ppi, piece)
        elif kind == "hedge" and len(pts) >= 3:
            _hedge(surface, pts, ppi, rng)
        elif kind in ("woods", "wood", "forest", "trees") and len(pts) >= 3:
            _trees(surface, pts, ppi, rng, spacing=1.35, size=(0.75, 1.2))
        elif kind == "orchard" and len(pts) >= 3:
            _trees(surface, pts, ppi, rng, spacing=2.0, size=(0.55, 0.7), rows=True)
        elif piece.kind == "ruin" and len(pts) >= 3:
            draw_ruin(surface, pts, ppi, rng)
        elif piece.kind == "clutter" and len(pts) >= 3:  # rubble, crops, a garden: difficult ground
            draw_difficult(surface, pts, ppi)
        else:
            continue
        drawn += 1
    return drawn


# ---- pieces ----------------------------------------------------------------------------------------


def _mask(size: tuple[int, int], pts: Sequence[tuple[float, float]], origin: tuple[int, int]) -> np.ndarray:
    """A boolean array (x, y) of the pixels inside the outline, in a box of ``size`` at ``origin``."""
    m = pygame.Surface(size, depth=8)
    m.fill(0)
    pygame.draw.polygon(m, 1, [(x - origin[0], y - origin[1]) for x, y in pts])
    return np.asarray(pygame.surfarray.array2d(m)) > 0


def _box(surface: pygame.Surface, pts: Sequence[tuple[float, float]], pad: int = 2) -> pygame.Rect:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    rect = pygame.Rect(
        math.floor(min(xs)) - pad, math.floor(min(ys)) - pad, math.ceil(max(xs) - min(xs)) + 2 * pad + 1, 0
    )
    rect.height = math.ceil(max(ys) - min(ys)) + 2 * pad + 1
    return rect.clip(surface.get_rect())


class _Shade:
    """A translucent layer over the box round some outline (not the whole map: a map-sized layer per
    piece would cost a second a table); blit it with :meth:`lay`."""

    def __init__(self, surface: pygame.Surface, pts: Sequence[tuple[float, float]], margin: float) -> None:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        m = math.ceil(margin) + 2
        self.rect = pygame.Rect(
            math.floor(min(xs)) - m, math.floor(min(ys)) - m, math.ceil(max(xs) - min(xs)) + 2 * m, 0
        )
        self.rect.height = math.ceil(max(ys) - min(ys)) + 2 * m
        self.layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self.surface = surface

    def at(self, x: float, y: float) -> tuple[float, float]:
        """A map point in the layer's pixels."""
        return (x - self.rect.x, y - self.rect.y)

    def lay(self) -> None:
        self.surface.blit(self.layer, self.rect.topleft)


def _shadow(surface: pygame.Surface, pts: Sequence[tuple[float, float]], ppi: float) -> None:
    dx, dy = SHADOW[0] * ppi, SHADOW[1] * ppi
    shade = _Shade(surface, pts, max(dx, dy))
    for k, alpha in ((1.0, 70), (0.6, 40)):
        pygame.draw.polygon(shade.layer, (8, 10, 6, alpha), [shade.at(x + dx * k, y + dy * k) for x, y in pts])
    shade.lay()


def _roof(
    surface: pygame.Surface, pts: Sequence[tuple[float, float]], ppi: float, roof: str, rng: random.Random
) -> None:
    """A hipped roof: each pixel takes the slope of its nearest wall (a flat one for concrete)."""
    box = _box(surface, pts)
    if box.width < 2 or box.height < 2:
        return
    inside = _mask(box.size, pts, box.topleft)
    f32 = np.float32  # single precision: a roof's pixels need no more, and it halves the work
    xs = (np.arange(box.width, dtype=f32)[:, None] + f32(box.x + 0.5)) * np.ones((1, box.height), f32)
    ys = (np.arange(box.height, dtype=f32)[None, :] + f32(box.y + 0.5)) * np.ones((box.width, 1), f32)
    best = np.full(inside.shape, np.inf, f32)
    second = np.full(inside.shape, np.inf, f32)
    light = np.zeros(inside.shape, f32)
    along = np.zeros(inside.shape, f32)
    near_x, near_y = np.zeros(inside.shape, f32), np.zeros(inside.shape, f32)  # the nearest wall point
    far_x, far_y = np.zeros(inside.shape, f32), np.zeros(inside.shape, f32)  # the second nearest wall's
    ring = list(pts) + [pts[0]]
    area2 = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:]))  # > 0: clockwise on screen
    for a, b in zip(ring, ring[1:]):
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        if length < 1e-6:
            continue
        ux, uy = ex / length, ey / length
        nx, ny = (uy, -ux) if area2 > 0 else (-uy, ux)  # the wall's outward normal
        t = np.clip((xs - a[0]) * ux + (ys - a[1]) * uy, 0, length)
        qx, qy = a[0] + t * ux, a[1] + t * uy
        d = np.hypot(xs - qx, ys - qy)
        nearer = d < best
        runner = ~nearer & (d < second)
        # each layer updated in place where this wall is the nearest (or the runner-up): a roof
        # has a dozen walls, and fresh arrays per wall cost more than the arithmetic
        np.copyto(far_x, qx, where=runner)
        np.copyto(far_y, qy, where=runner)
        np.copyto(far_x, near_x, where=nearer)
        np.copyto(far_y, near_y, where=nearer)
        np.minimum(second, d, out=second)
        np.copyto(second, best, where=nearer)
        np.copyto(near_x, qx, where=nearer)
        np.copyto(near_y, qy, where=nearer)
        np.copyto(best, d, where=nearer)
        # a slope rises away from its wall: it faces the wall's outward way
        light[nearer] = nx * LIGHT[0] + ny * LIGHT[1]
        np.copyto(along, t, where=nearer)
    base = np.array(ROOFS[roof], dtype=float)
    if roof == "concrete":  # flat: an even slab, a parapet along the edge, a few vents
        shade = np.where(best < 0.18 * ppi, 1.18, 1.0) * np.where(best < 0.3 * ppi, 0.85, 1.0)
        shade = shade * (1 + 0.05 * np.sin(xs * 0.7 + ys * 0.3))
    else:
        shade = 0.86 + 0.24 * light  # the lit slopes bright, the others dark
        course = 0.22 * ppi  # courses of tiles along the eaves
        rows = (best % course) < max(1.0, course * 0.18)
        shade = shade * np.where(rows, 0.82, 1.0)
        if roof in ("terracotta", "slate", "shingle"):  # the joints between tiles, staggered per course
            step = course * (1.1 if roof == "terracotta" else 1.4)
            stagger = np.floor(best / course) % 2 * step / 2
            joints = ((along + stagger) % step) < max(1.0, step * 0.1)
            shade = shade * np.where(joints, 0.9, 1.0)
        if roof == "thatch":  # straw: fine streaks down the slope
            shade = shade * (0.93 + 0.07 * np.sin(along * 2.3 + best * 0.4))
        # a ridge (or hip) where two walls are as near, not round an inside corner (one point of both)
        apart = np.hypot(far_x - near_x, far_y - near_y) > 0.1 * ppi
        ridge = ((second - best) < max(1.2, 0.05 * ppi)) & apart
        shade = np.where(ridge & (best > 0.25 * ppi), np.maximum(shade, 1.12), shade)
        shade = shade * np.where(best < 0.06 * ppi, 0.6, 1.0)  # the eaves' dark edge
    noise = np.array(np.random.default_rng(rng.randrange(2**31)).normal(1.0, 0.025, inside.shape))
    rgb = np.clip(base[None, None, :] * (shade * noise)[:, :, None], 0, 255)
    region = surface.subsurface(box)
    pixels = pygame.surfarray.pixels3d(region)
    pixels[inside] = rgb[inside].astype(np.uint8)
    del pixels
    pygame.draw.lines(surface, (28, 24, 20), True, pts, max(1, round(ppi * 0.05)))
    if roof == "concrete":  # roof vents and boxes
        for _ in range(max(1, int(np.count_nonzero(inside) / (ppi * ppi * 6)))):
            x, y = rng.uniform(box.left, box.right), rng.uniform(box.top, box.bottom)
            if (
                inside[int(x - box.x), int(y - box.y)]
                if 0 <= x - box.x < box.w and 0 <= y - box.y < box.h
                else False
            ):
                s = ppi * rng.uniform(0.35, 0.6)
                pygame.draw.rect(surface, (70, 70, 66), (x - s / 2 + 2, y - s / 2 + 2, s, s))
                pygame.draw.rect(surface, (150, 148, 140), (x - s / 2, y - s / 2, s, s))


def _points_inside(
    pts: Sequence[tuple[float, float]], spacing: float, rng: random.Random, jitter: float = 0.4
) -> list[tuple[float, float]]:
    """Points on a jittered grid ``spacing`` pixels apart that fall inside the outline."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = min(xs), min(ys)
    w, h = max(1, math.ceil(max(xs) - x0)), max(1, math.ceil(max(ys) - y0))
    inside = _mask((w + 1, h + 1), pts, (math.floor(x0), math.floor(y0)))
    out = []
    y = y0 + spacing / 2
    row = 0
    while y < y0 + h:
        x = x0 + spacing / 2 + (spacing / 2 if row % 2 else 0)
        while x < x0 + w:
            px = x + rng.uniform(-jitter, jitter) * spacing
            py = y + rng.uniform(-jitter, jitter) * spacing
            i, j = int(px - math.floor(x0)), int(py - math.floor(y0))
            if 0 <= i < inside.shape[0] and 0 <= j < inside.shape[1] and inside[i, j]:
                out.append((px, py))
            x += spacing
        y += spacing * 0.87
        row += 1
    return out


def _canopy(
    surface: pygame.Surface, centre: tuple[float, float], r: float, colour: Colour, rng: random.Random
) -> None:
    """One tree from above: a dark disc, lighter lobes toward the light, a bright fleck or two."""
    x, y = centre
    dark = tuple(max(0, int(c * 0.62)) for c in colour)
    pygame.draw.circle(surface, dark, (x, y), r)
    for _ in range(5):  # leafy lobes round the rim
        a = rng.uniform(0, 2 * math.pi)
        pygame.draw.circle(surface, dark, (x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55), r * 0.55)
    mid = tuple(min(255, int(c * 0.9)) for c in colour)
    pygame.draw.circle(surface, mid, (x + LIGHT[0] * r * 0.2, y + LIGHT[1] * r * 0.2), r * 0.72)
    light = tuple(min(255, int(c * 1.18)) for c in colour)
    pygame.draw.circle(surface, light, (x + LIGHT[0] * r * 0.38, y + LIGHT[1] * r * 0.38), r * 0.36)
    for _ in range(3):
        a, d = rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 0.7) * r
        pygame.draw.circle(surface, dark, (x + math.cos(a) * d, y + math.sin(a) * d), max(1.0, r * 0.1))


def _trees(
    surface: pygame.Surface,
    pts: Sequence[tuple[float, float]],
    ppi: float,
    rng: random.Random,
    spacing: float,
    size: tuple[float, float],
    rows: bool = False,
) -> None:
    """Tree canopies over the outline (in rows for an orchard), each with its shadow."""
    centres = _points_inside(pts, spacing * ppi, rng, jitter=0.06 if rows else 0.35)
    trees = [(c, rng.uniform(*size) * ppi) for c in centres]
    shade = _Shade(surface, pts, (size[1] + max(SHADOW)) * ppi * 1.6)
    for (x, y), r in trees:
        pygame.draw.circle(shade.layer, (6, 10, 4, 90), shade.at(x + SHADOW[0] * ppi, y + SHADOW[1] * ppi), r)
    shade.lay()
    greens = [(62, 104, 48), (54, 96, 52), (74, 112, 50), (58, 90, 40)]
    for (x, y), r in sorted(trees, key=lambda t: t[0][1]):  # the back rows first
        _canopy(surface, (x, y), r, rng.choice(greens if not rows else greens[2:]), rng)


def _hedge(surface: pygame.Surface, pts: Sequence[tuple[float, float]], ppi: float, rng: random.Random) -> None:
    """A hedge: its shadow beside it, a dark body, leafy clumps packed along it."""
    shade = _Shade(surface, pts, 0.3 * ppi)
    pygame.draw.polygon(shade.layer, (6, 10, 4, 80), [shade.at(x + 0.2 * ppi, y + 0.2 * ppi) for x, y in pts])
    shade.lay()
    pygame.draw.polygon(surface, (38, 70, 30), pts)
    for x, y in _points_inside(pts, 0.42 * ppi, rng, jitter=0.3):
        r = rng.uniform(0.26, 0.4) * ppi
        colour = rng.choice([(52, 92, 40), (60, 102, 44), (46, 84, 36)])
        pygame.draw.circle(surface, tuple(int(c * 0.7) for c in colour), (x, y), r)
        pygame.draw.circle(surface, colour, (x + LIGHT[0] * r * 0.2, y + LIGHT[1] * r * 0.2), r * 0.75)
        pygame.draw.circle(
            surface,
            tuple(min(255, int(c * 1.25)) for c in colour),
            (x + LIGHT[0] * r * 0.4, y + LIGHT[1] * r * 0.4),
            r * 0.3,
        )


def _wall(surface: pygame.Surface, pts: Sequence[tuple[float, float]], ppi: float, piece: Terrain) -> None:
    """A wall from above: its shadow, the stone, capstones along the top."""
    try:
        thick = max(0.12, float(piece.properties.get("thickness", 0.25)))
    except (TypeError, ValueError):
        thick = 0.25
    w = max(2, round(thick * ppi))
    lines = list(pts) + ([pts[0]] if not piece.area.is_line and len(pts) > 2 else [])
    shade = _Shade(surface, lines, 0.2 * ppi + w)
    pygame.draw.lines(
        shade.layer, (6, 8, 4, 90), False, [shade.at(x + 0.15 * ppi, y + 0.15 * ppi) for x, y in lines], w
    )
    shade.lay()
    pygame.draw.lines(surface, (96, 92, 84), False, lines, w + 2)
    pygame.draw.lines(surface, (150, 144, 130), False, lines, w)
    for a, b in zip(lines, lines[1:]):  # capstones
        length = math.dist(a, b)
        n = max(1, int(length / (0.35 * ppi)))
        for k in range(n + 1):
            x, y = a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n
            pygame.draw.circle(surface, (176, 170, 156), (x - 1, y - 1), max(1.0, w * 0.3))


# a fence's rail and posts by its name: (rail, post); every fence gets the same dark edge, so it reads on grass,
# tarmac or a garden
FENCES: dict[str, tuple[Colour, Colour]] = {
    "picket": ((236, 232, 218), (250, 248, 240)),
    "chain": ((178, 186, 192), (96, 102, 110)),
    "railing": ((44, 44, 50), (20, 20, 24)),
    "fence": ((164, 118, 70), (110, 76, 44)),  # a wooden one (a paddock's, a yard's)
}
FENCE_EDGE = (24, 22, 18)


def fence_kind(name: str) -> str | None:
    """Which fence a wall named ``name`` is (None: a wall).

    >>> [fence_kind(n) for n in ("Picket fence", "Chain-link fence", "Cemetery railings", "Paddock fence", "Wall")]
    ['picket', 'chain', 'railing', 'fence', None]
    """
    lowered = name.lower()
    return next((k for k in FENCES if k in lowered), None)


def _fence(surface: pygame.Surface, pts: Sequence[tuple[float, float]], ppi: float, piece: Terrain) -> None:
    """A fence from above, clear on any ground (a newcomer found the thin grey line faint): its shadow, a dark edge,
    the rail, and a post every half inch, at least 0.2" across whatever the map's thickness."""
    rail, post = FENCES[fence_kind(piece.name) or "fence"]
    w = max(3, round(0.2 * ppi))
    lines = list(pts) + ([pts[0]] if not piece.area.is_line and len(pts) > 2 else [])
    shade = _Shade(surface, lines, 0.2 * ppi + w)
    pygame.draw.lines(
        shade.layer, (6, 8, 4, 110), False, [shade.at(x + 0.12 * ppi, y + 0.12 * ppi) for x, y in lines], w
    )
    shade.lay()
    pygame.draw.lines(surface, FENCE_EDGE, False, lines, w + 4)
    for x, y in lines:  # round the corners, so the edge has no notch
        pygame.draw.circle(surface, FENCE_EDGE, (x, y), (w + 4) / 2)
    pygame.draw.lines(surface, rail, False, lines, max(1, w - 1))
    size = max(3, round(w * 1.4))
    for a, b in zip(lines, lines[1:]):  # posts
        n = max(1, int(math.dist(a, b) / (0.5 * ppi)))
        for k in range(n + 1):
            x, y = a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n
            box = pygame.Rect(0, 0, size, size)
            box.center = (round(x), round(y))
            pygame.draw.rect(surface, FENCE_EDGE, box.inflate(2, 2))
            pygame.draw.rect(surface, post, box)
