"""Properties pytmx refused (a class-typed property, properties named ``height``, ``image``,
``version``) and Tiled 1.10 files (a map class, ``class`` on layers): ``check`` accepts them and the
screen draws the same table as without them, not a bare one."""

from __future__ import annotations

import pygame
import pytest
from design_maps import ZOMBIEKRIEG, obj, playable_objects, tmx, write

from game.scenario import load_scenario
from game.scenario.review import review_map
from game.ui.map_render import MapRenderer


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


def test_names_and_class_properties_draw(tmp_path):
    plain = write(tmp_path, "plain.tmx", tmx(objects=playable_objects()))
    fancy_props = {**ZOMBIEKRIEG, "height": 3, "image": "cover.png", "version": "2"}
    objects = playable_objects() + [obj(9, "Tower", "building", 20, 14, 3, 3, height=12.5, image="tower.png")]
    text = tmx(properties=fancy_props, objects=objects).replace(
        "<properties>",
        '<properties><property name="designer" type="class" propertytype="credits">'
        '<properties><property name="name" value="Ann"/></properties></property>',
        1,
    )
    text = text.replace('<map version="1.10"', '<map version="1.10" class="deadground_map"')
    text = text.replace('name="scenario">', 'name="scenario" class="objects">')
    fancy = write(tmp_path, "fancy.tmx", text)
    review = review_map(str(fancy))
    assert not review.errors and not review.warnings
    assert load_scenario(str(fancy)).properties["designer"] == {"name": "Ann"}
    drawn = MapRenderer.from_tmx(fancy).native
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(MapRenderer.from_tmx(plain).native, "RGB")
