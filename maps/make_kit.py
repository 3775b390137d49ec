"""Write the designer's kit for Tiled: object templates, the object types, the project file.

    python maps/make_kit.py

One table below (``CLASSES``) is the single source of the object classes the game reads; from it
this script writes:

- ``templates/*.tx``: one template per kind (and handy variants), named for designers;
- ``objecttypes.xml``: Tiled 1.8's object types (the "Type" drop-down and its default properties);
- ``deadground.tiled-project``: the project, with the same classes as custom property types
  (``useAs: ["object"]``, which Tiled 1.9+ uses to offer them as object classes).

One tile is one inch and a tile is 32 px, so sizes below are inches times 32.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
PX = 32  # pixels per inch (one 32 px tile = one inch)

Value = str | int | float | bool


@dataclass(frozen=True)
class Member:
    name: str
    type: str  # string | int | float | bool
    default: Value


@dataclass(frozen=True)
class ObjectClass:
    name: str
    colour: str
    members: tuple[Member, ...] = ()


# Facing in degrees, 0 = right (+x), 90 = down the table; Tiled cannot rotate a point object.
FACING = Member("facing", "float", 0.0)

CLASSES: tuple[ObjectClass, ...] = (
    ObjectClass("wall", "#5a4a3a", (Member("thickness", "float", 0.25),)),
    ObjectClass("building", "#7a3b2e"),
    ObjectClass("clutter", "#3f7a2e", (Member("terrain", "string", "woods"),)),
    ObjectClass("ruin", "#8a7d6a"),
    ObjectClass("deploy", "#2e6fd0", (Member("side", "string", ""), Member("player", "int", 0))),
    ObjectClass("exit", "#1fb04a"),
    ObjectClass("objective", "#e0b020", (Member("label", "string", ""),)),
    ObjectClass("spawn", "#c0208a", (Member("dice", "int", 1),)),
    ObjectClass("escape_vehicle", "#20c0c0"),
    ObjectClass("zombie", "#b02020", (Member("boss", "bool", False), FACING)),
    ObjectClass(
        "soldier",
        "#4060a0",
        (
            Member("nation", "string", "american"),
            Member("role", "string", "rifleman"),
            Member("player", "int", 1),
            FACING,
        ),
    ),
    ObjectClass(
        "character",
        "#2080e0",
        (Member("player", "int", 1), Member("ranged", "string", ""), Member("melee", "string", ""), FACING),
    ),
    ObjectClass("npc", "#e08a20", (Member("ranged", "string", ""), Member("melee", "string", ""), FACING)),
    ObjectClass("note", "#a0a0a0", (Member("text", "string", ""),)),
)


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


def project_json() -> str:
    types = []
    for i, c in enumerate(CLASSES, start=1):
        types.append(
            {
                "color": c.colour,
                "id": i,
                "members": [{"name": m.name, "type": m.type, "value": m.default} for m in c.members],
                "name": c.name,
                "type": "class",
                "useAs": ["object"],
            }
        )
    project = {
        "automappingRulesFile": "",
        "commands": [],
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
