"""Rules: Zombie Rules (Outbreak), "Close combat": first blows (4+, knife 5-6, a gun spends its
remaining shots, a 6 strikes another zombie, up to three), the grapple (3D6 / 2D6 / 1D6 keep the
highest against 1D6, higher wins, a draw moves on), at most three zombies a human, no disengaging;
and the source's "caught while running: straight to the grapple"."""

from __future__ import annotations

import pytest
from ob_helpers import events_of, of, unchanged

from game.rules.outbreak import Move, close_combat, movement
from game.rules.outbreak.events import Engaged, FirstBlow, Grappled, Killed
from game.rules.outbreak.testing import rigged_game

# three zombies around pc1 at (12, 12), each in contact (centres 1" apart)
RING = ((12, 11), (13, 12), (11, 12))


def fight(dice, zombies=RING, weapon=("", "club"), ran=False, reading=False):
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=zombies, dice=dice, weapons={"pc1": weapon})
    g.figure("pc1").ran = ran
    movement.zombies_move(g.world)  # all in contact: they engage, nobody moves, no dice
    engaged = of(events_of(g), Engaged)
    close_combat.strike(g.world, reading)
    blows = of(events_of(g), FirstBlow)
    return g, engaged, blows


@pytest.mark.parametrize(
    "weapon,face,killed", [("club", 4, True), ("club", 3, False), ("knife", 4, False), ("knife", 5, True)]
)
def test_first_blow_kills_on_4_or_knife_5(weapon, face, killed):
    """A close combat weapon strikes first: 4+ kills (knife 5-6)."""
    g, _, blows = fight([face], zombies=((12, 11),), weapon=("", weapon))
    assert len(blows) == 1 and blows[0].killed is killed and blows[0].need == (5 if weapon == "knife" else 4)
    assert (g.figure("z1").state == "dead") is killed


def test_a_six_strikes_the_next_zombie_up_to_three():
    """A 6 lets the weapon strike another zombie in contact, and another 6 a third one."""
    g, engaged, blows = fight([6, 6, 2])
    assert [e.order for e in engaged] == [1, 2, 3]
    assert [(b.zombie, b.killed) for b in blows] == [("z1", True), ("z2", True), ("z3", False)]


def test_a_kill_on_4_or_5_does_not_chain():
    g, _, blows = fight([5])
    assert len(blows) == 1 and blows[0].killed


def test_a_gun_strikes_with_its_remaining_shots_only():
    """A gun with shots left strikes first at 4+, one shot a blow; a jammed gun (or one with no shots this move) has none."""
    g, _, blows = fight([6, 6, 6], weapon=("pistol", ""))
    assert len(blows) == 3 and g.figure("pc1").thirds_used == 3
    g2 = rigged_game(pcs={"pc1": (12, 12)}, zombies=RING, dice=[6, 6], weapons={"pc1": ("pistol", "")})
    g2.figure("pc1").thirds_used = 1  # two shots left: two blows at most even on 6s
    movement.zombies_move(g2.world)
    close_combat.strike(g2.world, False)
    assert [b.zombie for b in of(events_of(g2), FirstBlow)] == ["z1", "z2"]
    g3 = rigged_game(pcs={"pc1": (12, 12)}, zombies=RING, dice=[], weapons={"pc1": ("pistol", "")})
    g3.figure("pc1").jammed = True
    movement.zombies_move(g3.world)
    close_combat.strike(g3.world, False)
    assert not of(events_of(g3), FirstBlow)


def test_knife_and_gun_strikes_with_the_gun():
    """[house] a human with both strikes with the weapon that kills on less (a gun's 4+ over a knife's 5+)."""
    g, _, blows = fight([4], zombies=((12, 11),), weapon=("pistol", "knife"))
    assert blows[0].weapon == "pistol" and blows[0].killed and g.figure("pc1").thirds_used == 1


def test_unarmed_human_has_no_first_blow():
    g, _, blows = fight([], weapon=("", ""))
    assert not blows


@pytest.mark.parametrize("reading,blows_expected", [(False, 0), (True, 1)])
def test_caught_running_goes_straight_to_the_grapple(reading, blows_expected):
    """[seed] If caught while running, humans do not strike first (the option reads it the other way)."""
    g, _, blows = fight([4], zombies=((12, 11),), ran=True, reading=reading)
    assert len(blows) == blows_expected


def grapple(dice, zombies=RING):
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=zombies, dice=dice, weapons={"pc1": ("", "")})
    movement.zombies_move(g.world)
    events_of(g)
    close_combat.grapple(g.world)
    return g, events_of(g)


def test_grapple_first_zombie_3d6_keep_highest_against_1d6():
    """Against the first zombie the human rolls 3D6 and keeps the highest; higher wins, the loser dies."""
    g, ev = grapple([1, 2, 5, 4], zombies=((12, 11),))
    gr = of(ev, Grappled)[0]
    assert gr.human_faces == (1, 2, 5) and gr.zombie_roll == 4 and gr.result == "won"
    assert g.figure("z1").state == "dead" and g.figure("pc1").fought


def test_grapple_dice_are_shown_side_by_side():
    """Issue 13, on screen: grapple dice side by side - one dice event holds the human's 3D6 and the
    zombie's D6, and its meaning says who kept what."""
    from game.rules.core import DiceRolled

    g, ev = grapple([1, 2, 5, 4], zombies=((12, 11),))
    rolls = [e for e in of(ev, DiceRolled) if "grapples" in e.purpose]
    assert len(rolls) == 1
    assert rolls[0].faces == (1, 2, 5, 4) and rolls[0].kind == "3D6 keep highest vs 1D6"
    assert rolls[0].meaning == "PC 1 [1 2 5] keeps 5, z1 rolls 4: PC 1 wins"
    assert len(g.dice.log) == 2  # still two rolls: the human's and the zombie's


def test_grapple_lost_kills_the_human():
    g, ev = grapple([1, 2, 3, 4], zombies=((12, 11),))
    assert of(ev, Grappled)[0].result == "lost" and g.figure("pc1").state == "dead"
    assert of(ev, Killed)[0].figure == "pc1"


def test_grapple_dice_fall_3_2_1_and_a_draw_moves_on():
    """Against a second zombie 2D6, a third 1D6; a draw moves on to the next zombie (both stay)."""
    g, ev = grapple([4, 1, 1, 4, 6, 2, 3, 5, 2])
    grs = of(ev, Grappled)
    assert [len(x.human_faces) for x in grs] == [3, 2, 1]
    assert [x.result for x in grs] == ["draw", "won", "won"]
    assert g.figure("z1").on_table and not g.figure("z2").on_table and not g.figure("z3").on_table
    assert g.figure("pc1").on_table


def test_at_most_three_zombies_engage_a_human():
    """At most 3 zombies engage one human in a move: the fourth in contact waits."""
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=(*RING, (12, 13)), dice=[], weapons={"pc1": ("", "")})
    movement.zombies_move(g.world)
    assert g.state.engaged == {"pc1": ["z1", "z2", "z3"]}


def test_a_zombie_goes_for_a_human_not_yet_engaged_by_three():
    g = rigged_game(pcs={"pc1": (12, 12), "pc2": (20, 12)}, zombies=(*RING, (12, 16)), dice=[3])
    movement.zombies_move(g.world)
    z4 = g.figure("z4")
    assert z4.position[0] > 12.5  # heading for pc2, not for the full pc1
    assert "z4" not in g.state.engaged.get("pc1", [])


def test_no_human_leaves_a_combat():
    """No human can leave a combat while a zombie is in contact."""
    g = rigged_game(pcs={"pc1": (12, 12), "pc2": (2, 2)}, zombies=((12, 11),), dice=[])
    assert "leave a combat" in unchanged(g, Move("pc1", ((12, 18),)))
    assert g.actions_for("pc1") == []


def test_zombies_never_leave_a_combat():
    g = rigged_game(pcs={"pc1": (12, 12), "pc2": (14, 20)}, zombies=((12, 11),), dice=[])
    movement.zombies_move(g.world)
    assert g.figure("z1").position == (12.0, 11.0)
