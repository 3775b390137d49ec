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


def walks(table: Table, key: Any, zones: Sequence[Any], starts: Sequence[Point], radius: float) -> list[float]:
    """How far each of ``starts`` walks to the nearest exit zone, round what blocks a base of ``radius``
    (``inf``: no way out), nearest first. ``key`` names the map (its content hash): the field is kept by it."""
    field_key = (key, radius)
    if field_key not in _FIELDS:
        goals = exit_goals(zones)
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
