"""One label per named piece of terrain with the outlines on (a 40k player on Hive Street, at the fit zoom with
L: "wall: Sandbag linewall: Sandbag line", the two segments of one named sandbag wall each labelled, the two
labels end to end). Pieces of one name whose labels would stand side by side on screen share one label, in
their middle; zoomed in, where the labels stand apart, each piece has its own."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, key, zoom_on

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
SANDBAGS = "wall: Sandbag line"


def _terrain_words(view) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001
    return [(text, rect) for kind, text, rect in view.words if kind == "terrain"]


def _near(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Two labels that read as one line: on the same row, less than a word's gap apart."""
    return a.inflate(24, 0).colliderect(b)


def test_the_sandbag_line_is_labelled_once_at_the_fit_zoom(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        setup = GameSetup(load_entry(HIVE))
        setup.use_options({"teams": ["tactical_squad"]})
        app.start_game(setup)
        app.run_frames(3)
        scene = app.scene
        key(app, pygame.K_HOME)
        key(app, pygame.K_l)
        assert scene.view.show_outlines
        words = _terrain_words(scene.view)
        assert [t for t, _ in words].count(SANDBAGS) == 1, words
        for i, (text, a) in enumerate(words):  # no label of the same words beside another
            for other, b in words[i + 1 :]:
                assert not (text == other and _near(a, b)), (text, a, b)

        # zoomed in on the gap between the two segments: each has its own label again
        pieces = [p for p in scene.view.scenario.terrain if p.name == "Sandbag line"]
        (ax, ay), (bx, by) = (p.area.centre for p in pieces)
        zoom_on(scene, ((ax + bx) / 2, (ay + by) / 2), 60)
        app.run_frames(3)
        assert [t for t, _ in _terrain_words(scene.view)].count(SANDBAGS) == 2
