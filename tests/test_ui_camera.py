"""The table camera: what a player sees when zooming, panning and pressing Home."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui.camera import MAX_PPI, MIN_PPI, Camera


def test_zoom_at_cursor_keeps_the_point_under_the_cursor() -> None:
    cam = Camera(viewport=(0, 48, 980, 582))
    cam.fit((72, 48))
    cursor = (700.0, 300.0)
    before = cam.to_table(cursor)
    cam.wheel(cursor, 3)
    after = cam.to_table(cursor)
    assert after == pytest.approx(before)
    assert cam.ppi > 12  # it really zoomed in


@given(x=st.floats(0, 979), y=st.floats(48, 629), clicks=st.integers(-12, 12))
def test_any_wheel_keeps_the_table_point_fixed(x: float, y: float, clicks: int) -> None:
    cam = Camera(viewport=(0, 48, 980, 582))
    cam.fit((72, 48))
    before = cam.to_table((x, y))
    cam.wheel((x, y), clicks)
    assert cam.to_table((x, y)) == pytest.approx(before, abs=1e-6)
    assert MIN_PPI <= cam.ppi <= MAX_PPI


def test_zoom_is_clamped() -> None:
    cam = Camera(viewport=(0, 0, 800, 600))
    cam.wheel((400, 300), 100)
    assert cam.ppi == MAX_PPI
    cam.wheel((400, 300), -200)
    assert cam.ppi == MIN_PPI


def test_fit_shows_the_whole_table_centred() -> None:
    cam = Camera(viewport=(0, 48, 980, 582))
    cam.fit((72, 48))
    x0, y0 = cam.to_screen((0, 0))
    x1, y1 = cam.to_screen((72, 48))
    assert 0 <= x0 < x1 <= 980 and 48 <= y0 < y1 <= 630
    assert (x0 + x1) / 2 == pytest.approx(490)
    assert (y0 + y1) / 2 == pytest.approx(48 + 291)
    # the table fills most of one direction
    assert max((x1 - x0) / 980, (y1 - y0) / 582) > 0.9


def test_drag_moves_the_table_with_the_mouse() -> None:
    cam = Camera(viewport=(0, 0, 800, 600), ppi=20)
    point = cam.to_table((100, 100))
    cam.pan_pixels(50, -30)
    assert cam.to_screen(point) == pytest.approx((150, 70))


def test_arrow_right_shows_more_of_the_right_side() -> None:
    cam = Camera(viewport=(0, 0, 800, 600), ppi=20)
    x0 = cam.visible_table_rect()[0]
    cam.pan_key(1, 0)
    assert cam.visible_table_rect()[0] > x0


def test_resizing_keeps_the_centre() -> None:
    cam = Camera(viewport=(0, 0, 800, 600), ppi=20, offset=(3, 4))
    centre = cam.to_table((400, 300))
    cam.set_viewport((0, 0, 1200, 900))
    assert cam.to_table((600, 450)) == pytest.approx(centre)


def test_screen_and_table_round_trip() -> None:
    cam = Camera(viewport=(10, 48, 900, 500), ppi=13.7, offset=(-2.5, 6.25))
    assert cam.to_screen(cam.to_table((321, 222))) == pytest.approx((321, 222))
