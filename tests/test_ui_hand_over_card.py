"""Hot-seat hand-over card (Hive Street play-tests, session 47): two players at one screen, and a newcomer did not
notice the table had passed to him (the banner faded while he looked at the log). Play now stops on a card over the
table naming whose turn it is, until a click or a key; the click that puts it away is no order. Not when one person
plays (solo, or against bots)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, start_teams

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def to_player_2(app, scene) -> None:  # noqa: ANN001  (the App, its game scene)
    """Player 1 ends his phases (each asked once) and the screen plays on until player 2 has the table."""
    match = scene.match
    for _ in range(8):
        if match.game.state.active_player == 2:
            break
        match.button("end_turn")
        app.run_frames(2)
    for _ in range(600):
        if match.hand_over is not None or not match.playback.busy and match.game.state.active_player == 2:
            break
        app.run_frames(1)


@pytest.fixture
def hive() -> Path:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    return HIVE


def test_a_hot_seat_hand_over_waits_on_a_card_for_a_click(hive: Path, tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_teams(app, hive, ["tactical_squad", "infantry_squad"], seed=3)
        match = scene.match
        assert match.hand_over is None  # player 1 starts: nothing passed to him
        to_player_2(app, scene)
        assert match.hand_over is not None and "Player 2" in match.hand_over
        for _ in range(120):  # the card waits: it does not fade like the banner
            app.run_frames(1)
        assert match.hand_over is not None
        done = len(match.game.commands)
        middle = pygame.Rect(scene.view.camera.viewport).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=middle, button=1))
        app.run_frames(1)
        assert match.hand_over is not None  # put away at the release, as a button is
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=middle, button=1))
        app.run_frames(2)
        assert match.hand_over is None
        assert len(match.game.commands) == done and match.controller.selected is None  # the click gave no order
        assert match.handoff is not None and "Player 2" in match.handoff[0]  # the banner then fades as before


def test_one_player_against_a_bot_gets_no_card(hive: Path, tmp_path: Path) -> None:
    """One person at the screen (player 2 a bot): nobody to hand the table to, no card."""
    from game.ai import bot_for
    from game.scenario import load_scenario
    from game.ui.scenes.game import GameScene

    with headless_app(tmp_path / "settings.json") as app:
        options = {"teams": ["tactical_squad", "infantry_squad"]}
        app.push(GameScene(app, load_scenario(hive), options, seed=3, bots={2: bot_for("zombie40k")}))
        app.run_frames(3)
        scene = app.scene
        assert scene._players() == 2 and not scene.match.hot_seat
        for _ in range(3):
            to_player_2(app, scene)
        assert scene.match.hand_over is None
