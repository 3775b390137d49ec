"""A charge that falls short is told (rules: Zombie 40,000, Assault: the 2D6 charge [7th]; the zombie turn's
shamble [seed]). A 40k veteran read "Horde 1 shambles in to charge: Tactical Squad fires Overwatch", the Overwatch
dice and then "Turn 3": the zombies stood 1" short and nothing said the charge had failed. A squad's failed
charge said only its roll."""

from __future__ import annotations

import html
import re

from game.rules.core import get_ruleset
from game.rules.zombie40k import zombie_turn
from game.rules.zombie40k.commands import Charge
from game.rules.zombie40k.events import ChargeDeclared, ChargeFailed, Engaged, PhaseStarted, ShotsFired
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
GUARDS = {"unit": "infantry_squad", "models": 10}
# a wall with a gap the squad sees through but no zombie's base goes through: the way round is long
GAPPED = [((22.5, 26.0), (22.5, 29.7)), ((22.5, 30.3), (22.5, 34.0))]


def _lines(g, events) -> list[str]:  # noqa: ANN001
    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in Z40K.view().log_lines(g, events)]


def test_a_squads_charge_that_falls_short_says_so() -> None:
    # Overwatch 1 1 misses; the charge 2D6 = 1 + 2 = 3" against 5"
    g = rigged_game({1: [(24, 16)], 2: [(24, 10)]}, teams=[GUARDS, GUARDS], phase=Phase.ASSAULT, dice=[1, 1, 1, 2])
    start = len(g.log)
    g.apply(Charge("p1", "p2"))
    said = _lines(g, g.log[start:])
    assert not g.state.locked("p1")
    assert [(e.unit, e.how, e.rolled, e.short) for e in g.log[start:] if isinstance(e, ChargeFailed)] == [
        ("p1", "charge", 3, 2.0)
    ]
    assert said[-1] == (
        "Infantry Squad (player 1)'s charge falls 2.0\" short of Infantry Squad (player 2) "
        '(rolled 3", needed 5.0"): it does not move'
    ), said


def test_a_horde_that_shambles_in_to_charge_and_falls_short_says_so() -> None:
    g = rigged_game(
        {1: [(20.0, 30.0)]},
        hordes=[[(25.0, 30.0)]],
        teams=[GUARDS],
        scenario=small_scenario(walls=GAPPED),
        dice=[4, 1, 1],  # the shamble 4" (the gap is 4"), the Overwatch misses
    )
    w = g.world
    start = len(w.events)
    zombie_turn.shamble(w)
    events = w.events[start:]
    assert [e.target for e in events if isinstance(e, ShotsFired) and e.overwatch] == ["h1"]
    assert not [e for e in events if isinstance(e, Engaged)]  # round the wall, 4" takes it no nearer
    gap = w.edge(g.figure("h1-1"), g.figure("p1-1"))
    assert [(e.unit, e.target, e.how, e.rolled) for e in events if isinstance(e, ChargeFailed)] == [
        ("h1", "p1", "shamble", 4)
    ]
    said = _lines(g, events)
    assert said[-1] == (
        f'Horde 1\'s charge falls {gap:.1f}" short of Infantry Squad (shamble 4"): it stands there, '
        "not in close combat"
    ), said


def test_a_charge_that_goes_home_is_not_told_short() -> None:
    g = rigged_game({1: [(20.0, 30.0)]}, hordes=[[(25.0, 30.0)]], teams=[GUARDS], dice=[4, 1, 1])
    w = g.world
    start = len(w.events)
    zombie_turn.shamble(w)
    events = w.events[start:]
    assert [e.unit for e in events if isinstance(e, Engaged)] == ["h1"]
    assert not [e for e in events if isinstance(e, ChargeFailed)]
    assert not [line for line in _lines(g, events) if "short" in line]


def test_a_failed_charge_is_told_in_a_whole_log_that_goes_on_to_a_charge_that_went_home() -> None:
    """A loaded game's log is told whole: a later charge of the same squad that went home does not hide this one."""
    g = rigged_game({1: [(24, 16)], 2: [(24, 10)]}, teams=[GUARDS, GUARDS], phase=Phase.ASSAULT, dice=[1, 1, 1, 2])
    start = len(g.log)
    g.apply(Charge("p1", "p2"))
    failed = g.log[start:]
    later = [PhaseStarted("assault", 1), ChargeDeclared("p1", "p2", 1.0), Engaged("p1", "p2", "p1")]
    said = _lines(g, [*failed, *later])
    assert [line for line in said if 'charge falls 2.0" short' in line], said
