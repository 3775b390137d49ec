"""A designer nudges layers by fractional offsets (Tiled's Offset X/Y, also on groups): the screen
draws tile and image layers where Tiled shows them, and the objects of an offset layer are read there too."""

from __future__ import annotations

import pygame
import pytest
from design_maps import PX, obj, playable_objects, tile_data, tmx, write

from game.scenario import load_scenario
from game.ui.map_render import MapRenderer


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


ROAD = 20  # a tile that looks nothing like grass


def test_offsets_move_tiles_and_objects(tmp_path):
    road = (
        '<group id="5" name="roads" offsetx="10.5" offsety="0">'
        '<layer id="6" name="road" width="2" height="1" offsetx="6" offsety="32.4">'
        f"{tile_data(2, 1, gid=ROAD)}</layer></group>"
    )
    layers = (
        road
        + '<objectgroup id="2" name="scenario" offsetx="16" offsety="8">'
        + "".join(playable_objects())
        + obj(9, "Hut", "building", 20, 14, 2, 2)
        + "</objectgroup>"
    )
    path = write(tmp_path, "m.tmx", tmx(layers=layers, width=36, height=24))
    scenario = load_scenario(str(path))
    hut = next(t for t in scenario.terrain if t.name == "Hut")
    assert hut.area.bounds == (20.5, 14.25, 22.5, 16.25)
    native = MapRenderer.from_tmx(path).native
    sheet = pygame.image.load(str(path.parent / "tiles" / "deadground.png"))
    tile = sheet.subsurface(((ROAD - 1) % 8 * PX, (ROAD - 1) // 8 * PX, PX, PX))
    # 16.5 px right (rounded to 17) and 32.4 px down (32): Tiled's offset, on the nearest pixel
    assert native.get_at((17 + 10, 32 + 16)) == tile.get_at((10, 16))
    assert native.get_at((17 + 40, 32 + 20)) == tile.get_at((8, 20))
    assert native.get_at((16 + 10, 32 + 16)) != tile.get_at((10, 16))
