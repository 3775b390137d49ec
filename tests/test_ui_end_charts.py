"""Charts (game/ui/charts.py): readable without colour, sane with odd data, saved as PNG."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import charts  # noqa: E402


def ink(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many pixels are exactly ``colour``."""
    w, h = surface.get_size()
    return sum(surface.get_at((x, y))[:3] == colour for x in range(w) for y in range(h))


def test_every_default_series_differs_in_colour_dash_and_marker() -> None:
    styles = charts.DEFAULT_STYLES
    for attr in ("colour", "dash", "marker", "hatch"):
        values = [getattr(s, attr) for s in styles[:4]]
        assert len(set(values)) == 4, attr


def test_line_chart_draws_each_series_in_its_own_colour() -> None:
    series = {"Allies": [11, 10, 9, 9], "Zombies": [28, 25, 19, 19]}
    chart = charts.line_chart((500, 300), series, "Battle", "Turn", "Figures", theme=charts.LIGHT)
    assert chart.get_size() == (500, 300)
    for style in charts.DEFAULT_STYLES[:2]:
        assert ink(chart, style.colour) > 50  # the line and its markers are there
    # a flat, single-point or empty chart still draws, with a note instead of lines
    assert charts.line_chart((300, 200), {"one": [5]}).get_size() == (300, 200)
    empty = charts.line_chart((300, 200), {}, "Nothing", theme=charts.LIGHT)
    assert ink(empty, charts.LIGHT.background) < 300 * 200


def test_bar_chart_and_report_figure_save_as_png(tmp_path: Path) -> None:
    bars = charts.bar_chart(
        (400, 300),
        ["5", "6", "7"],
        {"Allied wins": [3, 0, 2], "Zombie wins": [1, 4, 0]},
        "Turns played",
        "Turns",
        "Games",
        theme=charts.LIGHT,
    )
    assert ink(bars, charts.DEFAULT_STYLES[0].colour) > 100 and ink(bars, charts.DEFAULT_STYLES[1].colour) > 100
    fig = charts.report_figure(
        (900, 600),
        [
            charts.LinePanel({"Allies": [11, 9, 8]}, "Figures", "Turn", "Figures"),
            charts.BarPanel(["Allies", "Zombies"], {"Wins": [6, 4]}, "Winners"),
            charts.TextPanel(["10 games", "Allies won 6"], "Summary"),
        ],
        title="Simulator report",
        columns=2,
    )
    path = charts.save_png(fig, tmp_path / "out" / "report.png")
    back = pygame.image.load(str(path))
    assert back.get_size() == (900, 600)


@pytest.mark.parametrize("lo,hi", [(0, 1), (0, 7), (0, 55), (3, 3), (-5, 12), (0, 0.4)])
def test_nice_ticks_cover_the_range_in_round_steps(lo: float, hi: float) -> None:
    ticks = charts.nice_ticks(lo, hi)
    assert ticks[0] <= lo and ticks[-1] >= hi and 2 <= len(ticks) <= 12
    steps = {round(b - a, 9) for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1


def test_a_summary_line_is_never_cut_at_the_panels_edge() -> None:
    """Issue 36, item 6: report.png's summary read "Zombie wins 3" for 30; its text now shrinks to fit."""
    pygame.init()
    line = "Zombie wins                30, 100.0% (95% CI 88.6% .. 100.0%)"
    panel = charts.TextPanel(["30 games", line], "Summary")
    size = (320, 400)
    fs = panel.font_size(size)
    assert charts.font(fs).size(line)[0] <= size[0] - 2 * fs
    assert panel.font_size((2000, 400)) == 18  # room enough: the size the panel allows, as before
