"""Properties of the table's geometry that must hold for any move or sight line (rules: "Common to
all three": movement may not cross walls/buildings or leave the table; line of sight)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.scenario.model import Area, Terrain
from game.table import Table
from game.table.geometry import convex_pieces, signed_area

TERRAIN = (
    Terrain(
        1,
        "Farmhouse",
        "building",
        Area(((8, 8), (16, 8), (16, 16), (14, 16), (14, 10), (10, 10), (10, 16), (8, 16))),
    ),  # a U
    Terrain(2, "Churchyard wall", "wall", Area(((20, 4), (26, 10), (26, 18)), is_line=True, shape="polyline")),
    Terrain(3, "Barn", "building", Area(((28, 20), (32, 24), (28, 28), (24, 24)))),  # a square turned 45
    Terrain(4, "Woods", "clutter", Area.circle(6, 24, 3)),
    Terrain(5, "Rubble", "ruin", Area.rect(18, 22, 4, 3)),
    Terrain(6, "Hedge", "clutter", Area.rect(19, 23, 6, 1)),  # overlaps the rubble
)
TABLE = Table(36, 30, TERRAIN)
TABLE.place("z1", (30, 6))
TABLE.place("z2", (4, 4), radius=0.8)

coord_x = st.floats(-2, 38, allow_nan=False)
coord_y = st.floats(-2, 32, allow_nan=False)
points = st.tuples(coord_x, coord_y)


def base_overlaps_blocking(p, radius: float) -> bool:
    return TABLE.overlaps_blocking(p, radius)


@settings(max_examples=300, deadline=None)
@given(
    start=st.tuples(st.floats(1, 35), st.floats(1, 29)),
    legs=st.lists(points, min_size=1, max_size=4),
    radius=st.sampled_from([0.5, 0.8]),
)
def test_a_checked_path_never_ends_overlapping_a_wall_or_off_the_table(start, legs, radius):
    if base_overlaps_blocking(start, radius) or not TABLE.on_table(start, radius):
        return  # only moves from a legal place
    if any(math.dist(start, TABLE.position(f)) < radius + TABLE.radius(f) for f in ("z1", "z2")):
        return
    move = TABLE.check_path([start, *legs], radius)
    for p in move.points[1:]:
        assert not base_overlaps_blocking(p, radius), (p, move.blocked_by)
        assert TABLE.on_table(p, radius)
        for f in ("z1", "z2"):
            assert math.dist(p, TABLE.position(f)) >= radius + TABLE.radius(f) - 1e-9
    # Every legal leg is walkable end to end (a hair narrower, to allow for touching).
    for a, b in zip(move.points, move.points[1:]):
        assert TABLE.leg_clear(a, b, radius - 1e-6)
    assert move.length <= move.requested_length + 1e-9


@settings(max_examples=300, deadline=None)
@given(a=points, b=points)
def test_line_of_sight_reads_the_same_both_ways(a, b):
    there = TABLE.line_of_sight(a, b)
    back = TABLE.line_of_sight(b, a)
    if there.state != back.state:
        # Only a line ending exactly on a hair of a boundary may differ.
        assert abs(there.clutter_length - 2.0) < 1e-6 or abs(back.clutter_length - 2.0) < 1e-6
    if there.state != "blocked":
        assert math.isclose(there.clutter_length, back.clutter_length, abs_tol=1e-6)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(-1, 1), st.floats(0.3, 1)), min_size=3, max_size=12))
def test_convex_pieces_cover_a_star_shaped_polygon_exactly(spokes):
    # A polygon star-shaped around the origin (angles sorted): cut into convex pieces of the same area.
    n = len(spokes)
    ring = [
        (r * math.cos(2 * math.pi * (i + 0.4 * j) / n), r * math.sin(2 * math.pi * (i + 0.4 * j) / n))
        for i, (j, r) in enumerate(spokes)
    ]
    pieces = convex_pieces(ring)
    assert math.isclose(
        sum(abs(signed_area(p)) for p in pieces), abs(signed_area(ring)), rel_tol=1e-6, abs_tol=1e-9
    )


def _segment_gap(p, a, b) -> float:
    """Distance from p to the segment ab, by plain vector arithmetic (not the table's own geometry)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


@settings(max_examples=400, deadline=None)
@given(
    turn=st.floats(-math.pi, math.pi),
    bend=st.one_of(st.none(), st.floats(0.3, math.pi - 0.3)),
    thickness=st.floats(0.1, 0.6),
    radius=st.sampled_from([0.5, 0.8]),
    start=st.tuples(st.floats(-0.5, 2.5), st.floats(-1.6, 1.6)),
    goal=st.tuples(st.floats(0, 2 * math.pi), st.floats(0.5, 6.0)),
    around=st.sampled_from(["end", "corner"]),
)
def test_no_base_slides_into_a_walls_end_or_corner(turn, bend, thickness, radius, start, goal, around):
    """Rules: Common, Movement: no base ever ends a move overlapping a wall (its ends included), and
    no move crosses one. A base starts anywhere near a wall's rounded end or a corner of a polyline wall
    (soldiers' and zombies' 1" bases, a Boss's 1.6"), most often just past the end beside the wall's
    line, and moves anywhere up to 6": every point of the legal path keeps the whole base clear of
    every leg of the wall."""
    centre = (15.0, 15.0)
    far = (centre[0] + 6 * math.cos(turn), centre[1] + 6 * math.sin(turn))
    legs = [far, centre]
    if around == "corner" and bend is not None:
        legs.append((centre[0] + 5 * math.cos(turn + bend), centre[1] + 5 * math.sin(turn + bend)))
    piece = Terrain(1, "w", "wall", Area(tuple(legs), is_line=True, shape="polyline"), {"thickness": thickness})
    table = Table(30, 30, [piece])
    reach = radius + thickness / 2
    # start in the wall's own frame: ``along`` past the end (away from the far end), ``across`` its line
    along, across = start[0] + reach * 0.5, start[1]
    out, side = (-math.cos(turn), -math.sin(turn)), (-math.sin(turn), math.cos(turn))
    a = (centre[0] + along * out[0] + across * side[0], centre[1] + along * out[1] + across * side[1])
    pairs = list(zip(legs, legs[1:]))
    if min(_segment_gap(a, p, q) for p, q in pairs) < reach + 1e-6:
        return  # only moves from a legal place
    b = (a[0] + goal[1] * math.cos(goal[0]), a[1] + goal[1] * math.sin(goal[0]))
    move = table.check_path([a, b], radius)
    for p0, p1 in zip(move.points, move.points[1:]):
        for k in range(41):
            p = (p0[0] + (p1[0] - p0[0]) * k / 40, p0[1] + (p1[1] - p0[1]) * k / 40)
            gap = min(_segment_gap(p, q, r) for q, r in pairs)
            assert gap >= reach - 1e-6, (p, gap - reach, move.blocked_by)
