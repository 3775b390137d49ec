"""Warnings for a map whose pieces are drawn at another scale than the map: objects placed from the kit's
templates (drawn for 32 px tiles of 1") on a map of other tiles or ``inches_per_tile``, and a tileset whose
tiles are not the map's size (Tiled draws a bigger tile from its cell's bottom-left corner, so the ground
stands up out of its cell and overlaps the next). Both play, but not as the designer sees the kit.

>>> kit_template_sizes()["wall.tx"]
(0.0, 0.0, ((0.0, 0.0), (192.0, 0.0)))
>>> kit_template_sizes()["deploy_allies.tx"]
(192.0, 768.0, ())
"""

from __future__ import annotations

import functools
import os

from game.scenario.problems import WARNING, Problem
from game.scenario.refusals import inches_per_tile
from game.scenario.tiles import GID_MASK, TileLayer, TileMap, tiled_xml
from game.scenario.tmx import RawMap, RawObject

KIT_TILE_PIXELS = 32  # the kit's templates and tileset: one 32 px tile is one inch (maps/make_kit.py PX)


Size = tuple[float, float, tuple[tuple[float, float], ...]]  # width, height, polygon or polyline points (px)


@functools.cache
def kit_template_sizes() -> dict[str, Size]:
    """Each shipped template's file name and the size of its object in pixels (none for a point)."""
    from game.assets import assets_dir

    folder = assets_dir("maps") / "templates"
    sizes: dict[str, Size] = {}
    for path in sorted(folder.glob("*.tx")):
        try:
            obj = tiled_xml(str(path)).find("object")  # through the one guard, as every Tiled file
        except OSError:
            continue
        if obj is None or obj.find("point") is not None:
            continue
        line = obj.find("polyline") if obj.find("polyline") is not None else obj.find("polygon")
        points = tuple(
            (float(x), float(y))
            for x, y in (p.split(",") for p in (line.get("points", "") if line is not None else "").split())
        )
        sizes[path.name] = (float(obj.get("width") or 0), float(obj.get("height") or 0), points)
    return sizes


def _as_in_the_kit(obj: RawObject) -> bool:
    """Placed from a kit template and left at the template's size."""
    if not obj.template or not obj.visible:
        return False
    size = kit_template_sizes().get(os.path.basename(obj.template))
    return size is not None and (obj.width, obj.height, tuple(obj.points)) == size


def template_scale(raw: RawMap) -> list[Problem]:
    """One warning when objects keep a kit template's pixel size on a map where a pixel is not 1/32"."""
    factor = inches_per_tile(raw) / raw.tilewidth * KIT_TILE_PIXELS if raw.tilewidth else 1.0
    placed = [o for o in raw.objects if _as_in_the_kit(o)]
    if abs(factor - 1) < 1e-6 or not placed:
        return []
    ids = ", ".join(str(o.id) for o in placed[:8]) + ("..." if len(placed) > 8 else "")
    return [
        Problem(
            None,
            "",
            f"{len(placed)} object(s) (ids {ids}) keep the size of the kit's templates, drawn for "
            f'{KIT_TILE_PIXELS} px tiles of 1"; on this map of {raw.tilewidth} px tiles of {inches_per_tile(raw):g}" '
            f'each is {factor:g} times as big in inches (a 6" Wall is {6 * factor:g}")',
            f"resize them in Tiled (the designer view's grid shows inches), or make the map of {KIT_TILE_PIXELS} px "
            "tiles with inches_per_tile 1 (Map > Map Properties)",
            WARNING,
        )
    ]


def tileset_scale(raw: RawMap, tiles: TileMap | None) -> list[Problem]:
    """One warning per sheet tileset painted on a tile layer whose tiles are not the map's size."""
    if tiles is None:
        return []
    painted = {gid & GID_MASK for d in tiles.drawables if isinstance(d, TileLayer) for gid in d.gids if gid}
    out = []
    for ts in tiles.tilesets:
        size = (ts.tilewidth, ts.tileheight)
        if ts.image is None or size == (raw.tilewidth, raw.tileheight):
            continue
        if not any(ts.firstgid <= gid < ts.firstgid + max(ts.tilecount, 1) for gid in painted):
            continue
        out.append(
            Problem(
                None,
                "",
                f'the tileset "{ts.name}" has {ts.tilewidth}x{ts.tileheight} px tiles on a map of '
                f"{raw.tilewidth}x{raw.tileheight} px tiles: Tiled and the game draw each bigger tile from its "
                "cell's bottom-left corner, so the ground stands out of its cells, up and over its neighbours",
                f"paint with a tileset of {raw.tilewidth} px tiles (the kit's tiles/deadground.tsx is "
                f"{KIT_TILE_PIXELS} px), or give the map {ts.tilewidth} px tiles",
                WARNING,
            )
        )
    return out
