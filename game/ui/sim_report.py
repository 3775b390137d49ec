"""``report.png`` of ``deadground simulate``: the balance report as one picture (pygame, no window).

Panels: the human side's win rate with its 95% interval, turns to finish (by winner), the
figures per game (means), a histogram of each of the rule set's lists, why the figures stalled, the
distance to the objective turn by turn, the zombies each spawn point brought on; plus the numbers as
text (with the options and mods the games played).
Every word comes from the report (the rule set's ``labels``).

>>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
'dummy'
>>> report = {"scenario": {"title": "Yard", "ruleset": "toy"}, "games": 10, "win_rate": 0.4,
...           "win_rate_ci95": [0.17, 0.69], "wins": {"hero": 4, "horde": 6, "none": 0},
...           "labels": {"wins.hero": "Hero wins", "wins.horde": "Horde wins", "human": "Hero"},
...           "turns_median": 9, "turns": {"hero": {"8": 4}, "horde": {"9": 3, "10": 3}},
...           "figures": {"rescued": {"label": "Rescued", "mean": 1.5, "histogram": {"1": 5, "2": 5}}},
...           "lists": {"wounds": {"label": "Wounds left", "mean": 1.6, "count": 14,
...                                "histogram": {"1": 5, "2": 9}}},
...           "time_s": 1.0, "games_per_s": 10.0, "jobs": 1}
>>> figure(report).get_size()
(1400, 900)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ui.charts import (
    DEFAULT_STYLES,
    BarPanel,
    ChartTheme,
    LinePanel,
    TextPanel,
    font,
    report_figure,
    save_png,
)

SIZE = (1400, 900)
TALL = (1500, 1300)  # three rows of panels


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
    """One horizontal bar: the human side's win rate, its 95% interval as a whisker, and 50% marked."""

    rate: float
    low: float
    high: float
    games: int
    title: str = "Win rate (95% interval)"

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


@dataclass
class FiguresPanel:
    """The rule set's figures per game as horizontal bars, a row each: its words, the bar, the mean
    (rows read whatever the length of the words)."""

    rows: list[tuple[str, float]]
    title: str = "Per game (mean)"

    def render(self, size: tuple[int, int], theme: ChartTheme) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size)
        surface.fill(theme.background)
        fs = max(11, min(20, round(min(w / 34, h / 18))))
        top = (
            _text(surface, self.title, round(fs * 1.2), theme.text, (w / 2, fs * 0.6), "midtop", bold=True).bottom
            + fs
        )
        if not self.rows:
            return surface
        widest = lambda size: max(font(size).size(label)[0] for label, _ in self.rows)  # noqa: E731
        while fs > 9 and widest(fs) > w * 0.55:  # the words whole, smaller, never cut at the left
            fs -= 1
        label_w = widest(fs) + fs
        left, right = fs + label_w, w - fs * 4
        pitch = min(fs * 2.6, (h - top - fs) / len(self.rows))
        most = max((v for _, v in self.rows), default=0) or 1
        style = DEFAULT_STYLES[0]
        for i, (label, value) in enumerate(self.rows):
            mid = top + pitch * (i + 0.5)
            _text(surface, label, fs, theme.text, (left - fs * 0.5, mid), "midright")
            bar = pygame.Rect(
                round(left), round(mid - pitch * 0.3), round((right - left) * value / most), round(pitch * 0.6)
            )
            pygame.draw.rect(surface, theme.plot, (left, bar.y, right - left, bar.height))
            pygame.draw.rect(surface, style.colour, bar)
            pygame.draw.rect(surface, theme.outline, bar, 1)
            _text(surface, f"{value:g}", fs, theme.text, (bar.right + fs * 0.4, mid), "midleft", bold=True)
        return surface


def _sorted_keys(*hists: dict[str, int]) -> list[str]:
    keys = {k for h in hists for k in h}
    return sorted(keys, key=lambda k: float(k))


def why_panels(report: dict[str, Any]) -> list[Any]:
    """The panels that say why: the stalls by cause, the distance to the objective turn by turn (the
    median over the games), the zombies each spawn point brought on; none the report lacks."""
    ground = report.get("ground") or {}
    panels: list[Any] = []
    causes = ground.get("stalled", {}).get("causes", [])
    if causes:
        panels.append(FiguresPanel([(c["label"], c["per_game"]) for c in causes], "Why they stalled (a game)"))
    row = ground.get("distances") or {}
    if row.get("median"):
        panels.append(
            LinePanel(
                {"median over the games": row["median"]},
                f"Distance to {ground.get('objective', 'the objective')} by turn",
                "Turn",
                "Inches",
                x_values=row["turns"],
            )
        )
    came = ground.get("arrivals") or {}
    if came.get("points"):
        rows = [(p["name"], p["per_game"]) for p in came["points"]]
        panels.append(FiguresPanel(rows, f"Zombies arriving a game ({came['per_game']:g}), by spawn point"))
    return panels


def summary_lines(report: dict[str, Any]) -> list[str]:
    """The summary panel's lines: the run, the winners, the turns, the figures, the options and mods
    played, where bystanders fell, the time."""
    sc, labels = report["scenario"], report.get("labels", {})
    wins = {k: n for k, n in report["wins"].items() if k != "none"}
    played = dict(report.get("played") or {})
    mods = played.pop("mods", None)
    lines = [
        f"{report['games']} games on {sc.get('title', '')} ({sc.get('ruleset', '')})",
        ", ".join(f"{labels.get('wins.' + k, k)} {n}" for k, n in wins.items())
        + f", no result {report['wins'].get('none', 0)}",
        f"Turns: median {report.get('turns_median', 0)}",
        *(f"{f['label']}: {f['mean']} per game" for f in report.get("figures", {}).values()),
    ]
    if played:
        lines.append("Options: " + ", ".join(f"{k} {json.dumps(v)}" for k, v in played.items()))
    if mods is not None:
        lines.append("Mods: " + (", ".join(mods) if mods else "none"))
    fallen = (report.get("ground") or {}).get("bystanders")
    if fallen:
        lines.append(f"Bystanders fell: {fallen['per_game']:g} a game (heat_bystanders.png)")
    lines.append(
        f"{report.get('time_s', 0)} s, {report.get('games_per_s', 0)} games/s, {report.get('jobs', 1)} job(s)"
    )
    return lines


def figure(report: dict[str, Any], size: tuple[int, int] | None = None) -> pygame.Surface:
    """The whole report picture (taller when the report has the panels that say why)."""
    if not pygame.font.get_init():
        pygame.font.init()
    sc, labels = report["scenario"], report.get("labels", {})
    human = labels.get("human", "Players'")
    lo, hi = report["win_rate_ci95"]
    panels: list[Any] = [
        WinRatePanel(report["win_rate"], lo, hi, report["games"], f"{human} win rate (95% interval)")
    ]
    wins = {k: n for k, n in report["wins"].items() if k != "none"}
    turns = report.get("turns", {})
    by_winner = {k: turns.get(k, {}) for k in wins}
    keys = _sorted_keys(*by_winner.values())
    panels.append(
        BarPanel(
            keys,
            {labels.get(f"wins.{k}", k): [h.get(t, 0) for t in keys] for k, h in by_winner.items()},
            "Turns to finish",
            "Turn the game ended",
            "Games",
        )
    )
    figures = report.get("figures", {})
    if figures:
        panels.append(FiguresPanel([(f["label"], f["mean"]) for f in figures.values()]))
    for f in report.get("lists", {}).values():
        hist = f.get("histogram", {})
        keys = _sorted_keys(hist)
        panels.append(
            BarPanel(keys, {f["label"]: [hist[k] for k in keys]}, f"{f['label']} (mean {f['mean']})", "", "Count")
        )
    panels += why_panels(report)
    panels.append(TextPanel(summary_lines(report), "Summary"))
    if size is None:
        size = SIZE if len(panels) <= 6 else TALL
    return report_figure(
        size, panels, f"Balance report: {sc.get('title', '')}", columns=3 if len(panels) > 4 else 2
    )


def write_png(report: dict[str, Any], path: str | Path) -> Path:
    """Draw the report and save it as a PNG."""
    return save_png(figure(report), path)
