"""A campaign chapter's end screen: what carries over to the next chapter (who fell, who carries what), drawn
in the lower part of the chart's panel, a sentence each, wrapped, in the largest print that shows them all.

>>> chart, carry = carry_split(pygame.Rect(0, 0, 600, 500), True, 20)
>>> chart.bottom < carry.top and carry.bottom == 500
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import charts
from game.ui.fitting import wrap

GOLD = (240, 217, 138)
TEXT = (233, 227, 201)
MUTED = (169, 166, 142)
FALLEN = (226, 96, 72)
HEADING = "WHAT CARRIES OVER"


@dataclass(frozen=True)
class ChapterEnd:
    """What a campaign chapter's end screen adds: what carries over (a sentence each), the panel's heading,
    and the button that goes on to the campaign screen."""

    carry: tuple[str, ...]
    on_continue: Callable[[], None]
    continue_words: str = "Continue campaign"
    title: str = HEADING


def carry_split(rect: pygame.Rect, carry: bool, fs: int) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The chart's rect and the carry-over's under it (None without anything carried: the chart keeps it all)."""
    if not carry:
        return rect, None
    chart_h = round(rect.height * 0.42)
    gap = max(6, fs // 2)
    return (
        pygame.Rect(rect.x, rect.y, rect.width, chart_h),
        pygame.Rect(rect.x, rect.y + chart_h + gap, rect.width, rect.height - chart_h - gap),
    )


def carry_rows(lines: Sequence[str], width: int, size: int) -> list[tuple[str, bool]]:
    """Every sentence wrapped to ``width`` at ``size``: (line, starts a sentence)."""
    f = charts.font(size)
    rows: list[tuple[str, bool]] = []
    for line in lines:
        rows += [(part, i == 0) for i, part in enumerate(wrap(line, width, lambda t: int(f.size(t)[0])))]
    return rows


def cut_rows(rows: list[tuple[str, bool]], room: int, last: int) -> list[tuple[str, bool]]:
    """At most ``room`` rows: when they are more, the first ones, "... and more on the campaign screen" and
    the ``last`` rows (the last sentence says what comes next: it is never the one cut).

    >>> [r for r, _ in cut_rows([("a", True), ("b", True), ("c", True), ("next", True)], 3, 1)]
    ['a', '... and more on the campaign screen', 'next']
    >>> [r for r, _ in cut_rows([("a", True), ("b", True), ("b2", False), ("c", True), ("next", True)], 4, 1)]
    ['a', '... and more on the campaign screen', 'next']
    """
    if len(rows) <= room:
        return rows
    tail = rows[-last:] if 0 < last < room else []
    cut = max(0, room - 1 - len(tail))
    while 0 < cut < len(rows) and not rows[cut][1]:  # whole sentences only
        cut -= 1
    return [*rows[:cut], ("... and more on the campaign screen", True), *tail]


def draw_carry(
    pic: pygame.Surface, lines: Sequence[str], area: pygame.Rect, fs: int, heading: str = HEADING
) -> None:
    """The heading and the sentences in ``area``: the largest print from ``fs`` down to 12 px that shows them
    all, else as many as fit, "... and more on the campaign screen" and the last sentence."""
    head = charts.font(round(fs * 1.0), True).render(heading, True, GOLD)
    pic.blit(head, area.topleft)
    top = area.y + head.get_height() + fs // 3
    size = max(12, round(fs * 0.85))
    while size > 12 and len(carry_rows(lines, area.width - size, size)) * round(size * 1.25) > area.bottom - top:
        size -= 1
    rows, step = carry_rows(lines, area.width - size, size), round(size * 1.25)
    rows = cut_rows(
        rows, max(1, (area.bottom - top) // step), len(carry_rows(lines[-1:], area.width - size, size))
    )
    f = charts.font(size)
    for i, (row, first) in enumerate(rows):
        colour = FALLEN if row.startswith("Fallen:") else TEXT if first else MUTED
        pic.blit(f.render(row, True, colour), (area.x + (0 if first else size), top + i * step))
