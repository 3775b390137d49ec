"""A 40k veteran's Hive Street game (session 43): after Ctrl+Z the log stayed scrolled up, at its first lines,
with a "Latest" button, instead of showing the newest line; it follows the newest line unless the player
scrolled up himself. Through the real game screen, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import key, play_out

from game.rules.zombie40k.commands import Move
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parents[1] / "maps" / "hive_street.tmx"


def _hive_street(app: App):  # type: ignore[no-untyped-def]
    setup = GameSetup(load_entry(HIVE))
    setup.use_options({"teams": ["tactical_squad"]})
    app.settings.animation_speed = 8.0
    app.start_game(setup, seed=5)
    app.run_frames(5)
    return app.scene


def test_after_ctrl_z_the_log_shows_its_newest_line(app: App) -> None:
    scene = _hive_street(app)
    m, game = scene.match, scene.match.game
    assert scene.log_at_end() and not scene.latest_button.visible
    fid = "p1-1"
    x, y = game.figure(fid).position
    target = next(
        p for p in ((x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2)) if game.preview(Move(fid, (p,))).legal
    )
    m.select(fid)
    m.button("move")
    m.click(target)
    m.click(target)
    play_out(app, scene)
    assert len(game.commands) >= 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.run_frames(5)
    assert "Undone" in scene.log_lines[-1], scene.log_lines[-3:]
    assert scene.log_at_end() and not scene.latest_button.visible


def test_a_long_question_on_the_status_line_reads_whole_on_one_line(app: App) -> None:
    """The status line read 'Click again to move there, or point elsewhere. Only 5.8" reachable of the 6.2" way
    there (stopped by 1" from' and the rest was cut (a second row under a scroll bar); a long line is set in a
    smaller print so all of it shows."""
    scene = _hive_street(app)
    said = (
        'Only 5.8" reachable of the 6.2" way there (stopped by 1" from Zombie 2 (Horde 1)): click again to move'
        " there, or point elsewhere."
    )
    scene.say(said)
    app.run_frames(3)
    box = scene.status_box
    rows = box.text_box_layout.layout_rows
    assert len(rows) == 1 and box.scroll_bar is None, [r.items for r in rows]
    assert "(Horde 1))." in "".join(getattr(c, "text", "") for c in rows[0].items)
    scene.say("Click a model (or Tab), or End phase.")  # a short one keeps the usual print
    app.run_frames(3)
    assert "<font size=" not in box.html_text
