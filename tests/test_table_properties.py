"""Properties of the table's geometry that must hold for any move or sight line (RULES.md "Common to
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
