"""Charts drawn with pygame alone: line charts, bar charts and a many-panel figure, saved as PNG.

Every series differs in colour, line style (solid, dashed, dotted...) and marker shape, so the chart
reads in black and white and for colour-blind players too. Sizes are in pixels; fonts scale with
the chart. Nothing here needs a window: a chart is a plain ``pygame.Surface``.

>>> import pygame
>>> chart = line_chart((640, 360), {"Allied soldiers": [11, 11, 9, 8], "Zombies standing": [22, 18, 15, 15]},
...                    title="The battle", x_label="Turn", y_label="Figures")
>>> chart.get_size()
(640, 360)
>>> bars = bar_chart((480, 320), ["Allies", "Zombies"], {"Wins": [61, 39]}, title="Winners")
>>> save_png(report_figure((1200, 500), [LinePanel({"a": [1, 2, 3]}, "A"), BarPanel(["x", "y"], {"n": [3, 1]}, "B")]),
...          "/tmp/deadground-doctest-report.png").name
'deadground-doctest-report.png'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Protocol

import pygame

Colour = tuple[int, int, int]

MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down_triangle")


@dataclass(frozen=True)
class SeriesStyle:
    """How one series looks: a colour AND a dash pattern AND a marker (never colour alone).

    ``dash`` is (on, off) in pixels, None for a solid line; bars use ``hatch`` instead
    ("none", "diagonal", "cross", "dots", "horizontal").
    """

    colour: Colour
    dash: tuple[int, int] | None = None
    marker: str = "circle"
    hatch: str = "none"
    width: int = 3


@dataclass(frozen=True)
class ChartTheme:
    background: Colour
    plot: Colour
    grid: Colour
    axis: Colour
    text: Colour
    muted: Colour
    outline: Colour  # around markers and bars, for contrast


# the end screen's colours (theme.json's olive and brass)
DARK = ChartTheme(
    background=(24, 27, 21),
    plot=(30, 34, 26),
    grid=(58, 62, 46),
    axis=(170, 163, 128),
    text=(233, 227, 201),
    muted=(169, 166, 142),
    outline=(12, 13, 10),
)
# for report.png: prints and reads on a white page
LIGHT = ChartTheme(
    background=(255, 255, 255),
    plot=(250, 249, 244),
    grid=(222, 220, 210),
    axis=(60, 60, 52),
    text=(25, 25, 20),
    muted=(95, 95, 85),
    outline=(30, 30, 25),
)

# a palette that stays apart for the common colour blindnesses (Okabe-Ito), each with its own dash and marker
DEFAULT_STYLES: tuple[SeriesStyle, ...] = (
    SeriesStyle((86, 180, 233), None, "circle", "none"),  # sky blue, solid
    SeriesStyle((213, 94, 0), (12, 6), "square", "diagonal"),  # vermilion, dashed
    SeriesStyle((0, 158, 115), (3, 5), "triangle", "dots"),  # bluish green, dotted
    SeriesStyle((204, 121, 167), (14, 5), "diamond", "cross"),  # reddish purple, long dash
    SeriesStyle((230, 159, 0), (8, 4), "cross", "horizontal"),  # orange
    SeriesStyle((240, 228, 66), (2, 4), "down_triangle", "diagonal"),  # yellow (last: faint on white)
)


def style_for(index: int, styles: Sequence[SeriesStyle] | dict[str, SeriesStyle] | None, name: str) -> SeriesStyle:
    """The style of series ``index`` called ``name``: from ``styles`` (by name or position), else the default."""
    if isinstance(styles, dict) and name in styles:
        return styles[name]
    if isinstance(styles, (list, tuple)) and index < len(styles):
        return styles[index]
    return DEFAULT_STYLES[index % len(DEFAULT_STYLES)]


# ---- fonts --------------------------------------------------------------------------------------

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def _forget_fonts() -> None:
    _FONTS.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (shipped with pygame_gui, the same face as the menus), cached; pygame's default if missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (max(6, int(size)), bold)
    cached = _FONTS.get(key)
    if cached is not None:
        return cached
    if not _FONTS:
        # fonts die with pygame.quit() (which forgets its quit hooks): hook again for each new cache
        pygame.register_quit(_forget_fonts)
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    try:
        with resources.as_file(resources.files("pygame_gui.data") / name) as path:
            f = pygame.font.Font(str(path), key[0])
    except (FileNotFoundError, ModuleNotFoundError, OSError, pygame.error):
        f = pygame.font.Font(None, round(key[0] * 1.3))
        f.set_bold(bold)
    _FONTS[key] = f
    return f


def _text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    pos: tuple[float, float],
    anchor: str = "topleft",
    bold: bool = False,
    angle: float = 0,
) -> pygame.Rect:
    image = font(size, bold).render(text, True, colour)
    if angle:
        image = pygame.transform.rotate(image, angle)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


# ---- scales -------------------------------------------------------------------------------------


def nice_ticks(lo: float, hi: float, most: int = 6, integer: bool = False) -> list[float]:
    """Round tick values covering [lo, hi], at most about ``most`` of them (steps 1, 2, 5 x 10^k).

    >>> nice_ticks(0, 55)
    [0, 10, 20, 30, 40, 50, 60]
    >>> nice_ticks(0, 3, integer=True)
    [0, 1, 2, 3]
    """
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, most)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if integer:
        step = max(1, round(step)) if step >= 1 else 1
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v < hi + step * 0.999:
        ticks.append(round(v, 10))
        v += step
        if len(ticks) > 50:
            break
    return [int(t) if float(t).is_integer() else t for t in ticks]


def _fmt(v: float) -> str:
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.2f}".rstrip("0").rstrip(".")


# ---- drawing helpers ----------------------------------------------------------------------------


def dashed_polyline(
    surface: pygame.Surface,
    colour: Colour,
    points: Sequence[tuple[float, float]],
    dash: tuple[int, int] | None,
    width: int,
) -> None:
    """A polyline, solid or dashed; the dash pattern runs on across the corners."""
    if len(points) < 2:
        return
    if dash is None:
        pygame.draw.lines(surface, colour, False, points, width)
        for p in points[1:-1]:  # round the joints of thick lines
            pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), max(1, width // 2))
        return
    on, off = dash
    period = on + off
    phase = 0.0  # where in the pattern the next segment starts
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg == 0:
            continue
        ux, uy = (x1 - x0) / seg, (y1 - y0) / seg
        t = 0.0
        while t < seg:
            in_pattern = phase % period
            if in_pattern < on:
                run = min(on - in_pattern, seg - t)
                a = (x0 + ux * t, y0 + uy * t)
                b = (x0 + ux * (t + run), y0 + uy * (t + run))
                pygame.draw.line(surface, colour, a, b, width)
            else:
                run = min(period - in_pattern, seg - t)
            t += run
            phase += run


def draw_marker(
    surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float, colour: Colour, outline: Colour
) -> None:
    """A filled marker with an outline: circle, square, triangle, diamond, cross or down_triangle."""
    x, y = centre
    r = max(2.0, r)
    if shape == "square":
        rect = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.8))
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, colour, rect)
        pygame.draw.rect(surface, outline, rect, 1)
    elif shape in ("triangle", "down_triangle", "diamond"):
        k = -1 if shape == "down_triangle" else 1
        if shape == "diamond":
            pts = [(x, y - r * 1.25), (x + r * 1.1, y), (x, y + r * 1.25), (x - r * 1.1, y)]
        else:
            pts = [(x, y - k * r * 1.25), (x + r * 1.15, y + k * r * 0.85), (x - r * 1.15, y + k * r * 0.85)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, outline, pts, 1)
    elif shape == "cross":
        d = r * 1.05
        for a, b in (((x - d, y - d), (x + d, y + d)), ((x - d, y + d), (x + d, y - d))):
            pygame.draw.line(surface, outline, a, b, 5)
            pygame.draw.line(surface, colour, a, b, 3)
    else:
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(r))
        pygame.draw.circle(surface, outline, (round(x), round(y)), round(r), 1)


def fill_hatched(surface: pygame.Surface, rect: pygame.Rect, style: SeriesStyle, outline: Colour) -> None:
    """A bar: its colour, a hatch pattern on top (so bars differ without colour) and an outline."""
    pygame.draw.rect(surface, style.colour, rect)
    if rect.width > 2 and rect.height > 2:
        ink = tuple(max(0, c - 90) for c in style.colour)
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        if style.hatch in ("diagonal", "cross"):
            for k in range(-rect.height, rect.width, 8):
                pygame.draw.line(surface, ink, (rect.x + k, rect.bottom), (rect.x + k + rect.height, rect.y), 2)
        if style.hatch == "cross":
            for k in range(0, rect.width + rect.height, 8):
                pygame.draw.line(surface, ink, (rect.x + k, rect.bottom), (rect.x + k - rect.height, rect.y), 2)
        if style.hatch == "horizontal":
            for yy in range(rect.y + 4, rect.bottom, 7):
                pygame.draw.line(surface, ink, (rect.x, yy), (rect.right, yy), 2)
        if style.hatch == "dots":
            for yy in range(rect.y + 4, rect.bottom - 1, 7):
                for xx in range(rect.x + 4 + (yy // 7 % 2) * 3, rect.right - 1, 7):
                    pygame.draw.circle(surface, ink, (xx, yy), 2)
        surface.set_clip(clip)
    pygame.draw.rect(surface, outline, rect, 1)


# ---- the frame every chart shares ---------------------------------------------------------------


@dataclass
class _Frame:
    surface: pygame.Surface
    plot: pygame.Rect
    fs: int  # base font size


def _legend_entries(
    surface: pygame.Surface, names: Sequence[str], styles, theme: ChartTheme, fs: int, top: int, bars: bool
) -> int:
    """The legend as centred rows under the title; returns its height."""
    if not names:
        return 0
    w = surface.get_width()
    sample = fs * 3
    items = []
    for i, name in enumerate(names):
        width = sample + 6 + font(fs).size(name)[0]
        items.append((name, style_for(i, styles, name), width))
    gap = fs * 2
    rows: list[list[tuple[str, SeriesStyle, int]]] = [[]]
    used = 0
    for it in items:
        if rows[-1] and used + gap + it[2] > w - 2 * fs:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + it[2]
        rows[-1].append(it)
    line_h = round(fs * 1.6)
    for r, row in enumerate(rows):
        total = sum(it[2] for it in row) + gap * (len(row) - 1)
        x = (w - total) / 2
        y = top + r * line_h + line_h / 2
        for name, st, width in row:
            if bars:
                fill_hatched(
                    surface,
                    pygame.Rect(round(x), round(y - fs * 0.55), sample, round(fs * 1.1)),
                    st,
                    theme.outline,
                )
            else:
                dashed_polyline(surface, st.colour, [(x, y), (x + sample, y)], st.dash, st.width)
                draw_marker(surface, st.marker, (x + sample / 2, y), fs * 0.38, st.colour, theme.outline)
            _text(surface, name, fs, theme.text, (x + sample + 6, y), "midleft")
            x += width + gap
    return len(rows) * line_h


def _frame(
    size: tuple[int, int],
    title: str,
    x_label: str,
    y_label: str,
    theme: ChartTheme,
    names: Sequence[str],
    styles,
    bars: bool,
) -> _Frame:
    w, h = max(120, int(size[0])), max(90, int(size[1]))
    surface = pygame.Surface((w, h))
    surface.fill(theme.background)
    fs = max(10, min(20, round(min(w / 40, h / 22))))
    top = round(fs * 0.6)
    if title:
        top = (
            _text(surface, title, round(fs * 1.3), theme.text, (w / 2, top), "midtop", bold=True).bottom + fs // 3
        )
    top += _legend_entries(surface, names if len(names) > 1 or not bars else [], styles, theme, fs, top, bars)
    left = round(fs * 3.2) + (round(fs * 1.5) if y_label else 0)
    bottom = h - round(fs * 2.0) - (round(fs * 1.5) if x_label else 0)
    right = w - round(fs * 1.2)
    plot = pygame.Rect(left, top + round(fs * 0.6), max(10, right - left), max(10, bottom - top - round(fs * 0.6)))
    pygame.draw.rect(surface, theme.plot, plot)
    if x_label:
        _text(surface, x_label, fs, theme.muted, (plot.centerx, h - round(fs * 0.4)), "midbottom")
    if y_label:
        _text(surface, y_label, fs, theme.muted, (round(fs * 0.4), plot.centery), "midleft", angle=90)
    return _Frame(surface, plot, fs)


def _y_axis(
    fr: _Frame, theme: ChartTheme, lo: float, hi: float, integer: bool
) -> tuple[float, float, list[float]]:
    ticks = nice_ticks(lo, hi, most=max(2, min(8, fr.plot.height // (fr.fs * 3))), integer=integer)
    y0, y1 = ticks[0], ticks[-1]
    for t in ticks:
        y = _y(fr.plot, t, y0, y1)
        pygame.draw.line(fr.surface, theme.grid, (fr.plot.left, y), (fr.plot.right, y), 1)
        pygame.draw.line(fr.surface, theme.axis, (fr.plot.left - 5, y), (fr.plot.left, y), 2)
        _text(fr.surface, _fmt(t), fr.fs, theme.text, (fr.plot.left - 8, y), "midright")
    return y0, y1, ticks


def _axes(fr: _Frame, theme: ChartTheme) -> None:
    p = fr.plot
    pygame.draw.line(fr.surface, theme.axis, p.bottomleft, p.topleft, 2)
    pygame.draw.line(fr.surface, theme.axis, p.bottomleft, p.bottomright, 2)


def _y(plot: pygame.Rect, v: float, lo: float, hi: float) -> float:
    return plot.bottom - (v - lo) / (hi - lo or 1) * plot.height


def _no_data(fr: _Frame, theme: ChartTheme) -> pygame.Surface:
    _axes(fr, theme)
    _text(fr.surface, "No data", round(fr.fs * 1.2), theme.muted, fr.plot.center, "center")
    return fr.surface


# ---- the charts ---------------------------------------------------------------------------------


def line_chart(
    size: tuple[int, int],
    series: dict[str, Sequence[float]],
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    styles: Sequence[SeriesStyle] | dict[str, SeriesStyle] | None = None,
    x_values: Sequence[float] | None = None,
    theme: ChartTheme = DARK,
    y_from_zero: bool = True,
) -> pygame.Surface:
    """A line chart of ``series`` (name -> values) against ``x_values`` (0, 1, 2 ... by default).

    Each series gets its style (colour, dash, marker) from ``styles`` by name or position; the
    legend sits under the title; the y axis starts at 0 unless ``y_from_zero`` is False.
    """
    names = [n for n, v in series.items() if len(v)]
    fr = _frame(size, title, x_label, y_label, theme, names, styles, bars=False)
    if not names:
        return _no_data(fr, theme)
    longest = max(len(series[n]) for n in names)
    xs = list(x_values) if x_values is not None and len(x_values) >= longest else list(range(longest))
    values = [float(v) for n in names for v in series[n]]
    lo = 0.0 if y_from_zero and min(values) >= 0 else min(values)
    hi = max(values)
    integer = all(float(v).is_integer() for v in values)
    y0, y1, _ = _y_axis(fr, theme, lo, hi if hi > lo else lo + 1, integer)
    x_lo, x_hi = float(min(xs[:longest])), float(max(xs[:longest]))
    if x_hi == x_lo:
        x_hi = x_lo + 1
    p = fr.plot
    pad = min(fr.fs, p.width // 20)  # the first and last points clear of the axes

    def sx(x: float) -> float:
        return p.left + pad + (x - x_lo) / (x_hi - x_lo) * (p.width - 2 * pad)

    x_int = all(float(x).is_integer() for x in xs[:longest])
    for t in nice_ticks(x_lo, x_hi, most=max(2, min(15, p.width // (fr.fs * 4))), integer=x_int):
        if x_lo - 1e-9 <= t <= x_hi + 1e-9:
            x = sx(t)
            pygame.draw.line(fr.surface, theme.grid, (x, p.top), (x, p.bottom), 1)
            pygame.draw.line(fr.surface, theme.axis, (x, p.bottom), (x, p.bottom + 5), 2)
            _text(fr.surface, _fmt(t), fr.fs, theme.text, (x, p.bottom + 7), "midtop")
    _axes(fr, theme)
    every = max(1, math.ceil(longest / max(1, p.width / (fr.fs * 1.6))))  # markers never crowd
    for i, name in enumerate(names):
        st = style_for(i, styles, name)
        pts = [(sx(float(x)), _y(p, float(v), y0, y1)) for x, v in zip(xs, series[name])]
        dashed_polyline(fr.surface, st.colour, pts, st.dash, st.width)
        for k, pt in enumerate(pts):
            if k % every == 0 or k == len(pts) - 1:
                draw_marker(fr.surface, st.marker, pt, fr.fs * 0.38, st.colour, theme.outline)
    return fr.surface


def bar_chart(
    size: tuple[int, int],
    categories: Sequence[str],
    series: dict[str, Sequence[float]],
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    styles: Sequence[SeriesStyle] | dict[str, SeriesStyle] | None = None,
    theme: ChartTheme = DARK,
    show_values: bool = True,
) -> pygame.Surface:
    """Bars for a distribution: one group per category, one bar per series (each its colour and hatch).

    >>> bar_chart((400, 300), ["1", "2", "3"], {"games": [4, 9, 2]}, "Turns played").get_width()
    400
    """
    names = [n for n in series if len(series[n])]
    fr = _frame(size, title, x_label, y_label, theme, names, styles, bars=True)
    if not names or not categories:
        return _no_data(fr, theme)
    values = [float(v) for n in names for v in series[n]]
    lo = min(0.0, min(values))
    hi = max(values)
    y0, y1, _ = _y_axis(fr, theme, lo, hi if hi > lo else lo + 1, all(float(v).is_integer() for v in values))
    p = fr.plot
    group = p.width / len(categories)
    bar_w = max(2, min(group * 0.8 / len(names), fr.fs * 5))
    every = max(1, math.ceil(len(categories) / max(1, p.width / (fr.fs * 3))))
    base = _y(p, max(0.0, y0), y0, y1)
    for c, cat in enumerate(categories):
        gx = p.left + group * c + (group - bar_w * len(names)) / 2
        for i, name in enumerate(names):
            vals = series[name]
            if c >= len(vals):
                continue
            v = float(vals[c])
            top = _y(p, v, y0, y1)
            rect = pygame.Rect(
                round(gx + i * bar_w),
                round(min(top, base)),
                max(1, round(bar_w) - 2),
                max(1, round(abs(base - top))),
            )
            fill_hatched(fr.surface, rect, style_for(i, styles, name), theme.outline)
            if show_values and bar_w >= fr.fs * 1.4:
                _text(
                    fr.surface,
                    _fmt(round(v, 2)),
                    round(fr.fs * 0.85),
                    theme.text,
                    (rect.centerx, rect.top - 2),
                    "midbottom",
                )
        if c % every == 0:
            _text(fr.surface, str(cat), fr.fs, theme.text, (p.left + group * (c + 0.5), p.bottom + 7), "midtop")
    _axes(fr, theme)
    return fr.surface


# ---- several charts on one surface --------------------------------------------------------------


class Panel(Protocol):
    def render(self, size: tuple[int, int], theme: ChartTheme) -> pygame.Surface: ...


@dataclass
class LinePanel:
    """A :func:`line_chart` waiting for its place in a :func:`report_figure`."""

    series: dict[str, Sequence[float]]
    title: str = ""
    x_label: str = ""
    y_label: str = ""
    styles: Sequence[SeriesStyle] | dict[str, SeriesStyle] | None = None
    x_values: Sequence[float] | None = None

    def render(self, size: tuple[int, int], theme: ChartTheme) -> pygame.Surface:
        return line_chart(
            size, self.series, self.title, self.x_label, self.y_label, self.styles, self.x_values, theme
        )


@dataclass
class BarPanel:
    """A :func:`bar_chart` waiting for its place in a :func:`report_figure`."""

    categories: Sequence[str]
    series: dict[str, Sequence[float]]
    title: str = ""
    x_label: str = ""
    y_label: str = ""
    styles: Sequence[SeriesStyle] | dict[str, SeriesStyle] | None = None

    def render(self, size: tuple[int, int], theme: ChartTheme) -> pygame.Surface:
        return bar_chart(
            size, self.categories, self.series, self.title, self.x_label, self.y_label, self.styles, theme
        )


SMALLEST_TEXT = 8  # px: a summary panel's text shrinks to fit its widest line, never below this


@dataclass
class TextPanel:
    """Lines of text (a summary table) as a panel."""

    lines: Sequence[str]
    title: str = ""
    extras: dict[str, str] = field(default_factory=dict)

    def font_size(self, size: tuple[int, int]) -> int:
        """The panel's text size: as the panel allows, smaller until the widest line fits whole (a summary
        line cut at the edge read "Zombie wins 3" for 30)."""
        fs = max(10, min(20, round(min(size[0] / 40, size[1] / 22))))
        while fs > SMALLEST_TEXT and any(font(fs).size(line)[0] > size[0] - 2 * fs for line in self.lines):
            fs -= 1
        return fs

    def render(self, size: tuple[int, int], theme: ChartTheme) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(theme.background)
        fs = self.font_size(size)
        y = fs * 0.6
        if self.title:
            y = _text(
                surface, self.title, round(fs * 1.3), theme.text, (size[0] / 2, y), "midtop", bold=True
            ).bottom
            y += fs
        for line in self.lines:
            if y > size[1] - fs:
                break
            y = _text(surface, line, fs, theme.text, (fs, y)).bottom + fs * 0.3
        return surface


def report_figure(
    size: tuple[int, int], panels: Sequence[Panel], title: str = "", columns: int = 2, theme: ChartTheme = LIGHT
) -> pygame.Surface:
    """Several panels in a grid (``columns`` wide) under an optional title, on one surface."""
    w, h = int(size[0]), int(size[1])
    surface = pygame.Surface((w, h))
    surface.fill(theme.background)
    top = 0
    if title:
        fs = max(14, min(32, round(w / 45)))
        top = _text(surface, title, fs, theme.text, (w / 2, fs * 0.5), "midtop", bold=True).bottom + fs // 2
    if not panels:
        return surface
    cols = max(1, min(columns, len(panels)))
    rows = math.ceil(len(panels) / cols)
    gap = 12
    cw = (w - gap * (cols + 1)) / cols
    ch = (h - top - gap * (rows + 1)) / rows
    for i, panel in enumerate(panels):
        r, c = divmod(i, cols)
        rect = pygame.Rect(round(gap + c * (cw + gap)), round(top + gap + r * (ch + gap)), round(cw), round(ch))
        surface.blit(panel.render(rect.size, theme), rect)
        pygame.draw.rect(surface, theme.grid, rect, 1)
    return surface


def save_png(surface: pygame.Surface, path: str | Path) -> Path:
    """Write ``surface`` as a PNG (folders made as needed); returns the path.

    The PNG is made in memory, read back to check it is whole, then written atomically: a full disk or
    a kill never leaves a truncated picture where a report says one is."""
    import io

    from game.saves import write_atomic

    out = Path(path)
    try:
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, "report.png")
        data = buffer.getvalue()
        if pygame.image.load(io.BytesIO(data), "report.png").get_size() != surface.get_size():
            raise pygame.error("the PNG read back has another size")
    except pygame.error as exc:
        raise OSError(f"cannot save the chart to {out}: {exc}") from exc
    write_atomic(out, data)
    return out
