"""New maps at 0.5" and 2" a tile (``inches_per_tile``) and 16 or 64 px tiles: the table, objects and
check's positions are in inches; the shipped templates keep their pixel size (the guide says so)."""

from __future__ import annotations

import pytest
from design_maps import write

from game.scenario import load_scenario
from game.scenario.review import review_map

TEMPLATE_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{w}" height="{h}" tilewidth="{px}" tileheight="{px}" infinite="0">
 <properties>
  <property name="ruleset" value="zombiekrieg"/><property name="objective" value="exit"/>
  <property name="inches_per_tile" type="float" value="{ipt}"/>
 </properties>
 <tileset firstgid="1" source="tiles/deadground.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="scenario">
  <object id="1" name="Start" type="deploy" x="0" y="0" width="{zone}" height="{zone}">
   <properties><property name="side" value="allies"/></properties></object>
  <object id="2" name="Pit" type="spawn" x="{far}" y="0" width="{zone}" height="{zone}"/>
  <object id="3" name="Out" type="exit" x="{far}" y="{far}" width="{zone}" height="{zone}"/>
  <object id="4" name="Wall" template="templates/wall.tx" x="{mid}" y="{mid}"/>
  <object id="5" name="Lurker" type="zombie" x="{mid}" y="{far}"><point/></object>
 </objectgroup>
</map>
"""


@pytest.mark.parametrize(("px", "ipt"), [(32, 0.5), (32, 2.0), (64, 1.0), (16, 1.0)])
def test_inches_everywhere(tmp_path, px, ipt):
    w = h = 24
    inches = w * ipt
    text = TEMPLATE_MAP.format(
        w=w, h=h, px=px, ipt=ipt, data=",".join(["1"] * (w * h)), zone=8 * px, far=16 * px, mid=12 * px
    )
    path = write(tmp_path, "m.tmx", text)
    scenario = load_scenario(str(path))
    assert (scenario.width, scenario.height) == (inches, inches)
    wall = scenario.terrain[0]
    length = wall.area.bounds[2] - wall.area.bounds[0]
    assert length == pytest.approx(6 * 32 / px * ipt)  # the template's 192 px, in this map's inches
    review = review_map(str(path))
    assert not review.errors
    lurker = next(p for p in scenario.placements if p.id == 5)
    assert lurker.position == (12 * ipt, 16 * ipt)
