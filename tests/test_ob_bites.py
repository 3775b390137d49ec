"""Rules: Zombie Rules (Outbreak), "Bites": a human who won a combat rolls at the start of the next
move, 1 means bitten; then 1 turns this move, 2 turns next move, 3-6 roll again next move [house];
a turned human becomes a zombie and attacks the nearest human."""

from __future__ import annotations

import pytest
from ob_helpers import events_of, of

from game.rules.outbreak import EndStep, bites
from game.rules.outbreak.events import BiteRolled, HumanTurned, TurningRolled
from game.rules.outbreak.state import Step
from game.rules.outbreak.testing import rigged_game


def bitten_game(dice):
    g = rigged_game(pcs={"pc1": (12, 12), "pc2": (16, 12), "pc3": (2, 22)}, dice=dice)
    g.figure("pc1").bite_check = True
    return g


@pytest.mark.parametrize("face,bitten", [(1, True), (2, False), (6, False)])
def test_a_one_means_bitten(face, bitten):
    g = bitten_game([face, 4] if face == 1 else [face])
    bites.turning(g.world)
    ev = events_of(g)
    assert of(ev, BiteRolled)[0].bitten is bitten and g.figure("pc1").bitten is bitten
    assert bool(of(ev, TurningRolled)) is bitten


def test_turns_on_a_1_this_move_and_goes_for_the_nearest_human():
    g = bitten_game([1, 1])
    bites.turning(g.world)
    ev = events_of(g)
    t = of(ev, HumanTurned)[0]
    pc1, z = g.figure("pc1"), g.figure(t.zombie)
    assert pc1.state == "turned" and not pc1.on_table and pc1.turned_into == z.id
    assert z.is_zombie and z.aware and z.position == (12.0, 12.0) and t.target == "pc2" and z.target == "pc2"


def test_turns_on_a_2_next_move():
    g = bitten_game([1, 2])
    bites.turning(g.world)
    assert of(events_of(g), TurningRolled)[0].result == "next move"
    assert g.figure("pc1").on_table and g.figure("pc1").turns_on == g.state.move + 1
    g.state.move += 1
    bites.turning(g.world)  # no roll: he turns
    assert of(events_of(g), HumanTurned) and g.figure("pc1").state == "turned"


def test_three_to_six_rolls_again_next_move():
    g = bitten_game([1, 5, 3, 1])
    bites.turning(g.world)
    assert of(events_of(g), TurningRolled)[0].result == "roll again"
    g.state.move += 1
    bites.turning(g.world)
    assert of(events_of(g), TurningRolled)[0].result == "roll again"
    g.state.move += 1
    bites.turning(g.world)
    assert of(events_of(g), HumanTurned)


def test_a_human_who_fought_tests_at_the_start_of_the_next_move():
    """Through the move sequence: pc1 kills his zombie (club, 6), and rolls for a bite next move (step 1)."""
    g = rigged_game(pcs={"pc1": (12, 12), "pc2": (2, 22)}, zombies=[(12, 11)], dice=[6, 1, 2])
    g.apply(EndStep())
    assert g.state.move == 3 and g.state.step == Step.HUMANS
    assert [(e.figure, e.bitten) for e in of(g.log, BiteRolled)] == [("pc1", True)]
    assert g.figure("pc1").turns_on == 4
