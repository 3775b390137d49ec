"""The batch sight lines' arithmetic, compiled (see :mod:`game.table.compiled`): for every line of a
chunk, the first wall or building it crosses and the clutter it runs through, worked out line by
line with the single call's arithmetic, and whether the line is *plain* (see
:mod:`game.table.sight_batch` for what that means and for the Sights made from these figures).

Each line's work is a loop over the few pieces whose box it comes near, so a batch costs what those
pieces' edges cost, with none of the fixed cost per array step that numpy pays (4,000 lines on the
starter map took about 8 ms as numpy array steps, under 2 ms here).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.table.compiled import compiled, compiled_inline, crosses_box

CORNER_CLEARANCE = 1e-5  # inches: a line this close to a corner is settled by the single call
END_CLEARANCE = 1e-7  # fraction of the line: a crossing this near either end is too
TIE = 1e-9  # two pieces of terrain met this close together along the line: the single call names the one

# What the kernel says of each line (``kind``)
CLEAR = 0  # plain and clear: the table's one clear Sight
MADE = 1  # plain: a Sight made from the line's figures
UNSURE = 2  # not plain: the single call answers it

# ``state``
STATE_CLEAR, STATE_OBSCURED, STATE_BLOCKED = 0, 1, 2

# ``by`` below 0: no name (-1), or the clutter crossed in words (-2)
BY_NONE, BY_CLUTTER = -1, -2


@compiled
def _poly_hits(
    ax: float, ay: float, dx: float, dy: float, dd: float, edges: Any, e0: int, e1: int, found: Any, at: int
) -> tuple[int, bool]:
    """A convex piece's crossings (edges ``e0``..``e1``): each edge's crossing fraction (inf where
    none) written to ``found`` from ``at``; (where the next goes, whether the line is not plain)."""
    unsure = False
    ahead = 0
    root_dd = math.sqrt(dd)
    for e in range(e0, e1):
        x1, y1, x2, y2 = edges[0, e], edges[1, e], edges[2, e], edges[3, e]
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        wx, wy = x1 - ax, y1 - ay
        # t only where the line meets the edge (u in [0, 1]): elsewhere it counts for nothing
        u = (wx * dy - wy * dx) / den
        t = (wx * ey - wy * ex) / den if u >= 0.0 and u <= 1.0 else np.inf
        if abs(den) < 1e-12:
            t = np.inf
            u = np.inf
        # running along an edge (parallel and on it); the square first, as the root is rarely needed
        ee = ex * ex + ey * ey
        if den * den <= 4e-18 * (dd * ee):
            if abs(den) <= 1e-9 * math.sqrt(dd * ee) and abs(wx * dy - wy * dx) < CORNER_CLEARANCE * root_dd:
                unsure = True
        on = u >= 0.0 and u <= 1.0 and t >= -END_CLEARANCE and t <= 1 + END_CLEARANCE
        if on and (t < END_CLEARANCE or t > 1 - END_CLEARANCE):
            unsure = True
        if u >= 0.0 and u < 1.0 and t > 0.0 and math.isfinite(t):
            ahead += 1
        # the edge's first corner: the segment's distance to it (the square first, as above)
        s = min(max((wx * dx + wy * dy) / dd, 0.0), 1.0)
        cx, cy = ax + s * dx - x1, ay + s * dy - y1
        if cx * cx + cy * cy < 4 * CORNER_CLEARANCE * CORNER_CLEARANCE and math.hypot(cx, cy) < CORNER_CLEARANCE:
            unsure = True
        found[at] = t if on else np.inf
        at += 1
    if ahead % 2 == 1:  # the start inside the piece: an odd count of crossings ahead
        unsure = True
    return at, unsure


@compiled
def _cap_hit(ax: float, ay: float, dx: float, dy: float, dd: float, caps: Any, c: int) -> tuple[float, bool]:
    """A wall leg's crossing fraction (inf where none), as Chipmunk's capsule query
    (cpSegmentShapeSegmentQuery) finds it: the side facing the start, moved out by the radius; a line
    passing between that side's ends meets the side or nothing, any other line meets the nearer round
    end or nothing. And whether the line is not plain."""
    unsure = False
    x1, y1, x2, y2, r = caps[0, c], caps[1, c], caps[2, c], caps[3, c], caps[4, c]
    ex, ey = x2 - x1, y2 - y1
    el = math.hypot(ex, ey)
    nx, ny = -ey / el, ex / el
    d = (x1 - ax) * nx + (y1 - ay) * ny
    fx = (-nx if d > 0.0 else nx) * r
    fy = (-ny if d > 0.0 else ny) * r
    ca = dx * (y1 + fy - ay) - dy * (x1 + fx - ax)
    cb = dx * (y2 + fy - ay) - dy * (x2 + fx - ax)
    face = ca * cb <= 0.0
    if min(abs(ca), abs(cb)) < CORNER_CLEARANCE * math.sqrt(dd):  # by a side's end
        unsure = True
    off = d + (-r if d > 0.0 else r)
    ad = -off
    bd = dx * nx + dy * ny - off
    if face and min(abs(ad), abs(bd)) < CORNER_CLEARANCE:  # an end on the side
        unsure = True
    side = ad / (ad - bd) if face and ad * bd < 0.0 else np.inf
    nearest = np.inf
    for px, py in ((x1, y1), (x2, y2)):  # the two round ends
        gx, gy = ax - px, ay - py
        qb = gx * dx + gy * dy
        qc = gx * gx + gy * gy - r * r
        det = qb * qb - dd * qc
        root = math.sqrt(max(det, 0.0))
        tt = (-qb - root) / dd
        if not face and det >= 0.0 and root < 1e-6 * dd and tt > -END_CLEARANCE and tt < 1 + END_CLEARANCE:
            unsure = True
        end = tt if det >= 0.0 else np.inf
        nearest = min(nearest, end)
    t = side if face else nearest
    # starting in or on the wall
    sx = min(max(((ax - x1) * ex + (ay - y1) * ey) / (el * el), 0.0), 1.0)
    if math.hypot(ax - (x1 + sx * ex), ay - (y1 + sx * ey)) <= r + 1e-9:
        unsure = True
    on = t >= -END_CLEARANCE and t <= 1 + END_CLEARANCE
    if on and (t < END_CLEARANCE or t > 1 - END_CLEARANCE):
        unsure = True
    return (t if on else np.inf), unsure


@compiled
def _ring_spans(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    dx: float,
    dy: float,
    dd: float,
    clutter: Any,
    f0: int,
    f1: int,
    cuts: Any,
) -> tuple[int, bool, bool]:
    """A clutter outline (edges ``f0``..``f1``) against the line: its crossings along the line, sorted
    into ``cuts`` (geometry.segment_inside_intervals, its arithmetic); (how many, whether the target
    stands inside by parity (geometry.point_in_edges), whether the line is not plain)."""
    unsure = False
    flips = 0
    count = 0
    root_dd = math.sqrt(dd)
    for e in range(f0, f1):
        x1, y1, x2, y2 = clutter[0, e], clutter[1, e], clutter[2, e], clutter[3, e]
        if ((y1 > by) != (y2 > by)) and bx < (x2 - x1) * (by - y1) / (y2 - y1) + x1:
            flips += 1
        s1 = dx * (y1 - ay) - dy * (x1 - ax)
        s2 = dx * (y2 - ay) - dy * (x2 - ax)
        if abs(s1) < CORNER_CLEARANCE * root_dd:  # by a vertex
            proj = ((x1 - ax) * dx + (y1 - ay) * dy) / dd
            if proj > -0.01 and proj < 1.01:
                unsure = True
        if (s1 > 0.0) != (s2 > 0.0):
            f = s1 / (s1 - s2)
            t = ((x1 + (x2 - x1) * f - ax) * dx + (y1 + (y2 - y1) * f - ay) * dy) / dd
            if abs(t) < END_CLEARANCE or abs(t - 1.0) < END_CLEARANCE:
                unsure = True
            cuts[count] = t
            count += 1
    if count % 2 == 1:  # never for a closed outline
        unsure = True
    for k in range(1, count):  # insertion sort: an outline crosses a line a few times
        t = cuts[k]
        j = k - 1
        while j >= 0 and cuts[j] > t:
            cuts[j + 1] = cuts[j]
            j -= 1
        cuts[j + 1] = t
    return count, flips % 2 == 1, unsure


@compiled_inline
def _first_wall(
    lax: float,
    lay: float,
    lbx: float,
    lby: float,
    dx: float,
    dy: float,
    dd: float,
    edges: Any,
    poly_first: Any,
    poly_piece: Any,
    caps: Any,
    cap_piece: Any,
    boxes: Any,
    found: Any,
    owner: Any,
) -> tuple[float, int, bool]:
    """The walls and buildings the line crosses (every crossing, then the first): (the first crossing's
    fraction, inf where none; its piece, -1 where none; whether the line is not plain). ``found`` and
    ``owner`` are scratch."""
    unsure = False
    polys, ncaps = len(poly_piece), len(cap_piece)
    m = 0
    for p in range(polys):
        if crosses_box(lax, lay, lbx, lby, dx, dy, boxes, p, 0.0):
            start = m
            m, doubt = _poly_hits(lax, lay, dx, dy, dd, edges, poly_first[p], poly_first[p + 1], found, m)
            unsure |= doubt
            owner[start:m] = poly_piece[p]
    for c in range(ncaps):
        if crosses_box(lax, lay, lbx, lby, dx, dy, boxes, polys + c, 0.0):
            t, doubt = _cap_hit(lax, lay, dx, dy, dd, caps, c)
            found[m] = t
            unsure |= doubt
            owner[m] = cap_piece[c]
            m += 1
    wall = np.inf
    piece = -1
    for k in range(m):
        if math.isfinite(found[k]) and found[k] <= wall:
            if found[k] < wall:
                wall = found[k]
            piece = owner[k]  # of equal crossings, the last (as numpy's assignment leaves it)
    if math.isfinite(wall):
        second = np.inf  # the nearest crossing of another piece: a near tie is the single call's
        for k in range(m):
            if math.isfinite(found[k]) and owner[k] != piece:
                second = min(second, found[k])
        if second - wall < TIE:
            unsure = True
    return wall, piece, unsure


@compiled_inline
def _clutter_spans(
    lax: float,
    lay: float,
    lbx: float,
    lby: float,
    dx: float,
    dy: float,
    dd: float,
    wall: float,
    clutter: Any,
    ring_first: Any,
    boxes: Any,
    first_box: int,
    cuts: Any,
    span0: Any,
    span1: Any,
) -> tuple[int, bool, bool]:
    """The clutter outlines the line may touch before its first wall (a hair past it, so a span running
    on to the wall is seen), and those whose box holds the target: their (in, out) spans along the line
    written to ``span0``/``span1`` in order of their starts. (How many spans, whether the target stands
    in an outline by parity, whether the line is not plain.) The rings' boxes start at ``first_box``."""
    reach = min(wall + 1e-6, 1.0)
    ex, ey = lax + dx * reach, lay + dy * reach
    spans = 0
    tin = False
    unsure = False
    for r in range(len(ring_first) - 1):
        b = first_box + r
        holds = lbx >= boxes[0, b] and lbx <= boxes[2, b] and lby >= boxes[1, b] and lby <= boxes[3, b]
        if not (holds or crosses_box(lax, lay, ex, ey, dx, dy, boxes, b, 0.0)):
            continue
        f0, f1 = ring_first[r], ring_first[r + 1]
        count, inside, doubt = _ring_spans(lax, lay, lbx, lby, dx, dy, dd, clutter, f0, f1, cuts)
        unsure |= doubt
        tin |= inside
        for k in range(0, count - 1, 2):  # (in, out) pairs, kept where they overlap the line
            t0, t1 = cuts[k], cuts[k + 1]
            if math.isfinite(t1) and not (t1 <= 0.0 or t0 >= 1.0):
                t0 = t0 if t0 > 0.0 else 0.0
                t1 = t1 if t1 < 1.0 else 1.0
                j = spans - 1  # kept in order of their starts (insertion; equal starts merge alike)
                while j >= 0 and span0[j] > t0:
                    span0[j + 1], span1[j + 1] = span0[j], span1[j]
                    j -= 1
                span0[j + 1], span1[j + 1] = t0, t1
                spans += 1
    return spans, tin, unsure


@compiled_inline
def _clutter_crossed(
    span0: Any, span1: Any, spans: int, wall: float, length: float, max_clutter: float
) -> tuple[float, float, float, bool]:
    """The union of the spans (geometry.merge_intervals): each merged interval clipped at the wall and
    added to the sums in order. (Inches of clutter crossed, the fraction where they pass ``max_clutter``
    (nan where they never do), where the last interval before the wall ends, whether the line is not
    plain.)"""
    walled = math.isfinite(wall)
    unsure = False
    total = 0.0
    cut = np.nan
    inches = 0.0
    last = 0.0
    lo, hi = span0[0], span1[0]
    for k in range(1, spans + 1):
        done = True
        if k < spans:
            a0, a1 = span0[k], span1[k]
            done = a0 > hi
        if done:
            if walled and lo < wall + END_CLEARANCE and hi > wall - END_CLEARANCE:
                unsure = True
            if not (walled and lo >= wall):
                span = hi - lo
                total = total + span
                inch = span * length
                if math.isnan(cut) and inches + inch > max_clutter:
                    cut = lo + (max_clutter - inches) / length
                inches = inches + inch
                last = hi
        if k < spans:
            if done:
                lo, hi = a0, a1
            elif a1 > hi:
                hi = a1
    return total * length, cut, last, unsure


@compiled_inline
def _span_scratch(ring_first: Any) -> tuple[Any, Any, Any]:
    """Scratch for the clutter of one line: its crossings of the longest outline, and room for every
    outline's (in, out) spans."""
    rings = len(ring_first) - 1
    longest = 0
    for r in range(rings):
        longest = max(longest, ring_first[r + 1] - ring_first[r])
    return np.empty(longest + 1), np.empty(rings * (longest // 2 + 1)), np.empty(rings * (longest // 2 + 1))


@compiled
def classify(
    ax: Any,
    ay: Any,
    bx: Any,
    by: Any,
    odd: Any,
    edges: Any,
    poly_first: Any,
    poly_piece: Any,
    caps: Any,
    cap_piece: Any,
    clutter: Any,
    ring_first: Any,
    boxes: Any,
    max_clutter: float,
    lengths: Any,
) -> tuple[Any, Any, Any, Any, Any, Any, Any]:
    """Every line's (kind, state, clutter crossed, where it is blocked (x, y; nan where not), target
    in clutter, by): see the constants above. ``odd`` marks the lines with no length or a coordinate
    that is no number (never plain); the terrain is :class:`game.table.outlines.Outlines`' arrays;
    ``lengths`` are the lines' lengths as the single call measures them (Python's ``math.hypot``,
    which can differ from the C library's in the last bit)."""
    n = len(ax)
    kind = np.full(n, UNSURE, np.int8)
    state = np.zeros(n, np.int8)
    crossed = np.zeros(n)
    at_x = np.full(n, np.nan)
    at_y = np.full(n, np.nan)
    target_in = np.zeros(n, np.bool_)
    by_what = np.full(n, BY_NONE, np.int64)
    first_ring_box = len(poly_piece) + len(cap_piece)
    # scratch, reused line after line
    found = np.empty(edges.shape[1] + len(cap_piece))
    owner = np.empty(edges.shape[1] + len(cap_piece), np.int64)
    cuts, span0, span1 = _span_scratch(ring_first)
    for i in range(n):
        if odd[i]:
            continue
        lax, lay, lbx, lby = ax[i], ay[i], bx[i], by[i]
        dx, dy = lbx - lax, lby - lay
        dd = dx * dx + dy * dy
        wall, piece, unsure = _first_wall(
            lax, lay, lbx, lby, dx, dy, dd, edges, poly_first, poly_piece, caps, cap_piece, boxes, found, owner
        )
        walled = math.isfinite(wall)
        spans, tin, doubt = _clutter_spans(
            lax, lay, lbx, lby, dx, dy, dd, wall, clutter, ring_first, boxes, first_ring_box, cuts, span0, span1
        )
        unsure |= doubt
        total = 0.0
        cut = np.nan
        if spans:
            total, cut, last, doubt = _clutter_crossed(span0, span1, spans, wall, lengths[i], max_clutter)
            unsure |= doubt
            if not walled:
                tin = last >= 1.0
        target_in[i] = tin
        if unsure or (tin and not (walled or spans)):  # a target in clutter the line never reaches
            continue
        if not (walled or tin or spans):
            kind[i] = CLEAR
            continue
        kind[i] = MADE
        crossed[i] = total
        by_clutter = spans > 0 and total > max_clutter + 1e-9
        if by_clutter or walled:
            state[i] = STATE_BLOCKED
            t = cut if by_clutter else wall
            at_x[i], at_y[i] = lax + dx * t, lay + dy * t
            by_what[i] = BY_CLUTTER if by_clutter else piece
        else:
            state[i] = STATE_OBSCURED if (total > 0.0 or tin) else STATE_CLEAR
    return kind, state, crossed, at_x, at_y, target_in, by_what
