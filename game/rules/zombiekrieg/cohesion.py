"""Where a zombie of the unit may stop (rules: Zombiekrieg 848, The zombies: Cohesion).

After the Axis move every zombie that is not within 4" of an Allied figure is within 2" of another
standing zombie of the unit, wherever the walls allow. A zombie is *settled* at a point when one of
the two holds there. These functions find settled points along a zombie's own path, exactly (from
circles round the other bases), never where its base would overlap another one.

>>> span_in_circle((0, 0), (10, 0), (6, 0), 1.0)
(0.5, 0.7)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.rules.zombiekrieg.geometry import WITHIN_TOLERANCE, within, within_reach
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point

Span = tuple[float, float]

# A point found on the edge of a settled span may round a hair beyond it: half the tolerance of
# ``within`` keeps it within, and still counts a zombie that was exactly X away as within X.
SPAN_TOLERANCE = WITHIN_TOLERANCE / 2


def in_touch(world: World, z: Figure, p: Point) -> bool:
    """Is a base of ``z`` at ``p`` within 2" (cohesion) of another standing zombie?"""
    cohesion = world.data.house.cohesion
    return world.table.any_figure_in_circle(
        p, within_reach(z.radius, cohesion), where=lambda fid: fid != z.id and world.is_standing_zombie(fid)
    )


def in_touch_where_they_stand(world: World, zs: Sequence[Figure]) -> list[bool]:
    """``[in_touch(world, z, z.position) for z in zs]``, asked of the table in one call."""
    cohesion = world.data.house.cohesion
    reaches = [within_reach(z.radius, cohesion) for z in zs]
    return world.table.others_within([z.id for z in zs], reaches, world.is_standing_zombie)


def near_allied(world: World, z: Figure, p: Point) -> bool:
    """Is a base of ``z`` at ``p`` within 4" (break-off) of an Allied figure on the table?"""
    reach = world.data.house.break_off
    return world.table.any_of_in_circle(
        p, within_reach(z.radius, reach), world.allied_ids(), where=world.is_allied
    )


def settled(world: World, z: Figure, p: Point) -> bool:
    """May ``z`` end its move at ``p`` as far as cohesion goes? (In touch is asked first: in a unit it
    is mostly so, and found in the zombie's own cell, where "near an Allied figure" measures to each.)"""
    return in_touch(world, z, p) or near_allied(world, z, p)


def span_in_circle(a: Point, b: Point, centre: Point, reach: float) -> Span | None:
    """The part of the leg a-b (as fractions, 0 at a) whose points lie within ``reach`` of ``centre``."""
    line = _line_span(a, b, centre, reach, strict=False)
    if line is None:
        return None
    lo, hi = max(0.0, line[0]), min(1.0, line[1])
    return (lo, hi) if lo <= hi else None


def _overlap_span(a: Point, b: Point, centre: Point, reach: float) -> Span | None:
    """Where on the line through a-b a point is closer than ``reach`` to ``centre``, not cut to the
    leg: a span running on before a (or past b) keeps its true end, so a leg's first point inside
    another base is never taken for one just touching it."""
    return _line_span(a, b, centre, reach, strict=True)


def _line_span(a: Point, b: Point, centre: Point, reach: float, strict: bool) -> Span | None:
    """Fractions along the whole line through a-b (0 at a, 1 at b) between which a point is within
    ``reach`` of ``centre`` (closer than it, if ``strict``); a leg of no length is all or nothing."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa = dx * dx + dy * dy
    qb = 2.0 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - reach * reach
    if qa == 0.0:
        return (-math.inf, math.inf) if (qc < 0.0 if strict else qc <= 0.0) else None
    disc = qb * qb - 4.0 * qa * qc
    if disc < 0.0 or (strict and disc == 0.0):
        return None
    root = math.sqrt(disc)
    return (-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa)


def _leg_spans(
    world: World, z: Figure, a: Point, b: Point, anchor: str | None = None
) -> tuple[list[Span], list[Span]]:
    """Where on the leg a-b ``z`` would be settled (by ``anchor`` alone, if given), and where its base
    would overlap another base."""
    table = world.table
    cohesion = world.data.house.cohesion
    reach = world.data.house.break_off
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    around = math.dist(a, b) / 2 + z.radius + max(cohesion, reach) + 2.0
    good: list[Span] = []
    bad: list[Span] = []
    for fid in table.figures_in_circle(mid, around):
        if fid == z.id:
            continue
        c, r = table.position(fid), table.radius(fid)
        if anchor is not None and fid != anchor:
            span = None
        elif world.is_standing_zombie(fid):
            span = span_in_circle(a, b, c, z.radius + r + cohesion + SPAN_TOLERANCE)
        elif world.is_allied(fid):
            span = span_in_circle(a, b, c, z.radius + r + reach + SPAN_TOLERANCE)
        else:
            span = None
        if span is not None:
            good.append(span)
        overlap = _overlap_span(a, b, c, z.radius + r)
        if overlap is not None and overlap[0] < overlap[1]:
            bad.append(overlap)
    return good, bad


def _last_allowed(good: Sequence[Span], bad: Sequence[Span]) -> float | None:
    """The largest fraction inside a good span and not strictly inside a bad one (touching is fine)."""
    best: float | None = None
    for lo, hi in good:
        t = hi
        moved = True
        while moved and t >= lo:
            moved = False
            for b0, b1 in bad:
                if b0 < t < b1:
                    t, moved = b0, True
        if t >= lo and (best is None or t > best):
            best = t
    return best


def _first_allowed(good: Sequence[Span], bad: Sequence[Span]) -> float | None:
    best: float | None = None
    for lo, hi in good:
        t = lo
        moved = True
        while moved and t <= hi:
            moved = False
            for b0, b1 in bad:
                if b0 < t < b1:
                    t, moved = b1, True
        if t <= hi and (best is None or t < best):
            best = t
    return best


def _point(a: Point, b: Point, t: float) -> Point:
    if t <= 0.0:
        return a
    if t >= 1.0:
        return b
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def furthest_settled(
    world: World, z: Figure, path: Sequence[Point], anchor: str | None = None
) -> list[Point] | None:
    """The longest first part of ``path`` that ends where ``z`` is settled (within 2" of the zombie
    ``anchor``, if given) and overlaps no base, or None."""
    if anchor is None or _anchor_near_path(world, z, path, anchor):
        legs = range(len(path) - 2, -1, -1)
    else:
        legs = range(0)  # no leg comes within 2" of the anchor: only the start may be settled by it
    for i in legs:
        a, b = path[i], path[i + 1]
        good, bad = _leg_spans(world, z, a, b, anchor)
        t = _last_allowed(good, bad)
        if t is not None:
            end = _point(a, b, t)
            return list(path[: i + 1]) + ([end] if end != a else [])
    # the start itself, asked the way "within" asks (a span's edge may round just short of it)
    start = path[0]
    if world.table.any_figure_in_circle(start, z.radius, where=lambda fid: fid != z.id):
        return None
    if anchor is None:
        return [start] if settled(world, z, start) else None
    table, cohesion = world.table, world.data.house.cohesion
    gap = math.dist(start, table.position(anchor)) - z.radius - table.radius(anchor)
    return [start] if within(gap, cohesion) else None


def _anchor_near_path(world: World, z: Figure, path: Sequence[Point], anchor: str) -> bool:
    """Does a leg of ``path`` have a span where ``z`` is within 2" of ``anchor`` (the span
    :func:`_leg_spans` finds for it, asked without looking for the other bases)?"""
    if world.is_standing_zombie(anchor):
        within_of = world.data.house.cohesion
    elif world.is_allied(anchor):
        within_of = world.data.house.break_off
    else:
        return False
    table = world.table
    c, r = table.position(anchor), table.radius(anchor)
    reach = z.radius + r + within_of + SPAN_TOLERANCE
    return any(span_in_circle(a, b, c, reach) is not None for a, b in zip(path, path[1:]))


def first_settled(world: World, z: Figure, path: Sequence[Point]) -> list[Point] | None:
    """The shortest first part of ``path`` that ends where ``z`` is settled and overlaps no base, or None."""
    for i in range(len(path) - 1):
        a, b = path[i], path[i + 1]
        good, bad = _leg_spans(world, z, a, b)
        t = _first_allowed(good, bad)
        if t is not None:
            end = _point(a, b, t)
            return list(path[: i + 1]) + ([end] if end != a else [])
    return None
