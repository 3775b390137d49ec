"""``Table.legs_clear`` answers exactly as ``Table.leg_clear`` does, leg by leg (rules: "Common to
all three": movement, a base may not pass through walls or buildings; a zombie walks straight at its
goal when the way is clear): on thousands of random legs over every shipped map, on the pinned
cases (grazing a building's corner and a wall's round end at the base's radius and a hair either
side, starting against a wall and moving off or into it, off the table, of no length), and on any
leg hypothesis finds on the property tests' table."""

from __future__ import annotations

import math
import random
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_table_sight_batch import (  # the shipped maps; the property tests' table
    MAPS_DIR,
    SHIPPED,
    TABLE,
    grid_points,
    points,
)

from game.bench.common import open_ground, starter_scenario
from game.scenario.loader import load_scenario
from game.scenario.model import Area, Terrain
from game.table import Table, space


def check(table: Table, legs, radius: float = 0.5) -> list[bool]:
    """Every leg through the batch (however few) against the single call; the answers."""
    with patch.object(space, "LEGS_BATCH_FROM", 0):
        batch = table.legs_clear(legs, radius)
    assert len(batch) == len(legs)
    for (a, b), got in zip(legs, batch):
        assert got == table.leg_clear(a, b, radius), (a, b, radius, got)
    return batch


def random_legs(sc, rng: random.Random, n: int):
    legs = []
    for _ in range(n):
        a = (rng.uniform(-1, sc.width + 1), rng.uniform(-1, sc.height + 1))
        if rng.random() < 0.5:
            b = (a[0] + rng.uniform(-8, 8), a[1] + rng.uniform(-8, 8))  # a move's length
        else:
            b = (rng.uniform(0, sc.width), rng.uniform(0, sc.height))  # across the table
        legs.append((a, b))
    return legs


@pytest.mark.parametrize("name", SHIPPED)
def test_thousands_of_random_legs_on_every_shipped_map(name):
    sc = load_scenario(str(MAPS_DIR / name))
    table = Table.from_scenario(sc)
    legs = random_legs(sc, random.Random(name), 3000)
    answers = check(table, legs) + check(table, legs[:500], 1.0) + check(table, legs[:500], 0.25)
    assert True in answers and False in answers


def test_legs_between_open_ground_as_a_horde_asks_them():
    sc = starter_scenario()
    table = Table.from_scenario(sc)
    spots = open_ground(sc, random.Random(5), 0.5)
    pts = [next(spots) for _ in range(120)]
    legs = [(pts[i], pts[j]) for i in range(0, 120, 3) for j in range(1, 120, 4)]
    answers = check(table, legs)
    assert 0.2 < sum(answers) / len(answers) < 0.9  # both kinds, in numbers


def test_grazing_a_buildings_corner_and_a_walls_end():
    """A base of 0.5" passing a square building's corner and a 0.25" wall's round end at exactly
    the reach, and a millionth and a thousandth either side, both ways."""
    house = Terrain(1, "Farmhouse", "building", Area.rect(10, 10, 6, 6))
    wall = Terrain(2, "Churchyard wall", "wall", Area(((34, 16), (34, 26)), is_line=True, shape="polyline"))
    table = Table(40, 30, [house, wall])
    legs = []
    for off in (0.0, 1e-6, -1e-6, 1e-3, -1e-3, 0.1, -0.1):
        y = 10.0 - 0.5 - off  # under the house's bottom edge, passing its corners
        legs += [((2.0, y), (30.0, y)), ((30.0, y), (2.0, y))]
        y = 26.0 + 0.625 + off  # past the wall's top end: radius plus half its thickness
        legs += [((28.0, y), (39.0, y)), ((39.0, y), (28.0, y))]
    answers = check(table, legs)
    assert answers[-8:-4] == [True] * 4  # a tenth of an inch clear of both: passes
    assert answers[-4:] == [False] * 4  # a tenth of an inch into both: touches


def test_starting_against_a_wall_moving_off_along_or_into_it():
    house = Terrain(1, "Farmhouse", "building", Area.rect(10, 10, 6, 6))
    table = Table(40, 30, [house])
    at = (13.0, 9.5)  # touching the bottom edge
    legs = [(at, (13.0, 4.0)), (at, (20.0, 9.5)), (at, (13.0, 12.0)), (at, (18.0, 9.4)), (at, (18.0, 9.6))]
    inside = (12.0, 12.0)
    legs += [(inside, (12.0, 2.0)), (inside, (14.0, 14.0))]
    answers = check(table, legs)
    assert answers[:3] == [True, True, False]


def test_off_the_table_and_of_no_length():
    table = Table.from_scenario(starter_scenario())
    inf = float("inf")
    legs = [
        ((0.6, 5.0), (0.2, 5.0)),
        ((0.2, 5.0), (0.6, 5.0)),
        ((71.0, 5.0), (71.8, 5.0)),
        ((5.0, 47.9), (5.0, 40.0)),
    ]
    legs += [((5.0, 5.0), (5.0, 5.0)), ((5.0, 5.0), (5.0, 5.0 + 1e-9)), ((1.0, 1.0), (inf, 3.0))]
    answers = check(table, legs)
    assert answers[:5] == [False, True, False, True, True]


def test_an_empty_batch_and_a_small_one():
    table = Table.from_scenario(starter_scenario())
    assert table.legs_clear([], 0.5) == []
    legs = random_legs(starter_scenario(), random.Random(4), space.LEGS_BATCH_FROM - 1)
    assert table.legs_clear(legs, 0.5) == [table.leg_clear(a, b, 0.5) for a, b in legs]


@settings(max_examples=150, deadline=None)
@given(
    legs=st.lists(st.tuples(st.one_of(points, grid_points), st.one_of(points, grid_points)), max_size=12),
    radius=st.sampled_from((0.5, 0.25, 1.0, 0.0)),
)
def test_any_batch_reads_as_the_single_calls(legs, radius):
    check(TABLE, legs, radius)


def crowded_table(rng: random.Random, huts: int, walls: int, bends: int, zigzag) -> Table:
    """A 72" x 48" table of ``huts`` 1" huts and ``walls`` polyline walls of ``bends`` points each,
    point k at ``zigzag(k)`` from the wall's start, all placed by ``rng``."""
    terrain = [
        Terrain(i, f"Hut {i}", "building", Area.rect(rng.uniform(0, 70), rng.uniform(0, 46), 1.0, 1.0))
        for i in range(huts)
    ]
    for i in range(walls):
        x, y = rng.uniform(0, 60), rng.uniform(0, 40)
        pts = tuple((x + dx, y + dy) for dx, dy in map(zigzag, range(bends)))
        terrain.append(Terrain(1000 + i, f"Wall {i}", "wall", Area(pts, is_line=True, shape="polyline")))
    return Table(72, 48, terrain)


def test_a_table_of_many_pieces_is_asked_in_small_passes():
    """A map of hundreds of huts and fences (more than the single call's own shortcut takes), its
    batches asked a few dozen segments a pass: the same answers for legs and sight lines alike as
    the single calls."""
    from game.table import outlines

    rng = random.Random(9)
    table = crowded_table(rng, huts=300, walls=40, bends=12, zigzag=lambda k: (k * 0.7, (k % 2) * 0.5))
    legs = []
    for _ in range(400):
        a = (rng.uniform(0, 72), rng.uniform(0, 48))
        legs.append((a, (a[0] + rng.uniform(-4, 4), a[1] + rng.uniform(-4, 4))))
    with patch.object(outlines, "CHUNK", 37):
        answers = check(table, legs)
        with patch.object(space, "BATCH_FROM", 0):
            sights = table.lines_of_sight(legs)
    assert True in answers and False in answers
    assert [s.state for s in sights] == [table.line_of_sight(a, b).state for a, b in legs]


def test_a_table_of_very_many_pieces_sweeps_only_those_filed_near():
    """A hedgerow map of more than SCAN_ALL walls and buildings: every sweep (leg_clear, check_path)
    reads only the pieces filed near it (BoxGrid) and answers exactly as reading the whole list."""
    rng = random.Random(3)
    table = crowded_table(rng, huts=120, walls=16, bends=15, zigzag=lambda k: (k * 0.8, 0.3 * ((k * 7) % 3)))
    assert len(table._blocking) > space.SCAN_ALL and table._blocking_grid is not None
    legs = []
    for _ in range(600):
        a = (rng.uniform(0, 72), rng.uniform(0, 48))
        reach = rng.choice((3.0, 12.0, 60.0))
        legs.append((a, (a[0] + rng.uniform(-reach, reach), a[1] + rng.uniform(-reach, reach))))
    filed = [(table.leg_clear(a, b, 0.5), table.check_path([a, b], 0.5)) for a, b in legs]
    table._blocking_grid = None  # the whole list, as a table of fewer pieces reads it
    assert filed == [(table.leg_clear(a, b, 0.5), table.check_path([a, b], 0.5)) for a, b in legs]
    assert {ok for ok, _ in filed} == {True, False}


def test_the_batch_loops_are_warmed_once_a_process(monkeypatch):
    """The game's window gets numba's compiled loops ready in the background (game/table/warm.py):
    one thread a process, however often it is asked, and the warm-up itself answers batches."""
    import threading
    from types import SimpleNamespace

    from game.table import warm

    started = []

    class Thread:
        def __init__(self, **kw) -> None:
            started.append(kw)

        def start(self) -> None:
            pass

    monkeypatch.setattr(warm, "_started", threading.Event())
    monkeypatch.setattr(warm, "threading", SimpleNamespace(Thread=Thread))
    warm.warm_up_in_background()
    warm.warm_up_in_background()
    assert [kw["target"] for kw in started] == [warm.prepare]
    warm.warm_up()  # compiles, or loads from numba's cache, without error


def test_a_loop_numba_cannot_cache_is_compiled_afresh():
    """A loop whose file numba can keep no cache for (here one with no file at all, as numba sees an
    install and a home that are both read-only) still compiles and runs, uncached."""
    from game.table.compiled import compiled

    scope: dict = {}
    exec(compile("def double(x):\n    return 2 * x\n", "<nowhere>", "exec"), scope)
    assert compiled(scope["double"])(21) == 42


def nearest_one_by_one(table: Table, starts, goals, limits, radius: float) -> list[int]:
    """The rule as the single calls state it: each start's goals within its limit, nearest first
    (ties: the one listed first), the first whose leg is clear."""
    out = []
    for here, limit in zip(starts, limits):
        near = sorted((math.dist(here, g), i) for i, g in enumerate(goals) if math.dist(here, g) <= limit)
        out.append(next((i for _, i in near if table.leg_clear(here, goals[i], radius)), -1))
    return out


def check_nearest(table: Table, starts, goals, limits, radius: float = 0.5) -> list[int]:
    from game.table import legs_batch

    with patch.object(legs_batch, "NEAREST_BATCH_FROM", 0):
        got = table.nearest_clear(starts, goals, limits, radius)
    assert got == nearest_one_by_one(table, starts, goals, limits, radius)
    return got


@pytest.mark.parametrize("name", SHIPPED)
def test_each_starts_nearest_clear_goal_on_every_shipped_map(name):
    """A horde's straight goals (Zombiekrieg 848, The zombies: straight at the nearest goal in open
    ground): the nearest goal in a straight line, of those within the limit, whose leg is clear."""
    sc = load_scenario(str(MAPS_DIR / name))
    table = Table.from_scenario(sc)
    rng = random.Random(name)
    spots = open_ground(sc, rng, 0.5)
    starts = [next(spots) for _ in range(300)]
    goals = [next(spots) for _ in range(12)]
    goals += [goals[0], (2 * starts[0][0] - goals[1][0], 2 * starts[0][1] - goals[1][1])]  # ties
    limits = [rng.choice((3.0, 12.0, 40.0, math.inf)) for _ in starts]
    got = check_nearest(table, starts, goals, limits)
    assert -1 in got and any(i >= 0 for i in got)
    check_nearest(table, starts[:100], goals, limits, 1.0)


def test_a_start_a_hair_from_a_wall_goes_on_with_the_single_call():
    """Starts against the house's edge (the kernel leaves such a leg to the single call): the first
    goal's leg runs into the house, the next away from it."""
    house = Terrain(1, "Farmhouse", "building", Area.rect(10, 10, 6, 6))
    table = Table(40, 30, [house])
    starts = [(11.0 + 0.1 * i, 9.5) for i in range(40)]
    goals = [(13.0, 12.5), (13.0, 2.0)]
    got = check_nearest(table, starts, goals, [10.0] * len(starts))
    assert got == [1] * 40


def test_where_python_dist_is_not_math_dist_the_goals_are_tried_one_by_one(monkeypatch):
    from game.table import legs_kernel
    from game.table.compiled import _HOLDS

    monkeypatch.setitem(_HOLDS, "dist", False)
    monkeypatch.setattr(legs_kernel, "nearest_clear", None)  # never reached
    sc = starter_scenario()
    spots = open_ground(sc, random.Random(2), 0.5)
    starts, goals = [next(spots) for _ in range(40)], [next(spots) for _ in range(5)]
    check_nearest(Table.from_scenario(sc), starts, goals, [20.0] * 40)


@pytest.mark.parametrize("radius", [0.5, 1.0])
def test_legs_grazing_a_round_building_at_the_reach_and_a_hair_either_side(radius):
    """A round silo (a 32-sided piece, which the batch first holds up against a disc round its
    corners): legs passing it at the base's radius from its outline and a hair either side, at every
    angle, and legs starting against it, answer as the single call does."""
    silo = Terrain(1, "Silo", "building", Area.circle(20, 20, 4))
    table = Table(40, 40, [silo])
    legs = []
    for k in range(48):
        angle = 2 * math.pi * k / 48
        ux, uy = math.cos(angle), math.sin(angle)
        for gap in (-1e-3, -1e-6, 0.0, 1e-6, 1e-3, 0.05):
            # a chord of the 32-gon is nearer the centre than its corners: aim past both
            for reach in (4 + radius + gap, 4 * math.cos(math.pi / 32) + radius + gap):
                cx, cy = 20 + ux * reach, 20 + uy * reach
                legs.append(((cx - uy * 9, cy + ux * 9), (cx + uy * 9, cy - ux * 9)))  # a tangent leg
        start = (20 + ux * (4 + radius + 1e-4), 20 + uy * (4 + radius + 1e-4))
        legs += [(start, (start[0] + ux * 3, start[1] + uy * 3)), (start, (20.0, 20.0))]  # off it, into it
    answers = check(table, legs, radius)
    assert True in answers and False in answers
