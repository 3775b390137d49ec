"""``check`` warns about maps that play, but not as drawn (issue 36, item 3), and ``--strict`` fails on each:
kit templates on a map of another scale, a tileset of bigger tiles than the map's, a deploy zone too small for
the force, Zombie 40,000 deploy zones nearer than the rules' distances, an Outbreak map with nobody near the
zombies. Each map is drawn as a designer would, with the kit's templates and tileset."""

from __future__ import annotations

import io
import json

from design_maps import ZOMBIEKRIEG, obj, playable_objects, tmx, write

from game.scenario.check import main as check_main
from game.scenario.review import review_map

TEMPLATE = ' template="templates/{}"'
Z40K = {"ruleset": "zombie40k", "title": "Hab block", "turn_limit": 6, "players_min": 1, "players_max": 2}
OUTBREAK = {"ruleset": "outbreak", "title": "Farm lane", "objective": "escape", "turn_limit": 8}


def _check(path, strict=True):
    out = io.StringIO()
    code = check_main([str(path)], out, strict=strict, as_json=True)
    (found,) = json.loads(out.getvalue())["maps"]
    return code, [p for p in found["problems"] if p["severity"] == "warning"]


def _kit_objects() -> list[str]:
    return [
        obj(1, "Allied start", "deploy", 1, 4, extra=TEMPLATE.format("deploy_allies.tx")),
        obj(2, "Graveyard", "spawn", 14, 2, 2, 2),
        obj(3, "Road out", "exit", 15, 8, 2, 3),
        obj(4, "Wall", "wall", 8, 6, shape="polyline", points="0,0 6,0", extra=TEMPLATE.format("wall.tx")),
    ]


def test_kit_templates_on_a_map_of_64_px_tiles_warn(tmp_path):
    path = write(tmp_path, "big.tmx", tmx(width=18, height=12, tile=64, objects=_kit_objects()))
    code, warnings = _check(path)
    (w,) = [w for w in warnings if "kit's templates" in w["message"]]
    assert code == 1 and "64 px tiles" in w["message"] and 'a 6" Wall is 3"' in w["message"]
    assert "ids 1, 4" in w["message"] and "resize them" in w["fix"]


def test_kit_templates_on_a_32_px_map_do_not(tmp_path):
    path = write(tmp_path, "ok.tmx", tmx(width=36, height=24, objects=_kit_objects()))
    assert not [p for p in review_map(str(path)).warnings if "kit's templates" in p.message]


def test_an_own_64_px_tileset_on_a_32_px_map_warns(tmp_path):
    write(
        tmp_path,
        "big.tsx",
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="big" tilewidth="64" tileheight="64" '
        'tilecount="12" columns="4"><image source="tiles/deadground.png" width="256" height="192"/></tileset>\n',
    )
    text = tmx(objects=playable_objects(), tileset='<tileset firstgid="1" source="big.tsx"/>')
    code, warnings = _check(write(tmp_path, "m.tmx", text))
    (w,) = [w for w in warnings if "tileset" in w["message"]]
    assert code == 1 and 'the tileset "big" has 64x64 px tiles on a map of 32x32 px tiles' in w["message"]


def test_a_deploy_zone_too_small_for_the_section_warns_and_strict_fails(tmp_path):
    objects = [obj(1, "Foxhole", "deploy", 1, 8, 2, 2, side="allies"), *playable_objects()[1:]]
    path = write(tmp_path, "m.tmx", tmx(properties=ZOMBIEKRIEG, objects=objects))
    code, warnings = _check(path)
    (w,) = [w for w in warnings if "fit in the deploy zone" in w["message"]]
    assert code == 1 and w["object_id"] == 1 and "only 1 of a force's 11 figures" in w["message"]
    assert _check(path, strict=False)[0] == 0


def _z40k(tmp_path, second_x: float, depth: float = 6, vehicle_y: float = 1, *extra: str):
    objects = [
        obj(1, "Gunship", "escape_vehicle", 14, vehicle_y, 8, 4),
        obj(2, "Player 1", "deploy", 2, 24 - depth, 10, depth, player=1),
        obj(3, "Player 2", "deploy", second_x, 24 - depth, 10, depth, player=2),
        obj(4, "West edge", "spawn", 0, 6, 2, 6),
        *extra,
    ]
    return _check(write(tmp_path, "z.tmx", tmx(properties=Z40K, objects=objects)))


def test_zombie40k_deploy_zones_4_inches_apart_warn(tmp_path):
    code, warnings = _z40k(tmp_path, 16)
    (w,) = [w for w in warnings if "deploy zones of player 1" in w["message"]]
    assert (
        code == 1 and w["object_id"] == 3 and '4" apart' in w["message"] and 'no closer than 12"' in w["message"]
    )
    assert w["layer"] == "scenario"


def test_zombie40k_deploy_zone_reaching_far_from_its_edge_warns(tmp_path):
    code, warnings = _z40k(tmp_path, 24, depth=16)
    assert code == 1 and len([w for w in warnings if 'reaches 16"' in w["message"]]) == 2


def test_zombie40k_deploy_zones_as_the_rules_place_them_pass(tmp_path):
    assert _z40k(tmp_path, 24) == (0, [])


def test_zombie40k_vehicle_in_mid_table_warns(tmp_path):
    """The race is to a vehicle in the middle of the far edge: one drawn in mid-table plays, but not as the
    rules describe, and the deploy zones' edge is then anyone's guess (a designer's trial did it unwarned)."""
    code, warnings = _z40k(tmp_path, 24, 6, 9)
    (w,) = [w for w in warnings if "escape vehicle stands" in w["message"]]
    assert code == 1 and w["object_id"] == 1 and '9" from the nearest table edge' in w["message"]


def test_zombie40k_boss_mark_away_from_the_vehicle_warns(tmp_path):
    """The Zombie Boss stands by the escape vehicle: a Boss mark 15" away warns, one beside it does not."""
    far = obj(5, "Boss", "zombie", 18, 20, shape="point", boss=True)
    near = obj(6, "Boss", "zombie", 18, 6, shape="point", boss=True)
    code, warnings = _z40k(tmp_path, 24, 6, 1, far, near)
    (w,) = [w for w in warnings if "Zombie Boss mark" in w["message"]]
    assert code == 1 and w["object_id"] == 5 and '15" from the escape vehicle' in w["message"]


def _outbreak(tmp_path, *extra):
    objects = [
        obj(1, "Pickup truck", "deploy", 2, 16, 6, 6, side="players"),
        obj(2, "Corn", "spawn", 30, 2, 4, 4),
        obj(3, "County road", "exit", 33, 16, 3, 6),
        obj(4, "Deputy Ruth", "character", 4, 18, shape="point", ranged="revolver", melee="club"),
        *extra,
    ]
    return _check(write(tmp_path, "o.tmx", tmx(properties=OUTBREAK, objects=objects)))


def test_an_outbreak_map_with_nobody_near_the_zombies_warns(tmp_path):
    code, warnings = _outbreak(tmp_path)
    (w,) = [w for w in warnings if "no bystander or character" in w["message"]]
    assert code == 1 and 'within 12"' in w["message"] and "turn limit" in w["message"] and "npc" in w["fix"]


def test_a_bystander_by_the_corn_is_enough(tmp_path):
    assert _outbreak(tmp_path, obj(5, "Farmer Bob", "npc", 28, 7, shape="point")) == (0, [])
