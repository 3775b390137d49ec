"""The table's geometry (rules: "Common to all three": line of sight, facing and arcs, movement,
scale). Hand-worked cases; the expected numbers are worked out in the comments."""

from __future__ import annotations

import math
import random
from unittest.mock import patch

import pytest

from game.scenario.model import Area, Scenario, Terrain
from game.table import BLOCKED, CLEAR, OBSCURED, Table, UnknownFigure, in_front_arc, path_length, truncate_path
from game.table import space as space_module


def wall(tid: int, area: Area, name: str = "Garden wall", **props) -> Terrain:
    return Terrain(tid, name, "wall", area, dict(props))


def building(tid: int, points, name: str = "Farmhouse") -> Terrain:
    return Terrain(tid, name, "building", Area(tuple(points)))


def clutter(tid: int, area: Area, name: str = "Woods") -> Terrain:
    return Terrain(tid, name, "clutter", area)


def rotated_rect(cx: float, cy: float, w: float, h: float, deg: float) -> Area:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return Area(tuple((cx + x * c - y * s, cy + x * s + y * c) for x, y in corners), shape="rectangle")


def ellipse(cx: float, cy: float, rx: float, ry: float, sides: int = 64) -> Area:
    pts = tuple(
        (cx + rx * math.cos(2 * math.pi * i / sides), cy + ry * math.sin(2 * math.pi * i / sides))
        for i in range(sides)
    )
    return Area(pts, ellipse=(cx, cy, rx, ry), shape="ellipse")


def close(p, q, tol=1e-6) -> bool:
    return math.dist(p, q) <= tol


# -- sight -------------------------------------------------------------------------------------


def test_a_wall_between_two_figures_blocks_sight_at_the_wall():
    # Wall x 10..10.5, y 5..15; the line y=10 from x=2 meets its face at (10, 10).
    table = Table(24, 24, [wall(7, Area.rect(10, 5, 0.5, 10), "Churchyard wall")])
    sight = table.line_of_sight((2, 10), (20, 10))
    assert sight.state == BLOCKED
    assert close(sight.blocked_at, (10, 10))
    assert sight.blocked_by == "wall 7 'Churchyard wall'"
    # Past the end of the wall the line is clear.
    assert table.line_of_sight((2, 20), (20, 20)).state == CLEAR


def test_figures_never_block_sight():
    table = Table(24, 24)
    table.place("z1", (10, 10))
    assert table.line_of_sight((2, 10), (20, 10)).state == CLEAR


def test_clutter_of_1_9_inches_obscures_and_2_1_inches_blocks():
    # Woods x 10..11.9 crossed along y=10: 1.9" of clutter -> obscured.
    thin = Table(24, 24, [clutter(1, Area.rect(10, 0, 1.9, 24))])
    sight = thin.line_of_sight((2, 10), (20, 10))
    assert sight.state == OBSCURED
    assert sight.clutter_length == pytest.approx(1.9)
    assert not sight.target_in_clutter
    # Woods x 10..12.1: 2.1" -> blocked where the crossed clutter passes 2": at x = 10 + 2 = 12.
    thick = Table(24, 24, [clutter(1, Area.rect(10, 0, 2.1, 24))])
    sight = thick.line_of_sight((2, 10), (20, 10))
    assert sight.state == BLOCKED
    assert sight.clutter_length == pytest.approx(2.1)
    assert close(sight.blocked_at, (12, 10))
    assert sight.blocked_by.startswith("clutter")


def test_overlapping_clutter_is_counted_once():
    # Two woods x 10..12 and x 11..12.8 overlap on 11..12: the union is 10..12.8 = 2.8", not 3.8".
    table = Table(24, 24, [clutter(1, Area.rect(10, 0, 2, 24)), clutter(2, Area.rect(11, 0, 1.8, 24))])
    assert table.line_of_sight((2, 10), (20, 10)).clutter_length == pytest.approx(2.8)
    assert table.clutter_on_path([(2, 10), (20, 10)]) == pytest.approx(2.8)
    # A larger allowance sees through it, obscured.
    assert table.line_of_sight((2, 10), (20, 10), max_clutter=3).state == OBSCURED


def test_a_target_inside_clutter_is_obscured():
    # Woods x 15..18; the target at x=16 is 1" inside.
    table = Table(24, 24, [clutter(1, Area.rect(15, 0, 3, 24))])
    sight = table.line_of_sight((2, 10), (16, 10))
    assert sight.state == OBSCURED
    assert sight.target_in_clutter
    assert sight.clutter_length == pytest.approx(1.0)
    assert table.in_clutter((16, 10)) and not table.in_clutter((14, 10))


def test_a_sight_line_starting_inside_clutter_counts_the_clutter_it_leaves():
    table = Table(24, 24, [clutter(1, Area.rect(15, 0, 3, 24))])
    # From x=16 out to x=2: 1" of clutter (16 -> 15) -> obscured, target in the open.
    sight = table.line_of_sight((16, 10), (2, 10))
    assert sight.state == OBSCURED
    assert sight.clutter_length == pytest.approx(1.0)
    assert not sight.target_in_clutter
    # From x=15.5 to x=20: 2.5" (15.5 -> 18) -> blocked 2" along, at x=17.5.
    sight = table.line_of_sight((15.5, 10), (20, 10))
    assert sight.state == BLOCKED
    assert sight.clutter_length == pytest.approx(2.5)
    assert close(sight.blocked_at, (17.5, 10))


def test_a_concave_building_blocks_through_its_arms_but_not_in_its_notch():
    # A U: outer 8..16 x 8..16, the notch x 10..14, y 10..16 is open ground (open toward +y).
    u = building(12, [(8, 8), (16, 8), (16, 16), (14, 16), (14, 10), (10, 10), (10, 16), (8, 16)])
    table = Table(24, 24, [u])
    assert table.line_of_sight((12, 22), (12, 12)).state == CLEAR  # from outside into the notch
    assert table.line_of_sight((11, 11), (13, 15)).state == CLEAR  # inside the notch
    through_arm = table.line_of_sight((9, 2), (9, 22))  # down the left arm x 8..10
    assert through_arm.state == BLOCKED
    assert close(through_arm.blocked_at, (9, 8))
    assert through_arm.blocked_by == "building 12 'Farmhouse'"
    across = table.line_of_sight((2, 13), (22, 13))  # across both arms: first hits x=8
    assert close(across.blocked_at, (8, 13))
    # A base can walk into the notch: 4" wide, the base is 1".
    move = table.check_path([(12, 22), (12, 12)], 0.5)
    assert not move.blocked and close(move.end, (12, 12))


def test_a_rotated_wall_blocks_where_it_is_drawn_not_where_it_was_before_rotation():
    # 8" x 0.5" wall centred at (12, 12), turned 45 degrees: its ends are near (9.2, 9.2) and (14.8, 14.8).
    table = Table(24, 24, [wall(3, rotated_rect(12, 12, 8, 0.5, 45))])
    assert table.line_of_sight((6, 18), (18, 6)).state == BLOCKED  # across its middle
    # Unrotated it would lie on x 8..16, y 11.75..12.25; x=15.5 crossed that, but the turned wall
    # ends by x ~15.
    assert table.line_of_sight((15.5, 10), (15.5, 14)).state == CLEAR
    assert (
        Table(24, 24, [wall(3, Area.rect(8, 11.75, 8, 0.5))]).line_of_sight((15.5, 10), (15.5, 14)).state
        == BLOCKED
    )


def test_a_polyline_wall_has_a_thickness():
    legs = Area(((5, 5), (12, 5), (12, 18)), is_line=True, shape="polyline")
    table = Table(24, 24, [wall(4, legs, "Hedge line")])
    # Default thickness 0.25": the face of the first leg is at y = 5 - 0.125.
    sight = table.line_of_sight((8, 2), (8, 10))
    assert sight.state == BLOCKED and sight.blocked_at[1] == pytest.approx(4.875)
    # The second leg, face at x = 12 - 0.125.
    assert table.line_of_sight((2, 10), (20, 10)).blocked_at[0] == pytest.approx(11.875)
    thick = Table(24, 24, [wall(4, legs, thickness=1.0)])
    assert thick.line_of_sight((8, 2), (8, 10)).blocked_at[1] == pytest.approx(4.5)
    # A base walking up to it stops with its edge on the wall's face: centre y = 5.125 + 0.5.
    move = table.check_path([(8, 10), (8, 0)], 0.5)
    assert 5.625 <= move.end[1] <= 5.645


def test_an_ellipse_of_clutter():
    # Ellipse rx=4, ry=1.5 at (12, 12): along y=12 it is 8" across (blocked), along x=12 3" (blocked);
    # at x=15.5 the chord is 2 * 1.5 * sqrt(1 - (3.5/4)^2) = 1.452" -> obscured.
    table = Table(24, 24, [clutter(5, ellipse(12, 12, 4, 1.5), "Pond reeds")])
    assert table.line_of_sight((2, 12), (22, 12)).state == BLOCKED
    assert table.line_of_sight((12, 2), (12, 22)).clutter_length == pytest.approx(3.0, abs=0.01)
    chord = table.line_of_sight((15.5, 2), (15.5, 22))
    assert chord.state == OBSCURED
    assert chord.clutter_length == pytest.approx(1.452, abs=0.02)


def test_a_zero_length_sight_line():
    table = Table(24, 24, [clutter(1, Area.rect(15, 0, 3, 24))])
    assert table.line_of_sight((5, 5), (5, 5)).state == CLEAR
    assert table.line_of_sight((16, 5), (16, 5)).state == OBSCURED


# -- arcs and distances --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "angle, inside",
    [(0, True), (89, True), (90, True), (-90, True), (91, False), (-91, False), (180, False), (135, False)],
)
def test_front_arc_is_180_degrees_with_exactly_90_counting_as_in(angle, inside):
    for facing in (0, 30, 90, 200):
        rad = math.radians(facing + angle)
        target = (10 + 5 * math.cos(rad), 10 + 5 * math.sin(rad))
        assert in_front_arc((10, 10), facing, target) is inside


def test_distances_edge_to_edge_and_centre_to_centre():
    table = Table(24, 24)
    table.place("a", (2, 2))
    table.place("boss", (6, 5), radius=0.8)
    assert table.centre_distance("a", "boss") == pytest.approx(5.0)  # 3-4-5
    assert table.edge_distance("a", "boss") == pytest.approx(5.0 - 0.5 - 0.8)
    table.move("boss", (2.5, 2))
    assert table.edge_distance("a", "boss") == 0.0  # overlapping reads as touching, never negative


def test_path_length_and_truncate_path():
    path = [(0, 0), (4, 0), (4, 4)]
    assert path_length(path) == 8
    assert truncate_path(path, 6) == [(0, 0), (4, 0), (4.0, 2.0)]
    assert truncate_path(path, 20) == path
    assert truncate_path(path, 0) == [(0, 0)]


# -- movement ------------------------------------------------------------------------------------


def test_a_move_stops_with_the_base_touching_a_wall():
    # Wall x 10..11: a 1" base moving along y=12 touches it with its centre at x = 9.5.
    table = Table(24, 24, [wall(7, Area.rect(10, 0, 1, 24))])
    move = table.check_path([(5, 12), (15, 12)], 0.5)
    assert move.blocked and move.blocked_by == "wall 7 'Garden wall'"
    assert 9.48 <= move.end[0] <= 9.5
    assert move.length == pytest.approx(move.end[0] - 5)
    assert move.requested_length == 10


def test_a_move_is_stopped_by_a_wall_grazed_by_the_side_of_the_base():
    # Wall x 10..11, y 0..11.7. The centre line y=12 misses it but the base (y 11.5..12.5) does not:
    # it touches the corner (10, 11.7) when the centre is 0.5 from it, x = 10 - sqrt(0.25 - 0.09) = 9.6.
    table = Table(24, 24, [wall(7, Area.rect(10, 0, 1, 11.7))])
    move = table.check_path([(5, 12), (15, 12)], 0.5)
    assert move.blocked
    assert 9.58 <= move.end[0] <= 9.6


def test_a_move_stops_at_the_table_edge():
    table = Table(24, 24)
    move = table.check_path([(5, 12), (-5, 12)], 0.5)
    assert move.blocked_by == "table edge"
    assert close(move.end, (0.5, 12))  # the base's edge on the table edge


def test_a_move_stops_in_base_contact_with_another_figure():
    table = Table(24, 24)
    table.place("z1", (10, 12))
    table.place("s1", (2, 12))
    move = table.check_path([(2, 12), (20, 12)], 0.5, mover="s1")  # s1's own base is ignored
    assert move.blocked_by == "figure z1"
    gap = math.dist(move.end, (10, 12)) - 1.0
    assert 0.0 <= gap <= 0.02  # base edges touching
    # Any base not named as the mover counts: walking at s1 stops 1" (two radii) short of its centre.
    back = table.check_path([(6, 12), (0.5, 12)], 0.5)
    assert back.blocked_by == "figure s1"
    assert 3.0 <= back.end[0] <= 3.02


def test_a_figure_in_contact_can_back_away_but_not_push_through():
    table = Table(24, 24)
    table.place("z1", (10, 12))
    assert not table.check_path([(9, 12), (5, 12)], 0.5).blocked  # touching, moving away
    assert table.check_path([(9, 12), (12, 12)], 0.5).points == ((9.0, 12.0),)


def test_a_move_stops_at_its_allowance():
    table = Table(24, 24)
    move = table.check_path([(2, 2), (10, 2), (10, 10)], 0.5, max_length=12)
    assert close(move.end, (10, 6))
    assert move.blocked_by == "move allowance"
    assert move.length == pytest.approx(12) and move.requested_length == pytest.approx(16)


def test_a_path_entering_clutter_reports_its_clutter_length():
    table = Table(24, 24, [clutter(1, Area.rect(10, 0, 3, 24))])
    through = table.check_path([(5, 5), (20, 5)], 0.5)
    assert through.enters_clutter and through.clutter_length == pytest.approx(3.0)
    into = table.check_path([(5, 5), (20, 5)], 0.5, max_length=6)  # ends at x=11, 1" in
    assert into.clutter_length == pytest.approx(1.0)
    assert not table.check_path([(5, 5), (5, 20)], 0.5).enters_clutter


# -- walking paths -------------------------------------------------------------------------------


def test_find_path_goes_around_a_wall():
    # Wall x 11..12, y 0..18: the gap is below it. Taut path for a 1" base: (5,5) -> about (10.5, 18.5)
    # -> (12.5, 18.5) -> (18, 5): 14.58 + 2 + 14.58 = ~31.2". The long way round the bottom edge is ~47".
    table = Table(24, 24, [wall(1, Area.rect(11, 0, 1, 18))])
    path = table.find_path((5, 5), (18, 5), 0.5)
    assert path is not None
    assert path[0] == (5, 5) and path[-1] == (18, 5)
    assert 29.0 < path_length(path) < 32.5
    assert len(path) <= 6  # a few straight legs, not a staircase
    walked = table.check_path(path, 0.5)
    assert not walked.blocked
    short = table.find_path((5, 5), (18, 5), 0.5, max_length=10)
    assert path_length(short) == pytest.approx(10)


def test_find_path_is_none_when_the_goal_is_walled_off():
    table = Table(24, 24, [wall(1, Area.rect(11, 0, 1, 24))])
    assert table.find_path((5, 5), (18, 5), 0.5) is None


def test_find_path_through_a_gap_too_narrow_for_a_big_base():
    # Two walls leave a 1.3" gap at y 10..11.3: a 1" base passes, a 1.6" boss base does not.
    table = Table(24, 24, [wall(1, Area.rect(11, 0, 1, 10)), wall(2, Area.rect(11, 11.3, 1, 12.7))])
    assert table.find_path((5, 5), (18, 5), 0.5) is not None
    assert table.find_path((5, 5), (18, 5), 0.8) is None


def test_distance_field_steps_toward_the_nearest_goal():
    table = Table(24, 24)
    field = table.distance_field([(2, 12), (22, 12)], 0.5)
    assert field.distance((8, 12)) == pytest.approx(6, abs=0.3)
    west = field.step((8, 12), 3)
    assert close(west[-1], (5, 12), 0.05)  # 3" toward the goal 6" away, not the one 14" away
    east = field.step((17, 12), 3)
    assert close(east[-1], (20, 12), 0.05)
    assert close(field.step((4, 12), 5)[-1], (2, 12), 1e-9)  # stops on reaching it


def test_distance_field_walks_around_walls():
    # Wall x 11..12, y 0..18 between the walker at (5, 5) and the goal at (18, 5).
    table = Table(24, 24, [wall(1, Area.rect(11, 0, 1, 18))])
    field = table.distance_field([(18, 5)], 0.5)
    # The walk round the end (~31.2", see test_find_path_goes_around_a_wall), not the 13" straight
    # line; grid distances run up to 8% long: 31.2 * 1.08 = 33.7, plus a cell.
    assert 29.0 < field.distance((5, 5)) < 34.2
    step = field.step((5, 5), 6)
    assert path_length(step) == pytest.approx(6, abs=1e-6)
    assert step[-1][1] > 9  # heading down toward the gap
    assert not table.check_path(step, 0.5).blocked


# -- areas and figures ---------------------------------------------------------------------------


def test_figures_in_circle_counts_a_base_partly_inside():
    table = Table(24, 24)
    table.place("a", (10, 10))  # base edge at x=10.5
    table.place("b", (12.5, 10))
    # Circle around (12, 10) of 1.6": reaches x=10.4, 0.1" into a's base.
    assert table.figures_in_circle((12, 10), 1.6) == ["b", "a"]  # nearest first
    assert table.figures_in_circle((12, 10), 1.4) == ["b"]
    assert table.figures_in_circle((12, 10), 1.6, where=lambda f: f != "b") == ["a"]


def test_figures_in_polygon_counts_a_base_partly_inside():
    table = Table(24, 24)
    table.place("in", (2, 2))
    table.place("edge", (5.3, 2))  # base reaches x=4.8 < 5
    table.place("out", (5.6, 2))
    assert table.figures_in_polygon([(0, 0), (5, 0), (5, 5), (0, 5)]) == ["edge", "in"]


def test_nearest_figure_by_edge_distance():
    table = Table(48, 48)
    table.place("s1", (10, 10))
    table.place("boss", (14.1, 10), radius=0.8)
    table.place("z9", (40, 40))
    p = (12, 10)
    # s1's centre is nearer (2" vs 2.1") but the boss's edge is: 2.1 - 0.8 = 1.3" vs 2 - 0.5 = 1.5".
    assert table.nearest(p) == "boss"
    assert table.nearest(p, where=lambda f: f.startswith("s")) == "s1"
    assert table.nearest(p, where=lambda f: f.startswith("z")) == "z9"
    assert table.nearest(p, where=lambda f: f.startswith("z"), within=10) is None


@pytest.mark.parametrize("count", [12, 80, 300])
def test_the_nearest_figure_is_the_same_measured_one_by_one_or_searched_outward(count):
    """``nearest`` with a filter measures every base of a small table one by one and searches a crowd
    outward ring by ring: either way the same figure, ties to the lower id (bases on a lattice tie
    often), ``within`` kept."""
    rng = random.Random(count)
    table = Table(72, 48)
    for k in range(count):
        table.place(
            f"f{k}", (float(rng.randrange(2, 70)), float(rng.randrange(2, 46))), rng.choice((0.5, 0.5, 0.8))
        )
    odd = lambda fid: int(fid[1:]) % 2 == 1  # noqa: E731
    asks = [((rng.uniform(0, 72), rng.uniform(0, 48)), within) for within in (None, 3.0, 9.0) for _ in range(60)]
    found = [table.nearest(p, where=odd, within=within) for p, within in asks]
    with patch.object(space_module, "NEAREST_SCAN_UP_TO", -1 if count <= 96 else 10_000):
        assert [table.nearest(p, where=odd, within=within) for p, within in asks] == found
    assert any(f is None for f in found) and any(f is not None for f in found)


def test_moving_a_figure_updates_every_query_without_rebuilding():
    table = Table(24, 24, [wall(1, Area.rect(11, 0, 1, 10))])
    space = table._space
    shapes = len(space.shapes)
    table.place("z1", (5, 5))
    assert table.figures_in_circle((5, 5), 1) == ["z1"]
    table.move("z1", (20, 20))
    assert table.figures_in_circle((5, 5), 1) == []
    assert table.figures_in_circle((20, 20), 1) == ["z1"]
    assert table.position("z1") == (20, 20)
    assert table.check_path([(20, 15), (20, 23)], 0.5).blocked_by == "figure z1"
    table.remove("z1")
    assert table.figures_in_circle((20, 20), 1) == []
    assert table._space is space and len(space.shapes) == shapes  # same space, terrain untouched


# -- bad input -----------------------------------------------------------------------------------


def test_bad_input_gets_a_clear_error():
    with pytest.raises(ValueError, match="positive size"):
        Table(0, 10)
    with pytest.raises(ValueError, match="thickness"):
        Table(24, 24, [wall(1, Area(((0, 0), (5, 0)), is_line=True), thickness="thick")])
    table = Table(24, 24)
    with pytest.raises(UnknownFigure, match="no figure 'ghost'"):
        table.move("ghost", (1, 1))
    with pytest.raises(ValueError, match="radius"):
        table.place("a", (1, 1), radius=0)
    with pytest.raises(ValueError):
        table.check_path([], 0.5)


def test_table_from_scenario():
    scenario = Scenario(
        path="x.tmx",
        ruleset="zombiekrieg",
        title="Test",
        width=36,
        height=24,
        terrain=(wall(1, Area.rect(10, 0, 1, 10)), clutter(2, Area.rect(20, 0, 3, 24))),
    )
    table = Table.from_scenario(scenario)
    assert (table.width, table.height) == (36, 24)
    assert table.line_of_sight((2, 5), (30, 5)).state == BLOCKED
    assert table.in_clutter((21, 12))


def test_a_diagonal_sight_line_through_a_buildings_corner_is_blocked_both_ways():
    """LOS (rules: "Common to all three"): a building blocks sight wherever it is drawn. A 45-degree line
    entering a U-shaped farmhouse exactly at its corner (8, 8) runs inside it to the inner corner (10, 10);
    it must read blocked from either end (found by hypothesis: it once read clear one way)."""
    u = Terrain(
        1,
        "Farmhouse",
        "building",
        Area(((8, 8), (16, 8), (16, 16), (14, 16), (14, 10), (10, 10), (10, 16), (8, 16))),
    )
    table = Table(36, 30, [u])
    a, b = (0.0, 0.0), (10.259062388569939, 10.259062388569939)
    there, back = table.line_of_sight(a, b), table.line_of_sight(b, a)
    assert there.state == back.state == "blocked"
    assert math.dist(there.blocked_at, (8, 8)) < 1e-3  # stopped at the corner it enters by
    assert math.dist(back.blocked_at, (10, 10)) < 1e-3  # and, the other way, at the inner corner


def test_a_base_beside_a_walls_end_does_not_slide_into_it():
    """Rules: Common, Movement: no base ever ends a move overlapping a wall, its ends included.

    The audit's example (issue 10): a soldier just past the rounded end of a wall from (20, 10) to
    (13, 10), beside its line, moving along it. Chipmunk's swept query saw only the wall's side and
    let the base slide into the end; the move must stop where the base touches the end."""
    wall_piece = Terrain(1, "w", "wall", Area(((20.0, 10.0), (13.0, 10.0)), is_line=True, shape="polyline"))
    table = Table(30, 30, [wall_piece])
    move = table.check_path([(20.6137, 10.5538), (16, 10.7)], 0.5)
    reach = 0.5 + 0.125  # the base's radius and half the wall's thickness
    assert move.blocked and move.blocked_by == "wall 1 'w'"
    assert math.dist(move.end, (20, 10)) >= reach - 1e-9
    assert move.end[0] > 20.2  # stopped at the end, not slid along beside the wall
    assert not table.leg_clear((20.6137, 10.5538), (16, 10.7), 0.5)
