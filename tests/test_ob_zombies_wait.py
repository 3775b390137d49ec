"""The zombies' step waits for the player to read his last result (a newcomer's Small Town game, issue 33): when
his last survivor acted, the rules went on at once and the zombies' step began under his shot's result. Now the
screen pauses before it, says so in the status line ("Space or a click: now"), and goes on after a moment or
at once on Space or a click; a step he ended himself (E) goes on without a pause. Through the real match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import EndStep, Move
from game.rules.outbreak.testing import rigged_game
from game.ui.match import HOLD_SECONDS, Match

RS = get_ruleset("outbreak")


def _moved() -> Match:
    """Ann (the only survivor) runs, her one option: the rules go on into the zombies' step at once."""
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 4)], dice=[3] * 40)
    match = Match(game, RS.view())
    match.select("pc1")
    match.click((12.0, 17.0))
    assert game.state.move == 3  # the rules are in the next move already
    return match


def _zombie_shown(match: Match) -> tuple[float, float]:
    return match.looks["z1"].position


def _play_until_held(match: Match) -> None:
    for _ in range(40):
        if match.playback.holding:
            return
        match.update(0.1)


def test_the_zombies_step_waits_and_says_how_to_go_on() -> None:
    match = _moved()
    _play_until_held(match)
    assert match.playback.holding
    assert "the zombies' step begins in a moment (Space or a click: now)" in match.status, match.status
    assert match.looks["pc1"].position == (12.0, 17.0)  # his own run is shown
    for _ in range(int(HOLD_SECONDS / 0.1) - 5):
        match.update(0.1)
    assert match.playback.holding and _zombie_shown(match) == (12.0, 4.0)  # the zombie has not moved yet
    match.button("skip")  # Space: the zombies' step now
    assert not match.playback.holding and match.playback.busy
    while match.playback.busy:
        match.update(0.1)
    assert _zombie_shown(match) != (12.0, 4.0)


def test_a_click_goes_on_and_so_does_a_moment() -> None:
    clicked = _moved()
    _play_until_held(clicked)
    clicked.click((3.0, 3.0))
    assert not clicked.playback.holding and "Space" not in clicked.status
    waited = _moved()
    _play_until_held(waited)
    for _ in range(int(HOLD_SECONDS / 0.1) + 2):
        waited.update(0.1)
    assert not waited.playback.holding
    while waited.playback.busy:
        waited.update(0.1)
    assert "Space" not in waited.status, waited.status  # the pause's words went with it


def test_an_end_step_he_asked_for_does_not_pause() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 4)], dice=[3] * 40)
    match = Match(game, RS.view())
    match.send(EndStep())
    for _ in range(100):
        assert not match.playback.holding
        match.update(0.1)
    assert game.state.move == 3 and match.looks["z1"].position != (12.0, 4.0)


def test_no_pause_while_bots_play_at_this_screen() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 4)], dice=[3] * 400)
    match = Match(game, RS.view())
    match.hand_to_bots(lambda g: Move("pc1", ((12.0, 17.0),)) if g.actions_for("pc1") else EndStep(), [1])
    for _ in range(60):
        assert not match.playback.holding
        match.update(0.1)
    assert game.state.move >= 3  # the bot's run, then the zombies' step, went on without a pause
