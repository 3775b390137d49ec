"""The Axis turn: the reaction table and how the zombie unit moves (rules: Zombiekrieg 848,
The zombies).

Roll 1D6 (+1 after an initiative Critical Failure, 6 at most) on the reaction table, in the
furthest-left column that applies. Then every standing zombie moves:
- a zombie within 4" of an Allied figure goes for the nearest Allied figure (a path around walls);
- the rest move as one unit toward the cell's goal (nearest Allied figure, nearest one seen by any
  zombie, or the noise), nearest to the goal first so the front does not block the back: straight
  at the goal in open ground, else downhill on one shared distance field round the walls; a zombie
  stopped short by a base goes round it (module ``detour``) [house how];
- Cohesion (module ``cohesion``): after the move every zombie not within 4" of an Allied figure is
  within 2" of another zombie, wherever the walls allow. One that would end further away stops on
  its path where it still is, else the neighbour that left it stops with it, else it goes back
  [house how]; a zombie out of touch at the start spends its move rejoining the nearest zombie;
- a path entering clutter is cut to the unit's clutter roll (1D6", 2D6" on a charge; one roll for
  the unit per turn) and never goes further than the table result [house] (the literal reading,
  a set-up choice, lets it go the whole roll);
- every change of position is a ``ZombieMoved`` event; a step under a millionth of an inch is none;
- knocked-down zombies lie still. Choices [house]: "within 4"", "seen" and the unit use standing
  zombies only; a zombie sees in every direction (LOS, not arc; obscured still counts as seen).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from game.rules.zombiekrieg import cohesion, detour
from game.rules.zombiekrieg.data import Reaction
from game.rules.zombiekrieg.events import ReactionRolled, ZombieMoved
from game.rules.zombiekrieg.geometry import angle_to, within_reach
from game.rules.zombiekrieg.state import Figure, figure_number
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point
from game.table import DistanceField, path_length, truncate_path

# A zombie step shorter than this is no move (it would be an event too small to see).
MIN_MOVE = 1e-6


def column(world: World) -> str:
    """The furthest-left reaction column that applies."""
    zs = [z for z in world.state.zombies() if z.standing]
    allies = [a for a in world.state.allied() if a.on_table]
    if not zs or not allies:
        return "otherwise"
    reach = world.data.house.break_off
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
    for fid in world.allied_ids():
        if world.is_allied(fid):
            # a hair wider than any zombie it can matter for: the exact test below decides
            near.update(table.figures_in_circle(table.position(fid), table.radius(fid) + reach + 1e-6))
    out = []
    for z in zs:
        if z.id in near and table.any_of_in_circle(
            z.position, within_reach(z.radius, reach), world.allied_ids(), where=world.is_allied
        ):
            out.append(z)
            if first_only:
                break
    return out


ALL_LINES_UP_TO = 1024  # zombies x soldiers: up to this many, seen_allies (all) asks every line at once


def seen_allies(
    world: World, zs: Sequence[Figure], allies: Sequence[Figure], first_only: bool = True
) -> list[Figure]:
    """Allied figures in LOS of any standing zombie (all of them, or the first only). All of them, of a
    unit of a few dozen, are asked of the table in one call; otherwise each ally's two nearest
    zombies are tried first, and every other zombie's line to an ally not yet seen is asked in one
    call (an ally no zombie sees costs a line from every zombie)."""
    limit = world.data.house.clutter_los_limit
    table = world.table
    watchers = [z.position for z in zs]
    if not first_only and len(zs) * len(allies) <= ALL_LINES_UP_TO:  # a few dozen zombies: one call
        found = table.seen_from_any(watchers, [a.position for a in allies], limit)
        return [a for a, s in zip(allies, found) if s]
    out = []
    unseen: list[Figure] = []
    for a in allies:
        nearest = heapq.nsmallest(2, zs, key=lambda z: math.dist(z.position, a.position))
        if any(table.line_of_sight(z.position, a.position, limit).state != "blocked" for z in nearest):
            out.append(a)
        elif first_only and len(zs) > 2 and table.seen_from_any(watchers, [a.position], limit)[0]:
            out.append(a)
        else:
            unseen.append(a)
        if out and first_only:
            return out
    if first_only or not unseen or len(zs) <= 2:
        return out
    found = table.seen_from_any(watchers, [a.position for a in unseen], limit)
    seen = {id(a) for a in out} | {id(a) for a, s in zip(unseen, found) if s}
    return [a for a in allies if id(a) in seen]


def reaction_roll(world: World) -> tuple[int, str, Reaction]:
    st = world.state
    col = column(world)
    r = world.dice.d6("reaction table")
    roll = min(world.data.house.max_reaction_roll, r + st.reaction_bonus)
    cell = world.data.reaction_cell(col, roll)
    bonus = f" +{st.reaction_bonus} = {roll}" if st.reaction_bonus else ""
    from game.rules.core import DiceRolled

    world.emit(DiceRolled("reaction table", "D6", (r,), r, f"D6 = {r}{bonus}: {cell.describe()}"))
    world.emit(ReactionRolled(roll, col, cell.describe()))
    return roll, col, cell


def axis_move(world: World) -> None:
    """Roll on the reaction table and move the unit."""
    _, _, cell = reaction_roll(world)
    if cell.move == "none":
        return
    st = world.state
    zs = sorted((z for z in st.zombies() if z.standing), key=lambda z: figure_number(z.id))
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
    breakers = _breakers(world, zs, world.data.house.break_off)
    breaking = {z.id for z in breakers}
    # out of touch at the start (set-up, or left behind): these spend the move rejoining; a unit of one
    # zombie is together by itself
    alone = len(zs) == 1
    asked = [] if alone else [z for z in zs if z.id not in breaking]
    stragglers = [z for z, touch in zip(asked, cohesion.in_touch_where_they_stand(world, asked)) if not touch]
    lost = {z.id for z in stragglers}
    unit = [z for z in zs if z.id not in breaking and z.id not in lost]
    clutter = _ClutterAllowance(world, cell, dist)
    starts = {z.id: z.position for z in zs}
    paths: dict[str, list[Point]] = {}
    hows: dict[str, str] = {}
    order: list[Figure] = []
    wanted: list[list[Point]] = []  # each walker's path before the others are in its way
    replans: list[Callable[[float], list[Point]] | None] = []

    def walk(z: Figure, how: str, path: list[Point], plan: Callable[[float], list[Point]] | None) -> None:
        # the paths do not depend on where the zombies before have gone: they walk together below
        wanted.append(path)
        replans.append(plan if clutter.may_replan else None)  # a horde's plans are not kept for nothing
        hows[z.id] = how
        order.append(z)

    # the break-off zombies first: they are the front of the unit
    for z in sorted(breakers, key=lambda z: (_nearest_allied_distance(world, z), figure_number(z.id))):
        target = world.table.nearest_of(z.position, world.allied_ids(), where=world.is_allied)
        if target is not None:
            plan = _path_to(world, z, st.figures[target].position)
            walk(z, "close in", plan(dist), plan)
    if unit:
        goals = _goals(world, cell, allies, unit)
        field = world.table.distance_field(goals, unit[0].radius)
        walking = dict(zip((z.id for z in unit), field.distances([z.position for z in unit])))
        straight = {
            z.id: goals[i] for z, i in zip(unit, field.straight_goals([z.position for z in unit])) if i >= 0
        }
        stepping = [z for z in unit if z.id not in straight]
        steps = dict(zip((z.id for z in stepping), field.steps([z.position for z in stepping], dist)))
        for z in sorted(unit, key=lambda z: (walking[z.id], figure_number(z.id))):
            goal = straight.get(z.id)
            if clutter.may_replan:  # a longer clutter roll may come: the plan is kept to walk it
                plan = _path_toward(z, goal, field, (dist, steps.get(z.id)))
                walk(z, cell.move, plan(dist), plan)
            else:  # the path of the table's distance straight away, no plan made for each
                walk(
                    z,
                    cell.move,
                    _straight_toward(z.position, goal, dist) if goal is not None else list(steps[z.id]),
                    None,
                )
    cut = clutter.cut_all(wanted, replans)
    paths.update(zip((z.id for z in order), _walk_in_turn(world, order, cut)))
    detour.go_round(world, order, cut, paths)
    if not alone:
        _keep_together(world, order, paths, starts)
        # one that could not move (hemmed in) while the unit moved off, and that no neighbour could wait
        # for, spends its move rejoining as a straggler does
        for z in order:
            if z.position == starts[z.id] and not cohesion.settled(world, z, z.position):
                paths[z.id], hows[z.id] = _walk(world, z, clutter.cut(_rejoin_plan(world, z))), "rejoin"
    for z in stragglers:
        paths[z.id], hows[z.id] = _walk(world, z, clutter.cut(_rejoin_plan(world, z))), "rejoin"
        order.append(z)
    for z in order:
        path = paths[z.id]
        if z.position != starts[z.id]:
            z.facing = round(angle_to(path[-2], path[-1]), 6)
            world.emit(ZombieMoved(z.id, tuple(path), hows[z.id]))


class _ClutterAllowance:
    """The unit's one clutter roll of the turn, made when a path first enters clutter [house]: up to
    1D6" (2D6" on a charge), and never further than the table says unless the literal reading is
    chosen (rules: Readings: the source's zombies in clutter move up to the roll)."""

    def __init__(self, world: World, cell: Reaction, dist: float) -> None:
        self.world, self.cell, self.dist = world, cell, dist
        self.allowance: float | None = None
        # only the literal reading lets a path in clutter go further than the table's distance
        self.may_replan = bool(world.reading("zombie_clutter_full_roll"))

    def roll(self) -> float:
        if self.allowance is None:
            world = self.world
            key = "clutter_charge_dice" if self.cell.move == "charge" else "clutter_dice"
            dice = int(world.data.raw["zombies"][key])
            roll = float(world.roll(dice, "zombies in clutter").total)
            literal = world.reading("zombie_clutter_full_roll")
            self.allowance = roll if literal else min(self.dist, roll)
            world.events[-1] = _meaning(
                world.events[-1], f'{dice}D6 = {roll:g}: zombies in clutter move up to {self.allowance:g}"'
            )
        return self.allowance

    def cut(self, plan: Callable[[float], list[Point]]) -> list[Point]:
        """The wanted path of the table's distance, or of the clutter roll when it enters clutter."""
        return self.cut_all([plan(self.dist)], [plan])[0]

    def cut_all(
        self, wanted: Sequence[list[Point]], plans: Sequence[Callable[[float], list[Point]] | None]
    ) -> list[list[Point]]:
        """:meth:`cut` for each path of the table's distance in turn (``plans``: the plans that made
        them, needed only when :attr:`may_replan`), the paths' clutter asked of the table together
        (the roll is made when the first path in turn enters clutter, as one by one)."""
        asked = [path for path in wanted if len(path) >= 2]
        inside = iter(self.world.table.paths_in_clutter(asked))
        out = []
        for plan, path in zip(plans, wanted):
            if len(path) < 2 or not next(inside):
                out.append(path)
                continue
            allowance = self.roll()
            if allowance > self.dist:
                assert plan is not None  # kept where the reading lets the roll go further
                path = plan(allowance)
            out.append(truncate_path(path, allowance))
        return out


def _path_to(world: World, z: Figure, goal: Point) -> Callable[[float], list[Point]]:
    """Round the walls toward one point (straight when nothing is in the way)."""

    def plan(length: float) -> list[Point]:
        raw = world.table.find_path(z.position, goal, z.radius, max_length=length)
        return list(raw) if raw else [z.position]

    return plan


def _path_toward(
    z: Figure, goal: Point | None, field: DistanceField, stepped: tuple[float, list[Point] | None]
) -> Callable[[float], list[Point]]:
    """Toward the nearest goal: straight at ``goal`` when it has one in open ground (rules: Common,
    Movement; see ``DistanceField.straight_goals``), else down the unit's shared distance field round the
    walls (``stepped``: a length and the step of that length, worked out with the unit's others)."""
    here = z.position
    if goal is not None:
        return lambda length: _straight_toward(here, goal, length)

    def plan(length: float) -> list[Point]:
        path = stepped[1] if length == stepped[0] and stepped[1] is not None else field.step(here, length)
        return list(path) or [here]

    return plan


def _straight_toward(here: Point, goal: Point, length: float) -> list[Point]:
    """``truncate_path([here, goal], length)``, its one leg worked out the same way without its loop
    (a horde's straight walkers ask it thousands of times a turn)."""
    leg = math.dist(here, goal)
    left = max(0.0, length)
    if leg <= left:
        return [here, goal]
    if left > 0.0:
        f = left / leg
        return [here, (here[0] + (goal[0] - here[0]) * f, here[1] + (goal[1] - here[1]) * f)]
    return [here]


def _rejoin_plan(world: World, z: Figure) -> Callable[[float], list[Point]]:
    """A zombie out of touch walks toward the nearest other standing zombie and stops as soon as it is
    back within 2" of the unit."""
    other = world.table.nearest(z.position, where=lambda fid: fid != z.id and world.is_standing_zombie(fid))
    if other is None or cohesion.in_touch(world, z, z.position):
        return lambda length: [z.position]
    toward = _path_to(world, z, world.state.figures[other].position)

    def plan(length: float) -> list[Point]:
        path = toward(length)
        if len(path) < 2:
            return path
        legal = list(world.table.legal_path(path, z.radius, mover=z.id))
        return cohesion.first_settled(world, z, legal) or legal

    return plan


def _walk(world: World, z: Figure, raw: list[Point]) -> list[Point]:
    """Clip the wanted path against walls and bases and put the zombie at its end (see :func:`_walk_in_turn`)."""
    return _walk_in_turn(world, [z], [raw])[0]


def _walk_in_turn(world: World, zs: Sequence[Figure], wanted: Sequence[list[Point]]) -> list[list[Point]]:
    """Each zombie in turn: clip its wanted path against walls and bases (the zombies before it
    where they stopped) and put it at the end. A step too short to see (under a millionth of an
    inch) is no move at all, so every change of position is an event."""
    figures = world.state.figures
    out: list[list[Point]] = []
    by_radius: dict[float, list[int]] = {}  # the table walks bases of one size together
    walkers: list[tuple[str, list[Point]]] = []
    for z, raw in zip(zs, wanted):
        pts = [z.position]
        for p in raw:
            if math.dist(p, pts[-1]) > 1e-9:
                pts.append((float(p[0]), float(p[1])))
        by_radius.setdefault(z.radius, []).append(len(walkers))
        walkers.append((z.id, pts))
        out.append(pts)
    if len(by_radius) > 1:  # bases of more than one size: one at a time, in turn
        groups = [[i] for i in range(len(walkers))]
    else:
        groups = list(by_radius.values())
    for group in groups:
        radius = zs[group[0]].radius
        asked = [walkers[i] for i in group]
        walked = world.table.walk_in_turn(
            asked, radius, MIN_MOVE, lambda fid, p: world.set_position(figures[fid], p)
        )
        for i, path in zip(group, walked):
            out[i] = list(path) if len(path) >= 2 else [zs[i].position]
    return out


def _keep_together(
    world: World, order: Sequence[Figure], paths: dict[str, list[Point]], starts: dict[str, Point]
) -> None:
    """Cohesion [house how]: a zombie that ends neither within 2" of another zombie nor within 4" of an
    Allied figure stops on its own path at the furthest point where it is; failing that, the zombie
    that left it (the one that can stay with it keeping most of its move) stops where it still is
    within 2" of it; failing that, it goes back to where it started. Repeated until nothing changes:
    each change only shortens a path, and at the start the unit was together."""
    for _ in range(2 * len(order) + 2):
        changed = False
        # who is in touch as the pass starts, asked together: good until the pass moves someone
        touching = cohesion.in_touch_where_they_stand(world, order)
        for z, touch in zip(order, touching):
            if changed:
                touch = cohesion.in_touch(world, z, z.position)
            if touch or cohesion.near_allied(world, z, z.position):
                continue
            cut = cohesion.furthest_settled(world, z, paths[z.id]) if len(paths[z.id]) >= 2 else None
            if cut is not None and cut[-1] != z.position:
                changed |= _stop_at(world, z, cut, paths, starts)
                continue
            if _hold_back_a_neighbour(world, z, order, paths, starts):
                changed = True
                continue
            if z.position != starts[z.id] and not world.table.any_figure_in_circle(
                starts[z.id], z.radius, where=_other_than(z.id)
            ):
                changed |= _stop_at(world, z, [starts[z.id]], paths, starts)
        if not changed:
            return


def _hold_back_a_neighbour(
    world: World, z: Figure, order: Sequence[Figure], paths: dict[str, list[Point]], starts: dict[str, Point]
) -> bool:
    """Stop the zombie that can stay within 2" of ``z`` keeping the most of its move, there."""
    best: tuple[float, Figure, list[Point]] | None = None
    for m in order:
        if m.id == z.id or len(paths[m.id]) < 2:
            continue
        cut = cohesion.furthest_settled(world, m, paths[m.id], anchor=z.id)
        if cut is not None and cut[-1] != m.position:
            kept = path_length(cut)
            if best is None or kept > best[0]:
                best = (kept, m, cut)
    if best is None:
        return False
    return _stop_at(world, best[1], best[2], paths, starts)


def _stop_at(
    world: World, z: Figure, cut: list[Point], paths: dict[str, list[Point]], starts: dict[str, Point]
) -> bool:
    """Put ``z`` at the end of ``cut`` (the first part of its path); a step too short to see is none.
    Going back to the start is refused when another zombie has walked in there since (it moved first)."""
    if len(cut) < 2 or path_length(cut) < MIN_MOVE:
        cut = [starts[z.id]]
        if world.table.any_figure_in_circle(cut[0], z.radius, where=_other_than(z.id)):
            return False
    if cut[-1] == z.position:
        return False
    world.set_position(z, cut[-1])
    paths[z.id] = cut
    return True


def _goals(world: World, cell: Reaction, allies: list[Figure], unit: list[Figure]) -> list[Point]:
    if cell.toward == "noise" and world.state.noise is not None:
        return [world.state.noise]
    if cell.toward == "nearest_seen":
        seen = seen_allies(world, unit, allies, first_only=False)
        if seen:
            return [a.position for a in seen]
    return [a.position for a in allies]


def _nearest_allied_distance(world: World, z: Figure) -> float:
    t = world.table.nearest_of(z.position, world.allied_ids(), where=world.is_allied)
    return math.dist(z.position, world.state.figures[t].position) if t else math.inf


@lru_cache(maxsize=4096)  # ids repeat every turn; sorting a horde asks thousands of times
def _meaning(ev, text):
    from dataclasses import replace

    return replace(ev, meaning=text)


def _other_than(me: str) -> Callable[[str], bool]:
    """A figure filter: every figure but ``me``."""
    return lambda fid: fid != me
