"""Load a Tiled scenario (.tmx) into a Scenario in inches, or say everything that is wrong with it.

>>> problems = check_map("no/such/map.tmx")
>>> str(problems[0])
'map: file not found: no/such/map.tmx — give the path of a .tmx map saved by Tiled'

``load_scenario`` raises only ``ScenarioError``, whose ``problems`` list every problem found.
"""

from __future__ import annotations

import difflib
import hashlib
import math
import unicodedata
from typing import Any

from game.scenario.geometry import Scale, area_of, is_empty, near_table, on_table, overlaps_table
from game.scenario.model import Area, Placement, Scenario, Terrain, Zone
from game.scenario.problems import Problem, ScenarioError, a
from game.scenario.refusals import refusals
from game.scenario.schema import ClassSpec, PropertySpec, Schema, convert_tiled, load_schema
from game.scenario.tmx import RawMap, RawObject, RawProperty, read_tmx

UNEXPECTED = "the loader failed unexpectedly"


def load_scenario(path: str) -> Scenario:
    """The scenario in ``path``; raises ScenarioError listing every problem if it has any."""
    scenario, problems = _read(str(path))
    if problems or scenario is None:
        raise ScenarioError(str(path), problems)
    return scenario


def check_map(path: str) -> list[Problem]:
    """Every problem with the map in ``path`` (an empty list when it is good to play)."""
    return _read(str(path))[1]


def _read(path: str) -> tuple[Scenario | None, list[Problem]]:
    try:
        return _Builder(path, load_schema()).build()
    except Exception as err:  # a bad map must never crash the game; tests look for this message
        return None, [
            Problem(
                None,
                "",
                f"{UNEXPECTED} ({type(err).__name__}: {err})",
                "please report this map as a bug in Dead Ground",
            )
        ]


def _did_you_mean(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1)
    return f'did you mean "{close[0]}"? ' if close else ""


class _Builder:
    """Turns one RawMap into a Scenario while collecting problems."""

    def __init__(self, path: str, schema: Schema) -> None:
        self.path = path
        self.schema = schema
        self.problems: list[Problem] = []
        self.ruleset: str | None = None

    def problem(self, obj: RawObject | None, message: str, fix: str) -> None:
        self.problems.append(Problem(obj.id if obj else None, obj.name if obj else "", message, fix))

    def build(self) -> tuple[Scenario | None, list[Problem]]:
        raw, problems = read_tmx(self.path)
        self.problems.extend(problems)
        if raw is None:
            return None, self.problems
        props = self.map_properties(raw)
        inches = props["inches_per_tile"]
        scale = Scale(raw.tilewidth, raw.tileheight, inches)
        width, height = raw.width * inches, raw.height * inches
        self.limits_of_map(props, width, height)
        terrain: list[Terrain] = []
        zones: list[Zone] = []
        placements: list[Placement] = []
        for obj in raw.objects:
            if not obj.visible:
                continue  # hidden in Tiled (a scratch layer): not part of the game, see maps/README.md
            self.add_object(obj, scale, width, height, terrain, zones, placements)
        if len(placements) > self.schema.limits.figures:
            self.problem(
                None,
                f"the map places {len(placements):,} figures, more than {self.schema.limits.figures:,} "
                "(the limit figures)",
                "place fewer zombies and soldiers (spawn points bring zombies on during the game)",
            )
        self.requirements(props, zones, placements)
        if self.problems:
            return None, self.problems
        digest = hashlib.sha256()
        for name in sorted(raw.files):
            digest.update(raw.files[name])
        scenario = Scenario(
            path=self.path,
            ruleset=props["ruleset"],
            title=props["title"],
            width=width,
            height=height,
            inches_per_tile=inches,
            briefing=props["briefing"],
            objective=props["objective"],
            turn_limit=props.get("turn_limit"),
            properties=props,
            terrain=tuple(terrain),
            zones=tuple(zones),
            placements=tuple(placements),
            content_hash=digest.hexdigest(),
        )
        refused = refusals(scenario, raw)  # what the screen cannot draw, a deploy zone with no ground
        if refused:
            return None, refused
        return scenario, []

    # ------------------------------------------------------------------ limits

    def limits_of_map(self, props: dict[str, Any], width: float, height: float) -> None:
        """The table's size and the title against the schema's [limits] (a title is drawn in the menus)."""
        limits = self.schema.limits
        if max(width, height) > limits.table_inches:
            self.problem(
                None,
                f'the table is {width:g}" x {height:g}", longer than {limits.table_inches:g}" '
                "(the limit table_inches)",
                "make the map smaller in Map > Resize Map, or lower inches_per_tile",
            )
        title = str(props.get("title", ""))
        if len(title) > limits.title:
            self.problem(
                None,
                f"the title is {len(title):,} characters long, more than {limits.title} (the limit title)",
                "shorten the map property title (the briefing can hold the rest)",
            )
        elif title and not any(unicodedata.category(c)[0] in "LNPS" for c in title):
            self.problem(
                None,
                "the title has no visible character, so the menu could not show it",
                "give the map property title a name people can read, or leave it empty",
            )
        elif any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in title):
            self.problem(
                None,
                "the title holds control or invisible characters",
                "retype the map property title in Tiled",
            )

    # ------------------------------------------------------------------ map properties

    def map_properties(self, raw: RawMap) -> dict[str, Any]:
        """Every map property, typed; schema defaults filled in; bad ones reported (and defaulted)."""
        specs = self.schema.map
        ruleset_spec = specs["ruleset"]
        given = raw.properties.get("ruleset")
        if given is None or not str(given.value).strip():
            self.problem(
                None,
                'no "ruleset" map property',
                f"add the map property ruleset (string), one of: {', '.join(ruleset_spec.allowed)}",
            )
        else:
            value, error = ruleset_spec.coerce(str(given.value).strip())
            if error:
                self.problem(
                    None,
                    f'unknown ruleset "{given.value}"',
                    _did_you_mean(str(given.value), list(ruleset_spec.allowed))
                    + f"use one of: {', '.join(ruleset_spec.allowed)}",
                )
            else:
                self.ruleset = value
        props: dict[str, Any] = {}
        bad: set[str] = set()
        for name, prop in raw.properties.items():
            spec = specs.get(name)
            if spec is None or not spec.applies_to(self.ruleset):
                props[name] = prop.value if prop.type == "class" else convert_tiled(prop.value, prop.type)
            elif name != "ruleset":
                before = len(self.problems)
                props[name] = self.typed(None, spec, prop, "map property")
                if len(self.problems) > before:
                    bad.add(name)
        props["ruleset"] = self.ruleset or ""
        for name, spec in specs.items():
            if props.get(name) is None and spec.applies_to(self.ruleset):
                default = spec.default_for(self.ruleset)
                if default is None and spec.required and name not in bad and name != "ruleset" and self.ruleset:
                    allowed = spec.allowed_for(self.ruleset)
                    self.problem(
                        None,
                        f'no "{name}" map property ({spec.help})',
                        f"add the map property {name} ({spec.type})"
                        + (f", one of: {', '.join(map(str, allowed))}" if allowed else ""),
                    )
                if default is None and name in props:
                    del props[name]  # a bad value was reported; leave it out rather than keep None
                elif default is not None:
                    props[name] = default
        if props.get("players_min", 1) > props.get("players_max", 4):
            self.problem(
                None,
                f"players_min ({props['players_min']}) is more than players_max ({props['players_max']})",
                "lower players_min or raise players_max",
            )
        props.setdefault("title", "")
        props.setdefault("briefing", "")
        props.setdefault("objective", "")
        props.setdefault("inches_per_tile", 1.0)
        return props

    def typed(self, obj: RawObject | None, spec: PropertySpec, prop: RawProperty, what: str) -> Any:
        """The property's value in its schema type, or None (reported) if it cannot be."""
        if spec.is_unset(prop.value):
            return None  # left empty: the default applies
        if spec.name == "objective" and not self.ruleset:
            return str(prop.value)  # cannot say which objectives are allowed without a rule set
        value, error = spec.coerce(prop.value if prop.type != "class" else "(a class)", self.ruleset)
        if error:
            fix = spec.describe(self.ruleset)
            allowed = spec.allowed_for(self.ruleset)
            if allowed and isinstance(prop.value, str):
                fix = _did_you_mean(prop.value, [str(a) for a in allowed]) + fix
            unknown = [i.strip() for i in str(prop.value).split(",") if i.strip() and i.strip() not in spec.items]
            if spec.items and unknown:
                fix = _did_you_mean(unknown[0], list(spec.items)) + fix
            extra = f" for {self.ruleset}" if spec.allowed_by_ruleset else ""
            self.problem(obj, f"{what} {spec.name}: {error}{extra}", fix)
            return None
        return value

    # ------------------------------------------------------------------ objects

    def add_object(
        self,
        obj: RawObject,
        scale: Scale,
        width: float,
        height: float,
        terrain: list[Terrain],
        zones: list[Zone],
        placements: list[Placement],
    ) -> None:
        kinds = [k for k in self.schema.objects]
        if not obj.cls:
            self.problem(
                obj,
                "has no class, so the game does not know what it is",
                f"set its Class (Type in Tiled 1.8) to one of: {', '.join(kinds)} (or place it from a template)",
            )
            return
        spec = self.schema.objects.get(obj.cls)
        if spec is None:
            self.problem(
                obj,
                f'unknown class "{obj.cls}"',
                _did_you_mean(obj.cls, kinds) + f"use one of: {', '.join(kinds)}",
            )
            return
        if spec.group == "ignored":
            return
        if spec.rulesets and self.ruleset and self.ruleset not in spec.rulesets:
            self.problem(
                obj,
                f"{a(spec.name)} has no part in {a(self.ruleset)} scenario (only in {', '.join(spec.rulesets)})",
                "delete it, or change the map's ruleset",
            )
            return
        if obj.shape not in spec.shapes:
            self.problem(
                obj, f"{a(spec.name)} cannot be {a(obj.shape)}", f"draw it as {' or '.join(map(a, spec.shapes))}"
            )
            return
        props = self.object_properties(obj, spec)
        area = area_of(obj.shape, obj.x, obj.y, obj.width, obj.height, obj.rotation, obj.points, scale)
        if spec.group in ("terrain", "zone") and obj.shape != "point" and is_empty(area):
            self.problem(
                obj,
                f"the {spec.name} has no area ({_emptiness(obj)})",
                f"redraw it in Tiled as a {' or '.join(s for s in spec.shapes if s != 'point')} "
                "that covers some ground",
            )
            return
        if spec.group == "figure" and obj.shape != "point" and is_empty(area):
            self.problem(
                obj,
                f"the {spec.name} has no area to stand on ({_emptiness(obj)})",
                "place it as a point (or from its template) where the figure stands",
            )
            return
        if obj.shape != "point" and not near_table(area, width, height, self.schema.limits.off_table_inches):
            x0, y0, x1, y1 = area.bounds
            self.problem(
                obj,
                f'the {spec.name} reaches {x0:g}", {y0:g}" to {x1:g}", {y1:g}", more than '
                f"{self.schema.limits.off_table_inches:g}\" beyond the table's edge (the limit off_table_inches)",
                "draw it on the table (a spawn edge may overlap the edge a little)",
            )
            return
        if spec.group == "terrain":
            terrain.append(Terrain(obj.id, obj.name, spec.name, area, props))
        elif spec.group == "zone":
            self.zone_on_table(obj, spec, area, width, height)
            zones.append(Zone(obj.id, obj.name, spec.name, area, props))
        else:
            position = area.points[0] if obj.shape == "point" else area.centre
            if not on_table(position, width, height):
                self.problem(
                    obj,
                    f'the {spec.name} stands off the table at ({position[0]:.1f}", '
                    f'{position[1]:.1f}"); the table is {width:g}" x {height:g}"',
                    "move it onto the map",
                )
            facing = props.get("facing")
            placements.append(
                Placement(
                    obj.id,
                    obj.name,
                    spec.name,
                    position,
                    float(facing if facing is not None else obj.rotation) % 360.0,
                    props,
                )
            )

    def zone_on_table(self, obj: RawObject, spec: ClassSpec, area: Area, width: float, height: float) -> None:
        if spec.name not in ("spawn", "deploy"):
            return
        inside = (
            on_table(area.points[0], width, height)
            if area.shape == "point"
            else overlaps_table(area, width, height)
        )
        if not inside:
            self.problem(
                obj,
                f'the {spec.name} is off the table (the table is {width:g}" x {height:g}")',
                "move it onto the map (a spawn edge may overlap the edge of the table)",
            )

    def object_properties(self, obj: RawObject, spec: ClassSpec) -> dict[str, Any]:
        props: dict[str, Any] = {}
        bad: set[str] = set()
        for name, prop in obj.properties.items():
            pspec = spec.properties.get(name)
            if pspec is None:
                props[name] = prop.value if prop.type == "class" else convert_tiled(prop.value, prop.type)
                continue
            before = len(self.problems)
            value = self.typed(obj, pspec, prop, "property")
            if value is not None:
                props[name] = value
            elif len(self.problems) > before:
                bad.add(name)
        for name, pspec in spec.properties.items():
            if name not in props and name not in bad:
                default = pspec.default_for(self.ruleset)
                if default is not None:
                    props[name] = default
        return props

    # ------------------------------------------------------------------ rule set needs

    def requirements(self, props: dict[str, Any], zones: list[Zone], placements: list[Placement]) -> None:
        if not self.ruleset:
            return
        objective = props.get("objective")
        things: list[Zone | Placement] = [*zones, *placements]
        for need in self.schema.requirements:
            if need.ruleset != self.ruleset or (need.objective and need.objective != objective):
                continue
            if need.map_property:
                met = props.get(need.map_property) is not None
            else:
                met = any(
                    t.kind in need.any_of and all(t.properties.get(k) == v for k, v in need.where.items())
                    for t in things
                )
            if not met:
                self.problem(None, f"{a(self.ruleset)} scenario needs {need.what}", need.fix)


def _emptiness(obj: RawObject) -> str:
    if obj.shape in ("polygon", "polyline"):
        need = 3 if obj.shape == "polygon" else 2
        if len(obj.points) < need:
            return f"{len(obj.points)} point(s), needs at least {need}"
        return "its points are all in a line" if obj.shape == "polygon" else "its points are all in one place"
    if not (obj.width > 0 and obj.height > 0) or math.isclose(obj.width * obj.height, 0):
        return f"{obj.width:g}x{obj.height:g} pixels"
    return "it covers no ground"
