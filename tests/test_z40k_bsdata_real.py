"""The BattleScribe import over the public 7th-edition data set (issue 35), when a copy of the
``BSData/wh40k-7th-edition`` repository is on this machine (``BSDATA_MIRROR``: a bare repository or a checkout;
default /work/.mirror/BSData+wh40k-7th-edition/repo); skipped otherwise. ``python -m benchmarks.bsdata_7th``
prints the whole table of what came in and what was refused.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import pytest

import game.rules.zombie40k.data as z40data
from game.ai import bot_for
from game.assets import data_file
from game.cli import main as cli_main
from game.rules.zombie40k import new_game
from game.rules.zombie40k.battlescribe import convert, read_catalogue, read_game_system
from game.rules.zombie40k.data import build_data, load_data, load_toml
from game.rules.zombie40k.setup_view import Z40Setup
from game.rules.zombie40k.team_builder import build_team
from game.rules.zombie40k.testing import small_scenario

MIRROR = Path(os.environ.get("BSDATA_MIRROR", "/work/.mirror/BSData+wh40k-7th-edition/repo"))
pytestmark = pytest.mark.skipif(not MIRROR.exists(), reason="no copy of the 7th-edition BattleScribe data here")
SM, AM = "Space Marines - Codex (2015).cat", "Astra Militarum - Codex.cat"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The data set's files in a folder (checked out of the bare repository, or the checkout itself)."""
    if (MIRROR / "Warhammer40K.gst").exists():
        return MIRROR
    out = tmp_path_factory.mktemp("bsdata")
    archive = subprocess.run(["git", "--git-dir", str(MIRROR), "archive", "HEAD"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def test_every_catalogue_imports_without_a_crash_and_brings_at_least_270_units(dataset: Path) -> None:
    data = load_data(None, None, "no-user-roster")
    system = [("Warhammer40K.gst", read_game_system(dataset / "Warhammer40K.gst"))]
    cats = sorted(dataset.glob("*.cat"))
    assert len(cats) == 44
    total = 0
    for path in cats:
        cat = convert(read_catalogue(path), path.name, data, system)
        total += len(cat.units)
        for unit in cat.units.values():
            name = unit["name"]
            assert "entrylink" not in name.lower() and not name.lower().startswith(("formation", "detachment"))
            assert unit["type"] == "infantry" and unit["squad_cost"] % unit["squad_size"] == 0, name
            # Independent Characters filed under no HQ slot are refused (issue 35: 35 of the 309 were)
            assert not name.startswith(("Techmarine", "Cypher", "Enginseer", "Watch Master")), name
    assert total >= 270


def units_of(roster: dict, army_word: str) -> dict:
    return {u["name"]: u for u in roster["units"].values() if army_word in u["army"]}


def test_space_marines_and_astra_militarum_come_in_with_their_guns_and_a_tactical_squad_plays(
    dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    files = [str(dataset / SM), str(dataset / AM), str(dataset / "Warhammer40K.gst")]
    assert cli_main(["roster", "import", *files, "--data", str(folder)]) == 0
    roster_file = folder / "rosters" / "zombie40k_roster.toml"
    roster = tomllib.loads(roster_file.read_text())
    marines, guard = units_of(roster, "Space Marines"), units_of(roster, "Astra Militarum")
    tactical, scouts, infantry = marines["Tactical Squad"], marines["Scout Squad"], guard["Infantry Squad"]
    assert (tactical["squad_cost"], tactical["squad_size"], tactical["max_models"]) == (70, 5, 10)
    assert tactical["wargear"] == ["bolt_pistol", "boltgun"]
    assert {"flamer", "meltagun", "plasma_gun", "heavy_bolter"} <= {o["key"] for o in tactical["weapon_options"]}
    assert (scouts["squad_size"], scouts["max_models"], scouts["squad_cost"]) == (5, 10, 55)
    assert {"sniper_rifle"} <= {w for o in scouts["weapon_options"] for w in o["with"]}
    assert (infantry["squad_size"], infantry["squad_cost"], infantry["wargear"]) == (10, 50, ["lasgun"])
    assert infantry["sergeant"]["wargear"] == ["close_combat_weapon", "laspistol"]
    guard_guns = {o["name"].split(" for the ")[0]: o["cost"] for o in infantry["weapon_options"]}
    assert guard_guns["Guardsman w/ Flamer"] == 5 and guard_guns["Guardsman w/ Grenade Launcher"] == 5
    assert guard_guns["Guardsman w/ Plasma Gun"] == 15
    # a 75-point team: a Tactical Squad of five with its sergeant and a flamer, played to the end
    core, shipped = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, shipped, "zombie40k.toml", "zombie40k_roster.toml", roster)
    key = next(k for k, u in roster["units"].items() if u is tactical)
    spec = {"unit": key, "models": 5, "sergeant": True, "weapons": ["flamer"]}
    assert build_team(data, spec).points == 75
    monkeypatch.setattr(z40data, "user_roster_file", lambda: roster_file)
    load_data.cache_clear()
    try:
        # the set-up's team builder offers the imported squad's options with their costs, and its refusals
        setup, sc = Z40Setup(), small_scenario(players=1)
        items = [{"id": f"unit:{key}"}, *[{"id": "model"}] * 4, {"id": "sergeant"}, {"id": "weapon:flamer"}]
        answers = {"players": 1, "each": [{"team": items}], "game": {}}
        assert setup.refusals(sc, answers) == []
        over = {**answers, "each": [{"team": [*items, {"id": "model"}]}]}
        assert any("75-point limit" in r for r in setup.refusals(sc, over))
        # the data's rule: below ten models a heavy weapon or a special weapon, not both
        both = {**answers, "each": [{"team": [*items, {"id": "weapon:lascannon"}]}]}
        assert any("not with" in r and "under 10 models" in r for r in setup.refusals(sc, both))
        options = setup.options(sc, answers)
        assert options["teams"][0] == spec
        game = new_game(sc, options, seed=35)
        bot = bot_for("zombie40k")
        for _ in range(5000):
            if game.over:
                break
            game.apply(bot(game))
        assert game.over
    finally:
        load_data.cache_clear()


def test_astra_militarum_veterans_ogryns_and_bullgryns_come_in_as_the_codex_prices_them(dataset: Path) -> None:
    """The Veterans are a sergeant and nine Veterans with lasguns for the XML's 60 points (they came in as one
    Veteran Sergeant with a mortar team for a sergeant); Ogryns and Bullgryns are their base with the Bone 'ead
    plus each model (three for 130 and 145, not 171 and 189); the Cyclops is Artillery, not its operator."""
    system = [("Warhammer40K.gst", read_game_system(dataset / "Warhammer40K.gst"))]
    cat = convert(read_catalogue(dataset / AM), AM, load_data(None, None, "no-user-roster"), system)
    units = {u["name"]: u for u in cat.units.values()}
    vets = units["Veterans"]
    assert (vets["squad_size"], vets["max_models"], vets["squad_cost"], vets["wargear"]) == (
        10,
        10,
        60,
        ["lasgun"],
    )
    assert cat.profiles[vets["model"]]["name"] == "Veteran" and vets["sergeant"]["name"] == "Veteran Sergeant"
    assert {"flamer", "meltagun", "plasma_gun"} <= {w for o in vets["weapon_options"] for w in o["with"]}
    for name, per_model, three in (("Ogryns", 40, 130), ("Bullgryns", 45, 145)):
        unit = units[name]
        assert unit["squad_cost"] == 3 * per_model and unit["squad_cost"] + unit["sergeant"]["cost"] == three
    assert units["Sly Marbo"]["squad_cost"] == 25  # the XML's 25; his link makes his melta bombs free
    assert "Cyclops RC Demolition Vehicle" not in units
    assert any(s.entry == "Cyclops RC Demolition Vehicle" and "Artillery" in s.reason for s in cat.skipped)
