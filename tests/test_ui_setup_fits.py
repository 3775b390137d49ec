"""Every label of every shipped map's set-up is shown whole at 1280x800: Zombiekrieg's "The Corporal orders
only when the Sergeant is dead" was cut to "The Corporal orders only whe" (pygame_gui warned of it)."""

from __future__ import annotations

from pathlib import Path

import pygame_gui
import pytest
from ui_driver import headless_app

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.mark.parametrize("name", ["normandy_village.tmx", "small_town.tmx", "hive_street.tmx"])
def test_every_set_up_label_fits(tmp_path: Path, name: str) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(MAPS / name)))
        app.run_frames(2)
        labels = [e for e in app.scene._elements if isinstance(e, pygame_gui.elements.UILabel) and e.alive()]
        cut = [e.text for e in labels if e.font.size(e.text)[0] > e.rect.width]
        assert labels and not cut, cut


def test_a_drop_down_of_six_weapons_opens_without_a_scroll_bar(tmp_path: Path) -> None:
    """Outbreak's gun list (six guns) opened with a scroll bar over "automatic 6"": six options show whole."""
    from ui_driver import click

    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(MAPS / "small_town.tmx")))
        app.run_frames(2)
        menus = [e for e in app.scene._elements if isinstance(e, pygame_gui.elements.UIDropDownMenu) and e.alive()]
        guns = next(m for m in menus if len(m.options_list) == 6)
        click(app, guns.rect.center)
        listed = guns.current_state.options_selection_list
        assert listed is not None and listed.scroll_bar is None
