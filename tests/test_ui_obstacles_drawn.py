"""Every obstacle is drawn: a building or wall blocks moves and sight, so the table must show it. Vehicles
(buildings named car, truck, tractor, wagon, and the kit's "Parked car") were once left undrawn, invisible
on the road though they stopped every move; now each shipped map's every blocking piece is painted over."""

from __future__ import annotations

import random

import numpy as np
import pytest

pygame = pytest.importorskip("pygame")

from map_pixels import MAPS, baked, display  # noqa: E402, F401  (display: the module's window)

from game.scenario import load_scenario  # noqa: E402
from game.scenario.model import Area, Terrain  # noqa: E402
from game.ui.vehicle_art import draw_vehicle, vehicle_kind  # noqa: E402


def _outline_mask(size: tuple[int, int], piece: Terrain, ppi: float) -> np.ndarray:
    """The pixels a piece covers (a wall: a line as thick as the map says, 0.25" unless it says)."""
    layer = pygame.Surface(size)
    pts = [(x * ppi, y * ppi) for x, y in piece.area.points]
    if piece.kind == "wall":  # a wall is its line, or the ring round its outline
        pts += [pts[0]] if not piece.area.is_line and len(pts) > 2 else []
        thick = max(0.12, float(piece.properties.get("thickness", 0.25)))
        pygame.draw.lines(layer, (255, 255, 255), False, pts, max(2, round(thick * ppi)))
    else:
        pygame.draw.polygon(layer, (255, 255, 255), pts)
    return pygame.surfarray.array3d(layer)[:, :, 0] > 0


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_blocking_piece_of_a_shipped_map_is_painted(path):
    table = baked(path)
    changed = np.abs(table.pixels - table.before).sum(axis=2) > 30
    unseen = []
    for piece in (t for t in table.scenario.terrain if t.blocks_movement):
        mask = _outline_mask(table.renderer.native.get_size(), piece, table.ppi)
        if changed[mask].mean() < 0.5:
            unseen.append(f"{piece.name} (id {piece.id})")
    assert not unseen, f"{path.name}: these block moves and sight but are not drawn: {unseen}"


def test_the_small_town_and_farm_vehicles_are_drawn_as_vehicles():
    names = {t.name: vehicle_kind(t.name) for p in MAPS for t in load_scenario(p).terrain if t.kind == "building"}
    assert names["Crashed police car"] == "police"
    assert names["Parked station wagon"] == "car" and names["Abandoned hatchback"] == "car"
    assert names["Rusty tractor"] == "tractor" and names["Hay wagon"] == "wagon"
    assert names["Kowalski's truck"] == "truck"


@pytest.mark.parametrize("kind", ["car", "police", "truck", "tractor", "wagon"])
def test_a_vehicle_fills_its_rotated_outline_whatever_its_kind(kind):
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    piece = Terrain(1, "x", "building", Area.rect(4, 6, 3.2, 1.4))
    pts = [(x * 20, y * 20) for x, y in piece.area.points]
    draw_vehicle(surface, pts, kind, random.Random(1))
    mask = _outline_mask((200, 200), piece, 20)
    painted = pygame.surfarray.array3d(surface).sum(axis=2) > 0
    assert painted[mask].mean() > 0.6
