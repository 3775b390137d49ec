"""Hot-seat sections are told apart (issue "Club-night play", item 6), through the real game scene:
each player's tokens carry his colour and his number, his roster heading his colour and name, and a
selection made in one player's turn never carries into the next player's."""

from __future__ import annotations

import random

from ui_driver import click, end_turn, play_out, screen_of, start_game

from game.ui.app import App
from game.ui.tokens import PLAYER_COLOURS, player_hex


def test_each_players_tokens_and_roster_are_marked_and_a_selection_stays_in_its_turn(app: App) -> None:
    random.seed(5)
    scene = start_game(app, ["american", "british"])
    m, game = scene.match, scene.match.game
    tokens = {t.id: t for t in scene.view.tokens}
    assert {tokens[f.id].player for f in game.figures if f.side == "allies"} == {1, 2}
    assert all(t.player == 0 for t in tokens.values() if t.side == "zombie")
    html = m.roster()
    assert player_hex(1) in html and player_hex(2) in html and player_hex(1) != player_hex(2)
    assert "Player 1: American" in html and "Player 2: British" in html  # words, not colour alone
    assert PLAYER_COLOURS[1] != PLAYER_COLOURS[2]

    sgt = game.figure("us1-sgt")
    click(app, screen_of(scene, sgt.position))
    assert m.controller.selected == "us1-sgt"
    end_turn(app, scene, by_key=True)  # player 1 ends his part of the turn with his Sergeant still selected
    play_out(app, scene)
    if not game.over:
        assert game.state.active_player == 2
        assert m.controller.selected is None  # player 2 starts with nothing of player 1's selected
