"""Walking distances round walls and buildings as the crow would walk them: over the corners a
shortest path bends round, not over a grid.

A base of radius r walking round a wall's corner keeps at least r from it; its shortest way round
is an arc of radius r about the corner, joined by straight legs. :class:`CornerGraph` rings every
corner of every wall and building with eight points just far enough out that the chords between
them clear the arc (the ring's radius is (r + half the wall's thickness) / cos(22.5°)), keeps the
points a base can stand on, and links every two that see each other: a leg of the graph is a
straight leg a base can slide along (:meth:`Table.legs_clear`). A shortest way from anywhere to a
goal is then a straight leg to the goal, or a straight leg to a ring point and the graph's shortest
way on from there, at most a few hundredths of an inch longer than the arcs at each corner it
wraps.

:class:`DistanceField` is one set of goals on that graph: each ring point's distance to its nearest
goal, in one search that asks a ring point's straight leg to a goal only when it could still be its
shortest way. A point's distance is then the least of "straight to a goal" and "straight to a ring
point, and on from there", tried shortest first until a leg is clear.

Only legs a shortest way could use are kept: a way arrives at a ring point, and leaves it, along
the ring (within :data:`TAUT` of square to the line out from the corner), never straight out from
the corner or back in.

>>> from game.table import Table
>>> from game.scenario.model import Area, Terrain
>>> wall = Terrain(1, "barn", "building", Area(((10.0, 0.0), (12.0, 0.0), (12.0, 8.0), (10.0, 8.0))))
>>> table = Table(24.0, 12.0, [wall])
>>> field = DistanceField(table.corners(0.5), [(20.0, 2.0)])
>>> round(field.distance((2.0, 2.0)), 2)  # over the barn's top (22.67 on the arcs themselves)
22.71
>>> field.distance((18.0, 2.0))  # in plain sight
2.0
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

from game.scenario.model import Point

RING = 8  # points round each corner
NEAR = 4.0  # radii: legs shorter are all kept (between close corners' rings a chord need not run along either)
TAUT = 0.45  # a leg's cosine with the line out from its ring point's corner, at most (sin 22.5° = 0.38)
RING_GAP = 1e-3  # inches the ring's chords keep clear of the base's arc, beyond the radius
_GRAPHS: OrderedDict[tuple[str, float], tuple[Any, ...]] = OrderedDict()  # built graphs, by terrain and radius
_GRAPHS_KEPT = 8
SORT_FROM = 16  # points: a batch this big is read in order of where they stand
KNOWN_MOST = 50_000  # points whose ways a field keeps (past it, it forgets them and starts again)
STAND_GAP = 1e-4  # inches a ring point keeps clear of every piece (a leg starting nearer is the table's to settle)


class Walkable(Protocol):
    """What the corner graph asks of a table (:class:`game.table.space.Table` has it all)."""

    width: float
    height: float
    terrain: Any  # what the graph is kept by, with the size

    def on_table(self, p: Point, radius: float) -> bool: ...

    def overlaps_blocking(self, p: Point, radius: float) -> bool: ...

    def leg_clear(self, a: Point, b: Point, radius: float) -> bool: ...

    def legs_clear(self, legs: Sequence[tuple[Point, Point]], radius: float) -> list[bool]: ...

    def outlines(self) -> Any: ...


class CornerGraph:
    """The ring points round every corner of a table's walls and buildings, for bases of one radius,
    and the straight legs between them (see the module). Built once per table and radius
    (:meth:`Table.corners`)."""

    def __init__(self, table: Walkable, radius: float) -> None:
        from game.table.nav import terrain_key

        self.table, self.radius = table, float(radius)
        key = (terrain_key(table), self.radius)  # every game on a map has the same corners
        built = _GRAPHS.get(key)
        if built is None:
            built = _GRAPHS[key] = _build(table, self.radius)
            while len(_GRAPHS) > _GRAPHS_KEPT:
                _GRAPHS.popitem(last=False)
        else:
            _GRAPHS.move_to_end(key)
        self.points, self.xs, self.ys, self.rx, self.ry, self.indptr, self.ends, self.lengths = built

    def __len__(self) -> int:
        return len(self.points)


def _build(table: Walkable, radius: float) -> tuple[Any, ...]:
    """(points, xs, ys, rx, ry, indptr, ends, lengths) of a graph; shared, never changed once built."""
    import numpy as np

    points, out = _ring_points(table, radius)
    n = len(points)
    xs = np.array([p[0] for p in points], np.float64)
    ys = np.array([p[1] for p in points], np.float64)
    rx = np.array([o[0] for o in out], np.float64)
    ry = np.array([o[1] for o in out], np.float64)
    a, b = np.triu_indices(n, 1)
    dx, dy = xs[b] - xs[a], ys[b] - ys[a]
    length = np.hypot(dx, dy)
    along = (dx * rx[a] + dy * ry[a] <= TAUT * length) & (-dx * rx[b] - dy * ry[b] <= TAUT * length)
    along |= length < NEAR * radius
    a, b, length = a[along], b[along], length[along]
    legs = [(points[i], points[j]) for i, j in zip(a.tolist(), b.tolist())]
    clear = np.array(table.legs_clear(legs, radius), bool) if legs else np.zeros(0, bool)
    a, b, length = a[clear], b[clear], length[clear]
    # both ways, grouped by the corner they leave
    start = np.concatenate((a, b))
    order = np.argsort(start, kind="stable")
    ends = np.concatenate((b, a))[order].astype(np.int64)
    lengths = np.concatenate((length, length))[order]
    indptr = np.searchsorted(start[order], np.arange(n + 1)).astype(np.int64)
    return points, xs, ys, rx, ry, indptr, ends, lengths


def _ring_points(table: Walkable, radius: float) -> tuple[list[Point], list[tuple[float, float]]]:
    """The ring points a base of ``radius`` can stand on, and each one's direction out from its corner
    (where it stands, for a point pushed back onto the table)."""
    walls = table.outlines().walls
    edges, poly_first, caps = walls[0], walls[1], walls[2]
    corners: list[tuple[float, float, float]] = []
    for e in range(int(poly_first[-1])):
        corners.append((float(edges[0, e]), float(edges[1, e]), 0.0))
    for c in range(caps.shape[1]):
        half = float(caps[4, c])
        corners.append((float(caps[0, c]), float(caps[1, c]), half))
        corners.append((float(caps[2, c]), float(caps[3, c]), half))
    points: list[Point] = []
    out: list[tuple[float, float]] = []
    seen: set[Point] = set()
    low_x, high_x = radius, table.width - radius
    low_y, high_y = radius, table.height - radius
    for cx, cy, half in corners:
        reach = (radius + half + RING_GAP) / math.cos(math.pi / RING)
        for i in range(RING):
            angle = 2 * math.pi * (i + 0.5) / RING
            ox, oy = math.cos(angle), math.sin(angle)
            # a corner near the table's edge: its ring point pushed back onto the table
            p = (min(max(cx + reach * ox, low_x), high_x), min(max(cy + reach * oy, low_y), high_y))
            key = (round(p[0], 9), round(p[1], 9))
            if key in seen or not table.on_table(p, radius) or table.overlaps_blocking(p, radius + STAND_GAP):
                continue
            seen.add(key)
            points.append(p)
            away = math.hypot(p[0] - cx, p[1] - cy)
            out.append(((p[0] - cx) / away, (p[1] - cy) / away))
    return points, out


class DistanceField:
    """Walking distances to the nearest of ``goals`` over a :class:`CornerGraph` (see the module)."""

    def __init__(self, graph: CornerGraph, goals: Sequence[Point]) -> None:
        import numpy as np

        from game.table import corners_kernel as k

        self.graph = graph
        self.goals = tuple((float(g[0]), float(g[1])) for g in goals)
        self._gx = np.array([g[0] for g in self.goals], np.float64)
        self._gy = np.array([g[1] for g in self.goals], np.float64)
        n, table = len(graph), graph.table
        self.dist = np.empty(n)
        self.parent = np.empty(n, np.int64)
        verdict = np.zeros((n, len(self.goals)), np.int8)
        walls = self._walls = table.outlines().walls
        while True:
            unsure = k.node_distances(
                graph.xs, graph.ys, graph.rx, graph.ry, graph.indptr, graph.ends, graph.lengths, self._gx,
                self._gy, verdict, TAUT, walls, graph.radius, table.width, table.height, self.dist, self.parent,
            )  # fmt: skip
            if not unsure:
                break
            # the legs the kernel could not settle go to the table's own call, and the search again
            for v, g in zip(*(i.tolist() for i in np.nonzero(verdict == k.UNSURE))):
                clear = table.leg_clear(graph.points[v], self.goals[g], graph.radius)
                verdict[v, g] = k.CLEAR if clear else k.BLOCKED
        # the points last asked and their answers, and every point's answer so far (a point's answer is the
        # same whoever is asked with it: a bot sorting its models by distance asks one at a time, over and over)
        self._last_points: list[Point] = []
        self._last_found: tuple[list[float], list[int]] = ([], [])
        self._known: dict[Point, tuple[float, int]] = {}
        self._by_distance: Any = None  # the reached ring points, nearest the goals first: see _ways

    def narrowed(self, goals: Sequence[Point]) -> DistanceField:
        """The field of ``goals`` on the same graph (a search is cheap: nothing is kept from this one)."""
        return DistanceField(self.graph, goals)

    def ways(self, points: Sequence[Point]) -> tuple[list[float], list[int]]:
        """Each point's walking distance (inf: no goal can be reached) and its way: the goal's index,
        or the number of goals plus the ring point's, -1 for none. The points last asked are kept:
        a horde asks the same ones for its distances, then for its steps."""
        asked = list(points)
        if asked and asked == self._last_points:  # the very same points: the answers again
            return list(self._last_found[0]), list(self._last_found[1])
        known = self._known
        if asked and all(p in known for p in asked):
            answers = [known[p] for p in asked]
            return [a[0] for a in answers], [a[1] for a in answers]
        found = self._ways(points)
        self._last_points, self._last_found = asked, (list(found[0]), list(found[1]))
        if len(known) + len(asked) > KNOWN_MOST:
            known.clear()
        known.update(zip(asked, zip(*found)))
        return found

    def _ways(self, points: Sequence[Point]) -> tuple[list[float], list[int]]:
        import numpy as np

        from game.table import corners_kernel as k

        graph, table = self.graph, self.graph.table
        if self._by_distance is None:
            reached = np.flatnonzero(np.isfinite(self.dist))
            self._by_distance = reached[np.argsort(self.dist[reached], kind="stable")]
        n = len(points)
        px = np.fromiter((float(p[0]) for p in points), np.float64, n)
        py = np.fromiter((float(p[1]) for p in points), np.float64, n)
        order = None
        if n >= SORT_FROM:
            # neighbours one after another (rows of 2" cells, every other row backwards), so that
            # each read starts from the way the one before found
            row, column = np.floor(py / 2.0), np.floor(px / 2.0)
            order = np.lexsort((np.where(row % 2 == 0, column, -column), row))
            px, py = np.ascontiguousarray(px[order]), np.ascontiguousarray(py[order])
        out, way, resume = np.empty(n), np.empty(n, np.int64), np.zeros(n, np.int64)
        k.read_ways(
            px, py, graph.xs, graph.ys, graph.rx, graph.ry, self.dist, self._by_distance, self._gx,
            self._gy, TAUT, self._walls, graph.radius, table.width, table.height, out, way, resume,
        )  # fmt: skip
        if order is not None:
            back = np.empty(n, np.int64)
            back[order] = np.arange(n)
            out, way, resume = out[back], way[back], resume[back]
        distances, chosen = out.tolist(), way.tolist()
        for s in np.flatnonzero(way == -2).tolist():
            distances[s], chosen[s] = self._way_one(points[s], int(resume[s]))
        return distances, chosen

    def _way_one(self, p: Point, skip: int) -> tuple[float, int]:
        """:meth:`ways` for one point, its ways (past the first ``skip``) asked of the table one by one."""
        import numpy as np

        graph, goals = self.graph, len(self.goals)
        x, y = float(p[0]), float(p[1])
        # the kernel's arithmetic (corners_kernel._corner_key), element by element
        gdx, gdy = self._gx - x, self._gy - y
        dx, dy = graph.xs - x, graph.ys - y
        d = np.sqrt(dx * dx + dy * dy)
        keys = np.where(-dx * graph.rx - dy * graph.ry > TAUT * d, np.inf, self.dist + d)
        options = list(zip(np.sqrt(gdx * gdx + gdy * gdy).tolist(), range(goals)))
        options += zip(keys.tolist(), range(goals, goals + len(keys)))
        options = sorted(o for o in options if o[0] < math.inf)
        first = next((o for o in options if o[1] < goals), None)  # the nearest goal is tried first
        if first is not None:
            options.remove(first)
            options.insert(0, first)
        for key, k in options[skip:]:
            if graph.table.leg_clear((x, y), self._point(k), graph.radius):
                return key, k
        return math.inf, -1

    def _point(self, k: int) -> Point:
        goals = len(self.goals)
        return self.goals[k] if k < goals else self.graph.points[k - goals]

    def distance(self, p: Point) -> float:
        """Walking distance from p to the nearest goal (inf if none can be reached)."""
        return self.ways([p])[0][0]

    def distances(self, points: Sequence[Point]) -> list[float]:
        """``[distance(p) for p in points]``, worked out together."""
        return self.ways(points)[0] if points else []

    def route(self, p: Point) -> list[Point]:
        """The shortest way from p to its nearest goal: p, the ring points it bends at, the goal; just
        [p] when no goal can be reached."""
        return self.routes([p])[0]

    def routes(self, points: Sequence[Point]) -> list[list[Point]]:
        """Each point's :meth:`route`, worked out together."""
        return self.steps(points, math.inf)

    def step(self, start: Point, length: float) -> list[Point]:
        """The first ``length`` inches of :meth:`route` from start (as ``truncate_path`` cuts it)."""
        return self.steps([start], length)[0]

    def steps(self, starts: Sequence[Point], length: float) -> list[list[Point]]:
        """Each start's :meth:`step`, worked out together; a route is followed only as far as the step
        goes."""
        if len(starts) >= SORT_FROM:
            from game.table.compiled import python_dist_holds

            if python_dist_holds():
                return self._steps_compiled(starts, length)
        goals = self.goals
        count = len(goals)
        parent = self.parent.tolist()
        points = self.graph.points
        dist = math.dist
        out: list[list[Point]] = []
        for p, k in zip(starts, self.ways(starts)[1] if starts else []):
            here = (float(p[0]), float(p[1]))
            path = [here]
            left = max(0.0, length)
            while k >= 0:
                there = goals[k] if k < count else points[k - count]
                leg = dist(here, there)
                if leg > left:  # truncate_path's cut
                    if left > 0.0:
                        f = left / leg
                        path.append((here[0] + (there[0] - here[0]) * f, here[1] + (there[1] - here[1]) * f))
                    break
                path.append(there)
                left -= leg
                here = there
                if k < count:
                    break
                up = parent[k - count]  # a ring point with a distance always has a way on
                k = count + up if up >= 0 else -1 - up
            out.append(path)
        return out

    def _steps_compiled(self, starts: Sequence[Point], length: float) -> list[list[Point]]:
        """:meth:`steps` with the ways followed in a compiled loop (the same points: it measures as
        ``math.dist`` does)."""
        import numpy as np

        from game.table.corners_kernel import walk_ways

        n = len(starts)
        here = [(float(p[0]), float(p[1])) for p in starts]
        px = np.fromiter((p[0] for p in here), np.float64, n)
        py = np.fromiter((p[1] for p in here), np.float64, n)
        way = np.array(self.ways(starts)[1], np.int64)
        firsts = np.empty(n + 1, np.int64)
        args = (px, py, way, self.parent, self.graph.xs, self.graph.ys, self._gx, self._gy, float(length), firsts)
        size = walk_ways(*args, np.empty(0), np.empty(0))  # how many points, then the points
        out_x, out_y = np.empty(size), np.empty(size)
        walk_ways(*args, out_x, out_y)
        points = list(zip(out_x.tolist(), out_y.tolist()))
        bounds = firsts.tolist()
        return [[p, *points[a:b]] for p, a, b in zip(here, bounds, bounds[1:])]

    def straight_goals(self, points: Sequence[Point]) -> list[int]:
        """For each point, the goal its shortest way walks straight to (its index), -1 where the way
        bends round a corner or there is none. That goal is the nearest in a straight line whose leg
        is clear, of those no further in a straight line than the point's walking distance (any such
        goal is the walking distance away, and the nearest goal is tried first)."""
        count = len(self.goals)
        return [k if 0 <= k < count else -1 for k in (self.ways(points)[1] if points else [])]
