"""A terrain name stays on its own piece (a newcomer's Normandy Village game with the outlines on, session 45:
"building: Ferme Lemaire" sat on the blue house in one frame and on the red L-shaped house in later ones). Pushed
aside by a figure standing on its middle, a name went half its width off, onto the house next door; now a name is
placed only on or just round its own piece, and waits when there is no room there. Through the real game scene."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ui_driver import headless_app, start_game, zoom_on


def test_every_terrain_name_stands_on_its_own_piece_with_figures_on_their_middles(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, speed=8.0)
        view = scene.view
        view.show_outlines = True
        zoom_on(scene, (36.0, 24.0), 16)
        pieces = [p for p in scene.scenario.terrain if not p.area.is_line]
        some = view.tokens[0]
        view.tokens = tuple(  # a figure on every piece's middle: each name must find another spot
            dataclasses.replace(some, id=f"t{i}", position=p.area.centre) for i, p in enumerate(pieces)
        )
        view._place_words()
        placed = [(text, rect) for kind, text, rect in view.words if kind == "terrain"]
        assert placed, "some names find room"
        for text, rect in placed:
            own = [p for p in scene.scenario.terrain if view._terrain_label(p) == text]
            boxes = []
            for p in own:
                x0, y0, x1, y1 = p.area.bounds
                (ax, ay), (bx, by) = view.camera.to_screen((x0, y0)), view.camera.to_screen((x1, y1))
                boxes.append(
                    (min(ax, bx) - rect.h, min(ay, by) - rect.h, max(ax, bx) + rect.h, max(ay, by) + rect.h)
                )
            cx, cy = rect.center
            assert any(a <= cx <= c and b <= cy <= d for a, b, c, d in boxes), f"{text!r} stands off its piece"
