"""Walking routes for bots: the distance to a goal zone around walls, with clutter counted dear.

A MOVE whose path enters clutter goes only 1D6" (rules: Zombiekrieg 848, Actions: MOVE), so an
inch of clutter costs :data:`CLUTTER_COST` inches here: a bot takes a clear route when it is not
much longer. The field is worked out once per table layout, goal and base size (Dijkstra over the
table's walking grid) and cached, since every game on a map shares its terrain.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.table import Table
>>> sc = tiny_scenario(clutter=[(0, 10, 12, 2)], exits=[(0, 0, 24, 2)])
>>> table = Table.from_scenario(sc)
>>> route = route_field(table, sc.zones_of("exit"), 0.5).route((6.0, 20.0), 30.0)
>>> table.clutter_on_path(route)  # round the end of the hedge, not through it
0.0
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from typing import Any

from game.scenario.model import Point, Zone

CLUTTER_COST = 4.0
EDGE_COST = 1.5  # cells just outside clutter: a route hugging a hedge would clip its corners
EDGE = 0.35
ENTRIES_KEPT = 4096  # entry cells and routes a field remembers (each store forgotten at once when full)
_CACHE: dict[tuple[Any, ...], RouteField] = {}


def _remember(store: dict[Any, Any], key: Any, work: Callable[[], Any]) -> Any:
    """``store[key]``, worked out by ``work`` the first time (a store of ENTRIES_KEPT is emptied at once)."""
    if key in store:
        return store[key]
    if len(store) >= ENTRIES_KEPT:
        store.clear()
    found = store[key] = work()
    return found


class RouteField:
    """Cost to reach the goal from every cell of the walking grid, and the way down."""

    def __init__(self, table: Any, goals: Sequence[Zone], radius: float) -> None:
        grid = table.navigation(radius)
        self.table, self.grid, self.radius = table, grid, radius
        n = grid.nx * grid.ny
        weight = [1.0] * n
        for k in range(n):
            if not grid.free[k]:
                continue
            x, y = grid.centres[k]
            if table.in_clutter((x, y)):
                weight[k] = CLUTTER_COST
            elif any(
                table.in_clutter((x + dx, y + dy)) for dx, dy in ((EDGE, 0), (-EDGE, 0), (0, EDGE), (0, -EDGE))
            ):
                weight[k] = EDGE_COST
        dist = [math.inf] * n
        toward = [-1] * n
        heap: list[tuple[float, int]] = []
        for k in range(n):
            if grid.free[k] and any(z.area.contains(grid.centres[k]) for z in goals):
                dist[k] = 0.0
                heap.append((0.0, k))
        heapq.heapify(heap)
        while heap:
            d, k = heapq.heappop(heap)
            if d > dist[k]:
                continue
            for m, cost in grid.links[k]:
                nd = d + cost * (weight[k] + weight[m]) / 2
                if nd < dist[m]:
                    dist[m] = nd
                    toward[m] = k
                    heapq.heappush(heap, (nd, m))
        self.dist, self.toward = dist, toward
        self._entries: dict[Point, int | None] = {}
        self._routes: dict[tuple[Point, float], tuple[Point, ...]] = {}

    def _start(self, p: Point) -> int | None:
        # remembered per point: the bot asks the same few soldiers' distances many times a command,
        # and the entry cell depends only on the terrain
        return _remember(self._entries, p, lambda: self._entry(p))

    def _entry(self, p: Point) -> int | None:
        k = self.grid.entry_cell(p)
        return None if k is None or math.isinf(self.dist[k]) else k

    def distance(self, p: Point) -> float:
        """Route cost from p to the goal (inf when the goal cannot be reached)."""
        k = self._start(p)
        if k is None:
            return math.inf
        return self.dist[k] + math.dist(p, self.grid.centres[k])

    def route(self, start: Point, length: float) -> list[Point]:
        """The first ``length`` inches of the route from ``start``, as few straight legs as can be
        without crossing more clutter than the grid route does (remembered: a soldier who stays put
        is asked again command after command, and the route depends only on the terrain)."""
        return list(_remember(self._routes, (start, length), lambda: tuple(self._route(start, length))))

    def _route(self, start: Point, length: float) -> list[Point]:
        k = self._start(start)
        if k is None:
            return [start]
        cells = [start, self.grid.centres[k]]
        walked = math.dist(start, cells[1])
        while walked < length + 1.0 and self.toward[k] >= 0:
            k = self.toward[k]
            walked += math.dist(cells[-1], self.grid.centres[k])
            cells.append(self.grid.centres[k])
        return self._taut(cells, length)

    def _taut(self, pts: list[Point], length: float) -> list[Point]:
        table, r = self.table, self.radius
        out = [pts[0]]
        i, left = 0, length
        while i < len(pts) - 1 and left > 1e-6:
            j = len(pts) - 1
            while j > i + 1:
                if table.leg_clear(pts[i], pts[j], r) and _no_more_clutter(table, pts[i], pts[j], pts[i : j + 1]):
                    break
                j -= 1
            d = math.dist(pts[i], pts[j])
            if d >= left:
                t = left / d
                out.append((pts[i][0] + (pts[j][0] - pts[i][0]) * t, pts[i][1] + (pts[j][1] - pts[i][1]) * t))
                return out
            out.append(pts[j])
            left -= d
            i = j
        return out


def _no_more_clutter(table: Any, a: Point, b: Point, grid_way: list[Point]) -> bool:
    """Whether the straight leg a-b crosses no more clutter than the grid's way does. A clear grid
    way admits only a clear leg: a leg that clips a hedge's corner would cost the soldier his full move."""
    on_grid = table.clutter_on_path(grid_way)
    return table.clutter_on_path([a, b]) <= on_grid + (0.05 if on_grid > 0.0 else 0.0)


def route_field(table: Any, goals: Sequence[Zone], radius: float, key: Any = None) -> RouteField:
    """The cached field for this layout (``key``: the scenario's content hash), goal and base size."""
    full = (key if key else id(table), round(radius, 4), tuple(z.area.points for z in goals))
    field = _CACHE.get(full)
    if field is None or (not key and field.table is not table):
        if len(_CACHE) > 16:
            _CACHE.clear()
        field = _CACHE[full] = RouteField(table, goals, radius)
    return field
