"""Play-test (issue 33, Outbreak): the log's newest line showed cut in half. The box counted itself at its
end when within 1.5% of its text's height, which on a long log is half a line or more; it now measures the
newest line in pixels and keeps it whole, frame after frame, as an Outbreak game's lines come."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

MAPS = Path(__file__).resolve().parent.parent / "maps"


def newest_line_hidden(scene) -> float:  # type: ignore[no-untyped-def]
    """Pixels of the log's newest line below the bottom of the box as drawn."""
    box = scene.log_box
    layout, bar = box.text_box_layout, box.scroll_bar
    top = bar.start_percentage * layout.layout_rect.height if bar is not None else 0.0
    return float(layout.layout_rows[-1].bottom) - (top + box.text_wrap_rect[3])


def test_the_newest_log_line_shows_whole_as_the_lines_come(app: App) -> None:
    app.start_game(GameSetup(load_entry(MAPS / "small_town.tmx")))
    app.run_frames(3)
    scene = app.scene
    worst = 0.0
    for frame in range(120):
        for _line in range(1 + frame % 4):  # a move's worth of lines, some long enough to wrap
            scene.log(f'Paperboy runs up to 8" (D6 = 6) and moves 6.0"{" toward the exit" * (frame % 7)}.')
        app.run_frames(1)
        worst = max(worst, newest_line_hidden(scene))
    assert worst <= 1.0, f"the newest line was cut by {worst:.0f} px"
    assert scene.log_at_end()
