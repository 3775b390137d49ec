"""Many sight lines in one call, in numpy: the lines that are plain are settled for all the pairs at
once, the rest handed back to ``Table.line_of_sight`` so every answer is the single call's.

A line is *plain* when it does not start in or end on a wall or building, passes no corner of one
(nor a vertex of a clutter outline) within :data:`CORNER_CLEARANCE`, crosses no outline within
:data:`END_CLEARANCE` of either end, is not a near tie between two pieces of terrain, and its
clutter crossed is not within a hair of the limit. For a plain line the batch works out what the
single call does, the same way: the first wall or building crossed (each convex piece's edges; a
wall as its thick segment, two sides and two round ends), the clutter spans along the line from
each clutter outline by parity (each vertex counted on one side only), their union up to that
wall, and whether the target stands in clutter.

numpy is imported when the first batch is asked for, not at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.scenario.model import Point

CORNER_CLEARANCE = 1e-5  # inches: a line this close to a corner is settled by the single call
END_CLEARANCE = 1e-7  # fraction of the line: a crossing this near either end is too
TIE = 1e-9  # two pieces of terrain met this close together along the line: the single call names the one
CHUNK = 2048  # pairs per numpy pass (bounds the pairs x edges arrays)


@dataclass
class Outlines:
    """The terrain as flat arrays: blocking edges (with the piece they belong to), wall capsules,
    blocking corners, clutter edges."""

    edges: Any  # (E, 4) x1 y1 x2 y2 of every convex blocking piece's outline
    edge_piece: Any  # (E,) which blocking piece (index into names) each edge belongs to
    edge_poly: Any  # (E,) which convex polygon each edge belongs to (for the point-inside test)
    polys: int
    caps: Any  # (C, 5) x1 y1 x2 y2 radius of every wall segment
    cap_piece: Any  # (C,)
    corners: Any  # (K, 2)
    clutter: Any  # (F, 4) clutter outline edges, each ring padded to an even count with a dud edge
    clutter_ring: Any  # (F,) which clutter ring each edge belongs to
    clutter_band: Any  # (F,) float ring index, for sorting each ring's crossings apart
    clutter_starts: Any  # first edge of each ring (edges are grouped by ring: counts crossings per ring)
    poly_starts: Any  # the same for the blocking pieces
    rings: int
    names: list[str]


def outlines(blocking: Sequence[tuple[str, str, Any]], clutter_rings: Sequence[Sequence[Point]]) -> Outlines:
    """From the table's blocking shapes as (kind, name, geometry): ``("poly", name, vertices)`` or
    ``("segment", name, (a, b, radius))``, and the clutter outlines."""
    import numpy as np

    names: list[str] = []
    index: dict[str, int] = {}
    edges, edge_piece, edge_poly, caps, cap_piece, corners = [], [], [], [], [], []
    polys = 0
    for kind, name, geom in blocking:
        piece = index.setdefault(name, len(index))
        if piece == len(names):
            names.append(name)
        if kind == "poly":
            pts = [(float(x), float(y)) for x, y in geom]
            for i, (x1, y1) in enumerate(pts):
                x2, y2 = pts[(i + 1) % len(pts)]
                edges.append((x1, y1, x2, y2))
                edge_piece.append(piece)
                edge_poly.append(polys)
                corners.append((x1, y1))
            polys += 1
        else:
            (ax, ay), (bx, by), r = geom
            caps.append((ax, ay, bx, by, r))
            cap_piece.append(piece)
    cl, cl_ring = [], []
    for k, ring in enumerate(clutter_rings):
        for i, (x1, y1) in enumerate(ring):
            x2, y2 = ring[(i + 1) % len(ring)]
            cl.append((x1, y1, x2, y2))
            cl_ring.append(k)
        if len(ring) % 2:  # a dud edge (a point far off the table) is never crossed
            cl.append((-1e9, -1e9, -1e9, -1e9))
            cl_ring.append(k)
    f = np.float64
    clutter_starts = np.searchsorted(np.array(cl_ring, np.int64), np.arange(len(clutter_rings)))
    poly_starts = np.searchsorted(np.array(edge_poly, np.int64), np.arange(polys))
    return Outlines(
        np.array(edges, f).reshape(-1, 4),
        np.array(edge_piece, np.int64),
        np.array(edge_poly, np.int64),
        polys,
        np.array(caps, f).reshape(-1, 5),
        np.array(cap_piece, np.int64),
        np.array(corners, f).reshape(-1, 2),
        np.array(cl, f).reshape(-1, 4),
        np.array(cl_ring, np.int64),
        np.array(cl_ring, f),
        clutter_starts,
        poly_starts,
        len(clutter_rings),
        names,
    )


def _crossings(ax: Any, ay: Any, dx: Any, dy: Any, edges: Any) -> tuple[Any, Any]:
    """(t along each line, u along each edge) where line i meets edge j (inf where parallel)."""
    import numpy as np

    x1, y1 = edges[:, 0][None, :], edges[:, 1][None, :]
    ex, ey = (edges[:, 2] - edges[:, 0])[None, :], (edges[:, 3] - edges[:, 1])[None, :]
    den = dx * ey - dy * ex
    wx, wy = x1 - ax, y1 - ay
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
    bad = np.abs(den) < 1e-12
    t[bad] = np.inf
    u[bad] = np.inf
    return t, u


def _clutter_spans(ax: Any, ay: Any, dx: Any, dy: Any, dd: Any, o: Outlines) -> tuple[Any, Any, Any, Any]:
    """(starts, ends, unsure, target in): every clutter ring's inside spans along each line as
    fractions clipped to 0..1 (``geometry.segment_inside_intervals``, vectorised; inf where a row
    has fewer), whether a line passes a clutter vertex or meets an outline too near an end to be
    sure, and whether its end point lies in clutter (an odd count of a ring's crossings beyond it)."""
    import numpy as np

    x1, y1, x2, y2 = (o.clutter[:, i][None, :] for i in range(4))
    s1 = dx * (y1 - ay) - dy * (x1 - ax)
    s2 = dx * (y2 - ay) - dy * (x2 - ax)
    length = np.sqrt(dd)[:, None]
    # a vertex (nearly) on the line, within the segment's reach: the single call decides
    proj = ((x1 - ax) * dx + (y1 - ay) * dy) / dd[:, None]
    unsure = ((np.abs(s1) < CORNER_CLEARANCE * length) & (proj > -0.01) & (proj < 1.01)).any(axis=1)
    cross = (s1 > 0.0) != (s2 > 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        f = s1 / (s1 - s2)
        t = ((x1 + (x2 - x1) * f - ax) * dx + (y1 + (y2 - y1) * f - ay) * dy) / dd[:, None]
    t = np.where(cross, t, np.inf)
    unsure |= ((np.abs(t) < END_CLEARANCE) | (np.abs(t - 1.0) < END_CLEARANCE)).any(axis=1)
    # One sort for every ring: each ring's crossings in a band of its own (a monotonic squash of t
    # plus 4 x ring), each band an even number of columns wide (rings were padded), so the sorted
    # columns pair up as (in, out) within each ring.
    key = np.arctan(t) + 4.0 * o.clutter_band[None, :]
    order = np.argsort(key, axis=1)
    ts = np.take_along_axis(t, order, axis=1)
    t0, t1 = ts[:, 0::2], ts[:, 1::2]
    keep = np.isfinite(t1) & (t1 > 0.0) & (t0 < 1.0)
    beyond = np.add.reduceat((np.isfinite(t) & (t > 1.0)).view(np.int8), o.clutter_starts, axis=1)
    target_in = (beyond % 2 == 1).any(axis=1)
    starts = np.where(keep, np.maximum(t0, 0.0), np.inf)
    return starts, np.where(keep, np.minimum(t1, 1.0), np.inf), unsure, target_in


def classify(o: Outlines, pairs: Sequence[tuple[Point, Point]], max_clutter: float) -> list[Any]:
    """Each pair's answer where the line is plain: a tuple (state, clutter crossed, blocked at,
    target in clutter, blocked by, piece) with ``piece`` the blocking piece's index or -1; None where
    the single call must answer."""
    import numpy as np

    out: list[Any] = [None] * len(pairs)
    with np.errstate(all="ignore"):  # inf and nan stand for "no crossing"; every such row is masked
        for start in range(0, len(pairs), CHUNK):
            _classify_chunk(o, pairs, start, max_clutter, out)
    return out


def _classify_chunk(
    o: Outlines, pairs: Sequence[tuple[Point, Point]], start: int, max_clutter: float, out: list[Any]
) -> None:
    """:func:`classify` for the pairs from ``start`` (at most :data:`CHUNK`), into ``out``."""
    import numpy as np

    chunk = np.asarray(pairs[start : start + CHUNK], dtype=np.float64).reshape(-1, 4)
    n = len(chunk)
    ax, ay = chunk[:, 0:1], chunk[:, 1:2]
    bx, by = chunk[:, 2:3], chunk[:, 3:4]
    dx, dy = bx - ax, by - ay
    dd = (dx * dx + dy * dy)[:, 0]
    ok = dd > 1e-12
    dd = np.where(ok, dd, 1.0)  # a zero-length line is the single call's; keep the arithmetic quiet
    # corners of walls and buildings: the segment's distance to every one
    if len(o.corners):
        cx, cy = o.corners[:, 0][None, :], o.corners[:, 1][None, :]
        s = np.clip(((cx - ax) * dx + (cy - ay) * dy) / dd[:, None], 0.0, 1.0)
        ok &= ~(np.hypot(ax + s * dx - cx, ay + s * dy - cy) < CORNER_CLEARANCE).any(axis=1)
    hits: list[tuple[Any, Any]] = []
    if len(o.edges):
        t, u = _crossings(ax, ay, dx, dy, o.edges)
        on = (u >= 0.0) & (u <= 1.0) & (t >= -END_CLEARANCE) & (t <= 1 + END_CLEARANCE)
        ok &= ~(on & ((t < END_CLEARANCE) | (t > 1 - END_CLEARANCE))).any(axis=1)
        # a start inside a building: an odd count of its crossings ahead (each corner once)
        ahead = ((u >= 0.0) & (u < 1.0) & (t > 0.0) & np.isfinite(t)).view(np.int8)
        ok &= ~(np.add.reduceat(ahead, o.poly_starts, axis=1) % 2 == 1).any(axis=1)
        hits.append((np.where(on, t, np.inf), o.edge_piece))
    if len(o.caps):
        c = o.caps
        x1, y1, x2, y2, r = (c[:, i][None, :] for i in range(5))
        ex, ey = x2 - x1, y2 - y1
        el = np.hypot(ex, ey)
        nx, ny = -ey / el, ex / el
        ts = []
        for side in (1.0, -1.0):  # the two long sides, as edges
            ox, oy = side * r[0] * nx[0], side * r[0] * ny[0]
            sides = np.stack([x1[0] + ox, y1[0] + oy, x2[0] + ox, y2[0] + oy], axis=1)
            t, u = _crossings(ax, ay, dx, dy, sides)
            ts.append(np.where((u >= 0.0) & (u <= 1.0), t, np.inf))
        for px, py in ((x1, y1), (x2, y2)):  # the two round ends
            fx, fy = ax - px, ay - py
            qa = dd[:, None]
            qb = fx * dx + fy * dy
            qc = fx * fx + fy * fy - r * r
            det = qb * qb - qa * qc
            root = np.sqrt(np.maximum(det, 0.0))
            tt = (-qb - root) / qa
            graze = (det >= 0.0) & (root < 1e-6 * qa)
            ok &= ~(graze & (tt > -END_CLEARANCE) & (tt < 1 + END_CLEARANCE)).any(axis=1)
            ts.append(np.where(det > 0.0, tt, np.inf))
        t = np.minimum.reduce(ts)
        # starting in or on a wall: the single call
        sx = np.clip(((ax - x1) * ex + (ay - y1) * ey) / (el * el), 0.0, 1.0)
        ok &= ~(np.hypot(ax - (x1 + sx * ex), ay - (y1 + sx * ey)) <= r + 1e-9).any(axis=1)
        on = (t >= -END_CLEARANCE) & (t <= 1 + END_CLEARANCE)
        ok &= ~(on & ((t < END_CLEARANCE) | (t > 1 - END_CLEARANCE))).any(axis=1)
        hits.append((np.where(on, t, np.inf), o.cap_piece))
    if hits:
        t = np.concatenate([h[0] for h in hits], axis=1)
        owners = np.concatenate([h[1] for h in hits])
        j = np.argmin(t, axis=1)
        wall = t[np.arange(n), j]
        piece = owners[j]
        # the nearest crossing of another piece of terrain: a near tie is named by the single call
        second = np.where(owners[None, :] != piece[:, None], t, np.inf).min(axis=1)
        with np.errstate(invalid="ignore"):  # inf - inf where a line meets nothing
            ok &= ~(np.isfinite(wall) & (second - wall < TIE))
    else:
        wall = np.full(n, np.inf)
        piece = np.full(n, -1, np.int64)
    walled = np.isfinite(wall)
    t_end = np.where(walled, wall, 1.0)
    length = np.sqrt(dd)
    crossed = np.zeros(n)
    at_t = np.full(n, np.nan)  # where the clutter crossed passes the limit
    target_in = np.zeros(n, bool)
    if o.rings:
        s0, s1, unsure, target_in = _clutter_spans(ax, ay, dx, dy, dd, o)
        ok &= ~unsure
        order = np.argsort(s0, axis=1)
        s0 = np.take_along_axis(s0, order, axis=1)
        s1 = np.take_along_axis(s1, order, axis=1)
        used = np.isfinite(s0).any(axis=0)  # sorted: the spans fill the first columns
        width = int(used.sum())
        s0, s1 = s0[:, :width], s1[:, :width]
        s0 = np.minimum(s0, t_end[:, None])  # cut at the first wall, as the single call does
        s1 = np.minimum(s1, t_end[:, None])
        reach = np.zeros(n)  # the union so far ends here
        acc = np.zeros(n)
        for k in range(s0.shape[1]):
            lo = np.maximum(s0[:, k], reach)
            span = np.where(np.isfinite(s0[:, k]) & (s1[:, k] > lo), s1[:, k] - lo, 0.0)
            inch = span * length
            first = np.isnan(at_t) & (acc + inch > max_clutter)
            at_t = np.where(first, lo + (max_clutter - acc) / length, at_t)
            acc = acc + inch
            crossed = crossed + span
            reach = np.where(np.isfinite(s1[:, k]), np.maximum(reach, s1[:, k]), reach)
        crossed = crossed * length
        ok &= np.abs(crossed - max_clutter) > 1e-6
    by_clutter = crossed > max_clutter + 1e-9
    rows = np.nonzero(ok)[0]
    px = np.where(by_clutter, ax[:, 0] + dx[:, 0] * at_t, ax[:, 0] + dx[:, 0] * wall)
    py = np.where(by_clutter, ay[:, 0] + dy[:, 0] * at_t, ay[:, 0] + dy[:, 0] * wall)
    for i, cut, hit, c, tin, x, y, p in zip(
        rows.tolist(),
        by_clutter[rows].tolist(),
        walled[rows].tolist(),
        crossed[rows].tolist(),
        target_in[rows].tolist(),
        px[rows].tolist(),
        py[rows].tolist(),
        piece[rows].tolist(),
    ):
        if cut:
            out[start + i] = ("blocked", c, (x, y), tin, f'clutter ({c:.1f}" crossed)', -1)
        elif hit:
            out[start + i] = ("blocked", c, (x, y), tin, "", p)
        elif c > 0.0 or tin:
            out[start + i] = ("obscured", c, None, tin, "", -1)
        else:
            out[start + i] = ("clear", 0.0, None, False, "", -1)


def lines_of_sight(
    o: Outlines,
    pairs: Sequence[tuple[Point, Point]],
    max_clutter: float,
    single: Callable[[Point, Point], Any],
    make: Callable[[str, float, Point | None, bool, str], Any],
    clear_sight: Any,
) -> list[Any]:
    """Every pair's Sight: the plain ones from :func:`classify` (built by ``make``; a plain clear
    line is ``clear_sight`` itself), the rest from ``single``."""
    names = o.names
    out: list[Any] = []
    append = out.append
    for (a, b), found in zip(pairs, classify(o, pairs, max_clutter)):
        if found is None:
            append(single(a, b))
        elif found[0] == "clear":
            append(clear_sight)
        else:
            state, crossed, at, target_in, by, piece = found
            append(make(state, crossed, at, target_in, by or (names[piece] if piece >= 0 else "")))
    return out
