"""The log stops following its newest line only when the player scrolls it (newcomers' play-tests): a "Latest"
button came up by itself, right after "Same teams again" and mid-game, when the box was laid out again under
the reader (pygame_gui's own rebuild of a resized box starts again at the top) or its text changed height."""

from __future__ import annotations

from test_ui_log import newest_in_view, play
from ui_driver import start_game

from game.ui.app import App


def test_the_box_laid_out_again_by_itself_keeps_following(app: App) -> None:
    scene = start_game(app, speed=50, seed=1)
    play(scene, 12)
    box = scene.log_box
    assert box is not None and box.scroll_bar is not None and newest_in_view(scene)
    box.rebuild()  # pygame_gui's rebuild after a size change: a new scroll bar, at the top of the text
    app.run_frames(2)
    play(scene, 3)
    assert not scene.latest_button.visible, "Latest came up though nobody scrolled the log"
    assert newest_in_view(scene)
