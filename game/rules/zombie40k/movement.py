"""Movement [7th]: 6" a model; a path entering difficult terrain (clutter, ruins) moves at most the squad's
2D6-keep-highest roll for the phase (3D6 with Move Through Cover); Run D6" instead of shooting (one roll for
the squad; Crusader keeps the best of two); no move ends within 1" of an enemy model; a model that comes
within 1" of the escape vehicle embarks, and its player wins [seed]. The add-ons answer through ``world.hooks``
(:mod:`.hooks`): a squad frozen for the turn, inches added, a re-roll of a short roll, ground that is all
difficult, an embarking refused, who wins.

Each ``plan_*`` checks a command without rolling and raises IllegalCommand; ``carry_out_*`` rolls and moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rules.core import IllegalCommand
from game.rules.zombie40k import coherency
from game.rules.zombie40k.commands import Move, Run
from game.rules.zombie40k.events import Embarked, EmbarkRefused, FallBackCut, FellBack, MoveRolled
from game.rules.zombie40k.state import PLAYERS, Model, Phase, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point
from game.table import PathCheck, truncate_path
from game.table.geometry import first_within
from game.table.wording import in_words


@dataclass(frozen=True)
class MovePlan:
    model: Model
    unit: Unit
    path: list[Point]
    facing: float | None
    check: PathCheck
    run: bool
    limit: float  # what the model may move at most without a roll


def own_model(world: World, fid: str) -> tuple[Model, Unit]:
    st = world.state
    m = st.models.get(fid)
    if m is None:
        raise IllegalCommand(f"There is no model {fid!r}.")
    if not m.alive:
        raise IllegalCommand(f"{fid} is not on the table.")
    if m.side != PLAYERS or m.player != st.active_player:
        raise IllegalCommand(f"{fid} is not a model of the player whose turn it is.")
    return m, st.units[m.unit]


def enemy_within(world: World, m: Model, p: Point, gap: float) -> str | None:
    """The first enemy model whose base is within ``gap`` of a base of m's size at p."""
    unit = world.state.units[m.unit]
    for fid in world.table.figures_in_circle(p, m.radius + gap + 0.8):
        o = world.state.models.get(fid)
        if o is None or fid == m.id or not o.alive:
            continue
        if (
            world.enemies(unit, world.state.units[o.unit])
            and math.dist(p, o.position) - m.radius - o.radius <= gap - 1e-6
        ):
            return fid
    return None


def difficult_dice(world: World, unit: Unit) -> int:
    n = world.data.house.difficult_terrain_dice
    return n + 1 if world.unit_has(unit, "Move Through Cover") else n


def plan_move(world: World, cmd: Move | Run) -> MovePlan:
    st = world.state
    run = isinstance(cmd, Run)
    m, unit = own_model(world, cmd.figure)
    want = Phase.SHOOTING if run else Phase.MOVEMENT
    if st.phase != want:
        raise IllegalCommand(
            f"{'Running' if run else 'Moving'} is for the {want.value} phase; it is the {st.phase.value} phase."
        )
    if st.locked(unit.id):
        raise IllegalCommand(f"{unit.name} is locked in close combat and cannot {'run' if run else 'move'}.")
    frozen = world.hooks.frozen(world, unit)
    if frozen:
        raise IllegalCommand(frozen)
    if unit.falling_back:
        raise IllegalCommand(f"{unit.name} is falling back.")
    if unit.regrouped_turn == st.turn and not run:
        raise IllegalCommand(f"{unit.name} regrouped this turn and may not move.")
    if run:
        if m.ran:
            raise IllegalCommand(f"{m.id} has already run this turn.")
        if world.unit_has(unit, "Slow and Purposeful"):
            raise IllegalCommand(f"{unit.name} is Slow and Purposeful and may not run.")
        if unit.targets_shot and not world.unit_has(unit, "Battle Focus"):
            raise IllegalCommand(f"{unit.name} has shot this phase; it runs instead of shooting.")
    elif m.moved:
        raise IllegalCommand(f"{m.id} has already moved this phase.")
    path = [m.position, *[(float(x), float(y)) for x, y in cmd.path]]
    if run:
        limit = float(unit.run_roll) if unit.run_roll is not None else 6.0
        if world.unit_has(unit, "Crusader") and unit.run_roll is None:
            limit = 6.0
    else:
        limit = world.data.house.move
    limit += world.hooks.move_bonus(world, unit)  # (the Speed Pack)
    check = world.table.check_path(path, m.radius, mover=m.id)
    if check.blocked:
        raise IllegalCommand(f"The path is blocked by {in_words(check.blocked_by) or 'something'}.")
    if check.length > limit + 1e-6:
        raise IllegalCommand(f'{m.id} may {"run" if run else "move"} at most {limit:g}", not {check.length:.1f}".')
    if len(path) > 1:
        near = enemy_within(world, m, path[-1], world.data.house.enemy_gap)
        if near:
            raise IllegalCommand(f'A move may not end within 1" of an enemy model ({near}).')
        broken = coherency.move_refusal(world, m, path[-1])  # squad coherency [7th]: a rule check of its own
        if broken:
            raise IllegalCommand(broken)
    return MovePlan(m, unit, path, cmd.facing, check, run, limit)


def carry_out(world: World, plan: MovePlan, rough: bool = False) -> None:
    """Roll what the move needs and move; ``rough``: the model's squad moves through difficult terrain [7th]
    (a squad move that rolled before its first model), so the roll caps him whether his own way enters it or
    not."""
    m, unit = plan.model, plan.unit
    st = world.state
    allowed = plan.check.length
    bonus = world.hooks.move_bonus(world, unit)  # (the Speed Pack)
    if plan.run:
        if unit.run_roll is None:
            dice = run_dice(world, unit)
            unit.run_roll = _roll_move(world, unit, "run", dice, False, plan.check.length - bonus)
        allowed = min(allowed, float(unit.run_roll) + bonus)
        m.ran = True
        unit.ran_turn = st.turn
    else:
        m.moved = True
        if plan.check.length > 1e-9:
            unit.moved_turn = st.turn
    if (rough or plan.check.enters_clutter or world.hooks.moves_as_difficult(world, unit)) and not plan.run:
        allowed = min(allowed, float(roll_difficult(world, unit)) + bonus)
    path = truncate_path(list(plan.path), allowed) if allowed < plan.check.length - 1e-9 else list(plan.path)
    path = back_off(world, m, path)
    path = coherency.hold_back(world, m, path)  # a roll cut it short: it stops where the squad holds together
    world.move_along(m, path, "run" if plan.run else "move", plan.facing)
    check_embark(world, m)


def run_dice(world: World, unit: Unit) -> int:
    """The D6 a squad rolls to run, keeping the best: one, two for Crusader (the Orks) [7th]."""
    return 2 if world.unit_has(unit, "Crusader") else 1


def roll_difficult(world: World, unit: Unit) -> int:
    """The squad's difficult-terrain roll for the phase: rolled once, by the first move that needs it."""
    if unit.difficult_roll is None:
        unit.difficult_roll = _roll_move(world, unit, "difficult terrain", difficult_dice(world, unit), True)
    return unit.difficult_roll


def _roll_move(world: World, unit: Unit, what: str, dice: int, best: bool, need: float = math.inf) -> int:
    """The squad's roll for a run or a difficult-terrain move (the highest of ``dice`` D6; one D6 for a plain
    run), re-rolled by each of ``move_rerolls`` in turn while it is short (Fleet, then the Blessing); ``need``:
    the inches the die must show for the move being made to go the whole way."""

    def roll(purpose: str) -> int:
        return world.best_of(dice, purpose) if best or dice > 1 else world.d6(purpose)

    inches = roll(f"{unit.id} {what}")
    last = ""
    for ask in move_rerolls(world, unit, what == "run", need):
        why = ask(inches)
        if why:
            inches = roll(f"{unit.id} re-roll {what} ({why})")
            last = why
    world.emit(MoveRolled(unit.id, f"{what} (re-rolled: {last})" if last else what, inches))
    return inches


FLEET = "Fleet"


def fleet_reroll(world: World, unit: Unit, inches: int, need: float = math.inf) -> bool:
    """Fleet [7th] may re-roll a squad's Run; it is taken only when it helps, as a player (or a bot) would choose
    by the expected result: the die shows ``fleet_reroll_run_at_most`` or less [house], the run it starts is
    short of the ``need`` inches its runner asked for, and a fresh D6 would take him further on average (a
    re-roll must be kept, worse or not [7th]; on a tie the whole way is worth the try)."""
    if not world.unit_has(unit, FLEET) or inches > world.data.house.fleet_reroll_run_at_most:
        return False
    return inches < need - 1e-9 and expected_reach(need) >= inches - 1e-9  # (a tie: the whole way is worth trying)


def expected_reach(need: float) -> float:
    """How far a fresh D6 run takes a runner who asked for ``need`` inches, on average (never past them).

    >>> round(expected_reach(2.0), 3), round(expected_reach(5.0), 3)
    (1.833, 3.333)
    """
    return sum(min(float(v), need) for v in range(1, 7)) / 6


def move_rerolls(world: World, unit: Unit, run: bool, need: float = math.inf) -> list[Callable[[int], str]]:
    """What re-rolls a run or difficult-terrain roll, in order: each asks of the roll so far what re-rolls it
    ("" when nothing): Fleet (a run only, when it helps the run of ``need`` inches), then a plug-in (the
    Blessing of Chuck Norris: a short one). The dice and the move preview both read this list."""
    asks: list[Callable[[int], str]] = [lambda v: world.hooks.reroll(world, unit, "move", v)]
    if run:
        asks.insert(0, lambda v: FLEET if fleet_reroll(world, unit, v, need) else "")
    return asks


def back_off(world: World, m: Model, path: list[Point]) -> list[Point]:
    """Cut a path back until its end is not within 1" of an enemy (a roll cut it short near one)."""
    gap = world.data.house.enemy_gap
    length = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
    while length > 0 and enemy_within(world, m, path[-1], gap):
        length = max(0.0, length - 0.25)
        path = truncate_path(path, length)
    return path


def clear_of_enemies(world: World, fid: str, way: list[Point]) -> tuple[list[Point], str | None]:
    """Where a move along ``way`` (its start first) may end clear of the enemy: cut back until its end is not
    within 1" of an enemy model, with the enemy that cut it (None when the end was already clear)."""
    m = world.state.models[fid]
    near = enemy_within(world, m, way[-1], world.data.house.enemy_gap)
    return (way, None) if near is None else (back_off(world, m, way), near)


def boards_at(world: World, m: Model, p: Point) -> bool:
    """Whether ``m`` ending a move at ``p`` would board the escape vehicle (within reach, not refused)."""
    return (
        m.side == PLAYERS and world.within_embark_reach(p, m.radius) and not world.hooks.embark_refused(world, m)
    )


def boards_from(world: World, m: Model, points: Sequence[Point]) -> float | None:
    """The least length along ``points`` a run must go for ``m`` to board at its end (a run its die cuts short
    still boards within reach of the vehicle), solved exactly: where the path first comes within the embark
    reach of the vehicle's outline; None when it never would. The plate said "boards on a 4+" for a run whose
    3 boarded: it counted the whole way to the pointer."""
    if not points or m.side != PLAYERS or world.hooks.embark_refused(world, m):
        return None
    if boards_at(world, m, points[0]):
        return 0.0
    outline = [(float(x), float(y)) for x, y in world.state.vehicle]
    return first_within(points, outline, world.data.house.embark_reach + m.radius)


def check_embark(world: World, m: Model) -> bool:
    """A player's model within reach of the escape vehicle embarks: the first to embark wins [seed] (Coop Mode:
    the players win together once every team still in the game has a model aboard; until then the game goes on
    and those aboard fire from the vehicle)."""
    if m.side != PLAYERS or not m.alive or world.state.winner:
        return False
    if not world.within_embark_reach(m.position, m.radius):
        return False
    why = world.hooks.embark_refused(world, m)  # (Coop Mode: not while the Zombie Boss stands)
    if why:
        if not any(isinstance(e, EmbarkRefused) and e.figure == m.id for e in world.events):
            world.emit(EmbarkRefused(m.id, why))  # once a command per model
        return False
    world.embark(m)
    world.emit(Embarked(m.id, m.player))
    st = world.state
    name = st.units[m.unit].name
    winner, reason = world.hooks.winner(world, m) or (
        f"player {m.player}",
        f"{name} (player {m.player}) reached the escape vehicle",
    )
    if not winner:  # (Coop Mode: not every team is aboard yet)
        return True
    st.phase, st.active_player = Phase.OVER, None
    world.end(winner, reason)
    return True


def home_direction(world: World, unit: Unit) -> Point:
    """Toward the unit's own table edge: the edge nearest its deployment zone (players) [7th fall back]."""
    zones = {int(z.properties.get("player", 0) or 0): z for z in world.scenario.zones_of("deploy")}
    z = zones.get(unit.player)
    w, h = world.scenario.width, world.scenario.height
    c = z.area.centre if z else (w / 2, h)
    edges = [(c[1], (0.0, -1.0)), (h - c[1], (0.0, 1.0)), (c[0], (-1.0, 0.0)), (w - c[0], (1.0, 0.0))]
    return min(edges)[1]


def _turned(d: Point, degrees: float) -> Point:
    a = math.radians(degrees)
    return (d[0] * math.cos(a) - d[1] * math.sin(a), d[0] * math.sin(a) + d[1] * math.cos(a))


def _ahead(p: Point, d: Point, inches: float) -> Point:
    return (p[0] + d[0] * inches, p[1] + d[1] * inches)


def fall_back_ways(world: World, start: Point, home: Point, inches: float) -> list[list[Point]]:
    """The ways a model may try home: straight first, then turned aside (the house's ``fall_back_turns``, in
    degrees), then a sidestep (``fall_back_sidesteps``, in inches) and home (round a base or a corner in the way)."""
    turns = list(world.data.house.fall_back_turns)
    ways = [[start, _ahead(start, _turned(home, a), inches)] for a in turns]
    for step in world.data.house.fall_back_sidesteps:
        for side in (90.0, -90.0):
            aside = _ahead(start, _turned(home, side), step)
            ways.append([start, aside, _ahead(aside, home, inches - step)])
    return ways


def fall_back_route(
    world: World, m: Model, home: Point, inches: float, placed: list[Model]
) -> tuple[list[Point], PathCheck]:
    """The way that takes ``m`` nearest his own edge within ``inches`` and keeps him with his squad (the
    squad-mates ``placed`` before him), round the bases and terrain in the way [7th: falling back goes round
    what blocks it]; and the straight way's check (what stands in it)."""
    checks = [
        world.table.check_path(w, m.radius, mover=m.id, max_length=inches)
        for w in fall_back_ways(world, m.position, home, inches)
    ]
    routes = [coherency.keep_up(world, m, list(c.points), inches, placed) for c in checks]

    def gain(pts: list[Point]) -> float:
        return (pts[-1][0] - m.position[0]) * home[0] + (pts[-1][1] - m.position[1]) * home[1]

    return max(routes, key=gain), checks[0]  # (the first of equals: straight home when nothing is in the way)


def _fall_back_cut(world: World, m: Model, pts: list[Point], straight: PathCheck, inches: float) -> None:
    """Say why a model fell back short of the roll (not when his own edge stopped him [house])."""
    moved = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    if moved >= inches - 0.05 or straight.blocked_by in ("", "table edge", "move allowance"):
        return
    by = straight.blocked_by.removeprefix("figure ")
    world.emit(FallBackCut(m.id, round(moved, 4), by, moved < 0.5))


def fall_back(world: World, unit: Unit) -> None:
    """2D6" toward the unit's own edge, each model going round anything in his way; it stops at the edge [house].
    A model that cannot go the whole way says what stopped him (surrounded when nothing let him go)."""
    world.disengage(unit.id)
    unit.falling_back = True
    inches = world.sum_d6(world.data.house.fall_back_dice, f"{unit.id} fall back")
    world.emit(MoveRolled(unit.id, "fall back", inches))
    world.emit(FellBack(unit.id))
    dx, dy = home_direction(world, unit)
    models = sorted(world.alive(unit), key=lambda m: -(m.position[0] * dx + m.position[1] * dy))
    placed: list[Model] = []
    for m in models:
        placed.append(m)
        pts, straight = fall_back_route(world, m, (dx, dy), float(inches), placed)
        _fall_back_cut(world, m, pts, straight, float(inches))
        if len(pts) > 1:
            world.move_along(m, pts, "fall back")
