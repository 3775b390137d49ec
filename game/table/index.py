"""Plain-Python spatial indexes for the table's hottest questions, so they skip pymunk's per-hit
wrapper objects:

- :class:`BaseGrid`: figure bases (circles) hashed into square cells, kept up to date as figures
  are placed, moved and removed; answers "which bases lie within r of a point" with the same
  distances (and the same strict ``<``) as Chipmunk's point query.
- :class:`BoxRaster`: a summed-area table of the cells touched by fixed boxes (the bounding boxes
  of walls and buildings), so "could anything be in this box?" costs four look-ups. A box that
  touches none of them needs no exact query at all.
- :class:`BoxGrid`: the same fixed boxes filed by cell, for a table of so many walls and buildings
  that going down the whole list for every swept base costs more than the sweeps.

>>> grid = BaseGrid(); grid.put("z1", 3.0, 4.0, 0.5)
>>> [(round(d, 3), fid) for d, fid in grid.within((0.0, 0.0), 5.0)]
[(4.5, 'z1')]
>>> raster = BoxRaster(10, 10, [(2.0, 2.0, 3.0, 3.0)], cell=0.5)
>>> raster.any_in(0, 0, 1.9, 1.9), raster.any_in(0, 0, 2.0, 2.0)
(False, True)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence

Box = tuple[float, float, float, float]  # left, top, right, bottom (Chipmunk's l, b, r, t)
_SHARED: OrderedDict[tuple, BoxRaster] = OrderedDict()  # see BoxRaster.shared
_SHARED_KEPT = 8


class BaseGrid:
    """Circles by id in a hash of square cells (``cell`` inches)."""

    def __init__(self, cell: float = 3.0) -> None:
        self.cell = cell
        self.where: dict[str, tuple[float, float, float]] = {}  # id -> (x, y, radius)
        # column -> row -> the bases filed there: a look-up per column and per row, with no (i, j)
        # key made for every cell a query covers
        self._columns: dict[int, dict[int, dict[str, tuple[float, float, float]]]] = {}
        self._filled = 0  # cells holding a base
        self._cell_of: dict[str, tuple[int, int]] = {}
        self.max_radius = 0.0

    def put(self, fid: str, x: float, y: float, radius: float) -> None:
        self.remove(fid)
        i, j = math.floor(x / self.cell), math.floor(y / self.cell)
        self.where[fid] = circle = (x, y, radius)
        column = self._columns.setdefault(i, {})
        cell = column.get(j)
        if cell is None:
            cell = column[j] = {}
            self._filled += 1
        cell[fid] = circle
        self._cell_of[fid] = (i, j)
        if radius > self.max_radius:
            self.max_radius = radius

    def remove(self, fid: str) -> None:
        key = self._cell_of.pop(fid, None)
        if key is None:
            return
        del self.where[fid]
        i, j = key
        column = self._columns[i]
        cell = column[j]
        del cell[fid]
        if not cell:
            del column[j]
            self._filled -= 1
            if not column:
                del self._columns[i]

    def _cells_over(
        self, x0: float, y0: float, x1: float, y1: float
    ) -> list[dict[str, tuple[float, float, float]]]:
        c = self.cell
        i0, i1 = math.floor(x0 / c), math.floor(x1 / c)
        j0, j1 = math.floor(y0 / c), math.floor(y1 / c)
        columns = self._columns
        if (i1 - i0 + 1) * (j1 - j0 + 1) > 2 * self._filled + 8:
            return [
                cell
                for i, column in columns.items()
                if i0 <= i <= i1
                for j, cell in column.items()
                if j0 <= j <= j1
            ]
        out = []
        for i in range(i0, i1 + 1):
            column = columns.get(i)
            if column:
                for j in range(j0, j1 + 1):
                    cell = column.get(j)
                    if cell:
                        out.append(cell)
        return out

    def items_over(
        self, x0: float, y0: float, x1: float, y1: float
    ) -> list[tuple[str, tuple[float, float, float]]]:
        """(id, (x, y, radius)) of every base filed in a cell the box covers (a superset to test)."""
        out: list[tuple[str, tuple[float, float, float]]] = []
        for cell in self._cells_over(x0, y0, x1, y1):
            out.extend(cell.items())
        return out

    def within(self, p: tuple[float, float], reach: float) -> list[tuple[float, str]]:
        """(distance from p to the base's edge, id) for every base closer than ``reach`` (negative
        inside), unsorted: exactly the bases and distances of Chipmunk's point query."""
        px, py = p
        bound = max(reach, 0.0) + self.max_radius
        sqrt = math.sqrt
        out: list[tuple[float, str]] = []
        for cell in self._cells_over(px - bound, py - bound, px + bound, py + bound):
            for fid, (x, y, r) in cell.items():
                dx, dy = px - x, py - y
                d = sqrt(dx * dx + dy * dy) - r
                if d < reach:
                    out.append((d, fid))
        return out

    def any_within(self, p: tuple[float, float], reach: float, where: Callable[[str], bool] | None = None) -> bool:
        """Is some base (passing ``where``) closer than ``reach``? Stops at the first one, looking in
        p's own cell first (in a crowd the answer is usually there)."""
        px, py = p
        bound = max(reach, 0.0) + self.max_radius
        sqrt = math.sqrt
        for cell in self._home_first(px, py, bound):
            for fid, (x, y, r) in cell.items():
                dx, dy = px - x, py - y
                if sqrt(dx * dx + dy * dy) - r < reach and (where is None or where(fid)):
                    return True
        return False

    def _home_first(self, px: float, py: float, bound: float) -> Iterator[dict[str, tuple[float, float, float]]]:
        """p's own cell, then the other cells the box of ``bound`` round p covers (listed only when a
        caller reads on past the first)."""
        column = self._columns.get(math.floor(px / self.cell))
        first = column.get(math.floor(py / self.cell)) if column else None
        if first:
            yield first
        for cell in self._cells_over(px - bound, py - bound, px + bound, py + bound):
            if cell is not first:
                yield cell

    def _gaps_of(self, p: tuple[float, float], fids: Iterable[str]) -> Iterator[tuple[float, str]]:
        """(distance from p to the base's edge, id) of each of ``fids`` filed here: :meth:`within`'s
        arithmetic, for questions about a few known bases among a crowd."""
        px, py = p
        found = self.where.get
        for fid in fids:
            circle = found(fid)
            if circle is not None:
                x, y, r = circle
                dx, dy = px - x, py - y
                yield math.sqrt(dx * dx + dy * dy) - r, fid

    def any_of_within(
        self, p: tuple[float, float], reach: float, fids: Iterable[str], where: Callable[[str], bool] | None = None
    ) -> bool:
        """:meth:`any_within` asked of the bases ``fids`` only: cheaper than looking through a crowd for
        the few that pass ``where``."""
        return any(d < reach and (where is None or where(fid)) for d, fid in self._gaps_of(p, fids))

    def nearest_of(
        self, p: tuple[float, float], limit: float, fids: Iterable[str], where: Callable[[str], bool] | None = None
    ) -> str | None:
        """Of the bases ``fids`` (passing ``where``) closer than ``limit``, the one whose edge is nearest
        (ties: the lower id), or None: the least (distance, id) of :meth:`within`."""
        best: tuple[float, str] | None = None
        for hit in self._gaps_of(p, fids):
            if hit[0] < limit and (best is None or hit < best) and (where is None or where(hit[1])):
                best = hit
        return None if best is None else best[1]


class BoxRaster:
    """Which cells of a ``width`` x ``height`` table some fixed box touches, as a summed-area table."""

    def __init__(self, width: float, height: float, boxes: Iterable[Box], cell: float = 0.5) -> None:
        self.cell = cell
        self.nx = nx = max(1, math.ceil(width / cell))
        self.ny = ny = max(1, math.ceil(height / cell))
        flags = bytearray(nx * ny)
        for x0, y0, x1, y1 in boxes:
            i0, i1 = self._i(x0), self._i(x1)
            j0, j1 = self._j(y0), self._j(y1)
            for j in range(j0, j1 + 1):
                row = j * nx
                for i in range(i0, i1 + 1):
                    flags[row + i] = 1
        # sums[(j + 1) * (nx + 1) + (i + 1)] = flagged cells in columns 0..i, rows 0..j
        w = nx + 1
        sums = [0] * (w * (ny + 1))
        for j in range(ny):
            run = 0
            for i in range(nx):
                run += flags[j * nx + i]
                sums[(j + 1) * w + i + 1] = sums[j * w + i + 1] + run
        self._sums = sums
        self._w = w

    @classmethod
    def shared(cls, width: float, height: float, boxes: Iterable[Box], cell: float = 0.5) -> BoxRaster:
        """A raster of these boxes, built once and shared: every game on a map asks for the same one
        (never changed once built), and building it is a few milliseconds of a simulated game."""
        key = (width, height, tuple(boxes), cell)
        raster = _SHARED.get(key)
        if raster is None:
            raster = _SHARED[key] = cls(width, height, key[2], cell)
            while len(_SHARED) > _SHARED_KEPT:
                _SHARED.popitem(last=False)
        else:
            _SHARED.move_to_end(key)
        return raster

    # Monotonic clamped cell indices: two closed intervals that touch always share a cell.
    def _i(self, x: float) -> int:
        return min(self.nx - 1, max(0, math.floor(x / self.cell)))

    def _j(self, y: float) -> int:
        return min(self.ny - 1, max(0, math.floor(y / self.cell)))

    def any_in(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """False only when no box touches the closed box (x0, y0)-(x1, y1)."""
        c, nx, ny = self.cell, self.nx - 1, self.ny - 1
        # the clamped cell indices of _i/_j, inlined: this runs for every swept move
        i0 = math.floor(x0 / c)
        i0 = 0 if i0 < 0 else (nx if i0 > nx else i0)
        i1 = math.floor(x1 / c)
        i1 = (0 if i1 < 0 else (nx if i1 > nx else i1)) + 1
        j0 = math.floor(y0 / c)
        j0 = 0 if j0 < 0 else (ny if j0 > ny else j0)
        j1 = math.floor(y1 / c)
        j1 = (0 if j1 < 0 else (ny if j1 > ny else j1)) + 1
        s, w = self._sums, self._w
        return s[j1 * w + i1] - s[j0 * w + i1] - s[j1 * w + i0] + s[j0 * w + i0] > 0


class BoxGrid:
    """Fixed boxes (a list, in its own order) filed by the square cells they touch.

    :meth:`over` gives the boxes that may touch a query box: a subset of the list, in the list's
    order, that holds every box touching it. A query spanning more than a quarter of the cells gets
    the whole list (gathering the cells would cost more than reading past the rest).

    >>> near = [(0.0, 0.0, 1.0, 1.0), (20.0, 20.0, 21.0, 21.0), (0.5, 0.5, 2.0, 2.0)]
    >>> boxes = near + [(40.0, 0.0, 41.0, 1.0), (0.0, 40.0, 1.0, 41.0)]
    >>> grid = BoxGrid(boxes, cell=4.0)
    >>> grid.over(0.0, 0.0, 1.5, 1.5), grid.over(0.0, 0.0, 30.0, 30.0)
    ([0, 2], [0, 1, 2, 3, 4])
    """

    def __init__(self, boxes: Sequence[Box], cell: float = 6.0) -> None:
        self.cell = cell
        self._count = len(boxes)
        self._cells: dict[tuple[int, int], list[int]] = {}
        for k, (x0, y0, x1, y1) in enumerate(boxes):
            for i in range(math.floor(x0 / cell), math.floor(x1 / cell) + 1):
                for j in range(math.floor(y0 / cell), math.floor(y1 / cell) + 1):
                    self._cells.setdefault((i, j), []).append(k)

    def over(self, x0: float, y0: float, x1: float, y1: float) -> list[int]:
        """Indices (ascending) of the boxes filed in the cells the closed box (x0, y0)-(x1, y1) covers."""
        c = self.cell
        i0, i1 = math.floor(x0 / c), math.floor(x1 / c)
        j0, j1 = math.floor(y0 / c), math.floor(y1 / c)
        if (i1 - i0 + 1) * (j1 - j0 + 1) * 4 > len(self._cells):
            return list(range(self._count))
        found: set[int] = set()
        cells = self._cells
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                filed = cells.get((i, j))
                if filed:
                    found.update(filed)
        return sorted(found)
