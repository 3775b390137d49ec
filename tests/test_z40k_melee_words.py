"""Close combat in the log names whom the blows go at, and a Sweeping Advance credits only the units that caught
the loser (issue 33)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.kit.events import Killed
from game.rules.zombie40k import assault
from game.rules.zombie40k.events import AttackStep
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def test_a_melee_hit_line_names_the_unit_the_blows_go_at() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30)]}, hordes=[[(20, 29)]], phase=Phase.ASSAULT)
    line = Z40K.view().log_lines(g, [AttackStep("h1", "p1", "Zombie claws", "hit", 4, 8, 5)])[0]
    assert "Horde 1 against Infantry Squad, Zombie claws: 5 of 8 hit on 4+" in line, line


def test_a_sweeping_advance_credits_only_the_horde_that_caught_the_squad() -> None:
    # the squad rolls 4 + I; Horde 1 rolls a 6 and catches it, Horde 2 a 1 and does not
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 29)], [(21, 29)]], phase=Phase.ASSAULT, dice=[4, 6, 1])
    st = g.state
    assault.sweep(g.world, [st.units["h1"], st.units["h2"]], st.units["p1"])
    deaths = [e for e in g._flush() if isinstance(e, Killed)]
    assert deaths and all(e.cause == "caught by a Sweeping Advance (h1)" for e in deaths), deaths
