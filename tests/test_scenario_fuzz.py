"""Whatever a map file holds, loading it gives a Scenario or a ScenarioError listing problems, never a
library traceback (Scenario files (Tiled): a bad map never crashes the game)."""

from __future__ import annotations

import io
import math
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fuzz_helpers import starts_headless
from fuzz_size import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.scenario import Scenario, ScenarioError, load_scenario
from game.scenario.check import main as check_main
from game.scenario.loader import UNEXPECTED
from game.scenario.schema import load_schema

MAPS = Path(__file__).parent / "maps"
VALID = (MAPS / "valid_zombiekrieg.tmx").read_bytes()

GARBAGE = st.one_of(
    st.sampled_from(
        [
            "",
            "-1",
            "0",
            "nan",
            "inf",
            "-inf",
            "1e400",
            "1e12",
            "abc",
            "3.5",
            "true",
            "99999999999",
            "0x10",
            " ",
            "1,2",
            "templates/nope.tx",
            "../valid_zombiekrieg.tmx",
            "isometric",
        ]
    ),
    st.text(max_size=12),
)
MUTATION = st.tuples(
    st.sampled_from(["delete_attribute", "garble_attribute", "drop_element", "garble_text", "truncate"]),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=10_000),
    GARBAGE,
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A copy of the test maps, so mutated files find (or fail to find) the same templates and tiles."""
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(MAPS / "templates", root / "templates")
    shutil.copytree(MAPS / "tiles", root / "tiles")
    return root


def mutate(data: bytes, mutations: list[tuple[str, int, int, str]]) -> bytes:
    root = ET.fromstring(data)
    for kind, i, j, text in mutations:
        if kind == "truncate":
            raw = ET.tostring(root)
            return raw[: i % (len(raw) + 1)]
        elements = list(root.iter())
        el = elements[i % len(elements)]
        attrs = sorted(el.attrib)
        if kind == "delete_attribute" and attrs:
            del el.attrib[attrs[j % len(attrs)]]
        elif kind == "garble_attribute" and attrs:
            el.set(attrs[j % len(attrs)], text)
        elif kind == "garble_text":
            el.text = text
        elif kind == "drop_element" and el is not root:
            parent = next(p for p in root.iter() if el in list(p))
            parent.remove(el)
    return ET.tostring(root)


def assert_scenario_or_problems(path: Path) -> None:
    try:
        scenario = load_scenario(str(path))
    except ScenarioError as err:
        assert err.problems, "a ScenarioError always says what is wrong"
        assert not any(UNEXPECTED in p.message for p in err.problems), str(err)
        assert all(str(p) for p in err.problems)
        return
    assert isinstance(scenario, Scenario)
    assert scenario.width > 0 and scenario.height > 0
    for thing in (*scenario.terrain, *scenario.zones):
        assert thing.area.points and all(math.isfinite(c) for p in thing.area.points for c in p)
    for figure in scenario.placements:
        assert all(math.isfinite(c) for c in figure.position) and math.isfinite(figure.facing)
    starts_headless(path, scenario)  # what check accepts, the game starts (issue 17)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=600))
def test_random_bytes(folder, data):
    path = folder / "bytes.tmx"
    path.write_bytes(data)
    assert_scenario_or_problems(path)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations=st.lists(MUTATION, min_size=1, max_size=4))
def test_mutated_valid_map(folder, mutations):
    path = folder / "mutated.tmx"
    path.write_bytes(mutate(VALID, mutations))
    assert_scenario_or_problems(path)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["zombie.tx", "deploy_allies.tx", "spawn_round.tx", "tile_zombie.tx", "wall.tx"]),
    mutations=st.lists(MUTATION, min_size=1, max_size=3),
)
def test_mutated_template(folder, tmp_path_factory, name, mutations):
    own = tmp_path_factory.mktemp("tx")
    shutil.copytree(folder / "templates", own / "templates")
    shutil.copytree(folder / "tiles", own / "tiles")
    template = own / "templates" / name
    template.write_bytes(mutate(template.read_bytes(), mutations))
    (own / "map.tmx").write_bytes(VALID)
    assert_scenario_or_problems(own / "map.tmx")


CLASSES = sorted(load_schema().objects)
POINT_TEXT = st.one_of(
    st.sampled_from(["", " ", "0,0", "0,0 0,0 0,0", "a,b", "1", "1,", ",1", "nan,nan 1,1 2,3", "1e400,0 5,5 0,5"]),
    st.lists(st.sampled_from(["0,0", "32,0", "32,32", "x,1", "1e999,1", "-0,-0", "inf,2", "3"]), max_size=5).map(
        " ".join
    ),
)
SHAPE = st.one_of(
    st.builds(lambda tag, pts: f'<{tag} points="{pts}"/>', st.sampled_from(["polygon", "polyline"]), POINT_TEXT),
    st.sampled_from(["<polygon/>", "<polyline/>", "<point/>", "<ellipse/>", ""]),
)
SIZE = st.sampled_from(['width="64" height="64"', 'width="0" height="0"', 'width="-5" height="nan"', ""])


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cls=st.sampled_from(CLASSES), shape=SHAPE, size=SIZE, from_template=st.booleans())
def test_every_class_with_no_or_malformed_points(folder, cls, shape, size, from_template):
    """Each object class drawn as a shape with no points, too few, or points that are not numbers, in the
    map or in the template it comes from: check (the loader and the review's sketch of a map that does not
    load) says what is wrong, never a traceback."""
    path = folder / "shapes.tmx"
    if from_template:
        template = f'<template><object name="Odd" type="{cls}" {size}>{shape}</object></template>'
        (folder / "templates" / "odd.tx").write_text(template, encoding="utf-8")
        thing = '<object id="50" template="templates/odd.tx" x="64" y="64"/>'
    else:
        thing = f'<object id="50" name="Odd" type="{cls}" x="64" y="64" {size}>{shape}</object>'
    path.write_text(VALID.decode("utf-8").replace("</objectgroup>", thing + "</objectgroup>", 1), encoding="utf-8")
    out = io.StringIO()
    assert check_main([str(path)], out) in (0, 1)
    assert UNEXPECTED not in out.getvalue(), out.getvalue()
    assert_scenario_or_problems(path)
