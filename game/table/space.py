"""The table: a pymunk space in inches holding the terrain and one circle per figure base, and the
geometry questions the rules ask of it (sight, arcs, clutter, legal moves, walking paths, areas).

Walls and buildings block sight and movement; clutter and ruins are cluttered ground. Concave
outlines are cut into convex pieces, so a U-shaped building's notch stays open ground. Figures
are circles on their own kinematic bodies: placing, moving and removing one never rebuilds the
space. Shape filter categories keep the questions apart (sight sees terrain only, base overlap
sees bases only).

>>> from game.scenario.model import Area, Terrain
>>> table = Table(24, 24, [Terrain(1, "Farmhouse", "building", Area.rect(10, 0, 4, 20))])
>>> table.line_of_sight((2, 5), (20, 5)).blocked_by
"building 1 'Farmhouse'"
>>> table.line_of_sight((2, 22), (20, 22)).state
'clear'
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pymunk

from game.scenario.model import Point, Scenario, Terrain, describe
from game.table import geometry as geo
from game.table.corners import CornerGraph, DistanceField
from game.table.geometry import in_front_arc, path_length, truncate_path  # noqa: F401 (re-exported)
from game.table.index import BaseGrid, BoxGrid, BoxRaster
from game.table.legs_batch import LEGS_BATCH_FROM
from game.table.nav import NavGrid
from game.table.rays import SIGHT_SKIN, RayCaster, ShapeProbe

CLEAR, OBSCURED, BLOCKED = "clear", "obscured", "blocked"

# Shape filter categories: each query names what it may see.
CAT_BLOCKING = 0b001  # walls and buildings
CAT_CLUTTER = 0b010  # clutter and ruins
CAT_BASE = 0b100  # figure bases
CAT_CORNER = 0b1000  # hair-thin circles on the corners of walls and buildings (see line_of_sight)
SEE_BLOCKING = pymunk.ShapeFilter(mask=CAT_BLOCKING)
SEE_CORNERS = pymunk.ShapeFilter(mask=CAT_CORNER)
SEE_CLUTTER = pymunk.ShapeFilter(mask=CAT_CLUTTER)
SEE_BASES = pymunk.ShapeFilter(mask=CAT_BASE)

DEFAULT_WALL_THICKNESS = 0.25  # inches, for polyline walls without a "thickness" property
CONTACT_GAP = 0.002  # a stopped base is left this far short of what stopped it, never overlapping
_RASTER_CELL = 1.0  # inches, for finding clutter pieces near a point
_RESUME_STEP = 1e-7  # inches past a clutter span before asking for the next one
SCAN_ALL = 256  # walls and buildings: on a table of more, sweeps read only those filed near them (BoxGrid)
_CLUTTER_RASTERS: OrderedDict[tuple[Any, ...], dict[int, tuple[int, ...]]] = (
    OrderedDict()
)  # see _build_clutter_raster
_SHARED_RASTERS = 8
NEAREST_SCAN_UP_TO = 96  # bases: up to this many, nearest() measures each instead of searching outward
BATCH_FROM = 32  # pairs: a smaller batch of sight lines is asked one line at a time (see lines_of_sight)


class Sight(NamedTuple):
    """A line of sight between two points (base centres). A NamedTuple: a batch makes thousands, and
    each is built in C, about three times cheaper than a frozen dataclass.

    ``state`` is ``clear``, ``obscured`` or ``blocked``. ``clutter_length`` is the inches of
    clutter the segment runs through. ``blocked_at`` is where it is first blocked (for drawing),
    else None. ``target_in_clutter`` says the target point is inside clutter.
    """

    state: str
    clutter_length: float
    blocked_at: Point | None = None
    target_in_clutter: bool = False
    blocked_by: str = ""  # "building 12 'Farmhouse'", "clutter (2.4\" crossed)"


@dataclass(frozen=True)
class PathCheck:
    """The legal part of a proposed move path for a base.

    ``points`` runs from the start to the last point the base can legally reach (the start
    itself if nothing is legal). ``blocked_at``/``blocked_by`` say where and by what the path
    was cut ("wall 7 'Churchyard wall'", "figure z-12", "table edge", "move allowance").
    ``clutter_length`` is the length of the *legal* part that lies in clutter.
    """

    points: tuple[Point, ...]
    length: float
    requested_length: float
    blocked_at: Point | None = None
    blocked_by: str = ""
    clutter_length: float = 0.0

    @property
    def blocked(self) -> bool:
        return self.blocked_at is not None

    @property
    def enters_clutter(self) -> bool:
        return self.clutter_length > 0.0

    @property
    def end(self) -> Point:
        return self.points[-1]


_CLEAR_SIGHT = Sight(CLEAR, 0.0)


class LegalPart(NamedTuple):
    """What :meth:`Table.legal_part` found: :class:`PathCheck`'s points and cut, without the clutter."""

    points: tuple[Point, ...]
    requested_length: float
    blocked_at: Point | None
    blocked_by: str

    @property
    def blocked(self) -> bool:
        return self.blocked_at is not None


class UnknownFigure(KeyError):
    """A figure id the table has no base for."""

    def __str__(self) -> str:
        return f"no figure {self.args[0]!r} on the table"


def edge_distance_between(a: Point, ra: float, b: Point, rb: float) -> float:
    """Base edge to base edge (never below 0)."""
    return max(0.0, math.dist(a, b) - ra - rb)


@dataclass(frozen=True)
class _ClutterPiece:
    """One cluttered area with its own outline edges (exact clipping of sight lines)."""

    terrain: Terrain
    edges: tuple[geo.Edge, ...]
    bounds: tuple[float, float, float, float]


def _thickness(terrain: Terrain) -> float:
    value = terrain.properties.get("thickness", DEFAULT_WALL_THICKNESS)
    try:
        thickness = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{describe(terrain)}: thickness {value!r} is not a number of inches") from None
    if not thickness > 0:
        raise ValueError(f"{describe(terrain)}: thickness must be above 0, not {value!r}")
    return thickness


class Table:
    """The pymunk space of one table: terrain shapes plus a circle per figure base."""

    def __init__(self, width: float, height: float, terrain: Iterable[Terrain] = ()) -> None:
        if not (width > 0 and height > 0):
            raise ValueError(f"a table needs a positive size, not {width} x {height} inches")
        self.width = float(width)
        self.height = float(height)
        self.terrain: tuple[Terrain, ...] = tuple(terrain)
        self._space = pymunk.Space()
        self._rays = RayCaster(self._space)
        self._terrain_by_key: dict[object, Terrain] = {}
        self._shape_by_key: dict[object, pymunk.Shape] = {}
        self._named: dict[object, str] = {}
        self._clutter_by_key: dict[object, int] = {}
        self._terrain_of: dict[pymunk.Shape, Terrain] = {}
        self._clutter: list[_ClutterPiece] = []
        self._bases: dict[str, pymunk.Circle] = {}
        self._stale: dict[str, pymunk.Body] = {}  # moved bases not yet reindexed in the space
        self._fid_of: dict[pymunk.Shape, str] = {}
        self._max_radius = 0.0
        self._nav_cache: dict[tuple[float, float], NavGrid] = {}
        self._corner_graphs: dict[float, CornerGraph] = {}
        # Counts every place, move and remove: anything worked out from the bases' positions is
        # still good while it is unchanged (the rules' per-command memo keys on it).
        self.version = 0
        # Sight depends only on the two points and the terrain, which never changes: a game keeps
        # the lines it has asked for (see keep_sight); None until then.
        self._sight_memo: dict[tuple[float, float, float, float, float], Sight] | None = None
        self._sight_memo_size = 0
        self._outlines: Any = None  # the terrain as arrays, for lines_of_sight (built on first use)
        self._corners: set[tuple[float, float]] = set()
        # each polyline wall leg's two rounded ends (centre, centre, half thickness); see _sweep
        self._wall_ends: dict[pymunk.Shape, tuple[Point, Point, float]] = {}
        for piece in self.terrain:
            self._add_terrain(piece)
        self._build_clutter_raster()
        self._grid = BaseGrid()  # the bases again, for queries without pymunk's per-hit objects
        # Walls and buildings with their boxes, for sweeping a base past them without a space query.
        self._probe = ShapeProbe()
        self._blocking: list[tuple[float, float, float, float, pymunk.Shape, Terrain]] = []
        for shape, piece in self._terrain_of.items():
            if shape.filter.categories & CAT_BLOCKING:
                bb = shape.cache_bb()
                self._blocking.append((bb.left, bb.bottom, bb.right, bb.top, shape, piece))
        self._blocking.sort(key=lambda b: b[0])  # by left edge: a sweep stops at the first box past it
        # "nothing blocking near here" in four look-ups, before any exact query
        self._blocking_near = BoxRaster.shared(self.width, self.height, [b[:4] for b in self._blocking]).any_in
        # a table of very many walls and buildings: each sweep reads only the ones filed near it
        self._blocking_grid = BoxGrid([b[:4] for b in self._blocking]) if len(self._blocking) > SCAN_ALL else None
        # Every clutter shape can be reported at most a few times along one line.
        self._max_clutter_hits = 4 * len(self._clutter_by_key) + 8

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Table:
        return cls(scenario.width, scenario.height, scenario.terrain)

    # -- building -------------------------------------------------------------------------

    def _add_terrain(self, terrain: Terrain) -> None:
        if not (terrain.blocks_movement or terrain.blocks_sight or terrain.is_clutter):
            return
        points = terrain.area.points
        category = CAT_CLUTTER if terrain.is_clutter and not terrain.blocks_sight else CAT_BLOCKING
        ring = [] if terrain.area.is_line else geo.clean_ring(points)
        if len(ring) < 3:  # a polyline (or a flattened outline): legs with a thickness
            if len(points) < 2:
                raise ValueError(f"{describe(terrain)}: an outline needs at least 2 points")
            legs = list(zip(points, points[1:]))
            thickness = _thickness(terrain)
            if category == CAT_CLUTTER:
                for a, b in legs:
                    self._add_clutter(terrain, geo.strip(a, b, thickness))
                return
            for a, b in legs:
                shape = pymunk.Segment(self._space.static_body, a, b, thickness / 2)
                self._add_static(shape, terrain, category)
                self._wall_ends[shape] = ((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), thickness / 2)
            return
        if category == CAT_CLUTTER:
            self._add_clutter(terrain, ring)
            return
        for piece in geo.convex_pieces(ring):
            self._add_static(pymunk.Poly(self._space.static_body, piece), terrain, category)
            self._add_corners(piece)

    def _add_corners(self, piece: Sequence[Point]) -> None:
        """Mark each corner of a blocking piece (once) so a sight line through one can be re-asked."""
        for corner in piece:
            key = (round(corner[0], 9), round(corner[1], 9))
            if key in self._corners:
                continue
            self._corners.add(key)
            mark = pymunk.Circle(self._space.static_body, SIGHT_SKIN, corner)
            mark.filter = pymunk.ShapeFilter(categories=CAT_CORNER)
            self._space.add(mark)

    def _add_static(self, shape: pymunk.Shape, terrain: Terrain, category: int) -> None:
        shape.filter = pymunk.ShapeFilter(categories=category)
        self._space.add(shape)
        self._terrain_of[shape] = terrain
        self._terrain_by_key[self._rays.key_of(shape)] = terrain
        self._shape_by_key[self._rays.key_of(shape)] = shape
        self._named[self._rays.key_of(shape)] = describe(terrain)  # made once, not per blocked line

    def _add_clutter(self, terrain: Terrain, ring: Sequence[Point]) -> None:
        ring = geo.clean_ring(ring)
        if len(ring) < 3:
            return
        index = len(self._clutter)
        xs = [p[0] for p in ring]
        ys = [p[1] for p in ring]
        self._clutter.append(_ClutterPiece(terrain, geo.polygon_edges(ring), (min(xs), min(ys), max(xs), max(ys))))
        for piece in geo.convex_pieces(ring):
            shape = pymunk.Poly(self._space.static_body, piece)
            self._add_static(shape, terrain, CAT_CLUTTER)
            self._clutter_by_key[self._rays.key_of(shape)] = index

    def _build_clutter_raster(self) -> None:
        """Which clutter pieces may hold a point, per 1" cell (a sight line starting or ending inside
        clutter is not seen by a segment query, which only reports where it enters a shape)."""
        self._rnx = max(1, math.ceil(self.width / _RASTER_CELL))
        self._rny = max(1, math.ceil(self.height / _RASTER_CELL))
        # the same for every game on a map (built in the same order from the same terrain): shared,
        # never changed once made
        key = (self.width, self.height, tuple(piece.bounds for piece in self._clutter))
        raster = _CLUTTER_RASTERS.get(key)
        if raster is None:
            raster = _CLUTTER_RASTERS[key] = self._clutter_cells()
            while len(_CLUTTER_RASTERS) > _SHARED_RASTERS:
                _CLUTTER_RASTERS.popitem(last=False)
        self._raster: dict[int, tuple[int, ...]] = raster

    def _clutter_cells(self) -> dict[int, tuple[int, ...]]:
        # only the cells some clutter covers (a list per cell of a 72" x 48" table took longer than
        # the rest of the raster)
        cells: dict[int, list[int]] = {}
        for index, piece in enumerate(self._clutter):
            x0, y0, x1, y1 = piece.bounds
            i0, i1 = max(0, int(x0 // _RASTER_CELL)), min(self._rnx - 1, int(x1 // _RASTER_CELL))
            j0, j1 = max(0, int(y0 // _RASTER_CELL)), min(self._rny - 1, int(y1 // _RASTER_CELL))
            for j in range(j0, j1 + 1):
                for i in range(i0, i1 + 1):
                    cells.setdefault(j * self._rnx + i, []).append(index)
        return {k: tuple(c) for k, c in cells.items()}

    def _clutter_near(self, x: float, y: float) -> tuple[int, ...]:
        i = int(x // _RASTER_CELL)
        j = int(y // _RASTER_CELL)
        if 0 <= i < self._rnx and 0 <= j < self._rny:
            return self._raster.get(j * self._rnx + i, ())
        return tuple(
            k
            for k, c in enumerate(self._clutter)
            if c.bounds[0] <= x <= c.bounds[2] and c.bounds[1] <= y <= c.bounds[3]
        )

    # -- figures (bases); moving one never rebuilds the space ------------------------------

    def place(self, fid: str, at: Point, radius: float = 0.5) -> None:
        """Put a base on the table (placing an id again replaces its base)."""
        if not radius > 0:
            raise ValueError(f"figure {fid!r}: base radius must be above 0, not {radius!r}")
        if fid in self._bases:
            self.remove(fid)
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (float(at[0]), float(at[1]))
        shape = pymunk.Circle(body, float(radius))
        shape.filter = pymunk.ShapeFilter(categories=CAT_BASE)
        self._space.add(body, shape)
        self._bases[fid] = shape
        self._fid_of[shape] = fid
        self._grid.put(fid, body.position.x, body.position.y, shape.radius)
        self._max_radius = max(self._max_radius, float(radius))
        self.version += 1

    def move(self, fid: str, to: Point) -> None:
        shape = self._base(fid)
        body = shape.body
        assert body is not None
        x, y = float(to[0]), float(to[1])
        # The body is put there, and the space's index brought up to date, only before a query
        # that uses them (a horde's move sets hundreds, most never asked of pymunk). The grid is
        # where the table reads a base's place: the same numbers the body would read back (a
        # base's body has no offset centre).
        self._stale[fid] = body
        self._grid.put(fid, x, y, self._grid.where[fid][2])
        self.version += 1

    def _reindex(self) -> None:
        """Bring the bases' bodies and the space's index of them up to date with every move since the
        last query."""
        if self._stale:
            reindex, where = self._space.reindex_shapes_for_body, self._grid.where
            for fid, body in self._stale.items():
                x, y, _ = where[fid]
                body.position = (x, y)
                reindex(body)
            self._stale.clear()

    def remove(self, fid: str) -> None:
        shape = self._base(fid)
        self._stale.pop(fid, None)
        assert shape.body is not None  # a base is always a shape on its own body
        self._space.remove(shape, shape.body)
        del self._bases[fid]
        del self._fid_of[shape]
        self._grid.remove(fid)
        self.version += 1

    def position(self, fid: str) -> Point:
        where = self._grid.where.get(fid)
        if where is None:
            raise UnknownFigure(fid)
        return (where[0], where[1])

    def radius(self, fid: str) -> float:
        return self._base(fid).radius

    def figures(self) -> list[str]:
        """Every figure id on the table."""
        return list(self._bases)

    def __contains__(self, fid: object) -> bool:
        return fid in self._bases

    def _base(self, fid: str) -> pymunk.Circle:
        try:
            return self._bases[fid]
        except KeyError:
            raise UnknownFigure(fid) from None

    # -- distances ------------------------------------------------------------------------

    def edge_distance(self, a: str, b: str) -> float:
        return edge_distance_between(self.position(a), self.radius(a), self.position(b), self.radius(b))

    def centre_distance(self, a: str, b: str) -> float:
        return math.dist(self.position(a), self.position(b))

    # -- sight ----------------------------------------------------------------------------

    def lines_of_sight(self, pairs: Sequence[tuple[Point, Point]], max_clutter: float = 2.0) -> list[Sight]:
        """``[line_of_sight(a, b, max_clutter) for a, b in pairs]`` in one call, the same answers: the
        plain lines (no corner, no graze, no tie) are settled together in compiled loops, the others asked
        one by one (see :mod:`game.table.sight_batch`). A batch of fewer than :data:`BATCH_FROM`
        pairs is asked one by one: a batch's fixed cost per call is more than a few lines cost."""
        if len(pairs) < BATCH_FROM:
            los = self.line_of_sight
            return [los(a, b, max_clutter) for a, b in pairs]
        from game.table import sight_batch

        def single(a: Point, b: Point) -> Sight:
            return self.line_of_sight(a, b, max_clutter)

        return sight_batch.lines_of_sight(self.outlines(), pairs, max_clutter, single, Sight, _CLEAR_SIGHT)

    def seen_from_any(
        self, watchers: Sequence[Point], targets: Sequence[Point], max_clutter: float = 2.0
    ) -> list[bool]:
        """For each target, is the line from at least one watcher to it not blocked? The answers of
        ``line_of_sight(w, t, max_clutter).state != "blocked"`` for every pair, with no Sight made:
        the plain lines settled together in compiled loops, the others asked one by one only for a
        target no plain line sees (see :mod:`game.table.sight_batch`)."""
        if len(watchers) * len(targets) < BATCH_FROM:
            los = self.line_of_sight
            return [any(los(w, t, max_clutter).state != BLOCKED for w in watchers) for t in targets]
        from game.table import sight_batch

        def single(a: Point, b: Point) -> Sight:
            return self.line_of_sight(a, b, max_clutter)

        return sight_batch.seen_from_any(self.outlines(), watchers, targets, max_clutter, single)

    def outlines(self) -> Any:
        """The walls, buildings and clutter as the batches' numpy arrays (:mod:`game.table.outlines`),
        made when a batch first asks."""
        if self._outlines is None:
            from game.table.outlines import outlines

            blocking: list[tuple[str, str, object]] = []
            for _, _, _, _, shape, _ in self._blocking:
                name = self._named[self._rays.key_of(shape)]
                if isinstance(shape, pymunk.Poly):
                    blocking.append(("poly", name, [tuple(v) for v in shape.get_vertices()]))
                else:
                    assert isinstance(shape, pymunk.Segment)
                    blocking.append(("segment", name, (tuple(shape.a), tuple(shape.b), shape.radius)))
            rings = [[(e[0], e[1]) for e in piece.edges] for piece in self._clutter]
            self._outlines = outlines(blocking, rings)
        return self._outlines

    def keep_sight(self, size: int = 8192) -> None:
        """Remember up to ``size`` sight lines (forgotten all at once when full): a game asks the same
        lines again and again (the bot's target search, then the preview of the shot it picks, then
        the same pairs next command), and the answer depends only on the two points."""
        self._sight_memo = {}
        self._sight_memo_size = size

    def line_of_sight(self, a: Point, b: Point, max_clutter: float = 2.0) -> Sight:
        """Figures never block sight. A line starting inside clutter works (counts the clutter crossed).
        More than ``max_clutter`` inches of clutter crossed in total blocks; any clutter crossed, or a
        target inside clutter, makes it obscured.

        ``clutter_length`` counts the clutter up to the first wall or building on the line (what lies
        beyond cannot matter); ``blocked_at`` is the earlier of that wall and the point where the
        clutter crossed passes ``max_clutter``."""
        memo = self._sight_memo
        if memo is None:
            return self._line_of_sight(a, b, max_clutter)
        key = (a[0], a[1], b[0], b[1], max_clutter)
        sight = memo.get(key)
        if sight is None:
            if len(memo) >= self._sight_memo_size:
                memo.clear()
            sight = memo[key] = self._line_of_sight(a, b, max_clutter)
        return sight

    def _line_of_sight(self, a: Point, b: Point, max_clutter: float = 2.0) -> Sight:
        """Figures never block sight. A line starting inside clutter works (counts the clutter crossed).
        More than ``max_clutter`` inches of clutter crossed in total blocks; any clutter crossed, or a
        target inside clutter, makes it obscured.

        ``clutter_length`` counts the clutter up to the first wall or building on the line (what lies
        beyond cannot matter); ``blocked_at`` is the earlier of that wall and the point where the
        clutter crossed passes ``max_clutter``."""
        ax, ay = a
        bx, by = b
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length == 0.0:
            inside = self.in_clutter(b)
            return Sight(OBSCURED, 0.0, target_in_clutter=True) if inside else _CLEAR_SIGHT
        rays = self._rays
        wall = rays.first(a, b, SEE_BLOCKING)
        if wall is None and rays.first(a, b, SEE_CORNERS) is not None:
            wall = rays.first(a, b, SEE_BLOCKING, skin=SIGHT_SKIN)  # through a corner: ask hair-thin
        if wall is not None and (wall[1] <= 0.0 or wall[1] >= 1.0):
            wall = self._past_grazes(a, b, wall, length)
        if wall is None:
            end, t_end = b, 1.0
        else:
            end, t_end = (wall[2], wall[3]), wall[1]
        intervals = self._clutter_spans(a, b, t_end) if self._clutter else []
        if not intervals:
            if wall is None:
                return _CLEAR_SIGHT
            target_in = self._in_clutter_xy(bx, by)
            return Sight(BLOCKED, 0.0, end, target_in, self._named[wall[0]])
        target_in = bool(intervals) and intervals[-1][1] >= 1.0
        if wall is not None:
            target_in = self._in_clutter_xy(bx, by)
            intervals = [(t0, min(t1, t_end)) for t0, t1 in intervals if t0 < t_end]
        crossed = sum(t1 - t0 for t0, t1 in intervals) * length
        blocked_at: Point | None = None
        blocked_by = ""
        if crossed > max_clutter + 1e-9:
            acc = 0.0
            for t0, t1 in intervals:
                span = (t1 - t0) * length
                if acc + span > max_clutter:
                    t = t0 + (max_clutter - acc) / length
                    blocked_at = (ax + dx * t, ay + dy * t)
                    break
                acc += span
            blocked_by = f'clutter ({crossed:.1f}" crossed)'
        elif wall is not None:
            blocked_at = end
            blocked_by = self._named[wall[0]]
        if blocked_at is not None:
            state = BLOCKED
        elif crossed > 0.0 or target_in:
            state = OBSCURED
        else:
            state = CLEAR
        return Sight(state, crossed, blocked_at, target_in, blocked_by)

    def _past_grazes(self, a: Point, b: Point, wall: tuple, length: float) -> tuple | None:
        """A line that only touches a wall or building at one of its ends is not blocked there
        (so sight reads the same both ways): starting on an outline it looks on from a hair
        further along, ending on one it is not stopped."""
        probe = self._probe
        if wall[1] >= 1.0:
            touching = probe.point(self._shape_by_key[wall[0]], b)[0] > -1e-9
            return None if touching else wall
        if probe.point(self._shape_by_key[wall[0]], a)[0] <= -1e-9:
            return wall  # really inside
        t = _RESUME_STEP / length
        dx, dy = b[0] - a[0], b[1] - a[1]
        again = self._rays.first((a[0] + dx * t, a[1] + dy * t), b, SEE_BLOCKING)
        if again is None:
            return None
        if again[1] >= 1.0 and probe.point(self._shape_by_key[again[0]], b)[0] > -1e-9:
            return None
        return (again[0], t + (1.0 - t) * again[1], again[2], again[3])

    # -- clutter --------------------------------------------------------------------------

    def in_clutter(self, p: Point) -> bool:
        return self._in_clutter_xy(p[0], p[1])

    def _in_clutter_xy(self, x: float, y: float) -> bool:
        return any(geo.point_in_edges((x, y), self._clutter[i].edges) for i in self._clutter_near(x, y))

    def clutter_at(self, p: Point) -> list[Terrain]:
        """The cluttered terrain pieces holding point p."""
        found: list[Terrain] = []
        for i in self._clutter_near(p[0], p[1]):
            piece = self._clutter[i]
            if piece.terrain not in found and geo.point_in_edges(p, piece.edges):
                found.append(piece.terrain)
        return found

    def clutter_on_path(self, points: Sequence[Point]) -> float:
        """Inches of the path that lie inside clutter (overlapping clutter counted once)."""
        total = 0.0
        for a, b in zip(points, points[1:]):
            length = math.dist(a, b)
            if length > 0.0 and self._clutter:
                total += sum(t1 - t0 for t0, t1 in self._clutter_spans(a, b)) * length
        return total

    def paths_in_clutter(self, paths: Sequence[Sequence[Point]]) -> list[bool]:
        """``[clutter_on_path(path) > 0 for path in paths]``, the legs asked together: a leg's clutter
        is the clutter a sight line along it crosses (the same spans, summed the same way; the sight
        batch gives the single call's to the last bit), and only a path with a leg that a wall or
        building blocks is measured the single way (the sight line counts only up to the wall)."""
        count = sum(len(path) - 1 for path in paths if path)
        if count < BATCH_FROM or not self._clutter:
            return [self.clutter_on_path(path) > 0 for path in paths]
        import numpy as np

        from game.table import sight_batch

        ends = np.fromiter(
            (c for path in paths for a, b in zip(path, path[1:]) for c in (a[0], a[1], b[0], b[1])),
            np.float64,
            4 * count,
        ).reshape(count, 4)
        ax, ay, bx, by = (np.ascontiguousarray(ends[:, c]) for c in range(4))

        def single(i: int) -> float:
            sight = self.line_of_sight((float(ax[i]), float(ay[i])), (float(bx[i]), float(by[i])), math.inf)
            return math.nan if sight.state == BLOCKED else sight.clutter_length

        crossed = sight_batch.clutter_crossed(self.outlines(), ax, ay, bx, by, single)
        of_path = np.repeat(np.arange(len(paths)), [max(0, len(path) - 1) for path in paths])
        inside = np.bincount(of_path, weights=crossed > 0, minlength=len(paths)) > 0
        walled = np.bincount(of_path, weights=np.isnan(crossed), minlength=len(paths)) > 0
        out = inside.tolist()
        for i in np.flatnonzero(walled).tolist():
            out[i] = self.clutter_on_path(paths[i]) > 0
        return out  # type: ignore[no-any-return]

    def _clutter_spans(self, a: Point, b: Point, t_end: float = 1.0) -> list[tuple[float, float]]:
        """The merged parts of segment a-b inside clutter, as fractions of a-b, found from a
        segment query up to ``t_end`` (pieces overlapping one another counted once).

        Each hit names a clutter piece; its exact in/out spans along the line come from its own
        outline. The query then resumes where that span ends: a piece holding the resume point
        is reported at once (at alpha 0), and anything entered and left inside the span adds
        nothing to the union."""
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        length = math.hypot(dx, dy)
        if length == 0.0:
            return []
        first = self._rays.first
        hit = first(a, b, SEE_CLUTTER)
        if hit is None:
            return []  # the common case, answered before setting anything up
        clutter, by_key = self._clutter, self._clutter_by_key
        step = _RESUME_STEP / length
        spans_of: dict[int, list[tuple[float, float]]] = {}
        intervals: list[tuple[float, float]] = []
        t = 0.0
        start = a
        for n in range(self._max_clutter_hits):
            if n:
                hit = first(start, b, SEE_CLUTTER)
                if hit is None:
                    break
            t_hit = t + (1.0 - t) * hit[1]
            if t_hit >= t_end:
                break
            index = by_key[hit[0]]
            spans = spans_of.get(index)
            if spans is None:
                spans = spans_of[index] = geo.segment_inside_intervals(a, b, clutter[index].edges)
                intervals.extend(spans)
            resume = t_hit
            for t0, t1 in spans:
                if t0 - 1e-9 <= t_hit <= t1 + 1e-9 and t1 > resume:
                    resume = t1
            t = resume + step
            if t >= t_end:
                break
            start = (ax + dx * t, ay + dy * t)
        if len(intervals) > 1:
            intervals = geo.merge_intervals(intervals)
        if t_end < 1.0:
            intervals = [(t0, min(t1, t_end)) for t0, t1 in intervals if t0 < t_end]
        return intervals

    # -- movement -------------------------------------------------------------------------

    def overlaps_blocking(self, p: Point, radius: float) -> bool:
        """Would a base of ``radius`` at p overlap a wall or building?"""
        if not self._blocking_near(p[0] - radius, p[1] - radius, p[0] + radius, p[1] + radius):
            return False
        hit = self._space.point_query_nearest(p, radius, SEE_BLOCKING)
        return hit is not None and hit.distance < radius - 1e-9

    def on_table(self, p: Point, radius: float) -> bool:
        """Is a base of ``radius`` at p wholly on the table (touching the edge counts as on)?"""
        eps = 1e-9
        return (
            radius - eps <= p[0] <= self.width - radius + eps
            and radius - eps <= p[1] <= self.height - radius + eps
        )

    def _edge_exit(self, a: Point, b: Point, radius: float) -> float | None:
        """Fraction along a-b where the base would start to leave the table."""
        best: float | None = None
        for p, q, lo, hi in (
            (a[0], b[0], radius, self.width - radius),
            (a[1], b[1], radius, self.height - radius),
        ):
            d = q - p
            t: float | None = None
            if d < 0.0 and q < lo:
                t = 0.0 if p <= lo else (lo - p) / d
            elif d > 0.0 and q > hi:
                t = 0.0 if p >= hi else (hi - p) / d
            if t is not None and (best is None or t < best):
                best = t
        return best

    def _blocking_over(
        self, left: float, bottom: float, right: float, top: float
    ) -> list[tuple[float, float, float, float, pymunk.Shape, Terrain]]:
        """The walls and buildings (box, shape, piece) whose box may touch the given box, in the order
        of ``_blocking`` (by left edge, so a loop may stop at the first box past ``right``): the whole
        list, or on a table of very many pieces those filed near the box."""
        if self._blocking_grid is None:
            return self._blocking
        blocking = self._blocking
        return [blocking[k] for k in self._blocking_grid.over(left, bottom, right, top)]

    def _terrain_contact(self, a: Point, b: Point, radius: float) -> tuple[float, pymunk.Shape] | None:
        """First fraction along a-b where a base of ``radius`` would touch a wall or building.

        Candidates come from a box query: pymunk's own thick segment query only looks at shapes
        whose box the centre line crosses, so it would miss a wall grazed by the base's side."""
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        left, bottom, right, top = x0 - radius, y0 - radius, x1 + radius, y1 + radius
        if not self._blocking_near(left, bottom, right, top):
            return None  # no wall or building anywhere near the swept box
        dx, dy = b[0] - a[0], b[1] - a[1]
        # The box query's shapes, tested straight from the list. Only a tie between two different
        # pieces of terrain needs the space's own order (which one is named).
        probe = self._probe
        touch = radius + 1e-9
        first: tuple[float, pymunk.Shape, Terrain] | None = None
        tie = False
        for sl, sb, sr, st, shape, piece in self._blocking_over(left, bottom, right, top):
            if sl > right:
                break
            if not (left <= sr and sb <= top and bottom <= st):
                continue
            distance, gx, gy = probe.point(shape, a)
            if distance <= touch:
                if dx * gx + dy * gy >= 0.0:
                    continue
                t = 0.0
            else:
                alpha = self._sweep(shape, a, b, radius)
                if alpha is None:
                    continue
                t = alpha
            if first is None or t < first[0]:
                first, tie = (t, shape, piece), False
            elif t == first[0] and piece is not first[2]:
                tie = True
        if not tie:
            return None if first is None else (first[0], first[1])
        box = pymunk.BB(left, bottom, right, top)
        best: tuple[float, pymunk.Shape] | None = None
        for shape in self._space.bb_query(box, SEE_BLOCKING):
            start = shape.point_query(a)
            if start.distance <= radius + 1e-9:
                # Touching or overlapping already (Chipmunk would report a hit at once): it may
                # only move away.
                gx, gy = start.gradient
                at: float | None = 0.0 if dx * gx + dy * gy < 0.0 else None
            else:
                at = self._sweep(shape, a, b, radius)
            if at is not None and (best is None or at < best[0]):
                best = (at, shape)
        return best

    def _base_contact(self, a: Point, b: Point, radius: float, mover: str | None) -> tuple[float, str] | None:
        reach = radius + self._max_radius
        x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        # The same bases as the box query below, from the grid; only a tie between two bases
        # needs Chipmunk's own order, so only then is the box query asked.
        best: tuple[float, str] | None = None
        tie = False
        bx0, by0, bx1, by1 = x0 - reach, y0 - reach, x1 + reach, y1 + reach
        m = self._grid.max_radius
        circle_entry = geo.circle_entry
        for fid, (x, y, r) in self._grid.items_over(bx0 - m, by0 - m, bx1 + m, by1 + m):
            # the box query's own test: the base's box touches the box
            if fid == mover or not (x - r <= bx1 and bx0 <= x + r and y - r <= by1 and by0 <= y + r):
                continue
            t = circle_entry(a, b, (x, y), radius + r)
            if t is not None:
                if best is None or t < best[0]:
                    best, tie = (t, fid), False
                elif t == best[0]:
                    tie = True
        if not tie:
            return best
        box = pymunk.BB(x0 - reach, y0 - reach, x1 + reach, y1 + reach)
        best = None
        self._reindex()
        for shape in self._space.bb_query(box, SEE_BASES):
            fid = self._fid_of[shape]
            if fid == mover:
                continue
            body = shape.body
            assert body is not None
            t = geo.circle_entry(a, b, (body.position.x, body.position.y), radius + shape.radius)
            if t is not None and (best is None or t < best[0]):
                best = (t, fid)
        return best

    def leg_clear(self, a: Point, b: Point, radius: float) -> bool:
        """Can a base of ``radius`` slide straight from a to b past walls and buildings, on the table
        (figures ignored)?"""
        if a == b:
            return True
        # ``_edge_exit(a, b, radius) is None``, without its loop: walking grids ask this thousands
        # of times a turn. (A coordinate falls exactly when its difference is below 0.)
        ax, ay = a
        bx, by = b
        if (bx < ax and bx < radius) or (bx > ax and bx > self.width - radius):
            return False
        if (by < ay and by < radius) or (by > ay and by > self.height - radius):
            return False
        return not self._touches_terrain(a, b, radius)

    def legs_clear(self, legs: Sequence[tuple[Point, Point]], radius: float) -> list[bool]:
        """``[leg_clear(a, b, radius) for a, b in legs]`` in one call, the same answers: the plain legs
        are settled together in compiled loops, the others asked one by one (see :mod:`game.table.legs_batch`).
        Fewer than :data:`LEGS_BATCH_FROM` legs are asked one by one."""
        clear = self.leg_clear
        if len(legs) < LEGS_BATCH_FROM:
            return [clear(a, b, radius) for a, b in legs]
        from game.table import legs_batch

        def single(a: Point, b: Point) -> bool:
            return clear(a, b, radius)

        return legs_batch.legs_clear(self.outlines(), legs, radius, self.width, self.height, single)

    def nearest_clear(
        self, starts: Sequence[Point], goals: Sequence[Point], limits: Sequence[float], radius: float
    ) -> list[int]:
        """For each start, the index of the nearest of ``goals`` in a straight line (ties: the one
        listed first), of those no further than the start's limit, that a base of ``radius`` can
        slide straight to (:meth:`leg_clear`); -1 for none. The same answers as trying each start's
        goals one by one, nearest first; a crowd's are tried in a compiled loop that stops at each
        start's first clear leg (:func:`game.table.legs_batch.nearest_clear`)."""
        from game.table import legs_batch

        def single(a: Point, b: Point) -> bool:
            return self.leg_clear(a, b, radius)

        return legs_batch.nearest_clear(
            self.outlines, starts, goals, limits, radius, self.width, self.height, single
        )

    def _touches_terrain(self, a: Point, b: Point, radius: float) -> bool:
        """``_terrain_contact(a, b, radius) is not None``, stopping at the first wall or building
        touched (walking grids ask this thousands of times a turn)."""
        ax, ay = a
        bx, by = b
        x0, x1 = (ax, bx) if ax <= bx else (bx, ax)
        y0, y1 = (ay, by) if ay <= by else (by, ay)
        left, bottom, right, top = x0 - radius, y0 - radius, x1 + radius, y1 + radius
        if not self._blocking_near(left, bottom, right, top):
            return False
        probe = self._probe
        touch = radius + 1e-9
        grow = radius + 1e-6  # a base within ``touch`` of a shape is within this of its box
        dx, dy = bx - ax, by - ay
        meets = geo.segment_meets_box
        for sl, sb, sr, st, shape, _ in self._blocking_over(left, bottom, right, top):
            if sl > right:
                break
            if left <= sr and sb <= top and bottom <= st:
                # a long leg's own box takes in pieces far off its line: the exact queries only for
                # the pieces whose box, grown by the radius, the line itself crosses
                if not meets(a, (dx, dy), sl - grow, sb - grow, sr + grow, st + grow):
                    continue
                distance, gx, gy = probe.point(shape, a)
                if distance <= touch:
                    if dx * gx + dy * gy < 0.0:
                        return True
                elif self._sweep(shape, a, b, radius) is not None:
                    return True
        return False

    def _sweep(self, shape: pymunk.Shape, a: Point, b: Point, radius: float) -> float | None:
        """Fraction along a-b where a base of ``radius`` sliding from a (clear of the shape) first
        touches it, or None.

        Chipmunk's swept query of a thick segment tests the segment's rounded ends only when the
        path does not cross the line of its sides; a base starting just past a wall's end, beside
        its line, would slide into the end unseen. So a wall's two ends are tested as circles too."""
        alpha = self._probe.segment(shape, a, b, radius)
        ends = self._wall_ends.get(shape)
        if ends is not None:
            first, last, half = ends
            for end in (first, last):
                t = geo.circle_entry(a, b, end, radius + half)
                if t is not None and (alpha is None or t < alpha):
                    alpha = t
        return alpha

    def check_path(
        self, points: Sequence[Point], radius: float, mover: str | None = None, max_length: float | None = None
    ) -> PathCheck:
        """Walk the legs; stop where the base (of ``radius``) would touch a wall/building, leave the
        table, or overlap another base (except ``mover``'s own), or where ``max_length`` runs out."""
        legal, requested, blocked_at, blocked_by = self._legal_part(points, radius, mover, max_length)
        return PathCheck(
            points=legal,
            length=path_length(legal),
            requested_length=requested,
            blocked_at=blocked_at,
            blocked_by=blocked_by,
            clutter_length=self.clutter_on_path(legal),
        )

    def legal_part(
        self, points: Sequence[Point], radius: float, mover: str | None = None, max_length: float | None = None
    ) -> LegalPart:
        """``check_path`` without measuring the clutter crossed: the legal points and what cut the
        path, for walkers whom clutter does not slow but who care what stopped them."""
        return LegalPart(*self._legal_part(points, radius, mover, max_length))

    def legal_path(
        self, points: Sequence[Point], radius: float, mover: str | None = None, max_length: float | None = None
    ) -> tuple[Point, ...]:
        """``check_path(...).points`` without the rest of the check (the clutter crossed above all),
        for walkers whom clutter does not slow, such as a horde of zombies."""
        return self._legal_part(points, radius, mover, max_length)[0]

    def _legal_part(
        self, points: Sequence[Point], radius: float, mover: str | None, max_length: float | None
    ) -> tuple[tuple[Point, ...], float, Point | None, str]:
        """(legal points, requested length, blocked at, blocked by) of :meth:`check_path`."""
        points = [(float(p[0]), float(p[1])) for p in points]
        if not points:
            raise ValueError("a move path needs at least its starting point")
        if not radius > 0:
            raise ValueError(f"base radius must be above 0, not {radius!r}")
        requested = path_length(points)
        allowance_cut = max_length is not None and requested > max_length + 1e-9
        walk = truncate_path(points, max(0.0, max_length)) if allowance_cut and max_length is not None else points
        legal: list[Point] = [walk[0]]
        blocked_at: Point | None = None
        blocked_by = ""
        for a, b in zip(walk, walk[1:]):
            length = math.dist(a, b)
            if length == 0.0:
                continue
            stops: list[tuple[float, str, bool]] = []  # (fraction, by what, back off?)
            terrain = self._terrain_stop(a, b, radius)
            if terrain is not None:
                stops.append(terrain)
            base = self._base_contact(a, b, radius, mover)
            if base is not None:
                stops.append((base[0], f"figure {base[1]}", True))
            if not stops:
                legal.append(b)
                continue
            t, blocked_by, back_off = min(stops)
            if back_off:
                t = max(0.0, t - CONTACT_GAP / length)
            stop = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) if t > 0.0 else a
            if stop != a:
                legal.append(stop)
            blocked_at = stop
            break
        if blocked_at is None and allowance_cut:
            blocked_at, blocked_by = legal[-1], "move allowance"
        return tuple(legal), requested, blocked_at, blocked_by

    def _terrain_stop(self, a: Point, b: Point, radius: float) -> tuple[float, str, bool] | None:
        """What other than a figure first stops a base sliding from a to b, as a stop of
        :meth:`_legal_part`: (fraction, by what, back off?), or None."""
        stops: list[tuple[float, str, bool]] = []
        edge = self._edge_exit(a, b, radius)
        if edge is not None:
            stops.append((edge, "table edge", False))
        wall = self._terrain_contact(a, b, radius)
        if wall is not None:
            stops.append((wall[0], describe(self._terrain_of[wall[1]]), True))
        return min(stops) if stops else None

    def terrain_stop(self, a: Point, b: Point, radius: float) -> tuple[float, str, bool] | None:
        """What other than a figure first stops a base of ``radius`` sliding from a to b, as
        :meth:`legal_part` finds it: (fraction along a-b, by what, whether the base is left a hair
        short of it), or None."""
        return self._terrain_stop((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), float(radius))

    def walk_in_turn(
        self,
        walkers: Sequence[tuple[str, Sequence[Point]]],
        radius: float,
        min_move: float,
        move: Callable[[str, Point], None],
    ) -> list[tuple[Point, ...]]:
        """Figures of one base ``radius`` walking one after another, each as far along its points as
        :meth:`legal_path` lets it (itself the mover) past the others where they are by then: a
        walker whose legal path is at least ``min_move`` long is moved to its end by ``move(fid,
        end)``, which moves its base on this table, before the next walks. Each walker's path as
        walked: its legal path when it moved, else its start alone.

        The same answers as asking :meth:`legal_path` walker by walker; a crowd of
        :data:`game.table.crowd.WALKS_BATCH_FROM` or more is swept in one compiled loop
        (:mod:`game.table.crowd`)."""
        from game.table import crowd

        def single(fid: str, points: Sequence[Point]) -> tuple[Point, ...]:
            return self._legal_part(points, radius, fid, None)[0]

        def plain(ax: Any, ay: Any, bx: Any, by: Any) -> Any:
            from game.table.legs_batch import classify_lines
            from game.table.legs_kernel import CLEAR
            from game.table.outlines import lines_between

            lines = lines_between(ax, ay, bx, by)
            return classify_lines(self.outlines(), *lines, radius, self.width, self.height) == CLEAR

        ground = crowd.Ground(self.width, self.height, self._max_radius, self._grid.max_radius, CONTACT_GAP)
        return crowd.walk_in_turn(
            walkers, radius, min_move, move, self._grid.where, ground, self._terrain_stop, single, plain
        )

    def crowd_bases(self) -> tuple[dict[str, tuple[float, float, float]], Any]:
        """Every base by id (x, y, radius, the table's own record: read it, do not change it) and the
        crowd loops' :class:`game.table.crowd.Ground`, for a compiled loop outside the table that sweeps
        bases as :meth:`legal_path` does (a horde going round the bases in its way)."""
        from game.table import crowd

        ground = crowd.Ground(self.width, self.height, self._max_radius, self._grid.max_radius, CONTACT_GAP)
        return self._grid.where, ground

    def navigation(self, radius: float, cell: float = 0.5) -> NavGrid:
        """The walking grid for bases of ``radius`` (built once per table and radius)."""
        key = (round(float(radius), 6), float(cell))
        grid = self._nav_cache.get(key)
        if grid is None:
            grid = self._nav_cache[key] = NavGrid(self, float(radius), float(cell))
        return grid

    def corners(self, radius: float) -> CornerGraph:
        """The ring points round every corner of the walls and buildings for bases of ``radius``, and
        the straight legs between them (see :mod:`game.table.corners`), built once per table and
        radius."""
        key = round(float(radius), 6)
        graph = self._corner_graphs.get(key)
        if graph is None:
            graph = self._corner_graphs[key] = CornerGraph(self, float(radius))
        return graph

    def find_path(
        self, start: Point, goal: Point, radius: float, max_length: float | None = None
    ) -> list[Point] | None:
        """A short path of straight legs around walls and buildings (not figures), for walkers.
        With ``max_length`` the path is cut to that length. None when the goal cannot be reached."""
        path = self.navigation(radius).find_path(start, goal)
        if path is None:
            return None
        return truncate_path(path, max_length) if max_length is not None else path

    def distance_field(self, goals: Sequence[Point], radius: float) -> DistanceField:
        """Walking distance to the nearest goal from anywhere, around walls and buildings, over the
        corners a shortest way bends round (:mod:`game.table.corners`): searched once for all the
        goals, so many zombies can each take a step toward their nearest target cheaply."""
        return DistanceField(self.corners(radius), goals)

    # -- areas ----------------------------------------------------------------------------

    def figures_in_circle(self, centre: Point, r: float, where: Callable[[str], bool] | None = None) -> list[str]:
        """Figures whose base is at least partly inside the circle (sorted by distance)."""
        found = self._grid.within(centre, r)
        if where is not None:
            found = [hit for hit in found if where(hit[1])]
        found.sort()
        return [fid for _, fid in found]

    def any_figure_in_circle(self, centre: Point, r: float, where: Callable[[str], bool] | None = None) -> bool:
        """``bool(figures_in_circle(centre, r, where))``, stopping at the first figure found."""
        return self._grid.any_within(centre, r, where)

    def others_within(
        self, fids: Sequence[str], reaches: Sequence[float], where: Callable[[str], bool]
    ) -> list[bool]:
        """For each figure of ``fids``: is another figure that passes ``where`` within its reach of its
        centre? ``[any_figure_in_circle(position(f), reach, where=lambda g: g != f and where(g))]``, the
        same answers; for a crowd, one compiled loop (:mod:`game.table.crowd`), ``where`` asked once
        a figure."""
        from game.table import crowd

        def single(fid: str, reach: float) -> bool:
            return self._grid.any_within(self.position(fid), reach, lambda g: g != fid and where(g))

        for fid in fids:
            if fid not in self._grid.where:
                raise UnknownFigure(fid)
        ground = crowd.Ground(self.width, self.height)
        return crowd.others_within(fids, reaches, where, self._grid.where, ground, single)

    def counts_in_circles(self, xs: Any, ys: Any, r: float, fids: Iterable[str]) -> Any:
        """For centres (``xs[i]``, ``ys[i]``): ``len(figures_in_circle(centre, r, where=lambda f: f in fids))``,
        the same counts, asked of every centre at once (a numpy array, :mod:`game.table.markers`);
        figures not on the table count for none."""
        from game.table import markers

        circles = [self._grid.where[f] for f in fids if f in self._grid.where]
        return markers.counts_under(circles, xs, ys, r)

    def any_of_in_circle(
        self, centre: Point, r: float, fids: Iterable[str], where: Callable[[str], bool] | None = None
    ) -> bool:
        """``any_figure_in_circle`` asked of the figures ``fids`` only (a side's few among a horde)."""
        return self._grid.any_of_within(centre, r, fids, where)

    def figures_in_polygon(self, points: Sequence[Point]) -> list[str]:
        """Figures whose base is at least partly inside the polygon (by id)."""
        if len(points) < 3:
            raise ValueError("an area needs at least 3 points")
        edges = geo.polygon_edges(list(points))
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        found: list[str] = []
        self._reindex()
        for shape in self._space.bb_query(pymunk.BB(min(xs), min(ys), max(xs), max(ys)), SEE_BASES):
            body = shape.body
            assert body is not None
            c = (body.position.x, body.position.y)
            if geo.point_in_edges(c, edges) or geo.distance_to_edges(c, edges) < shape.radius:
                found.append(self._fid_of[shape])
        return sorted(found)

    def nearest(
        self, p: Point, where: Callable[[str], bool] | None = None, within: float | None = None
    ) -> str | None:
        """The figure nearest to p (edge distance) that passes ``where``; spatial query, not a loop over all."""
        if not self._bases:
            return None
        limit = self._search_limit(within)
        if where is None:
            self._reindex()
            nearest = self._space.point_query_nearest(p, limit, SEE_BASES)
            return None if nearest is None else self._fid_of[nearest.shape]
        if len(self._grid.where) <= NEAREST_SCAN_UP_TO:  # a few dozen bases: each measured once
            return self._grid.nearest_of(p, limit, self._grid.where, where)
        reach = min(4.0, limit)
        while True:
            best: tuple[float, str] | None = None
            for hit in self._grid.within(p, reach):
                if (best is None or hit < best) and where(hit[1]):
                    best = hit
            if best is not None:
                return best[1]
            if reach >= limit:
                return None
            reach = min(reach * 2, limit)

    def _search_limit(self, within: float | None) -> float:
        """How far :meth:`nearest` looks: ``within``, else far enough to reach any base on the table."""
        return within if within is not None else math.hypot(self.width, self.height) + 2 * self._max_radius

    def nearest_of(
        self,
        p: Point,
        fids: Iterable[str],
        where: Callable[[str], bool] | None = None,
        within: float | None = None,
    ) -> str | None:
        """``nearest(p, where, within)`` among the figures ``fids`` only (the same answer when every
        figure passing ``where`` is one of them): the few of one side, not a search through a horde."""
        limit = self._search_limit(within)
        return self._grid.nearest_of(p, limit, fids, where)
