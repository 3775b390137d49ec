"""The Axis turn: the reaction table and how the zombie unit moves (RULES.md, Zombiekrieg 848,
The zombies).

Roll 1D6 (+1 after an initiative Critical Failure, 6 at most) on the reaction table, in the
furthest-left column that applies. Then every standing zombie moves:
- a zombie within 4" of an Allied figure goes for the nearest Allied figure (a path around walls);
- the rest move as one unit toward the cell's goal (nearest Allied figure, nearest one seen by any
  zombie, or the noise) downhill on one shared distance field, nearest to the goal first so the
  front does not block the back, and each ends within 2" of another zombie (it stops short where
  needed) [house: a zombie already out of touch at the start just walks];
- a path entering clutter is cut to the unit's clutter roll (1D6", 2D6" on a charge; one roll for
  the unit per turn) and never goes further than the table result [house];
- knocked-down zombies lie still. Choices [house]: "within 4"", "seen" and the unit use standing
  zombies only; a zombie sees in every direction (LOS, not arc; obscured still counts as seen).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.rules.zombiekrieg.data import Reaction
from game.rules.zombiekrieg.events import ReactionRolled, ZombieMoved
from game.rules.zombiekrieg.geometry import angle_to
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point
from game.table import path_length, truncate_path


def column(world: World) -> str:
    """The furthest-left reaction column that applies."""
    zs = [z for z in world.state.zombies() if z.standing]
    allies = [a for a in world.state.allied() if a.on_table]
    if not zs or not allies:
        return "otherwise"
    reach = float(world.data.house("break_off"))
    if _breakers(world, zs, reach, first_only=True):
        return "close"
    if seen_allies(world, zs, allies):
        return "seen"
    return "otherwise"


def _breakers(world: World, zs: Sequence[Figure], reach: float, first_only: bool = False) -> list[Figure]:
    """Zombies with an Allied base at least partly within ``reach`` of their base edge (in ``zs`` order).

    Asked from the few Allied figures first, so only zombies near one get the exact question."""
    table = world.table
    near: set[str] = set()
    for fid in table.figures():
        if world.is_allied(fid):
            # a hair wider than any zombie it can matter for: the exact test below decides
            near.update(table.figures_in_circle(table.position(fid), table.radius(fid) + reach + 1e-6))
    out = []
    for z in zs:
        if z.id in near and table.any_figure_in_circle(z.position, z.radius + reach, where=world.is_allied):
            out.append(z)
            if first_only:
                break
    return out


def seen_allies(
    world: World, zs: Sequence[Figure], allies: Sequence[Figure], first_only: bool = True
) -> list[Figure]:
    """Allied figures in LOS of any standing zombie (nearest zombies tried first)."""
    limit = float(world.data.house("clutter_los_limit"))
    out = []
    for a in allies:
        for z in sorted(zs, key=lambda z: math.dist(z.position, a.position)):
            if world.table.line_of_sight(z.position, a.position, limit).state != "blocked":
                out.append(a)
                break
        if out and first_only:
            return out
    return out


def reaction_roll(world: World) -> tuple[int, str, Reaction]:
    st = world.state
    col = column(world)
    r = world.dice.d6("reaction table")
    roll = min(int(world.data.house("max_reaction_roll")), r + st.reaction_bonus)
    cell = world.data.reaction_cell(col, roll)
    bonus = f" +{st.reaction_bonus} = {roll}" if st.reaction_bonus else ""
    from game.rules.core import DiceRolled

    world.emit(DiceRolled("reaction table", "D6", (r,), r, f"D6 = {r}{bonus}: {cell.describe()}"))
    world.emit(ReactionRolled(roll, col, cell.describe()))
    return roll, col, cell


@dataclass
class _Walk:
    zombie: Figure
    start: Point
    path: list[Point]
    breaks_off: bool
    was_in_touch: bool


def axis_move(world: World) -> None:
    """Roll on the reaction table and move the unit."""
    _, _, cell = reaction_roll(world)
    if cell.move == "none":
        return
    st = world.state
    zs = sorted((z for z in st.zombies() if z.standing), key=lambda z: _num(z.id))
    allies = [a for a in st.allied() if a.on_table]
    if not zs or not allies:
        return
    if isinstance(cell.distance, str):
        n = int(cell.distance.upper().split("D")[0] or 1)
        dist = float(world.roll(n, "zombie charge distance", "").total)
    else:
        dist = float(cell.distance)
    if dist <= 0:
        return
    reach = float(world.data.house("break_off"))
    cohesion = float(world.data.house("cohesion"))
    r = zs[0].radius
    breakers = _breakers(world, zs, reach)
    breaking = {z.id for z in breakers}
    unit = [z for z in zs if z.id not in breaking]
    clutter_allowance: list[float] = []  # the one clutter roll of the turn, made when first needed

    def cut_for_clutter(path: list[Point]) -> list[Point]:
        if len(path) < 2 or world.table.clutter_on_path(path) <= 0:
            return path
        if not clutter_allowance:
            dice = int(
                world.data.raw["zombies"]["clutter_charge_dice" if cell.move == "charge" else "clutter_dice"]
            )
            roll = world.roll(dice, "zombies in clutter").total
            allowance = min(dist, float(roll))
            world.events[-1] = _meaning(
                world.events[-1], f'{dice}D6 = {roll}: zombies in clutter move up to {allowance:g}"'
            )
            clutter_allowance.append(allowance)
        return truncate_path(path, clutter_allowance[0])

    walks: list[_Walk] = []
    # break-off zombies first: they are the front of the unit
    for z in sorted(breakers, key=lambda z: (_nearest_allied_distance(world, z), _num(z.id))):
        target = world.table.nearest(z.position, where=world.is_allied)
        if target is None:
            continue
        raw = world.table.find_path(z.position, st.figures[target].position, r, max_length=dist)
        walks.append(_walk(world, z, cut_for_clutter(list(raw) if raw else [z.position]), True, True))
    if unit:
        goals = _goals(world, cell, allies, unit)
        field = world.table.distance_field(goals, r)
        in_touch = {z.id: _in_touch(world, z, z.position, cohesion) for z in unit}
        for z in sorted(unit, key=lambda z: (field.distance(z.position), _num(z.id))):
            raw = field.step(z.position, dist)
            walks.append(
                _walk(world, z, cut_for_clutter(list(raw) if raw else [z.position]), False, in_touch[z.id])
            )
        for w in walks:
            if not w.breaks_off and w.was_in_touch:
                _keep_in_touch(world, w, cohesion)
    for w in walks:
        if len(w.path) >= 2 and path_length(w.path) > 1e-6:
            z = w.zombie
            z.facing = round(angle_to(w.path[-2], w.path[-1]), 6)
            world.emit(ZombieMoved(z.id, tuple(w.path)))


def _walk(world: World, z: Figure, raw: list[Point], breaks_off: bool, in_touch: bool) -> _Walk:
    """Clip the wanted path against walls and bases and put the zombie at its end."""
    start = z.position
    pts = [start]
    for p in raw:
        if math.dist(p, pts[-1]) > 1e-9:
            pts.append((float(p[0]), float(p[1])))
    if len(pts) < 2:
        return _Walk(z, start, [start], breaks_off, in_touch)
    check = world.table.check_path(pts, z.radius, mover=z.id)
    path = list(check.points)
    world.set_position(z, path[-1])
    return _Walk(z, start, path, breaks_off, in_touch)


def _in_touch(world: World, z: Figure, p: Point, cohesion: float) -> bool:
    return world.table.any_figure_in_circle(
        p, z.radius + cohesion, where=lambda fid: fid != z.id and world.is_standing_zombie(fid)
    )


def _keep_in_touch(world: World, w: _Walk, cohesion: float) -> None:
    """Pull a zombie back along its own path until it is within 2" of another zombie."""
    z = w.zombie
    if len(w.path) < 2 or _in_touch(world, z, z.position, cohesion):
        return
    total = path_length(w.path)
    step = 0.25
    d = total - step
    while d > 0:
        p = truncate_path(w.path, d)[-1]
        if _in_touch(world, z, p, cohesion) and not world.table.any_figure_in_circle(
            p, z.radius, where=lambda fid: fid != z.id
        ):
            w.path = truncate_path(w.path, d)
            world.set_position(z, p)
            return
        d -= step
    # nowhere on its path keeps it in touch: it stays where it got to (and catches up later)


def _goals(world: World, cell: Reaction, allies: list[Figure], unit: list[Figure]) -> list[Point]:
    if cell.toward == "noise" and world.state.noise is not None:
        return [world.state.noise]
    if cell.toward == "nearest_seen":
        seen = seen_allies(world, unit, allies, first_only=False)
        if seen:
            return [a.position for a in seen]
    return [a.position for a in allies]


def _nearest_allied_distance(world: World, z: Figure) -> float:
    t = world.table.nearest(z.position, where=world.is_allied)
    return math.dist(z.position, world.state.figures[t].position) if t else math.inf


@lru_cache(maxsize=4096)  # ids repeat every turn; sorting a horde asks thousands of times
def _num(fid: str) -> int:
    digits = "".join(ch for ch in fid if ch.isdigit())
    return int(digits) if digits else 0


def _meaning(ev, text):
    from dataclasses import replace

    return replace(ev, meaning=text)
