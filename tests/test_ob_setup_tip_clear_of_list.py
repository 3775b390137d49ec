"""The set-up's weapon help never covers the weapons listed (newcomer's Small Town set-up, ob45 item 2): with a
character's drop-down open and the pointer kept on it, its help came up over the list's first entry, which the
player could then neither read nor click. The help shows on the closed drop-down; while its list is open it stays
away. Through the real set-up scene, by a player's click and a pointer held still."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
from pygame_gui.elements import UIDropDownMenu
from ui_driver import click, headless_app, motion

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _hold(app, at: tuple[int, int], seconds: float = 1.4) -> None:  # noqa: ANN001
    """The pointer kept on ``at`` long enough for a tooltip to come up (pygame_gui waits a second)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pygame.mouse.set_pos(at)
        motion(app, at)
        time.sleep(0.02)


def _weapon_menu(scene) -> UIDropDownMenu:  # noqa: ANN001
    menus = [m for m in scene._elements if isinstance(m, UIDropDownMenu) and m.alive()]
    return next(m for m in menus if "gun" in scene.menu_tips.get(m, ""))


def test_the_weapon_help_leaves_the_open_list_clear(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(MAPS / "small_town.tmx")))
        app.run_frames(3)
        menu = _weapon_menu(app.scene)
        at = menu.current_state.selected_option_button.rect.center
        _hold(app, at)
        closed = menu.current_state.selected_option_button
        assert closed.tool_tip is not None, "the closed drop-down shows its help"
        click(app, at)
        assert menu.current_state is menu.menu_states["expanded"], "the list opened"
        _hold(app, at)
        listed = menu.current_state.options_selection_list
        first = listed.item_list[0]["button_element"].rect
        tips = [b.tool_tip.rect for b in (menu.current_state.selected_option_button, closed) if b.tool_tip]
        assert not [r for r in tips if r.colliderect(first)], f"the help covers the first weapon at {first}"
        assert not tips, "no help over the open list"
