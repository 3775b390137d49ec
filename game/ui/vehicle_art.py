"""Vehicles seen from above, drawn by code over the map: a car, a police car, a truck, a tractor, a wagon.

A building named like a vehicle ("Crashed police car", "Rusty tractor", "Hay wagon", the kit's "Parked car")
blocks moves and sight like any building, so it must be seen: it gets a body in its own outline (the long side
is its length), wheels, glass and a shadow, in colours chosen by its name and seeded by its id.

>>> vehicle_kind("Crashed police car"), vehicle_kind("Rusty tractor"), vehicle_kind("Hay wagon")
('police', 'tractor', 'wagon')
>>> vehicle_kind("Kowalski's truck"), vehicle_kind("Parked sedan"), vehicle_kind("Diner car park")
('truck', 'car', None)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

Point = tuple[float, float]
Colour = tuple[int, int, int]

KINDS: dict[str, tuple[str, ...]] = {
    "police": ("police", "patrol", "squad car", "cruiser"),
    "tractor": ("tractor",),
    "wagon": ("wagon", "cart", "trailer"),
    "truck": ("truck", "pickup", "lorry", "van", "bus", "jeep", "cargo", "convoy"),
    "car": ("car", "sedan", "hatchback", "coupe", "estate", "wreck"),
}
NOT_VEHICLES = ("car park", "carpark", "cart track")
PAINTS: tuple[Colour, ...] = ((142, 48, 44), (52, 78, 122), (198, 186, 150), (70, 96, 72), (118, 118, 124))
GLASS = (40, 52, 64)
TYRE = (26, 26, 28)


def vehicle_kind(name: str) -> str | None:
    """Which vehicle a piece's name says it is ("station wagon" is a car), or None for anything else."""
    text = " ".join(name.lower().replace("'", " ").split())
    if any(n in text for n in NOT_VEHICLES):
        return None
    words = set(text.split())
    if "station wagon" in text:
        return "car"
    for kind, names in KINDS.items():
        if any((n in text) if " " in n else (n in words) for n in names):
            return kind
    return None


class _Frame:
    """The vehicle's own axes: ``at(u, v)`` is the point a fraction ``u`` of the length forward of the
    centre and ``v`` of the width to the side (both from -0.5 to 0.5 across the body)."""

    def __init__(self, pts: Sequence[Point]) -> None:
        a, b = max(zip(pts, [*pts[1:], pts[0]]), key=lambda e: math.dist(*e))  # the longest side: the length
        length = math.dist(a, b) or 1.0
        self.ax = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        self.nx = (-self.ax[1], self.ax[0])
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        self.centre = (cx, cy)
        us = [(p[0] - cx) * self.ax[0] + (p[1] - cy) * self.ax[1] for p in pts]
        vs = [(p[0] - cx) * self.nx[0] + (p[1] - cy) * self.nx[1] for p in pts]
        self.length, self.width = max(us) - min(us), max(vs) - min(vs)

    def at(self, u: float, v: float) -> Point:
        du, dv = u * self.length, v * self.width
        return (
            self.centre[0] + self.ax[0] * du + self.nx[0] * dv,
            self.centre[1] + self.ax[1] * du + self.nx[1] * dv,
        )

    def quad(self, u0: float, u1: float, v0: float, v1: float) -> list[Point]:
        return [self.at(u0, v0), self.at(u1, v0), self.at(u1, v1), self.at(u0, v1)]


def _shade(colour: Colour, k: float) -> Colour:
    r, g, b = (max(0, min(255, round(c * k))) for c in colour)
    return (r, g, b)


def _fill(surface: pygame.Surface, colour: Colour, pts: list[Point]) -> None:
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, _shade(colour, 0.55), pts, 1)


def _wheels(surface: pygame.Surface, f: _Frame, places: Sequence[float], size: float = 0.16) -> None:
    for u in places:
        for v0, v1 in ((-0.56, -0.40), (0.40, 0.56)):
            _fill(surface, TYRE, f.quad(u - size / 2, u + size / 2, v0, v1))


def _car(surface: pygame.Surface, f: _Frame, paint: Colour) -> None:
    _wheels(surface, f, (-0.3, 0.3))
    _fill(surface, paint, f.quad(-0.5, 0.5, -0.46, 0.46))
    _fill(surface, GLASS, f.quad(0.1, 0.26, -0.38, 0.38))  # windscreen
    _fill(surface, GLASS, f.quad(-0.36, -0.26, -0.36, 0.36))  # rear window
    _fill(surface, _shade(paint, 1.18), f.quad(-0.26, 0.1, -0.38, 0.38))  # roof
    for v in (-0.3, 0.3):  # headlamps
        pygame.draw.circle(surface, (236, 230, 190), f.at(0.48, v), max(1.0, f.width * 0.06))


def _police(surface: pygame.Surface, f: _Frame, paint: Colour) -> None:
    _car(surface, f, (232, 232, 228))
    _fill(surface, (24, 24, 30), f.quad(0.26, 0.5, -0.46, 0.46))  # black bonnet
    _fill(surface, (24, 24, 30), f.quad(-0.5, -0.36, -0.46, 0.46))
    _fill(surface, (210, 40, 40), f.quad(-0.1, -0.02, -0.32, 0.0))  # the light bar
    _fill(surface, (40, 80, 220), f.quad(-0.1, -0.02, 0.0, 0.32))


def _truck(surface: pygame.Surface, f: _Frame, paint: Colour) -> None:
    _wheels(surface, f, (-0.34, -0.16, 0.32))
    _fill(surface, _shade(paint, 0.7), f.quad(-0.5, 0.16, -0.47, 0.47))  # the load bed
    for k in range(1, 6):  # its ribs
        u = -0.5 + k * 0.11
        pygame.draw.line(surface, _shade(paint, 0.5), f.at(u, -0.42), f.at(u, 0.42), 1)
    _fill(surface, paint, f.quad(0.18, 0.5, -0.46, 0.46))  # the cab
    _fill(surface, GLASS, f.quad(0.3, 0.4, -0.38, 0.38))


def _tractor(surface: pygame.Surface, f: _Frame, paint: Colour) -> None:
    rust = (150, 72, 40)
    for v0, v1 in ((-0.6, -0.3), (0.3, 0.6)):  # big rear wheels, small front ones
        _fill(surface, TYRE, f.quad(-0.48, -0.12, v0, v1))
    _wheels(surface, f, (0.36,), size=0.18)
    _fill(surface, rust, f.quad(-0.05, 0.5, -0.22, 0.22))  # the bonnet
    pygame.draw.circle(surface, (60, 56, 50), f.at(0.3, 0.0), max(1.0, f.width * 0.07))  # exhaust
    _fill(surface, _shade(rust, 0.8), f.quad(-0.42, -0.02, -0.3, 0.3))  # the cab
    _fill(surface, GLASS, f.quad(-0.08, -0.02, -0.26, 0.26))


def _wagon(surface: pygame.Surface, f: _Frame, paint: Colour) -> None:
    wood, hay = (112, 78, 46), (212, 182, 92)
    _wheels(surface, f, (-0.3, 0.3), size=0.2)
    pygame.draw.line(surface, wood, f.at(0.5, 0.0), f.at(0.62, 0.0), max(2, round(f.width * 0.1)))  # drawbar
    _fill(surface, wood, f.quad(-0.5, 0.5, -0.46, 0.46))
    _fill(surface, hay, f.quad(-0.44, 0.44, -0.38, 0.38))
    rng = random.Random(round(f.length * 1000))
    for _ in range(int(f.length * f.width / 40) + 6):  # straw
        u, v, d = rng.uniform(-0.4, 0.4), rng.uniform(-0.34, 0.34), rng.uniform(-0.06, 0.06)
        pygame.draw.line(surface, _shade(hay, 0.8), f.at(u, v), f.at(u + 0.05, v + d), 1)


DRAW: dict[str, Callable[[pygame.Surface, _Frame, Colour], None]] = {
    "car": _car,
    "police": _police,
    "truck": _truck,
    "tractor": _tractor,
    "wagon": _wagon,
}


def draw_vehicle(surface: pygame.Surface, pts: Sequence[Point], kind: str, rng: random.Random) -> None:
    """Draw a vehicle of ``kind`` (see :func:`vehicle_kind`) filling the outline ``pts`` (pixels)."""
    DRAW[kind](surface, _Frame(pts), rng.choice(PAINTS))
