"""Tab centres the view on the character it picks and keeps the view on the table (newcomers' issue ob44 item 3):
a Tab to a survivor at Small Town's edge centred him, half the view black past the table. The camera's own clamp
(Camera.clamped, the one the zombies' turn camera uses too). Through the real game scene."""

from __future__ import annotations

from pathlib import Path

from ui_driver import zoom_on

from game.scenario import load_scenario
from game.ui.app import App
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_tab_to_a_character_at_the_edge_keeps_the_view_on_the_table(app: App) -> None:
    app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
    app.run_frames(3)
    scene = app.scene
    match, camera, (tw, th) = scene.match, scene.view.camera, scene.view.table_size
    zoom_on(scene, (40.0, 5.0), 60)  # far from the survivors, who start by the table's bottom-left corner
    scene.do("press next")
    fid = match.controller.selected
    x, y = match.looks[fid].position
    x0, y0, x1, y1 = camera.visible_table_rect()
    assert x0 <= x <= x1 and y0 <= y <= y1, f"{fid} at {(x, y)} is off the view {(x0, y0, x1, y1)}"
    eps = 1e-6
    assert x0 >= -eps and y0 >= -eps and x1 <= tw + eps and y1 <= th + eps, ((x0, y0, x1, y1), (tw, th))
