"""Outbreak's roster after an unjam (a newcomer's Small Town game): the Sheriff rolled "D6 = 2, still jammed"
and his row read "Sheriff Dale jammed cleared jam", the words a success shows. Now a failed unjam reads
"jammed ... tried the jam", a cleared one "cleared jam" and no "jammed", while the roll plays and after.
Through the real game scene (headless) and its roster panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ob_roster_as_shown import row_of
from ui_driver import headless_app, play_out

from game.rules.outbreak import ClearJam
from game.rules.outbreak.testing import rigged_game
from game.ui.scenes.game import GameScene


def unjam_rows(tmp_path: Path, roll: int) -> tuple[list[str], str, list[str]]:
    """PC 1's roster rows while his unjam roll of ``roll`` plays, after it, and the log."""
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, zombies=[(2, 2)], dice=[roll])
    game.state.figures["pc1"].jammed = True
    with headless_app(tmp_path / "settings.json") as app:
        app.settings.animation_speed = 1.0
        app.push(GameScene(app, game.scenario, {}, game=game, autosave=False))
        app.run_frames(3)
        scene = app.scene
        assert "jammed" in row_of(scene, "pc1")
        scene.match.send(ClearJam("pc1"))
        during = []
        while scene.match.playback.busy:
            app.run_frames(1)
            if scene.match.playback.busy:
                during.append(row_of(scene, "pc1"))
        play_out(app, scene)
        app.run_frames(1)  # the panels are drawn in the frame
        return during, row_of(scene, "pc1"), list(scene.log_lines)


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_a_failed_unjam_reads_still_jammed_not_cleared(tmp_path: Path, roll: int) -> None:
    during, after, log = unjam_rows(tmp_path, roll)
    assert any("still jammed" in line for line in log), log
    for row in [*during, after]:
        assert "cleared" not in row, row
    assert after.endswith("jammed tried the jam"), after


@pytest.mark.parametrize("roll", [4, 6])
def test_a_cleared_jam_reads_cleared_and_not_jammed(tmp_path: Path, roll: int) -> None:
    during, after, log = unjam_rows(tmp_path, roll)
    assert any("cleared." in line for line in log), log
    assert after.endswith("cleared jam") and "jammed" not in after, after


def test_while_events_play_the_unjam_reads_as_rolled() -> None:
    """The roster's words as each event is shown (the view's shown_looks), before the rules' words come back."""
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.view import OutbreakView

    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(2, 2)], dice=[])
    game.state.figures["pc1"].jammed = True
    view = OutbreakView()
    looks = {"pc1": view.look(game, "pc1")}
    failed = view.shown_looks(game, ev.JamCleared("pc1", 2, False), looks)["pc1"].words
    cleared = view.shown_looks(game, ev.JamCleared("pc1", 5, True), looks)["pc1"].words
    assert "jammed" in failed and "tried the jam" in failed and "cleared jam" not in failed, failed
    assert "jammed" not in cleared and "cleared jam" in cleared, cleared
