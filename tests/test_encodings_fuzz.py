"""Every text file the game reads, fuzzed with what got round its guards in issue 37: written in UTF-16 LE or
BE without a byte-order mark, UTF-16 and UTF-32 (and UTF-8), a number in every Unicode digit class, a name
10,000 characters long; the BattleScribe files in every compression method a zip allows (stored, deflate,
bzip2, LZMA). Maps' tilesets and templates, catalogues, game systems (``.gst``/``.gstz``), the Zombie
40,000 roster, saved teams, saves and settings: each loads, or is refused by its loader's own error naming
the file, quickly; never another exception, and never a value read from another script's digits.
A CI-sized slice by default; 10,000 cases each with ``--fuzz-long`` or ``DEADGROUND_LONG=1``.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest
from catalogue_bombs import honest_zip
from fuzz_size import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_scenario_fuzz import VALID, assert_scenario_or_problems
from test_user_files_fuzz import data_dir, toml_entry, within  # noqa: F401  (data_dir is a fixture)
from test_z40k_battlescribe import catalogue as one_catalogue
from test_z40k_bs_library import GST, catalogue
from test_z40k_roster_entries import GOOD, PROFILE, WEAPON

from game.roster_import import ImportRefused, import_roster
from game.rules.core import get_ruleset
from game.rules.zombie40k.battlescribe import roster_path
from game.rules.zombie40k.data import load_data
from game.saves import SaveError, load_game, save_game
from game.scenario import ScenarioError, load_scenario
from game.teams import load_teams

MAPS = Path(__file__).parent / "maps"
GAME_MAPS = Path(__file__).resolve().parent.parent / "maps"
SECONDS = 20
FUZZ = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# how a file is written: UTF-16 and UTF-32 without a mark first (the parser guessed them; the guard did not)
CODECS = st.sampled_from(["utf-8", "utf-16-le", "utf-16-be", "utf-16", "utf-32", "utf-32-le", "utf-32-be"])
DIGIT = st.characters(whitelist_categories=("Nd", "No", "Nl"))  # every Unicode digit and numeral class
NUMBER = st.one_of(st.text(DIGIT, min_size=1, max_size=3), st.integers(1, 9).map(str))
NAME = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(["N" * 10_000, "\u00e9" * 10_000, "\U0001f9df" * 10_000, "a\x00b" * 3_000]),
)
METHODS = st.sampled_from([None, zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])


def recode(text: str, codec: str) -> bytes:
    """``text`` written in ``codec``, its XML declaration (if any) saying so."""
    said = {"utf-16-le": "UTF-16", "utf-16-be": "UTF-16", "utf-32-le": "UTF-32", "utf-32-be": "UTF-32"}
    return text.replace('encoding="UTF-8"', f'encoding="{said.get(codec, codec.upper())}"', 1).encode(codec)


def xml_text(text: str) -> bool:
    """Whether XML may hold ``text`` at all (no NUL or other control character but tab and line ends)."""
    return not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", text)


def ascii_number(text: str) -> bool:
    return bool(re.fullmatch("[0-9]+", text))


# -- a map's tileset and template ------------------------------------------------------------------------------


@FUZZ
@given(
    which=st.sampled_from(["tiles/test.tsx", "templates/zombie.tx"]),
    codec=CODECS,
    name=NAME,
    number=NUMBER,
    smuggle=st.booleans(),
)
def test_a_tileset_or_template_in_any_encoding_loads_or_is_refused(
    tmp_path_factory: pytest.TempPathFactory, which: str, codec: str, name: str, number: str, smuggle: bool
) -> None:
    """The map's own file was fuzzed so before; the files it draws on were read in UTF-8 only by the tests.
    Any encoding but UTF-8 is refused naming the file; a DOCTYPE never expands; other digits never read."""
    own = tmp_path_factory.mktemp("drawn")
    shutil.copytree(MAPS / "templates", own / "templates")
    shutil.copytree(MAPS / "tiles", own / "tiles")
    path = own / which
    text = path.read_text(encoding="utf-8")
    if which.endswith(".tsx"):
        text = text.replace('name="test"', f"name={quoteattr(name)}", 1).replace(
            'tilewidth="32"', f'tilewidth="3{number}"', 1
        )
    else:
        text = text.replace('name="Zombie"', f"name={quoteattr(name)}", 1)
    if smuggle:
        text = text.replace("?>", '?><!DOCTYPE x [<!ENTITY e "Smuggled">]>', 1).replace(
            quoteattr(name), '"&e;"', 1
        )
    path.write_bytes(recode(text, codec))
    (own / "map.tmx").write_bytes(VALID)
    with within(SECONDS):
        assert_scenario_or_problems(own / "map.tmx")
    try:
        scenario = load_scenario(str(own / "map.tmx"))
    except ScenarioError as err:
        if codec != "utf-8":
            assert Path(which).name in str(err) and "UTF-8" in str(err), str(err)
        return
    assert codec == "utf-8" and not smuggle, "a file in another encoding, or declaring an entity, was read"
    assert not which.endswith(".tsx") or ascii_number(number), f"tilewidth 3{number!r} was read"
    assert all("Smuggled" not in f.name for f in scenario.placements)


# -- the game system read with a catalogue ---------------------------------------------------------------------


@FUZZ
@given(codec=CODECS, method=METHODS, name=NAME, given_too=st.booleans())
def test_a_game_system_in_any_encoding_and_zip_method_is_read_or_refused(
    tmp_path_factory: pytest.TempPathFactory, codec: str, method: int | None, name: str, given_too: bool
) -> None:
    """A ``.gst`` (or ``.gstz`` in any method) in any encoding, its name any text: the catalogue imports with
    it, or without it with the reason (found beside it), or is refused naming it (given with it); never
    another exception."""
    own = tmp_path_factory.mktemp("gst")
    text = GST.replace('name="Warhammer 40,000 7th Edition"', f"name={quoteattr(name)}", 1)
    raw = recode(text, codec)
    system = own / ("Warhammer40K.gst" if method is None else "Warhammer40K.gstz")
    system.write_bytes(raw if method is None else honest_zip("Warhammer40K.gst", raw, method))
    cat = own / "Space Marines.cat"
    cat.write_bytes(catalogue())
    companions = (system,) if given_too else ()
    with within(SECONDS):
        try:
            done = import_roster(get_ruleset("zombie40k"), cat, own / "data", companions)
        except ImportRefused as exc:
            assert given_too and system.name in str(exc), str(exc)
            assert codec != "utf-8" or not xml_text(name), str(exc)[:600]  # a control character in a name
            return
    assert done.file == cat.name
    if codec != "utf-8":  # read without it: said, naming it
        assert any(system.name in n and "UTF-8" in n for n in done.notes), done.notes


# -- catalogues: names 10,000 characters long, digits in every field that holds a number -------------------------


NUMBER_PLACES = {  # where the Tactical Squad's marine holds a number, and the same with {n} in it
    "cost": ('costTypeId="points" value="14"', 'costTypeId="points" value="{n}"'),
    "constraint": ('value="4.0" type="min"', 'value="{n}" type="min"'),
    "characteristic": ('<characteristic name="WS" value="4"/>', '<characteristic name="WS" value="{n}"/>'),
    "increment": (
        "<costs>",
        '<modifiers><modifier type="increment" field="points" value="{n}"/><modifier type="set" '
        'field="increment:points" value="{n}"/></modifiers><costs>',
    ),
}


@FUZZ
@given(
    codec=CODECS,
    method=METHODS,
    army=NAME,
    unit=NAME,
    place=st.sampled_from(sorted(NUMBER_PLACES)),
    number=NUMBER,
)
def test_a_catalogue_with_long_names_and_any_digits_imports_or_is_refused(
    tmp_path_factory: pytest.TempPathFactory,
    codec: str,
    method: int | None,
    army: str,
    unit: str,
    place: str,
    number: str,
) -> None:
    """Names of 10,000 characters (the army's, a unit's) and a cost, constraint, characteristic or modifier in
    any digit class: the import keeps every name short, skips what it cannot read naming it, and never
    refuses the whole file for one number ("could not convert string to float", naming nothing)."""
    text = one_catalogue(name="Fuzzed").decode("utf-8").replace('name="Fuzzed"', f"name={quoteattr(army)}", 1)
    text = text.replace('name="Tactical Squad"', f"name={quoteattr(unit)}", 1)
    old, new = NUMBER_PLACES[place]
    assert old in text
    text = text.replace(old, new.format(n=number.replace('"', "")), 1)
    raw = recode(text, codec)
    own = tmp_path_factory.mktemp("cat")
    path = own / ("fuzz.cat" if method is None else "fuzz.catz")
    path.write_bytes(raw if method is None else honest_zip("fuzz.cat", raw, method))
    with within(SECONDS):
        try:
            done = import_roster(get_ruleset("zombie40k"), path, own / "data")
        except ImportRefused as exc:
            assert str(exc).startswith(f"refused: {path.name}: ") and len(str(exc)) < 600, str(exc)[:600]
            assert codec != "utf-8" or not xml_text(army + unit), f"refused whole for one field: {str(exc)[:600]}"
            return
    assert codec == "utf-8", "a catalogue in another encoding was read"
    assert all(len(line) < 600 for line in (*done.imported, *done.skipped, *done.notes))
    assert all(len(n) <= 60 for n in done.names)


# -- the player's own files: roster, saved teams, saves --------------------------------------------------------


@FUZZ
@given(codec=CODECS, name=NAME, number=NUMBER)
def test_the_roster_in_any_encoding_loads_or_is_reported(
    data_dir: Path,  # noqa: F811
    codec: str,
    name: str,
    number: str,
) -> None:
    """The player's ``zombie40k_roster.toml`` in any encoding, a unit's name any text and its cost in any
    digits: the shipped units always load; the file's are read (UTF-8) or it is reported naming the file."""
    unit = {**GOOD, "name": name.replace("\x00", ""), "model": "mine_man", "wargear": ["mine_gun"]}
    text = toml_entry("weapons", "mine_gun", WEAPON) + toml_entry("profiles", "mine_man", PROFILE)
    text += toml_entry("units", "mine", unit)
    cost = f'"squad_cost" = {GOOD["squad_cost"]}'
    assert cost in text
    text = text.replace(cost, f'"squad_cost" = {number}', 1)
    path = roster_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(codec))
    load_data.cache_clear()
    with within(SECONDS):
        loaded = load_data()
    assert "tactical_squad" in loaded.units
    if "mine" not in loaded.units:
        assert loaded.user_problems and all(p.startswith("zombie40k_roster.toml") for p in loaded.user_problems)
    else:
        assert codec == "utf-8" and ascii_number(number), "a roster in another encoding or digits was read"
        assert len(loaded.units["mine"].name) <= 200


@FUZZ
@given(codec=CODECS, name=NAME, kind=st.sampled_from(["team", "save"]))
def test_a_team_file_or_save_in_any_encoding_loads_or_is_refused(
    tmp_path_factory: pytest.TempPathFactory, codec: str, name: str, kind: str
) -> None:
    """A saved team or a save written in UTF-16/UTF-32, its name any text up to 10,000 characters: a broken
    team file is listed with its reason and the others load; a save is a SaveError naming it."""
    own = tmp_path_factory.mktemp(kind)
    if kind == "team":
        (own / "good.json").write_text(
            json.dumps({"ruleset": "zombie40k", "name": "Guards", "team": ["unit:infantry_squad"]})
        )
        table = {"ruleset": "zombie40k", "name": name, "team": ["unit:ork_boyz"]}
        (own / "fuzzed.json").write_bytes(json.dumps(table, ensure_ascii=False).encode(codec, "surrogatepass"))
        with within(SECONDS):
            teams, bad = load_teams(own, "zombie40k")
        assert "Guards" in [t.name for t in teams]
        assert all(b.reason and len(b.reason) < 600 for b in bad)
        if codec != "utf-8":
            assert any(b.path.name == "fuzzed.json" for b in bad), bad
        return
    scenario = load_scenario(str(GAME_MAPS / "hive_street.tmx"))
    game = get_ruleset("zombie40k").new_game(scenario, {}, 1)
    save_game(game, own / "game.json")
    (own / "game.json").write_bytes((own / "game.json").read_text(encoding="utf-8").encode(codec))
    with within(SECONDS):
        try:
            load_game(own / "game.json")
        except SaveError as exc:
            assert "game.json" in str(exc) and len(str(exc)) < 600
            return
    assert codec == "utf-8", "a save in another encoding was read"
