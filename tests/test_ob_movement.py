"""Rules: Zombie Rules (Outbreak), "Movement" (humans 6", the roll while a zombie is within 8":
6 moves 8", 1 freezes; tiredness from the second move; zombies shuffle 4" until they spot, then 6",
8" on a 6) and "Spotting" (humans within 8" of a runner may follow him)."""

from __future__ import annotations

import math

import pytest
from ob_helpers import events_of, of, unchanged

from game.rules.outbreak import Fire, Move, movement
from game.rules.outbreak.events import Followed, Moved, MovementRolled, TirednessRolled, ZombieMoved
from game.rules.outbreak.testing import rigged_game

FAR = (12, 22)  # the runner's far goal: 12" up the table


def runner(dice, zombie=(4, 20), **kw):
    return rigged_game(pcs={"pc1": (12, 20), "pc2": (22, 2)}, zombies=[zombie], dice=dice, **kw)


@pytest.mark.parametrize("face,inches", [(6, 8.0), (5, 6.0), (2, 6.0)])
def test_zombie_within_8_roll_6_moves_8_else_6(face, inches):
    """While a zombie is within 8" a human rolls before moving: 6 moves 8", anything but 1 moves 6"."""
    g = runner([face])  # the zombie is 7" away edge to edge
    ev = g.apply(Move("pc1", ((12, 8),)))
    assert of(ev, MovementRolled)[0].allowance == inches
    assert of(ev, Moved)[0].length == pytest.approx(inches)
    assert g.figure("pc1").position == pytest.approx((12, 20 - inches))


def test_a_one_freezes():
    """1 freezes: he stays put (and fights if contacted)."""
    g = runner([1])
    ev = g.apply(Move("pc1", ((12, 8),)))
    assert of(ev, MovementRolled)[0].frozen and not of(ev, Moved)
    f = g.figure("pc1")
    assert f.frozen and f.position == (12.0, 20.0) and f.acted == "move"


def test_no_zombie_within_8_moves_6_without_a_roll():
    """Humans move up to 6"; no roll with no zombie within 8"."""
    g = runner([], zombie=(2, 2))
    ev = g.apply(Move("pc1", ((12, 8),)))
    assert not of(ev, MovementRolled) and of(ev, Moved)[0].length == pytest.approx(6.0)


def test_one_option_a_step():
    """Humans spot, move or fire: one of these each."""
    g = runner([5], zombie=(12, 14))
    g.apply(Move("pc1", ((18, 20),)))
    assert "already" in unchanged(g, Fire("pc1", "z1"))
    assert "already" in unchanged(g, Move("pc1", ((18, 15),)))


def test_tiredness_from_the_second_move():
    """At the start of every move after a human's first move he rolls: a 1 stops him for a breather."""
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 20), "pc3": (20, 20)}, zombies=[(12, 15)], dice=[1, 4])
    g.figure("pc1").has_moved = g.figure("pc2").has_moved = True  # pc3 has not moved yet: no roll
    movement.tiredness(g.world)
    ev = events_of(g)
    assert [(e.figure, e.tired) for e in of(ev, TirednessRolled)] == [("pc1", True), ("pc2", False)]
    assert "breather" in unchanged(g, Move("pc1", ((12, 22),)))
    assert "fire" in g.actions_for("pc1")  # [house] he can still fire (and fight)


def test_followers_within_8_run_after_him():
    """Humans within 8" of a human who runs may follow him: each rolls for himself."""
    g = rigged_game(
        pcs={"pc1": (12, 14), "pc2": (22, 2)},
        npcs={"npc1": (14, 15), "npc2": (2, 22)},
        zombies=[(12, 20)],
        dice=[3, 4],
    )
    ev = g.apply(Move("pc1", ((12, 4),), followers=("npc1",)))
    assert of(ev, Followed)[0].figure == "npc1"
    assert [e.figure for e in of(ev, MovementRolled)] == ["pc1", "npc1"]
    npc = g.figure("npc1")
    assert of(ev, Moved)[1].figure == "npc1" and of(ev, Moved)[1].length == pytest.approx(6.0)  # his own 6"
    assert math.dist(npc.position, g.figure("pc1").position) < 1.5  # after him
    assert npc.acted == "move" and npc.aware
    assert "within 8" in unchanged(
        rigged_game(pcs={"pc1": (12, 20)}, npcs={"npc2": (2, 2)}, zombies=[], dice=[]),
        Move("pc1", ((12, 14),), followers=("npc2",)),
    )


def test_other_players_characters_do_not_follow():
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (14, 20)}, zombies=[], dice=[])
    g.figure("pc2").player = 2
    g.state.players = 2
    assert "belongs to player 2" in unchanged(g, Move("pc1", ((12, 14),), followers=("pc2",)))


def test_zombies_shuffle_4_until_they_spot():
    """Zombies shuffle 4" (in a random direction, 2D6 picking one of 36) until they spot a human."""
    g = rigged_game(pcs={"pc1": (22, 22)}, zombies=[(8, 8)], dice=[1, 1], aware=False)
    movement.zombies_move(g.world)
    zm = of(events_of(g), ZombieMoved)[0]
    assert zm.why == "shuffle" and zm.path[-1] == pytest.approx((12, 8))  # faces 1,1: 0 degrees


@pytest.mark.parametrize("pace,inches", [(6, 8.0), (5, 6.0), (1, 6.0)])
def test_hunting_zombies_move_6_or_8_on_a_6(pace, inches):
    """Then toward the nearest spotted human at 6", or 8" on a D6 roll of 6."""
    g = rigged_game(pcs={"pc1": (12, 22)}, zombies=[(12, 4)], dice=[pace])
    movement.zombies_move(g.world)
    zm = of(events_of(g), ZombieMoved)[0]
    assert zm.why == "hunt"
    assert math.dist(zm.path[0], zm.path[-1]) == pytest.approx(inches, abs=0.05)


def test_zombies_go_round_walls_never_through():
    from game.rules.outbreak.testing import tiny_scenario

    sc = tiny_scenario(walls=[((6, 12), (18, 12))], characters=(), spawns=())
    g = rigged_game(pcs={"pc1": (12, 16)}, zombies=[(12, 9)], dice=[6], scenario=sc)
    movement.zombies_move(g.world)
    zm = of(events_of(g), ZombieMoved)[0]
    assert all(g.table.leg_clear(a, b, 0.49) for a, b in zip(zm.path, zm.path[1:]))


def test_hidden_human_is_no_target():
    """A human hidden in cover is not gone for (the zombie shuffles instead)."""
    g = rigged_game(pcs={"pc1": (12, 22)}, zombies=[(12, 4)], dice=[3, 1, 1])
    g.figure("pc1").hidden = True
    movement.zombies_move(g.world)
    assert of(events_of(g), ZombieMoved)[0].why == "shuffle"
