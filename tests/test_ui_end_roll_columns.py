"""The end screen's roll in columns keeps them apart (the club organiser's 6.5/10: "the survivor columns run
together", a name's row ran into the next column's names): each row, its name cut with an ellipsis where it must,
its numbers and its change, ends before the next column begins. Through the real end scene headless."""

from __future__ import annotations

import pygame
import pytest

from game.rules.contract import Report, RollRow
from game.ui.app import App
from game.ui.scenes import end
from game.ui.scenes.end import EndScene

NAMES = ("Sergeant Maximilian Vandermeer", "Rifleman Bartholomew Okonkwo-Smythe", "Pte. Al", "Corporal Jo")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_rolls_columns_keep_apart(app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    app.display = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    rows = tuple(RollRow(f"{NAMES[i % 4]} {i}", 7 + i % 3, 12 if i % 2 else 0, i % 5 == 0) for i in range(28))
    report = Report("toy", "Yard", "allies", True, "VICTORY", "", "Yard", roll=rows, roll_title="SURVIVORS")
    drawn: list[tuple[int, int]] = []  # each row: (its left, the right of all it drew)
    line, roll_row = end._line, end._roll_row

    def row_of(pic, s, pos, fs, *args, **kw):  # noqa: ANN001, ANN202
        rects: list[pygame.Rect] = []

        def each(*a, **k):  # noqa: ANN002, ANN003, ANN202
            rects.append(line(*a, **k))
            return rects[-1]

        monkeypatch.setattr(end, "_line", each)
        try:
            return roll_row(pic, s, pos, fs, *args, **kw)
        finally:
            monkeypatch.setattr(end, "_line", line)
            drawn.append((pos[0], max(r.right for r in rects)))

    monkeypatch.setattr(end, "_roll_row", row_of)
    app.push(EndScene(app, report))
    app.run_frames(3)
    lefts = sorted({left for left, _ in drawn})
    assert len(lefts) >= 2, "the roll was not in columns"
    for left, right in drawn:
        after = [x for x in lefts if x > left]
        if after:
            assert right < after[0] - 4, (left, right, after[0])
