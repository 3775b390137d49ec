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
from typing import Any

import numba

_CACHED = numba.njit(cache=True, error_model="numpy", nogil=True)
_AFRESH = numba.njit(error_model="numpy", nogil=True)


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
