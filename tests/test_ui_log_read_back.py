"""A whole game's log can be read back (a 40k player on Hive Street, in a long game: "I could not scroll back to
turn 7: the top of the log was turn 8"). The panel kept 400 lines and its box the newest 60 to 90; now it keeps
the whole game's lines and the box shows a page of them: the wheel at the box's top brings the page before, as
does the "Earlier lines" link, down to the game's first line; "Later lines" and "Latest" come back."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import click, click_link, headless_app, motion

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup
from game.ui.widgets.log import LOG_LIMIT

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
TURNS, PER_TURN = 12, 60  # 720 lines: more than the panel kept, and far more than its box held


def _long_game(app):  # noqa: ANN001, ANN202  (the App; the game scene)
    setup = GameSetup(load_entry(HIVE))
    setup.use_options({"teams": ["tactical_squad"]})
    app.start_game(setup)
    app.run_frames(3)
    scene = app.scene
    for turn in range(1, TURNS + 1):  # as the match logs them, a frame now and then
        for n in range(PER_TURN):
            scene.log(f"Turn {turn}, line {n}: Rifleman fires")
        app.run_frames(1)
    app.run_frames(3)
    return scene


def _shown(scene) -> str:  # noqa: ANN001
    """The box's text: as set, and the lines appended since."""
    return scene.log_box.html_text + scene.log_box.appended_text


def _wheel_up_past_the_top(app, scene) -> None:  # noqa: ANN001
    """The player scrolls the log to its top (pygame_gui's scroll bar: headless, it reads no pointer, so the
    bar is put there as the wheel would), then turns the wheel up once more over the box."""
    motion(app, scene.log_box.rect.center)
    scene.log_box.scroll_bar.set_scroll_from_start_percentage(0.0)
    scene.log_box.update(0.0)
    app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    app.run_frames(2)


def test_a_long_games_log_reads_back_to_its_first_line(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = _long_game(app)
        assert f"Turn {TURNS}, line {PER_TURN - 1}:" in _shown(scene)  # the newest line, in view
        assert "Turn 1, line 0:" not in _shown(scene)  # (the box holds a page, not the whole game)

        # the wheel up over the log, past the top of the box: earlier lines come, the line that was at the top
        # still in view, and the reader stays there as new lines come
        _wheel_up_past_the_top(app, scene)
        assert f"Turn {TURNS - 1}," in _shown(scene) and scene.latest_button.visible
        assert 0.0 < scene.log_box.scroll_bar.start_percentage < 1.0  # (not at the top: the new lines above)
        _wheel_up_past_the_top(app, scene)
        reading = _shown(scene)
        scene.log("Turn 12, line 60: a late line")
        app.run_frames(2)
        assert _shown(scene) == reading and scene.latest_button.visible

        # "Earlier lines", clicked, back to the game's first turn
        for _ in range(TURNS * PER_TURN):
            if "Earlier lines" not in _shown(scene):
                break
            click_link(app, scene.log_box, "Earlier lines")
        assert "Turn 1, line 0:" in _shown(scene) and "Turn 7, line 0:" not in _shown(scene)

        # "Later lines" leads on; "Latest" back to the newest, following again
        click_link(app, scene.log_box, "Later lines")
        assert "Turn 1, line 59:" in _shown(scene) or "Turn 2," in _shown(scene)
        app.run_frames(2)
        click(app, scene.latest_button.rect.center)
        app.run_frames(2)
        assert f"Turn {TURNS}, line {PER_TURN - 1}:" in _shown(scene) and not scene.latest_button.visible
        scene.log("Turn 13, line 0: the zombies shamble")
        app.run_frames(2)
        assert "Turn 13, line 0:" in _shown(scene) and scene.log_panel.at_end()


def test_the_log_keeps_a_whole_long_game() -> None:
    assert LOG_LIMIT >= 10_000  # some dozen lines a turn: every turn of the longest game
