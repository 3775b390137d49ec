"""Rules: Zombie 40,000, "Set-up", "The game" and "Zombie turn" [seed], with scripted dice: hordes and
the Boss set up, the players' order rolled each turn (zombies last), the shamble toward the nearest squad
(ignoring difficult terrain and surrounded squads), contact as an assault with Overwatch and +1 Attack, the
autogun at the nearest unengaged squad, and embarking wins."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.rules.zombie40k import new_game, turn, zombie_turn
from game.rules.zombie40k.commands import Move
from game.rules.zombie40k.events import Embarked, Engaged, GameOver, Moved, OrderRolled, ShotsFired
from game.rules.zombie40k.setup import clearance, vehicle_centre
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.scenario.loader import load_scenario
from game.scenario.model import Area

GUARDS = {"unit": "infantry_squad", "models": 10}


def test_set_up_hordes_boss_and_squads() -> None:
    g = new_game(small_scenario(players=3), {"teams": ["ork_boyz", "infantry_squad", "strike_team"]}, seed=4)
    st = g.state
    hordes = [u for u in st.units.values() if u.kind == "horde"]
    h = g.data.house
    assert len(hordes) == 3 * h.horde_squads  # for each player [seed; the number house]
    away = clearance(g.world)
    for horde in hordes:
        models = [g.figure(f) for f in horde.models]
        assert len(models) == h.horde_size and sum("autogun" in m.weapons for m in models) == 1
        # at random across the table, clear of the deployment zones and the vehicle (test_z40k_starting_hordes)
        assert all(away(m.position) - m.radius >= h.horde_clearance - 1e-6 for m in models)
    boss = g.figure("boss")
    assert boss.radius == pytest.approx(0.8) and math.dist(boss.position, vehicle_centre(g.world)) < 6
    for p in (1, 2, 3):
        zone = next(z for z in g.scenario.zones_of("deploy") if z.properties["player"] == p)
        assert all(zone.area.contains(g.figure(f).position) for f in st.squad_of(p).models)


def test_players_roll_off_each_turn_ties_roll_again_and_zombies_go_last() -> None:
    g = rigged_game({1: [(10, 40)], 2: [(30, 40)], 3: [(20, 40)]}, teams=[GUARDS] * 3, dice=[3, 5, 3, 2, 6])
    assert turn.roll_off(g.world, [1, 2, 3]) == [2, 3, 1]
    g = new_game(small_scenario(), {"teams": ["ork_boyz", "ork_boyz"]}, seed=9)
    orders = [e.order for e in g.log if isinstance(e, OrderRolled)]
    assert orders and sorted(orders[0]) == [1, 2]
    assert g.state.active_player == orders[0][0] and g.state.phase == Phase.MOVEMENT


def test_shamble_d6_toward_the_nearest_squad_ignoring_difficult_terrain() -> None:
    sc = small_scenario(clutter=[(8, 22, 8, 4)])
    g = rigged_game(
        {1: [(12, 34)], 2: [(40, 34)]}, hordes=[[(12, 16)]], teams=[GUARDS, GUARDS], scenario=sc, dice=[4]
    )
    zombie_turn.shamble(g.world)
    z = g.figure("h1-1")
    assert z.position == pytest.approx((12, 20))  # 4" straight at player 1's model, through the rubble
    assert not g.state.locked("h1")


def test_zombies_ignore_a_squad_completely_surrounded() -> None:
    ring = [(20 + 1.0 * math.cos(a), 30 + 1.0 * math.sin(a)) for a in (0, 2.1, 4.2)]
    g = rigged_game({1: [(20, 30)], 2: [(40, 30)]}, hordes=[ring, [(24, 30)]], teams=[GUARDS, GUARDS], dice=[3])
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assert zombie_turn.surrounded(w, w.unit("p1"))
    assert zombie_turn.target_squad(w, w.unit("h2")).id == "p2"
    g.figure("h1-3").state = "dead"
    g.table.remove("h1-3")
    assert zombie_turn.target_squad(w, w.unit("h2")).id == "p1"  # engaged squads still count


def test_reaching_contact_is_an_assault_with_overwatch_and_plus_one_attack() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 26)]], teams=[GUARDS], dice=[5, 1, 1])
    w = g.world
    zombie_turn.shamble(w)
    ow = [e for e in w.events if isinstance(e, ShotsFired)]
    assert ow and ow[0].overwatch and ow[0].unit == "p1"  # two Snap Shots (rapid fire, 3" away) first
    assert [e.unit for e in w.events if isinstance(e, Engaged)] == ["h1"]
    assert w.unit("h1").charged_turn == g.state.turn and g.state.locked("p1")
    assert w.edge(g.figure("h1-1"), g.figure("p1-1")) <= 0.1


def test_autogun_fires_at_the_nearest_unengaged_squad_else_the_nearest() -> None:
    g = rigged_game(
        {1: [(20, 30)], 2: [(20, 12)]},
        hordes=[[(20, 22)], [(20.5, 31.01)]],
        teams=[GUARDS, GUARDS],
        autogun=True,
        dice=[1, 1],
    )
    w = g.world
    w.engage(w.unit("h2"), w.unit("p1"))
    zombie_turn.zombie_shooting(w)
    shots = [e for e in w.events if isinstance(e, ShotsFired)]
    assert [(s.unit, s.target) for s in shots] == [("h1", "p2")]  # p1 is nearer but engaged
    g = rigged_game(
        {1: [(20, 30)]}, hordes=[[(20, 22)], [(20.5, 31.01)]], teams=[GUARDS], autogun=True, dice=[1, 1, 6, 1]
    )
    w = g.world
    w.engage(w.unit("h2"), w.unit("p1"))
    zombie_turn.zombie_shooting(w)
    assert [(s.unit, s.target) for s in w.events if isinstance(s, ShotsFired)][0] == ("h1", "p1")


def test_embarking_wins() -> None:
    g = rigged_game({1: [(24, 9)], 2: [(10, 40)]}, teams=[GUARDS, GUARDS], phase=Phase.MOVEMENT, dice=[])
    g.apply(Move("p1-1", ((24, 5.6),)))
    assert g.over and g.winner == "player 1"
    assert [e.player for e in g.log if isinstance(e, Embarked)] == [1]
    assert [e.winner for e in g.log if isinstance(e, GameOver)] == ["player 1"]


def test_movement_limits_and_difficult_terrain_keep_highest() -> None:
    from game.rules.core import IllegalCommand

    sc = small_scenario(players=1, clutter=[(8, 26, 8, 2)])
    g = rigged_game(
        {1: [(10, 30), (14, 30)]},
        hordes=[[(17, 25)]],
        teams=[GUARDS],
        scenario=sc,
        phase=Phase.MOVEMENT,
        dice=[2, 3],
    )
    with pytest.raises(IllegalCommand, match="at most 6"):
        g.apply(Move("p1-1", ((10, 23),)))
    with pytest.raises(IllegalCommand, match='within 1" of an enemy'):
        g.apply(Move("p1-2", ((16.2, 26.2),)))
    p = g.preview(Move("p1-1", ((10, 25),)))
    assert p.chances["whole move"] == pytest.approx(1 - (4 / 6) ** 2)  # 2D6 keep highest at least 5
    g.apply(Move("p1-1", ((10, 25),)))
    assert g.figure("p1-1").position == pytest.approx((10, 27))  # keep the highest of 2 and 3: 3"
    moved = [e for e in g.log if isinstance(e, Moved)]
    assert moved[-1].length == pytest.approx(3)


HIVE = Path(__file__).resolve().parents[1] / "maps" / "hive_street.tmx"


def test_the_boss_stands_at_a_mark_by_the_vehicle_rolled_on_a_d6_where_there_are_two() -> None:
    """Rules: Zombie 40,000, Set-up: "one Zombie Boss is deployed by the escape vehicle" [seed]; where the map
    marks two places (Manufactorum Ferrum, either side of the lifter) a D6 picks one (1-3 the first mark, 4-6
    the second) [house]; where it marks one (Hive Street, in front of the gunship) it stands there."""
    hive = load_scenario(str(HIVE))
    (mark,) = [p.position for p in hive.placements_of("zombie") if p.properties.get("boss")]
    assert new_game(hive, {"teams": ["ork_boyz"] * 4}, seed=1).figure("boss").position == pytest.approx(mark)
    sc = load_scenario(str(HIVE.with_name("manufactorum_ferrum.tmx")))
    marks = [p.position for p in sc.placements_of("zombie") if p.properties.get("boss")]
    assert len(marks) == 2
    seen = set()
    for seed in range(12):
        g = new_game(sc, {"teams": ["ork_boyz"] * 4}, seed=seed)
        roll = next(r for r in g.dice.log if r.purpose == "Zombie Boss placement")
        boss = g.figure("boss")
        assert boss.position == pytest.approx(marks[0] if roll.total <= 3 else marks[1])
        seen.add(roll.total <= 3)
    assert seen == {True, False}


def test_hive_street_squads_deploy_inside_their_zones_and_the_table_is_a_mirror_image() -> None:
    """Rules: Zombie 40,000, Set-up [house numbers]: within 12" of the edge opposite the vehicle, 12" apart;
    the biggest 75-point team (12 Ork Boyz) fits its zone. The map is the same for every seat: each zone has its
    mirror image across the avenue, at the same distance from the vehicle."""
    sc = load_scenario(str(HIVE))
    g = new_game(sc, {"teams": ["ork_boyz"] * 4}, seed=3)
    zones = {z.properties["player"]: z for z in sc.zones_of("deploy")}
    for p in (1, 2, 3, 4):
        assert len(g.state.squad_of(p).models) == 12
        assert all(zones[p].area.contains(g.figure(f).position) for f in g.state.squad_of(p).models)
        assert min(y for _, y in zones[p].area.points) >= sc.height - 12
    boxes = {
        p: (
            min(x for x, _ in z.area.points),
            min(y for _, y in z.area.points),
            max(x for x, _ in z.area.points),
            max(y for _, y in z.area.points),
        )
        for p, z in zones.items()
    }
    for a in boxes:
        for b in boxes:
            if a < b:
                (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes[a], boxes[b]
                gap = math.hypot(max(0.0, bx0 - ax1, ax0 - bx1), max(0.0, by0 - ay1, ay0 - by1))
                assert gap >= 12 - 1e-6, (a, b, gap)
    mid = sc.width / 2
    for a, b in ((1, 4), (2, 3)):
        pa = sorted((round(x, 3), round(y, 3)) for x, y in zones[a].area.points)
        pb = sorted((round(2 * mid - x, 3), round(y, 3)) for x, y in zones[b].area.points)
        assert pa == pb


def test_a_squad_too_big_for_its_zone_deploys_beside_it_never_on_one_another() -> None:
    """Rules: Zombie 40,000, Set-up [house]: a deployment zone drawn too small for the squad (here 2" square,
    room for one base) puts the rest as near it as they fit; no two bases overlap (the soak caught Ork Boyz
    stacked on one another when a zone held fewer than twelve)."""
    import dataclasses

    sc = small_scenario()
    zones = [
        dataclasses.replace(z, area=Area.rect(10 + 20 * (z.properties["player"] - 1), 40, 2, 2))
        if z.kind == "deploy"
        else z
        for z in sc.zones
    ]
    sc = dataclasses.replace(sc, zones=tuple(zones))
    g = new_game(sc, {"teams": ["ork_boyz"] * 2}, seed=3)
    for p in (1, 2):
        models = [g.figure(f) for f in g.state.squad_of(p).models]
        assert len(models) == 12
        for i, a in enumerate(models):
            for b in models[i + 1 :]:
                assert math.dist(a.position, b.position) >= a.radius + b.radius, (a.id, b.id)
