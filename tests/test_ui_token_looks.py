"""The table view keeps what it paints (issue 12: a frame with 1000 figures): a token's look is
painted once and blitted after, a dashed or dotted ring once a size. What the player sees must be
what painting afresh shows: a token that changes is drawn changed, one that changes back is drawn
as before, a kept ring is the ring drawn directly, and a token moved a whole pixel is the same
picture moved."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui import drawing
from game.ui.assets import Assets
from game.ui.map_render import MapRenderer
from game.ui.overlays import Circle
from game.ui.table_view import TableView
from game.ui.tokens import TokenView

VIEW = (0, 0, 400, 300)


@pytest.fixture(scope="module")
def view():
    pygame.init()
    pygame.display.set_mode((400, 300))
    renderer = MapRenderer(pygame.Surface((240, 180)), 10.0)  # a plain 24" x 18" table
    v = TableView(renderer, Assets(), None, VIEW)
    v.camera.fit((24, 18))
    yield v
    pygame.quit()


def frame(view: TableView, tokens, overlays=()) -> pygame.Surface:
    view.tokens = tokens
    view.overlays = overlays
    screen = pygame.Surface((400, 300))
    view.draw(screen)
    return screen


def pixels(surface: pygame.Surface, box: pygame.Rect) -> bytes:
    return bytes(pygame.image.tobytes(surface.subsurface(box), "RGB"))


def around(view: TableView, p, pad: int = 30) -> pygame.Rect:
    x, y = view.camera.to_screen(p)
    return pygame.Rect(round(x) - pad, round(y) - pad, 2 * pad, 2 * pad)


def soldier(**kw) -> TokenView:
    base = dict(
        id="us1", sprite="tokens.soldier_american_rifleman", position=(12.0, 9.0), side="allied", badge="7"
    )
    base.update(kw)
    return TokenView(**base)


def test_a_token_that_changes_is_drawn_changed_and_back_again(view):
    box = around(view, (12.0, 9.0))
    standing = pixels(frame(view, [soldier()]), box)
    assert pixels(frame(view, [soldier()]), box) == standing  # kept: the same picture
    assert pixels(frame(view, [soldier(state="acted")]), box) != standing
    assert pixels(frame(view, [soldier(ready=True)]), box) != standing
    assert pixels(frame(view, [soldier(facing=90.0)]), box) != standing
    assert pixels(frame(view, [soldier(badge="3")]), box) != standing
    view.hover = soldier()
    assert pixels(frame(view, [soldier()]), box) != standing  # the hover ring
    view.hover = None
    assert pixels(frame(view, [soldier()]), box) == standing


def test_a_token_moved_a_whole_pixel_is_the_same_picture_moved(view):
    ppi = view.camera.ppi
    here = around(view, (12.0, 9.0))
    there = here.move(3, 2)
    a = pixels(frame(view, [soldier()]), here)
    b = pixels(frame(view, [soldier(position=(12.0 + 3 / ppi, 9.0 + 2 / ppi))]), there)
    assert a == b


def test_a_kept_dashed_ring_is_the_ring_drawn_directly(view):
    ring = Circle((12.0, 9.0), 4.0, (240, 230, 200), "dashed", 2)
    kept = frame(view, [], [ring])
    direct = pygame.Surface((400, 300))
    view.overlays = []
    view.draw(direct)
    centre = tuple(round(v) for v in view.camera.to_screen((12.0, 9.0)))
    direct.set_clip(pygame.Rect(VIEW))
    drawing.circle(direct, ring.colour, centre, ring.radius * view.camera.ppi, ring.width, ring.style)
    box = around(view, (12.0, 9.0), pad=round(4.0 * view.camera.ppi) + 6)
    assert pixels(kept, box) == pixels(direct, box)


def test_a_dashed_line_or_ring_at_the_deepest_zoom_is_drawn_without_a_huge_canvas(view: TableView) -> None:
    """The full-size monkey (issue 17) zoomed all the way in with a path and a range ring showing: the
    kept copy of a dashed stroke would have been a canvas tens of thousands of pixels wide (out of
    memory, and a crash in pygame). A stroke reaching that far is drawn straight onto the screen, and
    the same as painting it directly where it is small enough to show."""
    from game.ui.overlays import Line

    view.camera.ppi = view.camera.max_ppi
    view.camera.offset = (11.0, 8.0)
    kept_before = len(view._strokes)
    line = Line(((0.0, 0.0), (24.0, 18.0)), (250, 200, 90), "dashed", 3)
    ring = Circle((12.0, 9.0), 30.0, (240, 230, 200), "dashed", 2)
    screen = frame(view, [], [line, ring])
    assert all(max(image.get_size()) <= 2 * 2048 + 16 for image, _ in view._strokes.values())
    assert len(view._strokes) == kept_before  # nothing that big was kept
    assert pixels(screen, pygame.Rect(0, 0, 400, 300)) != pixels(frame(view, [], []), pygame.Rect(0, 0, 400, 300))
    view.camera.fit((24, 18))
