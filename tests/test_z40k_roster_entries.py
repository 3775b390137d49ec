"""One broken entry in the player's hand-edited Zombie 40,000 roster never locks the player out (issue 37):
the entry is skipped with its file, entry and field, every good entry and every shipped unit stays, and the
set-up screen, ``deadground check`` and ``deadground roster import`` all go on. Names the screen draws are
bounded, numbers are ASCII digits, counts and sizes have an upper bound.
"""

from __future__ import annotations

import html
import logging
import math
import re
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from test_z40k_battlescribe import catalogue, write

from game.cli import main as cli
from game.rules.core import CannotStart, get_ruleset
from game.rules.zombie40k.battlescribe import dumps, roster_path
from game.rules.zombie40k.data import MAX_NAME, load_data
from game.scenario import load_scenario
from game.simulate import setup_defaults

MAPS = Path(__file__).resolve().parent.parent / "maps"
HIVE = MAPS / "hive_street.tmx"
GOOD = {
    "name": "Mine",
    "army": "Mine",
    "type": "infantry",
    "squad_cost": 10,
    "squad_size": 1,
    "max_models": 2,
    "model": "space_marine",
    "wargear": ["boltgun"],
}
PROFILE = {"name": "P", "ws": 4, "bs": 4, "s": 4, "t": 4, "w": 1, "i": 4, "a": 1, "ld": 8, "sv": 3}
WEAPON = {"name": "W", "type": "assault", "range": 12, "s": 4, "ap": 0}

# each: the roster section and entry, and what the message says of it
BROKEN: dict[str, tuple[str, dict[str, Any], str]] = {
    "no model": ("units", {**GOOD, "model": []}, "units.bad: field 'model': must name one entry"),
    "sergeant of no profile": (
        "units",
        {**GOOD, "sergeant": {"name": "S", "cost": 0, "profile": []}},
        "units.bad.sergeant: field 'profile': must name one entry",
    ),
    "10,000 models for 1 point": (
        "units",
        {**GOOD, "squad_cost": 1, "squad_size": 10_000, "max_models": 10_000},
        "units.bad: field 'squad_size': must be 1 to 100",
    ),
    "9,000-character name": ("units", {**GOOD, "name": "N" * 9000}, "field 'name': is 9000 characters long"),
    "NUL in a name": ("units", {**GOOD, "army": "a<NUL>b"}, "field 'army': holds a control character"),
    "superscript strength": ("weapons", {**WEAPON, "s": "+²"}, "weapons.bad: field 's': must be a number"),
    "base 1e300": ("profiles", {**PROFILE, "base": 1e300}, "profiles.bad: field 'base': must be a number from"),
    "base inf": ("profiles", {**PROFILE, "base": "<inf>"}, "profiles.bad: field 'base': must be a number"),
    "range nan": ("weapons", {**WEAPON, "range": "<nan>"}, "weapons.bad: field 'range': must be a number"),
    "range of 5,000 digits": (
        "weapons",
        {**WEAPON, "range": "<long>"},
        "weapons.bad: field 'range': is a whole number thousands of digits long",
    ),
}


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    load_data.cache_clear()
    yield tmp_path / "data" / "deadground"
    load_data.cache_clear()


def write_roster(data_dir: Path, text: str) -> Path:
    path = roster_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def roster_with(section: str, entry: dict[str, Any]) -> str:
    """A roster of one good unit (and its own good weapon and profile) and the broken entry ``bad``."""
    doc: dict[str, Any] = {"weapons": {"mine_gun": WEAPON}, "profiles": {"mine_man": PROFILE}, "units": {}}
    doc["units"]["mine"] = {**GOOD, "model": "mine_man", "wargear": ["mine_gun"]}
    doc[section]["bad"] = entry
    # the writer leaves control characters out and writes no infinity: put them in as a hand would
    text = dumps(doc).replace("<NUL>", "\\u0000").replace('"<inf>"', "inf").replace('"<nan>"', "nan")
    return text.replace('"<long>"', "9" * 5000)  # a number too long for Python to write out


def starts(data_dir: Path) -> None:
    """What pressing Begin on Hive Street and ``deadground simulate`` play first: the set-up's defaults."""
    scenario = load_scenario(str(HIVE))
    options = setup_defaults(scenario)
    assert options is not None
    get_ruleset("zombie40k").new_game(scenario, options, 1)


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_entry_is_skipped_named_and_the_rest_plays(
    case: str, data_dir: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    section, entry, words = BROKEN[case]
    write_roster(data_dir, roster_with(section, entry))
    caplog.set_level(logging.WARNING)
    data = load_data()
    assert "bad" not in getattr(data, section)
    assert "mine" in data.units and "tactical_squad" in data.units  # the good entries and the shipped ones
    assert any(p.startswith("zombie40k_roster.toml: ") and words in p for p in data.user_problems), (
        data.user_problems
    )
    assert words in caplog.text  # the command line says which entry was skipped and why
    starts(data_dir)
    assert cli(["check", str(HIVE)]) == 0, capsys.readouterr()


def test_a_number_too_long_to_read_skips_its_entry_and_an_import_leaves_the_file_alone(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = roster_with("units", {**GOOD, "squad_cost": 1}).replace(
        "squad_cost = 1\n", f"squad_cost = {'9' * 5000}\n"
    )
    path = write_roster(data_dir, text)
    started = time.perf_counter()
    data = load_data()
    assert time.perf_counter() - started < 5
    assert "mine" in data.units and "bad" not in data.units and "tactical_squad" in data.units
    assert any(
        "units.bad: field 'squad_cost': is a whole number thousands of digits long" in p
        for p in data.user_problems
    )
    assert any("over 4,300 digits long" in p and "line " in p for p in data.user_problems)
    starts(data_dir)
    # the import refuses rather than write the player's file back with the number changed
    assert cli(["roster", "import", str(write(tmp_path, "sm.cat", catalogue()))]) != 0
    assert "4,300 digits" in capsys.readouterr().err
    assert path.read_text() == text


def test_an_import_beside_a_broken_hand_edited_entry_keeps_it_and_says_why(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_roster(data_dir, roster_with("units", {**GOOD, "model": []}))
    assert cli(["roster", "import", str(write(tmp_path, "sm.cat", catalogue()))]) == 0
    out = capsys.readouterr().out
    assert "units.bad: field 'model': must name one entry" in out
    doc = tomllib.loads(path.read_text())
    assert doc["units"]["bad"]["model"] == [] and "mine" in doc["units"] and len(doc["units"]) > 2
    load_data.cache_clear()
    assert "mine" in load_data().units


def test_the_set_up_screen_opens_and_says_what_was_skipped(data_dir: Path, tmp_path: Path) -> None:
    from ui_driver import headless_app

    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import SetupScene

    write_roster(data_dir, roster_with("units", {**GOOD, "name": "N" * 9000}))
    with headless_app(tmp_path / "settings.json") as app:
        started = time.perf_counter()
        app.push(SetupScene(app, load_entry(HIVE)))
        app.run_frames(3)
        assert time.perf_counter() - started < 20
        assert isinstance(app.scene, SetupScene)
        shown = html.unescape(app.scene.refusal_box.html_text) if app.scene.refusal_box is not None else ""
        assert (
            "Your roster: skipped zombie40k_roster.toml: units.bad: field 'name': is 9000 characters long "
            f"(a name is at most {MAX_NAME})" in shown
        )
        assert app.scene.begin.is_enabled  # the rest of the roster plays


def test_the_shipped_roster_keeps_within_every_bound() -> None:
    data = load_data(None, None, "no-such-roster")
    assert not data.user_problems
    assert all(len(u.name) <= MAX_NAME and u.max_models <= 100 for u in data.units.values())


def wide_based_roster(data_dir: Path, base: float, models: int) -> None:
    """The player's roster with one unit of ``models`` models on ``base``-inch bases for 1 point."""
    profile = {**PROFILE, "base": base}
    unit = {**GOOD, "model": "wide", "squad_cost": 1, "squad_size": models, "max_models": models}
    write_roster(data_dir, dumps({"profiles": {"wide": profile}, "units": {"wide": unit}}))


def test_a_squad_on_wide_bases_stands_with_no_base_on_another(data_dir: Path) -> None:
    wide_based_roster(data_dir, 2.0, 40)
    game = get_ruleset("zombie40k").new_game(load_scenario(str(HIVE)), {"teams": ["wide"]}, 1)
    squad = [m for m in game.state.models.values() if m.unit == "p1"]
    assert len(squad) == 40 and all(m.radius == 1.0 for m in squad)
    for k, a in enumerate(squad):
        for b in squad[k + 1 :]:
            assert math.dist(a.position, b.position) >= a.radius + b.radius, (a.id, b.id)


def test_a_squad_with_no_room_on_the_table_cannot_start_and_says_why(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """100 models on 6" bases for 1 point: the squad that found room for a third of them stood on one another
    (and with fewer places than models, the rest were left out without a word)."""
    wide_based_roster(data_dir, 6.0, 100)
    words = "player 1's Mine (100 models on 6\" bases) finds room for only"
    with pytest.raises(CannotStart, match=re.escape(words)):
        get_ruleset("zombie40k").new_game(load_scenario(str(HIVE)), {"teams": ["wide"]}, 1)
    assert cli(["simulate", str(HIVE), "--games", "1", "--options", '{"teams": ["wide"]}']) == 2
    err = capsys.readouterr().err
    assert "Cannot start: " in err and words in err and "Traceback" not in err


def test_a_long_keyed_entry_that_is_no_table_is_named_in_a_line(data_dir: Path) -> None:
    """A unit of a 9,000-character key whose sergeant is a number: skipped, its key cut in the message (the
    message held the whole key: 9,000 characters in the log and the set-up's box)."""
    text = roster_with("units", GOOD).replace("[units.bad]", f"[units.{'N' * 9000}]") + "sergeant = 5\n"
    write_roster(data_dir, text)
    data = load_data()
    assert "mine" in data.units and len(data.units) > 2
    (problem,) = data.user_problems
    assert problem.startswith("zombie40k_roster.toml: units.NNN") and problem.endswith("...: must be a table")
    assert len(problem) < 200
