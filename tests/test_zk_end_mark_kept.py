"""The end screen's roll of honour keeps the mark of a man who got away when his name is cut (a newcomer's
Normandy Village game: "Rfn Thompso\u2026" in a narrow column had lost the "*" that says he left by the exit,
so he read as one who stayed). The name is cut, never the mark."""

from __future__ import annotations

import pygame
import pytest

from game.rules.contract import RollRow
from game.ui import charts
from game.ui.scenes import end


def _drawn_name(row: RollRow, name_w: int) -> str:
    """The name cell ``end._roll_row`` draws for ``row`` in columns (no mark column) with ``name_w`` pixels."""
    drawn: list[str] = []
    real = end._line
    pic = pygame.Surface((800, 200))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(end, "_line", lambda pic, text, *a, **k: drawn.append(text) or real(pic, text, *a, **k))
        end._roll_row(pic, row, (0, 0), 16, False, "got away", name_w)
    return drawn[0]


def test_a_cut_name_keeps_its_got_away_mark(app) -> None:  # noqa: ANN001
    f = charts.font(16)
    name_w = f.size("Rfn Thomps")[0] + 8  # too narrow for "Rfn Thompson *"
    away = _drawn_name(RollRow("Rfn Thompson", 7, 7, marked=True), name_w)
    assert away.endswith("\u2026 *"), away
    assert f.size(away)[0] <= name_w, away
    stayed = _drawn_name(RollRow("Rfn Thompson", 7, 7), name_w)
    assert "*" not in stayed and stayed.endswith("\u2026"), stayed
