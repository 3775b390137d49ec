"""A Zombiekrieg roster row fits its line (newcomers' play-tests, session 47): an ORDERed Corporal's row read
"Cpl Harper G6/6 ready +2" with his "Tommy" alone on the line under it, though the whole line had room: the
roster guessed the print 6% wider than it is against a margin of 40 pixels. Now the line is measured (its
possibly bold words in bold) against the room beside a scroll bar, and every row, whatever its state, is one
line in the box (no wrap, nothing under the scroll bar) with the last row whole at the bottom. Through the
real game scene at 1280x800, three sections in the roster."""

from __future__ import annotations

import re
from pathlib import Path

from pygame_gui.core.text import LineBreakLayoutRect
from test_ui_log import resize

from game.scenario import load_scenario
from game.ui.app import App
from game.ui.scenes.game import GameScene

NORMANDY = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"


def _lines_and_rows(box) -> list[tuple[str, int]]:  # noqa: ANN001
    """Each line of the box's text and how many rows it was laid out on."""
    per, n = [], 0
    for row in box.text_box_layout.layout_rows:
        n += 1
        if any(isinstance(item, LineBreakLayoutRect) for item in row.items):
            per.append(n)
            n = 0
    per.append(n)
    lines = [re.sub(r"<[^>]*>", "", line) for line in box.html_text.split("<br>")]
    return list(zip(lines, per, strict=False))


def test_an_ordered_corporals_row_keeps_his_weapon_on_one_line(app: App) -> None:
    resize(app, (1280, 800))
    app.push(GameScene(app, load_scenario(NORMANDY), {"sections": ["american", "british", "soviet"]}, seed=1))
    app.run_frames(3)
    scene = app.scene
    game = scene.match.game
    for f in game.state.section_of(1):
        f.ordered_this_turn = True  # every man ORDERed: "ready +2" on every row
    scene.match.resync()
    app.run_frames(2)
    box = scene.roster_box
    laid = _lines_and_rows(box)
    harper = next(line for line, _ in laid if line.startswith("Cpl Harper"))
    assert harper == "Cpl Harper G6/6 Tommy ready +2", harper
    assert all(rows == 1 for _, rows in laid), [lr for lr in laid if lr[1] > 1]
    assert all(row.right <= box.text_wrap_rect.right + 1 for row in box.text_box_layout.layout_rows)
    bar = box.scroll_bar
    assert bar is not None  # three sections: the roster scrolls
    bar.set_scroll_from_start_percentage(1.0)
    box.update(0.0)
    top = bar.start_percentage * box.text_box_layout.layout_rect.height
    assert box.text_box_layout.layout_rows[-1].bottom <= top + box.text_wrap_rect.height + 1  # the last row whole
