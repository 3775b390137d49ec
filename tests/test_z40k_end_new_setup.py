"""The end screen of a Zombie 40,000 game offers the choice a player expects (session 45 review): "Play again" went
straight to a new game on the same teams, skipping the team builder he expected to see again. It now says it keeps
the teams ("Same teams again"), and New set-up beside it opens the set-up on the teams just played, to change."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import click, headless_app

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
TEAMS = ["guardian_defenders", "ork_boyz"]


def _to_end(app, tmp_path: Path):  # noqa: ANN001, ANN202  (the App; the end scene)
    setup = GameSetup(load_entry(HIVE))
    setup.use_options({"teams": TEAMS})
    app.start_game(setup, seed=3)
    app.run_frames(3)
    app.scene._show_end()  # what the game scene shows when the game is over
    app.run_frames(3)
    assert app.scene.name == "end"
    return app.scene


def test_the_end_screen_offers_same_teams_or_a_new_set_up_on_the_teams_just_played(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        end = _to_end(app, tmp_path)
        assert end.buttons["again"].text == "Same teams again"
        assert end.buttons["setup"].text == "New set-up"
        rects = [b.rect for b in end.buttons.values()]
        assert all(a.right < b.left for a, b in zip(rects, rects[1:]))  # one row, none over another
        assert all(r.left >= 0 and r.right <= app.screen.get_width() for r in rects)
        click(app, end.buttons["setup"].rect.center)
        scene = app.scene
        assert scene.name == "setup" and [s.name for s in app.scenes] == ["title", "setup"]
        teams = scene.setup.options["teams"]
        assert [t["unit"] if isinstance(t, dict) else t for t in teams] == TEAMS  # his teams, to change


def test_same_teams_again_plays_at_once(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        end = _to_end(app, tmp_path)
        click(app, end.buttons["again"].rect.center)
        assert app.scene.name == "game"
