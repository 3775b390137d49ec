"""Fast thin segment queries for sight lines.

Sight is asked for very often (the AI checks every pair), so this calls Chipmunk's first-hit
segment query directly through pymunk's cffi binding with one reused result struct, skipping
the per-call wrapper objects. If that binding is not available (a different pymunk build) the
public ``Space.segment_query_first`` is used instead; both give the same answers.

Shapes are identified by a *key* (``key_of(shape)``) that is cheap to get back from a query.

>>> space = pymunk.Space()
>>> box = pymunk.Poly(space.static_body, [(2, 0), (4, 0), (4, 2), (2, 2)]); space.add(box)
>>> rays = RayCaster(space)
>>> key, alpha, x, y = rays.first((0, 1), (10, 1), pymunk.ShapeFilter())
>>> key == rays.key_of(box), round(alpha, 3), (x, y)
(True, 0.2, (2.0, 1.0))
"""

from __future__ import annotations

from collections.abc import Hashable
from threading import get_ident
from typing import Any

import pymunk

try:  # pymunk's own compiled binding (pymunk 6/7)
    from pymunk._chipmunk_cffi import ffi as _ffi
    from pymunk._chipmunk_cffi import lib as _lib
except ImportError:  # pragma: no cover - other builds fall back to the public API
    _ffi = _lib = None


# Chipmunk's bare (radius 0) segment query can miss a polygon that a line enters exactly at a corner
# (a 45-degree line through a U-shaped building's corner, along the seam of two of its convex pieces,
# read clear one way and blocked the other). A hair-thin capsule never misses, but costs three times as
# much, so the table asks with it only for lines that pass through a corner (see Table.line_of_sight).
SIGHT_SKIN = 1e-6


class RayCaster:
    """First-hit segment queries on one space: a bare segment, or a hair-thin capsule (``skin``)."""

    def __init__(self, space: pymunk.Space) -> None:
        self._space = space
        self._raw = _lib is not None and hasattr(space, "_space")
        if self._raw:
            # One result struct reused by the thread that made the caster; Chipmunk fills it with
            # the GIL released, so another thread (a Dask worker's, sharing a bot's route table)
            # gets a struct of its own for each call.
            self._owner = get_ident()
            self._info = _ffi.new("cpSegmentQueryInfo *")
            self._query = _lib.cpSpaceSegmentQueryFirst
            self._cp_space = space._space

    def key_of(self, shape: pymunk.Shape) -> Hashable:
        return shape._shape if self._raw else shape  # type: ignore[attr-defined]

    def first(
        self, a: tuple[float, float], b: tuple[float, float], shape_filter: pymunk.ShapeFilter, skin: float = 0.0
    ) -> tuple[Any, float, float, float] | None:
        """(key, alpha, x, y) of the first shape the segment a-b touches, or None. A shape
        already holding ``a`` counts, at alpha 0 (Chipmunk 7's rule)."""
        if self._raw:
            info = self._info if get_ident() == self._owner else _ffi.new("cpSegmentQueryInfo *")
            ptr = self._query(self._cp_space, a, b, skin, shape_filter, info)
            if ptr == _ffi.NULL:
                return None
            return ptr, info.alpha, info.point.x, info.point.y
        hit = self._space.segment_query_first(a, b, skin, shape_filter)
        if hit is None:
            return None
        return hit.shape, hit.alpha, hit.point.x, hit.point.y


class ShapeProbe:
    """Point and thick-segment queries on single shapes through the raw binding (one reused result
    struct each), for the few candidate shapes a box test has already picked."""

    def __init__(self) -> None:
        self.raw = _lib is not None
        if self.raw:
            self._owner = get_ident()  # as RayCaster: other threads get structs of their own
            self._pinfo = _ffi.new("cpPointQueryInfo *")
            self._sinfo = _ffi.new("cpSegmentQueryInfo *")
            self._point = _lib.cpShapePointQuery
            self._segment = _lib.cpShapeSegmentQuery

    def point(self, shape: pymunk.Shape, p: tuple[float, float]) -> tuple[float, float, float]:
        """(distance, gradient x, gradient y) from p to the shape (negative inside)."""
        if self.raw:
            info = self._pinfo if get_ident() == self._owner else _ffi.new("cpPointQueryInfo *")
            self._point(shape._shape, p, info)  # type: ignore[attr-defined]
            g = info.gradient
            return info.distance, g.x, g.y
        q = shape.point_query(p)
        return q.distance, q.gradient.x, q.gradient.y

    def segment(
        self, shape: pymunk.Shape, a: tuple[float, float], b: tuple[float, float], radius: float
    ) -> float | None:
        """Alpha (0..1) where a circle of ``radius`` moving from a to b first touches the shape."""
        if self.raw:
            info = self._sinfo if get_ident() == self._owner else _ffi.new("cpSegmentQueryInfo *")
            if self._segment(shape._shape, a, b, radius, info):  # type: ignore[attr-defined]
                return info.alpha
            return None
        hit = shape.segment_query(a, b, radius)
        return hit.alpha if hit is not None else None
