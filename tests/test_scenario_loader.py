"""The scenario loader turns what a designer drew in Tiled into the right things, in inches
(Scenario files (Tiled))."""

from __future__ import annotations

import hashlib
import math
import shutil
from pathlib import Path

import pytest

from game.scenario import Scenario, load_scenario

MAPS = Path(__file__).parent / "maps"
VALID = MAPS / "valid_zombiekrieg.tmx"


def approx_points(points, expected):
    assert len(points) == len(expected)
    for (x, y), (ex, ey) in zip(points, expected):
        assert x == pytest.approx(ex, abs=1e-9) and y == pytest.approx(ey, abs=1e-9), (points, expected)


@pytest.fixture(scope="module")
def farm() -> Scenario:
    return load_scenario(str(VALID))


def by_id(scenario: Scenario, object_id: int):
    for thing in (*scenario.terrain, *scenario.zones, *scenario.placements):
        if thing.id == object_id:
            return thing
    raise AssertionError(f"object {object_id} not loaded")


def test_map_properties_are_typed_and_fill_the_fields(farm):
    assert farm.ruleset == "zombiekrieg"
    assert farm.title == "Test farm"
    assert farm.briefing == "Hold the farm.\nThen get out by the road."
    assert farm.objective == "exit"
    assert farm.turn_limit == 8
    assert (farm.width, farm.height) == (24.0, 16.0)
    assert farm.properties["zombie_ratio"] == 2.0 and isinstance(farm.properties["zombie_ratio"], float)
    assert farm.properties["author"] == "Test"  # a property the game does not know is kept
    assert farm.properties["players_max"] == 4  # schema default filled in
    assert "exit_count" not in farm.properties  # not filled in: the rule set plays its own (maps/REFERENCE.md)


def test_rectangle(farm):
    barn = by_id(farm, 2)
    assert (barn.kind, barn.name, barn.area.shape) == ("building", "Barn", "rectangle")
    assert barn.area.bounds == (2.0, 4.0, 6.0, 6.0)
    assert barn.blocks_sight


def test_rotated_rectangle_turns_clockwise_about_its_origin(farm):
    shed = by_id(farm, 3)  # 2" x 1" at (10, 2), rotated 90 degrees: now hangs down and to the left
    approx_points(shed.area.points, [(10, 2), (10, 4), (9, 4), (9, 2)])
    assert shed.area.rotation == 90


def test_polygon(farm):
    church = by_id(farm, 4)
    assert church.kind == "ruin" and church.is_clutter
    approx_points(church.area.points, [(12, 8), (14, 8), (14, 10)])
    assert church.area.area == pytest.approx(2.0)


def test_rotated_polygon(farm):
    rubble = by_id(farm, 5)
    approx_points(rubble.area.points, [(16, 10), (14, 10), (16, 9)])
    assert rubble.properties == {"terrain": "rubble"}


def test_polyline_wall_is_an_open_line_with_its_thickness(farm):
    wall = by_id(farm, 1)
    assert wall.kind == "wall" and wall.area.is_line and wall.area.shape == "polyline"
    approx_points(wall.area.points, [(1, 1), (5, 1), (5, 3)])
    assert wall.properties["thickness"] == 0.5


def test_ellipse_is_polygonised_but_keeps_its_centre_and_radii(farm):
    woods = by_id(farm, 6)
    assert woods.area.shape == "ellipse" and len(woods.area.points) == 32
    assert woods.area.ellipse == pytest.approx((16.0, 2.0, 2.0, 1.0))
    assert woods.area.contains((16, 2)) and not woods.area.contains((14.2, 1.2))
    assert woods.area.area == pytest.approx(math.pi * 2 * 1, rel=0.01)


def test_point_figure_with_facing_property(farm):
    sarge = by_id(farm, 11)
    assert sarge.kind == "soldier" and sarge.position == (3.0, 14.0)
    assert sarge.facing == 270.0
    assert sarge.properties["role"] == "sergeant" and sarge.properties["player"] == 1
    assert sarge.properties["nation"] == "american"  # schema default


def test_tile_object_stands_at_the_centre_of_its_picture(farm):
    ghoul = by_id(farm, 12)  # Tiled puts a tile object's y at its bottom edge
    assert ghoul.kind == "zombie" and ghoul.position == (21.5, 9.5)


def test_note_is_ignored(farm):
    ids = {t.id for t in (*farm.terrain, *farm.zones, *farm.placements)}
    assert 14 not in ids


def test_template_gives_class_shape_and_properties(farm):
    start = by_id(farm, 7)  # deploy_allies.tx: a 192x128 px rectangle
    assert start.kind == "deploy" and start.name == "Allied start"
    assert start.area.bounds == (0.0, 12.0, 6.0, 16.0)
    assert start.properties["side"] == "allies"
    zombie = by_id(farm, 9)
    assert (zombie.kind, zombie.name, zombie.position) == ("zombie", "Zombie", (20.0, 5.0))
    assert zombie.properties["boss"] is False


def test_instance_properties_and_name_override_the_template(farm):
    boss = by_id(farm, 10)
    assert boss.name == "Big one" and boss.properties["boss"] is True
    well = by_id(farm, 15)
    assert well.kind == "spawn" and well.area.shape == "ellipse" and well.properties["dice"] == 2
    assert well.area.ellipse == pytest.approx((21.0, 13.0, 1.0, 1.0))


def test_tile_template_and_rotated_polyline_template(farm):
    tile_zombie = by_id(farm, 13)
    assert tile_zombie.kind == "zombie" and tile_zombie.position == (22.5, 14.5)
    garden = by_id(farm, 16)  # 6" wall rotated -90: from (7, 14) up the table
    approx_points(garden.area.points, [(7, 14), (7, 8)])
    assert garden.properties["thickness"] == 0.25


def test_content_hash_covers_the_map_and_its_templates(farm, tmp_path):
    assert farm.content_hash == load_scenario(str(VALID)).content_hash
    shutil.copytree(MAPS, tmp_path / "maps")
    copy = tmp_path / "maps" / VALID.name
    assert load_scenario(str(copy)).content_hash == farm.content_hash
    zombie_tx = tmp_path / "maps" / "templates" / "zombie.tx"
    zombie_tx.write_text(zombie_tx.read_text().replace('name="Zombie"', 'name="Walker"'))
    changed = load_scenario(str(copy))
    assert changed.content_hash != farm.content_hash
    assert by_id(changed, 9).name == "Walker"
    assert len(farm.content_hash) == len(hashlib.sha256().hexdigest())


OUTBREAK = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.9" tiledversion="1.9.2" orientation="orthogonal" renderorder="right-down"
     width="48" height="40" tilewidth="16" tileheight="16" infinite="0">
 <properties>
  <property name="ruleset" value="outbreak"/>
  <property name="objective" value="clear"/>
  <property name="inches_per_tile" type="float" value="0.5"/>
  <property name="players_max" type="int" value="2"/>
 </properties>
 <objectgroup id="1" name="Things">
  <object id="1" name="Hospital" class="building" x="32" y="64" width="64" height="32"/>
  <object id="2" name="Ann" class="character" x="160" y="320" rotation="45">
   <properties><property name="player" type="int" value="2"/><property name="ranged" value="pistol"/></properties>
   <point/>
  </object>
  <object id="3" name="Drain" class="spawn" x="400" y="200"><point/></object>
  <object id="4" name="Old style" type="npc" x="16" y="16"><point/></object>
 </objectgroup>
 <group id="5" name="Shifted" offsetx="16" offsety="32">
  <objectgroup id="6" name="Inner" offsetx="16">
   <object id="7" name="Kiosk" class="building" x="0" y="0" width="32" height="32"/>
  </objectgroup>
 </group>
</map>
"""


@pytest.fixture()
def outbreak(tmp_path) -> Scenario:
    path = tmp_path / "outbreak.tmx"
    path.write_text(OUTBREAK)
    return load_scenario(str(path))


def test_inches_per_tile_is_honoured(outbreak):
    # 48 x 40 tiles of 16 px, half an inch each: a 24" x 20" table
    assert (outbreak.width, outbreak.height, outbreak.inches_per_tile) == (24.0, 20.0, 0.5)
    assert by_id(outbreak, 1).area.bounds == (1.0, 2.0, 3.0, 3.0)
    assert by_id(outbreak, 2).position == (5.0, 10.0)
    assert by_id(outbreak, 3).area.shape == "point" and by_id(outbreak, 3).area.centre == (12.5, 6.25)


def test_class_attribute_and_type_attribute_both_work(outbreak):
    assert by_id(outbreak, 1).kind == "building"  # Tiled 1.9: class="building"
    assert by_id(outbreak, 4).kind == "npc"  # Tiled 1.8 / 1.10+: type="npc"


def test_template_written_by_tiled_1_9_with_class(tmp_path):
    shutil.copytree(MAPS / "templates", tmp_path / "templates")
    text = OUTBREAK.replace(
        '<object id="4"',
        '<object id="9" name="Gate" template="templates/exit_tiled19.tx" x="64" y="64"/>\n  <object id="4"',
    )
    (tmp_path / "m.tmx").write_text(text)
    gate = by_id(load_scenario(str(tmp_path / "m.tmx")), 9)
    assert (gate.kind, gate.name, gate.area.bounds) == ("exit", "Gate", (2.0, 2.0, 4.0, 3.0))


def test_facing_defaults_to_the_rotation(outbreak):
    ann = by_id(outbreak, 2)
    assert ann.facing == 45.0 and ann.properties["player"] == 2 and ann.properties["ranged"] == "pistol"
    assert ann.properties["melee"] == ""


def test_layer_offsets_of_groups_add_up(outbreak):
    # group offset (16, 32) plus layer offset (16, 0) px = (1", 1") at 16 px per half inch
    assert by_id(outbreak, 7).area.bounds == (1.0, 1.0, 2.0, 2.0)


def test_rule_set_specific_defaults_only_apply_to_their_rule_set(outbreak, farm):
    assert "zombie_ratio" not in outbreak.properties and "points" not in outbreak.properties
    assert "points" not in farm.properties
    assert outbreak.properties["players_max"] == 2
