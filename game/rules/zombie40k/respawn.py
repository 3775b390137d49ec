"""Respawning (RULES.md, Zombie 40,000: Player turn, "Respawning" [seed, 6" house]).

A wiped-out squad comes back at the start of its player's turn, every model at least ``respawn_distance``
further from the escape vehicle than the squad now furthest from it. The rules pick the place for the
player (a bot-friendly one): on the line from the vehicle through the squad's deployment zone, as near the
vehicle as that rule allows, in formation, clear of walls, bases and enemies. With no such ground on the
table, the squad comes back on the furthest-back ground there is (its deployment zone) [house].
Power-ups (the roll after respawning) and respawning hordes are not in this part.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.zombie40k.events import Moved, SquadRespawned
from game.rules.zombie40k.hooks import Hooks
from game.rules.zombie40k.setup import spots_near, vehicle_centre
from game.rules.zombie40k.state import ALIVE, PLAYERS, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point


class Respawning(Hooks):
    """Wiped-out squads come back at the start of their player's turn [seed]."""

    def player_respawn_phase(self, world: Any, player: int) -> None:
        squad = world.state.squad_of(player)
        if squad.wiped_out and not world.alive(squad):
            respawn_squad(world, squad)

    def squad_out_for_good(self, world: Any, squad: Unit) -> bool:
        return False


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
    need = furthest + float(d.h("respawn_distance")) if others else 0.0
    r = float(d.h("base")) / 2
    n = len(squad.models)
    spacing = float(d.h("deploy_spacing"))
    back = _deploy_centre(world, squad)
    goal = vehicle_centre(world)
    length = math.dist(goal, back)
    ux, uy = ((back[0] - goal[0]) / length, (back[1] - goal[1]) / length) if length > 1e-9 else (0.0, 1.0)
    enemy_gap = float(d.h("enemy_gap"))

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


__all__ = ["Respawning", "respawn_squad", "respawn_spots", "PLAYERS"]
