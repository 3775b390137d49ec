"""The turn line tells the truth (issue "Club-night play", item 2): while the zombies' move after the
Allies' half of turn 1 plays, the top bar says turn 1, as the log and the replay do; turn 2 shows when
its first event does."""

from __future__ import annotations

import random

from ui_driver import end_turn, start_game

from game.rules.core import get_ruleset
from game.ui.app import App


def test_the_zombies_move_of_turn_1_is_shown_as_turn_1(app: App) -> None:
    random.seed(3)  # the game scene draws its seed from here: a game whose Allies go first in turn 1
    scene = start_game(app, speed=0.2)  # slow, so the zombies' move is on screen for many frames
    m, game = scene.match, scene.match.game
    view = get_ruleset(game.ruleset).view()
    assert game.state.turn == 1 and game.state.first == "allies"
    end_turn(app, scene)
    seen_moving = seen_two = False
    for _ in range(20000):  # the match's own clock, a fiftieth of a second a tick: no frame is skipped
        if not m.playback.busy:
            break
        m.update(0.02)
        banner = m.banner()  # what the top bar shows (the scene copies it on its next frame)
        shown = {type(e).__name__ for e in (m.playback.current.events if m.playback.current else [])}
        if "ZombieMoved" in shown and m.shown_turn == 1:
            assert banner.startswith("Turn 1") and "Zombies moving" in banner
            seen_moving = True
        if m.shown_turn == 2:
            assert banner.startswith("Turn 2")
            seen_two = True
    app.run_frames(2)
    assert seen_moving and seen_two
    assert scene.banner_label.text == view.turn_line(game)  # played out: the rules' own line
