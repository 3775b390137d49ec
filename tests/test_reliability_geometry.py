"""Big but legal polygons set up fast (issue 17, item 8): convex_pieces covers exactly the polygon with
convex pieces, in about n log n for large outlines (an 800-point star took 13 s), and remembers them."""

from __future__ import annotations

import math
import random
import time

import pytest

from game.table import geometry as geo


def _covers(points: list[tuple[float, float]]) -> int:
    ring = geo.clean_ring(points)
    pieces = geo.convex_pieces(points)
    assert all(geo.is_convex(p) for p in pieces)
    total = sum(geo.signed_area(p) for p in pieces)
    assert math.isclose(total, geo.signed_area(ring), rel_tol=1e-9, abs_tol=1e-9)
    return len(pieces)


def _star(n: int) -> list[tuple[float, float]]:
    return [
        (
            (150 if k % 2 else 60) * math.cos(2 * math.pi * k / n),
            (150 if k % 2 else 60) * math.sin(2 * math.pi * k / n),
        )
        for k in range(n)
    ]


@pytest.mark.parametrize("n", [70, 200, 800, 1000])
def test_a_star_is_cut_fast_into_convex_pieces(n: int) -> None:
    geo._convex_pieces_cached.cache_clear()
    start = time.perf_counter()
    pieces = _covers(_star(n))
    assert time.perf_counter() - start < 5.0
    assert pieces <= n // 2 + 1  # Hertel-Mehlhorn: one piece per spike here


def test_random_simple_polygons_big_and_small() -> None:
    rng = random.Random(17)
    for _ in range(150):
        m = rng.randint(4, 200)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(m))
        pts = []
        for a in angles:
            r = rng.uniform(5, 100)
            pts.append((r * math.cos(a), r * math.sin(a)))
        _covers(pts)


def test_a_comb_with_long_straight_runs() -> None:
    teeth = 300
    comb = [(0.0, 0.0), (teeth * 2.0, 0.0)]
    for k in reversed(range(teeth)):
        x = k * 2.0
        comb += [(x + 1.8, 10.0), (x + 1.8, 60.0), (x + 1.0, 60.0), (x + 1.0, 10.0), (x, 10.0)]
    start = time.perf_counter()
    _covers(comb)
    assert time.perf_counter() - start < 5.0


def test_collinear_points_are_cleaned_in_one_pass() -> None:
    square = [(float(i), 0.0) for i in range(2001)] + [(2000.0, 2000.0), (0.0, 2000.0), (0.0, 1000.0)]
    start = time.perf_counter()
    assert sorted(geo.clean_ring(square)) == [(0.0, 0.0), (0.0, 2000.0), (2000.0, 0.0), (2000.0, 2000.0)]
    assert time.perf_counter() - start < 1.0


def test_pieces_are_remembered_per_outline() -> None:
    star = _star(600)
    geo._convex_pieces_cached.cache_clear()
    first = geo.convex_pieces(star)
    start = time.perf_counter()
    again = geo.convex_pieces(star)
    assert again == first and again is not first
    assert time.perf_counter() - start < 0.05
