"""The screen's squad move closes the squad up round the spot pointed when keeping each model's place would leave
it strung out (a newcomer's 10 Ork Boyz, deployed in a line: "moving squads 4/10", out of coherency, the Nob
boxed in by his own boys). The model pointed goes to the spot; each squad-mate goes to a place in a tight
cluster round him, the places nearest where the squad comes from first (so the one pointed stands at the front,
free to go on), each model to a place near him (one assignment, shortest ways in all, so their ways seldom
cross), as far as his move takes him, round walls and buildings. A squad too strung out to reach the cluster
in one move is drawn toward it less (its models end nearer their places in the formation), and a model who
would still end out of coherency goes to just within it of the squad where his move lets him (:func:`knit`).
Only the screen's proposal changes: the rules check each model's Move as before (:mod:`.squad_move`), and
the bots never move a squad so, so no seeded game moves.

>>> [tuple(round(c, 2) for c in p) for p in lattice((0.0, 0.0), (1.0, 0.0), 1.5, 1)]
[(0.0, 0.0), (1.5, 0.0), (0.75, 1.3), (-0.75, 1.3), (-1.5, 0.0), (-0.75, -1.3), (0.75, -1.3)]
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from game.rules.kit import group_move
from game.rules.routing import Point
from game.table import Table

ROOM = 0.5  # inches between bases in a closed-up squad: well within the 2" of coherency
AHEAD = 2.0  # how much dearer a place ahead of the one pointed is, an inch forward: the squad gathers behind him
BLOB = 0.6  # a model standing further out than this many times the cluster's round trails the squad
MOB = 5  # a squad of fewer models does not trail: one model short of his place is marked and stays so
STRUNG = 2.5  # a squad standing further out than this many times the cluster it would close up into is strung out


def spread(ends: Sequence[Point], radius: float) -> float:
    """How far out the squad stands (bases of ``radius`` at ``ends``): the furthest from its middle, in times
    the round of a cluster of as many bases ``ROOM`` apart (tight squads about 1, a line of ten 4 or more).

    >>> round(spread([(0.0, 0.0), (2.5, 0.0)], 0.5), 1), round(spread([(3.0 * i, 0.0) for i in range(10)], 0.5), 1)
    (1.1, 5.4)
    """
    mx, my = sum(p[0] for p in ends) / len(ends), sum(p[1] for p in ends) / len(ends)
    cluster = (2 * radius + ROOM) * math.sqrt(len(ends) * math.sqrt(3) / 2 / math.pi)
    return max(math.dist(p, (mx, my)) for p in ends) / cluster


def stragglers(ends: Mapping[str, Point], short: Collection[str], radius: float) -> int:
    """How many of the squad's models (bases of ``radius`` at ``ends``) a move leaves trailing: ``short`` of their
    places and further from the squad's middle than ``BLOB`` times the round of a tight cluster of them (a squad
    walked into a building left its back rank against the wall, in coherency that move and out of it the next;
    a squad keeping its shape on open ground leaves none; nor does a squad of fewer than ``MOB``).

    >>> block = {f"m{i}": (1.6 * (i % 5), 1.6 * (i // 5)) for i in range(10)}
    >>> stragglers(block, (), 0.5), stragglers({**block, "m4": (6.4, 4.0), "m9": (8.0, 4.0)}, ("m4", "m9"), 0.5)
    (0, 2)
    """
    if len(ends) < MOB:
        return 0
    cluster = (2 * radius + ROOM) * math.sqrt(len(ends) * math.sqrt(3) / 2 / math.pi)
    mx, my = sum(p[0] for p in ends.values()) / len(ends), sum(p[1] for p in ends.values()) / len(ends)
    return sum(1 for f in short if math.dist(ends[f], (mx, my)) > BLOB * cluster)


def lattice(centre: Point, forward: Point, step: float, rings: int) -> list[Point]:
    """The points of a hexagonal grid ``step`` apart round ``centre``, one axis along ``forward`` (a unit
    vector), out to ``rings`` rings; the centre first, then ring by ring."""
    fx, fy = forward
    axes = [(math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)) for k in range(6)]
    turn = [(fx * c - fy * s, fx * s + fy * c) for c, s in axes]  # the six directions, the first forward
    out = [centre]
    for ring in range(1, rings + 1):
        for k in range(6):
            corner = (centre[0] + turn[k][0] * step * ring, centre[1] + turn[k][1] * step * ring)
            side = turn[(k + 2) % 6]  # walking from this corner toward the next one
            out += [(corner[0] + side[0] * step * i, corner[1] + side[1] * step * i) for i in range(ring)]
    return out


def places(
    table: Table, end: Point, forward: Point, radius: float, count: int, free: Any = lambda p: True
) -> list[Point]:
    """``count`` places for bases of ``radius`` round ``end`` (where the one pointed ends), ``ROOM`` between
    neighbours: on the table, clear of walls and buildings, reached straight from ``end`` (the squad stays on
    his side of a wall) and ``free`` (no one else's base there); the nearest him first, those ahead of him
    (along ``forward``) last, so he stands at the front of the squad."""
    step = 2 * radius + ROOM
    rings = 1
    while 3 * rings * (rings + 1) < 3 * count + 6:  # room to spare for the places walls and bases take
        rings += 1

    def cost(p: Point) -> float:
        ahead = (p[0] - end[0]) * forward[0] + (p[1] - end[1]) * forward[1]
        return math.dist(p, end) + AHEAD * max(0.0, ahead)

    spots = [
        p
        for p in lattice(end, forward, step, rings)[1:]
        if table.on_table(p, radius)
        and not table.overlaps_blocking(p, radius)
        and table.leg_clear(end, p, radius)
        and free(p)
    ]
    return sorted(spots, key=lambda p: (round(cost(p), 6), p))[:count]


def assigned(starts: Mapping[str, Point], spots: Sequence[Point], reach: float) -> dict[str, Point]:
    """Each model (``starts``: where he stands) to a place of ``spots``: the ways in all as short as can be,
    squared (so no two ways cross and no model is sent the long way round so that another goes less), a place
    beyond his ``reach`` the dearer the further (the far models take the places nearest them)."""
    from scipy.optimize import linear_sum_assignment

    ids = sorted(starts)

    def cost(a: Point, b: Point) -> float:
        d = math.dist(a, b)
        return d * d + 100.0 * max(0.0, d - reach)

    cost_of = [[cost(starts[f], s) for s in spots] for f in ids]
    rows, cols = linear_sum_assignment(cost_of)
    return {ids[r]: spots[c] for r, c in zip(rows, cols)}


def drawn(
    table: Table,
    starts: Mapping[str, Point],
    shift: Point,
    slots: Mapping[str, Point],
    pull: float,
    radius: float,
) -> dict[str, Point]:
    """Where each model goes: from his place in the formation (where he stands moved by ``shift``) toward his
    place in the cluster (``slots``), the ``pull`` of the way (1: all of it); his place in the cluster when the
    point between stands on a wall or building."""
    out = {}
    for f, (x, y) in starts.items():
        kept = (x + shift[0], y + shift[1])
        goal = (kept[0] + pull * (slots[f][0] - kept[0]), kept[1] + pull * (slots[f][1] - kept[1]))
        out[f] = slots[f] if table.overlaps_blocking(goal, radius) else goal
    return out


def knit(
    table: Table,
    lead: str,
    ends: Mapping[str, Point],
    starts: Mapping[str, Point],
    radius: float,
    gap: float,
    reach: float,
) -> dict[str, Point]:
    """New goals for the models whose ``ends`` would leave them out of coherency (``gap``, base edge to base
    edge, bases of ``radius``): taken from the one pointed (``lead``) outward, each one too far from those
    joined so far goes to just within the gap of the nearest of them, on his own side (where he stands:
    ``starts``), or on the side his move took him when a wall stands between that one and his own side, when
    that is within his ``reach`` of where he stands; the squad stays one chain where its moves let it. (Knitted
    back behind a sandbag line, a model who had gone round it stood still there, in coherency across it, and
    was left further behind the next move.)"""
    joined = {lead: ends[lead]}
    left = set(ends) - {lead}
    out: dict[str, Point] = {}
    while left:
        f = min(left, key=lambda f: (min(math.dist(ends[f], p) for p in joined.values()), f))
        left.remove(f)
        near = min(joined.values(), key=lambda p: math.dist(ends[f], p))
        sides = [group_move.behind(near, p, 2 * radius + 0.6 * gap) for p in (starts[f], ends[f])]
        within = [p for p in sides if math.dist(starts[f], p) <= reach - 0.05]
        goal = next((p for p in within if table.leg_clear(near, p, radius)), within[0] if within else None)
        if math.dist(ends[f], near) - 2 * radius > gap - 0.1 and goal is not None:
            out[f] = goal
        joined[f] = out.get(f, ends[f])
    return out


def in_the_way(way: Sequence[Point], bases: Mapping[str, Point], keep: float) -> set[str]:
    """The bases (id: centre) standing on ``way`` (a base's centre nearer than ``keep`` to it): a closing squad
    moves them before the one whose way it is."""
    out = set()
    for f, p in bases.items():
        for a, b in zip(way, way[1:]):
            ab = (b[0] - a[0], b[1] - a[1])
            t = ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / max(ab[0] ** 2 + ab[1] ** 2, 1e-12)
            t = min(1.0, max(0.0, t))
            if math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1])) < keep:
                out.add(f)
    return out


def forward_of(start: Point, end: Point) -> Point:
    """The unit vector from ``start`` to ``end`` (north when they meet)."""
    d = math.dist(start, end)
    return ((end[0] - start[0]) / d, (end[1] - start[1]) / d) if d > 1e-9 else (0.0, -1.0)


def front_first(slots: Mapping[str, Point], forward: Point) -> list[str]:
    """The models by their places, the front first (those behind do not walk into the backs of those ahead)."""
    return sorted(slots, key=lambda f: (-(slots[f][0] * forward[0] + slots[f][1] * forward[1]), f))
