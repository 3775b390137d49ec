"""The Tiled map drawn from its tiles, rendered once and cut into cached chunks per zoom level.

The whole map is composed once at its native tile resolution. For each zoom level (pixels per
inch) the view asks for square chunks; each chunk is scaled from the native image the first
time it is needed and kept (least recently used are dropped), so a steady frame only blits.

>>> renderer = MapRenderer.from_tmx("maps/normandy_village.tmx", inches_per_tile=1.0)  # doctest: +SKIP
>>> renderer.draw(screen, camera)                                                     # doctest: +SKIP
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from pathlib import Path

import pygame

from game.ui.camera import Camera

log = logging.getLogger(__name__)

CHUNK = 512  # screen pixels per chunk side
CHUNK_CACHE = 96  # chunks kept across all zoom levels (about 100 MB at most)
TABLE_COLOUR = (74, 82, 58)  # bare baize, for a map that cannot be drawn


class MapRenderer:
    """Draws one table's map. ``native`` is the map at tile resolution, ``native_ppi`` its pixels per inch."""

    def __init__(self, native: pygame.Surface, native_ppi: float) -> None:
        self.native = native
        self.native_ppi = native_ppi
        self._chunks: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()
        self.table_size = (native.get_width() / native_ppi, native.get_height() / native_ppi)

    @classmethod
    def from_tmx(cls, path: str | Path, inches_per_tile: float = 1.0) -> MapRenderer:
        """Compose the map's tile and image layers (and tile objects) once.

        Needs a display mode set (pytmx converts the tiles). Raises ``ValueError`` with a
        readable message when the map cannot be read.
        """
        import pytmx
        from pytmx.util_pygame import load_pygame

        try:
            tmx = load_pygame(str(path))
        except Exception as exc:  # pytmx raises many kinds; the caller shows one message
            raise ValueError(f"cannot draw map {path}: {exc}") from exc
        tw, th = tmx.tilewidth, tmx.tileheight
        surface = pygame.Surface((tmx.width * tw, tmx.height * th)).convert()
        surface.fill(TABLE_COLOUR)
        for layer in tmx.visible_layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                for x, y, image in layer.tiles():
                    if image is None:  # a tile pytmx could not cut from its picture: leave the cell bare
                        continue
                    # tiles taller than the grid sit on the bottom of their cell, as Tiled draws them
                    surface.blit(image, (x * tw, y * th + th - image.get_height()))
            elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
                surface.blit(layer.image, (getattr(layer, "offsetx", 0) or 0, getattr(layer, "offsety", 0) or 0))
            elif isinstance(layer, pytmx.TiledObjectGroup):
                for obj in layer:
                    image = getattr(obj, "image", None)
                    if image is not None:
                        # tile objects are anchored bottom-left in Tiled
                        image = pygame.transform.smoothscale(image, (int(obj.width), int(obj.height)))
                        if getattr(obj, "rotation", 0):
                            image = pygame.transform.rotate(image, -obj.rotation)
                        surface.blit(image, (obj.x, obj.y - obj.height))
        return cls(surface, tw / max(inches_per_tile, 1e-6))

    @classmethod
    def plain(cls, table_size: tuple[float, float], native_ppi: float = 16.0) -> MapRenderer:
        """A bare table of the given size in inches (when the map's tiles cannot be drawn)."""
        surface = pygame.Surface(
            (max(1, int(table_size[0] * native_ppi)), max(1, int(table_size[1] * native_ppi)))
        )
        surface.fill(TABLE_COLOUR)
        for x in range(0, int(table_size[0]) + 1, 6):  # a faint 6" grid so distance still reads
            pygame.draw.line(surface, (84, 92, 66), (x * native_ppi, 0), (x * native_ppi, surface.get_height()))
        for y in range(0, int(table_size[1]) + 1, 6):
            pygame.draw.line(surface, (84, 92, 66), (0, y * native_ppi), (surface.get_width(), y * native_ppi))
        return cls(surface, native_ppi)

    def _chunk(self, ppi: float, i: int, j: int) -> pygame.Surface | None:
        key = (round(ppi, 3), i, j)
        cached = self._chunks.get(key)
        if cached is not None:
            self._chunks.move_to_end(key)
            return cached
        k = ppi / self.native_ppi  # screen pixels per native pixel
        nw, nh = self.native.get_size()
        sx0, sy0 = math.floor(i * CHUNK / k), math.floor(j * CHUNK / k)
        sx1, sy1 = min(nw, math.ceil((i + 1) * CHUNK / k) + 1), min(nh, math.ceil((j + 1) * CHUNK / k) + 1)
        if sx0 >= nw or sy0 >= nh or sx1 <= sx0 or sy1 <= sy0:
            return None
        source = self.native.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
        size = (max(1, round((sx1 - sx0) * k)), max(1, round((sy1 - sy0) * k)))
        scaled = pygame.transform.smoothscale(source, size) if k < 1 else pygame.transform.scale(source, size)
        chunk = pygame.Surface(
            (max(1, min(CHUNK, math.ceil(nw * k) - i * CHUNK)), max(1, min(CHUNK, math.ceil(nh * k) - j * CHUNK)))
        )
        chunk.fill(TABLE_COLOUR)
        chunk.blit(scaled, (round(sx0 * k - i * CHUNK), round(sy0 * k - j * CHUNK)))
        self._chunks[key] = chunk
        while len(self._chunks) > CHUNK_CACHE:
            self._chunks.popitem(last=False)
        return chunk

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blit the chunks that cover the viewport."""
        ox, oy = camera.to_screen((0.0, 0.0))
        ox, oy = round(ox), round(oy)
        vx, vy, vw, vh = camera.viewport
        full_w = self.table_size[0] * camera.ppi
        full_h = self.table_size[1] * camera.ppi
        i0 = max(0, (vx - ox) // CHUNK)
        j0 = max(0, (vy - oy) // CHUNK)
        i1 = min(math.ceil(full_w / CHUNK), (vx + vw - ox) // CHUNK + 1)
        j1 = min(math.ceil(full_h / CHUNK), (vy + vh - oy) // CHUNK + 1)
        for j in range(int(j0), int(j1)):
            for i in range(int(i0), int(i1)):
                chunk = self._chunk(camera.ppi, i, j)
                if chunk is not None:
                    surface.blit(chunk, (ox + i * CHUNK, oy + j * CHUNK))
