"""Zombie 40,000's log tells a wound its AP left with no save (issue 33, item 5: the log tells a roll in the order
it happened, the save and which save). A newcomer's Guardsman died to a zombie's 6 to wound and the log never
said why his 5+ armour was not rolled; rules: "The 40k core needed", Rending (a 6 to wound is AP 2)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k import assault
from game.rules.zombie40k.events import AttackStep, Killed
from game.rules.zombie40k.testing import rigged_game

GUARDS = {"unit": "infantry_squad", "models": 10}  # plain Guardsmen: 5+ armour
Z40K = get_ruleset("zombie40k")


def test_a_rending_six_that_beats_the_armour_says_no_save_between_the_wound_roll_and_the_death() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[GUARDS], dice=[1, 4, 4, 6, 1])
    h1 = g.world.unit("h1")
    h1.charged_turn = g.state.turn
    g.world.engage(h1, g.world.unit("p1"))
    start = len(g.world.events)
    assault.fight(g.world, ["h1", "p1"])
    events = g.world.events[start:]
    told = next(e for e in events if isinstance(e, AttackStep) and e.step == "no save")
    assert (told.unit, told.target, told.dice) == ("h1", "p1", 1)
    order = [e for e in events if isinstance(e, (AttackStep, Killed))]
    wound = next(
        i for i, e in enumerate(order) if isinstance(e, AttackStep) and e.unit == "h1" and e.step == "wound"
    )
    assert wound < order.index(told) < next(i for i, e in enumerate(order) if isinstance(e, Killed))
    lines = Z40K.view().log_lines(g, events)
    assert any("1 wound with no save (a 6 to wound is AP 2, beating 5+ armour)" in line for line in lines), lines


def test_a_zombie_with_no_armour_gets_no_such_line() -> None:
    # the Guardsman's lasgun wounds a zombie: it has no armour to beat, so nothing is said of a save
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[GUARDS], dice=[6, 6, 6, 6, 6, 6, 6, 6])
    g.world.engage(g.world.unit("h1"), g.world.unit("p1"))
    start = len(g.world.events)
    assault.fight(g.world, ["h1", "p1"])
    steps = [e for e in g.world.events[start:] if isinstance(e, AttackStep)]
    assert not [e for e in steps if e.step == "no save" and e.target == "h1"]


def test_feel_no_pain_says_how_many_wounds_it_ignored() -> None:
    """A newcomer read "1 of 5 Feel No Pain on 5+" as a kind of roll; the dice tray's "1 of 5 ignored" was clear."""
    g = rigged_game({1: [(20, 30)]}, teams=[GUARDS])
    line = Z40K.view().log_lines(g, [AttackStep("h1", "p1", "Claws", "fnp", 5, 5, 1)])[0]
    assert "Feel No Pain: 1 of 5 wounds ignored on 5+" in line, line
