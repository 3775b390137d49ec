"""A phase's notice over the table hides no model where there is room (two 40k players): "Shooting phase ..."
stood at the top middle of Hive Street over the horde and the Boss by the gunship. It keeps the top middle when
nothing stands there, and goes where it hides no figure when something does, with all its words."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
SAID = "Shooting phase: Guardian Defenders. Any model with a target in range and sight may fire."


def _frame(app, scene, notices: bool) -> np.ndarray:  # noqa: ANN001
    m = scene.match
    m.notices = [("shooting", SAID)] if notices else []
    m._notice_times = {"shooting": 60.0} if notices else {}
    m.notice_left = 60.0 if notices else 0.0
    scene.draw(app.screen)
    return pygame.surfarray.array3d(app.screen).astype(int)


def test_the_phase_notice_hides_no_model_at_the_top_of_the_table(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(HIVE_STREET), {}, seed=1))
        app.run_frames(3)
        scene = app.scene
        view, game = scene.view, scene.match.game
        view.fit()
        vx, vy, vw, _ = view.camera.viewport
        top = view.camera.to_table((vx + vw / 2, vy + 30))  # where the notice stood, its middle
        zombies = [f for f in game.figures if f.side != "players" and f.on_table][:3]
        for k, z in enumerate(zombies):
            z.position = (top[0] + (k - 1) * 1.5, max(1.0, top[1]))
        scene.match.version += 1
        app.run_frames(2)
        bare, shown = _frame(app, scene, False), _frame(app, scene, True)
        hidden = []
        for rect in view.token_rects():
            r = rect.clip(pygame.Rect(view.camera.viewport))
            if (
                np.abs(shown[r.left : r.right, r.top : r.bottom] - bare[r.left : r.right, r.top : r.bottom]) > 30
            ).any():
                hidden.append(rect)
        assert not hidden, hidden
        assert (np.abs(shown - bare) > 30).sum() > 2000  # (and the notice is up, somewhere)
