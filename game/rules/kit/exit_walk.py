"""The walk to a map's exit, for the words on the objective line: how far the nearest figures have to go round
walls and buildings (not as the crow flies). Only the screen asks; no rule reads it.

One distance field is searched a map and base size, and kept (a handful at most).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.table import Table

Point = tuple[float, float]

_FIELDS: dict[tuple[Any, ...], Any] = {}  # the walking distance to the exits, one a map and radius


def exit_goals(zones: Sequence[Any]) -> list[Point]:
    """Points an inch apart inside the exit zones (their centres too): the walk ends at the nearest."""
    out: list[Point] = []
    for z in zones:
        x0, y0, x1, y1 = z.area.bounds
        nx, ny = max(1, min(20, int(x1 - x0))), max(1, min(20, int(y1 - y0)))
        grid = [
            (x0 + (x1 - x0) * (i + 0.5) / nx, y0 + (y1 - y0) * (j + 0.5) / ny)
            for i in range(nx)
            for j in range(ny)
        ]
        out.extend(p for p in [z.area.centre, *grid] if z.area.contains(p))
    return out


def edge_goals(zones: Sequence[Any], spacing: float = 0.5) -> list[Point]:
    """Points along the exit zones' edges, a hair inside, ``spacing`` apart: a walk that ends at one has its
    centre in the zone, as a move that leaves by it does (the points an inch apart inside it are up to half
    an inch further, and a 6" move that got out read as two moves).

    >>> from game.scenario.model import Area
    >>> class Zone: area = Area.rect(0, 0, 4, 2)
    >>> [(round(x, 2), round(y, 2)) for x, y in edge_goals([Zone()], 2.0)][:3]
    [(0.01, 0.0), (2.0, 0.01), (3.99, 0.0)]
    """
    out: list[Point] = []
    for z in zones:
        pts, (cx, cy) = z.area.points, z.area.centre
        for a, b in zip(pts, (*pts[1:], pts[0])):
            n = max(1, math.ceil(math.dist(a, b) / spacing))
            for i in range(n):
                x, y = a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n
                d = math.dist((x, y), (cx, cy)) or 1.0
                inside = (x + (cx - x) * INSET / d, y + (cy - y) * INSET / d)
                if z.area.contains(inside):
                    out.append(inside)
    return out


INSET = 0.01  # inches inside a zone's edge: "in the zone", not on its line


def walks(
    table: Table, key: Any, zones: Sequence[Any], starts: Sequence[Point], radius: float, to_edge: bool = False
) -> list[float]:
    """How far each of ``starts`` walks to the nearest exit zone, round what blocks a base of ``radius``
    (``inf``: no way out), nearest first. ``key`` names the map (its content hash): the field is kept by it.
    ``to_edge``: to just inside the zone's edge (:func:`edge_goals`), not to the points an inch apart in it."""
    field_key = (key, radius, to_edge)
    if field_key not in _FIELDS:
        goals = exit_goals(zones) + (edge_goals(zones) if to_edge else [])
        if len(_FIELDS) > 8:
            _FIELDS.clear()
        _FIELDS[field_key] = table.distance_field(goals, radius) if goals else None
    field = _FIELDS[field_key]
    if field is None or not starts:
        return []
    return sorted(float(d) for d in field.distances(list(starts)))


def nearest_walk(table: Table, key: Any, zones: Sequence[Any], starts: Sequence[Point], radius: float) -> float:
    """The shortest of :func:`walks` (``inf`` when there is none)."""
    found = walks(table, key, zones, starts, radius)
    return found[0] if found else math.inf
