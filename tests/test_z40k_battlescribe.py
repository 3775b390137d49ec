"""Zombie 40,000 rosters from BattleScribe catalogues (issue 15, item 4; rules: "Building a team": players may
add their own units). Small catalogue files are written here: a Tactical-Squad-like unit imports with its
profile, weapons, points, sergeant and weapon swaps; a team built from it passes the team builder and a bot
plays it; what the builder cannot use is listed with file, entry and field; hostile files are refused with
a clear message and the fix, never a crash.
"""

from __future__ import annotations

import io
import os
import tomllib
import zipfile
from pathlib import Path

import platformdirs
import pytest

from game.ai import bot_for
from game.cli import main as cli_main
from game.rules.core import get_ruleset
from game.rules.zombie40k import new_game
from game.rules.zombie40k.battlescribe import (
    MAX_BYTES,
    CatalogueError,
    convert,
    dumps,
    parse_catalogue,
    read_catalogue,
    roster_import,
    roster_path,
)
from game.rules.zombie40k.data import load_data
from game.rules.zombie40k.report import invariants
from game.rules.zombie40k.setup_view import Z40Setup
from game.rules.zombie40k.team_builder import build_team
from game.rules.zombie40k.testing import small_scenario

NS = "http://www.battlescribe.net/schema/catalogueSchema"


def weapon(pid: str, name: str, rng: str, s: str, ap: str, kind: str) -> str:
    return (
        f'<profile id="{pid}" name="{name}" profileTypeId="wpn" profileTypeName="Weapon"><characteristics>'
        f'<characteristic name="Range" characteristicTypeId="r" value="{rng.replace(chr(34), "&quot;")}"/>'
        f'<characteristic name="Strength" characteristicTypeId="s" value="{s}"/>'
        f'<characteristic name="AP" characteristicTypeId="ap" value="{ap}"/>'
        f'<characteristic name="Type" characteristicTypeId="t" value="{kind}"/>'
        "</characteristics></profile>"
    )


def unit_profile(pid: str, name: str, utype: str = "Infantry", skip: str = "", **stats: str) -> str:
    values = {"WS": "4", "BS": "4", "S": "4", "T": "4", "W": "1", "I": "4", "A": "1", "Ld": "8", "Save": "3+"}
    values.update(stats)
    chars = f'<characteristic name="Unit Type" value="{utype}"/>' + "".join(
        f'<characteristic name="{k}" value="{v}"/>' for k, v in values.items() if k != skip
    )
    return f'<profile id="{pid}" name="{name}" profileTypeId="unit" profileTypeName="Unit"><characteristics>{chars}</characteristics></profile>'  # noqa: E501


def counts(lo: int, hi: int) -> str:
    return (
        f'<constraints><constraint field="selections" scope="parent" value="{lo}.0" type="min" id="c{lo}"/>'
        f'<constraint field="selections" scope="parent" value="{hi}.0" type="max" id="d{hi}"/></constraints>'
    )


def pts(v: float) -> str:
    return f'<costs><cost name="pts" costTypeId="points" value="{v}"/></costs>'


def link(lid: str, target: str, lo: int = 1, hi: int = 1) -> str:
    return f'<entryLink id="{lid}" name="" targetId="{target}" type="selectionEntry">{counts(lo, hi)}</entryLink>'


SHARED = f"""
<sharedSelectionEntries>
  <selectionEntry id="boltgun" name="Boltgun" type="upgrade"><profiles>{weapon("pb", "Boltgun", '24"', "4", "5", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
  <selectionEntry id="pistol" name="Bolt pistol" type="upgrade"><profiles>{weapon("pp", "Bolt pistol", '12"', "4", "5", "Pistol")}</profiles>{pts(0)}</selectionEntry>
  <selectionEntry id="flamer" name="Flamer" type="upgrade"><profiles>{weapon("pf", "Flamer", "Template", "4", "5", "Assault 1")}</profiles>{pts(5)}</selectionEntry>
  <selectionEntry id="plasma" name="Plasma gun" type="upgrade"><profiles>{weapon("pg", "Plasma gun", '24"', "7", "2", "Rapid Fire, Gets Hot")}</profiles>{pts(15)}</selectionEntry>
  <selectionEntry id="grav" name="Grav-cannon" type="upgrade"><profiles>{weapon("gc", "Grav-cannon", '24"', "*", "2", "Salvo 3/5, Concussive")}</profiles>{pts(35)}</selectionEntry>
  <selectionEntry id="chainsword" name="Chainsword" type="upgrade"><profiles>{weapon("pc", "Chainsword", "-", "User", "-", "Melee")}</profiles>{pts(0)}</selectionEntry>
</sharedSelectionEntries>
<sharedRules>
  <rule id="atskgf" name="And They Shall Know No Fear"/>
  <rule id="tactics" name="Chapter Tactics"/>
  <rule id="bolster" name="Bolster Defences"/>
</sharedRules>
"""  # noqa: E501

TACTICAL = f"""
<selectionEntry id="tac" name="Tactical Squad" type="unit">
  <categoryLinks><categoryLink id="cl1" name="Troops" targetId="troops" primary="true"/></categoryLinks>
  <infoLinks>
    <infoLink id="il1" name="ATSKNF" targetId="atskgf" type="rule"/>
    <infoLink id="il2" name="Chapter Tactics" targetId="tactics" type="rule"/>
    <infoLink id="il4" name="Bolster Defences" targetId="bolster" type="rule"/>
    <infoLink id="il3" name="Combat Squads" targetId="in-the-gst" type="rule"/>
  </infoLinks>
  <selectionEntries>
    <selectionEntry id="marine" name="Space Marine" type="model">
      {counts(4, 9)}
      <profiles>{unit_profile("pm", "Space Marine")}</profiles>
      <entryLinks>{link("l1", "pistol")}</entryLinks>
      <selectionEntryGroups>
        <selectionEntryGroup id="g1" name="May replace boltgun with one of" defaultSelectionEntryId="l2">
          <entryLinks>{link("l2", "boltgun", 0, 1)}{link("l3", "flamer", 0, 1)}{link("l4", "plasma", 0, 1)}{link("l5", "grav", 0, 1)}</entryLinks>
        </selectionEntryGroup>
      </selectionEntryGroups>
      {pts(14)}
    </selectionEntry>
    <selectionEntry id="sarge" name="Space Marine Sergeant" type="model">
      {counts(1, 1)}
      <profiles>{unit_profile("ps", "Space Marine Sergeant", "Infantry (Character)", A="2", Ld="9")}</profiles>
      <entryLinks>{link("l6", "pistol")}{link("l7", "boltgun")}</entryLinks>
      <selectionEntryGroups>
        <selectionEntryGroup id="g2" name="May replace his boltgun with">
          <entryLinks>{link("l8", "chainsword", 0, 1)}</entryLinks>
        </selectionEntryGroup>
      </selectionEntryGroups>
      {pts(14)}
    </selectionEntry>
  </selectionEntries>
</selectionEntry>
"""  # noqa: E501

OTHERS = f"""
<selectionEntry id="rhino" name="Rhino" type="unit"><selectionEntries>
  <selectionEntry id="rhino-m" name="Rhino" type="model">{counts(1, 1)}
    <profiles><profile id="pr" name="Rhino" profileTypeName="Vehicle"><characteristics>
      <characteristic name="BS" value="4"/><characteristic name="Front" value="11"/>
      <characteristic name="Side" value="11"/><characteristic name="Rear" value="10"/>
      <characteristic name="HP" value="3"/><characteristic name="Type" value="Tank"/>
    </characteristics></profile></profiles>{pts(35)}</selectionEntry>
</selectionEntries></selectionEntry>
<selectionEntry id="assault" name="Assault Squad" type="unit"><selectionEntries>
  <selectionEntry id="am" name="Assault Marine" type="model">{counts(5, 10)}
    <profiles>{unit_profile("pa", "Assault Marine", "Jump Infantry")}</profiles>{pts(17)}</selectionEntry>
</selectionEntries></selectionEntry>
<selectionEntry id="scouts" name="Scout Squad" type="unit"><selectionEntries>
  <selectionEntry id="sm" name="Scout" type="model">{counts(5, 10)}
    <profiles>{unit_profile("pz", "Scout", skip="Ld")}</profiles>{pts(11)}</selectionEntry>
</selectionEntries></selectionEntry>
<selectionEntry id="captain" name="Captain" type="model">
  <categoryLinks><categoryLink id="cl2" name="HQ" targetId="hq" primary="true"/></categoryLinks>
  <profiles>{unit_profile("pcap", "Captain", "Infantry (Character)", W="3")}</profiles>{pts(90)}
</selectionEntry>
"""


def catalogue(units: str = TACTICAL + OTHERS, name: str = "Space Marines") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<catalogue id="sm7" name="{name}" '
        f'revision="1" battleScribeVersion="2.01" xmlns="{NS}"><selectionEntries>{units}</selectionEntries>'
        f"{SHARED}</catalogue>"
    ).encode()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """platformdirs' data folder under tmp_path, so the game reads the roster the test imports (and nothing
    of the real player's); the loader's cache is cleared before and after."""
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    load_data.cache_clear()
    yield tmp_path / "data" / "deadground"
    load_data.cache_clear()


def write(tmp_path: Path, name: str, raw: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(raw)
    return path


def shipped():
    return load_data(None, None, "no-such-roster")


# -- a Tactical-Squad-like unit -------------------------------------------------------------------------------


def test_a_tactical_squad_imports_with_its_profile_weapons_points_sergeant_and_swaps(tmp_path: Path) -> None:
    cat = convert(read_catalogue(write(tmp_path, "sm.cat", catalogue())), "sm.cat", shipped())
    assert list(cat.units) == ["space_marines_tactical_squad"]
    unit = cat.units["space_marines_tactical_squad"]
    # 4 Space Marines and a Sergeant at 14 points each: 70 points for 5, up to 10 models [seed: cost / size]
    assert (unit["squad_cost"], unit["squad_size"], unit["max_models"]) == (70, 5, 10)
    assert unit["type"] == "infantry" and unit["army"] == "Space Marines"
    marine = cat.profiles[unit["model"]]
    assert {k: marine[k] for k in ("ws", "bs", "s", "t", "w", "i", "a", "ld", "sv")} == dict(
        ws=4, bs=4, s=4, t=4, w=1, i=4, a=1, ld=8, sv=3
    )
    # the same weapons as the shipped ones keep the shipped keys (the rules know a close combat weapon by key)
    assert unit["wargear"] == ["bolt_pistol", "boltgun"]
    swaps = {o["key"]: o for o in unit["weapon_options"]}
    assert set(swaps) == {"flamer", "plasma_gun"}
    assert swaps["flamer"] == {
        "key": "flamer", "name": "Flamer for the Boltgun", "replaces": ["boltgun"], "with": ["flamer"], "cost": 5
    }  # fmt: skip
    sarge = unit["sergeant"]
    assert sarge["name"] == "Space Marine Sergeant" and sarge["cost"] == 0  # in the squad's price
    assert cat.profiles[sarge["profile"]]["a"] == 2 and cat.profiles[sarge["profile"]]["ld"] == 9
    assert [o["key"] for o in sarge["options"]] == ["chainsword"]
    assert sarge["options"][0]["replaces"] == ["boltgun"]  # "replace his boltgun": named in the group
    # Universal Special Rules this game knows; the others are listed as left out
    # (a rule linked in another file keeps the name its link gives it)
    # (Chapter Tactics: a note of the whole team, with no effect here, issue 35)
    assert unit["rules"] == ["And They Shall Know No Fear", "Chapter Tactics", "Combat Squads"]
    assert any("Bolster Defences" in n and "not in this game" in n for n in cat.notes)
    assert any("in-the-gst" in n and "another file" in n for n in cat.notes)  # a link into the game system


def test_an_unknown_weapon_type_is_listed_with_its_field_and_the_unit_still_imports(tmp_path: Path) -> None:
    cat = convert(read_catalogue(write(tmp_path, "sm.cat", catalogue())), "sm.cat", shipped())
    grav = [s for s in cat.skipped if "Grav-cannon" in s.entry]
    assert grav and grav[0].field in ("Type", "Strength") and grav[0].file == "sm.cat"
    assert "Tactical Squad" in grav[0].entry
    assert "space_marines_tactical_squad" in cat.units


def test_what_the_team_builder_cannot_use_is_listed_with_file_entry_field_and_reason(tmp_path: Path) -> None:
    cat = convert(read_catalogue(write(tmp_path, "sm.cat", catalogue())), "sm.cat", shipped())
    why = {s.entry: s for s in cat.skipped}
    assert "vehicle" in why["Rhino"].reason and "only Infantry" in why["Rhino"].reason
    assert why["Assault Squad"].field == "Unit Type" and "Jump Infantry" in why["Assault Squad"].reason
    assert why["Captain"].field == "category" and "HQ" in why["Captain"].reason
    # a missing characteristic names the entry and the field
    assert why["Scout Squad"].field == "Ld" and "missing" in why["Scout Squad"].reason
    assert str(why["Scout Squad"]) == "sm.cat: 'Scout Squad': field 'Ld': the characteristic is missing"


def test_a_psyker_is_refused_with_the_rules_reason(tmp_path: Path) -> None:
    psyker = TACTICAL.replace("tac", "lib").replace("Tactical Squad", "Librarius").replace(
        '<infoLinks>', '<rules><rule id="psy" name="Psyker (Mastery Level 1)"/></rules><infoLinks>', 1
    )  # fmt: skip
    cat = convert(parse_catalogue(catalogue(psyker), "p.cat"), "p.cat", shipped())
    assert not cat.units and "Psychic phase" in cat.skipped[0].reason


# -- into the player's roster, and into a game --------------------------------------------------------------


def test_the_command_line_imports_into_the_roster_and_a_team_of_it_plays(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cat = write(tmp_path, "Space Marines.cat", catalogue())
    assert cli_main(["roster", "import", str(cat)]) == 0
    out = capsys.readouterr().out
    assert "1 unit(s) imported" in out and "imported: Tactical Squad (Space Marines): 14 points a model" in out
    assert "skipped: Space Marines.cat: 'Rhino'" in out and "field 'Ld'" in out
    roster = roster_path(data_dir)
    assert roster.is_file()
    tomllib.loads(roster.read_text())  # the file written is TOML the loader reads
    load_data.cache_clear()
    data = load_data()
    assert data.user_problems == () and "space_marines_tactical_squad" in data.units
    assert data.shipped_units()[0] == "tactical_squad"  # imported units never change the defaults
    # the team builder takes it: 5 models at 14 points with the free sergeant and a flamer for 5: 75 points
    setup = Z40Setup()
    sc = small_scenario(players=1)
    items = [{"id": "unit:space_marines_tactical_squad"}] + [{"id": "model"}] * 4
    items += [{"id": "sergeant"}, {"id": "weapon:flamer"}]
    answers = {"players": 1, "each": [{"team": items}], "game": {}}
    assert setup.refusals(sc, answers) == []
    options = setup.options(sc, answers)
    team = build_team(data, options["teams"][0])
    assert team.points == 75 and len(team.models) == 5 and team.models[0].sergeant
    # a new game starts with it, and the bot plays it a few commands
    game = new_game(sc, options, seed=5)
    bot = bot_for("zombie40k")
    for _ in range(30):
        if game.over:
            break
        game.apply(bot(game))
        assert invariants(game) == []
    assert any(f.id.startswith("p1") for f in game.figures)
    # importing again replaces the unit rather than adding a second one
    assert cli_main(["roster", "import", str(cat)]) == 0
    again = tomllib.loads(roster.read_text())
    assert [k for k in again["units"] if "tactical" in k] == ["space_marines_tactical_squad"]


def test_a_broken_entry_in_the_players_roster_is_skipped_and_reported(tmp_path: Path, data_dir: Path) -> None:
    roster = roster_path(data_dir)
    roster.parent.mkdir(parents=True)
    roster.write_text(
        dumps({"units": {"mine": {"name": "Mine", "army": "X", "type": "infantry", "squad_cost": 10,
                                  "squad_size": 1, "max_models": 2, "model": "nobody", "wargear": ["boltgun"]}}})
    )  # fmt: skip
    data = load_data()
    assert "mine" not in data.units and "tactical_squad" in data.units
    assert data.user_problems and data.user_problems[0].startswith(
        "zombie40k_roster.toml: units.mine: field 'model'"
    )
    # importing a catalogue keeps the player's entry as it is and says what is wrong with it
    done = roster_import(write(tmp_path, "sm.cat", catalogue()), data_dir)
    assert done.imported
    assert any(p.startswith("zombie40k_roster.toml: units.mine: field 'model'") for p in done.skipped)
    assert tomllib.loads(done.text)["units"]["mine"]["model"] == "nobody"


def test_the_rule_set_offers_its_importer_through_the_contract(tmp_path: Path) -> None:
    done = get_ruleset("zombie40k").roster_import(write(tmp_path, "sm.cat", catalogue()), tmp_path / "d")
    assert done is not None and done.imported and done.path == tmp_path / "d" / "rosters" / "zombie40k_roster.toml"
    assert not done.path.exists()  # the rules never write: the command line does
    assert roster_import(write(tmp_path, "x.cat", catalogue("")), tmp_path / "d").text == ""


# -- .catz and hostile files ---------------------------------------------------------------------------------


def zipped(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, raw in members.items():
            zf.writestr(name, raw)
    return buf.getvalue()


def test_a_catz_works(tmp_path: Path) -> None:
    path = write(tmp_path, "sm.catz", zipped({"Space Marines.cat": catalogue()}))
    cat = convert(read_catalogue(path), path.name, shipped())
    assert "space_marines_tactical_squad" in cat.units


def refused(path: Path) -> str:
    with pytest.raises(CatalogueError) as err:
        read_catalogue(path)
    message = str(err.value)
    assert message.startswith(path.name + ":"), message  # names the file
    return message


def test_a_doctype_or_entity_bomb_is_refused(tmp_path: Path) -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        b'<catalogue name="&lol2;"/>'
    )
    message = refused(write(tmp_path, "bomb.cat", bomb))
    assert "DOCTYPE or ENTITY" in message and "delete the declaration" in message
    inside = refused(write(tmp_path, "bomb.catz", zipped({"bomb.cat": bomb})))
    assert "DOCTYPE or ENTITY" in inside


def test_an_oversized_file_is_refused(tmp_path: Path) -> None:
    big = write(tmp_path, "big.cat", b"<catalogue>" + b" " * (MAX_BYTES + 10) + b"</catalogue>")
    assert "larger than" in refused(big)


def test_a_zip_bomb_is_refused(tmp_path: Path) -> None:
    # 40 MB of spaces squeeze into a few tens of kilobytes; the .cat may unpack to at most 4 MB
    bomb = zipped({"sm.cat": b"<catalogue>" + b" " * (40 * 1024 * 1024) + b"</catalogue>"})
    assert len(bomb) < MAX_BYTES
    message = refused(write(tmp_path, "bomb.catz", bomb))
    assert "zip bomb" in message


def test_a_zip_bomb_that_lies_about_its_size_is_caught_while_unpacking(tmp_path: Path) -> None:
    raw = bytearray(zipped({"sm.cat": b"<catalogue>" + b" " * (8 * 1024 * 1024) + b"</catalogue>"}))
    real = (8 * 1024 * 1024 + 23).to_bytes(4, "little")
    for at in [i for i in range(len(raw) - 3) if raw[i : i + 4] == real]:
        raw[at : at + 4] = (1000).to_bytes(4, "little")  # the headers claim 1000 bytes
    path = write(tmp_path, "liar.catz", bytes(raw))
    message = refused(path)
    assert "more than" in message or "cannot be unpacked" in message


def test_zip_members_with_paths_or_many_members_are_refused(tmp_path: Path) -> None:
    assert "has a path" in refused(write(tmp_path, "a.catz", zipped({"../../evil.cat": catalogue()})))
    assert "has a path" in refused(write(tmp_path, "b.catz", zipped({"dir/sm.cat": catalogue()})))
    many = zipped({f"x{i}.txt": b"" for i in range(20)} | {"sm.cat": catalogue()})
    assert "holds 21 files" in refused(write(tmp_path, "c.catz", many))
    assert "2 .cat files" in refused(write(tmp_path, "d.catz", zipped({"a.cat": b"", "b.cat": b""})))
    assert "not a readable .catz" in refused(write(tmp_path, "e.catz", b"not a zip"))


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_a_symlink_is_refused(tmp_path: Path) -> None:
    real = write(tmp_path, "real.cat", catalogue())
    (tmp_path / "link.cat").symlink_to(real)
    assert "symbolic link" in refused(tmp_path / "link.cat")


def test_a_directory_a_fifo_and_other_files_are_refused(tmp_path: Path) -> None:
    (tmp_path / "folder.cat").mkdir()
    assert "not an ordinary file" in refused(tmp_path / "folder.cat")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.cat")
        assert "not an ordinary file" in refused(tmp_path / "pipe.cat")  # never blocks
    assert "not found" in refused(tmp_path / "missing.cat")
    assert "not a BattleScribe catalogue" in refused(write(tmp_path, "army.ros", b"<roster/>"))
    assert "not <catalogue>" in refused(write(tmp_path, "system.cat", b"<gameSystem/>"))
    assert "not valid XML" in refused(write(tmp_path, "broken.cat", b"<catalogue><"))
    assert "nested more than" in refused(write(tmp_path, "deep.cat", b"<a>" * 200 + b"</a>" * 200))
    old = b'<catalogue name="x"><entries/></catalogue>'
    assert "BattleScribe 1.x" in refused(write(tmp_path, "old.cat", old))


def test_the_command_line_refuses_clearly_and_never_crashes(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folder.cat").mkdir()
    assert cli_main(["roster", "import", str(tmp_path / "folder.cat")]) == 1
    err = capsys.readouterr().err
    assert "refused: folder.cat: cannot be read: it is not an ordinary file" in err
    # a roster of the player's that the game cannot read is never overwritten
    roster = roster_path(data_dir)
    roster.parent.mkdir(parents=True)
    roster.write_text("this is = = not toml")
    assert cli_main(["roster", "import", str(write(tmp_path, "sm.cat", catalogue()))]) == 1
    assert "your roster zombie40k_roster.toml: not valid TOML" in capsys.readouterr().err
    assert roster.read_text() == "this is = = not toml"


def test_odd_and_broken_catalogues_never_crash_the_import(tmp_path: Path) -> None:
    """Links that loop or point at the wrong kind of element, empty characteristics, odd counts and costs, and
    a few hundred random cuts of a good file: each is imported, skipped with a reason or refused, never a crash."""
    import random

    odd = [
        '<entryLink id="self" targetId="self" type="selectionEntry"/>',
        '<selectionEntry id="u" name="Loop" type="unit"><entryLinks><entryLink id="x" targetId="u" '
        'type="selectionEntryGroup"/></entryLinks></selectionEntry>',
        '<selectionEntry id="v" name="Empty" type="unit"><selectionEntries><selectionEntry id="w" type="model">'
        '<profiles><profile typeName="Unit"><characteristics><characteristic/></characteristics></profile>'
        "</profiles></selectionEntry></selectionEntries></selectionEntry>",
        TACTICAL.replace('value="14"', 'value="-5"').replace('value="9.0"', 'value="nan"'),
        TACTICAL.replace('value="Rapid Fire"', 'value=""').replace('value="4+"', 'value="7+"'),
    ]
    for units in odd:
        cat = convert(parse_catalogue(catalogue(units), "odd.cat"), "odd.cat", shipped())
        for skipped in cat.skipped:
            assert skipped.file == "odd.cat" and skipped.reason
    good = catalogue()
    rng = random.Random(15)
    for _ in range(300):
        cut = bytearray(good)
        a = rng.randrange(len(cut))
        del cut[a : a + rng.randrange(1, 400)]
        try:
            convert(parse_catalogue(bytes(cut), "cut.cat"), "cut.cat", shipped())
        except CatalogueError as exc:
            assert str(exc).startswith("cut.cat: ")


def test_a_single_model_with_an_invulnerable_save_and_unnamed_profile_types_imports(tmp_path: Path) -> None:
    """As the 7th-edition Assassins catalogue writes them: a top-level model entry reached by an entryLink,
    profile types given by id only (their names are in the game system file), Save "4++"."""
    profile = unit_profile(
        "pc", "Callidus Assassin", "Infantry (Character)", WS="8", BS="8", W="3", A="4", Save="4++"
    )
    profile = profile.replace(' profileTypeName="Unit"', "")
    shredder = weapon("ns", "Neural Shredder", "Template", "1", "2", "Pistol, Neural Shock")
    sword = weapon("ps", "Phase Sword", "-", "User", "2", "Melee, Phasing Hits").replace(
        ' profileTypeName="Weapon"', ""
    )
    raw = (
        f'<catalogue name="Assassins - Codex" xmlns="{NS}"><selectionEntries/><entryLinks>'
        '<entryLink id="el" targetId="callidus" type="selectionEntry" categoryEntryId="elites"/></entryLinks>'
        '<categoryEntries><categoryEntry id="elites" name="Elites"/></categoryEntries><sharedSelectionEntries>'
        f'<selectionEntry id="callidus" name="Callidus Assassin" type="model"><profiles>{profile}</profiles>'
        f'<selectionEntries><selectionEntry id="w1" name="Neural Shredder" type="upgrade">{counts(1, 1)}'
        f"<profiles>{shredder}</profiles></selectionEntry>"
        f'<selectionEntry id="w2" name="Phase Sword" type="upgrade">{counts(1, 1)}<profiles>{sword}</profiles>'
        f"</selectionEntry></selectionEntries>{pts(145)}</selectionEntry></sharedSelectionEntries></catalogue>"
    ).encode()
    cat = convert(parse_catalogue(raw, "a.cat"), "a.cat", shipped())
    unit = cat.units["assassins_codex_callidus_assassin"]
    assert (unit["squad_cost"], unit["squad_size"], unit["max_models"]) == (145, 1, 1)
    p = cat.profiles[unit["model"]]
    assert (p["sv"], p["inv"], p["ws"], p["w"]) == (0, 4, 8, 3)
    shred = cat.weapons[unit["wargear"][0]]
    assert (
        shred["type"] == "pistol"
        and shred["template"]
        and shred["range"] == 8.0
        and shred["rules"] == ["Neural Shock"]
    )
    assert cat.weapons[unit["wargear"][1]]["s"] == "user"
    assert "sergeant" not in unit
