"""Models read at the fit zoom (issue 33 item 14): on Hive Street a model was a dot of about ten pixels with
the whole table in view. Now every token is drawn at least 20 pixels across (``MIN_TOKEN_RADIUS``; 16 pixels
still read as a dot to a Zombie 40,000 newcomer at club night), can be pointed at over all of it, and its true
base, what the rules measure, is ringed inside it."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene
from game.ui.table_view import BASE_RING_COLOUR, MIN_TOKEN_RADIUS

pygame = pytest.importorskip("pygame")

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))
N = 20  # pixels across, at least
# up, left and the two upper diagonals: the token's shadow falls down and to the right
AROUND = [(0, -1), (-1, 0), (-0.7, -0.7), (0.7, -0.7)]


def _table_pixels(app, scene, tokens) -> np.ndarray:
    scene.view.tokens = tokens
    scene.view.overlays = []  # the tokens' pictures alone: Outbreak's grab lines are drawn over them
    scene.view.draw(app.screen)
    return pygame.surfarray.array3d(app.screen).astype(int)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_model_is_at_least_20_pixels_at_the_fit_zoom(tmp_path: Path, path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(path), {}, seed=1))
        app.run_frames(3)
        scene = app.scene
        scene.view.fit()
        ppi = scene.view.camera.ppi
        shown = [t for t in scene.view.tokens if t.state != "dead"]
        assert shown, path.name
        # the pictures alone: no ready ring, highlight or GUTS number round them
        bare = [replace(t, ready=False, highlight=None, badge="") for t in shown]
        empty = _table_pixels(app, scene, [])
        drawn = _table_pixels(app, scene, bare)
        scene.view.hover = None
        reach = N / 2 - 1
        small = []
        for t in bare:
            cx, cy = scene.view.camera.to_screen(t.position)
            for dx, dy in AROUND:
                x, y = round(cx + dx * reach), round(cy + dy * reach)
                changed = np.abs(drawn[x - 1 : x + 2, y - 1 : y + 2] - empty[x - 1 : x + 2, y - 1 : y + 2]).sum(
                    axis=2
                )
                if changed.max() < 30 or scene.view.token_at((x, y)) is None:
                    small.append(f"{t.label or t.id} at {t.position}")
                    break
        assert not small, f"{path.name} at {ppi:.1f} px/inch: tokens under {N} px: {small[:5]}"


def test_a_token_drawn_bigger_than_its_base_rings_the_true_base(tmp_path: Path) -> None:
    """The rules measure the base, never the picture: a token shown bigger has its base ringed inside."""
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS[0]), {}, seed=1))
        app.run_frames(3)
        view = app.scene.view
        view.fit()
        token = replace(next(t for t in view.tokens if t.state != "dead"), ready=False, highlight=None, badge="")
        base = token.base_radius * view.camera.ppi
        assert base < MIN_TOKEN_RADIUS, base  # Hive Street's 25 mm bases are small at the fit zoom
        pixels = _table_pixels(app, app.scene, [token])
        cx, cy = view.camera.to_screen(token.position)
        ring = 0
        for k in range(24):
            a = 2 * math.pi * k / 24
            x, y = round(cx + math.cos(a) * base), round(cy + math.sin(a) * base)
            near = pixels[x - 1 : x + 2, y - 1 : y + 2]
            ring += bool((np.abs(near - np.array(BASE_RING_COLOUR)).max(axis=2) <= 40).any())
        assert ring >= 15, ring  # (the facing tick and the player's mark sit on the rim)


def test_a_click_on_a_big_token_outside_its_base_means_the_figure(tmp_path: Path) -> None:
    """A click on the picture, outside the smaller base, points at the figure's own centre."""
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS[0]), {}, seed=1))
        app.run_frames(3)
        view = app.scene.view
        view.fit()
        token = next(t for t in view.tokens if t.state != "dead")
        cx, cy = view.camera.to_screen(token.position)
        edge = (cx - MIN_TOKEN_RADIUS + 1, cy)
        assert view.token_at(edge) is not None
        assert view.click_point(edge) == view.token_at(edge).position
