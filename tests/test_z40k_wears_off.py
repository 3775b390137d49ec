"""A power-up that lasts the turn wears off when the turn is over: its line comes before the next turn's header,
not under it (issue 33)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.kit.events import TurnStarted
from game.rules.zombie40k import power_ups, turn
from game.rules.zombie40k.events import PowerUpLost
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def test_the_speed_packs_wearing_off_is_told_before_the_next_turns_header() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30)]}, phase=Phase.ASSAULT, dice=[3, 4] * 10)
    g.state.units["p1"].power_up_effects[power_ups.SPEED_PACK] = 1  # activated in turn 1
    turn.next_turn(g.world)
    events = g._flush()
    kinds = [type(e) for e in events]
    assert PowerUpLost in kinds and kinds.index(PowerUpLost) < kinds.index(TurnStarted), kinds
    before = Z40K.view().log_lines(g, events[: kinds.index(TurnStarted)])
    assert any("Speed Pack wears off" in x for x in before), before
    assert power_ups.SPEED_PACK not in g.state.units["p1"].power_up_effects
