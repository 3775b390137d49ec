"""Zombie 40,000's log tells each roll with its dice (issue 33, item 5): a newcomer saw the faces only when a
re-roll happened ("3 of 5 hit on 4+" and no dice), and Overwatch fired at a horde with no word that the horde
was charging. Dice pinned: the shamble's D6, then the Overwatch to-hit dice and the to-wound die."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k import zombie_turn
from game.rules.zombie40k.log_words import faces_words
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
GUARDS = {"unit": "infantry_squad", "models": 10}


def test_a_shamble_into_reach_says_the_horde_charges_then_overwatch_then_each_roll_with_its_faces() -> None:
    # Overwatch [7th]: the squad's snap shots (two lasgun shots, rapid fire at 3") hit only on 6s
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 26)]], teams=[GUARDS], dice=[5, 1, 6, 1])
    zombie_turn.shamble(g.world)
    lines = Z40K.view().log_lines(g, g.world.events)
    charge = next(i for i, x in enumerate(lines) if "shambles in to charge" in x)
    assert "Horde 1 shambles in to charge: Infantry Squad fires Overwatch (1 model firing)" in lines[charge], lines
    hits = lines[charge + 1]
    assert "1 of 2 hit on 6+" in hits and "(rolled 6 1)" in hits, lines  # the faces, highest first


def test_a_big_batch_of_dice_is_counted_by_face() -> None:
    """Thirty attacks of a horde would fill three lines: past twelve dice each face is counted."""
    assert faces_words((1, 6, 3)) == "rolled 6 3 1"
    assert faces_words((6,) * 4 + (2,) * 10) == "rolled 6\u00d74 2\u00d710"
