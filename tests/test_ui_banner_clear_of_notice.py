"""The hand-over banner and the phase notices never overlap (session 45, a 40k veteran's hot-seat game on Hive
Street): player 1 ended his Shooting, the Assault phase was skipped, and the big "Player 2 (Infantry Squad) — your
team" banner stood over the "Assault skipped..." notice. The notice keeps clear of the banner where it can; where it
cannot, the banner moves off it."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import headless_app, take_the_table

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def test_player_2s_banner_and_the_assault_skipped_notice_do_not_overlap(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        setup = GameSetup(load_entry(HIVE))
        setup.use_options({"teams": ["tactical_squad", "infantry_squad"]})
        app.start_game(setup, seed=3)
        app.run_frames(5)
        scene = app.scene
        match = scene.match
        for _ in range(8):  # player 1 ends Movement and Shooting (each asked once); Assault is skipped
            if match.game.state.active_player == 2:
                break
            match.button("end_turn")
            app.run_frames(2)
        seen = 0
        for _ in range(400):
            app.run_frames(1)
            take_the_table(app)  # (player 2 puts the hot-seat card away: the banner fades from then)
            if match.handoff is not None and match.notices and scene.handoff_rect is not None:
                words = " ".join(w for _, w in match.notices)
                notice = scene._notice_spot[1]
                assert not scene.handoff_rect.colliderect(notice), (words, scene.handoff_rect, notice)
                seen += 1
        assert seen, "the banner and a notice were never up together"
