"""How many of some bases lie partly under each of many circles of one radius, asked at once: a blast
marker's every scatter (a preview sums over 360 directions and up to 11 distances).

The arithmetic is :meth:`game.table.index.BaseGrid.within`'s, element by element in float64
(``sqrt(dx*dx + dy*dy) - r < reach``, the same operations in the same order), so each count is the
one ``figures_in_circle`` would give; numpy is imported when the first counts are asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def counts_under(circles: Sequence[tuple[float, float, float]], xs: Any, ys: Any, reach: float) -> Any:
    """For each centre (``xs[i]``, ``ys[i]``), how many ``circles`` (x, y, radius) come closer than
    ``reach``: ``len(figures_in_circle(centre, reach))`` over those bases only (a numpy array of ints)."""
    import numpy as np

    cx = np.asarray(xs, dtype=np.float64)[:, None]
    cy = np.asarray(ys, dtype=np.float64)[:, None]
    if not circles:
        return np.zeros(len(cx), dtype=np.int64)
    bases = np.asarray(circles, dtype=np.float64)
    dx = cx - bases[None, :, 0]
    dy = cy - bases[None, :, 1]
    d = np.sqrt(dx * dx + dy * dy) - bases[None, :, 2]
    return (d < reach).sum(axis=1)


def scattered(aim: tuple[float, float], distances: Sequence[float], directions: int) -> tuple[Any, Any]:
    """The centres of a marker at ``aim`` moved each distance in each of ``directions`` directions a turn
    (degrees 0, 1, ...), distance by distance, as x and y arrays: the floats of
    ``aim + distance * (cos, sin)`` of each direction's radians."""
    import numpy as np

    turns = _turns(directions)
    d = np.asarray(distances, dtype=np.float64)[:, None]
    xs = (aim[0] + d * turns[0][None, :]).ravel()
    ys = (aim[1] + d * turns[1][None, :]).ravel()
    return xs, ys


_TURNS: dict[int, Any] = {}


def _turns(directions: int) -> Any:
    """Each direction's cosine and sine, by ``math`` (numpy's may differ in the last bit)."""
    if directions not in _TURNS:
        import numpy as np

        angles = [math.radians(float(f)) for f in range(directions)]
        _TURNS[directions] = (np.array([math.cos(a) for a in angles]), np.array([math.sin(a) for a in angles]))
    return _TURNS[directions]
