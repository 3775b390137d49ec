"""Outbreak's roster after a shot that spends the move's shots: a newcomer read "Deacon Hale no shots fired"
(the short form "no shots" beside the state "fired") as if he had not fired. Through the real game scene's
roster panel, as fitted to its box."""

from __future__ import annotations

from pathlib import Path

from test_ob_roster_as_shown import row_of
from ui_driver import headless_app, play_out

from game.rules.outbreak import Fire
from game.rules.outbreak.testing import rigged_game
from game.ui.scenes.game import GameScene


def test_a_character_out_of_shots_never_reads_no_shots_fired(tmp_path: Path) -> None:
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (14, 22)},
        zombies=[(12, 11), (2, 2)],
        dice=[3, 3, 3] + [3] * 30,  # hit in third 3 (the move's shots spent), not destroyed
        weapons={"pc1": ("shotgun", "knife")},
    )
    game.state.figures["pc1"].name = "Deacon Hale"
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(3)
        scene = app.scene
        scene.match.send(Fire("pc1", "z1"))
        play_out(app, scene)
        app.run_frames(2)
        row = row_of(scene, "pc1")
    assert row.endswith("fired"), row
    assert "no shots fired" not in row, row
    assert "no shots left" in row, row  # the roster's one form for shots
