"""The Tiled project does the typing (issue 16, item 3): ``maps/deadground.tiled-project`` declares every
object class and a map class with the game's own properties, types and defaults, enums for the values the
game allows (drop-downs in Tiled), and the commands "Check this map" and "Play this map". Compared here
with ``game/data/scenario_schema.toml``, so the project and the game cannot drift apart."""

from __future__ import annotations

import json
import runpy
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.scenario.schema import load_schema

ROOT = Path(__file__).resolve().parent.parent
PROJECT = json.loads((ROOT / "maps" / "deadground.tiled-project").read_text())
TYPES = {t["name"]: t for t in PROJECT["propertyTypes"]}
ZERO = {"string": "", "int": 0, "float": 0.0, "bool": False}
SCHEMA = load_schema()


def _allowed(spec) -> list:
    values = list(spec.allowed)
    for per_ruleset in spec.allowed_by_ruleset.values():
        values += [v for v in per_ruleset if v not in values]
    return values


def _check_members(members: list[dict], specs: dict) -> None:
    assert [m["name"] for m in members] == list(specs)
    for m in members:
        spec = specs[m["name"]]
        assert m["type"] == spec.type, m["name"]
        expected = spec.default if spec.default is not None else ZERO[spec.type]
        assert m["value"] == expected and type(m["value"]) is type(expected), m["name"]
        if spec.allowed or spec.allowed_by_ruleset:
            enum = TYPES[m["propertyType"]]
            assert enum["type"] == "enum" and enum["storageType"] == "string"
            blank = [""] if spec.default in (None, "") else []  # unset shows blank, not a value
            assert enum["values"] == blank + _allowed(spec), m["name"]


@pytest.mark.parametrize("name", list(SCHEMA.objects))
def test_every_object_class_matches_the_schema(name):
    cls = TYPES[name]
    assert cls["type"] == "class" and cls["useAs"] == ["object"]
    _check_members(cls["members"], SCHEMA.objects[name].properties)


def test_the_map_class_prefills_map_properties():
    cls = TYPES["scenario"]
    assert cls["useAs"] == ["map"]
    _check_members(cls["members"], SCHEMA.map)
    values = {m["name"]: m["value"] for m in cls["members"]}
    assert values["zombie_ratio"] == 2.5 and values["inches_per_tile"] == 1.0
    # 0 = not set: the rule set plays its own default (maps/REFERENCE.md says which)
    assert values["exit_count"] == 0 and values["turn_limit"] == 0


def test_enums_for_the_drop_downs():
    assert {"ruleset", "objective_type", "side", "nation", "role", "terrain"} <= {
        t["name"] for t in PROJECT["propertyTypes"] if t["type"] == "enum"
    }
    assert TYPES["ruleset"]["values"] == ["", "zombiekrieg", "outbreak", "zombie40k"]


def test_commands_check_and_play_this_map():
    commands = {c["name"]: c for c in PROJECT["commands"]}
    assert commands["Check this map"]["command"] == "deadground"
    assert commands["Check this map"]["arguments"] == "check %mapfile"
    assert commands["Play this map"]["arguments"] == "play %mapfile"
    assert all(c["saveBeforeExecute"] and c["enabled"] for c in commands.values())


def test_objecttypes_for_tiled_1_8_match_too():
    root = ET.parse(ROOT / "maps" / "objecttypes.xml").getroot()
    assert [t.get("name") for t in root] == list(SCHEMA.objects)
    for t in root:
        assert [p.get("name") for p in t] == list(SCHEMA.objects[t.get("name")].properties)


def test_the_kit_on_disk_is_what_make_kit_writes():
    kit = runpy.run_path(str(ROOT / "maps" / "make_kit.py"))
    assert (ROOT / "maps" / "deadground.tiled-project").read_text() == kit["project_json"]()
    assert (ROOT / "maps" / "objecttypes.xml").read_text() == kit["objecttypes_xml"]()
    for t in kit["TEMPLATES"]:
        assert (ROOT / "maps" / "templates" / t.file).read_text() == kit["template_xml"](t), t.file


def test_the_guide_tells_tiled_1_8_users_what_works_and_how_to_load_the_object_types():
    guide = (ROOT / "maps" / "README.md").read_text(encoding="utf-8")
    start = guide.index("**Tiled 1.8**")
    said = guide[start : guide.index("\n\n", start)]
    assert "1.9" in said and "objecttypes.xml" in said
    assert "View > Object Types Editor" in said and "Choose Object Types File" in said
    assert PROJECT["objectTypesFile"] == "objecttypes.xml"  # the file 1.8 reads, named by the project
