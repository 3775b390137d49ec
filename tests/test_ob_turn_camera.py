"""The zombies' action off screen comes into view in Outbreak too (newcomers' issue ob44 item 1): the shared turn
camera (game.ui.turn_camera) was keyed on the controller's zombie-turn mode, and an Outbreak step in which the
zombies only grapple (all already in contact, none moves) played in the resolving mode: the bites went by off the
view. The rule set now tells the screen which events are its own side's action. Through the real game scene on
Small Town."""

from __future__ import annotations

from pathlib import Path

from ui_driver import SHOWING, end_turn, headless_app, zoom_on

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _in_view(camera, point) -> bool:  # noqa: ANN001
    x0, y0, x1, y1 = camera.visible_table_rect()
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def test_a_grapple_off_screen_is_brought_into_view(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.settings.animation_speed = 4.0
        app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        game = match.game
        pc = game.state.figures["pc1"]
        zombies = [z for z in game.state.zombies() if z.on_table]
        for z in zombies[1:]:
            game.world.kill(z, "gone")
        z = zombies[0]
        z.aware = True
        game.world.set_position(z, (pc.position[0] + pc.radius + z.radius, pc.position[1]))
        match.resync()
        camera = scene.view.camera
        zoom_on(scene, (40.0, 5.0), 40)  # far from the fight
        assert not _in_view(camera, pc.position)
        end_turn(app, scene)
        seen = False
        for _ in range(3000):
            app.run_frames(1)
            seen = seen or _in_view(camera, pc.position)
            if not match.playback.busy and match.controller.mode not in SHOWING:
                break
        assert seen, "the zombies' grapple played off the view"
