"""Outbreak's roster says "tired" once the tiredness roll has been shown, in the log's word: it said "tired"
while the zombies of the move before still moved on the screen (the rules had already rolled the next move's
tiredness; the roster read the rules' state, ahead of the events still playing)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match


def test_the_roster_shows_tired_only_after_the_roll_is_shown() -> None:
    rs = get_ruleset("outbreak")
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 40)], dice=[1] * 40)  # a 1: tired
    game.state.figures["pc1"].has_moved = True  # tiredness is rolled from the move after the first
    logged: list[str] = []
    match = Match(game, rs.view(), speed=1.0, log=logged.append)
    match.button("end_turn")  # asks first: pc1 has not acted
    match.button("end_turn")
    assert game.state.figures["pc1"].tired and match.playback.busy  # the rules are a move ahead of the screen
    while match.playback.busy:
        if not any("stops for a breather" in line for line in logged):
            assert "tired" not in match.roster(), "tired in the roster before the log's roll"
        match.update(0.05)
    match.update(0.05)
    line = next(line for line in logged if "stops for a breather" in line)
    assert "is tired" in line  # the roster's word is the log's
    assert "tired" in match.roster()
