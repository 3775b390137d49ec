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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.drawing import Cross, Path, Primitive
from game.table import path_length
from game.table.wording import in_words

Point = tuple[float, float]
CLEARANCE = 0.15  # inches between bases when a route steps round one


SHORT = 0.25  # inches: a move that ends this near where it was heading went where it was pointed
NEARLY_ALL = 1.0  # inches: a move stopped this near its allowance, on a way longer than it, goes without asking
MOVED = 0.01  # inches: a way shorter than this goes nowhere (the rules refuse it)


WALLED_IN = 60  # cells: a goal's pocket this small is gone over before a search for it from the start
CELL = 0.3  # inches: the local grid a route is searched on round the other bases
TIGHT_CELL = 0.15  # inches: the finer grid tried when the first finds no way (a gap a base just passes)
TIGHT_CLEARANCE = 0.02  # inches: on it a route may pass a hair from a base (the rules let bases touch)
NEAR_GOAL = 1.5  # inches: pointing on a base, the route ends on the free ground this near the pointer
DETOUR = 1.5  # inches: a route this much longer than the straight line is tried on the finer grid too
DETOUR_WEIGHT = 0.25  # of the inches walked, counted against the spot nearest a goal the bases keep him from
CLUTTER_COST = 3.0  # an inch of clutter costs a route this many inches of open ground, where clutter slows a move


def _clear(table: Any, points: list[Point], radius: float, mover: str) -> bool:
    check = table.check_path(points, radius, mover=mover)
    return not check.blocked or check.blocked_by == "table edge" and check.length >= check.requested_length - 0.05


class LocalGrid:
    """The ground within ``reach`` of a base that the base may stand on: off walls and buildings, on the
        table, clear of every other base. Made once per selection (the bases do not move while he aims).
        ``cell`` and ``clearance`` in inches: a finer grid with less room round the bases finds the narrow gaps
        between squad-mates the coarse one misses.

        A cell is told free or not when first asked (a search near the start asks few of a grid's cells; a
        hunting zombie's grid is made for one short search): the same answer as telling every cell at once. A search
    for a goal the start cannot reach is answered without going over every cell the start reaches when the goal
    is in a small pocket (a place beside a human walled in by zombies), or when a search before went over them."""

    def __init__(
        self,
        table: Any,
        mover: str,
        start: Point,
        radius: float,
        reach: float,
        cell: float = CELL,
        clearance: float = CLEARANCE,
        avoid_clutter: bool = False,
    ) -> None:
        self.table, self.mover, self.start, self.radius, self.step = table, mover, start, radius, cell
        self.reach = reach
        self.avoid_clutter = avoid_clutter
        self.n = int(2 * reach / cell) + 1
        self.x0, self.y0 = start[0] - reach, start[1] - reach
        self._others = [(table.position(o), table.radius(o)) for o in table.figures_in_circle(start, reach + 2.0)
                        if o != mover]  # fmt: skip
        self._clearance = clearance
        self._told: list[list[bool | None]] = [[None] * self.n for _ in range(self.n)]
        self._reached: set[tuple[int, int]] | None = None  # every cell the start reaches, once a search failed
        self._walled: set[tuple[int, int]] = set()  # free cells in pockets the start is not in
        self._column_others: dict[int, list[tuple[Point, float]]] = {}
        # where clutter slows a move (Zombiekrieg's 1D6"), a route pays for its clutter and goes round a hedge
        # when that is not much longer
        self.slow = [
            [avoid_clutter and self._near_clutter(self.point(i, j)) for j in range(self.n)] for i in range(self.n)
        ]

    @property
    def free(self) -> list[list[bool]]:
        """Every cell's answer of :meth:`is_free`, row by row (``free[i][j]``)."""
        return [[self.is_free(i, j) for j in range(self.n)] for i in range(self.n)]

    def is_free(self, i: int, j: int) -> bool:
        """May the base stand on cell (i, j) (inside the grid): on the table, clear of the other bases by the
        clearance, off walls and buildings."""
        told = self._told[i][j]
        if told is None:
            p, radius, clearance, table = self.point(i, j), self.radius, self._clearance, self.table
            ok = table.on_table(p, radius) and not any(
                math.dist(p, c) < r + radius + clearance for c, r in self._others_by_column(i)
            )
            told = self._told[i][j] = ok and not table.overlaps_blocking(p, radius)
        return told

    def _others_by_column(self, i: int) -> list[tuple[Point, float]]:
        """The other bases that may come within the clearance of a cell of column ``i`` (those further across
        than that, by a millionth of an inch, are further off too)."""
        near = self._column_others.get(i)
        if near is None:
            x, grown = self.x0 + i * self.step, self.radius + self._clearance + 1e-6
            near = self._column_others[i] = [(c, r) for c, r in self._others if abs(c[0] - x) < r + grown]
        return near

    def point(self, i: int, j: int) -> Point:
        return (self.x0 + i * self.step, self.y0 + j * self.step)

    def cell(self, p: Point) -> tuple[int, int]:
        return (round((p[0] - self.x0) / self.step), round((p[1] - self.y0) / self.step))

    def inside(self, c: tuple[int, int]) -> bool:
        return 0 <= c[0] < self.n and 0 <= c[1] < self.n

    def search(self, goal: Point) -> list[Point] | None:
        """A shortest 8-way path of free cells from the start to the cell of ``goal`` (A*), or None."""
        import heapq

        a, b = self.cell(self.start), self.cell(goal)
        end = goal
        if not self.inside(b) or not self.is_free(*b):  # on a friend's base: the free ground beside it
            near = self.nearest_free(goal, NEAR_GOAL)
            if near is None:
                return None
            b, end = near, self.point(*near)
        if self._reached is not None and b not in self._reached:
            return None  # a search before went over every cell the start reaches, and not this one
        if b in self._walled or self._walled_in(b, a):
            return None
        seen: dict[tuple[int, int], tuple[int, int] | None] = {a: None}
        cost = {a: 0.0}
        queue = [(0.0, a)]
        steps = [(dx, dy, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        n, told, slow, push, dist, inf = self.n, self._told, self.slow, heapq.heappush, math.dist, math.inf
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
            ci, cj = c
            here = cost[c]
            for dx, dy, w in steps:
                i, j = ci + dx, cj + dy
                if not (0 <= i < n and 0 <= j < n):
                    continue
                free = told[i][j]  # is_free's answer when it has been asked (this loop runs most)
                nxt = (i, j)
                if not (free or nxt == a or free is None and self.is_free(i, j)):
                    continue
                new = here + (w * CLUTTER_COST if slow[i][j] else w)
                if new < cost.get(nxt, inf):
                    cost[nxt], seen[nxt] = new, c
                    push(queue, (new + dist(nxt, b), nxt))
        self._reached = set(seen)  # the search went over every cell the start reaches
        return None

    def _walled_in(self, b: tuple[int, int], a: tuple[int, int]) -> bool:
        """Is free cell ``b`` in a pocket of at most WALLED_IN cells that the start's cell ``a`` is not in? (The
        ways between cells go both ways, so the search from ``a`` would go over every cell it reaches first
        and find none.) The pocket's cells are remembered."""
        pocket, todo = {b}, [b]
        while todo:
            i, j = todo.pop()
            for nxt in (
                (i - 1, j - 1),
                (i - 1, j),
                (i - 1, j + 1),
                (i, j - 1),
                (i, j + 1),
                (i + 1, j - 1),
                (i + 1, j),
                (i + 1, j + 1),
            ):
                if nxt in pocket or not self.inside(nxt):
                    continue
                if nxt == a:
                    return False
                if self.is_free(*nxt):
                    if len(pocket) >= WALLED_IN:
                        return False
                    pocket.add(nxt)
                    todo.append(nxt)
        self._walled |= pocket
        return True

    def nearest_free(self, goal: Point, within: float) -> tuple[int, int] | None:
        """The free cell nearest ``goal`` no further than ``within`` inches from it, or None."""
        gi, gj = self.cell(goal)
        k = math.ceil(within / self.step)
        best: tuple[float, tuple[int, int]] | None = None
        for i in range(max(0, gi - k), min(self.n, gi + k + 1)):
            for j in range(max(0, gj - k), min(self.n, gj + k + 1)):
                d = math.dist(self.point(i, j), goal)
                if d <= within and (best is None or d < best[0]) and self.is_free(i, j):
                    best = (d, (i, j))
        return best[1] if best is not None else None

    def last_inside(self, route: list[Point]) -> tuple[int, Point] | None:
        """The furthest point along ``route`` still a cell inside the grid, with the index of the route's
        point before it (a far goal's route leaves the grid there), or None when it never leaves it."""
        lo, hi = self.x0 + self.step, self.x0 + (self.n - 2) * self.step
        ylo, yhi = self.y0 + self.step, self.y0 + (self.n - 2) * self.step

        def inside(p: Point) -> bool:
            return lo <= p[0] <= hi and ylo <= p[1] <= yhi

        last: tuple[int, Point] | None = None
        for k, (a, b) in enumerate(zip(route, route[1:])):
            steps = max(1, math.ceil(math.dist(a, b) / (self.step / 2)))
            for s in range(1, steps + 1):
                p = (a[0] + (b[0] - a[0]) * s / steps, a[1] + (b[1] - a[1]) * s / steps)
                if not inside(p):
                    return last
                last = (k, p)
        return None

    def straighten(self, path: list[Point]) -> list[Point]:
        """Pull the grid path tight: from each point, the furthest later point reached in one clear leg."""
        out = [path[0]]
        i = 0
        while i < len(path) - 1:
            j = len(path) - 1
            while j > i + 1 and not self._tight_leg(path, i, j):
                j -= 1
            out.append(path[j])
            i = j
        return out

    def _near_clutter(self, p: Point) -> bool:
        """In clutter, or within half a cell of it: a route kept off such cells clears a hedge's corner."""
        h = self.step / 2
        return any(
            self.table.in_clutter((p[0] + dx, p[1] + dy)) for dx, dy in ((0, 0), (h, 0), (-h, 0), (0, h), (0, -h))
        )

    def _tight_leg(self, path: list[Point], i: int, j: int) -> bool:
        """May the grid path from its point ``i`` to ``j`` be one straight leg? Clear of walls and bases, and
        (where clutter slows) entering no clutter the grid path kept out of."""
        a, b = path[i], path[j]
        if not _clear(self.table, [a, b], self.radius, self.mover):
            return False
        if not self.avoid_clutter or any(
            self.slow[c[0]][c[1]] for c in map(self.cell, path[i : j + 1]) if self.inside(c)
        ):
            return True
        return self.table.clutter_on_path([a, b]) <= 0.0

    def nearest_reached(self, goal: Point) -> list[Point] | None:
        """A path to the free cell within the grid's reach nearest ``goal`` (a long way round it counts a
        little against it), for a goal the search cannot reach: the man goes as near it as the bases let him."""
        import heapq

        a = self.cell(self.start)
        seen: dict[tuple[int, int], tuple[int, int] | None] = {a: None}
        cost = {a: 0.0}
        queue = [(0.0, a)]
        steps = [(dx, dy, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        best, best_left = a, math.dist(self.start, goal)
        while queue:
            g, c = heapq.heappop(queue)
            if g > cost[c]:
                continue
            walked = g * self.step
            if walked > self.reach:
                continue
            left = math.dist(self.point(*c), goal) + DETOUR_WEIGHT * walked
            if left < best_left - 1e-9:
                best, best_left = c, left
            for dx, dy, w in steps:
                nxt = (c[0] + dx, c[1] + dy)
                if not self.inside(nxt) or not self.is_free(*nxt):
                    continue
                new = g + (w * CLUTTER_COST if self.slow[nxt[0]][nxt[1]] else w)
                if new < cost.get(nxt, math.inf):
                    cost[nxt], seen[nxt] = new, c
                    heapq.heappush(queue, (new, nxt))
        if best == a:
            return None
        out: list[Point] = []
        cur: tuple[int, int] | None = best
        while cur is not None:
            out.append(self.point(*cur))
            cur = seen[cur]
        points = list(reversed(out))
        points[0] = self.start
        return points


def route_to(
    table: Any, mover: str, start: Point, radius: float, goal: Point, grid: LocalGrid | None = None
) -> list[Point]:
    """Waypoints from ``start`` to ``goal`` (the goal last): straight where the way is clear, round walls
    and buildings by the table's walker paths, round the other bases on the local grid near him. When
    nothing better is found, the straight line (the rules then stop the move where it is blocked)."""
    goal = (float(goal[0]), float(goal[1]))
    if _clear(table, [start, goal], radius, mover) and not _slowed(table, grid, [start, goal]):
        return [goal]
    walked = table.find_path(start, goal, radius)
    route = [start, *(walked[1:] if walked else [goal])]
    if _clear(table, route, radius, mover) and not _slowed(table, grid, route):
        return route[1:]
    if grid is None:
        return route[1:]
    near = grid.search(goal)
    if near is not None:
        return grid.straighten(near)[1:]
    # the goal is beyond the local grid (or on a base): find the way round the bases to the furthest
    # point of the walker's route the grid holds, then follow that route
    edge = grid.last_inside(route)
    if edge is not None:
        k, point = edge
        head = grid.search(point)
        if head is not None:
            return [*grid.straighten(head)[1:], *route[k + 1 :]]
    for k in range(len(route) - 1, 0, -1):
        head = grid.search(route[k])
        if head is not None:
            return [*grid.straighten(head)[1:], *route[k + 1 :]]
    # friends all round the way on: as far toward it as the bases let him, then on toward the goal
    toward = edge[1] if edge is not None else goal
    head = grid.nearest_reached(toward)
    if head is not None:
        return [*grid.straighten(head)[1:], *([] if edge is None else route[edge[0] + 1 :])]
    return route[1:]


def _slowed(table: Any, grid: LocalGrid | None, way: list[Point]) -> bool:
    """Does ``way`` enter clutter that slows the move, its goal out of it (a way round may cost less)?
    Only where the grid avoids clutter."""
    if grid is None or not grid.avoid_clutter or table.in_clutter(way[-1]):
        return False
    return bool(table.clutter_on_path(way) > 0.0)


@dataclass(frozen=True)
class Heading:
    """Where a move the screen made was heading (the pointer, or the free ground beside a base pointed at)
    and what, in the table's words, cut it short before the rules saw it ("" when the view cut nothing)."""

    way: tuple[Point, ...]  # the whole way as routed, its goal last
    cut_by: str = ""

    @property
    def goal(self) -> Point:
        return self.way[-1]

    def rest(self, end: Point) -> tuple[Point, ...]:
        """The way on from ``end`` (a point on it) to its goal."""
        way = self.way

        def off(i: int) -> float:
            return math.dist(end, way[0]) if i == 0 else _to_segment(end, way[i - 1], way[i])

        i = min(range(len(way)), key=off)
        return (end, *way[i:])


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def stops_here(why: str) -> str:
    """The plate's line at the point a move stops short: ``Stops here: Rifleman Novak``."""
    return f"Stops here: {why or 'the way is blocked'}"


def short_question(length: float, why: str, way: float | None = None) -> str:
    """What a click asks before a move that stops short of where it was pointed spends the action; ``way``
    the whole way's length round what is in the way (a spot 4" off may be 7" round a barricade).

    >>> short_question(2.04, "the Garden wall")
    'Only 2.0" reachable (stopped by the Garden wall): click again to move there, or point elsewhere.'
    >>> short_question(6.0, "", 7.44)
    'Only 6.0" reachable of the 7.4" way there: click again to move there, or point elsewhere.'
    """
    because = f" (stopped by {why})" if why else ""
    of_way = f' of the {way:.1f}" way there' if way is not None else ""
    return f'Only {length:.1f}" reachable{of_way}{because}: click again to move there, or point elsewhere.'


class Routes:
    """One view's routing: the local grid round the selected figure is made once per figure, state and
    position (the bases do not move while the player aims), then every hovered point reuses it.

    It also remembers where the latest move it made was heading, so the view can ask before a move that
    stops short of it (:meth:`question`): the first click asks, a second click on the same spot sends."""

    def __init__(self, avoid_clutter: bool = False) -> None:
        self.avoid_clutter = avoid_clutter  # a rule set whose clutter slows a move routes round it where it can
        self._key: tuple | None = None
        self._grid: LocalGrid | None = None
        self._tight: LocalGrid | None = None  # the finer grid, made only when the coarse one finds no way
        self._heading: tuple[str, tuple[Point, ...], Heading] | None = None  # only the latest aim is asked about

    def move(
        self,
        table: Any,
        mover: str,
        start: Point,
        radius: float,
        pointed: Sequence[Point],
        reach: float,
        version: int,
        limit: float | None = None,
    ) -> tuple[Point, ...]:
        """The waypoints of a move pointed at ``pointed``: a point alone is routed (:meth:`to`), more points
        are the player's own waypoints and kept. With ``limit`` (for rules that refuse a way the base cannot
        walk whole) the way is cut where it stops: at ``limit`` inches, or where a base or a wall stops it.
        A way that goes nowhere is kept whole, so the rules refuse it and the action is not spent."""
        start = (float(start[0]), float(start[1]))
        if len(pointed) == 1:
            path = self.to(table, mover, start, radius, pointed[0], reach, version)
        else:  # the player's own waypoints, kept; the leg to the first routed round a base standing on it (a
            # shift-click ran him into a squad-mate where the same point clicked alone went round him)
            path = [(float(x), float(y)) for x, y in pointed]
            if table.check_path([start, path[0]], radius, mover=mover).blocked_by.startswith("figure"):
                path = [*self.to(table, mover, start, radius, path[0], reach, version), *path[1:]]
        heading = Heading(tuple(path)) if path else None
        if path and len(pointed) == 1 and math.dist(path[-1], pointed[0]) > NEAR_GOAL:
            # the bases kept the route short of the pointer: it still heads there, and says what is in the way
            goal = (float(pointed[0][0]), float(pointed[0][1]))
            heading = Heading((*path, goal), table.check_path([path[-1], goal], radius, mover=mover).blocked_by)
        if heading is not None and limit is not None:
            check = table.check_path([start, *path], radius, mover=mover, max_length=limit)
            if check.blocked and check.length > MOVED:
                path = list(check.points[1:])
                heading = Heading(heading.way, check.blocked_by)
        out = tuple(path)
        self._heading = (mover, out, heading) if heading is not None else None
        return out

    def stop_short(
        self, mover: str, path: Sequence[Point], shorter: Sequence[Point], why: str
    ) -> tuple[Point, ...]:
        """The move of ``mover`` along ``path`` (the latest made here) cut back to ``shorter`` by the rules
        (a move may not end there), still heading where it was pointed, ``why`` naming what stops it."""
        heading = self.heading(mover, path)
        out = tuple((float(x), float(y)) for x, y in shorter)
        if heading is not None:
            self._heading = (mover, out, Heading(heading.way, why))
        return out

    def heading(self, mover: str, path: Sequence[Point]) -> Heading | None:
        """Where the move of ``mover`` along ``path`` was heading, if this is the latest move made here."""
        if self._heading is None or self._heading[0] != mover or self._heading[1] != tuple(path):
            return None
        return self._heading[2]

    def question(
        self,
        mover: str,
        path: Sequence[Point],
        end: Point,
        length: float,
        blocked_by: str,
        name: Callable[[str], str],
        allowance_asks: bool = False,
        allowance: float | None = None,
    ) -> str:
        """What to ask before the move of ``mover`` along ``path`` is sent, when the rules' preview says it
        ends at ``end`` after ``length`` inches, cut by ``blocked_by``: empty when it gets where it was
        heading. A move cut by its allowance only asks when ``allowance_asks`` (a rule set whose moves are
        short where a player points far); given the ``allowance``, neither does one stopped by a base within
        an inch of it on a way longer than it (he could not have got there anyway)."""
        if not path:
            return ""
        heading = self.heading(mover, path) or Heading(tuple(path))
        why = heading.cut_by or blocked_by
        if math.dist(end, heading.goal) <= SHORT or why == "move allowance" and not allowance_asks:
            return ""
        way = length + path_length(heading.rest(end))
        if allowance is not None and not allowance_asks and way > allowance and length >= allowance - NEARLY_ALL:
            return ""
        return short_question(length, "" if why == "move allowance" else in_words(why, name), way)

    def marks(
        self, mover: str, path: Sequence[Point], end: Point, blocked_by: str, name: Callable[[str], str]
    ) -> tuple[list[Primitive], str]:
        """Where and why the move of ``mover`` along ``path`` stops short, for its preview: the rest of the
        way it will not walk from ``end`` (the rules' preview) to where it was heading, a cross where it
        stops unless only the allowance stops it, and the plate's line (``Stops here: ...``, or "")."""
        if not path:
            return [], ""
        heading = self.heading(mover, path) or Heading(tuple(path))
        if math.dist(end, heading.goal) <= SHORT:
            return [], ""
        why = heading.cut_by or blocked_by
        rest = heading.rest(end)
        if why == "move allowance":
            return [Path(tuple(rest), "route")], ""
        return [Path(tuple(rest), "blocked"), Cross(end)], stops_here(in_words(why, name))

    def to(
        self, table: Any, mover: str, start: Point, radius: float, goal: Point, reach: float, version: int
    ) -> list[Point]:
        """``route_to`` with the grid for this figure; ``version`` changes whenever anything moved (the log's
        length)."""
        start = (float(start[0]), float(start[1]))
        key = (mover, version, start, reach)
        if self._key != key:
            grid = LocalGrid(table, mover, start, radius, reach, avoid_clutter=self.avoid_clutter)
            self._key, self._grid, self._tight = key, grid, None
        route = route_to(table, mover, start, radius, goal, self._grid)
        if not route:  # (a goal in the cell he stands in, round a base: no way to go)
            return route
        walked = table.legal_part([start, *route], radius, mover=mover)
        detour = path_length([start, *route]) > math.dist(start, goal) + DETOUR
        short = math.dist(route[-1], goal) > NEAR_GOAL  # the coarse grid got only as near as the bases let it
        if not walked.blocked_by.startswith("figure") and not detour and not short:
            return route
        # a squad-mate's base stops it, or it loops far round the squad: a way between the bases may be
        # narrower than the coarse grid sees
        if self._tight is None:
            self._tight = LocalGrid(
                table, mover, start, radius, reach, TIGHT_CELL, TIGHT_CLEARANCE, self.avoid_clutter
            )
        tight = route_to(table, mover, start, radius, goal, self._tight)
        further = path_length(table.legal_path([start, *tight], radius, mover=mover))
        if further > path_length(walked.points) + SHORT:
            return tight
        whole = path_length([start, *tight])
        as_far = further >= min(whole, path_length(walked.points)) - SHORT  # (the whole way, or as far)
        return tight if detour and as_far and whole < path_length([start, *route]) - SHORT else route
