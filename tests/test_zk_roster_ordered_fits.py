"""A Zombiekrieg roster row that gains words in the turn keeps its line (a newcomer's solo game on Normandy
Village, British section, 1600x900): after an ORDER "Rfn Thompson G7/7 ready +2" put his "SMLE" on a line
of its own, a scroll bar came, and the last man (LMG Turner) was cut off at the bottom for the rest of the
game. Now no row wraps whatever ORDER adds, and the whole section shows with no scroll bar."""

from __future__ import annotations

from pathlib import Path

from test_ui_log import resize
from test_zk_roster_rows_fit import _lines_and_rows

from game.scenario import load_scenario
from game.ui.app import App
from game.ui.scenes.game import GameScene

NORMANDY = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"


def _roster_after_orders(app: App, size: tuple[int, int]):  # noqa: ANN202
    """The British section's roster box, every man ORDERed ("ready +2" on every row)."""
    resize(app, size)
    app.push(GameScene(app, load_scenario(NORMANDY), {"sections": ["british"]}, seed=1))
    app.run_frames(3)
    scene = app.scene
    before = _lines_and_rows(scene.roster_box)
    for f in scene.match.game.state.section_of(1):
        f.ordered_this_turn = True
    scene.match.resync()
    app.run_frames(2)
    return before, scene.roster_box


def test_an_ordered_riflemans_row_keeps_its_line_and_the_last_man_shows(app: App) -> None:
    before, box = _roster_after_orders(app, (1600, 900))
    laid = _lines_and_rows(box)
    thompson = next(line for line, _ in laid if line.startswith("Rfn Thompson"))
    assert "ready +2" in thompson and "SMLE" in thompson, laid
    assert all(rows == 1 for _, rows in laid), [lr for lr in laid if lr[1] > 1]
    assert [line.split(" ")[:2] for line, _ in laid] == [
        line.split(" ")[:2] for line, _ in before
    ]  # rows stay put
    last = box.text_box_layout.layout_rows[-1]
    assert box.scroll_bar is None or last.bottom <= box.text_wrap_rect.height + 1, "the last man is cut off"
