"""Tab brings the figure it selects into view (newcomer, issue ob2 item 6): Tab selected a figure off the
screen and left the camera where it was. Shared: through the table scene's Tab key."""

from __future__ import annotations

from pathlib import Path

from ui_driver import zoom_on

from game.scenario import load_scenario
from game.ui.app import App
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_tab_centres_the_camera_on_a_figure_off_the_view(app: App) -> None:
    app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
    app.run_frames(3)
    scene = app.scene
    match, camera = scene.match, scene.view.camera
    far = max(match.ready(), key=lambda fid: match.looks[fid].position[1])
    corner = (1.0, 1.0) if match.looks[far].position[1] > 12 else (40.0, 40.0)
    zoom_on(scene, corner, 60)
    picked = set()
    for _ in range(len(match.ready()) + 1):  # Tab round the figures who can act
        scene.do("press next")
        fid = match.controller.selected
        picked.add(fid)
        x, y = match.looks[fid].position
        x0, y0, x1, y1 = camera.visible_table_rect()
        assert x0 <= x <= x1 and y0 <= y <= y1, f"{fid} at {(x, y)} is off the view {(x0, y0, x1, y1)}"
    assert len(picked) >= 2
