"""The End phase question with the squad out of coherency reads whole (two 40k players): at 1280x800 the status
line cut it at "...and must", its end under a scroll bar. Now a question too long for one line even in the
smallest print takes two, the log a line shorter, and every word of it shows; a short line after it gives the
log its line back. Through the real game screen, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import key, play_out

from game.rules.zombie40k.commands import Move
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parents[1] / "maps" / "hive_street.tmx"


def _shown(box) -> str:  # noqa: ANN001
    return " ".join("".join(getattr(c, "text", "") for c in row.items) for row in box.text_box_layout.layout_rows)


def test_the_end_phase_question_out_of_coherency_shows_whole(app: App) -> None:
    setup = GameSetup(load_entry(HIVE))
    setup.use_options({"teams": ["tactical_squad"]})
    app.settings.animation_speed = 8.0
    app.start_game(setup, seed=5)
    app.run_frames(5)
    scene = app.scene
    m, game = scene.match, scene.match.game
    log_height = scene.log_panel.box.rect.height
    fid = "p1-1"
    x, y = game.figure(fid).position
    away = next(
        p
        for p in ((x + dx, y + dy) for dx, dy in ((6, 0), (-6, 0), (0, -6), (0, 6), (4, -4), (-4, -4)))
        if game.preview(Move(fid, (p,))).legal
    )
    m.select(fid)
    m.button("move")
    m.click(away)
    m.click(away)
    play_out(app, scene)
    key(app, pygame.K_e)
    app.run_frames(3)
    box = scene.status_box
    words = " ".join(_shown(box).split())
    assert "out of coherency" in words and words.endswith("must close up in its next move."), words
    assert box.scroll_bar is None
    assert box.text_box_layout.layout_rect.height <= box.text_wrap_rect[3] + 1
    assert scene.log_panel.box.rect.bottom <= scene.log_panel.box.ui_container.rect.bottom
    for _ in range(2):  # (pygame_gui lays a resized box out again a moment later)
        scene.log_panel.box.update(0.5)
    assert scene.log_at_end()  # the log a line shorter still shows its newest line
    scene.say("Click a model (or Tab), or End phase.")
    app.run_frames(3)
    assert scene.log_panel.box.rect.height == log_height and scene.log_panel.status_lines == 1
