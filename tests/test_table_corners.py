"""The corner field (game/table/corners.py): walking distances round walls and buildings over the
corners' rings, exact against the visibility-graph truth the field bench measures by."""

from __future__ import annotations

import math
import random

import pytest

from game.bench.fields import Truth, _open_points
from game.scenario.loader import load_scenario
from game.scenario.model import Area, Terrain
from game.table import Table
from game.table.corners import DistanceField
from game.table.geometry import path_length

BARN = Terrain(1, "barn", "building", Area(((10.0, 0.0), (12.0, 0.0), (12.0, 8.0), (10.0, 8.0))))


def _barn_table() -> Table:
    return Table(24.0, 12.0, [BARN])


def test_a_goal_in_plain_sight_is_the_straight_line() -> None:
    field = DistanceField(_barn_table().corners(0.5), [(20.0, 2.0)])
    assert field.distance((18.0, 5.0)) == math.dist((18.0, 5.0), (20.0, 2.0))
    assert field.route((18.0, 5.0)) == [(18.0, 5.0), (20.0, 2.0)]


def test_the_way_round_a_building_is_within_a_few_hundredths_of_the_arcs() -> None:
    field = DistanceField(_barn_table().corners(0.5), [(20.0, 2.0)])
    # tangents to the 0.5" circles round the barn's top corners, the arcs and the 2" between them
    tangent = math.sqrt(10.0**2 - 0.5**2)
    turn = math.atan2(6.0, 8.0) + math.asin(0.5 / 10.0)
    exact = 2 * tangent + 2.0 + 2 * 0.5 * turn
    assert exact < field.distance((2.0, 2.0)) < exact + 0.1


def test_a_route_is_legal_legs_as_long_as_the_distance() -> None:
    table = _barn_table()
    field = DistanceField(table.corners(0.5), [(20.0, 2.0)])
    route = field.route((2.0, 2.0))
    assert route[0] == (2.0, 2.0) and route[-1] == (20.0, 2.0)
    assert all(table.leg_clear(a, b, 0.5) for a, b in zip(route, route[1:]))
    assert path_length(route) == pytest.approx(field.distance((2.0, 2.0)), abs=1e-9)
    step = field.step((2.0, 2.0), 4.0)
    assert path_length(step) == pytest.approx(4.0) and step[0] == (2.0, 2.0)


def test_a_goal_walled_in_cannot_be_reached() -> None:
    pen = [
        Terrain(i, f"wall {i}", "wall", Area(pts, is_line=True, shape="polyline"))
        for i, pts in enumerate(
            [((14.0, 2.0), (22.0, 2.0)), ((22.0, 2.0), (22.0, 10.0)), ((22.0, 10.0), (14.0, 10.0))]
            + [((14.0, 10.0), (14.0, 2.0))]
        )
    ]
    table = Table(24.0, 12.0, pen)
    field = DistanceField(table.corners(0.5), [(18.0, 6.0)])
    assert field.distance((4.0, 6.0)) == math.inf
    assert field.route((4.0, 6.0)) == [(4.0, 6.0)]
    assert field.distance((17.0, 6.0)) == 1.0


def test_no_goals_reaches_nothing() -> None:
    field = DistanceField(_barn_table().corners(0.5), [])
    assert field.distances([(2.0, 2.0), (20.0, 2.0)]) == [math.inf, math.inf]


def test_on_every_shipped_map_the_field_is_the_truth_and_a_batch_reads_as_one_by_one() -> None:
    """The field bench's truth (a visibility graph over the same corner rings, every leg asked of
    the table, no leg left out) agrees to a millionth on a sample of points and goals per map."""
    from game.assets import assets_dir

    for path in sorted(assets_dir("maps").glob("*.tmx")):
        table = Table.from_scenario(load_scenario(str(path)))
        grid = table.navigation(0.5)
        rng = random.Random(848)
        goals = _open_points(table, grid, 4, rng)
        points = _open_points(table, grid, 40, rng)
        field = DistanceField(table.corners(0.5), goals)
        truth = Truth(table, 0.5).field(goals)
        together = field.distances(points)
        alone = DistanceField(table.corners(0.5), goals)  # (the field itself keeps what it read)
        assert together == [alone.distance(p) for p in points], path.name
        for p, d in zip(points, together):
            assert d == pytest.approx(truth(p), rel=1e-6), (path.name, p)


def test_a_crowd_reads_as_each_point_alone_anywhere_even_against_the_walls() -> None:
    """Points off the table, inside buildings, a hair off a wall (legs the kernel leaves to the
    table's own call) and right by the goals: a batch, in its own order, reads as each one alone."""
    table = Table.from_scenario(load_scenario("maps/normandy_village.tmx"))
    grid = table.navigation(0.5)
    rng = random.Random(5)
    goals = _open_points(table, grid, 3, rng)
    field = DistanceField(table.corners(0.5), goals)
    points = [(rng.uniform(-1, table.width + 1), rng.uniform(-1, table.height + 1)) for _ in range(600)]
    points += [(x + rng.uniform(-0.3, 0.3), y + rng.uniform(-0.3, 0.3)) for x, y in goals for _ in range(10)]
    # against a wall or building: each ring point moved in until it touches
    points += [
        (x - 0.05 * rx, y - 0.05 * ry)
        for (x, y), rx, ry in zip(field.graph.points, field.graph.rx, field.graph.ry)
    ]
    together = field.distances(points)
    alone = [DistanceField(table.corners(0.5), goals).distance(p) for p in points]
    assert together == alone
    assert any(d < math.inf for d in together) and any(d == math.inf for d in together)
    for length in (0.0, 2.5, 6.0, math.inf):  # a crowd's steps (a compiled loop) are each one's own
        assert field.steps(points, length) == [field.step(p, length) for p in points]
    for p, route in zip(points, field.routes(points)):
        assert route[0] == p and all(table.leg_clear(a, b, 0.5) for a, b in zip(route[1:], route[2:]))


def test_a_field_reads_a_point_once_and_answers_it_again_as_read(monkeypatch) -> None:
    """A bot sorting its models by their walking distance asks the field one point at a time, over and over:
    a point read before is answered from the field's memory, with the answer a fresh field reads, whatever
    it was asked with; past ``KNOWN_MOST`` points the field forgets them and reads afresh."""
    from game.table import corners

    table = Table.from_scenario(load_scenario("maps/normandy_village.tmx"))
    grid = table.navigation(0.5)
    rng = random.Random(11)
    goals = _open_points(table, grid, 3, rng)
    points = _open_points(table, grid, 60, rng)
    field = DistanceField(table.corners(0.5), goals)
    fresh = [DistanceField(table.corners(0.5), goals).ways([p]) for p in points]
    fresh_steps = [DistanceField(table.corners(0.5), goals).step(p, 3.0) for p in points[:40]]
    reads = []
    read = DistanceField._ways
    monkeypatch.setattr(DistanceField, "_ways", lambda self, asked: reads.append(len(asked)) or read(self, asked))
    assert field.distances(points[:40]) == [w[0][0] for w in fresh[:40]]
    assert [field.ways([p]) for p in reversed(points[:40])] == list(reversed(fresh[:40]))
    assert field.steps(points[:40], 3.0) == fresh_steps
    assert reads == [40]  # read once, the 40 together
    assert field.distances(points[30:]) == [w[0][0] for w in fresh[30:]]  # ten known, twenty new: read again
    assert reads == [40, 30]
    monkeypatch.setattr(corners, "KNOWN_MOST", 5)
    forgetful = DistanceField(table.corners(0.5), goals)
    assert [forgetful.ways([p]) for p in points[:12]] == fresh[:12]
    assert len(forgetful._known) <= 5 and forgetful.ways([points[0]]) == fresh[0]
