"""Rules: Zombiekrieg 848, The zombies (the unit moves the reaction table's distance toward its goal; zombies go
round what is in their way) and Common, Movement (no base passes through another).

A newcomer found Normandy too easy (issue 33 "Club night", item 3): the horde "milled about". It had filed
through the gap by the Ferme Lemaire, the soldiers shot its leader down, and every zombie behind him stood
still turn after turn: a zombie stopped by a base went no further, though open ground lay to either side.
Now a zombie stopped short by a base goes round it as far as its move allows [house how]."""

from __future__ import annotations

import math

from game.rules.zombiekrieg import zombies as zk_zombies
from game.rules.zombiekrieg.events import ReactionRolled, ZombieMoved
from game.rules.zombiekrieg.state import KNOCKED_DOWN
from game.rules.zombiekrieg.testing import rigged_game
from game.table import path_length

SERGEANT = (12.0, 22.0)


def test_a_zombie_behind_a_fallen_one_goes_round_him_the_tables_distance() -> None:
    # z1 lies knocked down in front of z2, base to base; z3 walks beside them; the sergeant 12" off, seen
    g = rigged_game(soldiers={"us1-sgt": (*SERGEANT, 270)}, zombies=[(12, 10), (12, 8.95), (14, 8.95)], dice=[4])
    fallen = g.figure("z1")
    fallen.state, fallen.knocked_down_on = KNOCKED_DOWN, g.state.turn
    zk_zombies.axis_move(g.world)
    events = g.world.events
    assert [(r.column, r.result) for r in events if isinstance(r, ReactionRolled)] == [
        ("seen", 'lurch 4" toward the nearest seen')
    ]
    walked = {e.figure: e.path for e in events if isinstance(e, ZombieMoved)}
    assert "z1" not in walked  # he lies still
    assert path_length(walked["z2"]) > 3.5, walked.get("z2")  # it stood still behind him
    z2 = g.figure("z2").position
    assert math.dist(z2, SERGEANT) < math.dist((12, 8.95), SERGEANT) - 2.0  # nearer by the way round
    assert math.dist(z2, fallen.position) >= 1.0 - 1e-6  # round him, not through him
