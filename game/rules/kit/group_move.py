"""A group's move (a squad, a section) as its figures' own moves, one after another, and the screen's formation
that proposes it: each figure goes the way the leader is pointed, keeping his place, the front first.

The rules' part (:func:`walk`, :func:`up_behind`) checks each figure's own move with the group stood as the
earlier moves leave it, rolling nothing, and puts every figure back. The screen's part (:func:`formation`,
:func:`mended`, :func:`short_of_place`) only proposes the moves; the rules check each one. A rule set says how
one figure's move is planned, what marks him moved, and who is of his group.

>>> front_first([("a", (0.0, 0.0)), ("b", (3.0, 0.0))], (1.0, 0.0))
['b', 'a']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from game.rules.core import IllegalCommand
from game.rules.drawing import Cross, Primitive, Ring
from game.rules.drawing import Path as DrawnPath
from game.rules.routing import Routes
from game.scenario.model import Point
from game.table import PathCheck, Table, path_length, truncate_path

Path = tuple[Point, ...]
Moves = tuple[tuple[str, Path], ...]  # each figure's own way, in the order they move


class Mover(Protocol):
    id: str
    position: Point
    radius: float


F = TypeVar("F", bound=Mover)


class Planned(Protocol):
    """What the kit reads of a rule set's plan of one figure's move: the table's check of its path."""

    @property
    def check(self) -> PathCheck: ...


@dataclass(frozen=True)
class Step:
    """One figure's part in a group's move as the rules see it before the dice: where his move would end
    (``end``; his place when he stays), through difficult ground or not, and why he stays ("" when he moves)."""

    figure: str
    path: Path
    end: Point
    difficult: bool = False
    reason: str = ""
    length: float = 0.0


def walk(
    world: Any,
    parts: Sequence[tuple[Any, Path]],
    plan: Callable[[Any, Path], Planned],
    moved: Callable[[Any], bool],
    mark: Callable[[Any, bool], None],
) -> list[Step]:
    """Each figure's move (``plan``, IllegalCommand when refused) checked in turn, the group stood as the earlier
    moves leave it and marked moved (``mark``); nothing rolled, and the table is as it was afterwards."""
    stood: list[tuple[Any, Point, bool]] = []
    steps: list[Step] = []
    try:
        for f, path in parts:
            try:
                planned = plan(f, path)
            except IllegalCommand as exc:
                steps.append(Step(f.id, path, f.position, reason=exc.reason))
                continue
            check = planned.check
            end = check.points[-1]
            steps.append(Step(f.id, path, end, check.enters_clutter, length=check.length))
            stood.append((f, f.position, moved(f)))
            world.set_position(f, end)
            mark(f, True)
    finally:
        for f, at, done in reversed(stood):
            world.set_position(f, at)
            mark(f, done)
    return steps


def some_move(steps: Sequence[Step]) -> None:
    """IllegalCommand with the first refusal when none of the group could move: a group's move is refused as a
    whole only then."""
    if all(s.reason for s in steps):
        raise IllegalCommand(steps[0].reason)


def carry_out(
    moves: Moves,
    going: Callable[[], bool],
    plan: Callable[[str, Path], Any],
    held: Callable[[str, str], None],
    carry: Callable[[Any], None],
) -> None:
    """Each figure's own move in turn, planned (``plan``) as the table stands then and carried out (``carry``);
    one the rules refuse is told (``held``, his id and why) and skipped. Stops when ``going`` says the phase is
    over (the game was won by the way)."""
    for fid, path in moves:
        if not going():
            return
        try:
            planned = plan(fid, path)
        except IllegalCommand as exc:
            held(fid, exc.reason)
            continue
        carry(planned)


def up_behind(table: Table, f: Mover, path: Path, mate: Callable[[str], bool]) -> Path | None:
    """The part of ``path`` short of a group-mate's base (``mate`` of a figure id) that stands in it, or None when
    no group-mate's does (or he would not get off the spot): a figure moves up behind him, as a player would."""
    check = table.check_path([f.position, *path], f.radius, mover=f.id)
    if not check.blocked_by.startswith("figure") or check.length < 0.05:
        return None
    if not mate(check.blocked_by.removeprefix("figure ").strip()):
        return None
    return tuple(check.points[1:])


# ---- the screen's formation ------------------------------------------------------------------------------------


def front_first(figures: Sequence[tuple[str, Point]], way: Point) -> list[str]:
    """The figures (id, where he stands) ordered by how far forward they stand along ``way``, the front first."""
    return [fid for fid, _ in sorted(figures, key=lambda f: -(f[1][0] * way[0] + f[1][1] * way[1]))]


def formation(figures: Sequence[F], lead: Point, point: Point, route: Callable[[F, Point], Path]) -> Moves:
    """Each figure's way when the one standing at ``lead`` is pointed at ``point``: every one the same way from
    where he stands (``route`` finds it), the front first so the group does not walk into its own backs."""
    dx, dy = point[0] - lead[0], point[1] - lead[1]
    by_id = {f.id: f for f in figures}
    order = front_first([(f.id, f.position) for f in figures], (dx, dy))
    return tuple(
        (fid, route(by_id[fid], (by_id[fid].position[0] + dx, by_id[fid].position[1] + dy))) for fid in order
    )


REACH = 7.0  # inches round a figure his local grid covers (a 6" move and a base to spare)


def rerouted(table: Table, f: Mover, way: Path, routes: Routes, stamp: int, limit: float) -> Path:
    """Figure ``f``'s way to where ``way`` ends (where he stands when it is empty), routed round the bases as they
    stand now, cut at ``limit`` (the ``reroute`` a :func:`mended` group move asks for); none when he was not
    going anywhere (a way to where he stands is no way at all)."""
    if not way:
        return way
    goal = way[-1]
    return tuple(routes.move(table, f.id, f.position, f.radius, (goal,), REACH, stamp, limit))


def routed(
    table: Table, f: Mover, goal: Point, limit: float, group: set[str], routes: Routes, reach: float, stamp: int
) -> list[Point]:
    """Figure ``f``'s way toward ``goal``, from where he stands: round walls and buildings; round a base in his
    way that is not of his ``group`` (his group-mates move out of it first, see :func:`formation`); cut at
    ``limit``. (``routes``, ``reach`` and ``stamp`` as :meth:`~game.rules.routing.Routes.move` takes them.)"""
    way = table.find_path(f.position, goal, f.radius) or [f.position, goal]
    check = table.check_path(way, f.radius, mover=f.id)
    blocker = check.blocked_by.removeprefix("figure ").strip() if check.blocked_by.startswith("figure") else ""
    if blocker and blocker not in group:
        way = [f.position, *routes.move(table, f.id, f.position, f.radius, (goal,), reach, stamp)]
    return truncate_path(way, limit) if path_length(way) > limit else way


def held_back(preview: Any) -> list[str] | None:
    """Who a group move's preview says stays (its ``steps``' figures with a reason); None when it is refused."""
    if not preview.legal:
        return None
    return [st["figure"] for st in preview.details["steps"] if st["reason"]]


def mended(moves: Moves, preview_of: Callable[[Moves], Any], reroute: Callable[[str, Path], Path]) -> Moves:
    """The moves with each figure the rules' preview (``preview_of``) holds back moved first, or routed round the
    bases as they stand (``reroute`` of his id and way), while that lets more of the group move (a way round a
    wall may cross where a group-mate will stand)."""
    stays = held_back(preview_of(moves))
    for _ in range(len(moves)):
        if not stays:
            return moves
        better = None
        for fid in stays:
            rerouted = tuple((f, reroute(fid, way) if f == fid else way) for f, way in moves)
            for tried in (first_of(moves, fid), rerouted):
                again = held_back(preview_of(tried))
                if again is not None and len(again) < len(stays):
                    better = (tried, again)
                    break
            if better:
                break
        if better is None:
            return moves
        moves, stays = better
    return moves


def follow_slots(way: Sequence[Point], count: int, spacing: float) -> list[Point]:
    """``count`` places on ``way`` (its start first) behind its end, ``spacing`` apart, the nearest the end
    first; where the way runs out, on back the way its first leg came.

    >>> follow_slots([(0.0, 0.0), (4.0, 0.0)], 3, 2.0)
    [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)]
    """
    (x0, y0), (x1, y1) = way[0], way[1] if len(way) > 1 else (way[0][0], way[0][1] - 1.0)
    first = math.hypot(x1 - x0, y1 - y0) or 1.0
    back = count * spacing  # (the way run on backwards, for the file's tail)
    start = (x0 - (x1 - x0) / first * back, y0 - (y1 - y0) / first * back)
    trail = [start, *way]
    length = path_length(trail)
    return [_point(truncate_path(trail, length - k * spacing)[-1]) for k in range(1, count + 1)]


def _point(p: Sequence[float]) -> Point:
    return (round(float(p[0]), 6), round(float(p[1]), 6))


FOLLOW_GAP = 1.0  # inches between a follower's base and the base ahead of him on the leader's way


def follow_the_leader(
    moves: Moves,
    lead: Mover,
    preview_of: Callable[[Moves], Any],
    figure: Callable[[str], Mover],
    route: Callable[[str, Point], Path],
    spread: Callable[[dict[str, Point]], float] = lambda ends: 0.0,
) -> Moves:
    """The group's move in formation (``moves``), or, when that leaves figures behind or short of their places
    or the group in gaps (``spread``: the rule set's measure of them, where the moves end), as when a gap
    between buildings is too narrow for the formation, the same with the figures behind or short of their
    places, or the whole group, following the leader along his way instead, in file behind him: whichever the
    rules' preview says leaves fewest behind, then the group least spread. ``route`` finds a figure's way toward
    a point, as the formation's does."""

    def score(tried: Moves) -> tuple[tuple[int, float], set[str], set[str]] | None:
        p = preview_of(tried)
        if not p.legal:
            return None
        ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in p.details["steps"]}
        held = {st["figure"] for st in p.details["steps"] if st["reason"]}
        short = _short(tried, figure, ends, held)
        return (len(held), round(spread(ends), 1)), held | short, held

    first = score(moves)
    ways = dict(moves)
    # (a leader "short of his place" only beside a squad-mate who went round the far side of a building, as
    # along its wall, still leads: only one the rules hold back cannot)
    if first is None or first[0] == (0, 0.0) or lead.id in first[2] or lead.id not in ways:
        return moves  # none left behind and no gap, or the leader himself cannot go: nothing to follow
    trail = (lead.position, *ways[lead.id])
    best, best_score = moves, first[0]
    for left in (first[1] - {lead.id}, set(ways) - {lead.id}):
        by_nearness = sorted(left, key=lambda f: math.dist(figure(f).position, trail[-1]))
        slots = follow_slots(trail, len(by_nearness), 2 * lead.radius + FOLLOW_GAP)
        tried = (
            *((f, way) for f, way in moves if f not in left),
            *in_file(lead, trail[-1], by_nearness, slots, figure, route),
        )
        # one in file whose way a follower placed before him now blocks moves before him
        tried = mended(tried, preview_of, lambda fid, way: way)
        got = score(tried)
        if got is not None and got[0] < best_score:
            best, best_score = tried, got[0]
    return best


def in_file(
    lead: Mover,
    end: Point,
    followers: Sequence[str],
    slots: Sequence[Point],
    figure: Callable[[str], Mover],
    route: Callable[[str, Point], Path],
) -> list[tuple[str, Path]]:
    """Each follower's way to his slot in the file behind ``lead`` (who ends at ``end``); one whose way falls
    short of his slot (too far back for his move: the file ran on behind where the squad stood, as along a
    wall), or whose slot is off the follower before him (who closed up himself), closes up behind that one
    instead, on his own side of him: the file stays one chain, and no follower is left strung out short of a
    place he could never reach."""
    out: list[tuple[str, Path]] = []
    ahead, ahead_at = lead, end
    for fid, slot in zip(followers, slots):
        f = figure(fid)
        keep = ahead.radius + f.radius + FOLLOW_GAP
        way = route(fid, slot) if math.dist(slot, ahead_at) <= keep + 0.25 else ()
        there = way[-1] if way else f.position
        if not way or math.dist(there, slot) > 0.25:  # (his slot is out of his reach, or off the one ahead)
            way = route(fid, behind(ahead_at, f.position, keep))
            there = way[-1] if way else f.position
        out.append((fid, way))
        ahead, ahead_at = f, there
    return out


def behind(ahead: Point, at: Point, keep: float) -> Point:
    """The point ``keep`` inches from ``ahead`` toward ``at`` (``at`` itself when it is nearer).

    >>> behind((0.0, 0.0), (4.0, 0.0), 2.0)
    (2.0, 0.0)
    """
    d = math.dist(ahead, at)
    if d <= keep:
        return at
    k = keep / d
    return _point((ahead[0] + (at[0] - ahead[0]) * k, ahead[1] + (at[1] - ahead[1]) * k))


def first_of(moves: Moves, fid: str) -> Moves:
    """``moves`` with ``fid``'s own moved to the front."""
    return (*(mv for mv in moves if mv[0] == fid), *(mv for mv in moves if mv[0] != fid))


def short_of_place(starts: dict[str, Point], ends: dict[str, Point], held: set[str]) -> set[str]:
    """The moving figures who end more than half an inch short of their place in the formation: where the one who
    went furthest went, from where each stands (``starts``)."""
    moving = [f for f in ends if f not in held]
    if not moving:
        return set()

    def shift(fid: str) -> Point:
        return (ends[fid][0] - starts[fid][0], ends[fid][1] - starts[fid][1])

    dx, dy = max((shift(f) for f in moving), key=lambda d: math.hypot(*d))
    return {f for f in moving if math.dist(ends[f], (starts[f][0] + dx, starts[f][1] + dy)) > 0.5}


def marks(
    moves: Moves,
    figure: Callable[[str], Mover],
    steps: Sequence[dict[str, Any]],
    places: Mapping[str, Point] | None = None,
) -> tuple[list[Primitive], Point, int]:
    """A group move's preview (``steps`` of the rules' preview: figure, end, reason): each figure's way and a ring
    where he lands; a cross on each who stays or stops short of his place (in the formation, or ``places``:
    where each was sent when the group closes up). Also where its plate stands: by the figure who lands
    furthest from the first one's start, and how many stop short."""
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps}
    held = {st["figure"] for st in steps if st["reason"]}
    short = _short(moves, figure, ends, held, places)
    out: list[Primitive] = []
    for fid, way in moves:
        f = figure(fid)
        if fid in held:
            out.append(Cross(f.position))
            continue
        out += [DrawnPath((f.position, *way), "legal"), Ring(ends[fid], f.radius, "move")]
        if fid in short:
            out.append(Cross(ends[fid]))
    first = figure(moves[0][0]).position
    spot = max((ends[f] for f, _ in moves if f not in held), key=lambda p: math.dist(p, first), default=first)
    return out, spot, len(short)


def short_ones(
    moves: Moves,
    figure: Callable[[str], Mover],
    steps: Sequence[dict[str, Any]],
    places: Mapping[str, Point] | None = None,
) -> list[str]:
    """The figures of a group move's preview (``steps``) who move but stop short of their places (crossed in
    :func:`marks`; ``places`` as it takes them), in the order of ``moves``: a plate names them."""
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps}
    held = {st["figure"] for st in steps if st["reason"]}
    short = _short(moves, figure, ends, held, places)
    return [fid for fid, _ in moves if fid in short]


def _short(
    moves: Moves,
    figure: Callable[[str], Mover],
    ends: dict[str, Point],
    held: set[str],
    places: Mapping[str, Point] | None = None,
) -> set[str]:
    """The moving figures short of their places in the formation, less those in file on another's way (a
    follower stands where he was sent); with ``places`` (a group closing up), those ending more than half an
    inch from the place each was sent to."""
    if places is not None:
        return {f for f in ends if f not in held and f in places and math.dist(ends[f], places[f]) > 0.5}
    ways = {fid: (figure(fid).position, *way) for fid, way in moves if fid not in held}
    in_file = {f for f in ends if any(_on_way(ends[f], way) for g, way in ways.items() if g != f)}
    return short_of_place({f: figure(f).position for f in ends}, ends, held) - in_file


def _on_way(p: Point, way: Sequence[Point], within: float = 0.5) -> bool:
    """Whether ``p`` stands on ``way`` (a figure following another in file stands on his way)."""
    for a, b in zip(way, way[1:]):
        ab = (b[0] - a[0], b[1] - a[1])
        t = ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / max(ab[0] ** 2 + ab[1] ** 2, 1e-12)
        t = min(1.0, max(0.0, t))
        if math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1])) <= within:
            return True
    return False


def stays_question(
    steps: Sequence[dict[str, Any]], name: Callable[[str], str], why: Callable[[str], str], verb: str
) -> str:
    """A group move that leaves a figure behind asks first: who stays and why, and that a second click moves the
    rest ("" when all move).

    >>> stays_question([{"figure": "a", "reason": ""}, {"figure": "b", "reason": "Blocked."}], str.upper, str, "move")
    '1 of 2 move; B stays: Blocked. Click again to move the rest.'
    """
    held = [st for st in steps if st["reason"]]
    if not held:
        return ""
    more = f" (and {len(held) - 1} more)" if len(held) > 1 else ""
    first = held[0]
    return (
        f"{len(steps) - len(held)} of {len(steps)} move; {name(first['figure'])} stays{more}: "
        f"{why(first['reason'])} Click again to {verb} the rest."
    )
