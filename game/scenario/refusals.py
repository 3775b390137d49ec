"""What the game refuses a map for beyond the loader's problems: a picture the screen cannot draw, and a deploy
zone with no free ground for a base (the set-up would have nowhere to put the figures). ``load_scenario``
reports them, so the game never starts such a map; ``deadground check`` (:mod:`game.scenario.review`) says
the same words and builds its other checks on :class:`MapChecks`.

Plain geometry and the schema, no pymunk table and no rule set: every load of a map runs it.

>>> deploy_grid(Area.rect(0, 0, 3, 1.5), 1.5)
[(0.75, 0.75), (2.25, 0.75)]
"""

from __future__ import annotations

import math
import tomllib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.scenario.geometry import Scale
from game.scenario.model import Area, Placement, Point, Scenario, Terrain, Zone, describe
from game.scenario.problems import ERROR, WARNING, Problem
from game.scenario.schema import Schema, load_schema
from game.scenario.tiles import read_tiles
from game.scenario.tmx import RawMap, RawObject, read_tmx

BASE_RADIUS = 0.5  # a 1" base: what every rule set here stands its figures on
PROBE_SPACING = 0.5  # inches between the points tried inside a zone
PEOPLE = ("character", "npc")  # the map's figures the log calls by their names
NAME_CHARS = 60  # [house] characters in a person's name: the screen draws it beside the figure and in the roster
UNSEEN = ("Cc", "Cf", "Cs", "Co", "Cn")  # control, format (right-to-left marks), surrogate, private, unassigned


@dataclass(frozen=True)
class ForceFacts:
    """What a rule set puts on the table that a map must make room for."""

    smallest: int  # figures of the smallest force one player can field
    largest: int  # of the largest
    base_radius: float = BASE_RADIUS
    deploy_spacing: float = 1.5
    # the figures ``exit_count`` counts from on this map whatever the players choose, when the rule set
    # knows it (the map's own characters, the bystanders to rescue); None: the forces chosen at set-up
    exit_pool: int | None = None


def deploys_here(ruleset: str, zone: Zone) -> bool:
    """Whether the rule set sets a player's figures up in this deploy zone: a zone for a player, or one
    whose side the rule set does not ignore (the schema's ignored_values) and is not the zombies'."""
    side = str(zone.properties.get("side", "")).lower()
    if "player" in zone.properties:
        return True
    extra = specs_extra(load_schema(), "deploy", "side")
    ignored = [str(v).lower() for v in extra.get("ignored_values", {}).get(ruleset, [])]
    return side != "zombies" and side not in ignored


def refusals(scenario: Scenario, raw: RawMap | None = None) -> list[Problem]:
    """The errors the game itself refuses a map for, beyond the loader's: what the screen cannot draw
    and a deploy zone with no free ground (the set-up would have nowhere to put the figures). The same
    messages ``check`` prints; ``load_scenario`` reports them, so the game never starts such a map.
    Kept cheap (no pymunk table): every load of a map runs it."""
    _, tile_problems = read_tiles(scenario.path)
    found = [p for p in tile_problems if p.severity == ERROR]
    if raw is None:
        raw, _ = read_tmx(scenario.path)
        if raw is None:
            return found
    checks = MapChecks(raw, load_schema(), scenario)
    deploy = [z for z in scenario.zones_of("deploy") if deploys_here(scenario.ruleset, z)]
    found += [p for p in checks.deploy_ground(scenario, deploy, None) if p.severity == ERROR]
    found += checks.shared_names(scenario)
    found += checks.unreadable_names(scenario)
    return [checks.place(p) for p in found]


class MapChecks:
    """A map's problems placed on their layer and position: the checks ``refusals`` and ``check`` share."""

    def __init__(self, raw: RawMap, schema: Schema, scenario: Scenario | None) -> None:
        self.raw = raw
        self.schema = schema
        ruleset = raw.properties.get("ruleset")
        self.ruleset = str(ruleset.value).strip() if ruleset else ""
        inches = scenario.inches_per_tile if scenario else inches_per_tile(raw)
        self.scale = Scale(raw.tilewidth, raw.tileheight, inches)
        self.by_id: dict[int, RawObject] = {}
        for obj in raw.objects:
            self.by_id.setdefault(obj.id, obj)

    def place(self, p: Problem) -> Problem:
        """The problem with its object's layer and Tiled position (in inches) filled in."""
        obj = self.by_id.get(p.object_id) if p.object_id is not None else None
        if obj is None:
            return p
        return replace(p, layer=p.layer or obj.layer, at=p.at or self.scale((obj.x, obj.y)))

    def problem(self, obj: RawObject | None, message: str, fix: str, severity: str = ERROR) -> Problem:
        if obj is None:
            return Problem(None, "", message, fix, severity)
        return Problem(obj.id, obj.name, message, fix, severity, obj.layer, self.scale((obj.x, obj.y)))

    def obj(self, thing_id: int) -> RawObject | None:
        return self.by_id.get(thing_id)

    def shared_names(self, scenario: Scenario) -> list[Problem]:
        """Two people of the map (characters and bystanders, named as the log names them) called the same: the
        log and the roster could not tell them apart. Named once each, capitals aside ("Earl" and "earl")."""
        first: dict[str, Placement] = {}
        out = []
        for pl in scenario.placements:
            key = pl.name.strip().casefold()
            if pl.kind not in PEOPLE or not key:
                continue
            if key not in first:
                first[key] = pl
                continue
            other = first[key]
            out.append(
                self.problem(
                    self.obj(pl.id),
                    f'two people are called "{pl.name.strip()}": {other.kind} {other.id} "{other.name}" '
                    f"and {pl.kind} {pl.id}; the log and the roster could not tell them apart",
                    "give each character and bystander a name of his own",
                )
            )
        return out

    def unreadable_names(self, scenario: Scenario) -> list[Problem]:
        """A person of the map whose name the screen cannot draw as one short line: over :data:`NAME_CHARS`
        characters (9,000 made the set-up and the table take minutes a frame), or holding a control or
        invisible character (a tab, a right-to-left mark)."""
        out = []
        for pl in scenario.placements:
            name = pl.name.strip()
            if pl.kind not in PEOPLE:
                continue
            if len(name) > NAME_CHARS:
                why = f"is {len(name):,} characters long (a name is at most {NAME_CHARS})"
            elif any(unicodedata.category(c) in UNSEEN for c in name):
                why = "holds a control or invisible character"
            else:
                continue
            out.append(
                self.problem(
                    self.obj(pl.id),
                    f"the {pl.kind}'s name {why}: the screen draws it beside the figure and in the roster",
                    "give him a short name of letters, digits and spaces in Tiled",
                )
            )
        return out

    def deploy_ground(self, scenario: Scenario, deploy: Sequence[Zone], facts: ForceFacts | None) -> list[Problem]:
        out = []
        radius = facts.base_radius if facts else BASE_RADIUS
        spacing = facts.deploy_spacing if facts else 1.5
        blockers = [t for t in scenario.terrain if t.blocks_movement]
        for zone in deploy:
            spots = [
                p
                for p in deploy_grid(zone.area, spacing)
                if zone.area.contains(p) and _base_clear(blockers, scenario.width, scenario.height, p, radius)
            ]
            if not spots:
                what = blocking_in(scenario, zone.area)
                out.append(
                    self.problem(
                        self.obj(zone.id),
                        f'the deploy zone has no free ground for a {2 * radius:g}" base'
                        + (f" ({what} covers it)" if what else ""),
                        "move the zone onto open ground, or move what covers it",
                    )
                )
            elif facts and len(spots) < facts.largest:
                out.append(
                    self.problem(
                        self.obj(zone.id),
                        f"only {len(spots)} of a force's {facts.largest} figures fit in the deploy zone "
                        f'(bases {spacing:g}" apart); the rest are set up on open ground around it, not where '
                        "the map shows",
                        "make the zone bigger, or clear what stands in it",
                        WARNING,
                    )
                )
        return out


# ---------------------------------------------------------------------- schema extras


def specs_extra(schema: Schema, owner: str, name: str) -> dict[str, Any]:
    """The raw TOML of a property (``owner`` is "map" or a class name): for keys the PropertySpec
    does not carry (``ignored_by``, ``ignored_values``)."""
    data = _schema_toml()
    if owner == "map":
        return dict(data.get("map", {}).get(name, {}))
    return dict(data.get("objects", {}).get(owner, {}).get("properties", {}).get(name, {}))


def class_extra(schema: Schema, cls: str) -> dict[str, Any]:
    return dict(_schema_toml().get("objects", {}).get(cls, {}))


_TOML: dict[str, Any] | None = None


def _schema_toml() -> dict[str, Any]:
    global _TOML
    if _TOML is None:
        from game.assets import data_file

        with open(data_file("scenario_schema.toml"), "rb") as f:
            _TOML = tomllib.load(f)
    return _TOML


def inches_per_tile(raw: RawMap) -> float:
    prop = raw.properties.get("inches_per_tile")
    try:
        value = float(prop.value) if prop else 1.0
    except (TypeError, ValueError):
        return 1.0
    return value if math.isfinite(value) and value > 0 else 1.0


# ---------------------------------------------------------------------- geometry


def probe_points(area: Area, width: float, height: float) -> list[Point]:
    """Points inside the area (and on the table), every PROBE_SPACING inches, plus its centre."""
    if area.shape == "point":
        return [area.points[0]]
    x0, y0, x1, y1 = area.bounds
    x0, y0, x1, y1 = max(x0, 0.0), max(y0, 0.0), min(x1, width), min(y1, height)
    step = max(PROBE_SPACING, math.sqrt(max((x1 - x0) * (y1 - y0), 0.0) / 4000))
    out = [area.centre] if area.contains(area.centre) else []
    y = y0 + step / 2
    while y < y1:
        x = x0 + step / 2
        while x < x1:
            if area.contains((x, y)):
                out.append((x, y))
            x += step
        y += step
    return out


def deploy_grid(area: Area, spacing: float) -> list[Point]:
    """The deployment grid over the area's bounds, half a spacing in from its sides (as the rules lay it)."""
    x0, y0, x1, y1 = area.bounds
    nx, ny = max(1, int((x1 - x0) / spacing)), max(1, int((y1 - y0) / spacing))
    ox = x0 + ((x1 - x0) - (nx - 1) * spacing) / 2
    oy = y0 + ((y1 - y0) - (ny - 1) * spacing) / 2
    return [(ox + i * spacing, oy + j * spacing) for j in range(ny) for i in range(nx)]


def _base_clear(blockers: Sequence[Terrain], width: float, height: float, p: Point, r: float) -> bool:
    """A base of radius r at p is on the table and touches no wall or building (plain geometry, the
    table's rule: polyline walls have their thickness, outlines their inside)."""
    x, y = p
    if x - r < -1e-9 or y - r < -1e-9 or x + r > width + 1e-9 or y + r > height + 1e-9:
        return False
    for t in blockers:
        reach = r + (_thickness(t) / 2 if t.area.is_line else 0.0)
        x0, y0, x1, y1 = t.area.bounds
        if x < x0 - reach or x > x1 + reach or y < y0 - reach or y > y1 + reach:
            continue
        if t.area.contains(p):
            return False
        pts = t.area.points
        sides = zip(pts, pts[1:]) if t.area.is_line else zip(pts, pts[1:] + pts[:1])
        if any(_segment_distance(p, a, b) < reach - 1e-6 for a, b in sides):
            return False
    return True


def _thickness(t: Terrain) -> float:
    try:
        value = float(t.properties.get("thickness", 0.25))
    except (TypeError, ValueError):
        return 0.25
    return value if value > 0 else 0.25


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def blocking_in(scenario: Scenario, area: Area) -> str:
    """The wall or building that covers most of the area's probe points ("" if none covers any)."""
    probes = probe_points(area, scenario.width, scenario.height) or [area.centre]
    best, most = "", 0
    for t in scenario.terrain:
        if t.kind != "building" and not (t.kind == "wall" and not t.area.is_line):
            continue
        n = sum(1 for p in probes if t.area.contains(p))
        if n > most:
            best, most = describe(t), n
    return best
