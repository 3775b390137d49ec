"""The set-up says what each nation's section carries (a newcomer's Normandy Village set-up, session 47): he
chose a section by its nation's name only. Under the choice, a line from the rules' data names each man's
weapon ("British: Sergeant (Sten SMG), ..."), changing with the choice, whole and clear of the row below.
Through the real set-up scene, by a player's clicks."""

from __future__ import annotations

from pathlib import Path

from pygame_gui.elements import UILabel
from test_ui_setup import choose
from test_zk_setup_asks_by_nation import NORMANDY, _section_menu
from ui_driver import headless_app

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene


def _notes(scene: SetupScene) -> list[UILabel]:
    labels = [e for e in scene._elements if isinstance(e, UILabel) and e.alive()]
    return [e for e in labels if e.text.startswith(("American:", "British:", "Soviet:")) or "(" in e.text]


def _said(scene: SetupScene) -> str:
    return " ".join(e.text for e in sorted(_notes(scene), key=lambda e: e.rect.y))


def test_the_sections_weapons_are_said_under_the_choice(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(NORMANDY)))
        app.run_frames(3)
        said = _said(app.scene)
        assert said.startswith("American: Sergeant (Thompson SMG)") and "8 Riflemen (M1 Garand)" in said, said
        choose(app, _section_menu(app.scene), "British")
        app.run_frames(3)
        said = _said(app.scene)
        assert said.startswith("British: Sergeant (Sten SMG)"), said
        assert "LMG gunner (Bren gun)" in said and "M1 Garand" not in said, said
        scene = app.scene
        font = scene.manager.get_theme().get_font(["label", "#footnote"])
        others = [e for e in scene._elements if e.alive() and e not in _notes(scene) and hasattr(e, "rect")]
        menu = _section_menu(scene)
        for note in _notes(scene):
            assert font.size(note.text)[0] <= note.rect.width, note.text  # whole
            below = [e for e in others if e.rect.top > menu.rect.top and e.rect.colliderect(note.rect)]
            assert not below, (note.text, below)  # clear of the rows below
