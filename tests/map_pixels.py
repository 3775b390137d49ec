"""The shipped maps painted as the screen paints them, for the tests of the terrain art: the maps, a display
for pygame's surfaces, a map baked with its terrain (the pixels before and after), and points along a
piece's outline."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

pygame = pytest.importorskip("pygame")

from game.scenario import load_scenario  # noqa: E402
from game.scenario.model import Point, Scenario  # noqa: E402
from game.ui.map_render import MapRenderer  # noqa: E402
from game.ui.terrain_art import bake_terrain  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx"))


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    """A one-pixel window for the module (surfaces need a display mode); import it to use it."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


@dataclass(frozen=True)
class Baked:
    """A map's table at its native pixels an inch (``ppi``): the tiles alone (``before``) and with the terrain
    painted over them (``pixels``), each an (x, y, rgb) array of ints."""

    scenario: Scenario
    renderer: MapRenderer
    ppi: float
    before: np.ndarray
    pixels: np.ndarray


def baked(path: Path) -> Baked:
    """The map at ``path`` drawn as the table is: its tiles, then its terrain baked over them."""
    scenario = load_scenario(path)
    renderer = MapRenderer.from_tmx(scenario.path, scenario.inches_per_tile)
    before = pygame.surfarray.array3d(renderer.native).astype(int)
    bake_terrain(renderer.native, renderer.native_ppi, scenario.terrain)
    after = pygame.surfarray.array3d(renderer.native).astype(int)
    return Baked(scenario, renderer, renderer.native_ppi, before, after)


def along_outline(points: Sequence[Point], step: float) -> Iterator[Point]:
    """Points about every ``step`` inches round the closed outline through ``points`` (each side's start
    included, its end left to the next side)."""
    ring = [*points, points[0]]
    for a, b in zip(ring, ring[1:]):
        n = max(1, int(math.dist(a, b) / step))
        for k in range(n):
            yield a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n
