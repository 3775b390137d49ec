"""Respawning (rules: Zombie 40,000: Player turn, "Respawning" [seed, 6" house]).

A wiped-out squad comes back at the start of its player's turn, every model at least ``respawn_distance``
further from the escape vehicle than the squad now furthest from it. The rules pick the place for the
player (a bot-friendly one): on the line from the vehicle through the squad's deployment zone, as near the
vehicle as that rule allows, in formation, clear of walls, bases and enemies. With no such ground on the
table, the squad comes back on the furthest-back ground there is (its deployment zone) [house]. A squad
alone on the table (a solo game) has no one to come back behind: it comes back in its deployment zone [house]
(walking out from the vehicle would stand it at the vehicle, a move from winning).

Every fully destroyed horde (not the Zombie Boss) comes back at the start of the zombie turn, and may
assault the turn it arrives (it shambles next). A D6 says where [seed]: 1 the players' starting edge, 2 the
edge to its left, 3 the edge to its right (left and right as seen from the players' edge looking at the
vehicle), 4 the escape vehicle's edge: entering at the edge point closest to the nearest player squad not in
combat with zombies; 5 deep strike from the table centre, scattering 2D6 (a hit still scatters, along the
arrow die); 6 the player furthest from the vehicle deep strikes them: the rules choose for that player,
``horde_drop_gap`` [house] in front of the squad nearest the vehicle other than their own (toward the
vehicle), else at the table centre. Deep-striking zombies land clear of other models (drop pods: no mishap).
Power-ups (the roll after respawning) are :mod:`.power_ups`'s, which hears of the squad's return
(``squad_respawned``). Both plug into the core through :class:`Respawning` (:mod:`.hooks`).
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.core import DiceRolled
from game.rules.zombie40k import mods
from game.rules.zombie40k.events import HordeRespawned, Moved, SquadRespawned
from game.rules.zombie40k.hooks import Plugin, register
from game.rules.zombie40k.setup import spots_near, vehicle_centre
from game.rules.zombie40k.state import ALIVE, HORDE, PLAYERS, ZOMBIES, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point


@register
class Respawning(Plugin):
    """Wiped-out squads come back at the start of their player's turn, destroyed hordes at the start of the
    zombies' [seed]."""

    order = 10

    def player_respawn_phase(self, world: Any, player: int) -> None:
        squad = world.state.squad_of(player)
        if squad.wiped_out and not world.alive(squad) and not mods.out_for_good(world, squad):
            respawn_squad(world, squad)

    def zombie_respawn_phase(self, world: Any) -> None:
        for horde in [u for u in world.state.zombie_units() if u.kind == HORDE]:
            if horde.wiped_out and not world.alive(horde):
                respawn_horde(world, horde)

    def squad_out_for_good(self, world: Any, squad: Unit) -> bool:
        return mods.out_for_good(world, squad)  # Instant Death, Hardcore Mode, Coop Mode


def _deploy_centre(world: World, squad: Unit) -> Point:
    for z in world.scenario.zones_of("deploy"):
        if int(z.properties.get("player", z.properties.get("side", 0)) or 0) == squad.player:
            return z.area.centre
    w, h = world.scenario.width, world.scenario.height
    n = max(1, len(world.state.players))
    return ((squad.player - 0.5) * w / n, h - 4)


def respawn_spots(world: World, squad: Unit) -> tuple[list[Point], float]:
    """Where the squad's models come back, and the least distance from the vehicle the rule asks."""
    st, d = world.state, world.data
    others = [u for u in st.squads() if u.id != squad.id and world.alive(u)]
    furthest = max((world.unit_vehicle_distance(u) for u in others), default=0.0)
    need = furthest + d.house.respawn_distance if others else 0.0
    r = d.house.base / 2
    n = len(squad.models)
    spacing = d.house.deploy_spacing
    back = _deploy_centre(world, squad)
    goal = vehicle_centre(world)
    length = math.dist(goal, back)
    ux, uy = ((back[0] - goal[0]) / length, (back[1] - goal[1]) / length) if length > 1e-9 else (0.0, 1.0)
    enemy_gap = d.house.enemy_gap
    if not others:  # alone on the table (solo): no one to come back behind, so its deployment zone [house]
        goal = back  # (the walk out from the vehicle would stand it at the vehicle, a move from winning)

    def legal(p: Point) -> bool:
        if world.vehicle_distance(p, r) < need - 1e-9:
            return False
        for fid in world.table.figures_in_circle(p, r + enemy_gap + 1.0):
            o = st.models.get(fid)
            if (
                o is not None
                and o.alive
                and o.unit != squad.id
                and math.dist(o.position, p) < r + o.radius + enemy_gap
            ):
                return False
        return True

    # step out from the vehicle toward the deployment zone: the first centre with room for the squad
    t = 0.0
    while t <= max(world.scenario.width, world.scenario.height) * 1.5:
        c = (goal[0] + ux * t, goal[1] + uy * t)
        if world.table.on_table(c, r) and world.vehicle_distance(c, r) >= need:
            spots = spots_near(world, c, n, r, spacing, legal)
            if len(spots) == n:
                return spots, need
        t += 1.0
    return spots_near(world, back, n, r, spacing), need  # [house] no legal ground: the deployment zone


def respawn_squad(world: World, squad: Unit) -> None:
    st = world.state
    spots, need = respawn_spots(world, squad)
    if not spots:
        return
    goal = vehicle_centre(world)
    for fid, p in zip(squad.models, spots):
        m = st.models[fid]
        old = m.position
        m.state, m.wounds = ALIVE, world.profile(m).w
        m.moved = m.fired = m.ran = False
        m.facing = math.degrees(math.atan2(goal[1] - p[1], goal[0] - p[0])) % 360
        m.position = (float(p[0]), float(p[1]))
        world.table.place(fid, m.position, m.radius)
        world.emit(Moved(fid, (old, m.position), round(m.facing, 3), 0.0, "respawn"))
    squad.wiped_out = squad.falling_back = False
    squad.respawns += 1  # Hardcore Mode counts them
    squad.power_ups = []
    squad.difficult_roll = squad.run_roll = None
    squad.engaged_turn = squad.charged_turn = -1
    centre = (sum(p[0] for p in spots) / len(spots), sum(p[1] for p in spots) / len(spots))
    world.emit(
        SquadRespawned(
            squad.id,
            squad.player,
            tuple(m for m in squad.models if st.models[m].state == ALIVE),
            (round(centre[0], 4), round(centre[1], 4)),
            round(need, 4),
        )
    )


EDGES = (
    "the players' starting edge",
    "the edge to its left",
    "the edge to its right",
    "the escape vehicle's edge",
)


def _edge_normals(world: World) -> tuple[Point, Point]:
    """Inward directions of the vehicle's edge and of the players' starting edge (the one opposite)."""
    w, h = world.scenario.width, world.scenario.height
    x, y = vehicle_centre(world)
    gaps = {(0.0, 1.0): y, (0.0, -1.0): h - y, (1.0, 0.0): x, (-1.0, 0.0): w - x}  # inward normal -> gap
    n = min(gaps, key=lambda k: (gaps[k], k))
    return n, (-n[0], -n[1])


def edge_of(world: World, face: int) -> Point:
    """The inward direction of the edge a respawn roll of 1 to 4 names."""
    vehicle, players = _edge_normals(world)
    fx, fy = players  # looking from the players' edge into the table
    left = (fy, -fx)  # on the screen (y down) the left of a heading (dx, dy) is (dy, -dx)
    return {1: players, 2: (-left[0], -left[1]), 3: left, 4: vehicle}[face]  # an edge's normal points away from it


def _on_edge(world: World, normal: Point, p: Point, inset: float) -> Point:
    """The point of the edge with inward ``normal`` closest to ``p``, ``inset`` inches onto the table."""
    w, h = world.scenario.width, world.scenario.height
    x = min(max(p[0], inset), w - inset)
    y = min(max(p[1], inset), h - inset)
    if normal == (1.0, 0.0):
        return (inset, y)
    if normal == (-1.0, 0.0):
        return (w - inset, y)
    if normal == (0.0, 1.0):
        return (x, inset)
    return (x, h - inset)


def _clamp(world: World, p: Point, inset: float) -> Point:
    w, h = world.scenario.width, world.scenario.height
    return (min(max(p[0], inset), w - inset), min(max(p[1], inset), h - inset))


def respawn_horde(world: World, horde: Unit) -> None:
    """A destroyed horde comes back where a D6 says [seed] (Coop Mode: on the vehicle's edge once a team came
    within 8" of it), clear of the squads; Death Korps Zombies come back tougher."""
    r = world.data.house.base / 2
    forced = mods.vehicle_edge_forced(world)  # Coop Mode: a team within 8" of the vehicle
    face = 4 if forced else world.d6(f"{horde.id} respawn", "")
    squads = [u for u in world.state.squads() if world.alive(u)]
    if face <= 4:
        centre, where = _edge_arrival(world, face, squads, r)
        where += ' (Coop Mode: a team is within 8" of it)' if forced else ""
    elif face == 5:
        centre, where = _scattered_arrival(world, horde, r)
    else:
        centre, where = _dropped_arrival(world, squads, r)
    back = _place_horde(world, horde, centre, r)
    world.emit(
        HordeRespawned(
            horde.id, 0 if forced else face, where, tuple(back), (round(centre[0], 4), round(centre[1], 4))
        )
    )
    mods.harden(world, horde)  # Death Korps Zombies


def _edge_arrival(world: World, face: int, squads: list[Unit], r: float) -> tuple[Point, str]:
    """1-4: the edge the roll names, at its point nearest the nearest squad not fighting zombies (else the
    nearest squad; with none, its middle)."""
    st = world.state
    free = [u for u in squads if not any(st.units[o].side == ZOMBIES for o in st.engaged_with(u.id))]
    normal = edge_of(world, face)
    probe = _on_edge(world, normal, (world.scenario.width / 2, world.scenario.height / 2), r + 0.1)
    near = free or squads
    if near:

        def gap(m: Any) -> float:
            return math.dist(_on_edge(world, normal, m.position, 0), m.position)

        target = min(near, key=lambda u: (min(gap(m) for m in world.alive(u)), u.id))
        m = min(world.alive(target), key=lambda m: (gap(m), m.id))
        probe = _on_edge(world, normal, m.position, r + 0.1)
    return probe, EDGES[face - 1]


def _scattered_arrival(world: World, horde: Unit, r: float) -> tuple[Point, str]:
    """5: deep strike from the table centre, scattering 2D6; a hit still scatters, along the arrow [seed]."""
    sc = world.dice.scatter(f"{horde.id} deep strike scatter")
    roll = world.dice.log[-1]
    a = math.radians(sc.direction_deg)
    mid = (world.scenario.width / 2, world.scenario.height / 2)
    centre = _clamp(world, (mid[0] + sc.distance * math.cos(a), mid[1] + sc.distance * math.sin(a)), r + 0.1)
    world.emit(
        DiceRolled(
            roll.purpose,
            roll.kind,
            roll.faces,
            sc.distance,
            f'deep strike scatters {sc.distance}" toward {sc.direction_deg:.0f} deg',
        )
    )
    return centre, "deep strike from the table centre"


def _dropped_arrival(world: World, squads: list[Unit], r: float) -> tuple[Point, str]:
    """6: the player furthest from the vehicle drops it ``horde_drop_gap`` in front of the squad nearest the
    vehicle other than their own (Coop Mode: the team closest to the vehicle); the rules choose for them."""
    goal = vehicle_centre(world)
    furthest = max(squads, key=lambda u: (world.unit_vehicle_distance(u), u.id), default=None)
    others = [u for u in squads if furthest is None or u.id != furthest.id]
    leader = min(others, key=lambda u: (world.unit_vehicle_distance(u), u.id), default=None)
    coop = mods.has_mod(world, "coop")
    if coop:  # Coop Mode: directly in front of the team closest to the vehicle
        leader = mods.drop_leader(world, squads)
    if leader is None:
        centre = (world.scenario.width / 2, world.scenario.height / 2)
    else:
        m = min(world.alive(leader), key=lambda m: (world.vehicle_distance(m.position, m.radius), m.id))
        gap = world.data.house.horde_drop_gap
        dist = math.dist(m.position, goal)
        t = min(1.0, gap / dist) if dist > 1e-9 else 0.0
        centre = _clamp(
            world,
            (m.position[0] + (goal[0] - m.position[0]) * t, m.position[1] + (goal[1] - m.position[1]) * t),
            r + 0.1,
        )
    if coop:
        front = f"player {leader.player}" if leader is not None else "nobody"
        return centre, f"deep strike in front of {front}, the closest to the escape vehicle (Coop Mode)"
    who = f"player {furthest.player}" if furthest is not None else "nobody"
    return centre, f"deep strike placed by {who}, the furthest from the escape vehicle"


def _place_horde(world: World, horde: Unit, centre: Point, r: float) -> list[str]:
    """The horde's models back on the table around ``centre``, clear of the squads' bases; the ones placed."""
    st, d = world.state, world.data
    enemy_gap = d.house.enemy_gap

    def clear(p: Point) -> bool:
        for fid in world.table.figures_in_circle(p, r + enemy_gap + 1.0):
            o = st.models.get(fid)
            if (
                o is not None
                and o.alive
                and o.side == PLAYERS
                and math.dist(o.position, p) < r + o.radius + enemy_gap
            ):
                return False
        return True

    spots = spots_near(world, centre, len(horde.models), r, d.house.horde_spacing, clear)
    back: list[str] = []
    for fid, p in zip(horde.models, spots):
        m = st.models[fid]
        old = m.position
        m.state, m.wounds = ALIVE, world.profile(m).w
        m.position = (float(p[0]), float(p[1]))
        world.table.place(fid, m.position, m.radius)
        world.emit(Moved(fid, (old, m.position), round(m.facing, 3), 0.0, "respawn"))
        back.append(fid)
    if back:
        horde.wiped_out = horde.falling_back = False
        horde.engaged_turn = horde.charged_turn = -1
    return back


__all__ = ["Respawning", "respawn_squad", "respawn_spots", "PLAYERS"]
