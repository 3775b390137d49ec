"""The end screen's headline after the players let the bots finish the game (session 45, a 40k veteran's Zombie
40,000 race on Hive Street): Menu > Bots finish the game handed both seats to the bots, player 1's team reached
the escape vehicle, and the screen said DEFEAT over "Player 1 wins". The seats the players handed over are still
theirs: a winner among them reads VICTORY; a seat the bots held from the start (a game taken over from the demo)
that won is still the players' DEFEAT."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import click, headless_app, key, start_teams

from game.rules.zombie40k.state import Phase

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
TEAMS = ["tactical_squad", "infantry_squad"]


def _won_by_player_1(scene) -> None:  # noqa: ANN001  (the game scene)
    """The game ends as the rules end a race: player 1's team reached the escape vehicle."""
    s = scene.match.game.state
    s.winner, s.reason, s.phase = "player 1", "Tactical Squad (player 1) reached the escape vehicle", Phase.OVER


def test_a_player_whose_seat_the_bots_finished_for_him_reads_victory(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_teams(app, HIVE, TEAMS, seed=3)
        key(app, pygame.K_ESCAPE)
        click(app, scene.menu_buttons["bots"].rect.center)
        assert sorted(scene.match.controller.bots) == [1, 2]
        _won_by_player_1(scene)
        scene._show_end()
        app.run_frames(3)
        assert app.scene.name == "end"
        assert app.scene.report.headline == "VICTORY", app.scene.report.reason
        assert app.scene.report.victory is True


def test_a_seat_the_bots_held_from_the_start_that_won_is_still_the_players_defeat(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    from game.ai import bot_for

    with headless_app(tmp_path / "settings.json") as app:
        scene = start_teams(app, HIVE, TEAMS, seed=3)
        scene._bots = {1: bot_for("zombie40k")}  # as a game taken over from the demo: player 1 was the bot's
        _won_by_player_1(scene)
        scene._show_end()
        app.run_frames(3)
        assert app.scene.report.headline == "DEFEAT"
