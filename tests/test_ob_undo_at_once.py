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
    assert len(scene.session.game.commands) == 0 and "Undone, taken back:" in scene.match.status
    lines = scene.log_panel.lines
    assert lines[:-1] == before, "the story is not told once, as it stood before the move"  # (it read twice)
    assert "Undone, taken back:" in lines[-1]
    assert writes.count("append_html_text") == 0 and writes.count("set_text") <= 1, writes


def test_one_ctrl_z_takes_back_one_move_not_every_move_since_the_last_roll(app) -> None:  # noqa: ANN001
    """Newcomer (session 47): he moved three survivors, regretted the third, pressed Ctrl+Z once and all three
    moves went ("3 actions taken back, to just after the last dice roll"). One press takes back one action."""
    scene = on_the_table(app, SMALL_TOWN)
    match = scene.match
    for fid in ("pc1", "pc2", "pc3"):
        f = match.game.figure(fid)
        match.click(f.position)
        match.click((f.position[0], f.position[1] - 2))
        play_out(app, scene)
    moved = len(scene.session.game.commands)
    assert moved == 3, [type(c).__name__ for c in scene.session.game.commands]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.session.game.commands) == 2, "one press took back more than the last move"
    assert "Ctrl+Z again" in scene.match.status
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.session.game.commands) == 1
