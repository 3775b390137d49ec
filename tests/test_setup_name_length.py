"""Names the screen draws are bounded (issue 37, item 13): a name typed or pasted into the set-up stops at the
length the rules take (Outbreak's character names are drawn beside the figure, and a 10,000-character paste
made every frame take minutes to draw before the rules refused it at Begin); a line drawn on the table is cut
to what a screen shows; a map's person with a name no screen can draw is refused naming the object."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import click

from game.cli import main as cli
from game.rules.outbreak.forces import MAX_NAME
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_a_pasted_character_name_stops_at_the_rules_length(app: App) -> None:
    app.push(SetupScene(app, load_entry(MAPS / "hollow_creek_farm.tmx")))
    app.run_frames(2)
    scene = app.scene
    entry = next(e for e in scene._elements if isinstance(e, pygame_gui.elements.UITextEntryLine) and e.alive())
    before = entry.get_text()
    click(app, entry.rect.center)
    for _ in range(3):  # what typing and pasting send: text in runs (a run of 5,000 drew for minutes)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": "N" * 100}))
        app.run_frames(1)
    app.run_frames(2)
    assert len(entry.get_text()) <= MAX_NAME and entry.get_text().startswith(before)
    names = [c["name"] for each in scene.setup.answers["each"] for c in each["characters"]]
    assert all(len(n) <= MAX_NAME for n in names)


def test_a_name_too_long_for_any_screen_is_drawn_cut() -> None:
    """The table's labels and plates draw at most a line's worth of a name a file gave (a map's figure, a
    roster's unit): rendered whole, 9,000 characters made a surface 80,000 pixels wide."""
    from game.ui.drawing import LONGEST_LINE, TextCache

    pygame.font.init()
    texts = TextCache()
    whole = texts.render("N" * LONGEST_LINE, 18, (255, 255, 255))
    cut = texts.render("N" * 9000, 18, (255, 255, 255))
    assert cut.get_width() <= whole.get_width() and cut.get_height() == whole.get_height()


def test_a_map_person_with_a_name_no_screen_can_draw_is_refused_naming_him(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A map's character of 9,000 characters, or with a tab and a right-to-left mark in his name: ``check``
    names the object and says why (it said "Option 'characters' #1", which no map has), and the game
    refuses the map the same way."""
    shutil.copytree(MAPS / "tiles", tmp_path / "tiles")
    shutil.copytree(MAPS / "templates", tmp_path / "templates")
    text = (MAPS / "hollow_creek_farm.tmx").read_text()
    text = text.replace('name="Deputy Ruth"', f'name="{"R" * 9000}"')
    text = text.replace('name="Doc Harlan"', 'name="Doc&#x9;Harlan&#x202e;"')
    path = tmp_path / "names.tmx"
    path.write_text(text)
    assert cli(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        f'object 25 "{"R" * 57}...": the character\'s name is 9,000 characters long (a name is at most 60)' in out
    )
    assert "object 26" in out and "the character's name holds a control or invisible character" in out
    assert "Option 'characters'" not in out and len(out) < 2000
    entry = load_entry(path)
    assert not entry.playable and "9,000 characters long" in entry.error
