"""The tape measure has a button (a newcomer's Normandy Village game, session 45: "the tape exists and is lovely,
but has no button: a mouse-only player won't find it"). The top bar's Tape button takes it out at the next click
on the table, where the click is (the click does nothing else: no soldier moves); it follows the pointer; the
button again, or Esc, puts it away. The shared screen: every rule set has it. Through the real game scene."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import click, headless_app, key, motion, start_game


def test_the_tape_button_takes_the_tape_out_at_the_next_click_and_puts_it_away(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, speed=8.0)
        button = scene.top_bar.buttons["tape"]
        assert "tape" in button.tool_tip_text.lower()
        commands = len(scene.game.commands)
        click(app, button.rect.center)
        assert scene.view.tape is None and "Tape" in scene.match.status
        x, y, w, h = scene.view.camera.viewport
        start = (x + w // 2, y + h // 2)
        click(app, start)
        tape = scene.view.tape
        assert tape is not None, "the click took the tape out"
        assert len(scene.game.commands) == commands and scene.match.controller.selected is None  # no action
        motion(app, (start[0] + 120, start[1]))
        assert scene.view.tape is not None and scene.view.tape.length > 0, "it follows the pointer"
        click(app, button.rect.center)
        assert scene.view.tape is None, "the button again puts it away"
        click(app, button.rect.center)  # out again at the next click...
        key(app, pygame.K_ESCAPE)  # ...or not: Esc takes back the armed tape, and opens no menu
        assert scene.view.input.taping is None and not scene.menu_open
        click(app, start)
        assert scene.view.tape is None
