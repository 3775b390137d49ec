"""A bad map gets every problem listed, each with the object's id and name and how to fix it, and never
crashes with a library traceback (Scenario files (Tiled): ``deadground check``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.scenario import Problem, ScenarioError, check_map, load_scenario

MAPS = Path(__file__).parent / "maps"

GOOD_PROPS = {"ruleset": "zombiekrieg", "objective": "exterminate", "title": "Test"}
ALLIES = '<object id="90" name="Start" type="deploy" x="0" y="0" width="64" height="64"/>'
ZOMBIE = '<object id="91" name="Z" type="zombie" x="300" y="300"><point/></object>'


def tmx(
    objects: str = ALLIES + ZOMBIE,
    props: dict[str, str] | None = None,
    *,
    typed: dict | None = None,
    map_attrs: str = 'orientation="orthogonal" width="24" height="16" tilewidth="32" tileheight="32"',
) -> str:
    """A small map: 24" x 16" at 32 px per inch, with the given objects and string map properties."""
    props = GOOD_PROPS if props is None else props
    lines = [f'  <property name="{k}" value="{v}"/>' for k, v in props.items()]
    lines += [f'  <property name="{k}" type="{t}" value="{v}"/>' for k, (t, v) in (typed or {}).items()]
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" {map_attrs} infinite="0">\n'
        f" <properties>\n{chr(10).join(lines)}\n </properties>\n"
        f' <objectgroup id="1" name="Objects">\n{objects}\n </objectgroup>\n</map>\n'
    )


@pytest.fixture()
def write(tmp_path):
    """Write a map next to a copy of the test templates and tiles; returns its path."""
    shutil.copytree(MAPS / "templates", tmp_path / "templates")
    shutil.copytree(MAPS / "tiles", tmp_path / "tiles")

    def _write(text: str | bytes, name: str = "map.tmx") -> str:
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return str(path)

    return _write


def only(problems: list[Problem], needle: str) -> Problem:
    found = [p for p in problems if needle in p.message]
    assert len(found) == 1, f"{needle!r} not found once in: {[str(p) for p in problems]}"
    assert found[0].fix, "every problem says how to fix it"
    return found[0]


def test_the_minimal_map_is_good(write):
    assert check_map(write(tmx())) == []


# ---------------------------------------------------------------- the file itself


def test_missing_file(tmp_path):
    with pytest.raises(ScenarioError) as err:
        load_scenario(str(tmp_path / "nope.tmx"))
    assert "file not found" in str(err.value) and "nope.tmx" in str(err.value)


def test_not_xml(write):
    problems = check_map(write(b"\x89PNG\r\n\x1a\n garbage"))
    assert "not valid XML" in only(problems, "not a Tiled map").message


def test_xml_but_not_a_map(write):
    only(check_map(write("<tileset name='x'/>")), "not a Tiled map")


def test_a_folder_is_not_a_map(tmp_path):
    problems = check_map(str(tmp_path))
    assert len(problems) == 1 and "cannot read" in problems[0].message


def test_non_orthogonal_map(write):
    attrs = 'orientation="isometric" width="24" height="16" tilewidth="32" tileheight="32"'
    only(check_map(write(tmx(map_attrs=attrs))), "not orthogonal")


def test_map_without_size(write):
    attrs = 'orientation="orthogonal" width="wide" tilewidth="32" tileheight="32"'
    problems = check_map(write(tmx(map_attrs=attrs)))
    only(problems, 'width="wide"')
    only(problems, "no height")


def test_infinite_map(write):
    text = tmx().replace('infinite="0"', 'infinite="1"')
    only(check_map(write(text)), "infinite")


# ---------------------------------------------------------------- map properties


def test_missing_ruleset(write):
    p = only(check_map(write(tmx(props={"title": "x"}))), 'no "ruleset"')
    assert p.object_id is None and "zombiekrieg" in p.fix
    assert str(p).startswith("map: ")


def test_unknown_ruleset_suggests_the_nearest(write):
    p = only(check_map(write(tmx(props={"ruleset": "zombiekreig"}))), "unknown ruleset")
    assert 'did you mean "zombiekrieg"' in p.fix


def test_unknown_objective_for_the_rule_set(write):
    props = {**GOOD_PROPS, "objective": "escape"}  # an outbreak objective, not a zombiekrieg one
    p = only(check_map(write(tmx(props=props))), "objective")
    assert "zombiekrieg" in p.message and "exit, survive, exterminate, reach" in p.fix


def test_missing_objective(write):
    props = {"ruleset": "zombiekrieg"}
    p = only(check_map(write(tmx(props=props))), 'no "objective"')
    assert "exterminate" in p.fix


def test_zombie40k_objective_defaults_to_escape(write):
    objects = (
        '<object id="1" name="Truck" type="escape_vehicle" x="320" y="0" width="128" height="64"/>'
        '<object id="2" name="P1" type="deploy" x="0" y="384" width="128" height="128">'
        '<properties><property name="player" type="int" value="1"/></properties></object>'
    )
    scenario = load_scenario(write(tmx(objects, props={"ruleset": "zombie40k"})))
    assert scenario.objective == "escape" and scenario.properties["points"] == 75
    assert scenario.zones_of("deploy")[0].properties == {"player": 1, "side": "players"}


def test_map_properties_of_the_wrong_type(write):
    props = {**GOOD_PROPS, "turn_limit": "ten", "inches_per_tile": "-1", "players_max": "9"}
    problems = check_map(write(tmx(props=props)))
    assert "whole number" in only(problems, "turn_limit").message
    assert "more than 0" in only(problems, "inches_per_tile").message
    assert "<= 4" in only(problems, "players_max").fix


def test_numbers_typed_as_text_are_accepted(write):
    props = {**GOOD_PROPS, "turn_limit": "10", "inches_per_tile": "2"}
    scenario = load_scenario(write(tmx(props=props)))
    assert scenario.turn_limit == 10 and scenario.inches_per_tile == 2.0 and scenario.width == 48.0


def test_players_min_above_players_max(write):
    props = {**GOOD_PROPS, "players_min": "3", "players_max": "2"}
    only(check_map(write(tmx(props=props))), "players_min (3) is more than players_max (2)")


# ---------------------------------------------------------------- objects


def test_unknown_class_names_the_object_and_the_choices(write):
    objects = ALLIES + ZOMBIE + '<object id="12" name="Farm wall" type="wal" x="0" y="0" width="32" height="4"/>'
    p = only(check_map(write(tmx(objects))), 'unknown class "wal"')
    assert (p.object_id, p.object_name) == (12, "Farm wall")
    assert str(p).startswith(
        'object 12 "Farm wall": unknown class "wal" — did you mean "wall"? use one of: wall, '
    )


def test_figure_of_another_rule_set(write):
    objects = ALLIES + ZOMBIE + '<object id="6" name="Ann" type="character" x="32" y="32"><point/></object>'
    p = only(check_map(write(tmx(objects))), "has no part in a zombiekrieg scenario")
    assert p.object_id == 6 and "outbreak" in p.message


def test_object_with_no_class(write):
    objects = ALLIES + ZOMBIE + '<object id="5" x="0" y="0" width="32" height="32"/>'
    p = only(check_map(write(tmx(objects))), "has no class")
    assert p.object_id == 5 and "object 5 (no name)" in str(p) and "template" in p.fix


@pytest.mark.parametrize(
    "shape, needle",
    [
        ('<object id="7" name="Flat" type="building" x="32" y="32" width="0" height="64"/>', "0x64"),
        (
            '<object id="7" name="Flat" type="building" x="32" y="32"><polygon points="0,0 32,0"/></object>',
            "2 point(s), needs at least 3",
        ),
        (
            '<object id="7" name="Flat" type="ruin" x="32" y="32"><polygon points="0,0 32,0 64,0"/></object>',
            "all in a line",
        ),
        (
            '<object id="7" name="Flat" type="wall" x="32" y="32"><polyline points="0,0"/></object>',
            "needs at least 2",
        ),
        ('<object id="7" name="Flat" type="exit" x="32" y="32" width="64" height="0"><ellipse/></object>', "64x0"),
    ],
)
def test_zone_or_terrain_with_no_area(write, shape, needle):
    p = only(check_map(write(tmx(ALLIES + ZOMBIE + shape))), "has no area")
    assert (p.object_id, p.object_name) == (7, "Flat") and needle in p.message


def test_wrong_shape_for_the_class(write):
    objects = (
        ALLIES
        + ZOMBIE
        + '<object id="8" name="Ditch" type="exit" x="0" y="0"><polyline points="0,0 9,9"/></object>'
    )
    p = only(check_map(write(tmx(objects))), "cannot be a polyline")
    assert p.object_id == 8 and "rectangle" in p.fix


def test_figure_and_spawn_off_the_table(write):
    objects = (
        ALLIES
        + ZOMBIE
        + (
            '<object id="20" name="Lost" type="soldier" x="-64" y="100"><point/></object>'
            '<object id="21" name="Far pit" type="spawn" x="2000" y="100" width="64" height="64"/>'
            '<object id="22" name="Far drain" type="spawn" x="100" y="9000"><point/></object>'
            '<object id="23" name="Edge" type="spawn" x="-32" y="0" width="64" height="64"/>'  # overlaps: fine
        )
    )
    problems = check_map(write(tmx(objects)))
    assert {p.object_id for p in problems} == {20, 21, 22}
    lost = next(p for p in problems if p.object_id == 20)
    assert "off the table" in lost.message and '24" x 16"' in lost.message


def test_object_properties_of_the_wrong_type_or_value(write):
    objects = (
        ALLIES
        + ZOMBIE
        + (
            '<object id="30" name="Pit" type="spawn" x="32" y="32" width="64" height="64">'
            '<properties><property name="dice" value="lots"/></properties></object>'
            '<object id="31" name="Odd zone" type="deploy" x="32" y="32" width="64" height="64">'
            '<properties><property name="side" value="axis"/></properties></object>'
            '<object id="32" name="Pvt" type="soldier" x="32" y="32"><properties>'
            '<property name="role" value="general"/><property name="player" type="int" value="7"/></properties>'
            "<point/></object>"
            '<object id="33" name="Boss" type="zombie" x="32" y="32"><properties>'
            '<property name="boss" value="maybe"/></properties><point/></object>'
        )
    )
    problems = check_map(write(tmx(objects)))
    dice = only(problems, "dice")
    assert dice.object_id == 30 and '"lots" is not a whole number' in dice.message and "e.g. 1" in dice.fix
    side = only(problems, "side")
    assert side.object_id == 31 and "allies, zombies, players" in side.fix
    assert only(problems, "role").object_id == 32
    assert only(problems, "player").object_id == 32
    assert "true or false" in only(problems, "boss").message


def test_empty_or_zero_values_mean_not_set(write):
    # Tiled 1.8's object types give deploy side "" and player 0 as defaults
    objects = (
        '<object id="1" name="Start" type="deploy" x="0" y="0" width="64" height="64"><properties>'
        '<property name="side" value=""/><property name="player" type="int" value="0"/>'
        "</properties></object>" + ZOMBIE
    )
    scenario = load_scenario(write(tmx(objects)))
    assert scenario.zones_of("deploy")[0].properties == {"side": "allies"}


def test_garbage_numbers_on_an_object(write):
    objects = ALLIES + ZOMBIE + '<object id="40" name="Hut" type="building" x="abc" y="0" width="nan" height="9"/>'
    problems = check_map(write(tmx(objects)))
    assert only(problems, 'x="abc"').object_id == 40
    assert only(problems, 'width="nan"').object_id == 40


# ---------------------------------------------------------------- templates


def test_missing_template(write):
    objects = ALLIES + ZOMBIE + '<object id="50" name="Ghost" template="templates/nope.tx" x="0" y="0"/>'
    p = only(check_map(write(tmx(objects))), "template file not found")
    assert (p.object_id, p.object_name) == (50, "Ghost") and "Detach" in p.fix


def test_broken_template(write, tmp_path):
    (tmp_path / "templates" / "broken.tx").write_text("<template><object name='x'")
    (tmp_path / "templates" / "empty.tx").write_text("<template/>")
    objects = (
        ALLIES
        + ZOMBIE
        + (
            '<object id="51" name="A" template="templates/broken.tx" x="0" y="0"/>'
            '<object id="52" name="B" template="templates/broken.tx" x="0" y="0"/>'
            '<object id="53" name="C" template="templates/empty.tx" x="0" y="0"/>'
        )
    )
    problems = check_map(write(tmx(objects)))
    assert only(problems, "is not valid XML").object_id == 51
    assert only(problems, "could not be read").object_id == 52
    assert only(problems, "not a Tiled object template").object_id == 53


def test_missing_tileset(write):
    text = tmx().replace(" <objectgroup", ' <tileset firstgid="1" source="tiles/gone.tsx"/>\n <objectgroup', 1)
    only(check_map(write(text)), "tileset file not found")


# ---------------------------------------------------------------- what each rule set needs


def test_zombiekrieg_needs_allied_deployment_and_zombies(write):
    problems = check_map(write(tmx("")))
    only(problems, "deploy zone for the allies")
    only(problems, "zombies placed on the table or a spawn point")


def test_zombiekrieg_spawn_instead_of_zombies(write):
    objects = ALLIES + '<object id="3" name="Pit" type="spawn" x="320" y="320"><point/></object>'
    assert check_map(write(tmx(objects))) == []


def test_zombiekrieg_exit_and_reach_objectives_need_their_zones(write):
    only(check_map(write(tmx(props={**GOOD_PROPS, "objective": "exit"}))), "an exit zone")
    only(check_map(write(tmx(props={**GOOD_PROPS, "objective": "reach"}))), "an objective zone")
    only(check_map(write(tmx(props={**GOOD_PROPS, "objective": "survive"}))), "a turn_limit")


def test_outbreak_needs_a_spawn(write):
    problems = check_map(write(tmx("", props={"ruleset": "outbreak", "objective": "escape"})))
    only(problems, "spawn point")
    only(problems, "an exit zone")


def test_zombie40k_needs_escape_vehicle_and_deploy_zones(write):
    problems = check_map(write(tmx("", props={"ruleset": "zombie40k"})))
    only(problems, "an escape vehicle")
    only(problems, "deploy zones")


def test_every_problem_is_reported_at_once(write):
    objects = (
        '<object id="1" name="A" type="wal" x="0" y="0" width="9" height="9"/>'
        '<object id="2" name="B" x="0" y="0" width="9" height="9"/>'
        '<object id="3" name="C" type="zombie" x="-500" y="0"><point/></object>'
    )
    with pytest.raises(ScenarioError) as err:
        load_scenario(write(tmx(objects, props={**GOOD_PROPS, "turn_limit": "ten"})))
    problems = err.value.problems
    assert len(problems) == 5, [str(p) for p in problems]  # class, no class, off table, turn_limit, deploy
    text = str(err.value)
    for p in problems:
        assert str(p) in text
