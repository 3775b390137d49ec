"""The zombie turn (rules: Zombie 40,000: Zombie turn [seed]), driven by the rules:

1. Respawning: destroyed hordes come back by the D6 table (respawn.py) and may assault this turn.
2. Shamble: one D6 for all the zombies; each unengaged horde (and the Boss) moves that far toward the nearest
   player squad (engaged squads count; a squad completely surrounded by zombies is ignored), ignoring
   difficult terrain and going around walls. A horde that can reach base contact charges: the squad fires
   Overwatch first [7th], the zombies that reach contact lock the squad in combat and get +1 Attack.
3. Shooting: each horde's autogun fires at the nearest unengaged player squad, else the nearest squad; the
   Boss throws a blight grenade the same way.
4. Assault: every close combat is fought; zombies Sweeping Advance and consolidate toward the nearest squad.
5. It Will Not Die: each wounded zombie with the rule may regain a wound [7th].

The add-ons answer through ``world.hooks`` (:mod:`.hooks`): the respawning, the shamble's dice, the squads
the hordes may go for.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.core import IllegalCommand
from game.rules.zombie40k import assault, shooting
from game.rules.zombie40k.events import ChargeFailed, Engaged, MoveRolled, PhaseStarted, WoundRegained
from game.rules.zombie40k.state import HORDE, PLAYERS, ZOMBIES, Model, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point

NAV_CELL = 1.0  # inches: the zombies' walking grid (coarser than the players' for a fast turn)


def surrounded(world: World, squad: Unit) -> bool:
    """Every model of a squad in close combat has at least N zombies in base contact [house]."""
    if not world.state.locked(squad.id):
        return False
    need = world.data.house.surrounded_contacts
    c = world.data.house.contact
    for m in world.alive(squad):
        n = 0
        for fid in world.table.figures_in_circle(m.position, m.radius + c + 0.9):
            o = world.state.models.get(fid)
            if o is not None and o.alive and o.side != PLAYERS and world.edge(m, o) <= c:
                n += 1
        if n < need:
            return False
    return True


def target_squad(world: World, unit: Unit) -> Unit | None:
    """The nearest player squad to the horde (edge to edge), ignoring completely surrounded squads; Zombie
    Bile makes a squad the only target, Sweet Aviator Shades hide one (power-ups, through the hooks)."""
    squads = [u for u in world.state.squads() if world.alive(u) and not surrounded(world, u)]
    squads = world.hooks.shamble_targets(world, squads)
    if not squads:
        return None
    return min(squads, key=lambda s: (world.unit_edge(unit, s), s.id))


def shamble(world: World) -> None:
    st = world.state
    inches = world.hooks.shamble_roll(world)  # (Four Weeks Later rolls more)
    if inches is None:
        inches = world.d6("zombie shamble")  # a D6 [seed]
    world.emit(MoveRolled("zombies", "shamble", inches))
    fields: dict[tuple[str, float], Any] = {}  # squads stand still while zombies shamble: one field each
    for unit in [u for u in st.zombie_units() if world.alive(u) and not st.locked(u.id)]:
        target = target_squad(world, unit)
        if target is None:
            continue
        # a horde that can reach contact this shamble is charging: Overwatch first
        reach = [s for s in st.squads() if world.alive(s) and world.unit_edge(unit, s) <= inches + 1e-9]
        for s in sorted(reach, key=lambda s: world.unit_edge(unit, s)):
            shooting.overwatch(world, s, unit)
        if not world.alive(unit):
            continue
        if not world.alive(target):  # Overwatch that Got Hot can kill a squad's last model
            target = target_squad(world, unit)
            if target is None:
                continue
        move_horde(world, unit, target, float(inches), fields)
        touched = in_contact(world, unit)
        if reach and not touched:
            gap, nearest = nearest_squad(world, unit)
            world.emit(ChargeFailed(unit.id, nearest, "shamble", inches, round(gap, 3)))
        for uid in touched:
            squad = st.units[uid]
            if world.engage(unit, squad):
                world.emit(Engaged(unit.id, squad.id, unit.id))
            unit.charged_turn = st.turn
    world.hooks.shamble_over(world)


def in_contact(world: World, unit: Unit) -> list[str]:
    """The player squads some zombie of ``unit`` is in base contact with, in the order first met."""
    touched: list[str] = []
    c = world.data.house.contact
    for z in world.alive(unit):
        for fid in world.table.figures_in_circle(z.position, z.radius + c + 0.9):
            o = world.state.models.get(fid)
            if o is not None and o.alive and o.side == PLAYERS and world.edge(z, o) <= c and o.unit not in touched:
                touched.append(o.unit)
    return touched


def nearest_squad(world: World, unit: Unit) -> tuple[float, str]:
    """The gap, edge to edge, between the horde's nearest zombie and the nearest player model, and that
    model's squad."""
    pairs = [
        (world.edge(z, p), p.unit) for z in world.alive(unit) for s in world.state.squads() for p in world.alive(s)
    ]
    return min(pairs, default=(math.inf, ""))


def move_horde(world: World, unit: Unit, target: Unit, inches: float, fields: dict | None = None) -> None:
    """Every zombie up to ``inches`` along the walking distance toward the target squad's nearest model,
    the front ones first; a zombie stopped by another tries a sidestep; contact with a squad model stops it."""
    goals = [m.position for m in world.alive(target)]
    radius = world.alive(unit)[0].radius
    key = (target.id, radius)
    field = (fields or {}).get(key)

    def walking_field() -> Any:
        nonlocal field
        if field is None:
            field = world.table.distance_field(goals, radius)
            if fields is not None:
                fields[key] = field
        return field

    targets = world.alive(target)
    zombies = sorted(world.alive(unit), key=lambda z: (min(math.dist(z.position, g) for g in goals), z.id))
    for z in zombies:
        # in the open a zombie walks straight at the nearest model; around walls it follows the walking field
        near = min(targets, key=lambda o: (math.dist(z.position, o.position), o.id))
        d = math.dist(z.position, near.position)
        goal = (
            near.position
            if d <= inches + z.radius + near.radius
            else (
                z.position[0] + (near.position[0] - z.position[0]) * inches / d,
                z.position[1] + (near.position[1] - z.position[1]) * inches / d,
            )
        )
        if d > 1e-9 and world.table.leg_clear(z.position, goal, z.radius - 0.01):
            path = [z.position, goal]
        else:
            path = walking_field().step(z.position, inches)
        best = _walk(world, z, path, inches, goals)
        if best is None or len(best) < 2:
            continue
        world.move_along(z, best, "shamble")


def _nearest_gap(z: Model, p: Point, goals: list[Point]) -> float:
    return min(math.dist(p, g) for g in goals)


def _walk(world: World, z: Model, path: list[Point], inches: float, goals: list[Point]) -> list[Point] | None:
    # the legal part only: the clutter crossed is not read here
    check = world.table.legal_part(path, z.radius, mover=z.id, max_length=inches)
    pts = list(check.points)
    blocked_by_zombie = (
        check.blocked and check.blocked_by.startswith("figure ") and not _is_player(world, check.blocked_by[7:])
    )
    if not blocked_by_zombie or len(path) < 2:
        return pts
    # a friend in the way: try the first leg turned a little either side, keep what gets closest
    best, best_gap = pts, _nearest_gap(z, pts[-1], goals)
    (x0, y0), (x1, y1) = path[0], path[1]
    base = math.atan2(y1 - y0, x1 - x0)
    leg = min(inches, math.dist(path[0], path[1]) if len(path) == 2 else inches)
    for turn in world.data.house.zombie_sidesteps:  # [house] degrees aside
        a = base + math.radians(float(turn))
        goal = (x0 + leg * math.cos(a), y0 + leg * math.sin(a))
        side = world.table.legal_path([path[0], goal], z.radius, mover=z.id, max_length=inches)
        gap = _nearest_gap(z, side[-1], goals)
        if gap < best_gap - 1e-6:
            best, best_gap = list(side), gap
    return best


def _is_player(world: World, fid: str) -> bool:
    m = world.state.models.get(fid)
    return m is not None and m.side == PLAYERS


def zombie_shooting(world: World) -> None:
    st = world.state
    for unit in [u for u in st.zombie_units() if world.alive(u) and not st.locked(u.id)]:
        guns = [
            (m, world.data.weapon(w)) for m in world.alive(unit) for w in m.weapons if world.data.weapon(w).ranged
        ]
        if not guns:
            continue
        gun, weapon = max(guns, key=lambda g: g[1].range)  # the longest reach picks the target (the Patriarch)
        target = shooting.zombie_target(world, unit, gun, weapon)
        if target is None:
            continue
        try:
            p = shooting.plan(world, unit, target, models=(gun.id,))
        except IllegalCommand:
            continue
        shooting.carry_out(world, p)


def zombie_assault(world: World) -> None:
    for group in world.combats():
        if any(world.unit(u).side != PLAYERS for u in group):
            assault.fight(world, group)
        if world.state.winner:
            return


def run(world: World) -> None:
    """The whole zombie turn."""
    st = world.state
    world.emit(PhaseStarted("zombies", None))
    world.hooks.zombie_respawn_phase(world)
    for u in st.units.values():
        u.phase_start_models, u.phase_losses = len(world.alive(u)), 0
    for m in st.models.values():
        m.fired = False
    shamble(world)
    zombie_shooting(world)
    if not st.winner:
        zombie_assault(world)
    if not st.winner:
        it_will_not_die(world)  # (the Patriarch, of the Zombie Boss Alternatives)


def it_will_not_die(world: World, side: str = ZOMBIES) -> None:
    """At the end of its side's turn each wounded model with It Will Not Die regains a wound on 5+ [7th]."""
    need = int(world.data.mods.get("patriarch", {}).get("iwnd_roll", 5))
    for m in list(world.state.models.values()):
        if m.side != side or not m.alive or not world.model_has(m, "It Will Not Die"):
            continue
        top = world.profile(m).w
        if m.wounds >= top:
            continue
        if world.d6(f"{m.id} It Will Not Die", "") >= need:
            m.wounds += 1
            world.emit(WoundRegained(m.id, m.wounds))


__all__ = ["run", "HORDE"]
