"""Many sight lines in one call, in numpy: the lines that are plain are settled for all the pairs at
once, the rest handed back to ``Table.line_of_sight`` so every answer is the single call's.

The work is sparse. One pass over (pairs x terrain pieces) keeps the pieces a line can touch at all
(its box overlaps the piece's box and the line passes within the box: the separating axis test);
only those pieces' edges are then tested, as flat arrays of (line, edge) entries. A random line on
the starter map reaches a few pieces of its forty, so the batch costs about what those few edges do.
Walls and buildings go first; clutter is then looked for only up to each line's first wall (what
lies beyond never counts) and in the outlines whose box holds the line's target.

A line is *plain* when it does not start in or end on a wall or building, passes no corner of one
(nor a vertex of a clutter outline) within :data:`CORNER_CLEARANCE`, crosses no outline within
:data:`END_CLEARANCE` of either end, is not a near tie between two pieces of terrain, and no span of
clutter runs on within :data:`END_CLEARANCE` of the wall that stops it. For a plain line the batch
works out what the single call does, the same way: the first wall or building crossed (each convex
piece's edges; a wall as its thick segment, two sides and two round ends), each clutter outline's
inside spans by parity (``geometry.segment_inside_intervals``, the same arithmetic in the same
order), their union (``geometry.merge_intervals``), the inches crossed summed in the same order, the
point where they pass the limit, and whether the target stands in clutter
(``geometry.point_in_edges``). The clutter figures are therefore the single call's to the last bit;
where the wall stops the line is pymunk's to within a hair.

numpy is imported when the first batch is asked for, not at start-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

from game.scenario.model import Point
from game.table.outlines import Lines, Outlines, crossing_boxes, expand, in_chunks, lines_of

CORNER_CLEARANCE = 1e-5  # inches: a line this close to a corner is settled by the single call
END_CLEARANCE = 1e-7  # fraction of the line: a crossing this near either end is too
TIE = 1e-9  # two pieces of terrain met this close together along the line: the single call names the one


def _near_blocking(lines: Lines, o: Outlines) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
    """(line, piece) index pairs, line by line, where the line may touch the piece's box: the convex
    pieces of walls and buildings, then the wall legs."""

    p, c = o.polys, len(o.cap_piece)
    x0, y0, x1, y1 = (row[: p + c] for row in o.boxes)
    rows, cols = crossing_boxes(lines, (lines.bx, lines.by), x0, y0, x1, y1)
    is_poly = cols < p
    return (rows[is_poly], cols[is_poly]), (rows[~is_poly], cols[~is_poly] - p)


def _near_rings(lines: Lines, o: Outlines, wall: Any) -> tuple[Any, Any]:
    """(line, clutter ring) index pairs, line by line: the rings the line may touch before its first
    wall (clutter beyond it never counts), and those whose box holds the line's target (the target
    stands in clutter or not, wall or no wall)."""
    import numpy as np

    first = o.polys + len(o.cap_piece)
    x0, y0, x1, y1 = (row[first:] for row in o.boxes)
    # a hair past the wall: a span running on to the wall is still seen (and left to the single call)
    reach = np.minimum(wall + 1e-6, 1.0)
    ends = (lines.ax + lines.dx * reach, lines.ay + lines.dy * reach)
    rows, cols = crossing_boxes(lines, ends, x0, y0, x1, y1)
    bx, by = lines.bx[:, None], lines.by[:, None]
    hit = (bx >= x0) & (bx <= x1) & (by >= y0) & (by <= y1)
    hit[rows, cols] = True
    rows, cols = np.nonzero(hit)
    return rows, cols


def _walls(o: Outlines, lines: Lines, near_polys: Any, near_caps: Any, unsure: Any) -> tuple[Any, Any]:
    """(where along each line the first wall or building is crossed (inf where none), which named
    piece it is (-1 where none)); marks in ``unsure`` the lines the single call must settle."""
    import numpy as np

    n = len(lines.ax)
    ts: list[Any] = []
    owners: list[Any] = []
    at: list[Any] = []
    rows, cols = near_polys
    if len(rows):
        line, edge, starts = expand(rows, cols, o.poly_first)
        ax, ay, dx, dy, dd = lines.ax[line], lines.ay[line], lines.dx[line], lines.dy[line], lines.dd[line]
        x1, y1, x2, y2 = (c.take(edge) for c in o.edges)
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        wx, wy = x1 - ax, y1 - ay
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
        bad = np.abs(den) < 1e-12
        t[bad] = np.inf
        u[bad] = np.inf
        # running along an edge (parallel and on it): the single call
        along = np.abs(den) <= 1e-9 * np.sqrt(dd * (ex * ex + ey * ey))
        along &= np.abs(wx * dy - wy * dx) < CORNER_CLEARANCE * np.sqrt(dd)
        unsure[line[along]] = True
        on = (u >= 0.0) & (u <= 1.0) & (t >= -END_CLEARANCE) & (t <= 1 + END_CLEARANCE)
        unsure[line[on & ((t < END_CLEARANCE) | (t > 1 - END_CLEARANCE))]] = True
        # a start inside a building: an odd count of its crossings ahead (each corner once)
        ahead = ((u >= 0.0) & (u < 1.0) & (t > 0.0) & np.isfinite(t)).astype(np.int32)
        unsure[rows[np.add.reduceat(ahead, starts) % 2 == 1]] = True
        # each edge's first corner: the segment's distance to it
        s = np.clip((wx * dx + wy * dy) / dd, 0.0, 1.0)
        unsure[line[np.hypot(ax + s * dx - x1, ay + s * dy - y1) < CORNER_CLEARANCE]] = True
        ts.append(np.where(on, t, np.inf))
        owners.append(np.repeat(o.poly_piece[cols], o.poly_first[cols + 1] - o.poly_first[cols]))
        at.append(line)
    rows, cols = near_caps
    if len(rows):
        ax, ay, dx, dy, dd = lines.ax[rows], lines.ay[rows], lines.dx[rows], lines.dy[rows], lines.dd[rows]
        x1, y1, x2, y2, r = (c.take(cols) for c in o.caps)
        ex, ey = x2 - x1, y2 - y1
        el = np.hypot(ex, ey)
        nx, ny = -ey / el, ex / el
        # Chipmunk's capsule query (cpSegmentShapeSegmentQuery), as the single call asks it: the
        # side facing the start, moved out by the radius; a line passing between that side's ends
        # meets the side or nothing, any other line meets the nearer round end or nothing.
        d = (x1 - ax) * nx + (y1 - ay) * ny
        fx, fy = np.where(d > 0.0, -nx, nx) * r, np.where(d > 0.0, -ny, ny) * r
        ca = dx * (y1 + fy - ay) - dy * (x1 + fx - ax)
        cb = dx * (y2 + fy - ay) - dy * (x2 + fx - ax)
        face = ca * cb <= 0.0
        length = np.sqrt(dd)
        unsure[rows[np.minimum(np.abs(ca), np.abs(cb)) < CORNER_CLEARANCE * length]] = True  # by a side's end
        off = d + np.where(d > 0.0, -r, r)
        ad = -off
        bd = dx * nx + dy * ny - off
        unsure[rows[face & (np.minimum(np.abs(ad), np.abs(bd)) < CORNER_CLEARANCE)]] = True  # an end on the side
        side = np.where(face & (ad * bd < 0.0), ad / (ad - bd), np.inf)
        ends = []
        for px, py in ((x1, y1), (x2, y2)):  # the two round ends
            fx, fy = ax - px, ay - py
            qb = fx * dx + fy * dy
            qc = fx * fx + fy * fy - r * r
            det = qb * qb - dd * qc
            root = np.sqrt(np.maximum(det, 0.0))
            tt = (-qb - root) / dd
            graze = (det >= 0.0) & (root < 1e-6 * dd)
            unsure[rows[~face & graze & (tt > -END_CLEARANCE) & (tt < 1 + END_CLEARANCE)]] = True
            ends.append(np.where(det >= 0.0, tt, np.inf))
        t = np.where(face, side, np.minimum(ends[0], ends[1]))
        # starting in or on a wall: the single call
        sx = np.clip(((ax - x1) * ex + (ay - y1) * ey) / (el * el), 0.0, 1.0)
        unsure[rows[np.hypot(ax - (x1 + sx * ex), ay - (y1 + sx * ey)) <= r + 1e-9]] = True
        on = (t >= -END_CLEARANCE) & (t <= 1 + END_CLEARANCE)
        unsure[rows[on & ((t < END_CLEARANCE) | (t > 1 - END_CLEARANCE))]] = True
        ts.append(np.where(on, t, np.inf))
        owners.append(o.cap_piece[cols])
        at.append(rows)
    wall = np.full(n, np.inf)
    piece = np.full(n, -1, np.int64)
    if not ts:
        return wall, piece
    t = np.concatenate(ts)
    hit = np.flatnonzero(np.isfinite(t))
    t, owner, line = t.take(hit), np.concatenate(owners).take(hit), np.concatenate(at).take(hit)
    np.minimum.at(wall, line, t)
    first = t == wall[line]
    piece[line[first]] = owner[first]
    # the nearest crossing of another piece of terrain: a near tie is named by the single call
    other = owner != piece[line]
    second = np.full(n, np.inf)
    np.minimum.at(second, line[other], t[other])
    unsure |= np.isfinite(wall) & (second - wall < TIE)
    return wall, piece


def _rank(group: Any, groups: int) -> tuple[Any, Any]:
    """For entries grouped in order (``group`` never decreasing): each entry's place within its
    group, and the groups' sizes."""
    import numpy as np

    counts = np.bincount(group, minlength=groups)
    return np.arange(len(group)) - np.repeat(np.cumsum(counts) - counts, counts), counts


def _clutter(
    o: Outlines, lines: Lines, near_rings: Any, wall: Any, max_clutter: float, unsure: Any
) -> tuple[Any, Any, Any, Any]:
    """(the lines with clutter spans, their clutter crossed, the fraction where it passes the
    limit (nan where it does not), and whether each line's target stands in clutter) for every
    line; marks in ``unsure`` the lines the single call must settle."""
    import numpy as np

    n = len(lines.ax)
    target_in = np.zeros(n, bool)
    none = np.zeros(0, np.int64), np.zeros(0), np.zeros(0), target_in
    rows, cols = near_rings
    if not len(rows):
        return none
    line, edge, starts = expand(rows, cols, o.ring_first)
    ax, ay, dx, dy = lines.ax[line], lines.ay[line], lines.dx[line], lines.dy[line]
    x1, y1, x2, y2 = (c.take(edge) for c in o.clutter)
    # the target in clutter: geometry.point_in_edges, its arithmetic, one parity per (line, ring)
    bx, by = lines.bx[line], lines.by[line]
    flip = ((y1 > by) != (y2 > by)) & (bx < (x2 - x1) * (by - y1) / (y2 - y1) + x1)
    target_in[rows[np.add.reduceat(flip.astype(np.int32), starts) % 2 == 1]] = True
    # the spans: geometry.segment_inside_intervals, its arithmetic
    s1 = dx * (y1 - ay) - dy * (x1 - ax)
    s2 = dx * (y2 - ay) - dy * (x2 - ax)
    dd = lines.dd[line]
    proj = ((x1 - ax) * dx + (y1 - ay) * dy) / dd
    near_vertex = (np.abs(s1) < CORNER_CLEARANCE * np.sqrt(dd)) & (proj > -0.01) & (proj < 1.01)
    unsure[line[near_vertex]] = True
    cross = np.flatnonzero((s1 > 0.0) != (s2 > 0.0))  # indices: one gather each below, not a mask each
    pair = np.repeat(np.arange(len(rows)), o.ring_first[cols + 1] - o.ring_first[cols]).take(cross)
    x1, y1, x2, y2, s1, s2 = (v.take(cross) for v in (x1, y1, x2, y2, s1, s2))
    ax, ay, dx, dy, dd = (v.take(cross) for v in (ax, ay, dx, dy, dd))
    f = s1 / (s1 - s2)
    t = ((x1 + (x2 - x1) * f - ax) * dx + (y1 + (y2 - y1) * f - ay) * dy) / dd
    unsure[rows[pair[(np.abs(t) < END_CLEARANCE) | (np.abs(t - 1.0) < END_CLEARANCE)]]] = True
    if not len(t):
        return none
    # each (line, ring)'s crossings sorted along the line, paired as (in, out)
    rank, counts = _rank(pair, len(rows))
    unsure[rows[counts % 2 == 1]] = True  # an odd count: never for a closed ring
    cuts = np.full((len(rows), int(counts.max()) + 1), np.inf)
    cuts[pair, rank] = t
    cuts.sort(axis=1)
    t0, t1 = cuts[:, 0:-1:2], cuts[:, 1::2]
    keep = np.isfinite(t1) & ~((t1 <= 0.0) | (t0 >= 1.0))
    t0 = np.where(t0 > 0.0, t0, 0.0)[keep]
    t1 = np.where(t1 < 1.0, t1, 1.0)[keep]
    span_line = np.broadcast_to(rows[:, None], keep.shape)[keep]  # never decreasing: rows are
    if not len(span_line):
        return none
    # the union, line by line (geometry.merge_intervals): each line's spans by their starts, one
    # column a step
    step = np.flatnonzero(span_line[1:] != span_line[:-1]) + 1
    spanned = span_line[np.concatenate(([0], step))]
    row = np.zeros(len(span_line), np.int64)
    row[step] = 1
    row = np.cumsum(row)
    rank, counts = _rank(row, len(spanned))
    m, width = len(spanned), int(counts.max())
    c0 = np.full((m, width), np.nan)
    c1 = np.full((m, width), np.nan)
    c0[row, rank] = t0
    c1[row, rank] = t1
    if width > 1:
        order = np.argsort(c0, axis=1)  # nan (no span) last
        c0 = np.take_along_axis(c0, order, axis=1)
        c1 = np.take_along_axis(c1, order, axis=1)
    length = np.fromiter(map(math.hypot, lines.dx[spanned].tolist(), lines.dy[spanned].tolist()), np.float64, m)
    t_end = wall[spanned]
    walled = np.isfinite(t_end)
    total = np.zeros(m)
    inches = np.zeros(m)
    cut = np.full(m, np.nan)
    last = np.zeros(m)
    lo, hi = c0[:, 0], c1[:, 0]
    for k in range(1, width + 1):
        if k < width:
            a0, a1 = c0[:, k], c1[:, k]
            valid = ~np.isnan(a0)
            done = valid & (a0 > hi)
        else:
            done = np.ones(m, bool)
        # a merged interval ends: clipped at the wall (a span running on past it is the single
        # call's), added to the sums in order
        unsure[spanned[done & walled & (lo < t_end + END_CLEARANCE) & (hi > t_end - END_CLEARANCE)]] = True
        counted = done & ~(walled & (lo >= t_end))
        span = np.where(counted, hi - lo, 0.0)
        total = total + span
        inch = span * length
        passed = counted & np.isnan(cut) & (inches + inch > max_clutter)
        cut = np.where(passed, lo + (max_clutter - inches) / length, cut)
        inches = np.where(counted, inches + inch, inches)
        last = np.where(counted, hi, last)
        if k < width:
            lo = np.where(done, a0, lo)
            hi = np.where(done, a1, np.where(valid & (a1 > hi), a1, hi))
    target_in[spanned] = np.where(walled, target_in[spanned], last >= 1.0)
    return spanned, total * length, cut, target_in


_WORDS: dict[int, str] = {}


def _clutter_words(crossed: float) -> str:
    """``f'clutter ({crossed:.1f}" crossed)'``, the single call's words, kept by tenths (formatting
    a float costs more than the rest of a line): a figure within a hair of a half tenth is
    formatted afresh."""
    tenths = crossed * 10.0
    k = math.floor(tenths + 0.5)
    if abs(tenths - k) > 0.49 or k < 0:
        return f'clutter ({crossed:.1f}" crossed)'
    words = _WORDS.get(k)
    if words is None:
        words = _WORDS[k] = f'clutter ({crossed:.1f}" crossed)'
    return words


def _classify(
    o: Outlines,
    pairs: Sequence[tuple[Point, Point]],
    max_clutter: float,
    make: Callable[[str, float, Point | None, bool, str], Any],
    clear_sight: Any,
) -> tuple[Any, Any]:
    """(a list of each plain line's Sight, made by ``make``, a plain clear line being ``clear_sight``
    itself, None for the others; the others' indices)."""
    import numpy as np

    n = len(pairs)
    lines, unsure = lines_of(pairs)  # no length (or no number): the single call
    ax, ay, dx, dy = lines.ax, lines.ay, lines.dx, lines.dy
    near_polys, near_caps = _near_blocking(lines, o)
    wall, piece = _walls(o, lines, near_polys, near_caps, unsure)
    spanned, crossed, cut, target_in = _clutter(o, lines, _near_rings(lines, o, wall), wall, max_clutter, unsure)
    walled = np.isfinite(wall)
    names = np.array(o.names + [""], dtype=object)  # piece -1 reads as no name
    # The answers go straight into a list (an object array's gathers and tolist cost more than
    # making the Sights).
    out: list[Any] = [None] * n
    # the plain lines with neither wall nor clutter: clear, and the commonest answer
    busy = walled | target_in | unsure
    busy[spanned] = True
    for i in np.flatnonzero(~busy).tolist():
        out[i] = clear_sight
    # the walled lines with no clutter spans (a target in clutter with no span reaching it is
    # never plain unwalled: left to the single call)
    bare = walled & ~unsure
    bare[spanned] = False
    rows = np.flatnonzero(bare)
    if len(rows):
        at = zip((ax[rows] + dx[rows] * wall[rows]).tolist(), (ay[rows] + dy[rows] * wall[rows]).tolist())
        made = map(make, repeat("blocked"), repeat(0.0), at, target_in[rows].tolist(), names[piece[rows]].tolist())
        for i, sight in zip(rows.tolist(), made):
            out[i] = sight
    keep = ~unsure[spanned]
    s, c, t = spanned[keep], crossed[keep], cut[keep]
    if len(s):
        tin = target_in[s]
        by_clutter = c > max_clutter + 1e-9
        blocked = by_clutter | walled[s]
        x = np.where(by_clutter, ax[s] + dx[s] * t, ax[s] + dx[s] * wall[s])
        y = np.where(by_clutter, ay[s] + dy[s] * t, ay[s] + dy[s] * wall[s])
        at_ = [(px, py) if stop else None for px, py, stop in zip(x.tolist(), y.tolist(), blocked.tolist())]
        states = np.array(("clear", "obscured", "blocked"), dtype=object)
        state = states[np.where(blocked, 2, ((c > 0.0) | tin).view(np.int8))]
        by = names[np.where(blocked, piece[s], -1)]
        if by_clutter.any():
            by[by_clutter] = [_clutter_words(v) for v in c[by_clutter].tolist()]
        made = map(make, state.tolist(), c.tolist(), at_, tin.tolist(), by.tolist())
        for i, sight in zip(s.tolist(), made):
            out[i] = sight
    return out, np.flatnonzero(unsure)


def lines_of_sight(
    o: Outlines,
    pairs: Sequence[tuple[Point, Point]],
    max_clutter: float,
    single: Callable[[Point, Point], Any],
    make: Callable[[str, float, Point | None, bool, str], Any],
    clear_sight: Any,
) -> list[Any]:
    """Every pair's Sight: the plain ones worked out together (built by ``make``; a plain clear line
    is ``clear_sight`` itself), the rest from ``single``."""
    return in_chunks(pairs, lambda chunk: _classify(o, chunk, max_clutter, make, clear_sight), single, o.chunk)
