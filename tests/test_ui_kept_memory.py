"""Issue 38: a game on screen holds a bounded memory, however the player zooms. A wheel run from the fit zoom
to the deepest and back, with figures, range rings and a dashed path showing, leaves the table view's
kept pictures (map chunks, token looks, dashed strokes, token images) within their byte budgets, and
the map keeps the chunks of no more than two zooms (the 1.1 GB a Zombie 40,000 player saw was these
caches at every zoom he had passed through)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui import assets as assets_module
from game.ui import map_render, table_view
from game.ui.assets import Assets
from game.ui.kept import MB, KeptSurfaces, picture_bytes
from game.ui.map_render import MapRenderer
from game.ui.overlays import Circle, Line
from game.ui.table_view import TableView
from game.ui.tokens import TokenView

VIEW = (0, 0, 800, 600)


@pytest.fixture
def view():
    pygame.init()
    pygame.display.set_mode((800, 600))
    renderer = MapRenderer(pygame.Surface((720, 480)), 10.0)  # a 72" x 48" table
    v = TableView(renderer, Assets(), None, VIEW)
    v.camera.fit((72, 48))
    yield v
    pygame.quit()


def crowd() -> list[TokenView]:
    return [
        TokenView(f"z{i}", "zombie", (2.0 + (i * 7) % 68, 2.0 + (i * 5) % 44), facing=i * 37.0, side="zombie")
        for i in range(60)
    ]


def test_zooming_all_the_way_in_and_out_keeps_the_pictures_within_their_budgets(view: TableView) -> None:
    screen = pygame.Surface((800, 600))
    view.tokens = crowd()
    view.overlays = [
        Circle((36.0, 24.0), 12.0, (240, 230, 200), "dashed", 2),
        Circle((36.0, 24.0), 24.0, (240, 200, 90), "dotted", 2),
        Line(((30.0, 20.0), (40.0, 28.0), (44.0, 20.0)), (250, 200, 90), "dashed", 3),
    ]
    for clicks in list(range(24)) + list(range(24, -1, -1)):
        view.camera.ppi = view.camera.min_ppi
        view.camera.wheel((400, 300), clicks)
        view.draw(screen)
    chunks = view.renderer._chunks
    assert chunks.nbytes <= map_render.CHUNK_BYTES
    assert len({key[0] for key in chunks.keys()}) <= 2  # the chunks of two zooms at most
    assert view._looks.nbytes <= table_view.LOOK_BYTES
    assert view._strokes.nbytes <= table_view.STROKE_BYTES
    assert view.assets._tokens.nbytes <= assets_module.TOKEN_BYTES
    assert view.assets._token_calls.nbytes <= assets_module.TOKEN_CALL_BYTES


def test_the_least_recently_used_picture_goes_first() -> None:
    kept = KeptSurfaces(max_bytes=2 * 400)
    kept["a"] = pygame.Surface((10, 10), pygame.SRCALPHA)
    kept["b"] = (pygame.Surface((10, 10), pygame.SRCALPHA), (5, 5))
    assert kept.get("a") is not None  # "b" is now the older
    kept["c"] = pygame.Surface((10, 10), pygame.SRCALPHA)
    assert sorted(kept.keys()) == ["a", "c"] and kept.nbytes == 800


def test_hovering_many_previews_keeps_their_plates_and_words_within_their_budgets(view: TableView) -> None:
    """Each hovered move or shot has a plate of its own words (a distance, odds, a refusal): a game's worth
    of hovers (256 plates held 17 MB before) keeps at most the plates' and the words' budgets."""
    from game.ui import drawing

    for n in range(600):
        words = f'Move {n / 10:.1f}" here: about {n % 11} of 11 should pass\nthe squad rolls first'
        plate = view.plate(words, 22, (240, 230, 200), width=420)
        assert view.plate(words, 22, (240, 230, 200), width=420) is plate  # the plate a frame asks again
        view.texts.render(f"GUTS {n}", 30 + n % 40, (250, 250, 250))
    assert view._plates.nbytes <= table_view.PLATE_BYTES
    assert view.texts._texts.nbytes <= drawing.TEXT_BYTES
    assert len(view.texts._texts) <= view.texts.limit


def test_a_ring_reaching_800_pixels_is_painted_each_frame_not_kept(view: TableView) -> None:
    """A 12" range ring at a zoom where it reaches 800 pixels: its kept canvas would be 1600 pixels square
    (10 MB, and as much again while it was cut to what was painted), more than all the strokes' budget."""
    screen = pygame.Surface((800, 600))
    view.camera.ppi = 800 / 12
    view.overlays = [Circle((36.0, 24.0), 12.0, (240, 230, 200), "dashed", 2)]
    view.draw(screen)
    assert all(picture_bytes(kept) <= 4.5 * MB for kept in view._strokes.values())
