"""The "Wait: the dice are still rolling" refusal goes once the dice stop (newcomer, issue ob2 item 5): it
stayed in the prompt bar through the player's own turn. Shared: through the screen's Match."""

from __future__ import annotations

from game.controller.machine import STILL_ROLLING
from game.rules.core import get_ruleset
from game.rules.outbreak import Fire
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def test_the_still_rolling_refusal_clears_when_the_dice_stop() -> None:
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (14, 22)}, zombies=[(12, 14)], dice=[3] * 40)
    match = Match(game, RS.view())
    match.send(Fire("pc1", "z1"))
    assert match.playback.busy
    match.click((18.0, 24.0))  # the player clicks the ground while the dice roll (his own man: picked up after)
    assert match.status == STILL_ROLLING
    for _ in range(200):
        match.update(0.1)
    assert not match.playback.busy
    assert "still rolling" not in match.status and not match.status_bad
