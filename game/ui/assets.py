"""Sprites by manifest id, loaded once and cached; tokens pre-scaled and pre-rotated.

>>> assets = Assets()                                  # doctest: +SKIP
>>> assets.token("tokens.zombie_1", 48, facing=90)     # a 48 px token facing down the table  # doctest: +SKIP
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path

import pygame

from game.assets import assets_dir
from game.ui.kept import MB, KeptSurfaces
from game.ui.manifest import Entry, load_manifest

log = logging.getLogger(__name__)

FACING_STEP = 5  # degrees: tokens are pre-rotated in steps this big
# scaled and turned token images kept (a few kB each at the fit zoom, 100 kB at the deepest), and the
# same pictures by the exact call that asked for them (the draw path's quick way in)
TOKEN_BYTES = 4 * MB
TOKEN_CALL_BYTES = 4 * MB
SMALL_BELOW = 30  # px: a token drawn smaller than this uses its bold "<id>_small" art, where it has one
SHADOW_ALPHA = 150  # how dark a token's shadow is at its middle (0-255)
SHADOW_BLUR = 0.12  # the shadow's soft edge, as a fraction of the base's width
SHADOW_OFFSET = (0.10, 0.16)  # where the shadow falls, as fractions of the base's width (right, down)


def _sprites_dir() -> Path | None:
    try:
        return assets_dir("sprites")
    except FileNotFoundError:
        return None


class Assets:
    """Images from ``sprites/manifest.toml`` by id.

    A file that is missing is replaced by a drawn placeholder (and a warning is logged once);
    that is a fallback for a broken install, not the normal path.
    """

    shadow_offset = SHADOW_OFFSET

    def __init__(self, sprites_dir: Path | None = None) -> None:
        self.dir = sprites_dir if sprites_dir is not None else _sprites_dir()
        self.entries: dict[str, Entry] = load_manifest(self.dir / "manifest.toml") if self.dir else {}
        self._images: dict[str, pygame.Surface] = {}
        self._tokens = KeptSurfaces(TOKEN_BYTES)  # by (id, pixels, facing step, dimmed)
        self._scaled: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        # The same images by the caller's own arguments: a steady frame asks for the same tokens
        # again and again, so one dict look-up answers without rounding or reordering the LRU.
        self._token_calls = KeptSurfaces(TOKEN_CALL_BYTES)  # by (id, pixels, facing, dimmed) as asked
        self._warned: set[str] = set()
        self._shadows: dict[int, pygame.Surface] = {}

    def prepare_for_display(self) -> None:
        """Once a window exists: convert what was loaded before it (the icon) for fast blits."""
        self._images = {k: v.convert_alpha() for k, v in self._images.items()}

    def ids(self) -> list[str]:
        return sorted(self.entries)

    def has(self, sprite_id: str) -> bool:
        return sprite_id in self.entries

    def path(self, sprite_id: str) -> Path | None:
        entry = self.entries.get(sprite_id)
        if entry is None or self.dir is None:
            return None
        return self.dir / entry.file

    def image(self, sprite_id: str) -> pygame.Surface:
        """The sprite at its own size (loaded once)."""
        cached = self._images.get(sprite_id)
        if cached is not None:
            return cached
        surface = self._load(sprite_id)
        self._images[sprite_id] = surface
        return surface

    def scaled(self, sprite_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The sprite smooth-scaled to ``size`` (cached: a few sizes per id)."""
        key = (sprite_id, size[0], size[1])
        cached = self._scaled.get(key)
        if cached is not None:
            self._scaled.move_to_end(key)
            return cached
        surface = pygame.transform.smoothscale(self.image(sprite_id), (max(1, size[0]), max(1, size[1])))
        self._scaled[key] = surface
        while len(self._scaled) > 32:
            self._scaled.popitem(last=False)
        return surface

    def token(self, sprite_id: str, pixels: int, facing: float = 0.0, dim: bool = False) -> pygame.Surface:
        """A token scaled to ``pixels`` across and turned to ``facing`` degrees (0 = east, 90 = down).

        Token art faces east; the result is cached by (id, size, facing rounded to 5 degrees, dimmed),
        so the draw path only blits. Below SMALL_BELOW px a token with ``_small`` art is drawn from it.
        """
        call = (sprite_id, pixels, facing, dim)
        hit = self._token_calls.get(call)
        if hit is not None:
            return hit
        surface = self._token_calls[call] = self._token(sprite_id, pixels, facing, dim)
        return surface

    def small_art(self, sprite_id: str, pixels: int) -> str:
        """The id to draw ``sprite_id`` from at ``pixels`` across: its ``_small`` art (bold shapes
        that still read at the table's default zoom) below SMALL_BELOW px, else itself."""
        if pixels < SMALL_BELOW and self.has(sprite_id + "_small"):
            return sprite_id + "_small"
        return sprite_id

    def shadow(self, pixels: int) -> pygame.Surface:
        """A soft shadow for a round base ``pixels`` across: a dark disc with a blurred edge,
        larger than the base by the blur, to blit a little down and right of the token (the light
        comes from the top left, as on the token art). Cached per size.
        """
        pixels = max(2, int(pixels))
        cached = self._shadows.get(pixels)
        if cached is not None:
            return cached
        blur = max(1, round(pixels * SHADOW_BLUR))
        size = pixels + 4 * blur
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surface, (0, 0, 0, SHADOW_ALPHA), (size / 2, size / 2), pixels / 2)
        if blur >= 1 and size >= 3:
            surface = pygame.transform.gaussian_blur(surface, blur)
        if len(self._shadows) > 64:
            self._shadows.clear()
        self._shadows[pixels] = surface
        return surface

    def _token(self, sprite_id: str, pixels: int, facing: float, dim: bool) -> pygame.Surface:
        pixels = max(2, int(pixels))
        step = int(round(facing / FACING_STEP)) * FACING_STEP % 360
        key = (sprite_id, pixels, step, dim)
        cached = self._tokens.get(key)
        if cached is not None:
            return cached
        source = self.small_art(sprite_id, pixels)
        surface = self.scaled(source, (pixels, pixels))
        if step:
            # pygame turns anticlockwise; table angles run clockwise on screen (y down)
            surface = pygame.transform.rotate(surface, -step)
        if dim:  # knocked down or dead: darker and see-through, made once here
            surface = surface.copy()
            surface.fill((120, 120, 120, 170), special_flags=pygame.BLEND_RGBA_MULT)
        self._tokens[key] = surface
        return surface

    def _load(self, sprite_id: str) -> pygame.Surface:
        path = self.path(sprite_id)
        if path is not None:
            try:
                surface = pygame.image.load(str(path))
                return surface.convert_alpha() if pygame.display.get_surface() is not None else surface
            except (pygame.error, FileNotFoundError, OSError) as exc:
                self._warn(sprite_id, f"cannot load {path}: {exc}")
        else:
            self._warn(sprite_id, "not in sprites/manifest.toml")
        return placeholder(sprite_id)

    def _warn(self, sprite_id: str, why: str) -> None:
        if sprite_id not in self._warned:
            self._warned.add(sprite_id)
            log.warning("sprite %s: %s; drawing a placeholder", sprite_id, why)


def placeholder(sprite_id: str) -> pygame.Surface:
    """A plain drawn stand-in for a missing sprite: a disc for tokens, a framed box otherwise."""
    if sprite_id == "ui.title":
        surface = pygame.Surface((1280, 800))
        surface.fill((24, 26, 22))
        return surface
    size = 128 if sprite_id.startswith("tokens.") else 64
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = (150, 60, 60) if "zombie" in sprite_id else (90, 110, 70)
    if sprite_id.startswith("tokens."):
        pygame.draw.circle(surface, colour, (size // 2, size // 2), size // 2 - 4)
        # a nose toward the east, so facing still shows
        pygame.draw.polygon(
            surface,
            (230, 230, 210),
            [(size - 6, size // 2), (size // 2 + 10, size // 2 - 14), (size // 2 + 10, size // 2 + 14)],
        )
    else:
        pygame.draw.rect(surface, (80, 80, 70), surface.get_rect(), border_radius=8)
        pygame.draw.rect(surface, (200, 190, 150), surface.get_rect(), 3, border_radius=8)
    return surface
