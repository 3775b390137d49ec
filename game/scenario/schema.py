"""The scenario schema (game/data/scenario_schema.toml): which map properties and object classes a
scenario may use, their types, limits, defaults and shapes, and what each rule set needs.

>>> schema = load_schema()
>>> schema.objects["wall"].shapes
('rectangle', 'polygon', 'polyline')
>>> schema.map["turn_limit"].coerce("10")
(10, None)
>>> schema.map["turn_limit"].coerce("ten")[1]
'"ten" is not a whole number'
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.assets import data_file
from game.numerals import decimal

_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off", "")
_TYPE_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false", "string": "text"}


@dataclass(frozen=True)
class PropertySpec:
    """One property: its type, limits, allowed values and default (maybe depending on the rule set)."""

    name: str
    type: str
    required: bool = False
    default: Any = None
    allowed: tuple[Any, ...] = ()
    allowed_by_ruleset: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    default_by_ruleset: dict[str, Any] = field(default_factory=dict)
    min: float | None = None
    max: float | None = None
    gt: float | None = None
    rulesets: tuple[str, ...] = ()
    example_value: Any = None
    unset: tuple[Any, ...] = ()  # values that mean "not set" (Tiled's object types need some default)
    help: str = ""
    items: tuple[str, ...] = ()  # a comma-separated list whose every item is one of these (e.g. mod ids)
    item_word: str = "id"  # what one item is called in a message ("mod id")
    # what each rule set plays when the map leaves it out, in words (its own house value; docs only)
    played_default: dict[str, str] = field(default_factory=dict)
    # what each allowed value means to a player, per rule set ("exit": "get 3 figures out through the exit")
    words_by_ruleset: dict[str, dict[str, str]] = field(default_factory=dict)

    def is_unset(self, raw: Any) -> bool:
        """An empty value (or one listed as ``unset``) counts as left out, so the default applies.

        Free text may be empty on purpose, so an empty string is a value there.
        """
        text = str(raw).strip()
        if text == "" and (self.type != "string" or self.allowed or self.allowed_by_ruleset):
            return True
        return any(convert(raw, self.type)[0] == u for u in self.unset) if self.unset else False

    def applies_to(self, ruleset: str | None) -> bool:
        return not self.rulesets or ruleset in self.rulesets

    def allowed_for(self, ruleset: str | None) -> tuple[Any, ...]:
        if self.allowed_by_ruleset:
            return self.allowed_by_ruleset.get(ruleset or "", ())
        if self.name == "ruleset":  # the shipped keys, and any rule set registered since (a plug-in)
            return self.allowed + tuple(k for k in sorted(_REGISTERED_RULESETS) if k not in self.allowed)
        return self.allowed

    def default_for(self, ruleset: str | None) -> Any:
        return self.default_by_ruleset.get(ruleset or "", self.default)

    def words_for(self, value: Any, ruleset: str | None, facts: dict[str, Any] | None = None) -> str:
        """``value`` as a player reads it in ``ruleset`` (the value itself where no words are given), a
        ``{name} `` in the words filled from ``facts`` (the map's properties) or left out.

        >>> spec = PropertySpec("objective", "string", words_by_ruleset={"mine": {"rescue": "lead {n} out"}})
        >>> spec.words_for("rescue", "mine", {"n": 2}), spec.words_for("rescue", "mine"), spec.words_for("rescue", "")
        ('lead 2 out', 'lead out', 'rescue')
        """
        words = self.words_by_ruleset.get(ruleset or "", {}).get(str(value), str(value))
        known = facts or {}
        return re.sub(r"\{(\w+)\} ?", lambda m: f"{known[m[1]]} " if m[1] in known else "", words)

    def example(self) -> str:
        """A value to show in a fix, e.g. ``10`` or ``0.25``."""
        if self.example_value is not None:
            return str(self.example_value)
        if self.allowed:
            return str(self.allowed[0])
        if self.default is not None and self.default != "":
            return str(self.default).lower() if self.type == "bool" else str(self.default)
        return {"int": str(int(self.min if self.min is not None else 1)), "float": "1.0", "bool": "true"}.get(
            self.type, "some text"
        )

    def describe(self, ruleset: str | None = None) -> str:
        """How to set it right, e.g. ``set turn_limit to a whole number >= 1 (type int), e.g. 10``."""
        allowed = self.allowed_for(ruleset)
        if allowed:
            return f"set {self.name} to one of: {', '.join(map(str, allowed))}"
        if self.items:
            return f"set {self.name} to {self.item_word}s separated by commas (the known ones above), or leave it empty"
        limits = []
        if self.gt is not None:
            limits.append(f"> {self.gt:g}")
        if self.min is not None:
            limits.append(f">= {self.min:g}")
        if self.max is not None:
            limits.append(f"<= {self.max:g}")
        text = f"set {self.name} to {_TYPE_WORDS.get(self.type, self.type)}"
        if limits:
            text += " " + " and ".join(limits)
        return f"{text} (Tiled type {self.type}), e.g. {self.example()}"

    def coerce(self, raw: Any, ruleset: str | None = None) -> tuple[Any, str | None]:
        """Turn a raw Tiled value into this property's type; returns (value, None) or (None, what is wrong).

        Tiled may have stored the value under another type (a designer typing "10" in a string
        property); any spelling that means the right thing is accepted.
        """
        value, error = convert(raw, self.type)
        if error:
            return None, error
        if self.items:
            return self.coerce_items(str(value))
        allowed = self.allowed_for(ruleset)
        if allowed and value not in allowed:
            return None, f'"{value}" is not allowed'
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if self.gt is not None and not value > self.gt:
                return None, f"{value:g} is not more than {self.gt:g}"
            if self.min is not None and value < self.min:
                return None, f"{value:g} is less than {self.min:g}"
            if self.max is not None and value > self.max:
                return None, f"{value:g} is more than {self.max:g}"
        return value, None

    def coerce_items(self, text: str) -> tuple[Any, str | None]:
        """A comma-separated list of known items, given back as ``a,b`` (blanks and repeats dropped).

        >>> spec = PropertySpec("mods", "string", items=("coop", "hardcore"))
        >>> spec.coerce(" hardcore, coop,hardcore ")
        ('hardcore,coop', None)
        >>> spec.coerce("coop, zombie_dogs")
        (None, '"zombie_dogs" is not a known id (known: coop, hardcore)')
        """
        got: list[str] = []
        for item in (part.strip() for part in text.split(",")):
            if not item or item in got:
                continue
            if item not in self.items:
                return None, f'"{item}" is not a known {self.item_word} (known: {", ".join(self.items)})'
            got.append(item)
        return ",".join(got), None


def convert(raw: Any, kind: str) -> tuple[Any, str | None]:
    """Convert a Tiled property value (usually a string) to ``int``/``float``/``bool``/``string``.

    >>> convert("2.0", "int"), convert("lots", "int")[1], convert("yes", "bool")
    ((2, None), '"lots" is not a whole number', (True, None))
    """
    text = str(raw).strip()
    if kind == "string":
        return str(raw), None
    if kind == "bool":
        if text.lower() in _TRUE:
            return True, None
        if text.lower() in _FALSE:
            return False, None
        return None, f'"{raw}" is not true or false'
    found = decimal(text)  # ASCII digits only, as Tiled writes them
    number = found if found is not None else math.nan
    if not math.isfinite(number):
        return None, f'"{raw}" is not {_TYPE_WORDS[kind] if kind in _TYPE_WORDS else kind}'
    if kind == "int":
        if number != int(number):
            return None, f'"{raw}" is not a whole number'
        return int(number), None
    if kind == "float":
        return number, None
    return str(raw), None  # an unknown type is kept as text


def convert_tiled(raw: Any, tiled_type: str) -> Any:
    """Type a property the schema does not know, by the type Tiled gave it (text if that fails)."""
    kind = {"int": "int", "float": "float", "bool": "bool"}.get(tiled_type, "string")
    value, error = convert(raw, kind)
    return str(raw) if error else value


# Rule-set keys registered at run time besides the schema's own (see game.rules.core.register): a map
# naming one of them loads. The rules layer tells this layer, never the other way round.
_REGISTERED_RULESETS: set[str] = set()


def allow_ruleset(key: str) -> None:
    """Maps whose ``ruleset`` property is ``key`` load (a rule set was registered under that key)."""
    _REGISTERED_RULESETS.add(key)


@dataclass(frozen=True)
class ClassSpec:
    """One object class: where it goes in the Scenario, which shapes it may have, its properties."""

    name: str
    group: str  # terrain | zone | figure | ignored
    shapes: tuple[str, ...]
    properties: dict[str, PropertySpec]
    rulesets: tuple[str, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class Requirement:
    """Something a rule set (and objective) needs on the map."""

    ruleset: str
    what: str
    fix: str
    objective: str | None = None
    any_of: tuple[str, ...] = ()
    where: dict[str, Any] = field(default_factory=dict)
    map_property: str | None = None


@dataclass(frozen=True)
class Limits:
    """The most a scenario may hold ([limits] in the schema file); ``check`` names the one passed."""

    table_inches: float = 240
    tiles_per_side: int = 1024
    tiles: int = 262144
    tile_pixels: int = 256
    map_pixels: int = 8192
    picture_pixels: int = 16777216
    objects: int = 2000
    figures: int = 500
    points_per_shape: int = 1000
    property_text: int = 10000
    title: int = 120
    nesting: int = 16
    file_bytes: int = 16 * 1024 * 1024
    off_table_inches: float = 48

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Limits:
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown limits in the scenario schema: {', '.join(unknown)}")
        return cls(**data)


@dataclass(frozen=True)
class Schema:
    map: dict[str, PropertySpec]
    objects: dict[str, ClassSpec]
    requirements: tuple[Requirement, ...]
    shape_groups: dict[str, tuple[str, ...]]
    limits: Limits = field(default_factory=Limits)

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(self.map["ruleset"].allowed_for(None))


def _property(name: str, data: dict[str, Any]) -> PropertySpec:
    return PropertySpec(
        name=name,
        type=data.get("type", "string"),
        required=bool(data.get("required", False)),
        default=data.get("default"),
        allowed=tuple(data.get("allowed", ())),
        allowed_by_ruleset={k: tuple(v) for k, v in data.get("allowed_by_ruleset", {}).items()},
        default_by_ruleset=dict(data.get("default_by_ruleset", {})),
        min=data.get("min"),
        max=data.get("max"),
        gt=data.get("gt"),
        rulesets=tuple(data.get("rulesets", ())),
        example_value=data.get("example"),
        unset=tuple(data.get("unset", ())),
        help=data.get("help", ""),
        items=tuple(data.get("items", ())),
        item_word=data.get("item_word", "id"),
        played_default={k: str(v) for k, v in data.get("played_default", {}).items()},
        words_by_ruleset={
            k: {str(a): str(b) for a, b in v.items()} for k, v in data.get("words_by_ruleset", {}).items()
        },
    )


def parse_schema(data: dict[str, Any]) -> Schema:
    """Build a Schema from the TOML tables (separate from reading the file, for tests)."""
    groups = {k: tuple(v) for k, v in data.get("shape_groups", {}).items()}
    objects = {}
    for name, spec in data.get("objects", {}).items():
        shapes = spec.get("shapes", "any")
        objects[name] = ClassSpec(
            name=name,
            group=spec["group"],
            shapes=groups[shapes] if isinstance(shapes, str) else tuple(shapes),
            properties={p: _property(p, d) for p, d in spec.get("properties", {}).items()},
            rulesets=tuple(spec.get("rulesets", ())),
            help=spec.get("help", ""),
        )
    requirements = tuple(
        Requirement(
            ruleset=r["ruleset"],
            what=r["what"],
            fix=r["fix"],
            objective=r.get("objective"),
            any_of=tuple(r.get("any_of", ())),
            where=dict(r.get("where", {})),
            map_property=r.get("map_property"),
        )
        for r in data.get("requirements", ())
    )
    return Schema(
        map={name: _property(name, d) for name, d in data.get("map", {}).items()},
        objects=objects,
        requirements=requirements,
        shape_groups=groups,
        limits=Limits.from_data(data.get("limits", {})),
    )


@lru_cache(maxsize=1)
def load_schema() -> Schema:
    """The schema shipped in game/data/scenario_schema.toml."""
    with open(data_file("scenario_schema.toml"), "rb") as f:
        return parse_schema(tomllib.load(f))
