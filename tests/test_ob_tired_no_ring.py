"""A tired character shows no ring of a move he has not, and says why (newcomers' issue ob44 item 4): selected,
Deacon Hale (tired, a breather) still showed the 8" movement-roll ring, which read as a move ring, and no word of
why Move was off. Now only his gun's range shows, and the status line and the hint say he is tired. Through the
real game scene on Small Town."""

from __future__ import annotations

from pathlib import Path

from ui_driver import headless_app, zoom_on

from game.scenario import load_scenario
from game.ui.overlays import Circle
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_a_tired_character_shows_no_move_ring_and_says_why(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        pc = match.game.state.figures["pc3"]
        pc.tired = True
        match.resync()
        zoom_on(scene, pc.position, 16)
        match.select(pc.id)
        app.run_frames(3)
        gun = match.game.world.data.ranged(pc.ranged)
        rings = [o for o in scene.view.overlays if isinstance(o, Circle) and o.label]
        assert [o.label for o in rings] == [gun.name], [o.label for o in rings]
        assert "tired" in match.status, match.status
        assert "tired" in scene.actions_panel.hint_html, scene.actions_panel.hint_html
        # a breather stops him moving at all: "no run" read as "he may still walk" (a newcomer, session 45)
        hint = scene.actions_panel.hint_html
        assert "cannot move" in hint and "no run" not in hint, hint
