"""The Tiled map drawn from its tiles, rendered once and cut into cached chunks per zoom level.

The whole map is composed once at its native tile resolution. For each zoom level (pixels per
inch) the view asks for square chunks; each chunk is scaled from the native image the first
time it is needed and kept (least recently used are dropped, past :data:`CHUNK_BYTES`), so a steady
frame only blits. A new zoom forgets the chunks of every zoom but the one it left: zooming back a step
finds them, while a wheel run through twenty zooms keeps no twenty screens of pixels.

>>> renderer = MapRenderer.from_tmx("maps/normandy_village.tmx", inches_per_tile=1.0)  # doctest: +SKIP
>>> renderer.draw(screen, camera)                                                     # doctest: +SKIP
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame

from game.scenario.geometry import turn
from game.scenario.tiles import FLIP_D, FLIP_H, FLIP_V, ImageLayer, TileLayer, TileMap, TileObject
from game.ui.camera import Camera
from game.ui.kept import MB, KeptSurfaces

log = logging.getLogger(__name__)

CHUNK = 512  # screen pixels per chunk side
CHUNK_BYTES = 24 * MB  # chunks kept (1 MB each): a 1920x1080 table view (15 to 20 chunks) and some
TABLE_COLOUR = (74, 82, 58)  # bare baize, for a map that cannot be drawn


class MapRenderer:
    """Draws one table's map. ``native`` is the map at tile resolution, ``native_ppi`` its pixels per inch."""

    def __init__(self, native: pygame.Surface, native_ppi: float) -> None:
        self.native = native
        self.native_ppi = native_ppi
        self._chunks = KeptSurfaces(CHUNK_BYTES)  # (zoom, column, row) -> chunk
        self._zooms: tuple[float, ...] = ()  # the zoom drawn last and the one before it
        self.table_size = (native.get_width() / native_ppi, native.get_height() / native_ppi)

    @classmethod
    def from_tmx(cls, path: str | Path, inches_per_tile: float = 1.0) -> MapRenderer:
        """Compose the map's tile layers, image layers and tile objects once, as Tiled shows them.

        Reads the map with ``game.scenario.tiles``, the same reading ``deadground check`` makes, so
        whatever ``check`` accepts is drawn (layer offsets, opacity, every encoding it accepts, flipped
        tiles, tile objects at Tiled's bottom-left anchor). Tile objects of figures are left out: the
        game draws the figure as a token that moves. Needs a display mode set (pictures are converted).
        Raises ``ValueError`` with ``check``'s message when the map cannot be drawn.
        """
        from game.scenario.tiles import read_tiles

        tiles, problems = read_tiles(str(path))
        errors = [p for p in problems if p.is_error]
        if tiles is None or errors:
            raise ValueError(f"cannot draw map {path}: " + "; ".join(str(p) for p in errors or problems))
        surface = pygame.Surface((tiles.width * tiles.tilewidth, tiles.height * tiles.tileheight)).convert()
        surface.fill(TABLE_COLOUR)
        _compose(surface, tiles)
        return cls(surface, tiles.tilewidth / max(inches_per_tile, 1e-6))

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
        return chunk

    def _zoom_to(self, ppi: float) -> None:
        """Drawing at ``ppi`` now: forget the chunks of the zooms before the last one."""
        zoom = round(ppi, 3)
        if self._zooms and self._zooms[0] == zoom:
            return
        self._zooms = (zoom, *self._zooms[:1])
        kept = self._zooms
        self._chunks.drop_where(lambda key: key[0] not in kept)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blit the chunks that cover the viewport."""
        self._zoom_to(camera.ppi)
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


class _Pictures:
    """Tileset and layer pictures, each loaded once, and single tiles cut from them (with flips)."""

    def __init__(self, tiles: TileMap) -> None:
        self.tiles = tiles
        self._files: dict[str, pygame.Surface] = {}
        self._cut: dict[int, pygame.Surface | None] = {}

    def file(self, path: str) -> pygame.Surface:
        found = self._files.get(path)
        if found is None:
            try:
                found = self._files[path] = pygame.image.load(path).convert_alpha()
            except (pygame.error, OSError) as exc:
                raise ValueError(
                    f"cannot draw map {self.tiles.path}: the picture {path} cannot be read ({exc})"
                ) from exc
        return found

    def tile(self, gid: int) -> pygame.Surface | None:
        if gid in self._cut:
            return self._cut[gid]
        where = self.tiles.tile(gid)
        image = None
        if where is not None:
            ts, local = where
            if ts.image is not None:
                sheet = self.file(ts.image)
                rect = pygame.Rect(ts.cell(local)).clip(sheet.get_rect())
                image = sheet.subsurface(rect).copy() if rect.w and rect.h else None
            else:
                image = self.file(ts.pictures[local])
            if image is not None:
                image = _flipped(image, gid)
        self._cut[gid] = image
        return image


def _flipped(image: pygame.Surface, gid: int) -> pygame.Surface:
    """Tiled's flip bits: anti-diagonal (a transpose) first, then horizontal, then vertical."""
    if gid & FLIP_D:
        image = pygame.transform.flip(pygame.transform.rotate(image, -90), True, False)
    if gid & (FLIP_H | FLIP_V):
        image = pygame.transform.flip(image, bool(gid & FLIP_H), bool(gid & FLIP_V))
    return image


def _with_opacity(image: pygame.Surface, opacity: float) -> pygame.Surface:
    if opacity >= 1.0:
        return image
    faded = image.copy()
    faded.fill((255, 255, 255, max(0, min(255, round(opacity * 255)))), special_flags=pygame.BLEND_RGBA_MULT)
    return faded


def _px(v: float) -> int:
    """The nearest pixel, halves up (``round`` would send 16.5 to 16 but 17.5 to 18)."""
    return math.floor(v + 0.5)


def _compose(surface: pygame.Surface, tiles: TileMap) -> None:
    """Draw every shown layer bottom to top; fractional offsets land on the nearest native pixel."""
    pictures = _Pictures(tiles)
    tw, th = tiles.tilewidth, tiles.tileheight
    for item in tiles.drawables:
        if isinstance(item, TileLayer):
            target = surface
            if item.opacity < 1.0:
                target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            ox, oy = item.offset
            for k, gid in enumerate(item.gids):
                if not gid:
                    continue
                image = pictures.tile(gid)
                if image is None:
                    continue
                x, y = k % item.width, k // item.width
                # tiles taller than the grid sit on the bottom of their cell, as Tiled draws them
                target.blit(image, (_px(x * tw + ox), _px(y * th + th - image.get_height() + oy)))
            if target is not surface:
                surface.blit(_with_opacity(target, item.opacity), (0, 0))
        elif isinstance(item, ImageLayer):
            image = _with_opacity(pictures.file(item.image), item.opacity)
            surface.blit(image, (_px(item.offset[0]), _px(item.offset[1])))
        elif isinstance(item, TileObject) and not item.moves:
            image = pictures.tile(item.gid)
            if image is None:
                continue
            w = max(1, round(item.width or image.get_width()))
            h = max(1, round(item.height or image.get_height()))
            image = _with_opacity(pygame.transform.smoothscale(image, (w, h)), item.opacity)
            if item.rotation % 360:
                image = pygame.transform.rotate(image, -item.rotation)  # Tiled turns clockwise on screen
            # Tiled anchors a tile object at its bottom-left corner and turns it about that corner
            corners = turn((item.x, item.y), [(0.0, -h), (w, -h), (w, 0.0), (0.0, 0.0)], item.rotation)
            surface.blit(image, (_px(min(c[0] for c in corners)), _px(min(c[1] for c in corners))))
