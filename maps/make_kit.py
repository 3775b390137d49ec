"""Write the designer's kit for Tiled: object templates, the object types, the project file.

    python maps/make_kit.py

The classes, their properties and defaults come from the game's schema
(``game/data/scenario_schema.toml``), so the kit cannot drift from what the loader reads; from it this
script writes:

- ``templates/*.tx``: one template per kind (and handy variants), named for designers;
- ``objecttypes.xml``: Tiled 1.8's object types (the "Type" drop-down and its default properties);
- ``deadground.tiled-project``: the project, with the same classes as custom property types
  (``useAs: ["object"]``, which Tiled 1.9+ uses to offer them as object classes), a map class
  ``scenario`` (Map Properties pre-filled with the game's defaults), the enums (ruleset, objective,
  side, nation, role, terrain: drop-downs in Tiled) and the commands "Check this map", "Play this
  map" and "Designer view" (Tiled's Commands menu, F5).

Template sizes are stored in pixels (Tiled's unit): one 32 px tile is one inch, so sizes below are
inches times 32. On a map with another tile size or inches_per_tile a template keeps its pixel size:
a 6" wall is 3" on a map of 0.5" tiles (maps/README.md says so).
"""

from __future__ import annotations

import json
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

from game.scenario.schema import PropertySpec, load_schema  # noqa: E402

SCHEMA = load_schema()
with open(HERE.parent / "game" / "data" / "scenario_schema.toml", "rb") as _f:
    SCHEMA_TOML = tomllib.load(_f)
PX = 32  # pixels per inch (one 32 px tile = one inch)

Value = str | int | float | bool


@dataclass(frozen=True)
class Member:
    name: str
    type: str  # string | int | float | bool
    default: Value
    enum: str = ""  # the project's enum offering the allowed values (a drop-down in Tiled)


@dataclass(frozen=True)
class ObjectClass:
    name: str
    colour: str
    members: tuple[Member, ...] = ()


# Colours are the kit's own (how Tiled draws each class); everything else comes from the schema.
COLOURS = {
    "wall": "#5a4a3a",
    "building": "#7a3b2e",
    "clutter": "#3f7a2e",
    "ruin": "#8a7d6a",
    "deploy": "#2e6fd0",
    "exit": "#1fb04a",
    "objective": "#e0b020",
    "spawn": "#c0208a",
    "escape_vehicle": "#20c0c0",
    "zombie": "#b02020",
    "soldier": "#4060a0",
    "character": "#2080e0",
    "npc": "#e08a20",
    "note": "#a0a0a0",
}
MAP_CLASS = "scenario"  # the class of a map (Map > Map Properties > Class, Tiled 1.9+)
_ZERO: dict[str, Value] = {"string": "", "int": 0, "float": 0.0, "bool": False}


def _member(spec: PropertySpec, data: dict) -> Member:
    """A class member with the game's default; without one, the type's zero (the game reads it as
    not set: Tiled saves only the members a designer sets, shown in bold)."""
    default = spec.default if spec.default is not None else _ZERO[spec.type]
    if spec.type == "float":
        default = float(default)
    return Member(spec.name, spec.type, default, str(data.get("enum", "")))


def _tables() -> list[dict]:
    return [SCHEMA_TOML.get("map", {})] + [c.get("properties", {}) for c in SCHEMA_TOML["objects"].values()]


def enums() -> dict[str, list[str]]:
    """The project's enums, by name: each from a schema property's allowed (or suggested) values."""
    found: dict[str, list[str]] = {}
    for table in _tables():
        for data in table.values():
            name = data.get("enum")
            if not name:
                continue
            values = list(data.get("allowed", ())) or list(data.get("suggested", ()))
            for per_ruleset in data.get("allowed_by_ruleset", {}).values():
                values += [v for v in per_ruleset if v not in values]
            if data.get("default") in (None, ""):
                # no single game default: a blank first choice, which Tiled shows for a member left unset
                # (else it would show the first value, which the game may not use for every rule set)
                values.insert(0, "")
            found[name] = values
    return found


def classes() -> tuple[ObjectClass, ...]:
    out = []
    for name, spec in SCHEMA.objects.items():
        raw = SCHEMA_TOML["objects"][name].get("properties", {})
        members = tuple(_member(p, raw.get(p.name, {})) for p in spec.properties.values())
        out.append(ObjectClass(name, COLOURS.get(name, "#808080"), members))
    return tuple(out)


CLASSES: tuple[ObjectClass, ...] = classes()
MAP_MEMBERS: tuple[Member, ...] = tuple(_member(p, SCHEMA_TOML["map"][p.name]) for p in SCHEMA.map.values())


@dataclass(frozen=True)
class Template:
    """One ``.tx`` file: a named object of a class, its shape, and the properties it sets."""

    file: str
    name: str
    kind: str
    shape: str  # point | rectangle | ellipse | polygon | polyline
    size: tuple[float, float] = (0, 0)  # inches, for rectangle / ellipse
    points: tuple[tuple[float, float], ...] = ()  # inches, for polygon / polyline
    properties: dict[str, Value] = field(default_factory=dict)


def _soldier(role: str, label: str) -> Template:
    return Template(
        f"soldier_{role}.tx",
        label,
        "soldier",
        "point",
        properties={"nation": "american", "role": role, "player": 1},
    )


TEMPLATES: tuple[Template, ...] = (
    Template("wall.tx", "Wall", "wall", "polyline", points=((0, 0), (6, 0)), properties={"thickness": 0.25}),
    Template("wall_block.tx", "Wall (solid block)", "wall", "rectangle", (6, 0.5)),
    Template(
        "barricade.tx",
        "Barricade",
        "wall",
        "polyline",
        points=((0, 0), (2, 0.6), (4, 0)),
        properties={"thickness": 0.5},
    ),
    Template("building.tx", "Building", "building", "rectangle", (6, 4)),
    Template(
        "building_l.tx",
        "Building (L-shaped)",
        "building",
        "polygon",
        points=((0, 0), (8, 0), (8, 3), (3, 3), (3, 7), (0, 7)),
    ),
    Template("parked_car.tx", "Parked car", "building", "rectangle", (3.2, 1.4)),
    Template("clutter_woods.tx", "Woods", "clutter", "ellipse", (8, 6), properties={"terrain": "woods"}),
    Template(
        "clutter_hedge.tx", "Hedge (bocage)", "clutter", "rectangle", (8, 1.25), properties={"terrain": "hedge"}
    ),
    Template("clutter_rubble.tx", "Rubble", "clutter", "rectangle", (4, 3), properties={"terrain": "rubble"}),
    Template("clutter_crops.tx", "Crops", "clutter", "rectangle", (10, 8), properties={"terrain": "crops"}),
    Template("clutter_orchard.tx", "Orchard", "clutter", "rectangle", (10, 8), properties={"terrain": "orchard"}),
    Template("clutter_garden.tx", "Garden", "clutter", "rectangle", (6, 5), properties={"terrain": "garden"}),
    Template("ruin.tx", "Ruin", "ruin", "polygon", points=((0, 0), (7, 0), (8, 3), (6, 6), (1, 5))),
    Template(
        "deploy_allies.tx",
        "Deployment zone (Allies)",
        "deploy",
        "rectangle",
        (6, 24),
        properties={"side": "allies"},
    ),
    Template(
        "deploy_zombies.tx",
        "Deployment zone (Zombies)",
        "deploy",
        "rectangle",
        (8, 8),
        properties={"side": "zombies"},
    ),
    Template(
        "deploy_players.tx",
        "Start zone (Player characters)",
        "deploy",
        "rectangle",
        (8, 6),
        properties={"side": "players"},
    ),
    *(
        Template(
            f"deploy_player{n}.tx",
            f"Deployment zone (Player {n})",
            "deploy",
            "rectangle",
            (8, 8),
            properties={"player": n},
        )
        for n in (1, 2, 3, 4)
    ),
    Template("exit.tx", "Exit zone", "exit", "rectangle", (3, 12)),
    Template(
        "objective.tx", "Objective zone", "objective", "rectangle", (4, 4), properties={"label": "Objective"}
    ),
    Template("spawn.tx", "Zombie spawn point", "spawn", "rectangle", (3, 3), properties={"dice": 1}),
    Template("spawn_2d6.tx", "Zombie spawn point (2D6)", "spawn", "rectangle", (3, 3), properties={"dice": 2}),
    Template("spawn_edge.tx", "Zombie spawn edge", "spawn", "rectangle", (12, 2), properties={"dice": 1}),
    Template("escape_vehicle.tx", "Escape vehicle", "escape_vehicle", "rectangle", (8, 4)),
    Template("zombie.tx", "Zombie", "zombie", "point", properties={"boss": False}),
    Template("zombie_boss.tx", "Zombie Boss", "zombie", "point", properties={"boss": True}),
    _soldier("sergeant", "Sergeant"),
    _soldier("corporal", "Corporal"),
    _soldier("rifleman", "Rifleman"),
    _soldier("smg", "SMG gunner"),
    _soldier("lmg", "LMG gunner"),
    Template(
        "character.tx",
        "Player character",
        "character",
        "point",
        properties={"player": 1, "ranged": "pistol", "melee": "club"},
    ),
    Template("npc.tx", "Bystander (NPC)", "npc", "point"),
    Template("note.tx", "Designer's note", "note", "rectangle", (6, 2), properties={"text": ""}),
)


def class_of(kind: str) -> ObjectClass:
    return next(c for c in CLASSES if c.name == kind)


def _fmt(v: Value) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    return str(v)


def property_xml(name: str, kind: str, value: Value, indent: str) -> str:
    """One ``<property>`` line as Tiled writes it (strings carry no type attribute)."""
    type_attr = "" if kind == "string" else f' type="{kind}"'
    return f"{indent}<property name={quoteattr(name)}{type_attr} value={quoteattr(_fmt(value))}/>"


def template_xml(t: Template) -> str:
    cls = class_of(t.kind)
    types = {m.name: m.type for m in cls.members}
    attrs = f'name={quoteattr(t.name)} type="{t.kind}"'
    if t.shape in ("rectangle", "ellipse"):
        attrs += f' width="{_fmt(t.size[0] * PX)}" height="{_fmt(t.size[1] * PX)}"'
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<template>", f" <object {attrs}>"]
    if t.properties:
        lines.append("  <properties>")
        lines += [property_xml(k, types[k], v, "   ") for k, v in t.properties.items()]
        lines.append("  </properties>")
    if t.shape == "point":
        lines.append("  <point/>")
    elif t.shape == "ellipse":
        lines.append("  <ellipse/>")
    elif t.shape in ("polygon", "polyline"):
        pts = " ".join(f"{_fmt(x * PX)},{_fmt(y * PX)}" for x, y in t.points)
        lines.append(f'  <{t.shape} points="{pts}"/>')
    lines += [" </object>", "</template>"]
    return "\n".join(lines) + "\n"


def objecttypes_xml() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for c in CLASSES:
        lines.append(f' <objecttype name="{c.name}" color="{c.colour}">')
        for m in c.members:
            lines.append(f'  <property name="{m.name}" type="{m.type}" default={quoteattr(_fmt(m.default))}/>')
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def _member_json(m: Member) -> dict[str, object]:
    out: dict[str, object] = {"name": m.name, "type": m.type, "value": m.default}
    if m.enum:
        out["propertyType"] = m.enum
    return out


COMMANDS = (
    ("Check this map", "check %mapfile"),
    ("Play this map", "play %mapfile"),
    ("Designer view", "design %mapfile"),
)


def project_json() -> str:
    types: list[dict[str, object]] = []
    for name, values in enums().items():
        types.append(
            {
                "id": len(types) + 1,
                "name": name,
                "storageType": "string",
                "type": "enum",
                "values": values,
                "valuesAsFlags": False,
            }
        )
    for c in CLASSES:
        types.append(
            {
                "color": c.colour,
                "drawFill": True,
                "id": len(types) + 1,
                "members": [_member_json(m) for m in c.members],
                "name": c.name,
                "type": "class",
                "useAs": ["object"],
            }
        )
    types.append(
        {
            "color": "#404040",
            "drawFill": True,
            "id": len(types) + 1,
            "members": [_member_json(m) for m in MAP_MEMBERS],
            "name": MAP_CLASS,
            "type": "class",
            "useAs": ["map"],
        }
    )
    project = {
        "automappingRulesFile": "",
        "commands": [
            {
                "arguments": arguments,
                "command": "deadground",
                "enabled": True,
                "name": name,
                "saveBeforeExecute": True,
                "shortcut": "",
                "showOutput": True,
                "workingDirectory": "%mappath",
            }
            for name, arguments in COMMANDS
        ],
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4) + "\n"


def main() -> None:
    tdir = HERE / "templates"
    tdir.mkdir(exist_ok=True)
    for t in TEMPLATES:
        (tdir / t.file).write_text(template_xml(t), encoding="utf-8")
    (HERE / "objecttypes.xml").write_text(objecttypes_xml(), encoding="utf-8")
    (HERE / "deadground.tiled-project").write_text(project_json(), encoding="utf-8")
    print(f"wrote {len(TEMPLATES)} templates, objecttypes.xml and deadground.tiled-project")


if __name__ == "__main__":
    main()
