"""Terrain reads by kind at a glance (issue 33 item 14): on Hive Street the floor's tile mosaic was as loud as
the ruins on it, and a ruin (4+ cover, its edges what sight is judged by) looked like the rubble beside it
(difficult ground). Now a ruin's edge is a broken dark wall with a hatch over its floor, difficult ground a
dotted pale rim, a wall a solid stroke, and the hive floor is quieter than the rubble on it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pygame = pytest.importorskip("pygame")

from map_pixels import MAPS, ROOT, along_outline, baked, display  # noqa: E402, F401  (display: the window)

from game.ui.ground_art import DIFFICULT_DOT, RUIN_EDGE  # noqa: E402


def _edge_share(pixels: np.ndarray, pts: list[tuple[float, float]], ppi: float, colour: tuple) -> float:
    """The share of points every 0.1" along the outline with ``colour`` (within 12 a channel) less than
    0.1" from them."""
    near = 0
    total = 0
    reach = max(2, round(0.1 * ppi))
    h, w = pixels.shape[1], pixels.shape[0]
    for px, py in along_outline(pts, 0.1):
        x, y = round(px * ppi), round(py * ppi)
        box = pixels[max(0, x - reach) : min(w, x + reach + 1), max(0, y - reach) : min(h, y + reach + 1)]
        total += 1
        near += bool((np.abs(box - np.array(colour)).max(axis=2) <= 12).any())
    return near / max(1, total)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_ruins_and_difficult_ground_have_edges_of_their_own(path: Path) -> None:
    table = baked(path)
    pixels, ppi = table.pixels, table.ppi
    for piece in table.scenario.terrain:
        pts = list(piece.area.points)
        if len(pts) < 3 or piece.area.is_line:
            continue
        dark, dots = _edge_share(pixels, pts, ppi, RUIN_EDGE), _edge_share(pixels, pts, ppi, DIFFICULT_DOT)
        where = f"{path.name}: {piece.kind} {piece.name!r}"
        if piece.kind == "ruin":  # broken walls all round (gaps of a quarter to half an inch), no dots
            assert dark > 0.6 and dots < 0.1, (where, dark, dots)
        elif piece.kind == "clutter" and str(piece.properties.get("terrain", "")) in ("rubble", "crops", "garden"):
            assert dots > 0.6 and dark < 0.3, (where, dark, dots)


def test_a_hive_street_ruin_and_the_rubble_beside_it_differ_at_the_fit_zoom() -> None:
    """Seen as the player sees the whole table (about 10 pixels an inch), a ruin's edge is dark and a
    rubble field's edge pale, though both floors are the same rubble tiles."""
    table = baked(ROOT / "maps" / "hive_street.tmx")
    scenario, renderer = table.scenario, table.renderer
    fit = 10.7
    size = (round(scenario.width * fit), round(scenario.height * fit))
    small = pygame.surfarray.array3d(pygame.transform.smoothscale(renderer.native, size)).astype(int)
    ruin = next(t for t in scenario.terrain if t.kind == "ruin")
    rubble = next(t for t in scenario.terrain if t.kind == "clutter")

    def edge_light(piece) -> float:
        values = []
        for px, py in along_outline(piece.area.points, 0.2):
            x, y = round(px * fit), round(py * fit)
            values.append(small[x - 1 : x + 2, y - 1 : y + 2].sum(axis=2).min())
        return float(np.median(values))

    assert edge_light(ruin) < 150, edge_light(ruin)  # near black along the ruin's walls
    assert edge_light(rubble) > edge_light(ruin) + 60, (edge_light(rubble), edge_light(ruin))


def test_the_hive_floor_is_quieter_than_the_rubble_on_it() -> None:
    """The floor plates' light-to-dark spread is well under the rubble's (it was 1.6 times it), so the terrain
    stands out."""
    from test_assets import tileset_tile

    def spread(name: str) -> int:
        values = sorted(sum(tileset_tile(name).get_at((x, y))[:3]) for x in range(32) for y in range(32))
        return values[9 * len(values) // 10] - values[len(values) // 10]

    for floor in ("hive_floor", "hive_floor_b", "ash"):
        assert spread(floor) < 0.7 * spread("rubble"), (floor, spread(floor), spread("rubble"))
