"""The second Zombie 40,000 scenario (Manufactorum Ferrum) and the co-op one (Last Evac), issue 15 item 5: each
is set up as rules: Zombie 40,000, "Set-up" says, its ground is what the rules read, and whole bot games are
played on them (every zombie40k map, four players, in ``test_z40k_games``; here one and two players too).
The balance of Manufactorum Ferrum was measured with ``deadground simulate`` (see maps/make_maps.py)."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
from test_z40k_games import play

from game.rules.zombie40k import new_game
from game.rules.zombie40k.setup import vehicle_centre
from game.rules.zombie40k.shooting import cover_of
from game.scenario import load_scenario
from game.scenario.model import Scenario
from game.table import BLOCKED

MAPS = Path(__file__).resolve().parents[1] / "maps"
FORGE = MAPS / "manufactorum_ferrum.tmx"
EVAC = MAPS / "last_evac.tmx"
NEW = [FORGE, EVAC]


def _box(points) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _mirror_key(sc: Scenario, kind: str, mid: float) -> tuple[list, list]:  # type: ignore[type-arg]
    """Each terrain outline of ``kind`` (rounded), and the same outlines reflected across x = mid."""
    shapes = [t.area.points for t in sc.terrain if t.kind == kind]
    plain = sorted(tuple(sorted((round(x, 2), round(y, 2)) for x, y in s)) for s in shapes)
    flipped = sorted(tuple(sorted((round(2 * mid - x, 2), round(y, 2)) for x, y in s)) for s in shapes)
    return plain, flipped


@pytest.mark.parametrize("path", NEW, ids=[p.stem for p in NEW])
def test_set_up_vehicle_mid_edge_zones_12_inches_apart_within_12_of_the_far_edge(path: Path) -> None:
    """Rules: Zombie 40,000, Set-up [seed, house numbers]: the escape vehicle in the middle of one edge; the
    players deploy within 12" of the opposite edge and no closer than 12" to each other (the biggest 75-point
    team, 12 Ork Boyz, inside its zone); one Zombie Boss by the vehicle; hordes from the table edges."""
    sc = load_scenario(str(path))
    assert sc.ruleset == "zombie40k" and (sc.properties["players_min"], sc.properties["players_max"]) == (1, 4)
    g = new_game(sc, {"teams": ["ork_boyz"] * 4}, seed=5)
    vx, vy = vehicle_centre(g.world)
    assert abs(vx - sc.width / 2) <= 1 and vy <= 4  # the middle of the north edge
    zones = {z.properties["player"]: z for z in sc.zones_of("deploy")}
    assert sorted(zones) == [1, 2, 3, 4]
    boxes = {p: _box(z.area.points) for p, z in zones.items()}
    for p in zones:
        assert boxes[p][1] >= sc.height - 12
        squad = g.state.squad_of(p).models
        assert len(squad) == 12 and all(zones[p].area.contains(g.figure(f).position) for f in squad)
    for a in zones:
        for b in zones:
            if a < b:
                (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes[a], boxes[b]
                assert math.hypot(max(0.0, bx0 - ax1, ax0 - bx1), max(0.0, by0 - ay1, ay0 - by1)) >= 12 - 1e-6
    assert math.dist(g.figure("boss").position, (vx, vy)) <= 9
    spawns = sc.zones_of("spawn")
    assert len(spawns) >= 5
    for z in spawns:  # each horde starts on a table edge
        x0, y0, x1, y1 = _box(z.area.points)
        assert min(x0, y0, sc.width - x1, sc.height - y1) <= 1


def test_manufactorum_ground_ruins_give_4_up_cover_clutter_5_up_and_the_rampart_blocks_sight() -> None:
    """Rules: Zombie 40,000, The 40k core needed [7th]: cover save 4+ inside ruins, 5+ in clutter (the
    manufactorum's gutted halls are ruins, its scrap and slag clutter); walls block sight (the rampart)."""
    sc = load_scenario(str(FORGE))
    kinds = {t.kind for t in sc.terrain}
    assert {"ruin", "clutter", "wall", "building"} <= kinds
    g = new_game(sc, {"teams": ["tactical_squad"] * 4}, seed=2)
    w = g.world
    m = g.state.models["p1-1"]
    squad = g.state.units["p1"]
    hall = next(t for t in sc.terrain if t.name == "Smelter hall").area.centre
    slag = next(t for t in sc.terrain if t.name == "Slag field").area.centre
    assert cover_of(w, [], dataclasses.replace(m, position=hall), squad) == 4
    assert cover_of(w, [], dataclasses.replace(m, position=slag), squad) == 5
    assert w.table.line_of_sight((10, 11), (10, 15), 6.0).state == BLOCKED  # across the rampart
    assert w.table.line_of_sight((36, 10), (36, 16), 6.0).state == BLOCKED  # no way through the middle
    assert w.table.line_of_sight((25, 10), (25, 16), 6.0).state != BLOCKED  # through the west gate


def test_manufactorum_is_the_same_table_for_every_seat() -> None:
    """Balance [house]: deployment must not decide the game. The table is a mirror image about its middle: every
    ruin, clutter field, building and wall has its twin, and seats 1 and 4, 2 and 3 have mirrored zones. (The
    lifter and its Boss marks stand 0.5" west of the middle: measured over 500 bot games, it evens out the east
    side's lead that the exact mirror left, 16% for seat 1 against 23-25% for the others.)"""
    sc = load_scenario(str(FORGE))
    for kind in ("ruin", "clutter", "building", "wall"):
        plain, flipped = _mirror_key(sc, kind, sc.width / 2)
        assert plain == flipped, kind
    zones = {z.properties["player"]: z for z in sc.zones_of("deploy")}
    for a, b in ((1, 4), (2, 3)):
        pa = sorted((round(x, 3), round(y, 3)) for x, y in zones[a].area.points)
        pb = sorted((round(sc.width - x, 3), round(y, 3)) for x, y in zones[b].area.points)
        assert pa == pb
    bosses = sorted(p.position for p in sc.placements_of("zombie") if p.properties.get("boss"))
    x0, _, x1, _ = _box(sc.zones_of("escape_vehicle")[0].area.points)
    assert (x0 + x1) / 2 == pytest.approx(sc.width / 2 - 0.5)
    assert len(bosses) == 2 and bosses[0][0] + bosses[1][0] == pytest.approx(x0 + x1)


def test_last_evac_is_a_coop_table_with_one_boss_before_the_shuttle_and_no_horde_behind_the_teams() -> None:
    """Rules: Zombie 40,000, Mods [seed], Coop Mode: the scenario turns ``coop`` on; the one Zombie Boss stands
    in front of the shuttle (every team meets it at the checkpoint); the hordes respawn on the flanks and behind the
    spaceport wall, none on the players' edge. As tuned (maps/make_maps.py): a 17" checkpoint between the two
    pylons, the Boss's way out and the teams' way in, and 13 turns (re-tuned when walled-apart combats began to
    break off), which the briefing says."""
    sc = load_scenario(str(EVAC))
    assert sc.properties["mods"] == "coop"
    (boss,) = [p for p in sc.placements_of("zombie") if p.properties.get("boss")]
    assert boss.position[0] == pytest.approx(sc.width / 2)
    for z in sc.zones_of("spawn"):
        assert _box(z.area.points)[3] <= sc.height / 2 + 8
    assert sc.properties["turn_limit"] == 13 and "13 turns" in sc.properties["briefing"]
    pylons = sorted(_box(t.area.points) for t in sc.terrain if t.name == "Checkpoint pylon")
    assert len(pylons) == 2
    gate = pylons[1][0] - pylons[0][2]
    assert gate == pytest.approx(17) and pylons[0][2] + gate / 2 == pytest.approx(sc.width / 2)
    g = new_game(sc, {"players": 4}, seed=3)
    assert g.state.turn_limit == 13


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("path", NEW, ids=[p.stem for p in NEW])
def test_whole_bot_games_with_fewer_players(path: Path, players: int) -> None:
    """Rules: Zombie 40,000, The game [seed]: one to four players; the bots play a whole game to its end."""
    g = play(path, 11, players=players)
    assert g.over and g.state.turn <= g.state.turn_limit
