"""Zombie 40,000's team builder in a newcomer's words (session 45 review): he found 8 Guardians bought and did not
know why, read "[seed]" in his Add list and beside Begin as jargon, and could not tell what Remove took off."""

from __future__ import annotations

import html
from pathlib import Path

import pygame_gui
import pytest
from ui_driver import click, headless_app, take

from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import STARTING_WORDS, SetupScene

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


@pytest.fixture
def scene(tmp_path: Path):
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(HIVE_STREET)))
        app.run_frames(2)
        yield app.scene


def _shown(scene: SetupScene) -> list[str]:
    """Every word the set-up shows the player (its labels, buttons and text boxes)."""
    out = []
    for e in scene._elements:
        if not e.alive():
            continue
        if isinstance(e, pygame_gui.elements.UITextBox):
            out.append(html.unescape(e.html_text))
        elif isinstance(e, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton):
            out.append(e.text)
    return out


def _starting_lines(scene: SetupScene) -> list[str]:
    """The labels that make up the starting team's line."""
    labels = [e.text for e in scene._elements if e.alive() and isinstance(e, pygame_gui.elements.UILabel)]
    return [w for w in labels if w and w in STARTING_WORDS]


def _removes(scene: SetupScene) -> list[pygame_gui.elements.UIButton]:
    return [e for e in scene._elements if e.alive() and "#remove_1" in e.get_object_ids()]


def test_the_starting_team_is_said_to_be_bought_for_him_till_he_changes_it(scene: SetupScene) -> None:
    """A default said in words: the team the set-up bought has a line saying so; once he changes it, it goes."""
    lines = _starting_lines(scene)
    assert " ".join(lines) == STARTING_WORDS, lines
    click(scene.app, _removes(scene)[1].rect.center)  # "Remove 1": one Guardian fewer, his own team now
    assert not _starting_lines(scene)


def test_the_players_list_shows_no_seed_tag(scene: SetupScene) -> None:
    """ "[seed]" (from the source rules) showed in the Add list's USR heading and the solo note beside Begin."""
    shown = _shown(scene)
    assert any("at no points cost" in w for w in shown) and any("Solo game" in w for w in shown)
    assert not [w for w in shown if "[seed]" in w], [w for w in shown if "[seed]" in w]
    take(scene.app, scene, 1, "Counter-Attack")  # a USR taken: refusals of a second one name no tag either
    assert not [w for w in _shown(scene) if "[seed]" in w]


def test_each_remove_says_what_it_takes_off(scene: SetupScene) -> None:
    """On the unit's row Remove took the whole team off (its models are added to it); on "One more Guardian x7"
    it took one. The buttons say so: "Remove all", "Remove 1"."""
    unit, more = _removes(scene)
    assert (unit.text, more.text) == ("Remove all", "Remove 1")
    click(scene.app, more.rect.center)
    assert len(scene.setup.answers["each"][0]["team"]) == 7
    assert [b.text for b in _removes(scene)] == ["Remove all", "Remove 1"]
    click(scene.app, _removes(scene)[0].rect.center)
    assert scene.setup.answers["each"][0]["team"] == []
