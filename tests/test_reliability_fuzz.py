"""Hostile files at scale (issue 17, item 5): maps with injected entities, huge numbers, deep nesting,
odd encodings and hostile references; mutated tilesets; mutated rule-set data files. Loading gives a
Scenario that starts (tests/fuzz_helpers.py) or problems, never the catch-all, a hang or a traceback.
A CI-sized slice by default; 10,000 cases each with ``--fuzz-long`` or ``DEADGROUND_LONG=1``."""

from __future__ import annotations

import os
import re
import shutil
import tomllib
import zipfile
from pathlib import Path

import pytest
from fuzz_size import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_scenario_fuzz import MUTATION, VALID, assert_scenario_or_problems, mutate

from game.assets import data_file
from game.scenario import ScenarioError

MAPS = Path(__file__).parent / "maps"
FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    shutil.copytree(MAPS / "templates", root / "templates")
    shutil.copytree(MAPS / "tiles", root / "tiles")
    os.mkfifo(root / "templates" / "fifo.tx")
    (root / "templates" / "zero.tx").symlink_to("/dev/zero")
    (root / "templates" / "loop.tx").symlink_to(root / "templates" / "loop.tx")
    (root / "templates" / "dir.tx").mkdir()
    return root


NUMBERS = st.sampled_from(
    ["1e308", "-1e308", "1e-320", "9" * 400, "9" * 5000, "NaN", "Infinity", "0", "-0", "4096", "1e9", "0x7fffffff"]
)
REFERENCES = st.sampled_from(
    [
        "templates/fifo.tx",
        "templates/zero.tx",
        "templates/loop.tx",
        "templates/dir.tx",
        "/dev/zero",
        "/etc/passwd",
        "../../../../etc/passwd",
        "templates/" + "x" * 5000 + ".tx",
        "templates/\u00e9t\u00e9.tx",
        "",
    ]
)
ENTITY = (
    '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(6))
    + "]>"
)


@st.composite
def hostile_map(draw) -> bytes:
    text = VALID.decode("utf-8")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                [
                    "entity",
                    "number",
                    "groups",
                    "classprop",
                    "longtext",
                    "points",
                    "encoding",
                    "reference",
                    "tileset",
                ]
            )
        )
        if kind == "entity":
            text = text.replace("?>", "?>" + ENTITY, 1).replace('value="Test farm"', 'value="&f;"')
        elif kind == "number":
            attr = draw(st.sampled_from(["width", "height", "tilewidth", "x", "y", "rotation", "value"]))
            n = draw(st.integers(0, 20))
            marker = f'{attr}="'
            at = -1
            for _ in range(n + 1):
                at = text.find(marker, at + 1)
                if at < 0:
                    break
            if at >= 0:
                end = text.index('"', at + len(marker))
                text = text[: at + len(marker)] + draw(NUMBERS) + text[end:]
        elif kind == "groups":
            depth = draw(st.integers(1, 3000))
            text = text.replace('<objectgroup id="2"', '<group id="90">' * depth + '<objectgroup id="2"', 1)
            text = text.replace("</objectgroup>", "</objectgroup>" + "</group>" * depth, 1)
        elif kind == "classprop":
            depth = draw(st.integers(1, 3000))
            nest = '<property name="c" type="class"><properties>' * depth + "</properties></property>" * depth
            text = text.replace("<properties>", "<properties>" + nest, 1)
        elif kind == "longtext":
            size = draw(st.sampled_from([121, 10_001, 1_000_000]))
            text = text.replace('value="Test farm"', f'value="{"w" * size}"')
        elif kind == "points":
            n = draw(st.sampled_from([3, 999, 1001, 20_000]))
            pts = " ".join(f"{k % 97},{(k * 7) % 89}" for k in range(n))
            text = text.replace('points="0,0 64,0 64,64"', f'points="{pts}"', 1)
        elif kind == "encoding":
            name = draw(st.sampled_from(["x-no-such", "latin-1", "UTF-16", "utf8", "ascii", ""]))
            text = text.replace('encoding="UTF-8"', f'encoding="{name}"', 1)
        elif kind == "reference":
            text = text.replace('template="templates/zombie.tx"', f'template="{draw(REFERENCES)}"', 1)
        else:
            text = text.replace('source="tiles/test.tsx"', f'source="{draw(REFERENCES)}"', 1)
    return text.encode("utf-8")


@FUZZ
@given(data=hostile_map())
def test_hostile_maps_are_refused_or_start(folder: Path, data: bytes) -> None:
    path = folder / "hostile.tmx"
    path.write_bytes(data)
    assert_scenario_or_problems(path)


@FUZZ
@given(mutations=st.lists(MUTATION, min_size=1, max_size=3))
def test_mutated_tilesets(folder: Path, tmp_path_factory, mutations) -> None:
    own = tmp_path_factory.mktemp("tsx")
    shutil.copytree(folder / "tiles", own / "tiles")
    shutil.copytree(MAPS / "templates", own / "templates")
    tsx = own / "tiles" / "test.tsx"
    tsx.write_bytes(mutate(tsx.read_bytes(), mutations))
    (own / "map.tmx").write_bytes(VALID)
    assert_scenario_or_problems(own / "map.tmx")


def _leaves(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, prefix + (i,))
    else:
        yield prefix


RULES_DATA = tomllib.loads(data_file("zombiekrieg.toml").read_text())
LEAVES = list(_leaves(RULES_DATA))
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.text(max_size=6), st.just([]), st.just({})
)


def _toml(value) -> str:
    import json

    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value)


@FUZZ
@given(data=st.data())
def test_mutated_rules_data_is_refused_with_data_error(tmp_path: Path, data) -> None:
    """A club's variant of zombiekrieg.toml loads or is refused with DataError naming what is wrong."""
    import copy

    from game.rules.zombiekrieg.data import DataError, load_data

    tree = copy.deepcopy(RULES_DATA)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(LEAVES))
        parent = tree
        try:
            for key in where[:-1]:
                parent = parent[key]
            value = data.draw(JUNK)
            if value is None and isinstance(parent, dict):
                parent.pop(where[-1], None)
            elif value is not None:
                parent[where[-1]] = value
        except (KeyError, IndexError, TypeError):
            pass
    path = tmp_path / "variant.toml"
    path.write_text("\n".join(f"{json_key(k)} = {_toml(v)}" for k, v in tree.items()))
    load_data.cache_clear()
    try:
        load_data(str(path))
    except DataError as exc:
        assert str(exc)
    finally:
        load_data.cache_clear()


def json_key(key: str) -> str:
    import json

    return json.dumps(key)


def test_a_rules_value_of_the_wrong_kind_is_a_data_error(tmp_path: Path) -> None:
    """Found by the fuzz above: ``shots = {}`` raised TypeError out of load_data."""
    import copy

    from game.rules.zombiekrieg.data import DataError, load_data

    tree = copy.deepcopy(RULES_DATA)
    tree["weapon_classes"]["self_loading_rifle"]["shots"] = {}
    path = tmp_path / "variant.toml"
    path.write_text("\n".join(f"{json_key(k)} = {_toml(v)}" for k, v in tree.items()))
    (path.parent / "bad.toml").write_text("this is = = not toml")
    load_data.cache_clear()
    try:
        with pytest.raises(DataError, match="variant.toml"):
            load_data(str(path))
        with pytest.raises(DataError, match="not valid TOML"):
            load_data(str(path.parent / "bad.toml"))
    finally:
        load_data.cache_clear()


# -- issue 37: encodings, zip methods and digits of every kind -------------------------------------------------

ENCODINGS = st.sampled_from(["utf-8", "utf-16-le", "utf-16-be", "utf-16", "utf-32", "utf-32-le"])
DIGIT = st.characters(whitelist_categories=("Nd", "No", "Nl"))  # every Unicode digit and numeral class
NUMBER_TEXT = st.one_of(st.text(DIGIT, min_size=1, max_size=3), st.integers(0, 12).map(str))


def _recode(text: str, codec: str) -> bytes:
    """``text`` written in ``codec``, the XML declaration saying so (or nothing, for UTF-16 without a mark)."""
    said = {"utf-16-le": "UTF-16", "utf-16-be": "UTF-16", "utf-32-le": "UTF-32"}.get(codec, codec.upper())
    return text.replace('encoding="UTF-8"', f'encoding="{said}"', 1).encode(codec)


@FUZZ
@given(
    codec=ENCODINGS,
    number=NUMBER_TEXT,
    attr=st.sampled_from(["x", "y", "width", "tilewidth", "value", "id"]),
    smuggle=st.booleans(),
)
def test_maps_in_any_encoding_with_digits_of_any_kind(
    folder: Path, codec: str, number: str, attr: str, smuggle: bool
) -> None:
    """A map in any encoding, a number in any digit class, perhaps an entity in its title: problems or a
    scenario, and never one whose title an entity wrote."""
    from game.scenario import load_scenario

    text = VALID.decode("utf-8")
    at = text.find(f'{attr}="')
    if at >= 0:
        end = text.index('"', at + len(attr) + 2)
        text = text[: at + len(attr) + 2] + number + text[end:]
    if smuggle:
        text = text.replace("?>", '?><!DOCTYPE map [<!ENTITY x "Smuggled">]>', 1)
        text = text.replace('value="Test farm"', 'value="&x;"', 1)
    path = folder / "encoded.tmx"
    path.write_bytes(_recode(text, codec))
    assert_scenario_or_problems(path)
    try:
        assert "Smuggled" not in load_scenario(str(path)).title
    except ScenarioError:
        pass


@FUZZ
@given(
    codec=ENCODINGS,
    method=st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA, None]),
    name=st.text(st.characters(blacklist_categories=("Cs",)), max_size=20),
    stat=st.sampled_from(["WS", "BS", "S", "T", "W", "I", "A", "Ld", "Save"]),
    number=NUMBER_TEXT,
)
def test_catalogues_in_any_encoding_zip_method_and_digits_import_or_are_refused(
    tmp_path_factory, codec: str, method: int | None, name: str, stat: str, number: str
) -> None:
    """Every text field at other encodings, every zip method, numbers in every digit class: the import
    takes the file or refuses it with a reason, never another exception."""
    from xml.sax.saxutils import quoteattr

    from catalogue_bombs import honest_zip
    from test_z40k_battlescribe import catalogue

    from game.roster_import import ImportRefused, import_roster
    from game.rules.core import get_ruleset

    text = catalogue(name="Fuzzed").decode("utf-8")
    text = text.replace('name="Fuzzed"', f"name={quoteattr(name)}", 1)
    text = re.sub(  # the stat of every Unit profile (the Tactical Squad's marine first)
        rf'<characteristic name="{stat}" value="[^"]*"/>',
        f"<characteristic name={quoteattr(stat)} value={quoteattr(number)}/>".replace("\\", "\\\\"),
        text,
    )
    raw = _recode(text, codec)
    own = tmp_path_factory.mktemp("cat")
    path = own / ("fuzz.cat" if method is None else "fuzz.catz")
    path.write_bytes(raw if method is None else honest_zip("fuzz.cat", raw, method))
    try:
        done = import_roster(get_ruleset("zombie40k"), path, own / "data")
    except ImportRefused as exc:
        assert str(exc).startswith("refused: ") and "fuzz.cat" in str(exc)
        return
    assert done.file == path.name
    if not number.isascii():  # a characteristic in another script's digits never makes a unit
        assert not done.imported, done.imported
