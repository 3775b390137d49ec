"""Questions about a crowd of bases, each asked of the whole crowd in one compiled loop
(:mod:`game.table.crowd_kernel`) over the bases as arrays filed in cells (:class:`Filed`), with every
answer the single call's:

- :func:`walk_in_turn`: bases walking one after another (``Table.legal_path``, walker by walker,
  each moved before the next walks);
- :func:`others_within`: for each of many bases, is another one (of those asked about) within a reach
  (``Table.any_figure_in_circle`` at its centre).

A walker's legal path is cut at the first thing that stops it: the table's edge, a wall or building,
or another base. The first two do not depend on where the other walkers are, so they are asked of the
table beforehand, leg by leg, as the single call asks them; only the bases are swept in the loop,
with the single call's box test and arithmetic (:func:`game.table.crowd_kernel.circle_entry`, lengths
by :func:`game.table.compiled.python_dist`). The loop hands a walker back to the single call, after
the walkers before it have been moved on the table, where its answer could hang on the single
call's order of asking: a base and the terrain stopping it at the same fraction (the one named
first decides whether the walker backs off), or a walk within a hair of the least move.

numpy and numba are imported when the first crowd is asked about, not at start-up; where
``python_dist`` is not this interpreter's ``math.dist`` (:func:`game.table.compiled.python_dist_holds`)
every walker is asked of the single call.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, NamedTuple

from game.scenario.model import Point
from game.table.geometry import path_length

WALKS_BATCH_FROM = 16  # walkers: fewer are asked one at a time (setting up the arrays costs more)
NEAR_BATCH_FROM = 16  # bases asked about: fewer are asked one at a time
CELL = 3.0  # inches: the side of the cells the bases are filed in

Walker = tuple[str, Sequence[Point]]
Stop = tuple[float, str, bool]  # (fraction, by what, back off?) of Table._legal_part


class Ground(NamedTuple):
    """What a crowd's questions need to know of the table besides its bases."""

    width: float
    height: float
    reach: float = 0.0  # past a swept base's edge, how far a base's box is looked for (the largest radius)
    margin: float = 0.0  # the largest radius filed in the base grid
    gap: float = 0.0  # how far short of what stopped it a base stops


def walk_in_turn(
    walkers: Sequence[Walker],
    radius: float,
    min_move: float,
    move: Callable[[str, Point], None],
    bases: dict[str, tuple[float, float, float]],
    ground: Ground,
    terrain_stop: Callable[[Point, Point, float], Stop | None],
    single: Callable[[str, Sequence[Point]], tuple[Point, ...]],
    plain: Callable[[Any, Any, Any, Any], Any],
) -> list[tuple[Point, ...]]:
    """Each walker's path as walked (see ``Table.walk_in_turn``). ``bases``: every base on the table
    by id (x, y, radius), kept up to date by ``move``; ``terrain_stop``: the edge's or a wall's stop
    on one leg; ``single``: one walker's legal path, asked of the table as it stands; ``plain``:
    which legs (columns of their ends) the legs kernel finds clear of the edge and every wall and
    building (the others are asked of ``terrain_stop``)."""
    out: list[tuple[Point, ...]] = []

    def walked(fid: str, path: tuple[Point, ...]) -> tuple[Point, ...]:
        if len(path) >= 2 and path_length(path) >= min_move:
            move(fid, path[-1])
            return path
        return path[:1]

    from game.table.compiled import python_dist_holds

    if len(walkers) < WALKS_BATCH_FROM or not python_dist_holds():
        return [walked(fid, single(fid, points)) for fid, points in walkers]
    import numpy as np

    from game.table import crowd_kernel as k

    if not radius > 0:
        raise ValueError(f"base radius must be above 0, not {radius!r}")
    # the points of each walker, with no leg of no length (the single call skips those legs)
    firsts = [0]
    flat: list[float] = []
    legs: list[list[Point]] = []
    for fid, points in walkers:
        if fid not in bases:
            raise ValueError(f"figure {fid!r} is not on the table")
        own = [(float(p[0]), float(p[1])) for p in points]
        if not own:
            raise ValueError("a move path needs at least its starting point")
        if len(own) > 1:  # no point the same as the one before it
            own = [q for q, before in zip(own, [None, *own]) if q != before]
        legs.append(own)
        flat.extend(chain.from_iterable(own))
        firsts.append(firsts[-1] + len(own))
    n = len(walkers)
    coords = np.array(flat).reshape(-1, 2)
    px, py = np.ascontiguousarray(coords[:, 0]), np.ascontiguousarray(coords[:, 1])
    first_point = np.array(firsts, np.int64)
    # the edge and the walls, asked only of the walkers with a leg the legs kernel does not find clear
    terrain_leg = np.full(n, -1, np.int64)
    terrain_t = np.zeros(n)
    terrain_back = np.zeros(n, np.bool_)
    leg_of = np.ones(len(px) - 1, np.bool_)  # a leg starts at every point but a walker's last
    leg_of[first_point[1:-1] - 1] = False
    starts = np.flatnonzero(leg_of)
    doubtful = starts[~np.asarray(plain(px[starts], py[starts], px[starts + 1], py[starts + 1]), np.bool_)]
    for w in np.unique(np.searchsorted(first_point, doubtful, side="right") - 1).tolist():
        own = legs[w]
        for i in range(len(own) - 1):
            stop = terrain_stop(own[i], own[i + 1], radius)
            if stop is not None:
                terrain_leg[w], terrain_t[w], terrain_back[w] = i, stop[0], stop[2]
                break

    filed = Filed.of(bases, ground.width, ground.height)
    movers = np.array([filed.slot[fid] for fid, _ in walkers], np.int64)
    kept = np.zeros(n, np.int64)
    stop_x, stop_y = np.zeros(n), np.zeros(n)
    stopped, moved = np.zeros(n, np.bool_), np.zeros(n, np.bool_)

    w = 0
    while w < n:
        unsure = k.walk_in_turn(
            px, py, first_point, terrain_leg, terrain_t, terrain_back, movers, float(radius), float(min_move),
            ground.gap, float(radius) + ground.reach, ground.margin, filed.arrays(), kept, stop_x, stop_y, stopped,
            moved, w,
        )  # fmt: skip
        for v in range(w, unsure):
            own = legs[v]
            if moved[v]:
                path = tuple(own[: kept[v]])
                if stopped[v]:
                    path += ((float(stop_x[v]), float(stop_y[v])),)
                move(walkers[v][0], path[-1])
                out.append(path)
            else:
                out.append((own[0],))
        if unsure == n:
            break
        fid = walkers[unsure][0]
        out.append(walked(fid, single(fid, legs[unsure])))
        x, y, _ = bases[fid]
        k.refile(movers[unsure], x, y, filed.arrays())
        w = unsure + 1
    return out


def others_within(
    fids: Sequence[str],
    reaches: Sequence[float],
    where: Callable[[str], bool],
    bases: dict[str, tuple[float, float, float]],
    ground: Ground,
    single: Callable[[str, float], bool],
) -> list[bool]:
    """For each figure of ``fids``: is another base that passes ``where`` closer than its reach to its
    centre (see ``Table.others_within``)? ``single`` asks one of the table."""
    if len(fids) < NEAR_BATCH_FROM:
        return [single(fid, reach) for fid, reach in zip(fids, reaches)]
    import numpy as np

    from game.table import crowd_kernel as k

    filed = Filed.of(bases, ground.width, ground.height)
    asked = np.array([filed.slot[fid] for fid in fids], np.int64)
    among = np.array([where(fid) for fid in filed.ids], np.bool_)
    found = k.others_within(asked, np.array(reaches, np.float64), among, filed.arrays())
    return found.tolist()  # type: ignore[no-any-return]


@dataclass
class Filed:
    """Every base on the table as arrays by slot (centre and radius), filed in square cells of
    :data:`CELL` inches as linked lists (``head`` of a cell, ``after`` and ``before`` of a slot)."""

    ids: list[str]
    slot: dict[str, int]
    xs: Any
    ys: Any
    rs: Any
    nx: int
    ny: int
    head: Any
    after: Any
    before: Any
    cell_of: Any

    @classmethod
    def of(cls, bases: dict[str, tuple[float, float, float]], width: float, height: float) -> Filed:
        import numpy as np

        from game.table import crowd_kernel as k

        ids = list(bases)
        circles = np.array(list(bases.values()), np.float64).reshape(-1, 3)
        xs, ys, rs = (np.ascontiguousarray(circles[:, c]) for c in range(3))
        nx, ny = max(1, math.ceil(width / CELL)), max(1, math.ceil(height / CELL))
        head = np.empty(nx * ny, np.int64)
        after, before, cell_of = (np.empty(len(ids), np.int64) for _ in range(3))
        filed = cls(ids, {fid: s for s, fid in enumerate(ids)}, xs, ys, rs, nx, ny, head, after, before, cell_of)
        k.file_bases(filed.arrays())
        return filed

    def arrays(self) -> tuple[Any, ...]:
        """What the compiled loops take of the bases, as one tuple (``crowd_kernel``'s ``filed``)."""
        return (
            self.xs,
            self.ys,
            self.rs,
            CELL,
            self.nx,
            self.ny,
            self.head,
            self.after,
            self.before,
            self.cell_of,
        )
