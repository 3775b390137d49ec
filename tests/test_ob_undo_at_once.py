"""Ctrl+Z answers at once (newcomer's Small Town game, session 46): the first press showed nothing for 1.5 s, so he
pressed again and took back more than he meant. The time went on the log: the rebuilt game told its whole story
again into the log box line by line (each line laid the box out anew), after the story already there, so the log
also read twice. Now the story is told afresh into the box once. Through the real app, Ctrl+Z on the keyboard."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import key, on_the_table, play_out

SMALL_TOWN = Path(__file__).resolve().parent.parent / "maps" / "small_town.tmx"


def test_ctrl_z_tells_the_story_once_and_fills_the_log_box_once(app) -> None:  # noqa: ANN001
    scene = on_the_table(app, SMALL_TOWN)
    match = scene.match
    pc1 = match.game.figure("pc1")
    app.run_frames(2)
    before = list(scene.log_panel.lines)
    match.click(pc1.position)
    match.click((pc1.position[0], pc1.position[1] - 3))
    assert len(match.game.commands) == 1
    play_out(app, scene)
    app.run_frames(2)
    assert len(scene.log_panel.lines) > len(before)  # the move is in the log
    box = scene.log_panel.box
    writes: list[str] = []
    for name in ("append_html_text", "set_text"):
        real = getattr(box, name)
        setattr(box, name, lambda *a, _real=real, _name=name, **k: (writes.append(_name), _real(*a, **k))[1])
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.session.game.commands) == 0 and "Undone: 1 action taken back" in scene.match.status
    lines = scene.log_panel.lines
    assert lines[:-1] == before, "the story is not told once, as it stood before the move"  # (it read twice)
    assert "Undone: 1 action" in lines[-1]
    assert writes.count("append_html_text") == 0 and writes.count("set_text") <= 1, writes
