"""The scenario reference, generated from the schema (``game/data/scenario_schema.toml``): every map
property and object class with its type, default, allowed values and which rule sets read it, and the
Tiled formats the game reads. ``deadground check --reference`` prints it; ``maps/REFERENCE.md`` is the
same text (a test keeps them equal: ``python -m game.scenario.reference > maps/REFERENCE.md``).

>>> "| `turn_limit` | int |" in reference()
True
"""

from __future__ import annotations

import tomllib
from typing import Any

from game.scenario.schema import ClassSpec, PropertySpec, Schema, load_schema


def _value(v: Any) -> str:
    if v is None or v == "":
        return "—"
    if isinstance(v, bool):
        return f"`{str(v).lower()}`"
    return f"`{v}`"


def _limits(spec: PropertySpec) -> str:
    parts = []
    if spec.gt is not None:
        parts.append(f"> {spec.gt:g}")
    if spec.min is not None:
        parts.append(f">= {spec.min:g}")
    if spec.max is not None:
        parts.append(f"<= {spec.max:g}")
    if spec.allowed:
        parts.append("one of " + ", ".join(f"`{a}`" for a in spec.allowed))
    for ruleset, allowed in spec.allowed_by_ruleset.items():
        parts.append(f"{ruleset}: " + ", ".join(f"`{a}`" for a in allowed))
    if spec.items:
        parts.append("comma-separated, each one of " + ", ".join(f"`{a}`" for a in spec.items))
    if spec.unset:
        parts.append(" or ".join(f"`{u}`" for u in spec.unset) + " = not set")
    return "; ".join(parts) or "—"


def _default(spec: PropertySpec) -> str:
    if spec.played_default:  # the rule set's own house value, said in words
        return "the rule set's: " + "; ".join(f"{k} {_played(v)}" for k, v in spec.played_default.items())
    if spec.default_by_ruleset:
        per = ", ".join(f"{k}: `{v}`" for k, v in spec.default_by_ruleset.items())
        if spec.required:
            return f"{per}; else **required**"
        return f"{per}; else {_value(spec.default)}" if spec.default is not None else per
    if spec.required:
        return "**required**"
    return _value(spec.default)


def _played(words: str) -> str:
    return f"`{words}`" if words.replace(".", "", 1).isdigit() else words


def _readers(allowed: tuple[str, ...], all_rulesets: tuple[str, ...], extra: dict[str, Any]) -> str:
    """Which rule sets read it: those allowed, less those that ignore it (and which values they ignore)."""
    readers = [r for r in (allowed or all_rulesets) if r not in extra.get("ignored_by", ())]
    text = ", ".join(readers) if readers else "none yet"
    ignored = [r for r in (allowed or all_rulesets) if r in extra.get("ignored_by", ())]
    if ignored:
        text += f" (ignored by {', '.join(ignored)})"
    for ruleset, values in extra.get("ignored_values", {}).items():
        text += f" ({ruleset} ignores {', '.join(f'`{v}`' for v in values)})"
    return text


def _raw() -> dict[str, Any]:
    from game.assets import data_file

    with open(data_file("scenario_schema.toml"), "rb") as f:
        return tomllib.load(f)


def _property_rows(specs: dict[str, PropertySpec], raw: dict[str, Any], rulesets: tuple[str, ...]) -> list[str]:
    """One row a property; ``rulesets`` are those that read its owner (a class's readers for its properties)."""
    rows = ["| property | type | default | limits | read by | meaning |", "|---|---|---|---|---|---|"]
    for name, spec in specs.items():
        extra = raw.get(name, {})
        readers = _readers(tuple(r for r in spec.rulesets if r in rulesets), rulesets, extra)
        rows.append(f"| `{name}` | {spec.type} | {_default(spec)} | {_limits(spec)} | {readers} | {spec.help} |")
    return rows


def _class_section(spec: ClassSpec, raw: dict[str, Any], rulesets: tuple[str, ...]) -> list[str]:
    lines = [
        f"### `{spec.name}`",
        "",
        f"{spec.help[0].upper() + spec.help[1:]}. Group: {spec.group}. Shapes: {', '.join(spec.shapes)}. "
        f"Read by: {_readers(spec.rulesets, rulesets, raw)}.",
        "",
    ]
    if spec.properties:
        readers = [r for r in (spec.rulesets or rulesets) if r not in raw.get("ignored_by", ())]
        lines += _property_rows(spec.properties, raw.get("properties", {}), tuple(readers))
    else:
        lines.append("No properties.")
    lines.append("")
    return lines


def reference(schema: Schema | None = None) -> str:
    """The whole reference as Markdown."""
    schema = schema or load_schema()
    raw = _raw()
    rulesets = tuple(schema.map["ruleset"].allowed)  # the shipped ones, not plug-ins registered since
    lines = [
        "# Scenario reference",
        "",
        "Generated from `game/data/scenario_schema.toml` by `deadground check --reference` "
        "(`python -m game.scenario.reference > maps/REFERENCE.md`); a test fails when they differ. "
        "The guide is `maps/README.md`; what each objective means, and the rules as the game plays them, are "
        "one page per rule set in `docs/rules/` ("
        + ", ".join(f"[{r}](../docs/rules/{r}.md)" for r in rulesets)
        + ").",
        "",
        "## Map properties",
        "",
        "*Map > Map Properties* (the project's map class `scenario` lists them with these defaults). "
        "An empty value counts as not set.",
        "",
        *_property_rows(schema.map, raw.get("map", {}), rulesets),
        "",
        "## Object classes",
        "",
        "An object's *Class* (*Type* in Tiled 1.8 and 1.10+) says what it is. Properties a class does not "
        "list change nothing (`check` warns when the name looks like a misspelling).",
        "",
    ]
    for spec in schema.objects.values():
        lines += _class_section(spec, raw.get("objects", {}).get(spec.name, {}), rulesets)
    lines += [
        "## What each rule set needs",
        "",
        "| rule set | objective | needs |",
        "|---|---|---|",
    ]
    for need in schema.requirements:
        lines.append(f"| {need.ruleset} | {need.objective or 'any'} | {need.what} |")
    lines += [
        "",
        "## Files and formats",
        "",
        "| what | read | refused (with the fix) |",
        "|---|---|---|",
        "| map | `.tmx` (Tiled 1.8 to 1.11), orthogonal, fixed size, square tiles | `.tmj` JSON: save as .tmx |",
        "| templates | `.tx` | `.tj` JSON: save as .tx |",
        "| tilesets | `.tsx` or embedded; one sheet picture or a collection of pictures | `.tsj` JSON: "
        "save as .tsx; a missing picture |",
        "| tile layer data | CSV, XML, Base64 (uncompressed, zlib, gzip) | Zstandard: save the layer as "
        "zlib/gzip/CSV |",
        "| layers | tile, image, object and group layers; offsets (fractional too), opacity | infinite maps |",
        "| hidden layers and objects | left out of the game (a scratch layer), noted by `check --verbose` | |",
        "| tile objects | at Tiled's place (bottom-left anchor, rotation about it); figures' pictures "
        "are not baked into the table | |",
        "| custom properties | string, int, float, bool, file, color, class-typed, any name | |",
        "",
        "## Limits",
        "",
        f"- At most {schema.limits.tiles_per_side} tiles a side (the other limits: maps/README.md); tiles "
        "square; one tile is `inches_per_tile` inches (default 1).",
        '- Template sizes are pixels, as Tiled stores them: the shipped templates assume 32 px tiles of 1", '
        'so on a map of 64 px tiles or `inches_per_tile` = 2 a 6" wall template is a different length: '
        "resize it.",
        '- Figures stand on 1" bases (the Zombie Boss 1.6"): a point object is the base\'s centre.',
    ]
    limits = raw.get("limits", {})
    for key, value in limits.items():
        lines.append(f"- `{key}`: {value}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(reference(), end="")
