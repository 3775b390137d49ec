"""Rules: Fleet's re-roll of a Run is taken only when it helps (issue 33): a re-roll must be kept, worse or not
[7th], so a player (and a bot) re-rolls a short Run only when a fresh D6 takes the runner further on average.
The dice are scripted."""

from __future__ import annotations

import pytest

from game.rules.zombie40k.commands import Run
from game.rules.zombie40k.testing import rigged_game

GUARDS = {"unit": "infantry_squad", "models": 10}


def fleet_game(dice: list[int] | tuple[int, ...] = ()):  # type: ignore[no-untyped-def]
    """One Guardsman with Fleet, open ground ahead of him, in his Shooting phase."""
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], dice=dice)
    g.figure("p1-1").rules = ("Fleet",)
    return g


def test_a_run_of_3_that_covers_the_2_asked_is_kept() -> None:
    """The die shows 3, he asked for 2": re-rolling could only lose ground; no die is rolled again."""
    g = fleet_game(dice=[3])
    g.apply(Run("p1-1", ((10, 28),)))
    assert g.state.units["p1"].run_roll == 3 and g.dice.remaining == 0
    assert g.figure("p1-1").position == pytest.approx((10, 28))


def test_a_run_of_3_short_of_the_5_asked_is_rerolled() -> None:
    """The die shows 3 of the 5" asked: a fresh D6 averages 3.33" of them: re-rolled, to a 5."""
    g = fleet_game(dice=[3, 5])
    g.apply(Run("p1-1", ((10, 25),)))
    assert g.state.units["p1"].run_roll == 5 and [r.purpose for r in g.dice.log][-1] == "p1 re-roll run (Fleet)"


def test_a_run_of_3_just_short_of_3_and_a_half_is_kept() -> None:
    """The die shows 3 of the 3.5" asked: a fresh D6 averages only 2.75" of them: the 3 stands."""
    g = fleet_game(dice=[3])
    g.apply(Run("p1-1", ((10, 26.5),)))
    assert g.state.units["p1"].run_roll == 3 and g.dice.remaining == 0


def test_the_preview_of_a_short_run_counts_only_the_rerolls_taken() -> None:
    """A 2" Run: only a 1 is re-rolled: 5/6 + 1/6 x 5/6."""
    assert fleet_game().preview(Run("p1-1", ((10, 28),))).chances["whole move"] == pytest.approx(5 / 6 + 5 / 36)
