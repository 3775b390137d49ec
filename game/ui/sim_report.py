"""``report.png`` of ``deadground simulate``: the balance report as one picture (pygame, no window).

Panels: the Allied win rate with its 95% interval, turns to finish (by winner), losses per side,
and for Zombiekrieg the GUTS of the survivors; plus the numbers as text.

>>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
'dummy'
>>> report = {"scenario": {"title": "T", "ruleset": "zombiekrieg"}, "games": 10, "win_rate": 0.4,
...           "win_rate_ci95": [0.17, 0.69], "wins": {"allies": 4, "zombies": 6, "none": 0},
...           "turns_median": 9, "turns": {"allies": {"8": 4}, "zombies": {"9": 3, "10": 3}},
...           "losses": {"allies": {"lost_mean": 3.2, "soldiers": 10, "out_mean": 1.0},
...                      "zombies": {"killed_mean": 5.5, "zombies": 20}},
...           "survivors_guts": {"histogram": {"7": 5, "8": 9}, "mean": 7.6, "change_mean": 0.1},
...           "time_s": 1.0, "games_per_s": 10.0, "jobs": 1}
>>> figure(report).get_size()
(1400, 900)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ui.charts import DEFAULT_STYLES, BarPanel, ChartTheme, TextPanel, font, report_figure, save_png

SIZE = (1400, 900)


def _text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    pos: tuple[float, float],
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    image = font(size, bold).render(text, True, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


@dataclass
class WinRatePanel:
    """One horizontal bar: the Allied win rate, its 95% interval as a whisker, and 50% marked."""

    rate: float
    low: float
    high: float
    games: int
    title: str = "Allied win rate (95% interval)"

    def render(self, size: tuple[int, int], theme: ChartTheme) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size)
        surface.fill(theme.background)
        fs = max(12, min(22, round(min(w / 34, h / 16))))
        top = _text(
            surface, self.title, round(fs * 1.2), theme.text, (w / 2, fs * 0.6), "midtop", bold=True
        ).bottom
        left, right = fs * 2, w - fs * 2
        bar_y, bar_h = top + (h - top) * 0.30, max(12, (h - top) * 0.22)
        span = right - left
        x_of = lambda v: left + span * max(0.0, min(1.0, v))  # noqa: E731
        pygame.draw.rect(surface, theme.plot, (left, bar_y, span, bar_h))
        style = DEFAULT_STYLES[0]
        pygame.draw.rect(surface, style.colour, (left, bar_y, x_of(self.rate) - left, bar_h))
        pygame.draw.rect(surface, theme.outline, (left, bar_y, span, bar_h), 1)
        mid = bar_y + bar_h / 2
        # the interval: a whisker with end caps (reads without colour)
        pygame.draw.line(surface, theme.text, (x_of(self.low), mid), (x_of(self.high), mid), 3)
        for v in (self.low, self.high):
            pygame.draw.line(surface, theme.text, (x_of(v), mid - bar_h * 0.6), (x_of(v), mid + bar_h * 0.6), 3)
        # an even fight, dashed
        x = x_of(0.5)
        y = bar_y - fs * 0.4
        while y < bar_y + bar_h + fs * 0.4:
            pygame.draw.line(surface, theme.muted, (x, y), (x, min(y + 5, bar_y + bar_h + fs * 0.4)), 2)
            y += 9
        for v in (0.0, 0.25, 0.5, 0.75, 1.0):
            _text(surface, f"{v:.0%}", fs, theme.muted, (x_of(v), bar_y + bar_h + fs * 0.6), "midtop")
        _text(
            surface,
            f"{self.rate:.1%} of {self.games} games  (95%: {self.low:.1%} .. {self.high:.1%})",
            round(fs * 1.1),
            theme.text,
            (w / 2, bar_y + bar_h + fs * 2.4),
            "midtop",
            bold=True,
        )
        return surface


def _sorted_keys(*hists: dict[str, int]) -> list[str]:
    keys = {k for h in hists for k in h}
    return sorted(keys, key=lambda k: float(k))


def figure(report: dict[str, Any], size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The whole report picture."""
    if not pygame.font.get_init():
        pygame.font.init()
    sc = report["scenario"]
    lo, hi = report["win_rate_ci95"]
    panels: list[Any] = [WinRatePanel(report["win_rate"], lo, hi, report["games"])]
    turns = report.get("turns", {})
    won, lost = turns.get("allies", {}), turns.get("zombies", {})
    keys = _sorted_keys(won, lost)
    panels.append(
        BarPanel(
            keys,
            {"Allied wins": [won.get(k, 0) for k in keys], "Zombie wins": [lost.get(k, 0) for k in keys]},
            "Turns to finish",
            "Turn the game ended",
            "Games",
        )
    )
    a, z = report["losses"]["allies"], report["losses"]["zombies"]
    panels.append(
        BarPanel(
            ["Allied soldiers", "Zombies"],
            {
                "At the start": [a.get("soldiers", 0), z.get("zombies", 0)],
                "Lost per game (mean)": [a.get("lost_mean", 0), z.get("killed_mean", 0)],
            },
            "Losses per side",
            "",
            "Figures",
        )
    )
    guts = report.get("survivors_guts")
    if guts is not None:
        hist = guts.get("histogram", {})
        keys = _sorted_keys(hist)
        panels.append(
            BarPanel(
                keys,
                {"Survivors": [hist[k] for k in keys]},
                f"GUTS of survivors (mean {guts.get('mean', 0)}, {guts.get('change_mean', 0):+} since start)",
                "GUTS",
                "Soldiers",
            )
        )
    w = report["wins"]
    lines = [
        f"{report['games']} games on {sc.get('title', '')} ({sc.get('ruleset', '')})",
        f"Allied wins {w.get('allies', 0)}, zombie wins {w.get('zombies', 0)}, no result {w.get('none', 0)}",
        f"Turns: median {report.get('turns_median', 0)}",
        f"Allied soldiers lost {a.get('lost_mean', 0)} per game, got out {a.get('out_mean', 0)}",
        f"Zombies killed {z.get('killed_mean', 0)} per game",
        f"{report.get('time_s', 0)} s, {report.get('games_per_s', 0)} games/s, {report.get('jobs', 1)} job(s)",
    ]
    panels.append(TextPanel(lines, "Summary"))
    return report_figure(
        size, panels, f"Balance report: {sc.get('title', '')}", columns=3 if len(panels) > 4 else 2
    )


def write_png(report: dict[str, Any], path: str | Path) -> Path:
    """Draw the report and save it as a PNG."""
    return save_png(figure(report), path)
