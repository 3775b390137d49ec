"""Outbreak's fences read clearly (issue 33, session 34's newcomer: "fences are faint on the table"): every fence of
a shipped map is drawn with a dark edge and its rail, so along its whole length the table shows a line that stands
out from the ground either side of it, at least as wide as a low wall."""

from __future__ import annotations

import math

import numpy as np
import pytest
from map_pixels import MAPS, baked, display  # noqa: F401  (display: the module's window)

from game.ui.terrain_art import fence_kind

FENCED = [p for p in MAPS if p.stem in ("small_town", "hollow_creek_farm")]


def _along(points, step: float):
    for a, b in zip(points, points[1:]):
        n = max(1, int(math.dist(a, b) / step))
        for k in range(1, n):  # the posts and corners aside: the rail between them
            yield (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)


@pytest.mark.parametrize("path", FENCED, ids=lambda p: p.stem)
def test_every_fence_stands_out_from_the_ground_along_its_length(path) -> None:
    table = baked(path)
    fences = [t for t in table.scenario.terrain if t.kind == "wall" and fence_kind(t.name)]
    assert fences, "the map has fences"
    lum = table.pixels @ np.array([0.299, 0.587, 0.114])
    for fence in fences:
        pts = list(fence.area.points)
        if not fence.area.is_line and len(pts) > 2:
            pts.append(pts[0])
        for x, y in _along(pts, 0.37):
            cx, cy = round(x * table.ppi), round(y * table.ppi)
            box = lum[cx - 4 : cx + 5, cy - 4 : cy + 5]  # a quarter inch square on the fence
            # its dark edge, whatever ground it crosses (before: a thin grey line, 0-4% of the square dark)
            assert (box < 45).mean() >= 0.15, (fence.name, (x, y), float((box < 45).mean()))
