"""Routes for a figure's move on screen: from where it stands to where the player points, round walls,
buildings and other bases, so a click goes where the player meant. Shared by the rule sets' views.

A route is only a suggestion the screen turns into a move's waypoints: the rules still measure it along
its legs, cut it at the move allowance and check every leg (rules: each rule set's movement).

>>> from game.scenario.model import Area, Terrain
>>> from game.table import Table
>>> table = Table(24, 24, [Terrain(1, "Garden wall", "wall", Area.rect(8, 8, 0.5, 8), {})])
>>> table.place("sgt", (4, 12), 0.5)
>>> route = route_to(table, "sgt", (4, 12), 0.5, (12, 12))  # the walker's path round the wall
>>> len(route) > 1 and all(p[1] != 12 for p in route[:-1])  # round the wall's end, not through it
True
"""

from __future__ import annotations

import math
from typing import Any

Point = tuple[float, float]
CLEARANCE = 0.15  # inches between bases when a route steps round one


CELL = 0.3  # inches: the local grid a route is searched on round the other bases
NEAR_GOAL = 1.5  # inches: pointing on a base, the route ends on the free ground this near the pointer


def _clear(table: Any, points: list[Point], radius: float, mover: str) -> bool:
    check = table.check_path(points, radius, mover=mover)
    return not check.blocked or check.blocked_by == "table edge" and check.length >= check.requested_length - 0.05


class LocalGrid:
    """The ground within ``reach`` of a base that the base may stand on: off walls and buildings, on the
    table, clear of every other base. Made once per selection (the bases do not move while he aims)."""

    def __init__(self, table: Any, mover: str, start: Point, radius: float, reach: float) -> None:
        self.table, self.mover, self.start, self.radius = table, mover, start, radius
        self.n = int(2 * reach / CELL) + 1
        self.x0, self.y0 = start[0] - reach, start[1] - reach
        others = [(table.position(o), table.radius(o)) for o in table.figures_in_circle(start, reach + 2.0)
                  if o != mover]  # fmt: skip
        self.free: list[list[bool]] = []
        for i in range(self.n):
            row = []
            for j in range(self.n):
                p = self.point(i, j)
                ok = table.on_table(p, radius) and not any(
                    math.dist(p, c) < r + radius + CLEARANCE for c, r in others
                )
                row.append(ok and not table.overlaps_blocking(p, radius))
            self.free.append(row)

    def point(self, i: int, j: int) -> Point:
        return (self.x0 + i * CELL, self.y0 + j * CELL)

    def cell(self, p: Point) -> tuple[int, int]:
        return (round((p[0] - self.x0) / CELL), round((p[1] - self.y0) / CELL))

    def inside(self, c: tuple[int, int]) -> bool:
        return 0 <= c[0] < self.n and 0 <= c[1] < self.n

    def search(self, goal: Point) -> list[Point] | None:
        """A shortest 8-way path of free cells from the start to the cell of ``goal`` (A*), or None."""
        import heapq

        a, b = self.cell(self.start), self.cell(goal)
        end = goal
        if not self.inside(b) or not self.free[b[0]][b[1]]:  # on a friend's base: the free ground beside it
            near = self.nearest_free(goal, NEAR_GOAL)
            if near is None:
                return None
            b, end = near, self.point(*near)
        seen: dict[tuple[int, int], tuple[int, int] | None] = {a: None}
        cost = {a: 0.0}
        queue = [(0.0, a)]
        steps = [(dx, dy, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        while queue:
            _, c = heapq.heappop(queue)
            if c == b:
                out = []
                cur: tuple[int, int] | None = c
                while cur is not None:
                    out.append(self.point(*cur))
                    cur = seen[cur]
                points = list(reversed(out))
                points[0], points[-1] = self.start, end  # the exact ends, not their cells
                return points
            for dx, dy, w in steps:
                nxt = (c[0] + dx, c[1] + dy)
                if not self.inside(nxt) or not (self.free[nxt[0]][nxt[1]] or nxt == a):
                    continue
                new = cost[c] + w
                if new < cost.get(nxt, math.inf):
                    cost[nxt], seen[nxt] = new, c
                    heapq.heappush(queue, (new + math.dist(nxt, b), nxt))
        return None

    def nearest_free(self, goal: Point, within: float) -> tuple[int, int] | None:
        """The free cell nearest ``goal`` no further than ``within`` inches from it, or None."""
        gi, gj = self.cell(goal)
        k = math.ceil(within / CELL)
        best: tuple[float, tuple[int, int]] | None = None
        for i in range(max(0, gi - k), min(self.n, gi + k + 1)):
            for j in range(max(0, gj - k), min(self.n, gj + k + 1)):
                d = math.dist(self.point(i, j), goal)
                if self.free[i][j] and d <= within and (best is None or d < best[0]):
                    best = (d, (i, j))
        return best[1] if best is not None else None

    def straighten(self, path: list[Point]) -> list[Point]:
        """Pull the grid path tight: from each point, the furthest later point reached in one clear leg."""
        out = [path[0]]
        i = 0
        while i < len(path) - 1:
            j = len(path) - 1
            while j > i + 1 and not _clear(self.table, [path[i], path[j]], self.radius, self.mover):
                j -= 1
            out.append(path[j])
            i = j
        return out


def route_to(
    table: Any, mover: str, start: Point, radius: float, goal: Point, grid: LocalGrid | None = None
) -> list[Point]:
    """Waypoints from ``start`` to ``goal`` (the goal last): straight where the way is clear, round walls
    and buildings by the table's walker paths, round the other bases on the local grid near him. When
    nothing better is found, the straight line (the rules then stop the move where it is blocked)."""
    goal = (float(goal[0]), float(goal[1]))
    if _clear(table, [start, goal], radius, mover):
        return [goal]
    walked = table.find_path(start, goal, radius)
    route = [start, *(walked[1:] if walked else [goal])]
    if _clear(table, route, radius, mover):
        return route[1:]
    if grid is None:
        return route[1:]
    near = grid.search(goal)
    if near is not None:
        return grid.straighten(near)[1:]
    # the goal is beyond the local grid (or on a base): find the way round the bases to the furthest
    # point of the walker's route the grid holds, then follow that route
    for k in range(len(route) - 1, 0, -1):
        head = grid.search(route[k])
        if head is not None:
            return [*grid.straighten(head)[1:], *route[k + 1 :]]
    return route[1:]


class Routes:
    """One view's routing: the local grid round the selected figure is made once per figure, state and
    position (the bases do not move while the player aims), then every hovered point reuses it."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._grid: LocalGrid | None = None

    def to(
        self, table: Any, mover: str, start: Point, radius: float, goal: Point, reach: float, version: int
    ) -> list[Point]:
        """``route_to`` with the grid for this figure; ``version`` changes whenever anything moved (the log's
        length)."""
        start = (float(start[0]), float(start[1]))
        key = (mover, version, start, reach)
        if self._key != key:
            self._key, self._grid = key, LocalGrid(table, mover, start, radius, reach)
        return route_to(table, mover, start, radius, goal, self._grid)
