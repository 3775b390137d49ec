"""The outlines a heat map draws over the heat, so a designer sees what the deaths and stalls crowd
against: every wall, hedge, building, wood, ruin and zone of the map, each kind in its own colour and
line, named in the legend (:func:`legend_entries`), with the zombies each spawn point brought on
written beside it and a dot for each zombie the map places itself.

>>> outline_key("clutter", {"terrain": "hedge"}), outline_key("clutter", {}), outline_key("spawn", {})
('hedge', 'clutter', 'spawn')
>>> OUTLINES["spawn"].words
'spawn point (zombies a game)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.scenario.model import Scenario, Terrain, Zone
from game.ui.charts import font


@dataclass(frozen=True)
class Outline:
    """How one kind of thing is outlined: its colour, line width in pixels, dashed or not, its words."""

    colour: tuple[int, int, int]
    width: int
    words: str
    dashed: bool = False


# drawn in this order (the zones last, over the terrain); the legend lists them in the same order
OUTLINES: dict[str, Outline] = {
    "building": Outline((235, 235, 235), 2, "building"),
    "ruin": Outline((200, 185, 160), 2, "ruin", dashed=True),
    "wall": Outline((255, 255, 255), 4, "wall"),
    "hedge": Outline((120, 235, 120), 3, "hedge"),
    "clutter": Outline((170, 215, 120), 2, "clutter (woods, crops...)", dashed=True),
    "deploy": Outline((90, 170, 255), 3, "deployment zone"),
    "exit": Outline((255, 255, 120), 4, "exit zone"),
    "objective": Outline((255, 255, 120), 4, "objective zone"),
    "escape_vehicle": Outline((255, 255, 120), 4, "escape vehicle"),
    "spawn": Outline((240, 80, 220), 3, "spawn point (zombies a game)"),
    "zombie": Outline((240, 80, 220), 0, "zombie placed on the map"),
}


def outline_key(kind: str, properties: dict[str, Any]) -> str:
    """The :data:`OUTLINES` key of a terrain piece or zone: a hedge is clutter of ``terrain`` hedge."""
    if kind == "clutter" and str(properties.get("terrain", "")).lower() == "hedge":
        return "hedge"
    return kind


def _things(scenario: Scenario) -> list[Terrain | Zone]:
    order = list(OUTLINES)
    things: list[Terrain | Zone] = [*scenario.terrain, *scenario.zones]
    rank = lambda t: order.index(k) if (k := outline_key(t.kind, t.properties)) in order else 0  # noqa: E731
    return sorted(things, key=rank)


def _dashed(surface: pygame.Surface, style: Outline, pts: list[tuple[float, float]], closed: bool) -> None:
    legs = list(zip(pts, pts[1:] + pts[:1] if closed else pts[1:]))
    for (x0, y0), (x1, y1) in legs:
        length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        steps = max(1, int(length // 8))
        for k in range(0, steps, 2):
            a, b = k / steps, min(1.0, (k + 1) / steps)
            start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
            end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
            pygame.draw.line(surface, style.colour, start, end, style.width)


def draw_outlines(surface: pygame.Surface, scenario: Scenario, ppi: float) -> list[str]:
    """Outline every terrain piece and zone of ``scenario`` (a dark edge under each line, so it reads
    on any ground); returns the :data:`OUTLINES` keys drawn, in legend order."""
    drawn: list[str] = []
    for thing in _things(scenario):
        key = outline_key(thing.kind, thing.properties)
        style = OUTLINES.get(key)
        if style is None or len(thing.area.points) < 2:
            continue
        pts = [(x * ppi, y * ppi) for x, y in thing.area.points]
        closed = not thing.area.is_line and len(pts) > 2
        pygame.draw.lines(surface, (15, 15, 15), closed, pts, style.width + 2)
        if style.dashed:
            _dashed(surface, style, pts, closed)
        else:
            pygame.draw.lines(surface, style.colour, closed, pts, style.width)
        if key not in drawn:
            drawn.append(key)
    return [k for k in OUTLINES if k in drawn]


def mark_zombies(surface: pygame.Surface, scenario: Scenario, ppi: float) -> bool:
    """A dot where the map places each zombie of its own (a pack on the road reads at a glance);
    whether there were any."""
    placed = scenario.placements_of("zombie")
    for p in placed:
        centre = (round(p.position[0] * ppi), round(p.position[1] * ppi))
        pygame.draw.circle(surface, (15, 15, 15), centre, max(4, round(ppi * 0.45)))
        pygame.draw.circle(surface, OUTLINES["zombie"].colour, centre, max(3, round(ppi * 0.35)))
    return bool(placed)


def label_spawns(surface: pygame.Surface, scenario: Scenario, ppi: float, per_game: dict[str, float]) -> None:
    """Write beside each spawn zone the zombies it brought on a game (``per_game`` by the zone's name,
    else ``spawn N`` as the report counts them)."""
    size = max(12, round(ppi * 0.7))
    for n, zone in enumerate(scenario.zones_of("spawn"), start=1):
        name = zone.name or f"spawn {n}"
        if name not in per_game:
            continue
        x0, y0, x1, _ = zone.area.bounds
        image = font(size, bold=True).render(f"{per_game[name]:g}", True, OUTLINES["spawn"].colour)
        box = image.get_rect(midbottom=(round((x0 + x1) / 2 * ppi), round(y0 * ppi) - 2))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (15, 15, 15), box.inflate(6, 2), border_radius=3)
        surface.blit(image, box)


def legend_entries(keys: list[str]) -> list[tuple[Outline, str]]:
    """The legend's rows for the kinds drawn: each outline's style and words."""
    return [(OUTLINES[k], OUTLINES[k].words) for k in keys if k in OUTLINES]
