"""Plain 2D geometry in inches, no pymunk: arcs, paths, polygons cut into convex pieces,
and where a straight line runs inside a polygon.

>>> truncate_path([(0, 0), (4, 0), (4, 4)], 6)
[(0, 0), (4, 0), (4.0, 2.0)]
>>> interval_length(segment_inside_intervals((0, 1), (10, 1), polygon_edges(((2, 0), (5, 0), (5, 2), (2, 2)))), 10)
3.0
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

Point = tuple[float, float]
Edge = tuple[float, float, float, float]

ARC_TOLERANCE = 1e-9


def in_front_arc(origin: Point, facing_deg: float, target: Point) -> bool:
    """True when the angle between the facing and the line to ``target`` is at most 90 degrees.

    >>> in_front_arc((0, 0), 0, (0, 5))  # exactly 90 degrees counts as in
    True
    >>> in_front_arc((0, 0), 0, (-1, 5))
    False
    """
    vx, vy = target[0] - origin[0], target[1] - origin[1]
    norm = math.hypot(vx, vy)
    if norm == 0.0:
        return True
    rad = math.radians(facing_deg)
    return math.cos(rad) * vx + math.sin(rad) * vy >= -ARC_TOLERANCE * norm


def path_length(points: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def truncate_path(points: Sequence[Point], length: float) -> list[Point]:
    """The first ``length`` inches of a path of straight legs (the whole path if it is shorter)."""
    if not points:
        return []
    out: list[Point] = [points[0]]
    left = max(0.0, length)
    for a, b in zip(points, points[1:]):
        leg = math.dist(a, b)
        if leg <= left:
            out.append(b)
            left -= leg
            continue
        if left > 0.0:
            f = left / leg
            out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        break
    return out


# -- polygons -------------------------------------------------------------------------------


def signed_area(pts: Sequence[Point]) -> float:
    s = 0.0
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def clean_ring(pts: Sequence[Point], eps: float = 1e-9) -> list[Point]:
    """Drop repeated and collinear vertices, and a closing point equal to the first; orient with
    positive signed area. One pass with a stack (a long straight run costs no more than its points)."""
    ring: list[Point] = []
    for p in pts:
        p = (float(p[0]), float(p[1]))
        if not ring or math.dist(ring[-1], p) > eps:
            ring.append(p)
    if len(ring) > 1 and math.dist(ring[0], ring[-1]) <= eps:
        ring.pop()

    def straight(o: Point, a: Point, b: Point) -> bool:
        return abs(_cross(o, a, b)) <= eps * max(math.dist(o, a) * math.dist(a, b), eps)

    out: list[Point] = []
    for p in ring:
        out.append(p)
        while len(out) >= 3 and straight(out[-3], out[-2], out[-1]):
            del out[-2]
    start = 0  # the ring closes: drop a straight vertex at the seam, from either side, until none is left
    while len(out) - start >= 3:
        if straight(out[-2], out[-1], out[start]):
            out.pop()
        elif straight(out[-1], out[start], out[start + 1]):
            start += 1
        else:
            break
    ring = out[start:]
    if len(ring) >= 3 and signed_area(ring) < 0:
        ring.reverse()
    return ring


def is_convex(ring: Sequence[Point]) -> bool:
    """For a ring with positive signed area."""
    n = len(ring)
    return n >= 3 and all(_cross(ring[i - 1], ring[i], ring[(i + 1) % n]) >= -1e-12 for i in range(n))


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    return _cross(a, b, p) >= 0 and _cross(b, c, p) >= 0 and _cross(c, a, p) >= 0


def triangulate(ring: Sequence[Point]) -> list[tuple[int, int, int]]:
    """Ear clipping of a simple ring with positive signed area; indices into ``ring``.
    A self-crossing outline still gets triangles (clipping the best available ear)."""
    idx = list(range(len(ring)))
    tris: list[tuple[int, int, int]] = []
    while len(idx) > 3:
        n = len(idx)
        ear = -1
        fallback = -1
        for k in range(n):
            i0, i1, i2 = idx[k - 1], idx[k], idx[(k + 1) % n]
            a, b, c = ring[i0], ring[i1], ring[i2]
            if _cross(a, b, c) <= 0:
                continue
            if fallback < 0:
                fallback = k
            if any(_in_triangle(ring[j], a, b, c) for j in idx if j not in (i0, i1, i2)):
                continue
            ear = k
            break
        if ear < 0:
            ear = fallback if fallback >= 0 else 0
        tris.append((idx[ear - 1], idx[ear], idx[(ear + 1) % n]))
        del idx[ear]
    if len(idx) == 3:
        tris.append((idx[0], idx[1], idx[2]))
    return tris


SMALL_POLYGON = 64  # up to this many corners the simple quadratic cut is used (its pieces are the recorded ones)


def convex_pieces(points: Sequence[Point]) -> list[list[Point]]:
    """Cut a (possibly concave) polygon into convex pieces covering exactly the same ground (see
    :func:`_convex_pieces`); remembered per outline, so every new game and replay checkpoint on a map
    cuts its polygons once."""
    key = tuple((float(p[0]), float(p[1])) for p in points)
    return [list(piece) for piece in _convex_pieces_cached(key)]


@lru_cache(maxsize=1024)
def _convex_pieces_cached(points: tuple[Point, ...]) -> tuple[tuple[Point, ...], ...]:
    return tuple(tuple(piece) for piece in _convex_pieces(points))


def _convex_pieces(points: Sequence[Point]) -> list[list[Point]]:
    """Cut a (possibly concave) polygon into convex pieces covering exactly the same ground:
    ear clipping, then merging neighbouring pieces while they stay convex (Hertel-Mehlhorn).

    Small polygons take the simple way; big ones (a star of hundreds of points took 13 s at n^2.8)
    clip ears from a queue, testing only the reflex corners near each ear (a grid), then remove each
    diagonal once if both its ends stay convex: about n log n in practice."""
    ring = clean_ring(points)
    if len(ring) < 3:
        return []
    if is_convex(ring):
        return [ring]
    if len(ring) > SMALL_POLYGON:
        return [[ring[k] for k in piece] for piece in _merge_pieces(ring, _triangulate_fast(ring))]
    pieces: list[list[int]] = [list(t) for t in triangulate(ring)]
    merged = True
    while merged:
        merged = False
        for i in range(len(pieces)):
            for j in range(i + 1, len(pieces)):
                joined = _join(pieces[i], pieces[j])
                if joined is not None and is_convex([ring[k] for k in joined]):
                    pieces[i] = joined
                    del pieces[j]
                    merged = True
                    break
            if merged:
                break
    return [[ring[k] for k in piece] for piece in pieces]


def _triangulate_fast(ring: Sequence[Point]) -> list[tuple[int, int, int]]:
    """Ear clipping with a queue of candidate ears and a grid of the reflex corners (only a reflex
    corner can lie inside an ear of a simple polygon). Falls back like :func:`triangulate` on a
    self-crossing outline."""
    n = len(ring)
    prev = [(i - 1) % n for i in range(n)]
    nxt = [(i + 1) % n for i in range(n)]
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    x0, y0 = min(xs), min(ys)
    cell = max(max(xs) - x0, max(ys) - y0) / max(1.0, math.sqrt(n)) or 1.0
    grid: dict[tuple[int, int], set[int]] = {}

    def key(p: Point) -> tuple[int, int]:
        return (int((p[0] - x0) // cell), int((p[1] - y0) // cell))

    reflex = [False] * n
    reflexes: set[int] = set()
    for i in range(n):
        if _cross(ring[prev[i]], ring[i], ring[nxt[i]]) <= 0:
            reflex[i] = True
            reflexes.add(i)
            grid.setdefault(key(ring[i]), set()).add(i)

    def is_ear(i: int) -> bool:
        ia, ic = prev[i], nxt[i]
        a, b, c = ring[ia], ring[i], ring[ic]
        if _cross(a, b, c) <= 0:
            return False
        kx0, ky0 = key((min(a[0], b[0], c[0]), min(a[1], b[1], c[1])))
        kx1, ky1 = key((max(a[0], b[0], c[0]), max(a[1], b[1], c[1])))
        if (kx1 - kx0 + 1) * (ky1 - ky0 + 1) > len(reflexes):  # a big ear: fewer corners than cells to ask
            near: Iterable[int] = reflexes
        else:
            near = (j for gx in range(kx0, kx1 + 1) for gy in range(ky0, ky1 + 1) for j in grid.get((gx, gy), ()))
        (ax, ay), (bx, by), (cx, cy) = a, b, c
        for j in near:  # _in_triangle, inlined: this loop is the whole cost of a big polygon
            px, py = ring[j]
            if (
                (bx - ax) * (py - ay) - (by - ay) * (px - ax) >= 0
                and (cx - bx) * (py - by) - (cy - by) * (px - bx) >= 0
                and (ax - cx) * (py - cy) - (ay - cy) * (px - cx) >= 0
                and j not in (ia, i, ic)
            ):
                return False
        return True

    alive = [True] * n
    left = n
    # first in, first out: clipping goes round the ring in passes, so ears stay small and local (a
    # last-in queue would fan out from one corner in long thin ears that cover the whole grid)
    queue = deque(range(n))
    queued = [True] * n
    start = 0
    tris: list[tuple[int, int, int]] = []
    while left > 3:
        ear = -1
        while queue:
            i = queue.popleft()
            queued[i] = False
            if alive[i] and is_ear(i):
                ear = i
                break
        if ear < 0:  # no true ear (a self-crossing outline): clip the first convex corner, else any
            while not alive[start]:
                start += 1
            ear = start
            i = nxt[start]
            while i != start:
                if _cross(ring[prev[i]], ring[i], ring[nxt[i]]) > 0:
                    ear = i
                    break
                i = nxt[i]
        a, c = prev[ear], nxt[ear]
        tris.append((a, ear, c))
        alive[ear] = False
        left -= 1
        if reflex[ear]:
            grid[key(ring[ear])].discard(ear)
            reflexes.discard(ear)
        nxt[a], prev[c] = c, a
        for j in (a, c):
            if reflex[j] and _cross(ring[prev[j]], ring[j], ring[nxt[j]]) > 0:
                reflex[j] = False  # clipping a neighbour only ever makes a corner more convex
                grid[key(ring[j])].discard(j)
                reflexes.discard(j)
            if not queued[j]:
                queued[j] = True
                queue.append(j)
    last = [i for i in range(n) if alive[i]]
    if len(last) == 3:
        i = last[0]
        tris.append((prev[i], i, nxt[i]))
    return tris


def _merge_pieces(ring: Sequence[Point], tris: list[tuple[int, int, int]]) -> list[list[int]]:
    """Hertel-Mehlhorn in one pass: drop each diagonal whose two ends stay convex once it is gone
    (a diagonal kept once stays needed: merging only widens the angles at its ends)."""
    pieces: dict[int, list[int]] = {}
    owner: dict[tuple[int, int], int] = {}
    for pid, tri in enumerate(tris):
        pieces[pid] = list(tri)
        for k in range(3):
            owner[(tri[k], tri[(k + 1) % 3])] = pid
    diagonals = [(u, v) for (u, v) in owner if u < v and (v, u) in owner]
    for u, v in diagonals:
        p, q = owner.get((u, v)), owner.get((v, u))
        if p is None or q is None or p == q:
            continue
        pp, qq = pieces[p], pieces[q]
        a = next(k for k in range(len(pp)) if pp[k] == u and pp[(k + 1) % len(pp)] == v)
        b = next(k for k in range(len(qq)) if qq[k] == v and qq[(k + 1) % len(qq)] == u)
        before_u, after_u = pp[a - 1], qq[(b + 2) % len(qq)]
        before_v, after_v = qq[b - 1], pp[(a + 2) % len(pp)]
        if _cross(ring[before_u], ring[u], ring[after_u]) < -1e-12:
            continue
        if _cross(ring[before_v], ring[v], ring[after_v]) < -1e-12:
            continue
        joined = [pp[(a + 1 + k) % len(pp)] for k in range(len(pp))]  # from v around to u
        k = (b + 2) % len(qq)
        while qq[k] != v:
            joined.append(qq[k])
            k = (k + 1) % len(qq)
        del owner[(u, v)], owner[(v, u)]
        for k in range(len(qq)):
            edge = (qq[k], qq[(k + 1) % len(qq)])
            if edge in owner:
                owner[edge] = p
        pieces[p] = joined
        del pieces[q]
    return list(pieces.values())


def _join(p: list[int], q: list[int]) -> list[int] | None:
    """Two index rings sharing an edge (u, v) in p and (v, u) in q, joined into one ring."""
    for a in range(len(p)):
        u, v = p[a], p[(a + 1) % len(p)]
        for b in range(len(q)):
            if q[b] == v and q[(b + 1) % len(q)] == u:
                # p from v around to u, then q's vertices strictly between u and v.
                out = [p[(a + 1 + k) % len(p)] for k in range(len(p))]  # starts at v, ends at u
                k = (b + 2) % len(q)
                while q[k] != v:
                    out.append(q[k])
                    k = (k + 1) % len(q)
                return out
    return None


def polygon_edges(points: Sequence[Point]) -> tuple[Edge, ...]:
    n = len(points)
    return tuple((points[i][0], points[i][1], points[(i + 1) % n][0], points[(i + 1) % n][1]) for i in range(n))


def point_in_edges(p: Point, edges: Sequence[Edge]) -> bool:
    """Even-odd point in polygon on a precomputed edge list."""
    x, y = p
    inside = False
    for x1, y1, x2, y2 in edges:
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def segment_inside_intervals(a: Point, b: Point, edges: Sequence[Edge]) -> list[tuple[float, float]]:
    """The parts of segment a-b inside the polygon, as (t0, t1) fractions of the segment.

    The infinite line through a and b is cut at every edge it crosses (each vertex counted on
    one side only, so a line through a corner is not counted twice); by parity the pieces
    alternate outside/inside, which also settles whether ``a`` starts inside."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    dd = dx * dx + dy * dy
    if dd == 0.0:
        return []
    ts: list[float] = []
    for x1, y1, x2, y2 in edges:
        s1 = dx * (y1 - ay) - dy * (x1 - ax)
        s2 = dx * (y2 - ay) - dy * (x2 - ax)
        if (s1 > 0.0) is not (s2 > 0.0):
            f = s1 / (s1 - s2)
            ts.append(((x1 + (x2 - x1) * f - ax) * dx + (y1 + (y2 - y1) * f - ay) * dy) / dd)
    if not ts:
        return []
    ts.sort()
    out: list[tuple[float, float]] = []
    for i in range(0, len(ts) - 1, 2):
        t0, t1 = ts[i], ts[i + 1]
        if t1 <= 0.0 or t0 >= 1.0:
            continue
        out.append((t0 if t0 > 0.0 else 0.0, t1 if t1 < 1.0 else 1.0))
    return out


def merge_intervals(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Union of intervals (overlapping clutter counted once)."""
    if len(intervals) < 2:
        return intervals
    intervals.sort()
    out = [intervals[0]]
    for t0, t1 in intervals[1:]:
        last0, last1 = out[-1]
        if t0 <= last1:
            if t1 > last1:
                out[-1] = (last0, t1)
        else:
            out.append((t0, t1))
    return out


def interval_length(intervals: Sequence[tuple[float, float]], scale: float) -> float:
    return sum(t1 - t0 for t0, t1 in merge_intervals(list(intervals))) * scale


def strip(a: Point, b: Point, thickness: float) -> list[Point]:
    """The rectangle of ``thickness`` around segment a-b (a polyline clutter leg as an area)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * thickness / 2, dx / n * thickness / 2
    return [(a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), (b[0] - ox, b[1] - oy), (a[0] - ox, a[1] - oy)]


def distance_to_edges(p: Point, edges: Sequence[Edge]) -> float:
    """Distance from p to the nearest edge (the outline, not the area)."""
    best = math.inf
    px, py = p
    for x1, y1, x2, y2 in edges:
        dx, dy = x2 - x1, y2 - y1
        dd = dx * dx + dy * dy
        t = 0.0 if dd == 0.0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / dd))
        best = min(best, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
    return best


def circle_entry(a: Point, b: Point, centre: Point, reach: float) -> float | None:
    """Fraction t along a-b where a point moving from a first comes within ``reach`` of centre
    and is still getting closer; 0 when it starts within reach and moves closer; None if never.

    >>> circle_entry((0, 0), (10, 0), (6, 0), 1.0)
    0.5
    """
    ax, ay = a[0] - centre[0], a[1] - centre[1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    qa = dx * dx + dy * dy
    if qa == 0.0:
        return None
    qb = ax * dx + ay * dy
    qc = ax * ax + ay * ay - reach * reach
    if qc < 0.0:  # already overlapping: only moving further in is refused
        return 0.0 if qb < 0.0 else None
    det = qb * qb - qa * qc
    if det <= 0.0:
        return None
    t = (-qb - math.sqrt(det)) / qa
    return t if 0.0 <= t <= 1.0 else None


def segment_meets_box(a: Point, d: Point, left: float, bottom: float, right: float, top: float) -> bool:
    """Does the segment from ``a`` along ``d`` (to a + d) touch the closed box? (Liang-Barsky.)

    >>> segment_meets_box((0, 0), (10, 10), 4, 0, 6, 2), segment_meets_box((0, 0), (10, 10), 4, 3, 6, 5)
    (False, True)
    """
    t0, t1 = 0.0, 1.0
    ax, ay = a
    dx, dy = d
    for p, q in ((-dx, ax - left), (dx, right - ax), (-dy, ay - bottom), (dy, top - ay)):
        if p == 0.0:
            if q < 0.0:
                return False
        elif p < 0.0:
            u = q / p
            if u > t1:
                return False
            if u > t0:
                t0 = u
        else:
            u = q / p
            if u < t0:
                return False
            if u < t1:
                t1 = u
    return True


def first_within(points: Sequence[Point], outline: Sequence[Point], reach: float) -> float | None:
    """The least length along the path ``points`` at which it comes within ``reach`` of the closed ``outline``
    (its edges; a path starting inside counts at 0 only if within reach there): solved exactly, leg by leg, as
    where each leg first enters a capsule round an edge. None when it never does.

    >>> first_within([(0, 0), (10, 0)], [(6, -1), (8, -1), (8, 1), (6, 1)], 2.0)
    4.0
    >>> first_within([(0, 5), (10, 5)], [(6, -1), (8, -1), (8, 1), (6, 1)], 2.0) is None
    True
    """
    edges = list(zip(outline, [*outline[1:], *outline[:1]])) if outline else []
    done = 0.0
    for a, b in zip(points, points[1:]):
        leg = math.dist(a, b)
        hits = [t for e in edges for t in _capsule_entry(a, b, e, reach) if 0.0 <= t <= 1.0]
        if hits:
            return done + min(hits) * leg
        done += leg
    if len(points) == 1 and any(_seg_dist2(points[0], e) <= reach * reach for e in edges):
        return 0.0
    return None


def _capsule_entry(a: Point, b: Point, edge: tuple[Point, Point], reach: float) -> list[float]:
    """Where (as fractions of a->b) the leg first comes within ``reach`` of ``edge``: the first entry into the
    band along the edge and into the disc round each end (0 when ``a`` is already within)."""
    if _seg_dist2(a, edge) <= reach * reach + 1e-12:
        return [0.0]
    return [
        t for t in (_band_entry(a, b, edge, reach), *(_disc_entry(a, b, c, reach) for c in edge)) if t is not None
    ]


def _band_entry(a: Point, b: Point, edge: tuple[Point, Point], reach: float) -> float | None:
    """The first fraction of a->b inside the rectangle round ``edge`` (its length by 2 ``reach``), by clipping."""
    (px, py), (qx, qy) = edge
    length = math.hypot(qx - px, qy - py)
    if length == 0.0:
        return None
    ux, uy = (qx - px) / length, (qy - py) / length
    dx, dy = b[0] - a[0], b[1] - a[1]
    along0, along1 = (a[0] - px) * ux + (a[1] - py) * uy, dx * ux + dy * uy
    across0, across1 = (a[0] - px) * -uy + (a[1] - py) * ux, dx * -uy + dy * ux
    low, high = 0.0, 1.0
    for start, rate, lo, hi in ((along0, along1, 0.0, length), (across0, across1, -reach, reach)):
        if rate == 0.0:
            if not lo <= start <= hi:
                return None
            continue
        t1, t2 = sorted(((lo - start) / rate, (hi - start) / rate))
        low, high = max(low, t1), min(high, t2)
    return low if low <= high else None


def _disc_entry(a: Point, b: Point, c: Point, reach: float) -> float | None:
    """The first fraction of a->b within ``reach`` of ``c`` (the smaller root of the circle's quadratic)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - reach * reach
    disc = qb * qb - 4 * qa * qc
    if qa == 0.0 or disc < 0.0:
        return None
    return (-qb - math.sqrt(disc)) / (2 * qa)


def _seg_dist2(p: Point, edge: tuple[Point, Point]) -> float:
    """The squared distance from ``p`` to the segment ``edge``."""
    (px, py), (qx, qy) = edge
    dx, dy = qx - px, qy - py
    span = dx * dx + dy * dy
    t = 0.0 if span == 0.0 else max(0.0, min(1.0, ((p[0] - px) * dx + (p[1] - py) * dy) / span))
    return (p[0] - px - t * dx) ** 2 + (p[1] - py - t * dy) ** 2
