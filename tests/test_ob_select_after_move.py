"""A click on another survivor while the one just moved still walks selects him (newcomer's Small Town game,
session 46): the first click on him was refused while the walk played ("Wait: the dice are still rolling") and he
had to be clicked again. The click is kept and picks him up as soon as the move is shown. Through the real
controller, played out by the screen's Match."""

from __future__ import annotations

from game.controller.machine import Mode
from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

SHOWING = (Mode.RESOLVING, Mode.ZOMBIE_TURN)


def walking() -> Match:
    """PC 1 just sent 5" north and still walking there; PC 2 and PC 3 yet to act, no zombie near."""
    game = rigged_game(pcs={"pc1": (6, 20), "pc2": (9, 20), "pc3": (12, 20)}, zombies=[(20, 2)], dice=[3] * 40)
    match = Match(game, get_ruleset("outbreak").view())
    match.click(game.figure("pc1").position)
    match.click((6, 15))
    assert len(game.commands) == 1 and match.controller.mode == Mode.RESOLVING
    match.update(0.05)  # a moment into the walk
    assert match.playback.busy
    return match


def played_out(match: Match) -> None:
    for _ in range(1000):
        if not match.playback.busy and match.controller.mode not in SHOWING:
            return
        match.update(0.1)
    raise AssertionError("the move was never shown")


def test_a_click_on_another_survivor_during_the_walk_selects_him() -> None:
    match = walking()
    match.click(match.game.figure("pc2").position)
    assert "still rolling" not in match.status, match.status
    played_out(match)
    ctl = match.controller
    assert (ctl.selected, ctl.mode) == ("pc2", Mode.SELECTED), match.status
    assert "PC 2 selected" in match.status
    assert len(match.game.commands) == 1  # the click gave nobody an order


def test_a_click_on_the_ground_during_the_walk_still_orders_nothing() -> None:
    match = walking()
    match.click((9, 12))
    played_out(match)
    assert len(match.game.commands) == 1 and match.controller.selected is None
