"""Zombie 40,000 models read at the fit zoom (two 40k players, 7/10): a squad's models were tiny discs like the
zombies' and the Zombie Boss one more of his horde. At the zoom that fits Hive Street, a player's model shows
his colour over much of its disc, and the Boss is bigger than a zombie and gold (teeth and crown), where no
ordinary zombie is."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene
from game.ui.table_view import BOSS_COLOUR
from game.ui.tokens import PLAYER_COLOURS

pygame = pytest.importorskip("pygame")

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _alone(app, view, token) -> np.ndarray:
    """The screen with ``token`` alone on the table, bare (no ready ring, highlight or wounds)."""
    view.tokens = [replace(token, ready=False, highlight=None, badge="")]
    view.overlays = []
    view.draw(app.screen)
    return pygame.surfarray.array3d(app.screen).astype(int)


def _near(pixels: np.ndarray, colour, centre, reach: float, tolerance: int = 40) -> int:
    """How many pixels within ``reach`` of ``centre`` are within ``tolerance`` of ``colour``."""
    cx, cy = round(centre[0]), round(centre[1])
    k = int(reach) + 1
    box = pixels[cx - k : cx + k + 1, cy - k : cy + k + 1]
    xs, ys = np.meshgrid(np.arange(-k, k + 1), np.arange(-k, k + 1), indexing="ij")
    inside = xs**2 + ys**2 <= reach**2
    close = np.abs(box - np.array(colour)).max(axis=2) <= tolerance
    return int((close & inside).sum())


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    with headless_app(tmp_path_factory.mktemp("z40k_tokens") / "settings.json") as app:
        app.push(GameScene(app, load_scenario(HIVE_STREET), {}, seed=1))
        app.run_frames(3)
        app.scene.view.fit()
        yield app, app.scene.view, list(app.scene.view.tokens)


def test_a_players_model_shows_his_colour_over_much_of_its_disc(table) -> None:
    app, view, tokens = table
    token = next(t for t in tokens if t.side == "allies" and t.player and t.state != "dead")
    centre = view.camera.to_screen(token.position)
    r = 10.0  # the least a token is drawn at
    coloured = _near(_alone(app, view, token), PLAYER_COLOURS[token.player], centre, r)
    disc = np.pi * r * r
    assert coloured >= 0.4 * disc, f"{coloured} of {disc:.0f} pixels in the player's colour"


def test_the_zombie_boss_is_bigger_than_a_zombie_and_gold(table) -> None:
    app, view, tokens = table
    boss = next(t for t in tokens if t.sprite == "tokens.zombie_boss")
    zombie = next(t for t in tokens if t.side == "zombie" and t.sprite != "tokens.zombie_boss")
    empty = _alone(app, view, replace(zombie, position=(-50.0, -50.0)))

    def drawn(token) -> tuple[int, int]:
        pixels = _alone(app, view, token)
        centre = view.camera.to_screen(token.position)
        changed = _near(np.abs(pixels - empty), (0, 0, 0), centre, 30, tolerance=29)
        return round(np.pi * 30 * 30) - changed, _near(pixels, BOSS_COLOUR, centre, 30)

    boss_size, boss_gold = drawn(boss)
    zombie_size, zombie_gold = drawn(zombie)
    assert boss_size >= 1.8 * zombie_size, (boss_size, zombie_size)
    assert boss_gold >= 120 and zombie_gold < 10, (boss_gold, zombie_gold)
