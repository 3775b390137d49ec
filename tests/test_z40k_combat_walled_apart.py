"""A close combat whose models a wall keeps apart breaks off (rules: Zombie 40,000, Assault: pile in 3" [7th];
the break-off [house]). A newcomer's squad and the Zombie Boss stood locked either side of the Sealed bastion's
corner for four rounds: no model could pile in round it, so nobody struck, every round was "a draw", and the
squad could neither move nor shoot for the rest of the game."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k import assault
from game.rules.zombie40k.events import AttackStep, CombatBrokenOff, CombatResolved
from game.rules.zombie40k.testing import rigged_game, small_scenario

GUARDS = {"unit": "infantry_squad", "models": 10}
WALL = [((21.0, 26.0), (21.0, 34.0))]  # between the squad at x=20 and the horde at x=22


def test_a_combat_walled_apart_breaks_off_instead_of_a_draw_every_phase() -> None:
    g = rigged_game(
        {1: [(20.0, 30.0)]}, hordes=[[(22.0, 30.0)]], teams=[GUARDS], scenario=small_scenario(walls=WALL)
    )
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    start = len(w.events)
    assault.fight(w, ["h1", "p1"])
    events = w.events[start:]
    assert not [e for e in events if isinstance(e, AttackStep)]  # nobody could strike
    assert not [e for e in events if isinstance(e, CombatResolved)]  # no "a draw"
    assert [e.units for e in events if isinstance(e, CombatBrokenOff)] == [("h1", "p1")]
    assert not g.state.engagements  # no longer locked: the squad moves and shoots next turn
    line = get_ruleset("zombie40k").view().log_lines(g, events)[-1]
    assert "break off" in line and "p1" not in line


def test_a_combat_in_reach_is_fought_as_before() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[GUARDS], dice=[1, 4, 4, 6, 1])
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    start = len(w.events)
    assault.fight(w, ["h1", "p1"])
    events = w.events[start:]
    assert [e for e in events if isinstance(e, AttackStep)] and [
        e for e in events if isinstance(e, CombatResolved)
    ]
    assert not [e for e in events if isinstance(e, CombatBrokenOff)]
