"""A game that cannot start says "Cannot start: <reason>" on the game screen and in ``deadground simulate``,
never a traceback (issue 37): the rules raise their one start error (:class:`game.rules.core.CannotStart`)
where they read what cannot be played, and a fault they did not foresee is still reported the same way.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from ui_driver import headless_app

from game.cli import main as cli
from game.rules.core import CannotStart, get_ruleset
from game.scenario import load_scenario
from game.simulate import setup_defaults
from game.startcheck import start_options, start_problems
from game.ui.scenario_list import ScenarioEntry, load_entry
from game.ui.scenes.setup import GameSetup

MAPS = Path(__file__).resolve().parent.parent / "maps"


def vehicle_off_the_table(tmp_path: Path) -> Path:
    """Hive Street with its escape vehicle drawn just off the table's left edge and no Boss mark."""
    for folder in ("tiles", "templates"):
        shutil.copytree(MAPS / folder, tmp_path / folder)
    text = (MAPS / "hive_street.tmx").read_text()
    text = text.replace('type="escape_vehicle" x="1024" y="16"', 'type="escape_vehicle" x="-1400" y="16"')
    text = re.sub(r'<object id="33" template="templates/zombie_boss.tx".*?</object>\n', "", text, flags=re.S)
    assert "zombie_boss" not in text and 'x="-1400"' in text
    path = tmp_path / "off_table.tmx"
    path.write_text(text)
    return path


def test_the_rules_say_why_the_boss_has_no_place(tmp_path: Path) -> None:
    scenario = load_scenario(str(vehicle_off_the_table(tmp_path)))
    ruleset = get_ruleset("zombie40k")
    with pytest.raises(CannotStart, match="the Zombie Boss finds no room on the table"):
        ruleset.new_game(scenario, start_options(ruleset, scenario)[0], 1)
    problems = start_problems(scenario)
    assert problems and "Zombie Boss finds no room" in problems[0].message and "report" not in problems[0].fix
    assert setup_defaults(scenario) is None


def test_simulate_says_cannot_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = vehicle_off_the_table(tmp_path)
    assert cli(["simulate", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "deadground simulate: Cannot start: " in err and "Zombie Boss finds no room" in err
    assert "Traceback" not in err


def test_new_game_and_play_refuse_it_with_checks_words(tmp_path: Path) -> None:
    entry = load_entry(vehicle_off_the_table(tmp_path))
    assert not entry.playable and "the escape_vehicle zone is off the table" in entry.error  # the cause, named


def test_the_game_screen_says_cannot_start(tmp_path: Path) -> None:
    """A set-up that fails where check did not foresee it (the entry made past the judge) still says why."""
    path = vehicle_off_the_table(tmp_path)
    with headless_app(tmp_path / "settings.json") as app:
        app.start_game(GameSetup(ScenarioEntry(path, load_scenario(str(path)))))
        app.run_frames(3)
        shown = " ".join(app.scene.log_lines)
        assert "Cannot start: " in shown and "Zombie Boss finds no room" in shown
        assert app.scene.game is None


def test_a_fault_the_rules_did_not_foresee_is_still_a_cannot_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any error from setting a game up is the screen's and simulate's "Cannot start", with its kind."""
    from game.rules.zombie40k import setup

    def broken(world: object) -> None:
        raise IndexError("list index out of range")

    monkeypatch.setattr(setup, "place_hordes", broken)
    hive = MAPS / "hive_street.tmx"
    assert cli(["simulate", str(hive), "--games", "1"]) == 2
    assert "Cannot start: IndexError: list index out of range" in capsys.readouterr().err
    with headless_app(tmp_path / "settings.json") as app:
        app.start_game(
            GameSetup(ScenarioEntry(hive, load_scenario(str(hive))))
        )  # past the judge, which refuses it
        app.run_frames(3)
        assert "Cannot start: IndexError: list index out of range" in " ".join(app.scene.log_lines)


SHAPES = [  # options of the wrong shape, as a hand-edited save holds them, and what the refusal says
    ("zombiekrieg", {"sections": [[]]}, "Unknown section []"),
    ("zombiekrieg", {"sections": ["N" * 10_000]}, "Unknown section 'NNNN"),
    ("zombiekrieg", {"readings": {"N" * 10_000: True}}, "Unknown reading 'NNNN"),
    ("outbreak", {"characters": [{"name": ["Ann"], "player": 1}]}, "'name' must be text, not ['Ann']"),
    ("outbreak", {"players": "9" * 5000}, "from 1 to 4, not '9999"),
    (
        "zombie40k",
        {"teams": [{"unit": "tactical_squad", "weapons": 5}]},
        "'weapons' is a list of option keys, not 5",
    ),
    (
        "zombie40k",
        {"teams": [{"unit": "tactical_squad", "sergeant": True, "sergeant_options": 1}]},
        "'sergeant_options' is a list of option keys, not 1",
    ),
    ("zombie40k", {"teams": [{"unit": "tactical_squad", "usr": {"a": 1}}]}, "'usr' is the name of a Universal"),
    ("zombie40k", {"teams": ["N" * 10_000]}, "no unit 'NNNN"),
]
SHAPE_MAPS = {
    "zombiekrieg": "normandy_village.tmx",
    "outbreak": "hollow_creek_farm.tmx",
    "zombie40k": "hive_street.tmx",
}


@pytest.mark.parametrize("ruleset, options, words", SHAPES)
def test_options_of_the_wrong_shape_are_a_cannot_start_naming_the_option(
    tmp_path: Path, ruleset: str, options: dict, words: str
) -> None:
    """A list where a name belongs, a number where a list does: the rules' own refusal (CannotStart) naming
    the option, a few lines long, never "TypeError: unhashable type: 'list'"; so too when a save holds them."""
    scenario = load_scenario(str(MAPS / SHAPE_MAPS[ruleset]))
    with pytest.raises(CannotStart) as refused:
        get_ruleset(ruleset).new_game(scenario, dict(options), 1)
    assert words in str(refused.value) and len(str(refused.value)) < 600
    from game.saves import SaveError, load_game, save_game

    path = save_game(
        get_ruleset(ruleset).new_game(scenario, start_options(get_ruleset(ruleset), scenario)[0], 1),
        tmp_path / "odd.json",
    )
    tree = json.loads(path.read_text())
    tree["options"] = options
    path.write_text(json.dumps(tree))
    with pytest.raises(SaveError) as not_loaded:
        load_game(path)
    said = str(not_loaded.value)
    assert said.startswith("odd.json cannot be loaded: Cannot start: ") and words in said
    assert "Error:" not in said and len(said) < 600


def test_a_fault_is_logged_whole_and_asked_to_be_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A start error that is no refusal of the rules is said on the screen as a fault to report, and its
    traceback goes to the log (it was logged as one line, like a refusal); a refusal is not called a fault."""
    from game.rules.zombie40k import setup

    def broken(world: object) -> None:
        raise IndexError("list index out of range")

    monkeypatch.setattr(setup, "place_hordes", broken)
    with headless_app(tmp_path / "settings.json") as app:
        hive = MAPS / "hive_street.tmx"
        app.start_game(GameSetup(ScenarioEntry(hive, load_scenario(str(hive)))))
        app.run_frames(3)
        shown = " ".join(app.scene.log_lines)
    assert "Cannot start: IndexError: list index out of range (a fault in Dead Ground" in shown
    assert any(r.exc_info and r.exc_info[0] is IndexError for r in caplog.records)
    monkeypatch.undo()
    caplog.clear()
    with headless_app(tmp_path / "settings2.json") as app:
        path = vehicle_off_the_table(tmp_path / "off")
        app.start_game(GameSetup(ScenarioEntry(path, load_scenario(str(path)))))
        app.run_frames(3)
        shown = " ".join(app.scene.log_lines)
    assert "Zombie Boss finds no room" in shown and "fault" not in shown
    assert not any(r.exc_info for r in caplog.records)
