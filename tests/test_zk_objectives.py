"""Rules: Zombiekrieg 848, "Winning and losing": every objective won and lost, and the loss of the NCOs."""

from __future__ import annotations

from game.rules.zombiekrieg import EndTurn, Fire, Move
from game.rules.zombiekrieg.events import GameOver
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario


def over(events):
    ends = [e for e in events if isinstance(e, GameOver)]
    return ends[0] if ends else None


def test_survive_won_at_turn_limit():
    """survive: an NCO still alive at the end of the turn limit wins [house]."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 22, 270)},
        zombies=[(12, 2)],
        dice=[1],
        scenario=tiny_scenario("survive", turn_limit=3),
        turn=3,
    )
    g.state.turn_limit = 3
    end = over(g.apply(EndTurn()))
    assert end and end.winner == "allies" and g.over and g.winner == "allies"


def test_all_ncos_dead_is_defeat():
    """Winning and losing: when every section has lost both NCOs the Allies have lost [seed]."""
    g = rigged_game(
        soldiers={"us1-sgt": (6, 20, 270), "us1-cpl": (20, 22, 270)},
        zombies=[(6, 18.6), (20, 20.6)],
        dice=[1, 6, 5, 6, 5],
    )  # shamble 2", both NCOs fail in melee
    end = over(g.apply(EndTurn()))
    assert end.winner == "zombies" and "Sergeant and Corporal" in end.reason


def test_survive_lost_when_no_nco_is_left_even_with_soldiers():
    """Winning and losing: soldiers without an NCO cannot give orders; the game is lost."""
    g = rigged_game(
        soldiers={"us1-sgt": (6, 20, 270), "us1-r1": (20, 22, 270)}, zombies=[(6, 18.6)], dice=[1, 6, 5]
    )
    end = over(g.apply(EndTurn()))
    assert end.winner == "zombies"


def test_exterminate_won_and_lost():
    """exterminate: every zombie killed wins; still zombies at the turn limit loses [house]."""
    sc = tiny_scenario("exterminate", turn_limit=2)
    g = rigged_game(soldiers={"us1-sgt": (12, 22, 270)}, zombies=[(12, 15)], dice=[1, 1], scenario=sc)
    end = over(g.apply(Fire("us1-sgt", "z1")))
    assert end.winner == "allies" and g.over
    g = rigged_game(soldiers={"us1-sgt": (12, 22, 270)}, zombies=[(12, 2)], dice=[1], scenario=sc, turn=2)
    g.state.turn_limit = 2
    end = over(g.apply(EndTurn()))
    assert end.winner == "zombies" and "exterminate" in end.reason


def test_exit_won_and_lost():
    """exit: move exit_count figures off through the exit zone to win; not by the turn limit loses [house]."""
    sc = tiny_scenario("exit", turn_limit=4, exits=[(0, 0, 24, 3)], properties={"exit_count": 2})
    g = rigged_game(
        soldiers={"us1-sgt": (12, 7, 270), "us1-r1": (4, 7, 270), "us1-r2": (20, 20, 270)},
        zombies=[(22, 22)],
        dice=[1, 2, 1, 2],
        scenario=sc,
    )
    g.state.exit_count = 2
    g.apply(Move("us1-sgt", ((12, 1.5),)))
    end = over(g.apply(Move("us1-r1", ((4, 1.5),))))
    assert end.winner == "allies" and g.state.exited == 2
    g = rigged_game(
        soldiers={"us1-sgt": (12, 12, 270), "us1-r1": (4, 12, 270)},
        zombies=[(22, 22)],
        dice=[1],
        scenario=sc,
        turn=4,
    )
    g.state.exit_count, g.state.turn_limit = 2, 4
    end = over(g.apply(EndTurn()))
    assert end.winner == "zombies"


def test_reach_won_and_lost():
    """reach: a figure ending a turn in the objective zone wins; not by the turn limit loses [house]."""
    sc = tiny_scenario("reach", turn_limit=5, objectives=[(10, 10, 4, 4)])
    g = rigged_game(soldiers={"us1-sgt": (12, 17, 270)}, zombies=[(2, 2)], dice=[1, 2, 1], scenario=sc)
    events = g.apply(Move("us1-sgt", ((12, 12),)))
    assert not over(events)  # checked at the end of the turn
    end = over(g.apply(EndTurn()))
    assert end.winner == "allies" and "objective" in end.reason
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(2, 2)], dice=[1], scenario=sc, turn=5)
    g.state.turn_limit = 5
    end = over(g.apply(EndTurn()))
    assert end.winner == "zombies"


def test_nothing_after_game_over():
    """The game refuses commands once it is over."""
    import pytest

    from game.rules.core import IllegalCommand

    g = rigged_game(
        soldiers={"us1-sgt": (12, 22, 270)}, zombies=[(12, 15)], dice=[1, 1], scenario=tiny_scenario("exterminate")
    )
    g.apply(Fire("us1-sgt", "z1"))
    with pytest.raises(IllegalCommand, match="over"):
        g.apply(EndTurn())
