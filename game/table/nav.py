"""Walking around walls and buildings on a grid: a navigation grid per (table, base radius), A* paths
pulled taut into a few straight legs, and the 8-connected grid distance field (:class:`GridField`)
the rules walked their zombies by before the corner field (:mod:`game.table.corners`), kept as the
field bench's reference: its distances read up to 8% long between the grid's eight directions.

A cell is open when a base of the grid's radius centred there is wholly on the table and touches
no wall or building. Two neighbouring open cells (8-connected) are linked when the base can slide
straight between their centres; near terrain that is checked with a swept-circle query, so a
diagonal never cuts a wall's corner.

The searches over the grid run in compiled code: the links are kept as a sparse matrix (SciPy) and
a distance field is one multi-source Dijkstra compiled by numba (:mod:`game.table.nav_kernel`),
with exactly the distances and next cells of :func:`scipy.sparse.csgraph.dijkstra`, which checks it
on each grid's first field (see ``game/bench/fields.py`` for how it compares with the other
libraries tried). SciPy, numpy and numba are imported on the first field, not at start-up.

This module knows the table only through :class:`Walkable` (what ``game.table.space.Table``
answers), so the two modules do not import each other.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

from game.scenario.model import Point, Terrain
from game.table.geometry import truncate_path
from game.table.legs_batch import LEGS_BATCH_FROM


class Walkable(Protocol):
    """What a walking grid asks of the table (``game.table.space.Table`` provides it)."""

    width: float
    height: float
    terrain: tuple[Terrain, ...]

    def on_table(self, p: Point, radius: float) -> bool: ...

    def overlaps_blocking(self, p: Point, radius: float) -> bool: ...

    def leg_clear(self, a: Point, b: Point, radius: float) -> bool: ...

    def legs_clear(self, legs: Sequence[tuple[Point, Point]], radius: float) -> list[bool]: ...

    def outlines(self) -> Any: ...  # the terrain as arrays (game.table.outlines.Outlines)


_DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))

# Walking grids depend only on the terrain, the table size, the radius and the cell: every new
# game on the same map reuses the grid built for the first (tens of milliseconds each).
_GRID_CACHE: OrderedDict[tuple, tuple] = OrderedDict()
_GRID_CACHE_SIZE = 8
_GRAPH_CACHE: OrderedDict[tuple, Any] = OrderedDict()  # the same grids' links as sparse matrices
_CENTRES_CACHE: OrderedDict[tuple, tuple[Any, Any]] = OrderedDict()  # and their cells' centres as arrays
_SEEDS_KEPT = 4096  # goal points whose seed a grid remembers (see NavGrid.seed)
# Per grid: does SciPy's search pick each cell's next cell by the rule the compiled search follows
# (game.table.nav_kernel: the nearest neighbour that gives the cell's distance)? Checked
# on the grid's first field; only then may a field be narrowed rather than searched afresh.
_TIE_RULE_HOLDS: dict[tuple, bool] = {}


def terrain_key(table: Walkable) -> str:
    """What a table's walking depends on (its size and terrain), as one key for caches shared by games.
    Written out once per terrain: the games of a map share their scenario's terrain (kept here with
    its key, so that its identity is not reused)."""
    terrain = table.terrain
    known = _TERRAIN_KEYS.get(id(terrain))
    if known is not None and known[0] is terrain and known[1] == (table.width, table.height):
        return known[2]
    key = repr((table.width, table.height, terrain))
    if len(_TERRAIN_KEYS) >= _GRID_CACHE_SIZE:
        _TERRAIN_KEYS.clear()
    _TERRAIN_KEYS[id(terrain)] = (terrain, (table.width, table.height), key)
    return key


_TERRAIN_KEYS: dict[int, tuple[object, tuple[float, float], str]] = {}


PULL_WINDOW = 8  # legs asked per chain and round when pulling many chains at once
DISTANCES_BATCH_FROM = 16  # fewer points are measured one by one (a compiled call's fixed cost)
STEPS_BATCH_FROM = 16  # fewer starts step the Python way (a compiled call's fixed cost)


class _Pull:
    """One chain being pulled taut a round at a time (see :meth:`NavGrid.pull_taut_many`; the rule is
    :meth:`NavGrid.pull_taut`'s, which pulls one chain alone faster): its corners so far, the
    corner it pulls from (``i``), the furthest point known to be in a straight line of it (``j``),
    and what is left of ``enough``, counted down exactly as truncate_path does."""

    def __init__(self, pts: list[Point], enough: float) -> None:
        self.pts = pts
        self.done = len(pts) <= 2  # nothing to pull
        self.out = pts[:] if self.done else [pts[0]]
        self.i, self.j = 0, 1
        self.left = enough

    def next_ks(self, window: int) -> range:
        """The points whose legs from the corner are asked next."""
        return range(self.j + 1, min(len(self.pts), self.j + 1 + window))

    def take(self, answers: list[bool]) -> None:
        """The answers for :meth:`next_ks`, in order: the corner moves on at the first leg that is not
        clear, or at the chain's end."""
        for ok in answers:
            if not ok:
                break
            self.j += 1
        else:
            if self.j + 1 < len(self.pts):
                return  # all clear so far: the next round asks further on
        pts, i, j = self.pts, self.i, self.j
        self.out.append(pts[j])
        leg = math.dist(pts[i], pts[j])
        if leg > self.left:
            self.done = True
            return
        self.left -= leg
        if self.left <= 0.0 or j >= len(pts) - 1:
            self.done = True
            return
        self.i, self.j = j, j + 1


class NavGrid:
    """The walking grid of one table for bases of one radius (build through ``Table.navigation``)."""

    def __init__(self, table: Walkable, radius: float, cell: float = 0.5) -> None:
        if not cell > 0:
            raise ValueError(f"navigation cell size must be above 0, not {cell!r}")
        self.table = table
        self.radius = radius
        self.cell = cell
        key = (terrain_key(table), radius, cell)
        built = _GRID_CACHE.get(key)
        if built is None:
            built = _GRID_CACHE[key] = self._build(table, radius, cell)
            while len(_GRID_CACHE) > _GRID_CACHE_SIZE:
                _GRID_CACHE.popitem(last=False)
        else:
            _GRID_CACHE.move_to_end(key)
        self.nx, self.ny, self.centres, self.free, self.near, self.links, self._straight, self._diagonal = built
        self._key = key
        # Each goal point's seed (entry cell, offset to its centre): the terrain never changes, and a
        # horde's fields are rebuilt many times a move around the same standing humans.
        self._seeds: dict[Point, tuple[int, float] | None] = {}
        self._centre_arrays: tuple[Any, Any] | None = None

    @staticmethod
    def _build(table: Walkable, radius: float, cell: float) -> tuple:
        """(nx, ny, centres, free, near, links, straight, diagonal) of the grid; shared, never
        changed once built."""
        nx = max(1, int(table.width // cell))
        ny = max(1, int(table.height // cell))
        n = nx * ny
        centres = [((k % nx + 0.5) * cell, (k // nx + 0.5) * cell) for k in range(n)]
        free = bytearray(n)
        near = bytearray(n)
        # Beyond this distance from terrain every straight link out of a cell is clear.
        margin = radius + 0.71 * cell
        for k, c in enumerate(centres):
            if table.on_table(c, radius) and not table.overlaps_blocking(c, radius):
                free[k] = 1
                near[k] = 1 if table.overlaps_blocking(c, margin) else 0
        links: list[list[tuple[int, float]]] = [[] for _ in range(n)]
        diag = cell * math.sqrt(2)
        for k in range(n):
            if not free[k]:
                continue
            i, j = k % nx, k // nx
            for di, dj in _DIRS[:4]:  # each link once, both ways
                ii, jj = i + di, j + dj
                if not (0 <= ii < nx and 0 <= jj < ny):
                    continue
                m = jj * nx + ii
                if not free[m]:
                    continue
                if (near[k] or near[m]) and not table.leg_clear(centres[k], centres[m], radius):
                    continue
                cost = diag if di and dj else cell
                links[k].append((m, cost))
                links[m].append((k, cost))
        straight = [tuple(m for m, cost in ls if cost == cell) for ls in links]
        diagonal = [tuple(m for m, cost in ls if cost != cell) for ls in links]
        return nx, ny, centres, bytes(free), bytes(near), [tuple(x) for x in links], straight, diagonal

    def centre_arrays(self) -> tuple[Any, Any]:
        """The cells' centres as two NumPy arrays (x, y), made on first use."""
        if self._centre_arrays is None:
            arrays = _CENTRES_CACHE.get(self._key)  # every game on a map has the same centres
            if arrays is None:
                import numpy as np

                arrays = (np.array([c[0] for c in self.centres]), np.array([c[1] for c in self.centres]))
                _CENTRES_CACHE[self._key] = arrays
                while len(_CENTRES_CACHE) > _GRID_CACHE_SIZE:
                    _CENTRES_CACHE.popitem(last=False)
            self._centre_arrays = arrays
        return self._centre_arrays

    def link_lengths(self) -> tuple[float, float]:
        """The shortest and the longest link: a cell's side and its diagonal (the field's search
        sizes its buckets by them)."""
        return self.cell, self.cell * math.sqrt(2)

    def split_links(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Each cell's straight and diagonal neighbours, apart (built with the shared grid)."""
        return self._straight, self._diagonal

    def graph(self) -> Any:
        """The links as a sparse matrix of costs in CSR form, with one extra row and column (the last)
        left empty for a search's own source: built once per shared grid."""
        graph = _GRAPH_CACHE.get(self._key)
        if graph is None:
            import numpy as np
            from scipy.sparse import csr_matrix

            n = self.nx * self.ny
            counts = np.fromiter((len(ls) for ls in self.links), dtype=np.int64, count=n)
            indptr = np.zeros(n + 2, dtype=np.int64)
            np.cumsum(counts, out=indptr[1 : n + 1])
            indptr[n + 1] = indptr[n]
            indices = np.fromiter((m for ls in self.links for m, _ in ls), dtype=np.int32, count=int(indptr[n]))
            data = np.fromiter((c for ls in self.links for _, c in ls), dtype=np.float64, count=int(indptr[n]))
            graph = csr_matrix((data, indices, indptr), shape=(n + 1, n + 1))
            _GRAPH_CACHE[self._key] = graph
            while len(_GRAPH_CACHE) > _GRID_CACHE_SIZE:
                _GRAPH_CACHE.popitem(last=False)
        return graph

    # -- cells ------------------------------------------------------------------------------

    def cell_of(self, p: Point) -> int:
        i = min(self.nx - 1, max(0, int(p[0] // self.cell)))
        j = min(self.ny - 1, max(0, int(p[1] // self.cell)))
        return j * self.nx + i

    def _cells_around(self, p: Point, rings: int = 2) -> list[int]:
        """Open cells near p, nearest first."""
        k = self.cell_of(p)
        i0, j0 = k % self.nx, k // self.nx
        out = []
        for j in range(max(0, j0 - rings), min(self.ny, j0 + rings + 1)):
            for i in range(max(0, i0 - rings), min(self.nx, i0 + rings + 1)):
                m = j * self.nx + i
                if self.free[m]:
                    out.append(m)
        out.sort(key=lambda m: math.dist(p, self.centres[m]))
        return out

    def entry_cell(self, p: Point) -> int | None:
        """The nearest open cell a base at p can walk straight to."""
        k = self.cell_of(p)
        if self.free[k] and not self.near[k]:
            return k  # far from terrain: the straight step to the centre is clear
        for m in self._cells_around(p):
            if self.table.leg_clear(p, self.centres[m], self.radius):
                return m
        return None

    # -- paths ------------------------------------------------------------------------------

    def pull_taut(self, points: Sequence[Point], enough: float = math.inf) -> list[Point]:
        """Drop corners while the base can slide straight past them (string pulling).

        With ``enough`` it stops once the pulled path is at least that long: its first ``enough``
        inches are then final (each corner depends only on the corners before it)."""
        pts = list(points)
        if len(pts) <= 2:
            return pts
        clear = self.table.leg_clear
        r = self.radius
        out = [pts[0]]
        left = enough  # counted down exactly as truncate_path does
        i = 0
        while i < len(pts) - 1:
            j = i + 1
            while j + 1 < len(pts) and clear(pts[i], pts[j + 1], r):
                j += 1
            out.append(pts[j])
            leg = math.dist(pts[i], pts[j])
            if leg > left:
                break
            left -= leg
            if left <= 0.0:
                break
            i = j
        return out

    def pull_taut_many(
        self, chains: Sequence[Sequence[Point]], enough: float = math.inf, window: int = PULL_WINDOW
    ) -> list[list[Point]]:
        """``[pull_taut(c, enough) for c in chains]``, in a compiled loop (:meth:`_pull_taut_compiled`),
        or where :func:`game.table.compiled.python_dist` is not this interpreter's ``math.dist``, the
        legs asked in rounds: each round asks, of every chain still being pulled, the next ``window``
        legs from its last corner in one batch (:meth:`Table.legs_clear`). A corner is the last
        point before the first leg that is not clear, as :meth:`pull_taut` finds it (legs past that
        are asked and not used). Too few chains for a batch are pulled one by one: the rounds cost
        more than they save."""
        if len(chains) * window < LEGS_BATCH_FROM:
            return [self.pull_taut(points, enough) for points in chains]
        from game.table.compiled import python_dist_holds

        if python_dist_holds():
            return self._pull_taut_compiled(chains, enough)
        pulls = [_Pull(list(points), enough) for points in chains]
        live = [p for p in pulls if not p.done]
        clear, r = self.table.legs_clear, self.radius
        while live:
            asked: list[tuple[Point, Point]] = []
            for p in live:
                here = p.pts[p.i]
                asked.extend((here, p.pts[k]) for k in p.next_ks(window))
            answers = iter(clear(asked, r))
            for p in live:
                p.take([next(answers) for _ in p.next_ks(window)])
            live = [p for p in live if not p.done]
        return [p.out for p in pulls]

    def _pull_taut_compiled(self, chains: Sequence[Sequence[Point]], enough: float) -> list[list[Point]]:
        """:meth:`pull_taut_many` in a compiled loop (see :meth:`pull_flat`)."""
        import numpy as np

        firsts = np.zeros(len(chains) + 1, np.int64)
        np.cumsum([len(points) for points in chains], out=firsts[1:])
        flat = np.fromiter((c for points in chains for p in points for c in p), np.float64, 2 * int(firsts[-1]))
        xs, ys = np.ascontiguousarray(flat[0::2]), np.ascontiguousarray(flat[1::2])
        corners, count = self.pull_flat(xs, ys, firsts, enough, np.arange(len(chains)))
        out: list[list[Point]] = []
        for c, points in enumerate(chains):
            first = int(firsts[c])
            out.append([points[k] for k in corners[first : first + count[c]].tolist()])
        return out

    def pull_flat(self, xs: Any, ys: Any, firsts: Any, enough: float, asked: Any) -> tuple[Any, Any]:
        """Chains ``asked`` of the chains ``xs, ys[firsts[c]:firsts[c + 1]]`` pulled taut as
        :meth:`pull_taut` pulls each, in a compiled loop (:func:`game.table.nav_kernel.pull_taut_many`),
        every leg asked of the legs kernel; a leg within a hair of a wall or building is asked of the
        table's single call and its chain pulled on from there. Each chain's corners, as indices into
        it: ``corners[firsts[c]:firsts[c] + count[c]]``; (corners, count)."""
        import numpy as np

        from game.table.nav_kernel import pull_taut_many

        n = len(firsts) - 1
        corners = np.empty(int(firsts[-1]), np.int64)
        count = np.zeros(n, np.int64)
        at, left, given = np.zeros((n, 2), np.int64), np.zeros(n), np.full(n, -1, np.int64)
        table, radius = self.table, self.radius
        walls = table.outlines().walls
        while len(asked):
            waiting = pull_taut_many(
                xs, ys, firsts, float(enough), walls, radius, table.width, table.height, corners, count, at, left,
                given, asked,
            )  # fmt: skip
            asked = asked[waiting]
            for c in asked.tolist():
                i, j = (int(firsts[c]) + at[c]).tolist()
                a, b = (float(xs[i]), float(ys[i])), (float(xs[j + 1]), float(ys[j + 1]))
                given[c] = table.leg_clear(a, b, radius)
        return corners, count

    def find_path(self, start: Point, goal: Point) -> list[Point] | None:
        start = (float(start[0]), float(start[1]))
        goal = (float(goal[0]), float(goal[1]))
        if self.table.leg_clear(start, goal, self.radius):
            return [start, goal]
        s = self.entry_cell(start)
        g = self.entry_cell(goal)
        if s is None or g is None:
            return None
        cells = self._astar(s, g)
        if cells is None:
            return None
        return self.pull_taut([start] + [self.centres[k] for k in cells] + [goal])

    def _astar(self, s: int, g: int) -> list[int] | None:
        """The cells of the shortest walk from cell s to cell g (both included), or None: A* over the
        links with the octile distance as its estimate, compiled (:func:`game.table.nav_kernel.a_star`)."""
        import numpy as np

        from game.table.nav_kernel import a_star

        nx, ny, cell = self.nx, self.ny, self.cell
        gi, gj = g % nx, g // nx
        diag_extra = (math.sqrt(2) - 2) * cell
        # the octile distance to the goal of every cell (never more than the grid walk)
        di = np.abs(np.arange(nx) - gi)[None, :]
        dj = np.abs(np.arange(ny) - gj)[:, None]
        estimate = (cell * (di + dj) + diag_extra * np.minimum(di, dj)).ravel()
        links = self.graph()
        path = a_star(links.indptr, links.indices, links.data, estimate, s, g)
        return path.tolist() if len(path) else None

    def seed(self, goal: Point) -> tuple[int, float] | None:
        """A field's seed for ``goal``: its :meth:`entry_cell` and the distance from ``goal`` to that
        cell's centre (None when no cell can be entered), remembered per point."""
        seeds = self._seeds
        found = seeds.get(goal, False)
        if found is False:
            k = self.entry_cell(goal)
            found = None if k is None else (k, math.dist(goal, self.centres[k]))
            if len(seeds) >= _SEEDS_KEPT:
                seeds.clear()  # figures move between turns: old points are rarely asked again
            seeds[goal] = found
        return found  # type: ignore[return-value]

    def distance_field(self, goals: Sequence[Point]) -> GridField:
        return GridField(self, goals)


class GridField:
    """Walking distance to the nearest of several goals from anywhere on the table, measured on the
    grid (``NavGrid.distance_field``; the rules walk by ``Table.distance_field``, the corner field,
    which this one is measured against in the field bench). One multi-source Dijkstra over the grid, in
    compiled code; every cell keeps the next cell toward its nearest goal, so a step just follows
    those.

    A field for fewer of the same goals (:meth:`narrowed`) is searched again only where a dropped
    goal was the nearest: the same distances and next cells as a search afresh."""

    def __init__(self, grid: NavGrid, goals: Sequence[Point], narrowing: GridField | None = None) -> None:
        self.grid = grid
        self.goals = tuple((float(g[0]), float(g[1])) for g in goals)
        n = grid.nx * grid.ny
        self._goal_of: dict[int, Point] = {}  # seed cell -> its goal point
        seeds: dict[int, float] = {}
        for goal in self.goals:
            seed = grid.seed(goal)
            if seed is None:
                continue
            k, d = seed
            if d < seeds.get(k, math.inf):
                seeds[k] = d
                self._goal_of[k] = goal
        self._seeds = seeds
        self._arrays: tuple[Any, Any] | None = None  # (distances, next cells) as NumPy arrays
        self._goal_arrays: tuple[Any, Any] | None = None  # each cell's goal (x, y), nan where none: see distances
        self._root_cells: Any = None  # each cell's seed (see _roots)
        if not seeds:
            self._dist: Sequence[float] = [math.inf] * n
            self._toward: Sequence[int] = [-1] * n
            return
        narrowed = _narrow(grid, narrowing, seeds) if narrowing is not None else None
        if narrowed is not None:
            self._arrays, self._root_cells = narrowed[:2], narrowed[2]
        else:
            self._arrays = _search(grid, seeds)
        # Memoryviews read a cell as a plain float or int, as fast as a list does, without turning
        # every cell into a Python object (a horde's steps read a few).
        self._dist, self._toward = memoryview(self._arrays[0]), memoryview(self._arrays[1])

    def narrowed(self, goals: Sequence[Point]) -> GridField:
        """The field of ``goals`` on the same grid: exactly ``GridField(grid, goals)``, but when
        they are some of this field's goals (a horde's hunted humans once one is engaged) only the
        cells that were nearest a dropped goal are searched again."""
        return GridField(self.grid, goals, narrowing=self)

    def _roots(self) -> Any:
        """Each cell's seed cell, following the next cells (a cell with none is its own)."""
        if self._root_cells is None:
            import numpy as np

            pred = self._arrays[1] if self._arrays is not None else np.full(len(self._toward), -1, np.int32)
            up = np.where(pred < 0, np.arange(len(pred)), pred)  # intp: indexing needs no conversion
            while True:  # pointer jumping: about log2 of the longest chain
                nxt = up[up]
                if np.array_equal(nxt, up):
                    break
                up = nxt
            self._root_cells = up
        return self._root_cells

    def _start_cell(self, p: Point) -> int | None:
        grid = self.grid
        k = grid.cell_of(p)
        if grid.free[k] and not grid.near[k] and self._dist[k] < math.inf:
            return k
        # The reachable open cells of ``_cells_around`` (two rings), by walking distance through
        # them: one sort on (that, then the straight distance, then the cell), the order the nearest-
        # first list re-sorted by walking distance had.
        dist, centres, free, nx = self._dist, grid.centres, grid.free, grid.nx
        i0, j0 = k % nx, k // nx
        options = []
        for j in range(max(0, j0 - 2), min(grid.ny, j0 + 3)):
            for i in range(max(0, i0 - 2), min(nx, i0 + 3)):
                m = j * nx + i
                if free[m] and dist[m] < math.inf:
                    d = math.dist(p, centres[m])
                    options.append((dist[m] + d, d, m))
        options.sort()
        clear, r = grid.table.leg_clear, grid.radius
        for _, _, m in options:
            if clear(p, centres[m], r):
                return m
        return None

    def distance(self, p: Point) -> float:
        """Walking distance from p to the nearest goal (inf if unreachable), measured on the
        8-connected grid: exact along rows, columns and diagonals, up to ~8% long in between."""
        grid = self.grid
        dist = self._dist
        nx, centres, goal_of = grid.nx, grid.centres, self._goal_of
        k = grid.cell_of(p)
        i0, j0 = k % nx, k // nx
        best = math.inf
        # the open cells around p (the order does not matter for a minimum)
        for j in range(max(0, j0 - 1), min(grid.ny, j0 + 2)):
            for i in range(max(0, i0 - 1), min(nx, i0 + 2)):
                m = j * nx + i
                d = dist[m]  # inf for closed cells too
                if d < math.inf:
                    d += math.dist(p, centres[m])
                    if d < best:
                        best = d
                    goal = goal_of.get(m)
                    if goal is not None:
                        d = math.dist(p, goal)
                        if d < best:
                            best = d
        return best

    def distances(self, points: Sequence[Point]) -> list[float]:
        """``[distance(p) for p in points]``, the same numbers: a horde's are worked out together in a
        compiled loop (:func:`game.table.nav_kernel.field_distances`), which measures as
        ``math.dist`` does where this interpreter's ``math.dist`` is the one it follows
        (:func:`game.table.compiled.python_dist_holds`), and one by one otherwise."""
        if len(points) < DISTANCES_BATCH_FROM or self._arrays is None:
            return [self.distance(p) for p in points]
        import numpy as np

        from game.table.compiled import python_dist_holds
        from game.table.nav_kernel import field_distances

        if not python_dist_holds():
            return [self.distance(p) for p in points]
        grid = self.grid
        n = len(points)
        cells = np.fromiter(map(grid.cell_of, points), np.int64, count=n)
        px = np.fromiter((p[0] for p in points), np.float64, count=n)
        py = np.fromiter((p[1] for p in points), np.float64, count=n)
        centre_x, centre_y = grid.centre_arrays()
        out = field_distances(
            px, py, cells, grid.nx, grid.ny, self._arrays[0], centre_x, centre_y, *self._goal_xy()
        )
        return out.tolist()  # type: ignore[no-any-return]

    def step(self, start: Point, length: float) -> list[Point]:
        """A path of straight legs from start, up to ``length`` inches, downhill toward the nearest goal,
        stopping on reaching it."""
        return self.steps([start], length)[0]

    def steps(self, starts: Sequence[Point], length: float) -> list[list[Point]]:
        """Each start's step (see :meth:`step`), the same path whether asked alone or with others: the
        straight legs every step and every pull asks go to the table together
        (:meth:`Table.legs_clear`), so a horde's steps take a few batches instead of thousands of
        single questions."""
        if len(starts) >= STEPS_BATCH_FROM and length > 0 and self._arrays is not None:
            from game.table.compiled import python_dist_holds

            if python_dist_holds():
                return self._steps_compiled(starts, length)
        grid = self.grid
        out: list[list[Point]] = []
        chains: list[tuple[int, list[Point]]] = []
        for start in starts:
            start = (float(start[0]), float(start[1]))
            chain = self._chain(start, length)
            if chain is not None:
                chains.append((len(out), chain))
            out.append([start])
        clear = grid.table.legs_clear([(chain[0], chain[-1]) for _, chain in chains], grid.radius)
        pulls = [(at, chain) for (at, chain), ok in zip(chains, clear) if not ok]
        for (at, chain), ok in zip(chains, clear):
            if ok:
                out[at] = truncate_path([chain[0], chain[-1]], length)
        pulled = grid.pull_taut_many([chain for _, chain in pulls], enough=length)
        for (at, _), path in zip(pulls, pulled):
            out[at] = truncate_path(path, length)
        return out

    def _steps_compiled(self, starts: Sequence[Point], length: float) -> list[list[Point]]:
        """:meth:`steps` with the chains built, tested end to end and pulled taut in compiled loops
        (:func:`game.table.nav_kernel.field_chains`, the legs kernel, :meth:`NavGrid.pull_flat`); a
        start off the open cells finds its start cell, and a leg within a hair of a wall is asked,
        one by one."""
        import numpy as np

        from game.table.legs_batch import classify_lines
        from game.table.legs_kernel import CLEAR, UNSURE
        from game.table.nav_kernel import field_chains
        from game.table.outlines import lines_between

        grid, table = self.grid, self.grid.table
        assert self._arrays is not None
        starts = [(float(p[0]), float(p[1])) for p in starts]
        n = len(starts)
        px = np.fromiter((p[0] for p in starts), np.float64, n)
        py = np.fromiter((p[1] for p in starts), np.float64, n)
        cells = np.fromiter(map(grid.cell_of, starts), np.int64, n)
        dist, toward = self._arrays
        plain = (
            (np.frombuffer(grid.free, np.uint8)[cells] == 1)
            & (np.frombuffer(grid.near, np.uint8)[cells] == 0)
            & (dist[cells] < math.inf)
        )
        for s in np.flatnonzero(~plain).tolist():  # _start_cell's own search round the point
            k = self._start_cell(starts[s])
            cells[s] = -1 if k is None else k
        reach = 2 * length + 4 * grid.cell  # as _chain reaches
        longest = 3 + math.ceil(reach / grid.cell) + 1
        firsts = np.zeros(n + 1, np.int64)
        cx, cy = np.empty(n * longest), np.empty(n * longest)
        cid = np.empty(n * longest, np.int64)
        centre_x, centre_y = grid.centre_arrays()
        field_chains(px, py, cells, reach, toward, centre_x, centre_y, *self._goal_xy(), firsts, cx, cy, cid)
        chained = np.flatnonzero(firsts[1:] > firsts[:-1])
        ends = firsts[chained + 1] - 1
        lines = lines_between(cx[firsts[chained]], cy[firsts[chained]], cx[ends], cy[ends])
        straight = classify_lines(table.outlines(), *lines, grid.radius, table.width, table.height)
        centres, goal_of = grid.centres, self._goal_of

        def point(s: int, m: int) -> Point:
            what = int(cid[m])
            return starts[s] if what == -1 else (centres[what] if what >= 0 else goal_of[-2 - what])

        out: list[list[Point]] = [[p] for p in starts]
        pulls: list[int] = []
        for s, end, answer in zip(chained.tolist(), ends.tolist(), straight.tolist()):
            ok = answer == CLEAR if answer != UNSURE else None
            if ok is None:
                ok = table.leg_clear(starts[s], point(s, end), grid.radius)
            if ok:
                out[s] = truncate_path([starts[s], point(s, end)], length)
            else:
                pulls.append(s)
        corners, count = grid.pull_flat(cx, cy, firsts, length, np.array(pulls, np.int64))
        for s in pulls:
            first = int(firsts[s])
            path = [point(s, first + m) for m in corners[first : first + count[s]].tolist()]
            out[s] = truncate_path(path, length)
        return out

    def _goal_xy(self) -> tuple[Any, Any]:
        """Each cell's goal (x, y) as two arrays, nan where the cell is no seed."""
        if self._goal_arrays is None:
            import numpy as np

            n = self.grid.nx * self.grid.ny
            goal_x, goal_y = np.full(n, np.nan), np.full(n, np.nan)
            for k, (x, y) in self._goal_of.items():
                goal_x[k], goal_y[k] = x, y
            self._goal_arrays = (goal_x, goal_y)
        return self._goal_arrays

    def _chain(self, start: Point, length: float) -> list[Point] | None:
        """The start and the cells downhill from it toward the nearest goal, well past ``length`` (so
        the first leg's direction is not skewed by where cell centres happen to lie; twice the step is
        enough look-ahead for pulling it taut, and keeps a horde's turn cheap); None when there is
        no step to take."""
        if length <= 0:
            return None
        k = self._start_cell(start)
        if k is None:
            return None
        grid = self.grid
        centres, toward = grid.centres, self._toward
        chain = [start]
        append, dist = chain.append, math.dist
        walked = 0.0
        reach = 2 * length + 4 * grid.cell
        last = start
        while True:
            c = centres[k]
            walked += dist(last, c)
            append(c)
            last = c
            nxt = toward[k]
            if nxt < 0:
                append(self._goal_of[k])
                break
            if walked >= reach:
                break
            k = nxt
        return chain


def _search(grid: NavGrid, seeds: dict[int, float]) -> tuple[Any, Any]:
    """Distances from the nearest seed (each starting at its own offset) over the grid's links, and
    each cell's next cell toward it (-1 at a seed and where nothing is reachable), as NumPy arrays.

    The search is compiled (:func:`game.table.nav_kernel.grid_field`). On a grid's first field it
    is checked against SciPy's (:func:`_scipy_search`): the same distances, and the same next cells
    (SciPy's choice among equally near neighbours follows the rule the compiled search and the
    narrowing follow: see :mod:`game.table.nav_kernel`). A grid where they differ keeps SciPy's search, and is never
    narrowed."""
    import numpy as np

    from game.table.nav_kernel import grid_field

    if _TIE_RULE_HOLDS.get(grid._key) is False:
        return _scipy_search(grid, seeds)
    base = grid.graph()
    n = grid.nx * grid.ny
    cells = np.fromiter(seeds.keys(), dtype=np.int64, count=len(seeds))
    offsets = np.fromiter(seeds.values(), dtype=np.float64, count=len(seeds))
    dist, pred = grid_field(base.indptr, base.indices, base.data, n, cells, offsets, *grid.link_lengths())
    if grid._key not in _TIE_RULE_HOLDS:
        sure_dist, sure_pred = _scipy_search(grid, seeds)
        holds = bool(np.array_equal(dist, sure_dist) and np.array_equal(pred, sure_pred))
        _TIE_RULE_HOLDS[grid._key] = holds
        if not holds:
            return sure_dist, sure_pred
    return dist, pred


def _scipy_search(grid: NavGrid, seeds: dict[int, float]) -> tuple[Any, Any]:
    """:func:`_search` by :func:`scipy.sparse.csgraph.dijkstra`. The seeds hang off one extra source
    node (the grid graph's last row), so the offsets cost one search; an offset of exactly 0 is
    nudged by 1e-12 since a sparse graph cannot hold a zero-cost edge."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    base = grid.graph()
    n = grid.nx * grid.ny
    cells = np.fromiter(seeds.keys(), dtype=np.int32, count=len(seeds))
    offsets = np.fromiter(seeds.values(), dtype=np.float64, count=len(seeds))
    offsets = np.maximum(offsets, 1e-12)
    indptr = base.indptr.copy()
    indptr[n + 1] = indptr[n] + len(cells)
    graph = csr_matrix(
        (np.concatenate((base.data, offsets)), np.concatenate((base.indices, cells)), indptr),
        shape=base.shape,
    )
    dist, pred = dijkstra(graph, directed=True, indices=n, return_predecessors=True)
    dist, pred = dist[:n], pred[:n]
    pred[pred < 0] = -1
    pred[pred == n] = -1  # the seeds' parent is the extra source
    return dist, pred


def _narrow(grid: NavGrid, old: GridField, seeds: dict[int, float]) -> tuple[Any, Any, Any] | None:
    """The arrays of a field with ``seeds`` made from ``old``'s (distances, next cells, each cell's
    seed), or None when they cannot be (a seed new or nearer than before, another grid, or SciPy's
    choice of next cell not known to follow the compiled search's rule).

    With seeds only dropped (or farther), a cell whose chain of next cells ends at a kept seed keeps
    its distance and next cell: its old path is still there, and no distance can shrink. Only the
    cells under a dropped seed are searched again, with the ring of cells around them entered at
    their kept distances. Distances are the unique solution of d[v] = min(offset, d[u] + cost) in
    floating point, so this search (compiled: :func:`game.table.nav_kernel.narrowed_field`) finds
    SciPy's own, and each searched cell's next cell is chosen from all its neighbours by the rule
    SciPy's choice follows (see :mod:`game.table.nav_kernel`)."""
    import numpy as np

    from game.table.nav_kernel import narrowed_field

    if old.grid._key != grid._key or old._arrays is None or not _TIE_RULE_HOLDS.get(grid._key, False):
        return None
    before = old._seeds
    if any(before.get(k, math.inf) > offset for k, offset in seeds.items()):
        return None
    dropped = [k for k, offset in before.items() if seeds.get(k) != offset]
    old_dist, old_pred = old._arrays
    old_roots = old._roots()
    if not dropped:
        return old_dist, old_pred, old_roots
    n = grid.nx * grid.ny
    hit = np.zeros(n, dtype=bool)
    hit[dropped] = True
    under = hit[old_roots]  # the cells to search again
    cells = np.flatnonzero(under)
    base = grid.graph()
    seed_cells = np.fromiter(seeds.keys(), dtype=np.int64, count=len(seeds))
    offsets = np.fromiter(seeds.values(), dtype=np.float64, count=len(seeds))
    dist, pred = narrowed_field(
        base.indptr, base.indices, base.data, old_dist, old_pred, under, seed_cells, offsets, *grid.link_lengths()
    )
    # Each cell's seed: the same as before outside; inside, pointer jumping over these cells only.
    roots = old_roots.copy()
    up = pred[cells]
    roots[cells] = np.where(up < 0, cells, up)
    while True:
        nxt = roots[roots[cells]]
        if np.array_equal(nxt, roots[cells]):
            break
        roots[cells] = nxt
    return dist, pred, roots
