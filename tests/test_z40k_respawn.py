"""Respawning (rules: Zombie 40,000: Player turn, "Respawning" [seed, 6" house])."""

from __future__ import annotations

import math

import pytest

from game.rules.zombie40k import turn
from game.rules.zombie40k.events import HordeRespawned, SquadRespawned
from game.rules.zombie40k.report import invariants
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game


def test_player_turn_respawning_a_wiped_out_squad_comes_back_6_inches_beyond_the_furthest_player() -> None:
    """Rules: Zombie 40,000, Player turn: a wiped-out squad respawns at the start of its turn, every model
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


def test_a_squad_alone_on_the_table_respawns_in_its_deployment_zone_not_at_the_vehicle() -> None:
    """Rules: Zombie 40,000, Player turn, Respawning, a solo game [house]: with no other squad to come back behind,
    a wiped-out squad comes back in its deployment zone. It came back beside the escape vehicle, one move from
    winning (a 40k player's solo game was won that way)."""
    g = rigged_game({1: [(10, 30), (11.5, 30)]}, phase=Phase.ASSAULT, player=1, dice=[3, 4] * 4)  # (power-up)
    w, st = g.world, g.state
    for fid in list(st.squad_of(1).models):
        w.kill(st.models[fid], "test")
    w.events.clear()
    st.order, st.order_index = [1], 0
    turn.begin_player(w)
    squad = st.squad_of(1)
    assert not squad.wiped_out and len(w.alive(squad)) == 2
    home = next(z for z in g.scenario.zones_of("deploy") if int(z.properties.get("player", 0) or 0) == 1)
    reach = w.data.house.embark_reach + 6.0  # further than a move and boarding from the vehicle
    for m in w.alive(squad):
        assert w.vehicle_distance(m.position, m.radius) > reach, m.position
        assert math.dist(m.position, home.area.centre) < 6.0, (m.position, home.area.centre)
    assert invariants(g) == []


def test_player_turn_respawning_is_in_the_rules_help() -> None:
    """Rules: Zombie 40,000, Player turn: the rules help names the 6" house value."""
    from game.rules.zombie40k.reference import reference

    text = " ".join(p.text for s in reference(None, {}) for p in s.body if hasattr(p, "text"))
    assert 'least 6"' in text


def _wiped_horde(dice: list[int]):
    # 1+2 first: p1 destroyed the horde and rolls on the power-up table (3 Banana Peel)
    g = rigged_game(
        {1: [(10, 30), (11.5, 30)]}, hordes=[[(40, 10), (41.5, 10)]], dice=[1, 2, *dice], phase=Phase.ASSAULT
    )
    for fid in list(g.state.units["h1"].models):
        g.world.kill(g.state.models[fid], "p1 test")
    g.world.events.clear()
    return g


@pytest.mark.parametrize(
    ("face", "near"),
    [(1, lambda p: p[1] > 45), (2, lambda p: p[0] < 3), (3, lambda p: p[0] > 45), (4, lambda p: p[1] < 3)],
)
def test_zombie_turn_respawning_edges_1_to_4_enter_closest_to_the_nearest_free_squad(face, near) -> None:
    """Rules: Zombie 40,000, Zombie turn, Respawning: D6 1 players' edge, 2 the edge to its left, 3 to its
    right, 4 the vehicle's edge (the small table: vehicle at the top, players at the bottom, left = west)."""
    g = _wiped_horde([face])
    g.world.hooks.zombie_respawn_phase(g.world)
    zs = g.world.alive(g.state.units["h1"])
    assert len(zs) == 2 and all(near(z.position) for z in zs)
    ev = [e for e in g.world.events if isinstance(e, HordeRespawned)]
    assert ev[0].roll == face
    if face in (2, 3):  # the edge point nearest the squad at y=30
        assert all(abs(z.position[1] - 30) < 2.5 for z in zs)
    assert invariants(g) == []


def test_zombie_turn_respawning_5_deep_strikes_from_the_centre_scattering_2d6_even_on_a_hit() -> None:
    """Rules: Zombie 40,000, Zombie turn, Respawning: 5 deep strike from the table centre, 2D6 scatter."""
    g = _wiped_horde([5, 1, 1, 3, 4])  # D6 5; scatter die 1 (a hit), arrow 0 deg (face 1), 3+4 = 7"
    g.world.hooks.zombie_respawn_phase(g.world)
    zs = g.world.alive(g.state.units["h1"])
    centre = (sum(z.position[0] for z in zs) / 2, sum(z.position[1] for z in zs) / 2)
    assert abs(centre[0] - 31) < 1.5 and abs(centre[1] - 24) < 1.5
    assert invariants(g) == []


def test_zombie_turn_respawning_6_the_furthest_player_drops_them_before_the_leader() -> None:
    """Rules: Zombie 40,000, Zombie turn, Respawning: 6 the furthest player places them; the rules choose
    in front of the squad nearest the vehicle, 4" [house] toward it."""
    g = rigged_game(
        {1: [(10, 40), (11.5, 40)], 2: [(24, 20), (25.5, 20)]}, hordes=[[(40, 10)]], dice=[6], phase=Phase.ASSAULT
    )
    g.world.kill(g.state.models["h1-1"], "p1 test")
    g.world.events.clear()
    g.world.hooks.zombie_respawn_phase(g.world)
    z = g.world.alive(g.state.units["h1"])[0]
    assert z.position[1] < 20 and math.dist(z.position, (24, 16)) < 2.5
    assert invariants(g) == []
