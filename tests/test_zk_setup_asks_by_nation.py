"""The set-up asks what the chosen section has (a newcomer's Normandy Village set-up, session 45): after he
picked the British, the row "American Corporal's weapon: Thompson SMG" stayed, offering American SMGs to a
British section. Its choice goes with the nation ("American section only", greyed, the row kept so the
rows below stay put) and comes back with the Americans. And Esc over an open drop-down closes
the list (it closed the whole set-up: the player's choices lost). Through the real set-up scene, by a player's
clicks."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel
from test_ui_setup import choose
from ui_driver import click, headless_app, key

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

NORMANDY = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"
CORPORAL = "American Corporal's weapon"


def _labels(scene: SetupScene) -> list[str]:
    return [e.text for e in scene._elements if isinstance(e, UILabel) and e.alive()]


def _section_menu(scene: SetupScene) -> UIDropDownMenu:
    menus = [m for m in scene._elements if isinstance(m, UIDropDownMenu) and m.alive()]
    return next(m for m in menus if m.selected_option[0] in ("American", "British", "German"))


def _corporal_choice(scene: SetupScene) -> UIDropDownMenu | UIButton:
    label = next(e for e in scene._elements if isinstance(e, UILabel) and e.alive() and e.text == CORPORAL)
    return next(
        e
        for e in scene._elements
        if isinstance(e, UIDropDownMenu | UIButton) and e.alive() and abs(e.rect.centery - label.rect.centery) < 8
    )


def _horde_row(scene: SetupScene) -> int:
    return next(e.rect.y for e in scene._elements if isinstance(e, UILabel) and e.text.startswith("Horde size"))


def test_the_corporals_weapon_is_asked_only_of_an_american_section(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(NORMANDY)))
        app.run_frames(3)
        assert isinstance(_corporal_choice(app.scene), UIDropDownMenu)  # the default section is American
        horde = _horde_row(app.scene)
        choose(app, _section_menu(app.scene), "British")
        app.run_frames(3)
        assert app.scene.setup.answers["each"][0]["section"] == "british"
        said = _corporal_choice(app.scene)
        assert isinstance(said, UIButton) and not said.is_enabled, said
        assert said.text == "American section only", said.text
        font = said.font if hasattr(said, "font") else said.drawable_shape.theming["font"]
        assert font.size(said.text)[0] <= said.rect.width - 8, "the greyed words are cut off"
        # the row stays: the rows below never move under the pointer (a newcomer's next click, meant for the
        # horde size, switched the reading below it)
        assert _horde_row(app.scene) == horde
        choose(app, _section_menu(app.scene), "American")
        app.run_frames(3)
        assert isinstance(_corporal_choice(app.scene), UIDropDownMenu)


def test_esc_over_an_open_list_closes_the_list_not_the_set_up(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(NORMANDY)))
        app.run_frames(3)
        scene = app.scene
        menu = _section_menu(scene)
        click(app, menu.rect.center)
        assert menu.current_state is menu.menu_states["expanded"], "the list opened"
        key(app, pygame.K_ESCAPE)
        app.run_frames(3)
        assert app.scene is scene, "Esc over an open list left the set-up"
        assert menu.current_state is menu.menu_states["closed"], "the list closed"
        key(app, pygame.K_ESCAPE)  # a second Esc, nothing open: back, as before
        app.run_frames(3)
        assert app.scene is not scene
