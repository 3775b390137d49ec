"""A game that cannot start says "Cannot start: <reason>" on the game screen and in ``deadground simulate``,
never a traceback (issue 37): the rules raise their one start error (:class:`game.rules.core.CannotStart`)
where they read what cannot be played, and a fault they did not foresee is still reported the same way.
"""

from __future__ import annotations

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
        app.start_game(GameSetup(load_entry(hive)))
        app.run_frames(3)
        assert "Cannot start: IndexError: list index out of range" in " ".join(app.scene.log_lines)
