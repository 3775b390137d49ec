"""Movement (rules: Outbreak, Movement; Spotting: followers; Before the outbreak).

Humans move up to 6". While a zombie is within 8" a human rolls a D6 before moving: 6 moves 8",
1 freezes (stays put; he fights if contacted), anything else 6" [seed]. From the move after his
first, every human rolls a D6 at the start of the move: on a 1 he stops for a breather [seed].
Humans within 8" of a human who has spotted a zombie and runs may follow him [seed]: each rolls for
himself and runs after him, round walls, to stop at his side (a base's width into the exit zone when
the runner ends in one) [house]. A human who closes in to fight is not running: nobody follows him.

Running [house reading of "caught while running"]: a move runs unless it closes in, that is unless it
ends nearer the zombie nearest its end than it started, and nearer than anywhere else along the way.
Moving away from the zombies, or past one, is running; walking up to a zombie to fight it is not.

Zombies shuffle 4" in a random direction (2D6 pick one of 36 directions [house]) until they spot
a human, then go toward the nearest spotted human at 6", or 8" on a D6 roll of 6 (per zombie each
move [house]), round walls and buildings. At most three zombies engage one human in a move: a
zombie heads for the nearest human not already engaged by three [house reading of the cap]. A zombie
stopped short of contact by another base comes round it [house]: to the free place beside the nearest
hunted human it can still reach, so three zombies reach one human in the same move, not in single file. A
zombie held up on its way by other zombies moves on once they have gone, stepping aside round one still in
its way [house], so a crowd at a gap or a generation point empties instead of standing still. A
zombie in contact with a human stays in the combat [seed]. A human hidden in cover is no target.

Choices [house]: a PC whose move ends with any part of his base on an exit zone leaves the table (``escape``);
an NPC led out the same way is rescued (``rescue``); an NPC flees directly away from the nearest
zombie he has spotted within 8" after the outbreak.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.dice import Roll
from game.numerals import digits_in
from game.rules.core import IllegalCommand
from game.rules.kit.checks import path_and_facing
from game.rules.kit.detour import REACH_MOST, SHORT, ahead, way_round
from game.rules.outbreak import acting
from game.rules.outbreak.commands import Move
from game.rules.outbreak.events import (
    Engaged,
    Exited,
    Followed,
    Moved,
    MovementRolled,
    ShareBlocked,
    TirednessRolled,
    Turned,
    ZombieMoved,
)
from game.rules.outbreak.state import BYSTANDERS, PLAYERS, Figure, Step
from game.rules.outbreak.world import Crowd, World, angle_to
from game.rules.routing import CLEARANCE, LocalGrid, route_to
from game.scenario.model import Area, Point
from game.table import DistanceField, PathCheck, path_length, truncate_path
from game.table.wording import in_words

# -- humans -------------------------------------------------------------------------------------


def zombie_near(world: World, f: Figure) -> bool:
    return world.any_within(f, world.num("movement", "human_roll_within"), zombies=True)


def allowance_chances(world: World, f: Figure) -> dict[str, float]:
    """The movement roll's outcomes for ``f`` now (exact)."""
    walk = world.num("movement", "human_move")
    if not zombie_near(world, f):
        return {f'{walk:g}"': 1.0}
    rush_on = int(world.data.get("movement", "human_rush_on"))
    freeze_on = int(world.data.get("movement", "human_freeze_on"))
    rush = world.num("movement", "human_rush")
    return {"frozen": freeze_on / 6, f'{walk:g}"': (rush_on - 1 - freeze_on) / 6, f'{rush:g}"': (7 - rush_on) / 6}


def roll_allowance(world: World, f: Figure) -> float:
    """The movement roll (only while a zombie is within 8"); 0 means frozen."""
    walk = world.num("movement", "human_move")
    if not zombie_near(world, f):
        return walk
    roll = world.d6(f"{f.id} movement")
    if roll >= int(world.data.get("movement", "human_rush_on")):
        inches = world.num("movement", "human_rush")
    elif roll <= int(world.data.get("movement", "human_freeze_on")):
        inches = 0.0
    else:
        inches = walk
    frozen = inches == 0.0
    world.explain(
        f"D6 = {roll}: {f.id} {'freezes' if frozen else f'moves up to {inches:g}'}" + ("" if frozen else '"')
    )
    world.emit(MovementRolled(f.id, roll, inches, frozen))
    return inches


def tiredness(world: World) -> None:
    """Start of the move: every human who has moved before rolls; on a 1 he stops for a breather."""
    on = int(world.data.get("movement", "tired_on"))
    for h in sorted(world.state.humans(), key=lambda h: h.id):
        if h.on_table and h.has_moved:
            roll = world.d6(f"{h.id} tiredness")
            h.tired = roll <= on
            world.explain(f"D6 = {roll}: {h.id} {'stops for a breather' if h.tired else 'carries on'}")
            world.emit(TirednessRolled(h.id, roll, h.tired))


@dataclass(frozen=True)
class MovePlan:
    figure: Figure
    points: tuple[Point, ...]
    facing: float | None
    followers: tuple[Figure, ...]


def plan(world: World, cmd: Move) -> MovePlan:
    f = acting.figure(world, cmd.figure)
    st = world.state
    if st.step == Step.HUMANS and f.acted:
        raise IllegalCommand(f"{f.id} has already taken his option this step ({f.acted}).")
    if acting.in_combat(world, f):
        raise IllegalCommand(f"{f.id} is in contact with a zombie: no human can leave a combat.")
    if f.tired:
        raise IllegalCommand(f"{f.id} has stopped for a breather this move (tired) and cannot move.")
    path, facing = path_and_facing(cmd.path, cmd.facing)
    points = (f.position, *path)
    if path:
        check = way(world, f, points, world.num("movement", "human_rush"))
        if check.length < 0.01:
            raise IllegalCommand(
                f"{f.id} cannot move that way: blocked by {in_words(check.blocked_by) or 'something'}."
            )
    if not isinstance(cmd.followers, (tuple, list)):
        raise IllegalCommand("Followers must be a list of figure ids.")
    if cmd.followers and not f.aware:
        raise IllegalCommand(
            f"{f.id} has not spotted a zombie: only a human who has seen one and runs is followed."
        )
    followers = []
    reach = world.num("spotting", "human_follow")
    for fid in cmd.followers:
        g = st.figures.get(fid) if isinstance(fid, str) else None
        if g is None or not g.on_table or g.is_zombie:
            raise IllegalCommand(f"{fid!r} is not a human on the table who could follow.")
        if g.id == f.id or g in followers:
            raise IllegalCommand(f"{fid} is named twice among the followers.")
        if g.side == PLAYERS and g.player != f.player:
            raise IllegalCommand(
                f"{fid} belongs to player {g.player}; only bystanders and your own characters follow."
            )
        if world.edge_distance(f, g) > reach + 1e-9:
            raise IllegalCommand(
                f'{fid} is {world.edge_distance(f, g):.1f}" away; followers must be within {reach:g}".'
            )
        if (st.step == Step.HUMANS and g.acted) or (st.step == Step.REACTION and g.side == PLAYERS and g.reacted):
            raise IllegalCommand(f"{fid} has already acted this step.")
        if g.tired or acting.in_combat(world, g):
            raise IllegalCommand(f"{fid} cannot follow: {'tired' if g.tired else 'in contact with a zombie'}.")
        followers.append(g)
    return MovePlan(f, points, facing, tuple(followers))


def way(world: World, f: Figure, points: Sequence[Point], inches: float) -> PathCheck:
    """The way ``f`` walks along ``points`` with ``inches`` to spend: the legal part, cut where a wall, a
    base or the allowance stops it. A move walks it and its preview shows it, so the two never differ."""
    return world.table.check_path(list(points), f.radius, mover=f.id, max_length=inches)


def walked(check: PathCheck) -> float:
    """The inches a way walks, as a move reports them and its preview states them (the same rounding)."""
    return round(check.length, 6)


def walk(world: World, f: Figure, points: Sequence[Point], inches: float, facing: float | None) -> float:
    """Move ``f`` along :func:`way` (``points`` up to ``inches``); returns the length walked."""
    check = way(world, f, points, inches)
    pts = tuple(check.points)
    if check.length > 1e-9:
        face = facing if facing is not None else angle_to(pts[-2], pts[-1])
        world.set_position(f, pts[-1])
        f.facing = round(face, 6)
        world.emit(Moved(f.id, pts, f.facing, walked(check)))
        f.ran, f.has_moved = running(world, pts), True
        leave_if_out(world, f)
        return check.length
    if facing is not None:
        f.facing = round(facing, 6)
        world.emit(Turned(f.id, f.facing))
    return 0.0


def running(world: World, pts: tuple[Point, ...]) -> bool:
    """Whether a walk along ``pts`` runs (away, or past a zombie) rather than closes in to fight."""
    return closing_on(world, pts) is None


def closing_on(world: World, pts: tuple[Point, ...]) -> str | None:
    """The zombie a walk along ``pts`` closes in on to fight (None: the walk is a run).

    It closes in when it ends nearer the zombie nearest its end than it started, and no point of the way
    came nearer that zombie than the end; with no zombie on the table every move is a run."""
    zombies = [z for z in world.state.zombies() if z.on_table]
    if not zombies or len(pts) < 2:
        return None
    end = pts[-1]
    z = min(zombies, key=lambda z: (math.dist(z.position, end), z.id))
    at_end = math.dist(z.position, end)
    if at_end >= math.dist(z.position, pts[0]) - 1e-9:
        return None
    nearest = min(_to_segment(z.position, a, b) for a, b in zip(pts, pts[1:]))
    return None if nearest < at_end - 1e-6 else z.id


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def leaves_at(world: World, f: Figure, position: Point) -> bool:
    """Whether ``f`` ending a move at ``position`` leaves the table: a PC in an escape, a bystander whatever
    the objective [house] (one who followed a survivor into the exit went no further, "left behind" on the end
    screen of an escape: he is rescued, counted as such, though only a rescue's objective counts him)."""
    if world.exit_under(position, f.radius) is None:
        return False
    return f.side == BYSTANDERS or (f.side == PLAYERS and world.state.objective == "escape")


def leave_if_out(world: World, f: Figure) -> None:
    st = world.state
    if not leaves_at(world, f, f.position):
        return
    world.take_off(f)
    if f.side == PLAYERS:
        st.escaped += 1
    else:
        st.rescued += 1
    world.emit(Exited(f.id))


def carry_out(world: World, p: MovePlan) -> None:
    f = p.figure
    st = world.state
    if st.step == Step.REACTION:
        f.reacted = True
    else:
        f.acted = "move"
    if len(p.points) < 2:  # a turn on the spot: no roll
        f.facing = round(p.facing or 0.0, 6)
        world.emit(Turned(f.id, f.facing))
        return
    inches = roll_allowance(world, f)
    if inches <= 0:
        f.frozen = True
    else:
        walk(world, f, p.points, inches, p.facing)
    if p.followers and not f.ran:
        why = "freezes" if f.frozen else "closes in to fight"
        world.explain(f"{f.id} {why}: nobody follows")
        return
    for g in p.followers:
        follow(world, g, f)


def follow(world: World, g: Figure, leader: Figure) -> None:
    """``g`` runs after ``leader``: his own movement roll, toward the leader's end beside him."""
    st = world.state
    if st.step == Step.REACTION:
        g.reacted = True
    else:
        g.acted = "move"
    world.emit(Followed(g.id, leader.id))
    g.aware = True  # "RUN! ZOMBIE!": a follower knows of them now
    inches = roll_allowance(world, g)
    if inches <= 0:
        g.frozen = True
        return
    walk(world, g, follow_route(world, g, leader.position, leader.id), inches, None)


def follow_route(world: World, g: Figure, leader_at: Point, leader: str = "") -> list[Point]:
    """The way ``g`` runs after a leader ending at ``leader_at``: to his side (stopping at contact), round a
    friend in the way (:func:`beside_leader`), or into the exit he is in, to the free place there nearest him,
    round the leader's base and the other followers', so bystanders led to the exit do not stop behind the
    first one short of it [house]."""
    by = world.state.figures.get(leader, g)
    zone = world.exit_under(leader_at, by.radius)  # the exit his base stands on (movement.leaves_at)
    if zone is None:
        return beside_leader(world, g, leader_at, leader)
    grid = LocalGrid(world.table, g.id, g.position, g.radius, world.num("movement", "human_rush") + 1.0)
    side = 2 * g.radius + CLEARANCE  # clear of the leader's base (in a preview he is still where he starts)
    spots = [p for p in _free_spots(grid) if zone.area.contains(p) and math.dist(p, leader_at) >= side]
    goal = min(spots, key=lambda p: (math.dist(p, g.position), p), default=None)
    if goal is None:  # the exit is beyond this move's reach: a base's width into it
        goal = into_zone(zone.area, g.position, g.radius)
        return world.table.find_path(g.position, goal, g.radius) or [g.position, goal]
    return [g.position, *route_to(world.table, g.id, g.position, g.radius, goal, grid)]


def beside_leader(world: World, g: Figure, leader_at: Point, leader: str) -> list[Point]:
    """The way ``g`` runs to his leader's side: straight (round walls) when nobody but the leader stops him;
    else round the friend in the way to the free place nearest the leader [house] (a bystander stopped by a
    friend stood where he was, "moves 0.0")."""
    path = world.table.find_path(g.position, leader_at, g.radius) or [g.position, leader_at]
    stop = world.table.check_path(path, g.radius, mover=g.id).blocked_by
    if not stop.startswith("figure ") or stop == f"figure {leader}":
        return path
    grid = LocalGrid(world.table, g.id, g.position, g.radius, world.num("movement", "human_rush") + 1.0)
    side = 2 * g.radius + CLEARANCE  # clear of the leader's base
    spots = [p for p in _free_spots(grid) if math.dist(p, leader_at) >= side]
    goal = min(spots, key=lambda p: (round(math.dist(p, leader_at), 1), math.dist(p, g.position), p), default=None)
    if goal is None:
        return path
    return [g.position, *route_to(world.table, g.id, g.position, g.radius, goal, grid)]


def _free_spots(grid: LocalGrid) -> list[Point]:
    """The places on ``grid`` the walker's base may stand on (off walls, clear of every other base)."""
    return [grid.point(i, j) for i in range(grid.n) for j in range(grid.n) if grid.is_free(i, j)]


def into_zone(area: Area, p: Point, radius: float) -> Point:
    """The nearest point a base's width inside a zone (its centre when the zone is no rectangle)."""
    x0, y0, x1, y1 = area.bounds
    q = (min(max(p[0], x0 + 2 * radius), x1 - 2 * radius), min(max(p[1], y0 + 2 * radius), y1 - 2 * radius))
    return q if area.contains(q) else area.centre


def flee(world: World, h: Figure, away_from: Point) -> None:
    """An NPC runs directly away from ``away_from`` (his movement roll first)."""
    h.acted = "move"
    inches = roll_allowance(world, h)
    if inches <= 0:
        h.frozen = True
        return
    dx, dy = h.position[0] - away_from[0], h.position[1] - away_from[1]
    d = math.hypot(dx, dy) or 1.0
    goal = (h.position[0] + dx / d * inches, h.position[1] + dy / d * inches)
    walk(world, h, [h.position, goal], inches, None)


# -- zombies ------------------------------------------------------------------------------------


def zombie_allowance(world: World, z: Figure) -> float:
    """A zombie's move this move: 4" shuffling, else 6" or 8" on a D6 of 6 (rolled once a move)."""
    if not z.aware:
        return world.num("movement", "zombie_shuffle")
    if z.allowance <= 0:
        rush_on = int(world.data.get("movement", "zombie_rush_on"))
        rush, walk = world.num("movement", "zombie_rush"), world.num("movement", "zombie_move")

        def told(r: Roll) -> str:
            return f'D6 = {r.total}: {z.id} moves {rush if r.total >= rush_on else walk:g}"'

        roll = world.roll_told(1, f"{z.id} pace", told).total
        z.allowance = rush if roll >= rush_on else walk
    return z.allowance


def shuffle(world: World, z: Figure, inches: float) -> None:
    n = world.data.house.shuffle_directions

    def direction(r: Roll) -> float:
        return 360.0 * (((r.faces[0] - 1) * 6 + (r.faces[1] - 1)) % n) / n

    def told(r: Roll) -> str:
        return f"2D6 = {r.faces[0]},{r.faces[1]}: {z.id} shuffles toward {direction(r):g} degrees"

    deg = direction(world.roll_told(2, f"{z.id} shuffle direction", told))
    goal = (
        z.position[0] + inches * math.cos(math.radians(deg)),
        z.position[1] + inches * math.sin(math.radians(deg)),
    )
    zombie_walk(world, z, [z.position, goal], "shuffle")


def zombie_walk(world: World, z: Figure, raw: list[Point], why: str) -> float:
    pts = [z.position]
    for p in raw:
        if math.dist(p, pts[-1]) > 1e-9:
            pts.append((float(p[0]), float(p[1])))
    if len(pts) < 2:
        return 0.0
    path = world.table.legal_path(pts, z.radius, mover=z.id)  # clutter does not slow a zombie
    length = path_length(path)
    if length <= 1e-6:
        return 0.0
    world.set_position(z, path[-1])
    z.facing = round(angle_to(path[-2], path[-1]), 6)
    z.moved_inches += length
    world.emit(ZombieMoved(z.id, path, why))
    return length


def engage(world: World, z: Figure, humans: Crowd | None = None) -> bool:
    """A zombie in contact with humans joins the fight of the nearest one not yet engaged by three;
    True when it joined one. ``humans``: the step's humans, when none of them moves meanwhile."""
    st = world.state
    cap = int(world.data.get("close_combat", "max_engaged"))
    if any(z.id in zs for zs in st.engaged.values()):
        return False
    touching = humans.contacts(z) if humans is not None else world.contacts(z, zombies=False)
    for h in touching:
        lst = st.engaged.setdefault(h.id, [])
        if len(lst) < cap:
            lst.append(z.id)
            world.emit(Engaged(z.id, h.id, len(lst)))
            return True
    return False


def targets(world: World, humans: list[Figure] | None = None) -> list[Figure]:
    """Humans a hunting zombie may go for: on the table, not hidden, not engaged by three
    (``humans``: the ones on the table, when the caller already has them)."""
    cap = int(world.data.get("close_combat", "max_engaged"))
    st = world.state
    pool = humans if humans is not None else st.humans()
    return [h for h in pool if h.on_table and not h.hidden and len(st.engaged.get(h.id, [])) < cap]


HELD_UP_PASSES = 3  # times the zombies held up by others move on: one that got out lets the one behind it out


class Hunt:
    """The hunt of a zombies' step: the humans (indexed once: none moves in this step), the hunted ones
    (:func:`targets`, changing only when a zombie joins a fight) and their distance fields."""

    def __init__(self, world: World, zs: list[Figure]) -> None:
        self.world = world
        self.humans = world.crowd(zombies=False)
        self.touching = {z.id for z in zs if self.humans.contacts(z)}  # until a zombie moves, its contacts stay
        self.radius = zs[0].radius if zs else 0.5
        self.fields: dict[tuple[str, ...], DistanceField] = {}
        self.last: DistanceField | None = None  # the latest field: the hunted only ever drop out this step
        self.retarget()

    def retarget(self) -> None:
        self.goals = targets(self.world, self.humans.figures)
        self.goal_ids = {h.id for h in self.goals}

    def field(self) -> DistanceField:
        key = tuple(h.id for h in self.goals)
        field = self.fields.get(key)
        if field is None:
            points = [h.position for h in self.goals]
            # Narrowing the last field searches again only around the humans dropped since
            # (about eleven fields a move); it gives the very field a new search would.
            last = self.last
            field = (
                last.narrowed(points) if last is not None else self.world.table.distance_field(points, self.radius)
            )
            self.fields[key] = field
        self.last = field
        return field

    def engage(self, z: Figure) -> None:
        if engage(self.world, z, self.humans):
            self.retarget()


def zombies_move(world: World) -> None:
    """Step 4: every zombie not in a combat moves (shot zombies only what is left of their move).

    A hunting zombie held up by other zombies (a crowd round a generation point, a file through a gap)
    moves on with what is left of its move once they have gone [house]: the held-up zombies are gone over
    again, up to three times, the one nearest the hunted first, stepping aside round a base still in the
    way; so a crowd empties front first instead of standing still behind its front rank."""
    st = world.state
    st.engaged = {}
    zs = sorted((z for z in st.zombies() if z.on_table), key=lambda z: _num(z.id))
    hunt = Hunt(world, zs)
    for z in zs:
        if z.id in hunt.touching:
            hunt.engage(z)
    held = [z for z in zs if z.on_table and z.id not in hunt.touching and _zombie_moves(hunt, z)]
    for _ in range(HELD_UP_PASSES):
        held = [z for z in held if z.on_table and _held_up(hunt, z)]
        if not held:
            return
        ahead_first = sorted(zip(hunt.field().distances([z.position for z in held]), held), key=lambda dz: dz[0])
        held = [z for _, z in ahead_first if _zombie_moves(hunt, z, True)]


def _held_up(hunt: Hunt, z: Figure) -> bool:
    """Whether hunting ``z`` still has some of its move left and is in no fight."""
    world = hunt.world
    if not z.aware or not hunt.goals or hunt.humans.contacts(z):
        return False
    return zombie_allowance(world, z) - z.moved_inches > SHORT


def _zombie_moves(hunt: Hunt, z: Figure, go_round: bool = False) -> bool:
    """``z`` moves (what is left of its move) and joins a fight it reaches; True when it hunts and stopped
    short of where it was going (held up), so it may move on later in the step. ``go_round``: held up
    again, it steps aside round the base in its way."""
    world, st = hunt.world, hunt.world.state
    inches = zombie_allowance(world, z) - z.moved_inches
    if z.id in hunt.touching or inches <= 1e-6:
        return False
    held = False
    if not z.aware:
        shuffle(world, z, inches)
    else:
        target = st.figures.get(z.target) if z.target else None
        if target is not None and target.on_table and target.id in hunt.goal_ids:
            route = world.table.find_path(z.position, target.position, z.radius, max_length=inches)
            zombie_walk(world, z, list(route or []), "hunt")
        elif not hunt.goals:
            shuffle(world, z, min(inches, world.num("movement", "zombie_shuffle")))
        elif come_round(world, z, inches, hunt.goals):
            pass  # in reach of a hunted human: straight to a free place beside him, round the others
        else:
            step = list(hunt.field().step(z.position, inches))
            held = zombie_walk(world, z, step, "hunt") < path_length(step) - SHORT
            if held and go_round:
                _go_round(world, z, step)
        if hunt.goals and not hunt.humans.contacts(z):
            come_round(world, z, zombie_allowance(world, z) - z.moved_inches, hunt.goals)
    if z.on_table and hunt.humans.contacts(z):
        hunt.engage(z)
        return False
    return held


def _go_round(world: World, z: Figure, want: list[Point]) -> None:
    """``z``, stopped short of the end of ``want`` by a base, steps aside round it toward where it was going
    with what is left of its move, when that gets it nearer (Zombiekrieg's way round, the kit's)."""
    left = zombie_allowance(world, z) - z.moved_inches
    if left <= SHORT or len(want) < 2 or math.dist(z.position, want[-1]) <= SHORT:
        return
    reach = min(left, REACH_MOST)
    way = way_round(world.table, z.id, z.position, z.radius, ahead(want, z.position, reach), reach)
    if way is not None and math.dist(way[-1], want[-1]) < math.dist(z.position, want[-1]) - SHORT:
        zombie_walk(world, z, way[1:], "hunt")


def come_round(world: World, z: Figure, inches: float, goals: list[Figure]) -> bool:
    """A hunting zombie stopped short of contact goes round the bases in its way to a free place beside the
    nearest hunted human it can still reach: the places round him nearest first, the first whose way is
    clear to contact (one more walk, or none when no place can be reached this move)."""
    if inches <= 0.05:
        return False
    near = [h for h in goals if h.on_table and world.edge_distance(z, h) <= inches + 1e-6]
    if not near:
        return False
    h = min(near, key=lambda h: (world.edge_distance(z, h), h.id))
    grid: LocalGrid | None = None
    for spot in _free_places_beside(world, z, h):
        grid = grid or LocalGrid(world.table, z.id, z.position, z.radius, inches + 0.5)
        route = grid.search(spot)
        if route is None:
            continue
        way = [*grid.straighten(route), spot]
        path = world.table.legal_path(way, z.radius, mover=z.id, max_length=inches)
        end = path[-1]
        if math.dist(end, h.position) <= z.radius + h.radius + world.data.house.contact:
            zombie_walk(world, z, list(path[1:]), "hunt")
            return True
    return False


def _free_places_beside(world: World, z: Figure, h: Figure) -> list[Point]:
    """Places in contact with ``h`` (twelve round him) where ``z``'s base would touch no other base, no wall
    and no building, nearest ``z`` first."""
    ring = z.radius + h.radius + 0.05
    out = []
    for a in range(0, 360, 30):
        p = (h.position[0] + ring * math.cos(math.radians(a)), h.position[1] + ring * math.sin(math.radians(a)))
        others = world.table.figures_in_circle(p, 2 * z.radius + 1.0)
        crowded = any(
            o not in (z.id, h.id) and math.dist(p, world.table.position(o)) < z.radius + world.table.radius(o)
            for o in others
        )
        if not crowded and world.table.on_table(p, z.radius) and not world.table.overlaps_blocking(p, z.radius):
            out.append(p)
    return sorted(out, key=lambda p: (math.dist(p, z.position), p))


def advance_share(world: World, z: Figure, toward: Figure, upto: float) -> None:
    """A shot zombie walks toward the shooter until it has moved ``upto`` inches this move."""
    inches = upto - z.moved_inches
    if inches <= 1e-6 or world.contacts(z, zombies=False):
        return  # zombies never leave a combat
    route = world.table.find_path(z.position, toward.position, z.radius, max_length=inches)
    if not route:
        world.emit(ShareBlocked(z.id, 0.0))
        return
    walk = truncate_path(list(route), inches)
    by = _stopped_by(world.table.legal_part(walk, z.radius, mover=z.id).blocked_by, toward.id)
    walked = zombie_walk(world, z, walk, "shot")
    if by is not None:
        world.emit(ShareBlocked(z.id, round(walked, 3), by))


def _stopped_by(cut: str, shooter: str) -> str | None:
    """What stopped a shot zombie short of its share, so the log can say why it did not come on: a
    figure's id, "" for a wall or building, None when nothing did (it reached the shooter)."""
    if not cut or cut == f"figure {shooter}":
        return None
    return cut.removeprefix("figure ") if cut.startswith("figure ") else ""


def _num(fid: str) -> int:
    return digits_in(fid)
