"""Numbers in every Unicode digit class (issue 37): ``"²".isdigit()`` is true but ``int("²")`` fails, so a
catalogue with a superscript characteristic was refused whole with "invalid literal for int()", naming no
file, entry or field; and ``int("٣")`` is 3, so other scripts' digits slipped in unannounced. Catalogues,
map attributes and properties, and roster numbers now read ASCII digits only: a catalogue skips the entry
with the file, entry, field and reason and keeps the good ones; a map is refused naming the object or
property; a roster entry is skipped naming the file, entry and field.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_reliability_maps import folder, make_map, refused  # noqa: F401  (folder is a fixture)
from test_z40k_battlescribe import (  # noqa: F401  (data_dir is a fixture)
    TACTICAL,
    catalogue,
    counts,
    data_dir,
    pts,
    unit_profile,
    weapon,
)

from game.cli import main as cli_main
from game.rules.zombie40k.battlescribe import dumps, roster_path
from game.rules.zombie40k.data import load_data
from game.scenario.check import main as check_main

# a three in each class: superscript (No), circled (No), Arabic-Indic, Devanagari, fullwidth, mathematical
# bold (all Nd: int() reads them), and a vulgar fraction (numeric, not a digit)
DIGITS = ["\u00b3", "\u2462", "\u0663", "\u0969", "\uff13", "\U0001d7d1", "\u00bd"]
IDS = ["superscript", "circled", "arabic-indic", "devanagari", "fullwidth", "math-bold", "fraction"]


def scouts(ws: str = "3", s: str = "4", ap: str = "5", shots: str = "") -> str:
    gun = weapon("sg", "Scout bolter", '24"', s, ap, f"Assault {shots}".strip() if shots else "Rapid Fire")
    return (
        f'<selectionEntry id="sc" name="Scout Squad" type="unit"><selectionEntries>'
        f'<selectionEntry id="sm" name="Scout" type="model">{counts(5, 10)}'
        f"<profiles>{unit_profile('pz', 'Scout', WS=ws)}{gun}</profiles>{pts(11)}</selectionEntry>"
        "</selectionEntries></selectionEntry>"
    )


def imported(tmp_path: Path, units: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "sm.cat"
    path.write_bytes(catalogue(TACTICAL + units))
    code = cli_main(["roster", "import", str(path)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Tactical Squad" in out.out  # the good entry is kept
    return out.out


@pytest.mark.parametrize("digit", DIGITS, ids=IDS)
def test_a_characteristic_in_another_digit_class_skips_only_its_unit(
    tmp_path: Path,
    data_dir: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
    digit: str,
) -> None:
    out = imported(tmp_path, scouts(ws=digit), capsys)
    assert f"skipped: sm.cat: 'Scout Squad': field 'WS': '{digit}' is not a characteristic from 1 to 10" in out
    assert "Scout Squad" not in roster_path(data_dir).read_text()


@pytest.mark.parametrize("digit", DIGITS, ids=IDS)
def test_a_weapon_number_in_another_digit_class_is_skipped_naming_its_field(
    tmp_path: Path,
    data_dir: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
    digit: str,
) -> None:
    where = "sm.cat: 'Scout Squad / Scout bolter': field"
    out = imported(tmp_path, scouts(s=digit), capsys)
    assert f"{where} 'Strength': '{digit}' is not a Strength this game plays" in out
    out = imported(tmp_path, scouts(ap=digit), capsys)
    assert f"{where} 'AP': '{digit}' is not an AP this game plays" in out
    out = imported(tmp_path, scouts(shots=digit), capsys)
    assert f"{where} 'Type': 'Assault {digit}' is not a weapon type this game plays" in out


@pytest.mark.parametrize("digit", DIGITS, ids=IDS)
def test_a_cost_or_modifier_in_another_digit_class_skips_only_its_unit(
    tmp_path: Path,
    data_dir: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
    digit: str,
) -> None:
    """A modifier that sets the points' increment to "²" refused the whole catalogue with "could not convert
    string to float", naming nothing; a cost in "²" is now read as none, said with the file, entry and
    field, and that unit alone is left out."""
    odd = f'<modifiers><modifier type="set" field="increment:points" value="{digit}"/></modifiers>'
    scout = scouts().replace('type="model">', f'type="model">{odd}', 1)
    out = imported(tmp_path, scout, capsys)
    assert "Scout Squad" in roster_path(data_dir).read_text()
    priced = scouts().replace('value="11"', f'value="1{digit}"', 1)
    assert f'value="1{digit}"' in priced
    path = tmp_path / "sm.cat"
    path.write_bytes(catalogue(TACTICAL + priced))
    assert cli_main(["roster", "import", "--verbose", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"sm.cat: 'Scout': field 'pts': '1{digit}' is not a number (digits 0-9): read as no cost" in out
    assert "skipped: sm.cat: 'Scout Squad': field 'pts': it has no points cost" in out


@pytest.mark.parametrize("digit", DIGITS, ids=IDS)
def test_a_map_number_in_another_digit_class_is_refused_naming_where(
    folder: Path,  # noqa: F811
    digit: str,
) -> None:
    prop = f'\n  <property name="players_max" type="int" value="{digit}"/>'
    refused(make_map(folder, extra=prop), "players_max", digit)
    zombie = f'<object id="5" name="Lurker" type="zombie" x="6{digit}" y="64"><point/></object>'
    refused(make_map(folder, zombie), "Lurker", f'x="6{digit}"')
    tiles = make_map(folder).read_text().replace('tilewidth="32"', f'tilewidth="3{digit}"', 1)
    (folder / "digits.tmx").write_text(tiles)
    refused(folder / "digits.tmx", "tilewidth", digit)


def test_ascii_numbers_still_read_everywhere(folder: Path) -> None:  # noqa: F811
    out = io.StringIO()
    prop = '\n  <property name="players_max" type="int" value=" 2 "/>'
    zombie = '<object id="5" name="Lurker" type="zombie" x="64.5" y="6.4e1"><point/></object>'
    assert check_main([str(make_map(folder, zombie, extra=prop))], out) == 0, out.getvalue()


@pytest.mark.parametrize("digit", DIGITS, ids=IDS)
def test_a_roster_strength_in_another_digit_class_skips_the_entry(
    data_dir: Path,  # noqa: F811
    digit: str,
) -> None:
    """``s = "+²"`` passed the roster loader and crashed the game the first time the weapon struck."""
    roster = roster_path(data_dir)
    roster.parent.mkdir(parents=True)
    blade = {"name": "Blade", "type": "melee", "s": f"+{digit}", "ap": 0}
    roster.write_text(dumps({"weapons": {"blade": blade}}))
    data = load_data()
    assert "blade" not in data.weapons
    assert any(p.startswith("zombie40k_roster.toml: weapons.blade: field 's'") for p in data.user_problems)
