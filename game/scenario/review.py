"""What ``deadground check`` says about a map: the loader's problems, what the screen cannot draw, and
the play checks, i.e. what would break a game or silently change it.

The play checks use the table's own geometry and walker (``game.table.Table``), so "no figure can
reach the exit" means exactly that the game's path-finding finds no way there for a 1" base, and the
rule set's own forces and set-up (``game.startcheck``). So this module sits above the rules on the layers'
floor table, beside ``game/startcheck.py``, though it lives with the scenario it reviews; what the loader
itself refuses a map for is below, in :mod:`game.scenario.refusals`. Every problem names the object, its
layer and its position in inches (x right, y down the table).

Severities (``problems.ERROR``, ``WARNING``, ``NOTE``): an error means the map cannot be played as
drawn; a warning that it plays, but not as drawn (a property the rule set ignores, figures that do
not fit their zone); a note is worth knowing (a hidden layer is left out).

>>> review_map("no/such/map.tmx").problems[0].message
'file not found: no/such/map.tmx'
"""

from __future__ import annotations

import difflib
import math
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.scenario.geometry import Scale
from game.scenario.loader import _read
from game.scenario.model import Area, Point, Scenario, Terrain, Zone
from game.scenario.problems import ERROR, NOTE, WARNING, Problem, a
from game.scenario.refusals import (  # noqa: F401 (ForceFacts and refusals re-exported)
    BASE_RADIUS,
    ForceFacts,
    MapChecks,
    blocking_in,
    class_extra,
    deploy_grid,
    deploys_here,
    inches_per_tile,
    probe_points,
    refusals,
    specs_extra,
)
from game.scenario.scale_checks import template_scale, tileset_scale
from game.scenario.schema import PropertySpec, Schema, load_schema
from game.scenario.tiles import read_tiles
from game.scenario.tmx import RawMap, RawObject, read_tmx

if TYPE_CHECKING:
    from game.table.space import Table


@dataclass(frozen=True)
class Review:
    """A map's scenario (None when it cannot be loaded) and everything ``check`` has to say about it."""

    path: str
    scenario: Scenario | None
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == WARNING)

    @property
    def notes(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == NOTE)


# ---------------------------------------------------------------------- rule-set facts


def force_facts(ruleset: str, scenario: Scenario | None = None) -> ForceFacts | None:
    """The forces of ``ruleset`` (on ``scenario`` when given): from the ``force_facts(scenario)`` hook of its
    RuleSet (the rule-set contract), else from its data file by convention (``game/data/<key>.toml``: the
    figures of each ``[sections.*]`` and the ``[house]`` base size and deploy spacing); None when this
    build has no such rule set or says nothing about its forces (the checks that need them are left out)."""
    try:
        from game.rules.core import get_ruleset

        rules = get_ruleset(ruleset)
    except (KeyError, ImportError):
        return None
    hook = getattr(rules, "force_facts", None)
    if callable(hook):
        found = hook(scenario)
        return found if isinstance(found, ForceFacts) else None
    from game.assets import data_file

    try:
        with open(data_file(f"{ruleset}.toml"), "rb") as f:
            data = tomllib.load(f)
        sizes = [sum(int(m["count"]) for m in s["members"]) for s in data["sections"].values()]
        house = data.get("house", {})
        return ForceFacts(
            min(sizes),
            max(sizes),
            float(house.get("base_size", 2 * BASE_RADIUS)) / 2,
            float(house.get("deploy_spacing", 1.5)),
        )
    except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError):
        return None


SEE_REFERENCE = "see maps/REFERENCE.md and the rules reference in docs/rules/"


def as_problem(scenario: Scenario, said: str | Problem) -> Problem:
    """A rule set's warning as a problem: its own Problem, or a sentence "what \u2014 fix" about the map."""
    if isinstance(said, Problem):
        return said
    message, _, fix = said.partition(" \u2014 ")
    return Problem(None, scenario.title, message, fix or SEE_REFERENCE, WARNING)


def rule_set_warnings(scenario: Scenario) -> list[Problem]:
    """What the map's rule set warns about it (``RuleSet.scenario_warnings``: numbers or places its rules would
    not play); none when this build has no such rule set."""
    try:
        from game.rules.core import get_ruleset

        warn = get_ruleset(scenario.ruleset).scenario_warnings
    except (KeyError, ImportError):
        return []
    return [as_problem(scenario, said) for said in warn(scenario)] if warn is not None else []


# ---------------------------------------------------------------------- the review


def review_map(path: str, schema: Schema | None = None) -> Review:
    """Load and check ``path``: every problem ``check`` reports, each placed on its layer and position."""
    path = str(path)
    schema = schema or load_schema()
    scenario, problems = _read(path)
    raw, _ = read_tmx(path)
    found = list(problems)
    if raw is None:
        return Review(path, None, tuple(found))
    said = {str(p) for p in found}
    tiles, tile_problems = read_tiles(path)
    if any(" is missing: " in p.message and p.message.startswith("the picture of") for p in tile_problems):
        # the screen's reader names the missing picture with the Tiled menu to fix it: one message, not two
        found = [p for p in found if not (p.message.startswith("the picture ") and " not found" in p.message)]
    found += [p for p in tile_problems if str(p) not in said]
    checks = _Checks(raw, schema, scenario)
    found += checks.raw_checks()
    found += template_scale(raw) + tileset_scale(raw, tiles)  # drawn at another scale than the map
    if scenario is not None:
        found += checks.play_checks(scenario)
        found += rule_set_warnings(scenario)  # the designer view and New game hear them too, not only check
        if not any(p.severity == ERROR for p in found):
            from game.startcheck import start_problems  # the rule set's set-up: asked of a loaded map only

            found += start_problems(scenario)  # what check accepts, the game sets up (issue 17)
    else:
        # The map does not load, but the designer should hear everything at once: the play checks on
        # what can be read of it (its errors and warnings; the notes would only repeat the loader).
        sketch = sketch_scenario(path)
        inches = schema.limits.table_inches
        if sketch is not None and sketch.width <= inches and sketch.height <= inches:  # never past the limits
            try:
                found += [p for p in checks.play_checks(sketch) if p.severity != NOTE]
            except Exception:  # a sketch of a broken map may break the table: the loader said why
                pass
    crossing = {p.object_id for p in found if "crosses itself" in p.message}
    # a bow tie's area cancels out, so the loader calls it "all in a line": the crossing is the truth
    found = [p for p in found if not (p.object_id in crossing and "has no area" in p.message)]
    placed = [checks.place(p) for p in found]
    errors = [p for p in placed if p.severity == ERROR]
    return Review(path, scenario if not errors else None, tuple(_unique(placed)))


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    seen: set[str] = set()
    out = []
    for p in problems:
        if str(p) not in seen:
            seen.add(str(p))
            out.append(p)
    return out


def _meaningful(spec: PropertySpec, raw: Any, ruleset: str) -> bool:
    """Whether a value says something beyond the default (a template's boss = false does not)."""
    if spec.is_unset(raw):
        return False
    value, error = spec.coerce(raw, ruleset)
    if error:
        return False  # the loader reports it
    default = spec.default_for(ruleset)
    return value != default and not (default is None and not value)


def _did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.75)
    return close[0] if close else None


def _at(p: Point) -> str:
    return f'({p[0]:.3g}", {p[1]:.3g}")'


class _Checks(MapChecks):
    def __init__(self, raw: RawMap, schema: Schema, scenario: Scenario | None) -> None:
        super().__init__(raw, schema, scenario)
        self._table: Table | None = None

    # ------------------------------------------------------------------ from the file alone

    def raw_checks(self) -> list[Problem]:
        out: list[Problem] = []
        out += self.duplicate_ids()
        out += self.hidden()
        out += self.unknown_map_properties()
        for obj in self.raw.objects:
            if obj.visible:
                out += self.unknown_object_properties(obj)
                out += self.self_intersection(obj)
        return out

    def duplicate_ids(self) -> list[Problem]:
        counts = Counter(o.id for o in self.raw.objects)
        out = []
        for oid, n in sorted(counts.items()):
            if n > 1:
                names = ", ".join(
                    f'"{o.name}"' if o.name else "(no name)" for o in self.raw.objects if o.id == oid
                )
                obj = self.by_id[oid]
                out.append(
                    self.problem(
                        obj,
                        f"{n} objects share the id {oid} ({names}); saves and messages could not tell them apart",
                        "open the map in Tiled and save it (Tiled gives each object its own id), or delete the "
                        "copy and place it again",
                    )
                )
        return out

    def hidden(self) -> list[Problem]:
        """Hidden layers and objects are left out of the game (as a scratch layer should be): say so."""
        per_layer: dict[str, list[RawObject]] = defaultdict(list)
        for obj in self.raw.objects:
            if not obj.visible:
                per_layer[obj.layer].append(obj)
        out = []
        for layer, objs in per_layer.items():
            out.append(
                Problem(
                    None,
                    "",
                    f'{len(objs)} hidden object(s) on layer "{layer}" are left out of the game '
                    f"(ids {', '.join(str(o.id) for o in objs[:8])}{'...' if len(objs) > 8 else ''})",
                    "show the layer or object in Tiled (the eye in the Layers view, or Visible in its "
                    "properties) if they should play",
                    NOTE,
                    layer,
                )
            )
        return out

    def unknown_map_properties(self) -> list[Problem]:
        out = []
        specs = self.schema.map
        for name, prop in self.raw.properties.items():
            spec = specs.get(name)
            if spec is None:
                close = _did_you_mean(name, specs)
                if close:
                    out.append(
                        self.problem(
                            None,
                            f'unknown map property "{name}", so it changes nothing',
                            f'did you mean "{close}"? rename it in Map > Map Properties',
                            WARNING,
                        )
                    )
                continue
            if self.ruleset and not spec.applies_to(self.ruleset):
                out.append(
                    self.problem(
                        None,
                        f"{a(self.ruleset)} scenario ignores the map property {name} "
                        f"(only {', '.join(spec.rulesets)} reads it)",
                        "delete it, or change the map's ruleset",
                        WARNING,
                    )
                )
            elif self.ruleset in _ignored_by(specs_extra(self.schema, "map", name)) and not spec.is_unset(
                prop.value
            ):
                out.append(
                    self.problem(
                        None,
                        f"{_ruleset_name(self.ruleset)} ignores the map property {name}",
                        f"delete it (see maps/REFERENCE.md for what {self.ruleset} reads)",
                        WARNING,
                    )
                )
        return out

    def unknown_object_properties(self, obj: RawObject) -> list[Problem]:
        spec = self.schema.objects.get(obj.cls)
        if spec is None or spec.group == "ignored":
            return []
        out = []
        for name, prop in obj.properties.items():
            pspec = spec.properties.get(name)
            if pspec is None:
                close = _did_you_mean(name, spec.properties)
                known = ", ".join(spec.properties) or "none"
                out.append(
                    self.problem(
                        obj,
                        f'{a(obj.cls)} has no property "{name}", so it changes nothing',
                        (f'did you mean "{close}"? ' if close else "")
                        + f"{a(obj.cls)} reads: {known}; rename or delete it",
                        WARNING if close else NOTE,  # a misspelling, or the designer's own note
                    )
                )
                continue
            if self.ruleset in _ignored_by(specs_extra(self.schema, obj.cls, name)) and _meaningful(
                pspec, prop.value, self.ruleset
            ):
                out.append(
                    self.problem(
                        obj,
                        f"{_ruleset_name(self.ruleset)} ignores {a(obj.cls)}'s {name}",
                        specs_extra(self.schema, obj.cls, name).get(
                            "ignored_fix",
                            f"delete the property (see maps/REFERENCE.md for what {self.ruleset} reads)",
                        ),
                        WARNING,
                    )
                )
            values = specs_extra(self.schema, obj.cls, name).get("ignored_values", {}).get(self.ruleset, [])
            if str(prop.value).strip().lower() in values:
                out.append(
                    self.problem(
                        obj,
                        f"{_ruleset_name(self.ruleset)} ignores {a(obj.cls)} with {name} = {prop.value}",
                        specs_extra(self.schema, obj.cls, name).get("ignored_fix", "delete it"),
                        WARNING,
                    )
                )
        if self.ruleset in _ignored_by(class_extra(self.schema, obj.cls)):
            out.append(
                self.problem(
                    obj,
                    f"{_ruleset_name(self.ruleset)} ignores {obj.cls} objects",
                    class_extra(self.schema, obj.cls).get("ignored_fix", "delete it"),
                    WARNING,
                )
            )
        return out

    def self_intersection(self, obj: RawObject) -> list[Problem]:
        if obj.shape != "polygon" or len(obj.points) < 4:
            return []
        pts = [self.scale((obj.x + x, obj.y + y)) for x, y in obj.points]
        crossing = _first_crossing(pts)
        if crossing is None:
            return []
        return [
            self.problem(
                obj,
                f"its outline crosses itself at {_at(crossing)}, so what is inside it is not clear",
                "redraw the polygon so its sides do not cross (Edit Polygons, drag the points), or split it "
                "into two objects",
            )
        ]

    # ------------------------------------------------------------------ on the table

    def table(self, scenario: Scenario) -> Table:
        if self._table is None:
            from game.table.space import Table

            self._table = Table.from_scenario(scenario)
        return self._table

    def play_checks(self, scenario: Scenario) -> list[Problem]:
        out: list[Problem] = []
        facts = force_facts(scenario.ruleset, scenario)
        if facts is None:
            out.append(
                Problem(
                    None,
                    "",
                    f"this build of Dead Ground has no {scenario.ruleset} rules, so the map can be checked "
                    "but not played",
                    "",
                    NOTE,
                )
            )
        radius = facts.base_radius if facts else BASE_RADIUS
        table = self.table(scenario)
        out += self.figures_in_terrain(scenario, table)
        deploy = [z for z in scenario.zones_of("deploy") if deploys_here(scenario.ruleset, z)]
        out += self.deploy_ground(scenario, deploy, facts)
        out += self.deploy_sides(scenario)
        out += self.vehicle_on_deploy(scenario, deploy, facts)
        out += self.exit_count(scenario, facts)
        out += self.reach(scenario, table, deploy, radius)
        return out

    def figures_in_terrain(self, scenario: Scenario, table: Table) -> list[Problem]:
        out = []
        for pl in scenario.placements:
            r = 0.8 if pl.properties.get("boss") else BASE_RADIUS
            if table.overlaps_blocking(pl.position, r):
                what = _blocking_at(scenario, pl.position, r)
                out.append(
                    replace(
                        self.problem(
                            self.obj(pl.id),
                            f'the {pl.kind} stands in {what}: its {2 * r:g}" base overlaps it',
                            "move it onto open ground (a figure's point is the centre of its base)",
                        ),
                        at=pl.position,
                    )
                )
        return out

    def deploy_sides(self, scenario: Scenario) -> list[Problem]:
        """A deploy zone left without side or player counts as the rule set's default side: with other
        deploy zones on the map, that is usually a zombie or second zone the designer meant otherwise."""
        zones = scenario.zones_of("deploy")
        if len(zones) < 2:
            return []
        out = []
        spec = self.schema.objects["deploy"].properties["side"]
        default = spec.default_for(scenario.ruleset)
        for zone in zones:
            obj = self.obj(zone.id)
            given = obj.properties if obj else {}
            side = given.get("side")
            player = given.get("player")
            no_side = side is None or not str(side.value).strip()
            no_player = player is None or str(player.value).strip() in ("", "0")
            if no_side and no_player:
                out.append(
                    self.problem(
                        obj,
                        f"the deploy zone has no side or player, so it counts as side = {default}: a second "
                        f"player's force may be set up here",
                        f"set side ({', '.join(map(str, spec.allowed))}) or player (1-4) on it",
                        WARNING,
                    )
                )
        return out

    def vehicle_on_deploy(
        self, scenario: Scenario, deploy: Sequence[Zone], facts: ForceFacts | None
    ) -> list[Problem]:
        """An escape vehicle over a deploy zone: a figure set up inside it reaches the vehicle with its
        first move, and the first figure to reach it wins, so the game would end at once."""
        if scenario.ruleset in _ignored_by(class_extra(self.schema, "escape_vehicle")):
            return []
        spacing = facts.deploy_spacing if facts else 1.5
        out = []
        for vehicle in scenario.zones_of("escape_vehicle"):
            covered = [
                z.name or f"object {z.id}"
                for z in deploy
                if any(z.area.contains(p) and vehicle.area.contains(p) for p in deploy_grid(z.area, spacing))
            ]
            if covered:
                out.append(
                    self.problem(
                        self.obj(vehicle.id),
                        f"the escape vehicle covers the deploy zone {', '.join(map(repr, covered))}: a figure "
                        "set up there reaches it with its first move and the game ends at once",
                        "make the vehicle the size of a vehicle and move it clear of the deploy zones "
                        '(the shipped maps put an 8" by 4.5" vehicle at the far edge)',
                    )
                )
        return out

    def exit_count(self, scenario: Scenario, facts: ForceFacts | None) -> list[Problem]:
        given = self.raw.properties.get("exit_count")
        if given is None or facts is None or "exit_count" not in scenario.properties:
            return []
        count = int(scenario.properties["exit_count"])
        if facts.exit_pool is not None:  # the figures counted are the map's own, whoever plays
            if count <= facts.exit_pool or facts.exit_pool == 0:
                return []  # none at all: the rule set's requirement says what the map needs
            return [
                self.problem(
                    None,
                    f"exit_count is {count}, more than the {facts.exit_pool} figures it counts on this map; "
                    "the game will not start it",
                    f"set exit_count to {facts.exit_pool} or less",
                )
            ]
        lo = int(scenario.properties.get("players_min", 1))
        hi = int(scenario.properties.get("players_max", 4))
        most = facts.largest * hi
        fewest = facts.smallest * lo
        if count > most:
            return [
                self.problem(
                    None,
                    f"exit_count is {count}, more than the {most} figures the largest force ({hi} player(s)) "
                    "fields; the game will not start it",
                    f"set exit_count to {fewest} or less",
                )
            ]
        if count > fewest:
            return [
                self.problem(
                    None,
                    f"exit_count is {count}, more than the {fewest} figures of the smallest force "
                    f"({lo} player(s)); with that force the game lowers it to {fewest}",
                    f"set exit_count to {fewest} or less, or raise players_min",
                    WARNING,
                )
            ]
        return []

    def reach(self, scenario: Scenario, table: Table, deploy: Sequence[Zone], radius: float) -> list[Problem]:
        """Exits, objectives and spawn zones a base can walk to from the deploy zones (the table's walker)."""
        starts = [s for z in deploy for s in _free_spots(table, z.area, 1.5, radius)]
        targets = [z for z in scenario.zones if z.kind in ("exit", "objective", "spawn", "escape_vehicle")]
        if not targets:
            return []
        field = table.distance_field(starts, radius) if starts else None
        out = []
        for zone in targets:
            obj = self.obj(zone.id)
            what = blocking_in(scenario, zone.area)
            off = zone.area.shape != "point" and not _overlaps(zone.area, scenario.width, scenario.height)
            if off and zone.kind == "spawn":
                continue  # the loader says so already
            if off:
                out.append(
                    self.problem(
                        obj,
                        f'the {zone.kind} zone is off the table (the table is {scenario.width:g}" x '
                        f'{scenario.height:g}")',
                        "move it onto the map (it may overlap the table's edge)",
                    )
                )
                continue
            probes = probe_points(zone.area, scenario.width, scenario.height)
            free = [p for p in probes if table.on_table(p, radius) and not table.overlaps_blocking(p, radius)]
            if not free and zone.kind != "spawn" or (zone.kind == "spawn" and not free and what):
                out.append(
                    self.problem(
                        obj,
                        f'the {zone.kind} zone has no open ground for a {2 * radius:g}" base'
                        + (f": it is inside {what}" if what else ""),
                        "move it onto open ground (outside walls and buildings)",
                    )
                )
                continue
            if field is None or not free:
                continue
            if all(field.distance(p) == math.inf for p in free):
                severity = WARNING if zone.kind == "spawn" else ERROR
                whose = (
                    "zombies from it can never reach" if zone.kind == "spawn" else "no figure can reach it from"
                )
                out.append(
                    self.problem(
                        obj,
                        f"the {zone.kind} zone is walled off: {whose} the deploy zones",
                        "open a gap of at least a base's width (1\") in the walls or buildings around it",
                        severity,
                    )
                )
        return out


# ---------------------------------------------------------------------- schema extras


def _ignored_by(extra: dict[str, Any]) -> tuple[str, ...]:
    return tuple(extra.get("ignored_by", ()))


def _ruleset_name(key: str) -> str:
    """The rule set's own name (``RuleSet.name``) when this build has it, else its key."""
    try:
        from game.rules.core import get_ruleset

        return get_ruleset(key).name
    except (KeyError, ImportError):
        return key


# ---------------------------------------------------------------------- geometry helpers


def _overlaps(area: Area, width: float, height: float) -> bool:
    x0, y0, x1, y1 = area.bounds
    return x1 > 0 and y1 > 0 and x0 < width and y0 < height


def _free_spots(table: Table, area: Area, spacing: float, radius: float) -> list[Point]:
    """Where bases fit inside the area on the deployment grid, asked of the table itself."""
    return [
        p
        for p in deploy_grid(area, spacing)
        if area.contains(p) and table.on_table(p, radius) and not table.overlaps_blocking(p, radius)
    ]


def _blocking_at(scenario: Scenario, p: Point, r: float) -> str:
    from game.table.space import Table, describe

    for t in scenario.terrain:
        if t.blocks_movement and Table(scenario.width, scenario.height, [t]).overlaps_blocking(p, r):
            return describe(t)
    return "a wall or building"


def _first_crossing(pts: Sequence[Point]) -> Point | None:
    """Where two sides of a closed outline cross (sides that share a corner do not count)."""
    n = len(pts)
    sides = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            hit = _cross(*sides[i], *sides[j])
            if hit is not None:
                return hit
    return None


def _cross(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-12:
        return None
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den
    u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den
    if 1e-9 < t < 1 - 1e-9 and 1e-9 < u < 1 - 1e-9:
        return (a[0] + t * rx, a[1] + t * ry)
    return None


# ---------------------------------------------------------------------- a sketch for the designer view


def sketch_scenario(path: str) -> Scenario | None:
    """A best-effort Scenario of a map that does not load (for the designer view, which must show a
    broken map with its problems on it): every shown object whose class and shape make sense, as drawn.
    None when the file is not a usable map at all."""
    from game.scenario.geometry import area_of, is_empty
    from game.scenario.model import Placement
    from game.scenario.schema import convert_tiled

    raw, _ = read_tmx(str(path))
    if raw is None:
        return None
    schema = load_schema()
    inches = inches_per_tile(raw)
    scale = Scale(raw.tilewidth, raw.tileheight, inches)
    terrain, zones, placements = [], [], []
    for obj in raw.objects:
        spec = schema.objects.get(obj.cls)
        if not obj.visible or spec is None or obj.shape not in spec.shapes:
            continue
        props = {
            k: convert_tiled(p.value, p.type) if p.type != "class" else p.value for k, p in obj.properties.items()
        }
        area = area_of(obj.shape, obj.x, obj.y, obj.width, obj.height, obj.rotation, obj.points, scale)
        if spec.group == "terrain" and not is_empty(area):
            terrain.append(Terrain(obj.id, obj.name, spec.name, area, props))
        elif spec.group == "zone" and (obj.shape == "point" or not is_empty(area)):
            zones.append(Zone(obj.id, obj.name, spec.name, area, props))
        elif spec.group == "figure" and area.points:  # a shape with no valid point has nowhere to stand
            at = area.points[0] if obj.shape == "point" else area.centre
            placements.append(Placement(obj.id, obj.name, spec.name, at, obj.rotation, props))
    ruleset = raw.properties.get("ruleset")
    title = raw.properties.get("title")
    return Scenario(
        path=str(path),
        ruleset=str(ruleset.value) if ruleset else "",
        title=str(title.value) if title else "",
        width=raw.width * inches,
        height=raw.height * inches,
        inches_per_tile=inches,
        terrain=tuple(terrain),
        zones=tuple(zones),
        placements=tuple(placements),
    )


def watched_files(path: str) -> list[str]:
    """The files a map is made of (the map, its templates, its tilesets and their pictures): the designer
    view reloads when any of them is saved."""
    import os

    raw, _ = read_tmx(str(path))
    files = [os.path.abspath(path)] + (list(raw.files) if raw else [])
    tiles, _ = read_tiles(str(path))
    if tiles is not None:
        for ts in tiles.tilesets:
            files += [p for p in (ts.image, *ts.pictures.values()) if p]
    return sorted(set(files))
