"""The crowd's batch questions answer exactly as the single calls do (rules: "Common to all
three": movement, a base may not pass through walls, buildings or other bases; Zombiekrieg 848, The
zombies: the unit moves nearest first, so the front does not block the back, and Cohesion):

- ``Table.walk_in_turn`` as ``Table.legal_path`` asked walker by walker, each moved before the next
  walks: crowds walking into one another, into walls, off the table's edge, in a queue along one
  line (each stopped by the one before), with legs of no length, and walks within a hair of the least
  move, on every shipped map;
- ``Table.others_within`` as ``Table.any_figure_in_circle`` at each figure's centre: crowds of two
  sizes of base, at reaches that put neighbours exactly on the edge and a hair either side."""

from __future__ import annotations

import random
from unittest.mock import patch

import pytest
from test_table_sight_batch import MAPS_DIR, SHIPPED

from game.bench.common import open_ground, starter_scenario
from game.scenario.loader import load_scenario
from game.scenario.model import Area, Point, Terrain
from game.table import Table, crowd, path_length

MIN_MOVE = 1e-6  # a zombie's least move (game.rules.zombiekrieg.zombies.MIN_MOVE)


def one_by_one(table: Table, walkers, radius: float, min_move: float = MIN_MOVE) -> list[tuple[Point, ...]]:
    """The rule as the single call states it."""
    out = []
    for fid, points in walkers:
        path = table.legal_path(points, radius, mover=fid)
        if len(path) >= 2 and path_length(path) >= min_move:
            table.move(fid, path[-1])
            out.append(path)
        else:
            out.append(path[:1])
    return out


def both(make, walkers, radius: float = 0.5, min_move: float = MIN_MOVE):
    """The walkers through the batch (however few) and one by one, on two tables made alike: the
    paths and every base's place after must be the same numbers."""
    batch_table, single_table = make(), make()
    moved: list[str] = []

    def move(fid: str, p: Point) -> None:
        moved.append(fid)
        batch_table.move(fid, p)

    with patch.object(crowd, "WALKS_BATCH_FROM", 0):
        got = batch_table.walk_in_turn(walkers, radius, min_move, move)
    want = one_by_one(single_table, walkers, radius, min_move)
    assert got == want
    assert moved == [fid for (fid, _), path in zip(walkers, want) if len(path) >= 2]
    for fid in single_table.figures():
        assert batch_table.position(fid) == single_table.position(fid), fid
    return got


def crowd_on(sc, n: int, seed: int, radius: float = 0.5):
    """A table of ``sc`` with ``n`` bases on open ground (some larger), and the ids."""
    spots = list(open_ground(sc, random.Random(seed), radius, spacing=1.25))
    spots = [next(iter(spots))] if not spots else spots
    rng = random.Random(seed)
    picked = [p for p, _ in zip(spots, range(n))]
    sizes = [radius if rng.random() < 0.9 else 0.75 for _ in picked]

    def make() -> Table:
        table = Table.from_scenario(sc)
        for i, (p, r) in enumerate(zip(picked, sizes)):
            table.place(f"z{i}", p, r)
        return table

    return make, [f"z{i}" for i, r in enumerate(sizes) if r == radius], picked


def random_walks(rng: random.Random, ids, starts, width: float, height: float):
    walkers = []
    for fid in rng.sample(ids, len(ids)):
        here = starts[int(fid[1:])]
        pts = [here]
        for _ in range(rng.choice((1, 1, 2, 3))):
            last = pts[-1]
            if rng.random() < 0.1:
                pts.append(last)  # a leg of no length
            elif rng.random() < 0.1:
                pts.append((rng.choice((-2.0, width + 2.0)), last[1]))  # off the table
            else:
                pts.append((last[0] + rng.uniform(-7, 7), last[1] + rng.uniform(-7, 7)))
        walkers.append((fid, pts))
    return walkers


@pytest.mark.parametrize("name", SHIPPED)
def test_a_crowd_walking_on_every_shipped_map(name):
    sc = load_scenario(str(MAPS_DIR / name))
    make, ids, starts = crowd_on(sc, 300, 11)
    rng = random.Random(name)
    for _ in range(3):
        got = both(make, random_walks(rng, ids, starts, sc.width, sc.height))
        stopped_short = sum(1 for p in got if len(p) < 2)
        assert 0 < stopped_short < len(got)  # some walk, some are hemmed in or go nowhere


def test_a_queue_along_one_line_each_stopped_by_the_one_before():
    """Ten bases in a row, each walking 5" on along the row, the front first. Half an inch apart, the
    one before has always gone on far enough; touching, each walks up behind the one before and stops
    0.002" short of touching it again."""

    def make(gap: float):
        def table() -> Table:
            t = Table(72, 48)
            for i in range(10):
                t.place(f"z{i}", (40.0 - i * (1.0 + gap), 20.0), 0.5)
            return t

        return table

    walkers = [(f"z{i}", [(40.0 - i * 1.5, 20.0), (45.0 - i * 1.5, 20.0)]) for i in range(10)]
    got = both(make(0.5), walkers)
    assert got[0][-1] == (45.0, 20.0)
    assert all(len(p) == 2 for p in got)
    touching = [(f"z{i}", [(40.0 - i, 20.0), (45.0 - i, 20.0)]) for i in range(10)]
    got = both(make(0.0), touching)
    assert got[0][-1] == (45.0, 20.0)
    for before, after in zip(got, got[1:]):
        assert after[-1][0] == pytest.approx(before[-1][0] - 1.0 - 0.002, abs=1e-9)


def test_walking_into_walls_and_buildings():
    house = Terrain(1, "Farmhouse", "building", Area.rect(10, 10, 6, 6))
    wall = Terrain(2, "Churchyard wall", "wall", Area(((34, 6), (34, 26)), is_line=True, shape="polyline"))

    def make() -> Table:
        t = Table(40, 30, [house, wall])
        for i in range(20):
            t.place(f"z{i}", (4.0 + (i % 5) * 1.2, 4.0 + (i // 5) * 1.2), 0.5)
            t.place(f"w{i}", (30.0, 6.0 + i * 1.1), 0.5)
        return t

    walkers = [(f"z{i}", [(4.0 + (i % 5) * 1.2, 4.0 + (i // 5) * 1.2), (13.0, 13.0)]) for i in range(20)]
    walkers += [(f"w{i}", [(30.0, 6.0 + i * 1.1), (38.0, 7.0 + i * 1.1)]) for i in range(20)]
    got = both(make, walkers)
    # the wall (0.25" thick) stopped some 0.002" short of touching it
    assert any(path[-1][0] == pytest.approx(34 - 0.125 - 0.5 - 0.002) for path in got[20:])
    assert any(path[-1] != (13.0, 13.0) for path in got[:20])  # the house, or the others there first


def test_a_walk_a_hair_from_the_least_move_is_settled_as_the_single_call_settles_it():
    def make() -> Table:
        t = Table(72, 48)
        for i in range(20):
            t.place(f"z{i}", (5.0 + 2 * i, 10.0), 0.5)
        return t

    least = 0.25
    walkers = [(f"z{i}", [(5.0 + 2 * i, 10.0), (5.0 + 2 * i + least + (i - 10) * 1e-12, 10.0)]) for i in range(20)]
    got = both(make, walkers, min_move=least)
    assert [len(p) for p in got[:10]] == [1] * 10 and [len(p) for p in got[11:]] == [2] * 9


def test_where_python_dist_is_not_math_dist_every_walker_is_asked_one_by_one():
    from game.table.compiled import _HOLDS

    make, ids, starts = crowd_on(starter_scenario(), 60, 3)
    walkers = random_walks(random.Random(3), ids, starts, 72, 48)
    with patch.dict(_HOLDS, {"dist": False}), patch("game.table.crowd_kernel.walk_in_turn") as kernel:
        both(make, walkers)
    kernel.assert_not_called()


def test_a_walker_not_on_the_table_is_refused():
    table = Table(72, 48)
    for i in range(20):
        table.place(f"z{i}", (5.0 + 2 * i, 10.0), 0.5)
    with pytest.raises(ValueError, match="not on the table"):
        table.walk_in_turn([(f"z{i}", [(1.0, 1.0)]) for i in range(21)], 0.5, MIN_MOVE, table.move)


def near_both(table: Table, fids, reaches, where) -> list[bool]:
    with patch.object(crowd, "NEAR_BATCH_FROM", 0):
        got = table.others_within(fids, reaches, where)
    want = [
        table.any_figure_in_circle(table.position(f), r, where=lambda g, f=f: g != f and where(g))
        for f, r in zip(fids, reaches)
    ]
    assert got == want
    return got


@pytest.mark.parametrize("name", SHIPPED)
def test_who_is_near_whom_in_a_crowd_on_every_shipped_map(name):
    sc = load_scenario(str(MAPS_DIR / name))
    make, ids, _ = crowd_on(sc, 400, 7)
    table = make()
    rng = random.Random(name)
    every = table.figures()
    for reach in (0.0, 0.5, 1.25, 2.5, 6.0):
        reaches = [reach + rng.choice((0.0, 1e-9, -1e-9, 0.3)) for _ in every]
        got = near_both(table, every, reaches, lambda g: int(g[1:]) % 3 != 0)
        if reach == 2.5:
            assert True in got and False in got


def test_neighbours_exactly_on_the_reach_and_a_hair_either_side():
    """Two bases 3" apart centre to centre (0.5" and 0.75" round): the larger one's edge is 2.25" from the
    centre. ``any_figure_in_circle`` counts it closer than the reach only, so 2.25 finds nothing."""
    table = Table(72, 48)
    table.place("a", (10.0, 10.0), 0.5)
    table.place("b", (13.0, 10.0), 0.75)
    for i in range(70):  # far off, to make a crowd
        table.place(f"f{i}", (40.0 + (i % 10) * 2.0, 20.0 + (i // 10) * 2.0), 0.5)
    fids = ["a"] * 3 + ["f0"]
    got = near_both(table, fids, [2.25, 2.25 + 1e-9, 2.25 - 1e-9, 1.5 + 1e-9], lambda g: True)
    assert got == [False, True, False, True]
    assert near_both(table, ["a", "f5"], [2.5, 5.0], lambda g: g.startswith("b")) == [True, False]


def test_asking_about_a_figure_not_on_the_table_is_refused():
    table = Table(72, 48)
    with pytest.raises(KeyError):
        table.others_within(["ghost"], [1.0], lambda g: True)
