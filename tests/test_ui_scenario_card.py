"""The New game card says how long a game lasts in the rule set's words, also when the map sets no limit:
Hive Street (Zombie 40,000, no turn_limit on the map) showed no turn count; Outbreak counts moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import headless_app

from game.ui.scenes.new_game import NewGameScene


@pytest.mark.parametrize("title, says", [("Hive Street", "Turns: <b>12</b>"), ("Small Town", "Moves: <b>")])
def test_the_card_says_how_long_the_game_lasts(tmp_path: Path, title: str, says: str) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(NewGameScene(app))
        app.run_frames(2)
        scene = app.scene
        scene._show(next(e for e in scene.entries if e.title == title))
        assert says in scene.details.html_text
