"""The simulator's heat maps: where the players' figures died and where they stalled, over the table
picture the game draws (the same :class:`~game.ui.map_render.MapRenderer`, headless).

``deadground simulate --report DIR`` writes ``DIR/heat_died.png`` and ``DIR/heat_stalled.png`` beside
``report.png``. Each is the whole table at :func:`pixels_per_inch` (so a pixel is always the same
fraction of an inch across the picture), the counts of the report's inch grid smoothed over a few
inches and laid over the table from clear (none) through yellow to red (the most), every terrain piece
and zone outlined (:mod:`game.ui.heat_outlines`, the zombies a game beside each spawn point), and the
report's hot spots circled and numbered; the legend is a band below the table, so it hides none of it.
``DIR/heat_bystanders.png`` shows where bystanders fell, when any did.

>>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
'dummy'
>>> picture_size(72, 48)
(1440, 960)
>>> picture_size(200, 100)
(1600, 800)
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame

from game.heat import SPOT_RADIUS, spot_words
from game.scenario.model import Scenario
from game.ui.charts import font, save_png
from game.ui.heat_outlines import Outline, draw_outlines, label_spawns, legend_entries, mark_zombies
from game.ui.map_render import MapRenderer

PPI_MOST = 20.0  # pixels per inch of a heat map, at most
LONGEST = 1600  # pixels along the table's longer side, at most
SMOOTHING = 1.5  # inches: the spread of each death or stall in the picture (a Gaussian's sigma)
FILES = {"died": "heat_died.png", "stalled": "heat_stalled.png"}
WHEN_ANY = {"bystanders": "heat_bystanders.png"}  # drawn only when the report has some
CAUSES_SHOWN = 5  # stall causes the stalls map's legend lists


def pixels_per_inch(width: float, height: float) -> float:
    """The heat map's scale: :data:`PPI_MOST`, less for a table longer than :data:`LONGEST` pixels."""
    return min(PPI_MOST, LONGEST / max(width, height, 1e-6))


def picture_size(width: float, height: float) -> tuple[int, int]:
    """The heat map's size in pixels for a table of ``width`` x ``height`` inches."""
    ppi = pixels_per_inch(width, height)
    return max(1, round(width * ppi)), max(1, round(height * ppi))


def _display() -> bool:
    """A (hidden) display mode, which pictures need to be converted; False when none can be had."""
    try:
        if not pygame.display.get_init():
            pygame.display.init()
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1, 1), pygame.HIDDEN)
    except pygame.error:
        return False
    return True


def table_picture(scenario: Scenario | None, table: tuple[float, float], size: tuple[int, int]) -> pygame.Surface:
    """The table as the game draws it, scaled to ``size``; a bare table when the map cannot be drawn."""
    renderer = None
    if scenario is not None and _display():
        try:
            renderer = MapRenderer.from_tmx(scenario.path, scenario.inches_per_tile)
        except (ValueError, OSError, pygame.error):
            renderer = None
    if renderer is None:
        renderer = MapRenderer.plain(table)
    native = renderer.native
    if native.get_bitsize() not in (24, 32):  # smoothscale takes 24 and 32 bit pictures only
        deep = pygame.Surface(native.get_size(), 0, 32)
        deep.blit(native, (0, 0))
        native = deep
    return pygame.transform.smoothscale(native, size)


def smoothed(counts: list[list[int]], cell: float, sigma: float = SMOOTHING) -> list[list[float]]:
    """The grid's counts spread by a Gaussian of ``sigma`` inches (a hot spot reads as a blot)."""
    rows, cols = len(counts), len(counts[0]) if counts else 0
    reach = max(1, math.ceil(2.5 * sigma / cell))
    kernel = [math.exp(-((k * cell) ** 2) / (2 * sigma * sigma)) for k in range(-reach, reach + 1)]
    across = [
        [
            sum(kernel[k + reach] * row[i + k] for k in range(-reach, reach + 1) if 0 <= i + k < cols)
            for i in range(cols)
        ]
        for row in counts
    ]
    return [
        [
            sum(kernel[k + reach] * across[j + k][i] for k in range(-reach, reach + 1) if 0 <= j + k < rows)
            for i in range(cols)
        ]
        for j in range(rows)
    ]


def _colour(v: float) -> tuple[int, int, int, int]:
    """Clear for nothing, then yellow to orange to red as ``v`` (0..1) grows."""
    if v <= 0.03:
        return (0, 0, 0, 0)
    g = round(230 * (1 - v) ** 0.8)
    return (245, g, 20, round(70 + 170 * min(1.0, v) ** 0.6))


def heat_layer(counts: list[list[int]], cell: float, size: tuple[int, int]) -> pygame.Surface:
    """The smoothed counts as a see-through layer of ``size`` pixels (a cell a grid square, scaled smooth)."""
    values = smoothed(counts, cell)
    rows, cols = len(values), len(values[0]) if values else 0
    top = max((v for row in values for v in row), default=0.0) or 1.0
    small = pygame.Surface((max(1, cols), max(1, rows)), pygame.SRCALPHA)
    for j, row in enumerate(values):
        for i, v in enumerate(row):
            small.set_at((i, j), _colour(v / top))
    # the grid covers whole cells: scale it so a cell is cell inches, then crop to the table
    ppi_x, ppi_y = size[0] / max(cols * cell, 1e-6), size[1] / max(rows * cell, 1e-6)
    full = (round(cols * cell * ppi_x), round(rows * cell * ppi_y))
    return pygame.transform.smoothscale(small, full).subsurface(pygame.Rect((0, 0), size)).copy()


def _plate(surface: pygame.Surface, lines: list[str], at: tuple[int, int], size: int) -> None:
    """Lines of text on a dark see-through plate (readable on any table)."""
    images = [font(size, bold=k == 0).render(text, True, (250, 246, 230)) for k, text in enumerate(lines)]
    w = max(i.get_width() for i in images) + size
    h = sum(i.get_height() for i in images) + size // 2
    plate = pygame.Surface((w, h), pygame.SRCALPHA)
    plate.fill((18, 18, 14, 190))
    surface.blit(plate, at)
    y = at[1] + size // 4
    for image in images:
        surface.blit(image, (at[0] + size // 2, y))
        y += image.get_height()


def heat_map(report: dict[str, Any], key: str, scenario: Scenario | None) -> pygame.Surface:
    """The heat map of ``key`` (``died``, ``stalled`` or ``bystanders``) of a simulator report: the table
    with the heat, every terrain piece and zone outlined and the hot spots numbered, over a legend band
    below the table (so the legend covers none of it)."""
    ground = report["ground"]
    width, height = (float(v) for v in ground["table"])
    size = picture_size(width, height)
    ppi = pixels_per_inch(width, height)
    table = table_picture(scenario, (width, height), size)
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 70))  # the table a shade darker, so the heat stands out
    table.blit(shade, (0, 0))
    part = ground[key]
    table.blit(heat_layer(part["grid"], float(ground.get("cell", 1.0)), size), (0, 0))
    drawn: list[str] = []
    if scenario is not None:
        drawn = draw_outlines(table, scenario, ppi)
        drawn += ["zombie"] if mark_zombies(table, scenario, ppi) else []
        came = ground.get("arrivals", {}).get("points", [])
        label_spawns(table, scenario, ppi, {p["name"]: p["per_game"] for p in came})
    fs = max(12, round(ppi * 0.8))
    _spots(table, part["hot_spots"], ppi, fs)
    lines = legend_lines(report, key)
    keys = legend_entries(drawn)
    text_fs = max(13, min(18, round(size[0] / 80)))
    band = legend_height(len(lines), len(keys) + 1, text_fs)
    surface = pygame.Surface((size[0], size[1] + band))
    surface.fill((24, 24, 20))
    surface.blit(table, (0, 0))
    _legend(surface, lines, keys, pygame.Rect(0, size[1], size[0], band), text_fs)
    return surface


def _spots(surface: pygame.Surface, spots: list[Any], ppi: float, fs: int) -> None:
    """The hot spots circled and numbered."""
    for n, spot in enumerate(spots, start=1):
        centre = (round(spot["x"] * ppi), round(spot["y"] * ppi))
        pygame.draw.circle(surface, (20, 20, 20), centre, round(SPOT_RADIUS * ppi), 5)
        pygame.draw.circle(surface, (250, 250, 250), centre, round(SPOT_RADIUS * ppi), 2)
        label = font(fs, bold=True).render(str(n), True, (250, 250, 250))
        box = label.get_rect(center=centre).inflate(fs // 2, 2)
        pygame.draw.rect(surface, (20, 20, 20), box, border_radius=4)
        surface.blit(label, label.get_rect(center=centre))


def legend_lines(report: dict[str, Any], key: str) -> list[str]:
    """The legend's words: what the map shows, its hot spots, the nearest approach, and for stalls
    their causes."""
    ground, part = report["ground"], report["ground"][key]
    games = report.get("games", 0)
    lines = [f"{part['label']}: {part['count']} in {games} games ({report['scenario'].get('title', '')})"]
    lines += [f"{n}  {spot_words(spot)}" for n, spot in enumerate(part["hot_spots"], start=1)]
    approach = ground.get("approach")
    if approach and approach["games"]:
        lines.append(
            f'Nearest approach to {ground["objective"]}: median {approach["median"]:g}", '
            f"reached in {approach['reached_share']:.0%} of games"
        )
    for cause in part.get("causes", [])[:CAUSES_SHOWN]:
        lines.append(f"{cause['label']}: {cause['per_game']:g} a game ({cause['share']:.0%})")
    return lines


def _swatch(surface: pygame.Surface, style: Outline, x: int, mid: int, fs: int) -> None:
    """The legend's sample of one outline: a dot for a figure, a line (dashed for a dashed kind)."""
    if style.width == 0:
        pygame.draw.circle(surface, style.colour, (x + fs, mid), max(3, fs // 3))
        return
    for a in range(0, fs * 2, 8 if style.dashed else fs * 2):
        end = min(fs * 2, a + (4 if style.dashed else fs * 2))
        pygame.draw.line(surface, style.colour, (x + a, mid), (x + end, mid), style.width)


def legend_height(text_lines: int, key_rows: int, fs: int) -> int:
    """The band's height in pixels for its text and its key (the taller column)."""
    pitch = round(fs * 1.35)
    return pitch * max(text_lines, key_rows) + fs


def _legend(
    surface: pygame.Surface, lines: list[str], keys: list[tuple[Outline, str]], rect: pygame.Rect, fs: int
) -> None:
    """The band under the table: the words on the left, the outlines' key and the heat's scale on the
    right."""
    pitch = round(fs * 1.35)
    y = rect.y + fs // 2
    for k, line in enumerate(lines):
        surface.blit(font(fs, bold=k == 0).render(line, True, (250, 246, 230)), (rect.x + fs, y + k * pitch))
    widest = max([font(fs).size(words)[0] for _, words in keys] + [font(fs).size("heat: few .. most")[0]])
    x = rect.right - widest - fs * 4
    for k, (style, words) in enumerate(keys):
        _swatch(surface, style, x, y + k * pitch + fs // 2, fs)
        surface.blit(font(fs).render(words, True, (250, 246, 230)), (x + fs * 3, y + k * pitch))
    ramp_y = y + len(keys) * pitch
    for i in range(fs * 2):
        colour = _colour(0.05 + 0.95 * i / (fs * 2 - 1))
        pygame.draw.line(surface, colour[:3], (x + i, ramp_y + 2), (x + i, ramp_y + fs - 2))
    surface.blit(font(fs).render("heat: few .. most", True, (250, 246, 230)), (x + fs * 3, ramp_y))


def write_heat_maps(report: dict[str, Any], folder: str | Path) -> list[Path]:
    """Draw the report's heat maps and save them in ``folder``; returns the files written."""
    if not report.get("ground"):
        return []
    if not pygame.font.get_init():
        pygame.font.init()
    scenario = _scenario(report)
    ground = report["ground"]
    files = FILES | {key: name for key, name in WHEN_ANY.items() if key in ground}
    return [save_png(heat_map(report, key, scenario), Path(folder) / name) for key, name in files.items()]


def _scenario(report: dict[str, Any]) -> Scenario | None:
    """The report's scenario, read again for its map picture and zones (None: it cannot be read now)."""
    from game.scenario import ScenarioError, load_scenario

    try:
        return load_scenario(str(report["scenario"]["path"]))
    except (ScenarioError, OSError, KeyError):
        return None
