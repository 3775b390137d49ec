"""A tired character's hint said "no action left", but a breather stops his run, not his gun [house] (newcomer's
Small Town game, issue ob39 item 5): the action panel's hint now says what he may still do. Through the real game
scene on Small Town."""

from __future__ import annotations

from pathlib import Path

from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_a_tired_characters_hint_says_he_may_still_fire(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=3))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        game = match.game
        for z in [z for z in game.state.zombies() if z.on_table]:  # no zombie in range: Fire is off
            game.world.kill(z, "gone")
        pc = next(f for f in game.state.pcs_of(game.state.active_player) if f.on_table and f.ranged)
        pc.tired = pc.aware = True
        match.resync()
        match.select(pc.id)
        app.run_frames(3)
        assert match.actions(pc.id) == []
        hint = scene.actions_panel.hint_html
        assert "may still fire once a zombie is in sight and range" in hint and "no action left" not in hint, hint
