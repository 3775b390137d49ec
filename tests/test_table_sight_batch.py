"""``Table.lines_of_sight`` answers exactly as ``Table.line_of_sight`` does, pair by pair (rules:
"Common to all three": line of sight): on thousands of random pairs over every shipped map, on the
pinned corner cases (a line through a building's corner, grazing a wall's end, starting inside
clutter), and on any pair hypothesis finds on the property tests' table.

The state, what blocked the line, the inches of clutter crossed and whether the target stands in
clutter are the single call's to the last bit; where a wall stops the line comes from pymunk in the
single call and is compared to within a ten-millionth of an inch."""

from __future__ import annotations

import math
import random
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.assets import assets_dir
from game.bench.common import starter_scenario
from game.bench.sight import sight_pairs
from game.scenario.loader import load_scenario
from game.scenario.model import Area, Terrain
from game.table import Table, space


def same(a, b) -> bool:
    if (a.state, a.blocked_by, a.target_in_clutter) != (b.state, b.blocked_by, b.target_in_clutter):
        return False
    if a.clutter_length != b.clutter_length:
        return False
    if (a.blocked_at is None) != (b.blocked_at is None):
        return False
    return a.blocked_at is None or math.dist(a.blocked_at, b.blocked_at) < 1e-7


def check(table: Table, pairs, max_clutter: float = 2.0) -> None:
    """Every pair through the batch (however few) against the single call."""
    with patch.object(space, "BATCH_FROM", 0):
        batch = table.lines_of_sight(pairs, max_clutter)
    assert len(batch) == len(pairs)
    for (a, b), got in zip(pairs, batch):
        want = table.line_of_sight(a, b, max_clutter)
        assert same(got, want), (a, b, got, want)


@pytest.fixture(scope="module")
def normandy():
    sc = starter_scenario()
    return Table.from_scenario(sc), sc


def test_random_pairs_on_the_starter_map(normandy):
    table, sc = normandy
    pairs = sight_pairs(sc, 2500, seed=31)
    check(table, pairs)
    states = {s.state for s in table.lines_of_sight(pairs)}
    assert states == {"clear", "obscured", "blocked"}


MAPS_DIR = assets_dir("maps")
SHIPPED = sorted(p.name for p in MAPS_DIR.glob("*.tmx"))


@pytest.mark.parametrize("name", SHIPPED)
def test_thousands_of_random_pairs_on_every_shipped_map(name):
    sc = load_scenario(str(MAPS_DIR / name))
    table = Table.from_scenario(sc)
    pairs = sight_pairs(sc, 3000, seed=77)
    rng = random.Random(name)
    pts = [(rng.uniform(0, sc.width), rng.uniform(0, sc.height)) for _ in range(2000)]
    pairs += list(zip(pts[::2], pts[1::2]))  # anywhere: inside buildings and clutter too
    check(table, pairs)
    assert {s.state for s in table.lines_of_sight(pairs)} == {"clear", "obscured", "blocked"}


def test_random_points_anywhere_and_other_clutter_limits(normandy):
    table, sc = normandy
    rng = random.Random(8)
    pts = [(rng.uniform(-1, sc.width + 1), rng.uniform(-1, sc.height + 1)) for _ in range(1200)]
    pairs = list(zip(pts[::2], pts[1::2]))
    for limit in (0.0, 1.0, 2.0, 6.0):
        check(table, pairs, limit)


def test_lines_along_walls_from_corners_and_of_no_length(normandy):
    table, sc = normandy
    pieces = [t for t in sc.terrain if t.blocks_sight or t.is_clutter]
    corners = [p for t in pieces for p in t.area.points]
    rng = random.Random(2)
    pairs = [(corners[i], corners[i + 1]) for i in range(len(corners) - 1)]  # along outlines
    pairs += [(c, (c[0] + rng.uniform(-9, 9), c[1] + rng.uniform(-9, 9))) for c in corners]  # from corners
    pairs += [((5.0, 5.0), (5.0, 5.0)), (corners[0], corners[0])]  # no length
    check(table, pairs)


def test_the_line_through_a_buildings_corner():
    u = Terrain(
        1,
        "Farmhouse",
        "building",
        Area(((8, 8), (16, 8), (16, 16), (14, 16), (14, 10), (10, 10), (10, 16), (8, 16))),
    )
    table = Table(36, 30, [u])
    a, b = (0.0, 0.0), (10.259062388569939, 10.259062388569939)
    check(table, [(a, b), (b, a)])
    there, back = table.lines_of_sight([(a, b), (b, a)])
    assert there.state == back.state == "blocked"


def test_grazing_a_walls_round_end():
    """A polyline wall 0.25" thick: lines passing its end cap at, just inside and just outside its
    half thickness, both ways."""
    wall = Terrain(2, "Churchyard wall", "wall", Area(((10, 5), (10, 15)), is_line=True, shape="polyline"))
    table = Table(30, 30, [wall])
    pairs = []
    for dy in (0.125, 0.125 - 1e-9, 0.125 + 1e-9, 0.12, 0.13, 0.0):
        a, b = (2.0, 15.0 + dy), (20.0, 15.0 + dy)
        pairs += [(a, b), (b, a)]
    pairs += [((10.0, 2.0), (10.0, 5.0 - 0.125)), ((10.0, 2.0), (10.0, 5.0 - 0.13))]  # ending on the cap
    check(table, pairs)
    states = [s.state for s in table.lines_of_sight(pairs)]
    assert states[8:10] == ["clear", "clear"]  # 0.13" out: passes
    assert states[10:12] == ["blocked", "blocked"]  # through the middle of the cap


def test_starting_inside_clutter():
    """A line from inside a wood counts the wood from its start; one from inside a hedge overlapping
    the wood counts the overlap once; limits either side of what is crossed."""
    woods = Terrain(4, "Woods", "clutter", Area.rect(5, 5, 6, 6))
    hedge = Terrain(6, "Hedge", "clutter", Area.rect(9, 7, 6, 1))
    table = Table(30, 30, [woods, hedge])
    pairs = [
        ((6.0, 6.0), (20.0, 6.0)),
        ((10.0, 7.5), (20.0, 7.5)),
        ((6.0, 7.5), (20.0, 7.5)),
        ((6.0, 6.0), (8.0, 9.0)),
    ]
    for limit in (2.0, 4.0, 5.0, 9.0):
        check(table, pairs, limit)
    there = table.lines_of_sight(pairs, 9.0)
    assert there[0].clutter_length == pytest.approx(5.0) and there[0].state == "obscured"
    assert there[2].clutter_length == pytest.approx(9.0)  # the wood and the hedge beyond, overlap once
    assert there[3].target_in_clutter


def test_an_empty_batch():
    assert Table(10, 10).lines_of_sight([]) == []


TERRAIN = (
    Terrain(
        1,
        "Farmhouse",
        "building",
        Area(((8, 8), (16, 8), (16, 16), (14, 16), (14, 10), (10, 10), (10, 16), (8, 16))),
    ),
    Terrain(2, "Churchyard wall", "wall", Area(((20, 4), (26, 10), (26, 18)), is_line=True, shape="polyline")),
    Terrain(3, "Barn", "building", Area(((28, 20), (32, 24), (28, 28), (24, 24)))),
    Terrain(4, "Woods", "clutter", Area.circle(6, 24, 3)),
    Terrain(5, "Rubble", "ruin", Area.rect(18, 22, 4, 3)),
    Terrain(6, "Hedge", "clutter", Area.rect(19, 23, 6, 1)),
)
TABLE = Table(36, 30, TERRAIN)
points = st.tuples(st.floats(-2, 38, allow_nan=False), st.floats(-2, 32, allow_nan=False))
grid_points = st.tuples(st.integers(0, 72).map(lambda v: v / 2), st.integers(0, 60).map(lambda v: v / 2))


@settings(max_examples=150, deadline=None)
@given(pairs=st.lists(st.tuples(st.one_of(points, grid_points), st.one_of(points, grid_points)), max_size=12))
def test_any_batch_reads_as_the_single_calls(pairs):
    check(TABLE, pairs)


def test_a_small_batch_is_asked_line_by_line_with_the_same_answers(normandy):
    table, sc = normandy
    pairs = sight_pairs(sc, space.BATCH_FROM - 1, seed=5)
    assert table.lines_of_sight(pairs) == [table.line_of_sight(a, b) for a, b in pairs]


def test_a_line_running_along_a_buildings_edge():
    """Found by hypothesis: a line lying on the U-shaped farmhouse's inner wall, both ways."""
    pairs = [((10.0, 11.0), (10.0, 10.5)), ((10.0, 10.5), (10.0, 11.0)), ((10.0, 9.0), (10.0, 17.0))]
    check(TABLE, pairs)


@pytest.mark.parametrize("name", SHIPPED)
def test_which_paths_enter_clutter_on_every_shipped_map(name):
    """A horde's wanted paths asked together (Zombiekrieg 848, The zombies: a path entering clutter is
    cut to the clutter roll): ``paths_in_clutter`` is ``clutter_on_path(path) > 0`` for each, for
    paths of one to four legs anywhere (through walls and buildings, from inside clutter, with legs
    of no length and paths of one point)."""
    sc = load_scenario(str(MAPS_DIR / name))
    table = Table.from_scenario(sc)
    rng = random.Random(name)
    paths = []
    for _ in range(600):
        path = [(rng.uniform(0, sc.width), rng.uniform(0, sc.height))]
        for _ in range(rng.choice((0, 1, 1, 2, 3, 4))):
            last = path[-1]
            path.append(
                last if rng.random() < 0.05 else (last[0] + rng.uniform(-6, 6), last[1] + rng.uniform(-6, 6))
            )
        paths.append(path)
    got = table.paths_in_clutter(paths)
    assert got == [table.clutter_on_path(p) > 0 for p in paths]
    assert True in got and False in got


def check_seen(table: Table, watchers, targets, max_clutter: float = 2.0) -> list[bool]:
    """``seen_from_any`` through the batch (however few) against the single call, pair by pair."""
    with patch.object(space, "BATCH_FROM", 0):
        got = table.seen_from_any(watchers, targets, max_clutter)
    want = [any(table.line_of_sight(w, t, max_clutter).state != "blocked" for w in watchers) for t in targets]
    assert got == want
    return got


@pytest.mark.parametrize("name", SHIPPED)
def test_who_is_seen_by_a_horde_on_every_shipped_map(name):
    """Zombiekrieg 848, The zombies ("toward the nearest seen"): which soldiers some zombie sees, asked
    together, is what the single sight lines say, for watchers and targets anywhere (inside buildings
    and clutter too), and one watcher seeing is enough."""
    sc = load_scenario(str(MAPS_DIR / name))
    table = Table.from_scenario(sc)
    rng = random.Random(name)
    for watchers_count, limit in ((40, 2.0), (3, 2.0), (1, 0.0), (12, 6.0)):
        watchers = [(rng.uniform(0, sc.width), rng.uniform(0, sc.height)) for _ in range(watchers_count)]
        targets = [(rng.uniform(0, sc.width), rng.uniform(0, sc.height)) for _ in range(25)]
        seen = check_seen(table, watchers, targets, limit)
        if watchers_count == 40:
            assert any(seen) and not all(seen)


def test_who_is_seen_at_the_pinned_corners():
    """The pinned cases through ``seen_from_any``: the line through a building's corner, a line along
    its edge, lines of no length, and no watchers or no targets at all."""
    corners = [p for t in TERRAIN for p in t.area.points]
    check_seen(TABLE, corners, corners)
    check_seen(TABLE, [(10.0, 11.0), (10.0, 9.0)], [(10.0, 10.5), (10.0, 17.0), (10.0, 9.0)])
    assert TABLE.seen_from_any([], [(1.0, 1.0)]) == [False]
    assert TABLE.seen_from_any([(1.0, 1.0)], []) == []


@settings(max_examples=100, deadline=None)
@given(
    watchers=st.lists(st.one_of(points, grid_points), max_size=6),
    targets=st.lists(st.one_of(points, grid_points), max_size=6),
)
def test_any_watchers_and_targets_read_as_the_single_calls(watchers, targets):
    check_seen(TABLE, watchers, targets)
