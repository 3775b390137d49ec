"""What the compiled loops share (:mod:`game.table.sight_kernel`, :mod:`game.table.legs_kernel`,
:mod:`game.table.nav_kernel`): the way they are compiled, and the two small geometric tests the
batches make.

Every function is compiled by numba when a run first calls it and kept in numba's cache
(``__pycache__``, or the user's cache folder where that cannot be written), so a later run loads it
in a fraction of a second. Floats follow IEEE arithmetic as numpy's do
(numba does not reorder or fuse them unless asked, and is not asked), and a division by zero gives
inf or nan as in numpy (``error_model="numpy"``), never an exception. So a loop written with numpy's
arithmetic gives numpy's answers to the last bit.

This module imports numba, and is itself imported when a compiled loop is first asked for, not at
start-up.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numba
import numpy as np

_CACHED = numba.njit(cache=True, error_model="numpy", nogil=True)
_AFRESH = numba.njit(error_model="numpy", nogil=True)
_CACHED_INLINE = numba.njit(cache=True, error_model="numpy", nogil=True, inline="always")
_AFRESH_INLINE = numba.njit(error_model="numpy", nogil=True, inline="always")


def compiled_inline(function: Any) -> Any:
    """:func:`compiled`, the function's body put into each compiled caller (a small test asked in a
    tight loop)."""
    try:
        return _CACHED_INLINE(function)
    except RuntimeError:
        return _AFRESH_INLINE(function)


def compiled(function: Any) -> Any:
    """``function`` compiled by numba with the settings above, kept in numba's cache. Where numba finds
    nowhere to write one (an install and a home both read-only), it is compiled afresh each run."""
    try:
        return _CACHED(function)
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return _AFRESH(function)


@compiled
def crosses_box(
    ax: float, ay: float, ex: float, ey: float, dx: float, dy: float, boxes: Any, b: int, grow: float
) -> bool:
    """Whether the segment from (ax, ay) to (ex, ey), on the line along (dx, dy), may touch box ``b``
    of ``boxes`` (rows min x, min y, max x, max y) grown by ``grow`` on every side: the two boxes
    overlap, then the line passes within the box (the separating axis test)."""
    x0, y0, x1, y1 = boxes[0, b] - grow, boxes[1, b] - grow, boxes[2, b] + grow, boxes[3, b] + grow
    if not (min(ax, ex) <= x1 and max(ax, ex) >= x0 and min(ay, ey) <= y1 and max(ay, ey) >= y0):
        return False
    hx, hy = (x1 - x0) * 0.5, (y1 - y0) * 0.5
    cx, cy = x0 + hx, y0 + hy
    return abs(dx * (cy - ay) - dy * (cx - ax)) <= abs(dx) * hy + abs(dy) * hx


@compiled
def to_segment(px: float, py: float, x1: float, y1: float, ex: float, ey: float) -> float:
    """Distance from p to the segment (x1, y1) + s (ex, ey), s in 0..1."""
    length = ex * ex + ey * ey
    s = min(max(((px - x1) * ex + (py - y1) * ey) / (length if length > 0.0 else 1.0), 0.0), 1.0)
    return math.hypot(px - (x1 + s * ex), py - (y1 + s * ey))


_SPLIT = 134217729.0  # 2**27 + 1: Veltkamp and Dekker's split of a double into two halves


@compiled
def python_dist(ax: float, ay: float, bx: float, by: float) -> float:
    """``math.dist((ax, ay), (bx, by))`` as CPython 3.11 works it out, to the last bit: its
    ``vector_norm`` (Modules/mathmodule.c) for two coordinates, a compensated sum of the split
    squares and one corrected square root. A plain ``sqrt(dx * dx + dy * dy)`` can differ from it
    in the last bit, and seeded games follow ``math.dist``; :func:`python_dist_holds` checks this
    interpreter's own.

    >>> python_dist(0.0, 0.0, 3.0, 4.0)
    5.0
    """
    x0, x1 = abs(ax - bx), abs(ay - by)
    found_nan = math.isnan(x0) or math.isnan(x1)
    largest = 0.0
    if x0 > largest:
        largest = x0
    if x1 > largest:
        largest = x1
    if math.isinf(largest):
        return largest
    if found_nan:
        return math.nan
    if largest == 0.0:
        return largest
    exponent = math.frexp(largest)[1]
    csum, frac1, frac2, frac3 = 1.0, 0.0, 0.0, 0.0
    if exponent < -1023:  # the scale would overflow: divided by the largest instead
        for x in (x0 / largest, x1 / largest):
            x = x * x
            old = csum
            csum += x
            frac1 += (old - csum) + x
        return largest * math.sqrt(csum - 1.0 + frac1)
    scale = math.ldexp(1.0, -exponent)
    for x in (x0 * scale, x1 * scale):
        t = x * _SPLIT
        hi = t - (t - x)
        lo = x - hi
        x = hi * hi
        old = csum
        csum += x
        frac1 += (old - csum) + x
        x = 2.0 * hi * lo
        old = csum
        csum += x
        frac2 += (old - csum) + x
        frac3 += lo * lo
    h = math.sqrt(csum - 1.0 + (frac1 + frac2 + frac3))
    t = h * _SPLIT
    hi = t - (t - h)
    lo = h - hi
    x = -hi * hi
    old = csum
    csum += x
    frac1 += (old - csum) + x
    x = -2.0 * hi * lo
    old = csum
    csum += x
    frac2 += (old - csum) + x
    x = -lo * lo
    old = csum
    csum += x
    frac3 += (old - csum) + x
    x = csum - 1.0 + (frac1 + frac2 + frac3)
    return (h + x / (2.0 * h)) / scale


@compiled
def _python_dists(ax: Any, ay: Any, bx: Any, by: Any) -> Any:
    out = np.empty(len(ax))
    for k in range(len(ax)):
        out[k] = python_dist(ax[k], ay[k], bx[k], by[k])
    return out


_HOLDS: dict[str, bool] = {}  # "dist": whether python_dist is this interpreter's math.dist


def python_dist_holds(samples: int = 20000) -> bool:
    """Whether :func:`python_dist` gives this interpreter's ``math.dist`` bit for bit, on a fixed
    sample of point pairs a table might hold and of awkward ones (equal points, a hair apart, huge,
    tiny, infinite and nan coordinates): asked once a process. CPython 3.12 rewrote its square root's
    sums, and a compiled loop that measures with :func:`python_dist` keeps to Python's own where
    this is False."""
    if "dist" not in _HOLDS:
        rng = random.Random(848)
        pairs = [(1.0, 2.0, 1.0, 2.0), (0.5, 0.5, 0.5 + 1e-12, 0.5), (1e300, 1e300, -1e300, 1.0)]
        pairs += [(5e-324, 0.0, 0.0, 1e-320), (math.inf, 0.0, 1.0, 1.0), (math.nan, 0.0, 1.0, 1.0)]
        for k in range(samples):
            scale = (72.0, 1.0, 1e-6, 1e6)[k % 4]
            pairs.append(tuple(rng.uniform(-scale, scale) for _ in range(4)))  # type: ignore[arg-type]
        columns = [np.array(column) for column in zip(*pairs)]
        ours = _python_dists(*columns)
        theirs = np.array([math.dist((ax, ay), (bx, by)) for ax, ay, bx, by in pairs])
        same = (ours == theirs) | (np.isnan(ours) & np.isnan(theirs))
        _HOLDS["dist"] = bool(same.all())
    return _HOLDS["dist"]


@compiled_inline
def entry_before(a: Any, b: Any, c: Any, i: int, j: int) -> bool:
    """Whether entry i of a heap kept in three arrays comes before entry j: by ``a``, then ``b``, then
    ``c`` (the searches' queues: a tie in distance is settled the same way every run)."""
    if a[i] != a[j]:
        return a[i] < a[j]  # type: ignore[no-any-return]
    if b[i] != b[j]:
        return b[i] < b[j]  # type: ignore[no-any-return]
    return c[i] < c[j]  # type: ignore[no-any-return]


@compiled_inline
def swap_entries(a: Any, b: Any, c: Any, i: int, j: int) -> None:
    """Swap entries i and j of a heap kept in three arrays."""
    a[i], a[j] = a[j], a[i]
    b[i], b[j] = b[j], b[i]
    c[i], c[j] = c[j], c[i]
