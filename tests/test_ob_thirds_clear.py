"""The shot's "third" marks keep clear of each other (newcomers' issue ob44 item 2): zoomed out, the marks of where
the zombie is after each third stand a few pixels apart, every spot near them was taken and the last was forced
onto the one before ("third 2" under "third 3: at Deacon Hale"). A word that must show now takes a spot clear of
the other words first (covering a figure's edge is the lesser harm). Through the real game scene on Small Town."""

from __future__ import annotations

import itertools
from pathlib import Path

from ui_driver import headless_app, motion, screen_of, zoom_on

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_the_thirds_of_a_shot_read_apart_zoomed_out(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        game = match.game
        pc = game.state.figures["pc3"]
        z = next(z for z in game.state.zombies() if z.on_table)
        z.aware = True
        game.world.set_position(z, (pc.position[0] + 3, pc.position[1] - 5))
        match.resync()
        match.select(pc.id)
        zoom_on(scene, (pc.position[0], pc.position[1] - 5), 8)
        motion(app, screen_of(scene, z.position))
        app.run_frames(2)
        thirds = [(text, rect) for kind, text, rect in scene.view.words if text.startswith("third")]
        assert len(thirds) >= 2, scene.view.words
        for (a, ra), (b, rb) in itertools.combinations(thirds, 2):
            assert not ra.colliderect(rb), f"{a!r} {ra} on {b!r} {rb}"
