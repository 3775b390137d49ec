"""Zombie 40,000's top bar once the game is over (session 45, a 40k veteran on Hive Street): it still read "Order:
player 1, 2, then zombies · first aboard the vehicle wins · 1 of 12 turns left", long enough to wrap onto two
lines, under the result. It says the game is over, as Outbreak's and Zombiekrieg's do."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")


def test_the_last_turns_end_puts_game_over_on_the_objective_line_not_turns_left() -> None:
    g = rigged_game({1: [(20, 40)]}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[1] * 200)
    g.state.turn = g.state.turn_limit  # the last turn's Shooting: nobody near the vehicle
    m = Match(g, Z40K.view())
    assert m.objective().endswith("1 of 12 turns left")
    for _ in range(5):
        if g.over:
            break
        m.button("end_turn")
        m.skip()
    assert g.over and g.state.winner == "zombies", m.status
    line = m.objective()
    assert "turns left" not in line and "Order" not in line
    assert line == "first aboard the vehicle wins \u00b7 game over"


def test_the_result_says_its_reason_as_a_sentence() -> None:
    """The demo's Last Evac card read "The zombies win. every Zombie Survival Team was wiped out" (session 45)."""
    g = rigged_game({1: [(20, 40)]}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[])
    g.state.winner, g.state.reason = "zombies", "every Zombie Survival Team was wiped out"
    said, bad = Z40K.view().result(g)
    assert said.endswith(". Every Zombie Survival Team was wiped out") and bad, said
