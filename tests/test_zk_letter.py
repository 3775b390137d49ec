"""Zombiekrieg 848 to the letter (issue 10): the lead NCO, "within X" includes X, and the house
choices the rules now list, each against the rule it names. Dice are scripted."""

from __future__ import annotations

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombiekrieg import EndTurn, Fire, Move, Order
from game.rules.zombiekrieg import melee as zk_melee
from game.rules.zombiekrieg import turn as zk_turn
from game.rules.zombiekrieg import zombies as zk_zombies
from game.rules.zombiekrieg.events import GutsTested, InitiativeRolled, MeleeAttack, Ordered
from game.rules.zombiekrieg.geometry import within
from game.rules.zombiekrieg.reference import rules_reference
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def gone(g, fid: str, state: str = "dead") -> None:
    """Take a figure off the table as killed (or exited) before the test starts."""
    f = g.figure(fid)
    f.state = state
    g.table.remove(fid)


def choices_text() -> str:
    house = next(s for s in rules_reference() if s.title == "House rules in force")
    return house.text


# -- 3. the lead NCO ---------------------------------------------------------------------------------


def test_lead_nco_with_two_sections_is_one_who_may_give_orders():
    """Rules: The turn, 2: the lead NCO is the NCO who may give orders now (the Sergeant, or the Corporal
    once the Sergeant is dead or gone); with several sections the one of these with the highest GUTS. A
    Corporal whose Sergeant lives is never picked, however high his GUTS, and the picked one can use the
    free ORDER of a Critical Success."""
    g = rigged_game(
        soldiers={
            "us1-sgt": (4, 20, 270),
            "us1-cpl": (6, 20, 270),
            "us1-r1": (8, 20, 270),
            "gb2-sgt": (14, 20, 270),
            "gb2-cpl": (16, 20, 270),
            "gb2-r1": (18, 20, 270),
        },
        zombies=[(12, 2)],
        options={"sections": ["american", "british"]},
        guts={"us1-cpl": 10, "gb2-cpl": 10},
        dice=[1, 1, 1, 1, 2],  # axis: mill about; initiative 1+1, a Critical Success; the ORDER
    )
    assert zk_turn.lead_nco(g.world).id == "us1-sgt"  # us1-cpl (GUTS 10) has a living Sergeant
    gone(g, "gb2-sgt")
    assert zk_turn.lead_nco(g.world).id == "gb2-cpl"  # his Sergeant is dead: he orders, GUTS 10 beats 9
    g.apply(EndTurn())
    events = g.apply(EndTurn())
    ini = of(events, InitiativeRolled)[0]
    assert ini.figure == "gb2-cpl" and ini.free_order
    g.apply(EndTurn())  # player 1 passes
    order = of(g.apply(Order("gb2-cpl", "gb2-r1")), Ordered)[0]
    assert order.free and order.success and not g.figure("gb2-cpl").acted_this_turn


def test_lead_nco_with_three_sections_ties_to_the_lower_section():
    """Rules: The turn, 2: of the NCOs who may give orders (one a section), the highest GUTS leads; ties go
    to the lower section number; a Corporal whose Sergeant left by the exit may lead [house]."""
    g = rigged_game(
        soldiers={
            "us1-sgt": (4, 20, 270),
            "us1-cpl": (5.5, 20, 270),
            "gb2-sgt": (8, 20, 270),
            "gb2-cpl": (9.5, 20, 270),
            "su3-sgt": (12, 20, 270),
            "su3-cpl": (13.5, 20, 270),
        },
        zombies=[(12, 2)],
        options={"sections": ["american", "british", "soviet"]},
        guts={"us1-cpl": 10, "gb2-cpl": 10, "su3-cpl": 9, "us1-sgt": 8},
        dice=[],
    )
    # may give orders: us1-sgt (8), gb2-sgt (9), su3-sgt (9): a tie of 9 goes to section 2
    assert zk_turn.lead_nco(g.world).id == "gb2-sgt"
    gone(g, "su3-sgt", "exited")
    gone(g, "gb2-sgt")
    # now us1-sgt (8), gb2-cpl (10), su3-cpl (9)
    assert zk_turn.lead_nco(g.world).id == "gb2-cpl"
    g.figure("su3-cpl").guts = 10
    assert zk_turn.lead_nco(g.world).id == "gb2-cpl"  # tie of 10: the lower section
    gone(g, "gb2-cpl")
    assert zk_turn.lead_nco(g.world).id == "su3-cpl"  # us1-cpl (10) still has his Sergeant


# -- 4. "within X" includes X ------------------------------------------------------------------------


def test_within_is_one_rule_that_includes_exactly_x():
    """Rules: Common, Scale: "within X inches" is measured base edge to base edge and includes exactly X."""
    assert within(3.0, 3.0) and within(0.0, 3.0) and not within(3.001, 3.0)


@pytest.mark.parametrize("gap,minus", [(3.0, True), (3.01, False)])
def test_a_zombie_exactly_3_inches_away_gives_minus_one(gap, minus):
    """Rules: GUTS modifiers: -1 when any standing zombie is within 3" (exactly 3.0" included)."""
    g = rigged_game(soldiers={"us1-r1": (6, 20, 270)}, zombies=[(6 + 1 + gap, 20)], guts={"us1-r1": 7}, dice=[])
    mods = g.world.modifiers(g.figure("us1-r1"), "move")
    assert any(v == -1 for _, v in mods) is minus
    assert g.preview(Move("us1-r1", ((6, 16),))).details["modified_guts"] == (6 if minus else 7)


@pytest.mark.parametrize("gap,column", [(4.0, "close"), (4.01, "seen")])
def test_a_zombie_exactly_4_inches_away_selects_the_close_column(gap, column):
    """Rules: The zombies: the column "any zombie within 4" of an Allied figure" includes exactly 4.0"."""
    g = rigged_game(soldiers={"us1-sgt": (6, 20, 270)}, zombies=[(6 + 1 + gap, 20)], dice=[])
    assert zk_zombies.column(g.world) == column


@pytest.mark.parametrize("gap,attacks", [(1.0, True), (1.01, False)])
def test_a_zombie_exactly_1_inch_away_attacks(gap, attacks):
    """Rules: The zombies, Melee: each standing zombie within 1" of an Allied soldier attacks him."""
    g = rigged_game(soldiers={"us1-sgt": (6, 20, 270)}, zombies=[(6 + 1 + gap, 20)], dice=[1, 2])
    zk_melee.melee(g.world)
    assert bool(of(g.world.events, MeleeAttack)) is attacks


def test_ranges_bands_and_the_lmg_second_shot_include_exactly_x():
    """Rules: Weapons: range and short range are "within" (exactly 24.0" is in range, exactly 12.0" is
    short); an LMG's second shot may go at a zombie exactly 3.0" from the first."""
    g = rigged_game(soldiers={"us1-r1": (1, 12, 0)}, zombies=[(1 + 1 + 12.0, 12), (1 + 1 + 12.0, 20.5)], dice=[])
    p = g.preview(Fire("us1-r1", "z1"))
    assert p.legal and p.details["band"] == "short" and p.details["distance"] == 12.0
    g = rigged_game(
        soldiers={"us1-r1": (2, 12, 0)},
        zombies=[(2 + 1 + 24.0, 12), (2 + 1 + 24.01, 16)],
        scenario=tiny_scenario(size=40, deploy=((2, 35, 20, 4, {"side": "allies"}),)),
        dice=[],
    )
    assert g.preview(Fire("us1-r1", "z1")).legal and g.preview(Fire("us1-r1", "z1")).details["distance"] == 24.0
    assert "out of range" in g.preview(Fire("us1-r1", "z2")).reason
    g = rigged_game(
        soldiers={"us1-lmg": (12, 20, 270)}, zombies=[(12, 8), (12 + 1 + 3.0, 8), (12 + 1 + 3.01, 7)], dice=[]
    )
    assert g.preview(Fire("us1-lmg", "z1", "z2")).legal
    assert not g.preview(Fire("us1-lmg", "z1", "z3")).legal


def test_an_order_reaches_exactly_12_and_6_inches():
    """Rules: Actions, ORDER: the Sergeant reaches any soldier within 12", the Corporal within 6"."""
    g = rigged_game(
        soldiers={"us1-sgt": (2, 20, 0), "us1-r1": (2 + 1 + 12.0, 20, 0), "us1-r2": (2 + 1 + 12.01, 18, 0)},
        zombies=[(22, 2)],
        dice=[],
    )
    assert g.order_targets("us1-sgt") == ["us1-r1"]
    g = rigged_game(
        soldiers={"us1-cpl": (2, 20, 0), "us1-r1": (2 + 1 + 6.0, 20, 0), "us1-r2": (2 + 1 + 6.01, 18, 0)},
        zombies=[(22, 2)],
        dice=[],
    )
    assert g.order_targets("us1-cpl") == ["us1-r1"]


def test_cohesion_counts_exactly_2_inches_as_in_touch():
    """Rules: The zombies, Cohesion: within 2" of another zombie includes exactly 2.0"."""
    from game.rules.zombiekrieg import cohesion

    g = rigged_game(soldiers={"us1-sgt": (20, 22, 270)}, zombies=[(4, 4), (4 + 1 + 2.0, 4), (20, 4)], dice=[])
    w = g.world
    assert cohesion.in_touch(w, g.figure("z1"), g.figure("z1").position)
    assert not cohesion.in_touch(w, g.figure("z3"), g.figure("z3").position)


# -- 8. the house choices the rules now list ---------------------------------------------------------


def test_an_order_to_a_soldier_who_acted_is_refused():
    """Rules: Actions, ORDER: an ORDER to a soldier who has already acted or been ORDERed this turn is
    refused [house]; the rules help lists it among the choices."""
    g = rigged_game(
        soldiers={"us1-sgt": (2, 20, 0), "us1-r1": (6, 20, 270), "us1-r2": (8, 20, 270)},
        zombies=[(22, 2)],
        dice=[1, 2, 1, 2],
    )
    g.apply(Move("us1-r1", ((6, 18),)))
    with pytest.raises(IllegalCommand, match="already acted"):
        g.apply(Order("us1-sgt", "us1-r1"))
    assert "who has already acted" in choices_text()


def test_the_corporal_orders_once_his_sergeant_has_left_by_the_exit():
    """Rules: Actions, ORDER: the Corporal orders only while the Sergeant is dead or has left the table
    ["left" is house]; the rules help lists it."""
    sc = tiny_scenario(objective="exit", exits=[(0, 0, 24, 2)], properties={"exit_count": 2})
    g = rigged_game(
        soldiers={"us1-sgt": (12, 5, 270), "us1-cpl": (4, 20, 0), "us1-r1": (6, 20, 0)},
        zombies=[(22, 12)],
        scenario=sc,
        dice=[1, 2, 1, 2],
    )
    assert g.order_targets("us1-cpl") == []
    g.apply(Move("us1-sgt", ((12, 0.9),)))
    assert g.figure("us1-sgt").state == "exited"
    assert of(g.apply(Order("us1-cpl", "us1-r1")), Ordered)[0].success
    assert "has left by the exit" in choices_text()


def test_a_knocked_down_zombie_does_not_select_the_close_column():
    """Rules: The zombies: "any zombie within 4"" means a standing zombie [house]; the rules help lists it."""
    g = rigged_game(soldiers={"us1-sgt": (6, 20, 270)}, zombies=[(6 + 1 + 2.0, 20), (20, 4)], dice=[])
    assert zk_zombies.column(g.world) == "close"
    g.world.knock_down(g.figure("z1"))
    assert zk_zombies.column(g.world) == "seen"
    assert "knocked-down zombie does not select" in choices_text()


def test_initiative_is_unmodified():
    """Rules: The turn, 2: the lead NCO tests 2D6 against his GUTS, unmodified (no -1 for a zombie within
    3", no ORDER bonus); the rules help lists it."""
    g = rigged_game(soldiers={"us1-sgt": (6, 20, 270)}, zombies=[(6 + 1 + 1.5, 20)], dice=[6, 3])
    g.figure("us1-sgt").ordered_this_turn = True
    zk_turn.initiative(g.world)  # 6+3 = 9 against GUTS 9
    t = of(g.world.events, GutsTested)[0]
    assert t.modified_guts == 9 and t.modifiers == () and t.outcome == "success"
    assert "Initiative is unmodified" in choices_text()
