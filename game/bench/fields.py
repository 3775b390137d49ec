"""``python -m game.bench.fields``: the horde's distance field computed by each candidate library,
side by side on the shipped maps, for speed and for accuracy against the true walking distance.

Candidates (each skipped when its package is not installed):

- ``python``: the pure-Python multi-source Dijkstra the table used before issue 12 (kept here as
  the reference for the speed-up);
- ``csgraph``: :func:`scipy.sparse.csgraph.dijkstra` on the same 8-connected links, one search
  from an extra source node (what ``game.table.nav`` used before ``compiled``);
- ``compiled``: what ``game.table.nav`` uses now: its own Dijkstra on the same links, compiled with
  numba (:mod:`game.table.nav_kernel`), with SciPy's distances and next cells;
- ``tcod``: :func:`tcod.path.dijkstra2d` on the open cells (8-connected, integer costs 100/141;
  it cannot refuse a diagonal that clips a wall's corner);
- ``skfmm``: :func:`skfmm.distance`, second-order fast marching on the open cells (the goals are
  the zero contour of circles 0.75" round them);
- ``anyangle``: straight legs in any direction, each cell walking to an anchor (Lazy Theta*'s rule
  as a multi-source field), compiled with numba (:mod:`game.bench.anyangle`);
- ``corners``: no grid: the walking distance of every corner ring point the truth's graph has, in
  one search (:class:`game.table.corners.DistanceField`), a point read when asked (the nearest way
  that a clear straight leg reaches). Its ``field_ms`` is that search; its reads are real work
  (the grid fields' are a look-up), so ``reads_ms`` times every candidate reading the samples.

The truth: the straight line where the base can slide straight to a goal, otherwise the shortest
path over a visibility graph whose nodes ring every corner of every wall and building (eight
points on a circle just wide enough that the chords between them clear the rounded corner of the
base's free space), each leg checked with ``Table.leg_clear``. It reads at most a few hundredths
of an inch long at each corner it wraps.

Errors are ``field / truth - 1`` at open cell centres at least 2" from the nearest goal; times are
medians of repeated builds of one field, all candidates interleaved in the same run (``reads_ms``:
reading the samples' values from a built field, the same way), each field as
its candidate builds it (a list, a NumPy array, the table's own field), read by cell without
turning it into a list first (until session 27 every field was turned into a Python list inside
the time, about 0.3 ms of a Normandy field).
"""

from __future__ import annotations

import argparse
import heapq
import importlib.util
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.bench.common import clock
from game.scenario.model import Point
from game.table import Table
from game.table.nav import NavGrid

RADIUS = 0.5
GOALS = 10
SAMPLES = 300
MIN_TRUTH = 2.0

# A distance per grid cell (inf: unreachable), as the candidate builds it: a list, a NumPy array or
# the table's own field's memoryview, each read by cell index.
Values = Any


# -- the candidates ---------------------------------------------------------------------------


def _seeds(grid: NavGrid, goals: Sequence[Point]) -> dict[int, float]:
    seeds: dict[int, float] = {}
    for goal in goals:
        k = grid.entry_cell(goal)
        if k is not None:
            seeds[k] = min(seeds.get(k, math.inf), math.dist(goal, grid.centres[k]))
    return seeds


def python_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    """The pre-issue-12 field: a heap-based Dijkstra in Python over the 8-connected links."""
    n = grid.nx * grid.ny
    dist = [math.inf] * n
    heap: list[tuple[float, int]] = []
    for k, d in _seeds(grid, goals).items():
        dist[k] = d
        heapq.heappush(heap, (d, k))
    straight, diagonal = grid.split_links()
    cell, diag = grid.cell, grid.cell * math.sqrt(2)
    heappush, heappop = heapq.heappush, heapq.heappop
    while heap:
        d, k = heappop(heap)
        if d > dist[k]:
            continue
        for step, ms in ((cell, straight[k]), (diag, diagonal[k])):
            nd = d + step
            for m in ms:
                if nd < dist[m]:
                    dist[m] = nd
                    heappush(heap, (nd, m))
    return dist


def csgraph_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    """SciPy's compiled Dijkstra on the same links, one search from an extra source node (what the
    table used until its own compiled search, which gives the same distances)."""
    from game.table.nav import _scipy_search

    return _scipy_search(grid, _seeds(grid, goals))[0]


def compiled_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    """What the table uses: its own compiled Dijkstra on the same links (``game.table.nav_kernel``),
    SciPy's distances and next cells."""
    from game.table.nav import GridField

    return GridField(grid, goals)._dist


def tcod_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    import numpy as np
    import tcod.path

    cost = np.frombuffer(grid.free, dtype=np.uint8).reshape(grid.ny, grid.nx).astype(np.int32)
    scale = 100 / grid.cell  # integer costs: 100 a straight step
    dist = tcod.path.maxarray((grid.ny, grid.nx), dtype=np.int32)
    for k, d in _seeds(grid, goals).items():
        dist[k // grid.nx, k % grid.nx] = round(d * scale)
    tcod.path.dijkstra2d(dist, cost, 100, 141, out=dist)
    out = dist.astype(np.float64) / scale
    out[dist == np.iinfo(np.int32).max] = np.inf
    return out.ravel()


def skfmm_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    import numpy as np
    import skfmm

    ys, xs = np.mgrid[0 : grid.ny, 0 : grid.nx]
    cx, cy = (xs + 0.5) * grid.cell, (ys + 0.5) * grid.cell
    r0 = 0.75
    phi = np.full((grid.ny, grid.nx), np.inf)
    for gx, gy in goals:
        phi = np.minimum(phi, np.hypot(cx - gx, cy - gy))
    free = np.frombuffer(grid.free, dtype=np.uint8).reshape(grid.ny, grid.nx).astype(bool)
    d = skfmm.distance(np.ma.MaskedArray(phi - r0, ~free), dx=grid.cell, order=2)
    return np.ma.filled(d + r0, np.inf).ravel()


# Steps of the wide stencils (with their mirror images): each direction a base may take straight
# from one cell centre to another. 8 directions read up to 8.2% long in the open, 16 up to 2.8%,
# 32 up to 1.3%, 48 up to 0.75% (half the largest angle between two directions, 1/cos - 1).
STENCILS = {
    16: ((1, 0), (1, 1), (2, 1)),
    32: ((1, 0), (1, 1), (2, 1), (3, 1), (3, 2)),
    48: ((1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 1), (4, 3)),
}
_WIDE_CACHE: dict[tuple[Any, int], Any] = {}  # by the grid's own key (terrain, radius, cell)


def _all_steps(base: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for a, b in base:
        for x, y in ((a, b), (b, a)):
            for sx in (1, -1):
                for sy in (1, -1):
                    out.add((sx * x, sy * y))
    return sorted(out)


def wide_graph(grid: NavGrid, size: int) -> Any:
    """The grid's links over a ``size``-direction stencil as a sparse matrix (one spare node for the
    search's source, as :meth:`NavGrid.graph`): a long step is kept when every cell it passes over
    is open, checked exactly (``leg_clear``) when one of them is near terrain."""
    import numpy as np
    from scipy.sparse import csr_matrix

    found = _WIDE_CACHE.get((grid._key, size))
    if found is not None:
        return found
    nx, ny, cell = grid.nx, grid.ny, grid.cell
    free = np.frombuffer(grid.free, dtype=np.uint8).reshape(ny, nx).astype(bool)
    near = np.frombuffer(grid.near, dtype=np.uint8).reshape(ny, nx).astype(bool)
    rows, cols, costs = [], [], []
    jj, ii = np.nonzero(free)
    for di, dj in _all_steps(STENCILS[size]):
        ti, tj = ii + di, jj + dj
        ok = (ti >= 0) & (ti < nx) & (tj >= 0) & (tj < ny)
        si, sj, ti, tj = ii[ok], jj[ok], ti[ok], tj[ok]
        ok = free[tj, ti]
        risky = near[sj, si] | near[tj, ti]
        steps = 4 * max(abs(di), abs(dj))
        for k in range(1, steps):  # the cells the step passes over, a quarter cell apart
            ci = np.floor(si + 0.5 + di * k / steps).astype(int)
            cj = np.floor(sj + 0.5 + dj * k / steps).astype(int)
            ok &= free[cj, ci]
            risky |= near[cj, ci]
        check = np.flatnonzero(ok & risky)
        for n in check.tolist():  # exactly, round the terrain
            a = grid.centres[sj[n] * nx + si[n]]
            b = grid.centres[tj[n] * nx + ti[n]]
            ok[n] = grid.table.leg_clear(a, b, grid.radius)
        rows.append(sj[ok] * nx + si[ok])
        cols.append(tj[ok] * nx + ti[ok])
        costs.append(np.full(int(ok.sum()), cell * math.hypot(di, dj)))
    n = nx * ny
    graph = csr_matrix((np.concatenate(costs), (np.concatenate(rows), np.concatenate(cols))), shape=(n + 1, n + 1))
    _WIDE_CACHE[(grid._key, size)] = graph
    return graph


def _wide_field(size: int) -> Callable[[NavGrid, Sequence[Point]], Values]:
    def field(grid: NavGrid, goals: Sequence[Point]) -> Values:
        """SciPy's Dijkstra over the wide stencil, from one extra node linked to the goals' cells."""
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import dijkstra

        graph = wide_graph(grid, size)
        n = grid.nx * grid.ny
        seeds = _seeds(grid, goals)
        source = csr_matrix(
            (np.array(list(seeds.values())) + 1e-12, (np.full(len(seeds), n), np.array(list(seeds)))),
            shape=(n + 1, n + 1),
        )
        dist = dijkstra(graph + source, indices=n, min_only=True)
        return dist[:n]

    return field


def anyangle_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    from game.bench import anyangle

    return anyangle.field(grid, goals)


class CornerValues:
    """A :class:`game.table.corners.DistanceField` read by cell as the grid fields are (each cell's
    centre), and a batch of points at a time for timing the reads a game makes."""

    def __init__(self, grid: NavGrid, goals: Sequence[Point]) -> None:
        from game.table.corners import DistanceField

        self.grid = grid
        self.field = DistanceField(grid.table.corners(grid.radius), goals)  # type: ignore[attr-defined]

    def __getitem__(self, cell: int) -> float:
        return self.field.distance(self.grid.centres[cell])

    def at_points(self, points: Sequence[Point]) -> list[float]:
        # the reading itself: the field keeps the points it last read, and the bench reads the same ones
        return self.field._ways(points)[0]


def corners_field(grid: NavGrid, goals: Sequence[Point]) -> Values:
    return CornerValues(grid, goals)


CANDIDATES: dict[str, tuple[str | None, Callable[[NavGrid, Sequence[Point]], Values]]] = {
    "python": (None, python_field),
    "csgraph": ("scipy", csgraph_field),
    "compiled": ("numba", compiled_field),
    "tcod": ("tcod", tcod_field),
    "skfmm": ("skfmm", skfmm_field),
    "wide16": ("scipy", _wide_field(16)),
    "wide32": ("scipy", _wide_field(32)),
    "wide48": ("scipy", _wide_field(48)),
    "anyangle": ("numba", anyangle_field),
    "corners": ("numba", corners_field),
}


# -- the truth --------------------------------------------------------------------------------


class Truth:
    """Shortest walking distances for a base of ``radius`` over a visibility graph of corner nodes."""

    def __init__(self, table: Table, radius: float, ring: int = 8) -> None:
        self.table, self.radius = table, radius
        nodes: list[Point] = []
        for piece in table.terrain:
            thick = float(piece.properties.get("thickness", 0.25)) / 2 if piece.area.is_line else 0.0
            reach = (radius + thick + 1e-3) / math.cos(math.pi / ring)
            for vx, vy in piece.area.points:
                for i in range(ring):
                    a = 2 * math.pi * (i + 0.5) / ring
                    p = (vx + reach * math.cos(a), vy + reach * math.sin(a))
                    if table.on_table(p, radius) and not table.overlaps_blocking(p, radius):
                        nodes.append(p)
        self.nodes = nodes
        n = len(nodes)
        self.edges: list[list[tuple[int, float]]] = [[] for _ in range(n)]
        clear = table.leg_clear
        for i in range(n):
            for j in range(i + 1, n):
                if clear(nodes[i], nodes[j], radius):
                    d = math.dist(nodes[i], nodes[j])
                    self.edges[i].append((j, d))
                    self.edges[j].append((i, d))

    def field(self, goals: Sequence[Point]) -> Callable[[Point], float]:
        """The true distance from any point to the nearest goal."""
        clear, r, nodes = self.table.leg_clear, self.radius, self.nodes
        dist = [math.inf] * len(nodes)
        heap: list[tuple[float, int]] = []
        for i, p in enumerate(nodes):
            d = min((math.dist(p, g) for g in goals if clear(p, g, r)), default=math.inf)
            if d < math.inf:
                dist[i] = d
                heap.append((d, i))
        heapq.heapify(heap)
        while heap:
            d, i = heapq.heappop(heap)
            if d > dist[i]:
                continue
            for j, w in self.edges[i]:
                if d + w < dist[j]:
                    dist[j] = d + w
                    heapq.heappush(heap, (d + w, j))

        def at(p: Point) -> float:
            best = min((math.dist(p, g) for g in goals if clear(p, g, r)), default=math.inf)
            for i, q in enumerate(nodes):
                if dist[i] + math.dist(p, q) < best and clear(p, q, r):
                    best = dist[i] + math.dist(p, q)
            return best

        return at


# -- the comparison ---------------------------------------------------------------------------


def _open_points(table: Table, grid: NavGrid, n: int, rng: random.Random) -> list[Point]:
    out: list[Point] = []
    while len(out) < n:
        k = rng.randrange(grid.nx * grid.ny)
        if grid.free[k]:
            out.append(grid.centres[k])
    return out


def installed_mb(*dists: str) -> float:
    """Megabytes the named installed packages (and their bundled libraries) take on disk."""
    total = 0
    for name in dists:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            continue
        for root in spec.submodule_search_locations:
            base = Path(root)
            for folder in (base, base.parent / f"{name}.libs"):
                if folder.is_dir():
                    total += sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    return round(total / 1e6, 1)


WEIGHT = {"python": (), "csgraph": ("numpy", "scipy"), "tcod": ("numpy", "tcod"), "skfmm": ("numpy", "skfmm")}
WEIGHT.update({f"wide{size}": ("numpy", "scipy") for size in STENCILS})
WEIGHT["compiled"] = ("numpy", "scipy", "numba", "llvmlite")
WEIGHT["anyangle"] = ("numpy", "scipy", "numba", "llvmlite")
WEIGHT["corners"] = ("numpy", "scipy", "numba", "llvmlite")


def compare_map(path: str, repeats: int = 7, seed: int = 12) -> dict[str, dict[str, Any]]:
    """Speed and accuracy of every installed candidate on one map."""
    from game.scenario.loader import load_scenario

    table = Table.from_scenario(load_scenario(path))
    grid = table.navigation(RADIUS)
    rng = random.Random(seed)
    goals = _open_points(table, grid, GOALS, rng)
    samples = _open_points(table, grid, SAMPLES, rng)
    truth_at = Truth(table, RADIUS).field(goals)
    truth = [truth_at(p) for p in samples]
    ready = {
        name: fn for name, (module, fn) in CANDIDATES.items() if module is None or importlib.util.find_spec(module)
    }
    for fn in ready.values():
        fn(grid, goals)  # warm: imports and the shared sparse graph
    times: dict[str, list[float]] = {name: [] for name in ready}
    for _ in range(repeats):
        for name, fn in ready.items():
            t0 = clock()
            fn(grid, goals)
            times[name].append((clock() - t0) * 1000)
    reads: dict[str, list[float]] = {name: [] for name in ready}
    built = {name: fn(grid, goals) for name, fn in ready.items()}
    cells = [grid.cell_of(p) for p in samples]
    for _ in range(repeats):
        for name, values in built.items():
            t0 = clock()
            if hasattr(values, "at_points"):
                values.at_points(samples)
            else:
                [values[k] for k in cells]
            reads[name].append((clock() - t0) * 1000)
    out: dict[str, dict[str, Any]] = {}
    for name, values in built.items():
        errors = [values[grid.cell_of(p)] / t - 1 for p, t in zip(samples, truth) if MIN_TRUTH <= t < math.inf]
        out[name] = {
            "field_ms": round(statistics.median(times[name]), 3),
            "reads_ms": round(statistics.median(reads[name]), 3),
            "error_median_pct": round(100 * statistics.median(errors), 2),
            "error_p95_pct": round(100 * sorted(errors)[int(0.95 * (len(errors) - 1))], 2),
            "error_max_pct": round(100 * max(errors), 2),
            "error_min_pct": round(100 * min(errors), 2),
            "install_mb": installed_mb(*WEIGHT[name]),
        }
    base = out["python"]["field_ms"]
    for row in out.values():
        row["speedup_vs_python"] = round(base / row["field_ms"], 1)
    return out


def format_table(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    """A plain-text table: one row per map and candidate."""
    cols = (
        "field_ms",
        "reads_ms",
        "speedup_vs_python",
        "error_median_pct",
        "error_p95_pct",
        "error_max_pct",
        "install_mb",
    )
    lines = [f"{'map':<22}{'candidate':<10}" + "".join(f"{c:>19}" for c in cols)]
    for path, rows in results.items():
        for name, row in rows.items():
            lines.append(f"{Path(path).stem:<22}{name:<10}" + "".join(f"{row[c]:>19}" for c in cols))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    from game.assets import assets_dir

    parser = argparse.ArgumentParser(prog="python -m game.bench.fields", description=__doc__.split("\n")[0])
    parser.add_argument("maps", nargs="*", help="maps to compare on (default: every shipped map)")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    maps = args.maps or sorted(str(p) for p in assets_dir("maps").glob("*.tmx"))
    results = {}
    for path in maps:
        print(f"{Path(path).stem}...", file=sys.stderr, flush=True)
        results[path] = compare_map(path, args.repeats)
    print(json.dumps(results, indent=2))
    print(format_table(results), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
