"""The one seeded source of dice (rules: "Common to all three": Dice)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.dice import Dice, DiceExhausted, ScriptedDice


def test_the_same_seed_gives_the_same_rolls_and_log() -> None:
    a, b = Dice(42), Dice(42)
    rolls_a = [a.d6("x"), a.roll(2, "y").total, a.best_of(3, "z").total, a.d3("w")]
    rolls_b = [b.d6("x"), b.roll(2, "y").total, b.best_of(3, "z").total, b.d3("w")]
    assert rolls_a == rolls_b and a.log == b.log


def test_every_roll_is_recorded_with_its_purpose_kind_and_faces() -> None:
    d = ScriptedDice([4, 4, 2, 5, 1, 6])
    assert d.roll(2, "GUTS test us1-sgt").faces == (4, 4)
    assert d.best_of(3, "grapple").total == 5
    assert d.d6("reaction") == 6
    assert [(r.purpose, r.kind) for r in d.log] == [
        ("GUTS test us1-sgt", "2D6"),
        ("grapple", "3D6 keep highest"),
        ("reaction", "D6"),
    ]
    assert d.log[0].is_double and not d.log[1].is_double


@pytest.mark.parametrize("face, half", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_d3_is_a_d6_halved_rounded_up(face: int, half: int) -> None:
    assert ScriptedDice([face]).d3("D3") == half


def test_scatter_hits_on_one_or_two_and_rolls_its_distance() -> None:
    hit = ScriptedDice([2, 90, 3, 4]).scatter("blast")
    assert hit.hit and hit.distance == 7
    miss = ScriptedDice([5, 181, 6, 1]).scatter("blast")
    assert not miss.hit and miss.direction_deg == 180.0 and miss.distance == 7


def test_scripted_dice_fail_loudly_when_they_run_out() -> None:
    d = ScriptedDice([3])
    d.d6("first")
    with pytest.raises(DiceExhausted, match="'second'"):
        d.d6("second")


def test_scripted_dice_refuse_a_face_not_on_the_die() -> None:
    with pytest.raises(ValueError, match="not on a D6"):
        ScriptedDice([7]).d6("bad")


def test_seeded_d6_is_fair_enough_over_many_rolls() -> None:
    d = Dice(1)
    counts = Counter(d.d6("fairness") for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())
