"""Rules: Zombie Rules (Outbreak), "Shooting in thirds": the D6 table (6 / 4-5 / 2-3 / 1), the
second roll to destroy, the zombie's share of its move before the hit lands, jams and clearing,
LOS and range at each shot, the gun becoming a close combat weapon."""

from __future__ import annotations

import math

import pytest
from ob_helpers import of, unchanged

from game.rules.outbreak import ClearJam, EndStep, Fire, Move
from game.rules.outbreak.events import DestroyRolled, Fired, JamCleared, Jammed, Killed, ZombieMoved
from game.rules.outbreak.testing import rigged_game, tiny_scenario

FAR = {"pc2": (2, 2)}  # a second character so the step waits for the player after a jam


def shooter(dice, zombies=((12, 14),), **kw):
    pcs = {"pc1": (12, 20), **FAR}
    return rigged_game(pcs=pcs, zombies=zombies, dice=dice, **kw)


def test_six_kills_in_the_first_third():
    """6: hit and killed in the first third (the zombie moves a third of its 6" first); two shots left."""
    g = shooter([6, 3])  # shot 6; the zombie's pace D6 = 3: 6"
    ev = g.apply(Fire("pc1", "z1"))
    assert of(ev, Fired)[0].third == 1 and of(ev, Fired)[0].result == "killed"
    moved = of(ev, ZombieMoved)[0]
    assert math.dist(moved.path[0], moved.path[-1]) == pytest.approx(2.0)
    assert of(ev, Killed)[0].figure == "z1" and not of(ev, DestroyRolled)
    assert g.figure("pc1").thirds_used == 1 and g.actions_for("pc1") == []  # no other zombie to shoot


@pytest.mark.parametrize("second,destroyed", [(4, True), (6, True), (3, False), (1, False)])
def test_four_five_hits_in_the_second_third(second, destroyed):
    """4-5: hit in the second third (two thirds of its move first); 4-6 on a second roll destroys it; one shot left."""
    g = shooter([5, 2, second], zombies=((12, 14), (16, 16)))
    ev = g.apply(Fire("pc1", "z1"))
    f = of(ev, Fired)[0]
    assert f.roll == 5 and f.third == 2
    z1 = g.figure("z1")
    assert z1.moved_inches == pytest.approx(4.0)
    assert of(ev, DestroyRolled)[0].destroyed is destroyed
    assert (z1.state == "dead") is destroyed
    assert g.figure("pc1").thirds_used == 2
    assert g.fire_targets("pc1")  # one shot left for another zombie


@pytest.mark.parametrize("face", [2, 3])
def test_two_three_hits_in_the_third_third_and_no_shots_left(face):
    """2-3: hit in the third third (its whole move first: it can drop at the shooter's feet); no shots left."""
    g = shooter([face, 3, 5], zombies=((12, 13),))  # 6" edge to edge: its whole 6" brings it to his feet
    ev = g.apply(Fire("pc1", "z1"))
    assert of(ev, Fired)[0].third == 3
    assert of(ev, Killed)[0].figure == "z1"
    assert g.figure("z1").position[1] == pytest.approx(19.0, abs=0.01)  # dropped at the shooter's feet
    assert g.figure("pc1").thirds_used == 3 and "fire" not in g.actions_for("pc1")


def test_one_jams_and_no_more_firing():
    """1: jammed; no more firing this move (no zombie moves for it)."""
    g = shooter([1], zombies=((12, 14), (14, 15)))
    ev = g.apply(Fire("pc1", "z1"))
    assert of(ev, Jammed) and of(ev, Fired)[0].result == "jammed" and not of(ev, ZombieMoved)
    assert g.figure("pc1").jammed
    assert "jammed" in unchanged(g, Fire("pc1", "z2"))


@pytest.mark.parametrize("face,cleared", [(4, True), (5, True), (6, True), (3, False), (1, False)])
def test_clearing_a_jam_takes_4_to_6(face, cleared):
    """Clearing it instead of firing next move takes a 4-6; it is the figure's option for the step."""
    g = shooter([face])
    g.figure("pc1").jammed = True
    assert "clear" in g.actions_for("pc1") and "fire" not in g.actions_for("pc1")
    ev = g.apply(ClearJam("pc1"))
    assert of(ev, JamCleared)[0].cleared is cleared
    assert g.figure("pc1").jammed is not cleared
    assert "already" in unchanged(g, Fire("pc1", "z1")) or not cleared


def test_clear_needs_a_jam():
    g = shooter([])
    assert "not jammed" in unchanged(g, ClearJam("pc1"))


def test_thirds_run_in_order_up_to_three_shots():
    """After a 6 the next shot lands no earlier than the second third: three shots at most a move."""
    g = shooter([6, 3, 6, 3, 6, 3], zombies=((12, 14), (10, 14), (14, 14)))
    g.apply(Fire("pc1", "z1"))
    ev = g.apply(Fire("pc1", "z2"))
    assert of(ev, Fired)[0].third == 2 and g.figure("z2").moved_inches == pytest.approx(4.0)
    ev = g.apply(Fire("pc1", "z3"))
    assert of(ev, Fired)[0].third == 3 and g.figure("z3").state == "dead"
    assert g.figure("pc1").thirds_used == 3


def test_a_zombie_reaching_the_shooter_makes_the_gun_a_close_combat_weapon():
    """A zombie that reaches the shooter before the third shot: the gun is a close combat weapon now."""
    g = shooter([4, 3, 1], zombies=((12, 16), (16, 20)))  # 3" away edge to edge; its two thirds are 4"
    g.apply(Fire("pc1", "z1"))
    assert g.world.in_contact(g.figure("z1"), g.figure("pc1"))
    assert g.figure("pc1").thirds_used == 2
    assert "contact" in unchanged(g, Fire("pc1", "z2"))
    assert "already" in unchanged(g, Move("pc1", ((12, 23),)))


def test_target_must_be_in_range_and_in_sight():
    """The target must be in LOS and in range when the shot is fired (pistol 6", shotgun 9", rifle 12")."""
    sc = tiny_scenario(walls=[((6, 16), (9, 16))], characters=(), spawns=())
    g = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (7.5, 20), "pc3": (20, 20)},
        zombies=[(12, 12.5), (7.5, 12), (20, 9)],
        weapons={"pc2": ("rifle", ""), "pc3": ("shotgun", "")},
        scenario=sc,
        dice=[],
    )
    assert "out of range" in unchanged(g, Fire("pc1", "z1"))  # 6.5" edge to edge, pistol 6"
    assert "line of sight" in unchanged(g, Fire("pc2", "z2"))
    assert "out of range" in unchanged(g, Fire("pc3", "z3"))  # 10" > 9"
    assert g.fire_targets("pc2") == ["z1"]


def test_unaware_shooter_and_no_gun():
    g = shooter([], weapons={"pc1": ("", "club")})
    assert "no ranged weapon" in unchanged(g, Fire("pc1", "z1"))
    g = shooter([])
    g.figure("pc1").aware = False
    assert "not spotted" in unchanged(g, Fire("pc1", "z1"))


def test_hit_but_not_destroyed_carries_on_its_move():
    """[house] A zombie hit but not destroyed carries on the rest of its move in step 4."""
    g = rigged_game(pcs={"pc1": (12, 22)}, zombies=[(12, 10)], dice=[5, 3, 2], weapons={"pc1": ("rifle", "")})
    g.apply(Fire("pc1", "z1"))  # second third: 4" of its 6", survives
    assert g.figure("z1").moved_inches == pytest.approx(4.0)
    from game.rules.outbreak import movement

    g.world.events = []
    movement.zombies_move(g.world)
    assert g.figure("z1").moved_inches == pytest.approx(6.0)  # no new pace roll: 2" more


def test_preview_gives_exact_odds_and_where_the_zombie_will_be():
    g = shooter([])
    p = g.preview(Fire("pc1", "z1"))
    assert p.legal
    assert p.chances["destroyed"] == pytest.approx(0.5)
    assert p.chances["jammed"] == pytest.approx(1 / 6)
    assert p.chances["hit, not destroyed"] == pytest.approx(1 / 3)
    assert p.details["third_chances"] == {
        1: pytest.approx(1 / 6),
        2: pytest.approx(1 / 3),
        3: pytest.approx(1 / 3),
    }
    after = p.details["zombie_after_third"]['6"']
    assert after[1][1] == pytest.approx(16.0) and after[2][1] == pytest.approx(18.0, abs=0.01)
    assert not g.preview(Fire("pc1", "nobody")).legal
    assert len(g.dice.log) == 0


def test_end_step_hands_over():
    g = shooter([])
    assert g.preview(EndStep()).legal


def test_a_zombie_in_a_combat_does_not_advance_when_shot():
    """Zombies never leave a combat: shot by another human, it drops (or not) where it fights."""
    g = rigged_game(pcs={"pc1": (12, 12), "pc2": (12, 17)}, zombies=[(12, 11)], dice=[4, 3, 5])
    ev = g.apply(Fire("pc2", "z1"))
    assert not of(ev, ZombieMoved) and g.figure("z1").state == "dead"
