"""Tile objects (a picture placed as an object): Tiled anchors them at their bottom-left corner. The
loader and the screen both put them there; a figure's picture is not baked into the table (the game
draws the figure as a token that moves); a rotated picture turns about that corner, as in Tiled."""

from __future__ import annotations

import pygame
import pytest
from design_maps import PX, obj, playable_objects, tmx, write

from game.scenario import load_scenario
from game.ui.map_render import MapRenderer

CRATE = 20  # any tile that is not grass


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


def _tile(path) -> pygame.Surface:
    sheet = pygame.image.load(str(path.parent / "tiles" / "deadground.png"))
    return sheet.subsurface(((CRATE - 1) % 8 * PX, (CRATE - 1) // 8 * PX, PX, PX))


def test_building_and_zombie_tile_objects(tmp_path):
    objects = playable_objects() + [
        obj(9, "Crates", "building", 10, 10, 2, 2, extra=f' gid="{CRATE}"'),
        obj(10, "Walker", "zombie", 20, 10, 1, 1, extra=f' gid="{CRATE}"'),
        obj(11, "Turned crates", "building", 26, 20, 2, 1, extra=f' gid="{CRATE}" rotation="90"'),
    ]
    path = write(tmp_path, "m.tmx", tmx(objects=objects))
    scenario = load_scenario(str(path))
    crates = next(t for t in scenario.terrain if t.id == 9)
    assert crates.area.bounds == (10.0, 8.0, 12.0, 10.0)  # drawn above its (x, y), as in Tiled
    (walker,) = scenario.placements_of("zombie")
    assert walker.position == (20.5, 9.5)
    turned = next(t for t in scenario.terrain if t.id == 11)
    assert tuple(round(v, 6) for v in turned.area.bounds) == (26.0, 20.0, 27.0, 22.0)
    native = MapRenderer.from_tmx(path).native
    tile = pygame.transform.smoothscale(_tile(path), (2 * PX, 2 * PX))
    assert native.get_at((10 * PX + 20, 8 * PX + 30)) == tile.get_at((20, 30))
    grass = MapRenderer.from_tmx(write(tmp_path, "bare.tmx", tmx(objects=playable_objects()))).native
    assert native.get_at((20 * PX + 16, 9 * PX + 16)) == grass.get_at((20 * PX + 16, 9 * PX + 16))  # no zombie
    assert native.get_at((26 * PX + 16, 21 * PX)) != grass.get_at((26 * PX + 16, 21 * PX))  # turned down
    assert native.get_at((25 * PX + 16, 19 * PX + 16)) == grass.get_at((25 * PX + 16, 19 * PX + 16))
