"""The terrain as flat numpy arrays, as every batch of segments reads it (:mod:`game.table.sight_batch`
for sight lines, :mod:`game.table.legs_batch` for bases sliding along legs), the segments as
columns, and the loop that asks a batch a chunk at a time.

numpy is imported when the first batch is asked for, not at start-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from game.scenario.model import Point

BOX_MARGIN = 1e-3  # inches added round every piece's box: a segment that near it is tested in full
DISC_FROM = 8  # sides: a convex piece with this many or more gets a holding disc (see Outlines.discs)
CHUNK = 8192  # segments per compiled pass at most (so a pass's arrays stay small)


@dataclass
class Outlines:
    """The terrain as flat arrays: the convex pieces of walls and buildings (their edges grouped by
    piece), the wall legs as capsules, the clutter outlines (edges grouped by ring), and every
    piece's box for the first, coarse pass. Coordinates are kept as rows (x1, y1, x2, y2, ...) so
    each is one contiguous array to gather from."""

    edges: Any  # (4, E) x1 y1 x2 y2 of every convex blocking piece's outline, piece after piece
    poly_first: Any  # (P + 1,) where each convex piece's edges start (and the end)
    poly_piece: Any  # (P,) which named piece of terrain (index into names) each convex piece is
    caps: Any  # (5, C) x1 y1 x2 y2 radius of every wall segment
    cap_piece: Any  # (C,)
    clutter: Any  # (4, F) clutter outline edges, ring after ring
    ring_first: Any  # (R + 1,)
    boxes: Any  # (4, P + C + R) min x, min y, max x, max y (with the margin): pieces, caps, rings
    names: list[str]
    # (3, P) centre x, centre y and radius of a disc holding each convex piece of many sides (a round
    # silo's 32), inf for the others: a leg that passes wide of the disc passes wide of the piece
    discs: Any = None

    @property
    def polys(self) -> int:
        return len(self.poly_piece)

    @property
    def walls(self) -> tuple[Any, Any, Any, Any, Any]:
        """The walls and buildings as the leg test reads them: (edges, poly_first, caps, boxes, discs)."""
        return self.edges, self.poly_first, self.caps, self.boxes, self.discs

    @property
    def rings(self) -> int:
        return len(self.ring_first) - 1


def _columns(rows: Sequence[tuple[float, ...]], width: int) -> Any:
    import numpy as np

    return np.ascontiguousarray(np.array(rows, np.float64).reshape(-1, width).T)


def _ring_into(edges: list[tuple[float, ...]], ring: Sequence[Point]) -> tuple[float, float, float, float]:
    """Add a closed outline's edges (x1, y1, x2, y2) to ``edges``; its box."""
    pts = [(float(x), float(y)) for x, y in ring]
    for i, (x1, y1) in enumerate(pts):
        x2, y2 = pts[(i + 1) % len(pts)]
        edges.append((x1, y1, x2, y2))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def outlines(blocking: Sequence[tuple[str, str, Any]], clutter_rings: Sequence[Sequence[Point]]) -> Outlines:
    """From the table's blocking shapes as (kind, name, geometry): ``("poly", name, vertices)`` or
    ``("segment", name, (a, b, radius))``, and the clutter outlines (each ring's points in the order
    of the table's own edge list)."""
    import numpy as np

    names: list[str] = []
    index: dict[str, int] = {}
    edges: list[tuple[float, ...]] = []
    poly_first, poly_piece = [0], []
    caps: list[tuple[float, ...]] = []
    cap_piece = []
    poly_box, cap_box, ring_box = [], [], []
    for kind, name, geom in blocking:
        piece = index.setdefault(name, len(index))
        if piece == len(names):
            names.append(name)
        if kind == "poly":
            poly_box.append(_ring_into(edges, geom))
            poly_first.append(len(edges))
            poly_piece.append(piece)
        else:
            (ax, ay), (bx, by), r = geom
            ax, ay, bx, by, r = float(ax), float(ay), float(bx), float(by), float(r)
            caps.append((ax, ay, bx, by, r))
            cap_box.append((min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r))
            cap_piece.append(piece)
    cl: list[tuple[float, ...]] = []
    ring_first = [0]
    for ring in clutter_rings:
        ring_box.append(_ring_into(cl, ring))
        ring_first.append(len(cl))
    boxes = _columns(poly_box + cap_box + ring_box, 4)
    boxes[:2] -= BOX_MARGIN
    boxes[2:] += BOX_MARGIN
    i64 = np.int64
    return Outlines(
        _columns(edges, 4),
        np.array(poly_first, i64),
        np.array(poly_piece, i64),
        _columns(caps, 5),
        np.array(cap_piece, i64),
        _columns(cl, 4),
        np.array(ring_first, i64),
        boxes,
        names,
        _discs(edges, poly_first),
    )


def _discs(edges: Sequence[tuple[float, ...]], poly_first: Sequence[int]) -> Any:
    """Each convex piece's holding disc (see :attr:`Outlines.discs`): for a piece of
    :data:`DISC_FROM` sides or more, the disc round its corners' mean that reaches its farthest
    corner (a hair over); none (inf) for a piece of few sides, whose box is as good."""
    import numpy as np

    out = np.full((3, max(0, len(poly_first) - 1)), np.inf)
    for q in range(len(poly_first) - 1):
        corners = [(e[0], e[1]) for e in edges[poly_first[q] : poly_first[q + 1]]]
        if len(corners) < DISC_FROM:
            continue
        cx = sum(c[0] for c in corners) / len(corners)
        cy = sum(c[1] for c in corners) / len(corners)
        reach = max(math.hypot(x - cx, y - cy) for x, y in corners)
        out[0, q], out[1, q], out[2, q] = cx, cy, reach * (1 + 1e-9) + 1e-9
    return out


@dataclass
class Lines:
    """One chunk of lines as columns: start, end, direction, squared length (1 where it is 0)."""

    ax: Any
    ay: Any
    bx: Any
    by: Any
    dx: Any
    dy: Any
    dd: Any


def lines_of(pairs: Sequence[tuple[Point, Point]]) -> tuple[Lines, Any]:
    """The segments as :class:`Lines` (a zero length read as 1, so nothing divides by 0), and which
    of them are not plain: no length, or a coordinate that is no number."""
    import numpy as np

    n = len(pairs)
    flat = np.fromiter(chain.from_iterable(chain.from_iterable(pairs)), np.float64, 4 * n).reshape(n, 4).T
    return lines_between(*flat)


def lines_between(ax: Any, ay: Any, bx: Any, by: Any) -> tuple[Lines, Any]:
    """:func:`lines_of` for segments already given as columns of their ends."""
    import numpy as np

    dx, dy = bx - ax, by - ay
    dd = dx * dx + dy * dy
    odd = ~(np.isfinite(ax) & np.isfinite(ay) & np.isfinite(bx) & np.isfinite(by) & (dd > 1e-12))
    return Lines(ax, ay, bx, by, dx, dy, np.where(odd, 1.0, dd)), odd


def in_chunks(
    pairs: Sequence[tuple[Point, Point]],
    classify: Callable[[Sequence[tuple[Point, Point]]], tuple[list[Any], Any]],
    single: Callable[[Point, Point], Any],
    size: int | None = None,
) -> list[Any]:
    """Every segment's answer: ``classify`` settles ``size`` (:data:`CHUNK`) of them at a time (a list
    of answers, and the indices it leaves open), and each open one is asked of ``single``."""
    import numpy as np

    size = size or CHUNK
    out: list[Any] = []
    with np.errstate(all="ignore"):  # inf and nan stand for "none" or "no number"; such rows are masked
        for start in range(0, len(pairs), size):
            chunk = pairs[start : start + size]
            found, rest = classify(chunk)
            for i in rest.tolist():
                found[i] = single(*chunk[i])
            out.extend(found)
    return out
