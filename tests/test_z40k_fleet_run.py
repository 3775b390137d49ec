"""Rules: Fleet [7th] ("re-roll one or more of the dice when determining Run moves and charge ranges"): a squad
with Fleet re-rolls a Run of 3" or less [house fleet_reroll_run_at_most], and the Run preview counts it. The
dice are scripted."""

from __future__ import annotations

import math

import pytest

from game.rules.zombie40k.commands import Run
from game.rules.zombie40k.events import MoveRolled
from game.rules.zombie40k.testing import rigged_game

GUARDS = {"unit": "infantry_squad", "models": 10}


def fleet_game(dice=()):
    """One Guardsman with Fleet, 6" of open ground ahead of him, in his Shooting phase."""
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], dice=dice)
    g.figure("p1-1").rules = ("Fleet",)
    return g


def test_fleet_rerolls_a_run_of_3_or_less() -> None:
    """Rules: Fleet: the Run die shows 2, Fleet re-rolls it to 5: the Guardsman runs 5" of the 6" asked."""
    g = fleet_game(dice=[2, 5])
    g.apply(Run("p1-1", ((10, 24),)))
    assert g.state.units["p1"].run_roll == 5 and math.isclose(g.figure("p1-1").position[1], 25.0, abs_tol=0.05)
    assert [r.purpose for r in g.dice.log] == ["p1 run", "p1 re-roll run (Fleet)"]
    rolled = [e for e in [*g.log, *g.world.events] if isinstance(e, MoveRolled)]
    assert rolled[-1].what == "run (re-rolled: Fleet)" and g.world.data.house.fleet_reroll_run_at_most == 3


def test_fleet_keeps_a_run_of_4() -> None:
    """Rules: Fleet: a Run of 4" stands; no die is rolled again."""
    g = fleet_game(dice=[4])
    g.apply(Run("p1-1", ((10, 24),)))
    assert g.state.units["p1"].run_roll == 4 and g.dice.remaining == 0


def test_without_fleet_a_run_of_2_stands() -> None:
    """Rules: Run D6" [7th]: a squad without Fleet keeps its 2."""
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], dice=[2])
    g.apply(Run("p1-1", ((10, 24),)))
    assert g.state.units["p1"].run_roll == 2 and g.dice.remaining == 0


def test_the_run_preview_counts_fleet() -> None:
    """Rules: Fleet: a 4" Run is 1/2 on one D6; re-rolling 1-3 makes it 1/2 + 1/2 x 1/2 = 3/4."""
    run = Run("p1-1", ((10, 26),))
    plain = rigged_game({1: [(10, 30)]}, teams=[GUARDS])
    assert plain.preview(run).chances["whole move"] == pytest.approx(1 / 2)
    assert fleet_game().preview(run).chances["whole move"] == pytest.approx(3 / 4)
