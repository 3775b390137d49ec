"""Rules: Zombie Rules (Outbreak), "Winning" [house]: escape, survive, rescue, clear, each won and
lost, and losing every PC loses the game."""

from __future__ import annotations

from ob_helpers import of

from game.rules.outbreak import EndStep, Move
from game.rules.outbreak.events import Exited, GameOver
from game.rules.outbreak.testing import rigged_game, tiny_scenario


def scen(objective, **kw):
    return tiny_scenario(objective=objective, characters=(), **{"spawns": (), "exits": [(0, 0, 24, 2)], **kw})


def test_escape_won():
    """escape: the PCs (exit_count, at most the PCs there are) leave through the exit zone."""
    g = rigged_game(pcs={"pc1": (12, 6)}, scenario=scen("escape"), dice=[])
    ev = g.apply(Move("pc1", ((12, 1),)))
    assert of(ev, Exited) and g.over and g.winner == "players"


def test_escape_lost_at_the_turn_limit():
    g = rigged_game(pcs={"pc1": (12, 20)}, scenario=scen("escape"), dice=[], move=10)
    ev = g.apply(EndStep())
    assert g.over and g.winner == "zombies" and "escape" in of(ev, GameOver)[0].reason


def test_survive_won_and_lost():
    """survive: a PC alive after the turn limit; losing every PC loses the game."""
    g = rigged_game(pcs={"pc1": (12, 20)}, scenario=scen("survive"), dice=[], move=10)
    g.apply(EndStep())
    assert g.winner == "players"
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=[(12, 11)], scenario=scen("survive"), dice=[1, 1, 1, 2])
    g.figure("pc1").melee = ""
    g.figure("pc1").ranged = ""
    ev = g.apply(EndStep())  # unarmed: 3D6 = 1,1,1 against the zombie's 2: he dies
    assert g.winner == "zombies" and "Every player character is dead" in of(ev, GameOver)[0].reason


def test_rescue_won():
    """rescue: NPCs led out through the exit zone (they follow a runner into it)."""
    g = rigged_game(pcs={"pc1": (12, 5)}, npcs={"npc1": (14, 6)}, scenario=scen("rescue"), dice=[])
    ev = g.apply(Move("pc1", ((12, 1),), followers=("npc1",)))
    assert of(ev, Exited)[0].figure == "npc1" and g.state.rescued == 1
    assert g.winner == "players"


def test_rescue_lost_when_too_few_bystanders_are_left():
    g = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (2, 20)},
        npcs={"npc1": (14, 12)},
        zombies=[(14, 11)],
        scenario=scen("rescue"),
        dice=[1, 1, 1, 6],
    )
    g.apply(EndStep())  # the bystander loses his grapple
    assert g.winner == "zombies" and "bystanders" in g.state.reason


def test_clear_won_once_sealed_and_no_zombie_left():
    """clear: no zombie on the table after the generation points are sealed (a PC in contact at the end of a move)."""
    sc = scen("clear", spawns=((2, 10, 4, 4, 1),))
    g = rigged_game(pcs={"pc1": (10, 12)}, scenario=sc, dice=[])
    g.state.spawns[0].sealed = False
    g.apply(Move("pc1", ((6.55, 12),)))
    assert g.state.spawns[0].sealed and g.winner == "players"


def test_clear_lost_when_a_point_is_still_open_at_the_limit():
    sc = scen("clear", spawns=((2, 10, 4, 4, 1),))
    g = rigged_game(pcs={"pc1": (20, 20)}, scenario=sc, dice=[], move=10)
    g.state.spawns[0].sealed = False
    g.apply(EndStep())
    assert g.winner == "zombies"
