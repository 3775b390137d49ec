"""The reference a designer reads (``maps/REFERENCE.md``, ``deadground check --reference``) is generated
from the schema: it lists every map property and class with type, default and the rule sets that read it,
and the formats; it fails here the moment it and the schema disagree."""

from __future__ import annotations

from pathlib import Path

from game.cli import main as cli
from game.scenario.reference import reference
from game.scenario.schema import load_schema

ROOT = Path(__file__).resolve().parent.parent


def test_reference_file_is_the_generated_one():
    assert (ROOT / "maps" / "REFERENCE.md").read_text() == reference(), (
        "regenerate it: python -m game.scenario.reference > maps/REFERENCE.md"
    )


def test_every_property_and_class_is_listed_with_its_default():
    text = reference()
    schema = load_schema()
    for name, spec in schema.map.items():
        assert f"| `{name}` | {spec.type} |" in text
    for cls in schema.objects.values():
        assert f"### `{cls.name}`" in text
        for name, spec in cls.properties.items():
            assert f"| `{name}` | {spec.type} |" in text
    assert "| `zombie_ratio` | float | `2.5` |" in text
    assert "ignored by zombiekrieg" in text
    assert "Zstandard: save the layer as zlib/gzip/CSV" in text
    assert "Template sizes are pixels" in text


def test_check_reference_prints_it(capsys):
    assert cli(["check", "--reference"]) == 0
    assert capsys.readouterr().out == reference()
