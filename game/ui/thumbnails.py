"""A map's small picture for the New game menu, drawn by the table's own drawing code and kept on disk.

The picture is the table as a game shows it at the fit zoom (tiles, terrain art, zones and their labels, no
figures), drawn by :class:`~game.ui.table_view.TableView`. Drawing one takes up to a second, so it is kept in
the user's cache folder under the map file's hash (a map edited in Tiled gets a new picture; a stale one is
never shown) and in memory for the menu's life.

>>> thumbnail_size((48.0, 32.0))
(480, 320)
>>> thumbnail_size((24.0, 48.0))
(160, 320)
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

import pygame

from game.scenario.model import Scenario
from game.ui.assets import Assets

log = logging.getLogger(__name__)

LONG_SIDE, TALL = 480, 320  # the picture's most pixels across and down
VERSION = "1"  # bumped when the table's drawing changes, so pictures kept from before are drawn again


def thumbnail_size(table: tuple[float, float]) -> tuple[int, int]:
    """The picture's size for a table of ``table`` inches: as wide as LONG_SIDE, as tall as TALL, its shape."""
    w, h = max(table[0], 1.0), max(table[1], 1.0)
    k = min(LONG_SIDE / w, TALL / h)
    return max(1, round(w * k)), max(1, round(h * k))


def map_key(path: Path) -> str:
    """The map file's hash (with the drawing's VERSION): the name its picture is kept under."""
    digest = hashlib.sha256(VERSION.encode())
    digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def draw_thumbnail(scenario: Scenario, assets: Assets) -> pygame.Surface:
    """The table of ``scenario`` at the fit zoom, as a game's table view draws it (no figures)."""
    from game.ui.table_view import TableView

    size = thumbnail_size((scenario.width, scenario.height))
    view = TableView.for_scenario(scenario, assets, (0, 0, *size))
    view.fit()
    picture = pygame.Surface(size)
    view.draw(picture)
    return picture


def map_thumbnail(scenario: Scenario, assets: Assets, folder: Path) -> pygame.Surface:
    """The map's picture: kept in ``folder`` from before, else drawn now and kept there (a read-only folder is
    no harm: it is drawn again next time)."""
    try:
        kept = folder / f"{map_key(Path(scenario.path))}.png"
    except OSError as exc:  # the map file went away since the menu read it: draw it without keeping
        log.warning("map picture of %s not kept: %s", scenario.path, exc)
        return draw_thumbnail(scenario, assets)
    if kept.is_file():
        try:
            return pygame.image.load(str(kept))
        except (pygame.error, OSError) as exc:
            log.warning("redrawing the map picture %s: %s", kept, exc)
    picture = draw_thumbnail(scenario, assets)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(kept))
    except (pygame.error, OSError) as exc:
        log.warning("map picture not kept in %s: %s", folder, exc)
    return picture
