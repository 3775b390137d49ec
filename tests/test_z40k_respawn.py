"""Respawning (RULES.md, Zombie 40,000: Player turn, "Respawning" [seed, 6" house])."""

from __future__ import annotations

from game.rules.zombie40k import turn
from game.rules.zombie40k.events import SquadRespawned
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game


def test_player_turn_respawning_a_wiped_out_squad_comes_back_6_inches_beyond_the_furthest_player() -> None:
    """RULES.md Zombie 40,000, Player turn: a wiped-out squad respawns at the start of its turn, every model
    at least 6" [house] further from the escape vehicle than the squad furthest from it."""
    g = rigged_game({1: [(10, 30), (11.5, 30)], 2: [(30, 20), (31.5, 20)]}, phase=Phase.ASSAULT, player=1)
    w, st = g.world, g.state
    for fid in list(st.squad_of(2).models):
        w.kill(st.models[fid], "test")
    assert st.squad_of(2).wiped_out
    w.events.clear()
    st.order, st.order_index = [1, 2], 1
    turn.begin_player(w)
    squad = st.squad_of(2)
    assert not squad.wiped_out and len(w.alive(squad)) == 2
    furthest = w.unit_vehicle_distance(st.squad_of(1))
    for m in w.alive(squad):
        assert w.vehicle_distance(m.position, m.radius) >= furthest + 6.0 - 1e-6
        assert m.wounds == w.profile(m).w and m.id in g.table
    ev = [e for e in w.events if isinstance(e, SquadRespawned)]
    assert len(ev) == 1 and ev[0].player == 2
    assert st.active_player == 2 and st.phase == Phase.MOVEMENT
    from game.rules.zombie40k.report import invariants

    assert invariants(g) == []


def test_player_turn_respawning_is_in_the_rules_help() -> None:
    """RULES.md Zombie 40,000, Player turn: the rules help names the 6" house value."""
    from game.rules.zombie40k.reference import reference

    text = " ".join(p.text for s in reference(None, {}) for p in s.body if hasattr(p, "text"))
    assert 'least 6"' in text
