"""BattleScribe data read the way BattleScribe reads it (issue 35): small catalogues written here with the real
7th-edition data's shapes. A Tactical Squad whose models' profiles are infoLinks into the game system, whose
wargear is entryLinks to shared entries and a shared selection group, with a dedicated transport; a unit split
across the .cat and the .gst; an Ork mob counted by its group; an Infantry Platoon of squads; formations, HQ
and Lords of War refused as such; a .catz and a .gstz; link loops and a work bound.
"""

from __future__ import annotations

import io
import time
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

import game.rules.zombie40k.data as z40data
from game.ai import bot_for
from game.assets import data_file
from game.cli import main as cli_main
from game.rules.zombie40k import bs_data, new_game
from game.rules.zombie40k.battlescribe import (
    CatalogueError,
    convert,
    parse_catalogue,
    read_game_system,
    roster_import,
)
from game.rules.zombie40k.bs_data import Library, modified
from game.rules.zombie40k.data import build_data, load_data, load_toml
from game.rules.zombie40k.report import invariants
from game.rules.zombie40k.team_builder import build_team
from game.rules.zombie40k.testing import small_scenario

CAT_NS = "http://www.battlescribe.net/schema/catalogueSchema"
GST_NS = "http://www.battlescribe.net/schema/gameSystemSchema"


def chars(**values: str) -> str:
    return "".join(f'<characteristic name="{k.replace("_", " ")}">{v}</characteristic>' for k, v in values.items())


def model_profile(pid: str, name: str, utype: str = "Infantry", a: str = "1", ld: str = "8") -> str:
    # the type named by id only, as the real catalogues do: its name is in the game system
    stats = chars(Unit_Type=utype, WS="4", BS="4", S="4", T="4", W="1", I="4", A=a, Ld=ld, Save="3+")
    return (
        f'<profile id="{pid}" name="{name}" typeId="pt-unit"><characteristics>{stats}</characteristics></profile>'
    )


def gun(pid: str, name: str, rng: str, s: str, ap: str, kind: str) -> str:
    stats = chars(Range=rng, Strength=s, AP=ap, Type=kind)
    return (
        f'<profile id="{pid}" name="{name}" typeId="pt-wpn"><characteristics>{stats}</characteristics></profile>'
    )


def counts(lo: int | None, hi: int | None, cid: str = "") -> str:
    out = ""
    if lo is not None:
        out += f'<constraint field="selections" scope="parent" value="{lo}.0" type="min" id="{cid}min"/>'
    if hi is not None:
        out += f'<constraint field="selections" scope="parent" value="{hi}.0" type="max" id="{cid}max"/>'
    return f"<constraints>{out}</constraints>"


def pts(v: float) -> str:
    return f'<costs><cost name="pts" typeId="points" value="{v}"/></costs>'


def link(target: str, lid: str, lo: int | None = None, hi: int | None = None, kind: str = "selectionEntry") -> str:
    inner = counts(lo, hi, lid) if lo is not None or hi is not None else ""
    return f'<entryLink id="{lid}" name="New EntryLink" targetId="{target}" type="{kind}">{inner}</entryLink>'


def info(target: str, lid: str, kind: str = "profile") -> str:
    return f'<infoLink id="{lid}" name="" targetId="{target}" type="{kind}"/>'


GST = f"""<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="sys" name="Warhammer 40,000 7th Edition" xmlns="{GST_NS}">
  <costTypes><costType id="points" name="pts"/></costTypes>
  <profileTypes><profileType id="pt-unit" name="Unit"/><profileType id="pt-wpn" name="Weapon"/>
    <profileType id="pt-veh" name="Vehicle"/></profileTypes>
  <categoryEntries><categoryEntry id="hq" name="HQ"/><categoryEntry id="troops" name="Troops"/>
    <categoryEntry id="low" name="Lords of War"/></categoryEntries>
  <sharedSelectionEntries>
    <selectionEntry id="boltgun" name="Boltgun" type="upgrade"><profiles>{gun("pb", "Boltgun", '24"', "4", "5", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
  </sharedSelectionEntries>
  <sharedProfiles>
    {model_profile("p-marine", "Space Marine")}
    {model_profile("p-sarge", "Space Marine Sergeant", "Infantry (Character)", a="2", ld="9")}
  </sharedProfiles>
  <sharedRules><rule id="atsknf" name="And They Shall Know No Fear"/></sharedRules>
</gameSystem>"""  # noqa: E501

TACTICAL = f"""
<selectionEntry id="tac" name="Tactical Squad" type="unit">
  <infoLinks>{info("atsknf", "i1", "rule")}</infoLinks>
  <selectionEntries>
    <selectionEntry id="sarge" name="Space Marine Sergeant" type="model">{counts(1, 1)}
      <infoLinks>{info("p-sarge", "i2")}</infoLinks>
      <entryLinks>{link("pistol", "s1", 1, 1)}{link("boltgun", "s2", 1, 1)}</entryLinks>
      <selectionEntryGroups><selectionEntryGroup id="sg" name="May replace his boltgun with">
        <entryLinks>{link("sword", "s3", 0, 1)}</entryLinks></selectionEntryGroup></selectionEntryGroups>
      {pts(14)}</selectionEntry>
  </selectionEntries>
  <selectionEntryGroups>
    <selectionEntryGroup id="marines" name="Space Marines" defaultSelectionEntryId="marine">{counts(4, 9)}
      <selectionEntries>
        <selectionEntry id="marine" name="Space Marine" type="model">
          <infoLinks>{info("p-marine", "i3")}</infoLinks>
          <entryLinks>{link("pistol", "m1", 1, 1)}</entryLinks>
          <selectionEntryGroups><selectionEntryGroup id="hand" name="Boltgun Hand" defaultSelectionEntryId="m2">
            {counts(1, 1)}<entryLinks>{link("boltgun", "m2", 0, 1)}</entryLinks></selectionEntryGroup>
          </selectionEntryGroups>{pts(14)}</selectionEntry>
        <selectionEntry id="special" name="Space Marine (Special Weapon)" type="model">{counts(None, 1)}
          <infoLinks>{info("p-marine", "i4")}</infoLinks>
          <entryLinks>{link("pistol", "x1", 1, 1)}{link("special-weapons", "x2", 1, None, "selectionEntryGroup")}</entryLinks>
          {pts(14)}</selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
    <selectionEntryGroup id="dt" name="Dedicated Transport">{counts(0, 1)}
      <entryLinks>{link("rhino", "t1", 0, 1)}</entryLinks></selectionEntryGroup>
  </selectionEntryGroups>
  {pts(0)}
</selectionEntry>"""  # noqa: E501

SHARED = f"""
<sharedSelectionEntries>
  {TACTICAL}
  <selectionEntry id="pistol" name="Bolt Pistol" type="upgrade"><profiles>{gun("pp", "Bolt pistol", '12"', "4", "5", "Pistol")}</profiles>{pts(0)}</selectionEntry>
  <selectionEntry id="sword" name="Power Sword" type="upgrade"><profiles>{gun("ps", "Power sword", "-", "User", "3", "Melee")}</profiles>{pts(15)}</selectionEntry>
  <selectionEntry id="rhino" name="Rhino" type="unit"><profiles><profile id="pr" name="Rhino" typeId="pt-veh">
    <characteristics>{chars(BS="4", Front="11", Side="11", Rear="10", HP="3")}</characteristics></profile></profiles>
    {pts(35)}</selectionEntry>
</sharedSelectionEntries>
<sharedSelectionEntryGroups>
  <selectionEntryGroup id="special-weapons" name="Special Weapons">
    <selectionEntries>
      <selectionEntry id="flamer" name="Flamer" type="upgrade"><profiles>{gun("pf", "Flamer", "Template", "4", "5", "Assault 1")}</profiles>{pts(5)}</selectionEntry>
      <selectionEntry id="melta" name="Meltagun" type="upgrade"><profiles>{gun("pm", "Meltagun", '12"', "8", "1", "Assault 1, Melta")}</profiles>{pts(10)}</selectionEntry>
    </selectionEntries>
  </selectionEntryGroup>
</sharedSelectionEntryGroups>"""  # noqa: E501

ROOTS = f"""
<entryLinks>
  <entryLink id="r1" name="" targetId="tac" type="selectionEntry"><categoryLinks>
    <categoryLink id="r1c" targetId="troops" primary="true"/></categoryLinks></entryLink>
</entryLinks>
<selectionEntries>
  <selectionEntry id="cap" name="Captain" type="model"><categoryLinks><categoryLink id="c1" targetId="hq" primary="true"/>
    </categoryLinks><infoLinks>{info("p-sarge", "i9")}</infoLinks>{pts(90)}</selectionEntry>
  <selectionEntry id="bane" name="Baneblade" type="unit"><categoryLinks><categoryLink id="c2" targetId="low" primary="true"/>
    </categoryLinks>{pts(500)}</selectionEntry>
  <selectionEntry id="form" name="Formation: Battle Company" type="unit">
    <entryLinks>{link("tac", "f1", 6, 6)}{link("cap", "f2", 1, 1)}</entryLinks></selectionEntry>
</selectionEntries>"""  # noqa: E501


def catalogue(roots: str = ROOTS, shared: str = SHARED, name: str = "Space Marines") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<catalogue id="sm" name="{name}" gameSystemId="sys" '
        f'xmlns="{CAT_NS}">{roots}{shared}</catalogue>'
    ).encode()


def system() -> list[tuple[str, ET.Element]]:
    return [("Warhammer40K.gst", ET.fromstring(GST.encode()))]


def shipped():
    return load_data(None, None, "no-such-roster")


def imported(raw: bytes = b"", with_system: bool = True):
    raw = raw or catalogue()
    return convert(parse_catalogue(raw, "sm.cat"), "sm.cat", shipped(), system() if with_system else [])


# -- a unit as a 40k player calls it -------------------------------------------------------------------------


def test_a_tactical_squad_split_across_the_cat_and_the_gst_comes_in_with_its_guns_and_options() -> None:
    cat = imported()
    assert list(cat.units) == ["space_marines_tactical_squad"]  # no formation, no Rhino, no HQ
    unit = cat.units["space_marines_tactical_squad"]
    # the sergeant and four Space Marines (the group's minimum), 14 points each; up to 1 + 9 models
    assert (unit["squad_cost"], unit["squad_size"], unit["max_models"]) == (70, 5, 10)
    marine = cat.profiles[unit["model"]]  # reached through an infoLink into the game system
    assert (marine["name"], marine["ws"], marine["sv"]) == ("Space Marine", 4, 3)
    assert unit["wargear"] == ["bolt_pistol", "boltgun"]  # the shared pistol, the group's default boltgun (.gst)
    swaps = {o["key"]: o for o in unit["weapon_options"]}
    # the Special Weapon model's shared group: each gun replaces the boltgun he does not carry, at its points;
    # one such model a squad (his maximum), so one of his guns a team
    assert swaps["flamer"] == {
        "key": "flamer", "name": "Flamer for the Boltgun", "replaces": ["boltgun"], "with": ["flamer"], "cost": 5,
        "choice": "Space Marine (Special Weapon)", "choice_max": 1,
    }  # fmt: skip
    assert swaps["meltagun"]["cost"] == 10 and swaps["meltagun"]["replaces"] == ["boltgun"]
    sarge = unit["sergeant"]
    assert sarge["name"] == "Space Marine Sergeant" and sarge["cost"] == 0
    assert cat.profiles[sarge["profile"]]["a"] == 2 and cat.profiles[sarge["profile"]]["ld"] == 9
    assert [(o["key"], o["replaces"], o["cost"]) for o in sarge["options"]] == [("power_sword", ["boltgun"], 15)]
    assert unit["rules"] == ["And They Shall Know No Fear"]  # a shared rule of the game system
    assert any("dedicated transport" in n for n in cat.notes)


def test_formations_hq_and_lords_of_war_are_refused_as_such_with_the_reason() -> None:
    why = {s.entry: s for s in imported().skipped}
    assert why["Captain"].field == "category" and "HQ" in why["Captain"].reason
    assert "Lord of War" in why["Baneblade"].reason
    assert "formation" in why["Formation: Battle Company"].reason
    assert not [k for k in imported().units if "rhino" in k or "formation" in k]


def test_a_unit_type_that_names_its_kind_after_a_bracket_is_not_infantry() -> None:
    """A model typed as the real Astra Militarum Cyclops is, "Infantry - Special (Cyclops) Artillery", is
    Artillery, which may not join a team: the reading stopped at the bracket and took it for Infantry."""
    cyclops = (
        '<selectionEntries><selectionEntry id="cy" name="Cyclops Demolition Vehicle" type="unit">'
        '<selectionEntries><selectionEntry id="cym" name="Cyclops" type="model">'
        f"{counts(1, 1)}<profiles>{model_profile('p-cy', 'Cyclops', 'Infantry - Special (Cyclops) Artillery')}"
        f"</profiles>{pts(35)}</selectionEntry></selectionEntries></selectionEntry></selectionEntries>"
    )
    cat = imported(catalogue(roots=cyclops))
    assert not cat.units
    why = {s.entry: s for s in cat.skipped}["Cyclops Demolition Vehicle"]
    assert why.field == "Unit Type" and "Artillery" in why.reason and "only Infantry" in why.reason


def test_without_its_game_system_the_squad_is_refused_and_the_note_says_to_import_the_gst() -> None:
    cat = imported(with_system=False)
    assert not cat.units
    tac = next(s for s in cat.skipped if s.entry == "Tactical Squad")
    assert tac.field == "profiles" and ".gst" in tac.reason
    assert any("p-marine" in n and "another file" in n for n in cat.notes)


def test_an_ork_mob_is_counted_by_its_group_and_a_platoon_gives_its_squads() -> None:
    boy = model_profile("p-boy", "Ork Boy").replace("Space Marine", "Ork Boy")
    nob = model_profile("p-nob", "Boss Nob", a="3")
    slugga = gun("psl", "Slugga", '12"', "4", "6", "Pistol")
    roots = f"""<selectionEntries>
      <selectionEntry id="boyz" name="Boyz" type="unit"><selectionEntryGroups>
        <selectionEntryGroup id="mob" name="Mob" defaultSelectionEntryId="boy">{counts(10, 30)}<selectionEntries>
          <selectionEntry id="nob" name="Boss Nob" type="model">{counts(0, 1)}<profiles>{nob}</profiles>{pts(16)}</selectionEntry>
          <selectionEntry id="boy" name="Boy" type="model">{counts(0, 30)}<profiles>{boy}</profiles>
            <selectionEntries><selectionEntry id="sl" name="Slugga" type="upgrade">{counts(1, 1)}<profiles>{slugga}</profiles>
            </selectionEntry></selectionEntries>{pts(6)}</selectionEntry>
        </selectionEntries></selectionEntryGroup></selectionEntryGroups></selectionEntry>
      <selectionEntry id="platoon" name="Infantry Platoon" type="unit"><selectionEntries>
        <selectionEntry id="sq1" name="Infantry Squad" type="unit"><selectionEntries>
          <selectionEntry id="g1" name="Guardsman" type="upgrade">{counts(10, 10)}<profiles>{boy.replace("Ork Boy", "Guardsman")}</profiles>
          </selectionEntry></selectionEntries>{pts(50)}</selectionEntry>
        <selectionEntry id="sq2" name="Heavy Weapons Squad" type="unit"><selectionEntries>
          <selectionEntry id="g2" name="Team" type="model">{counts(3, 3)}<profiles>{boy.replace("Ork Boy", "Team")}</profiles>{pts(20)}
          </selectionEntry></selectionEntries></selectionEntry>
      </selectionEntries></selectionEntry></selectionEntries>"""  # noqa: E501
    cat = imported(catalogue(roots, ""))
    boyz = cat.units["space_marines_boyz"]
    # the Boy is the Mob's default: the group's minimum of 10 are Boys; the Nob is the optional sergeant
    assert (boyz["squad_size"], boyz["max_models"], boyz["squad_cost"]) == (10, 30, 60)
    assert boyz["sergeant"]["name"] == "Boss Nob" and boyz["sergeant"]["cost"] == 10
    assert cat.profiles[boyz["model"]]["name"] == "Ork Boy"
    # a platoon is several units: its squads come in one by one; a model typed "upgrade" is still a model
    squad = cat.units["space_marines_infantry_squad"]
    assert (squad["squad_size"], squad["squad_cost"]) == (10, 50)  # 50 points for the squad: 5 a Guardsman
    assert "space_marines_heavy_weapons_squad" in cat.units


def test_costs_are_whole_points() -> None:
    roots = f"""<selectionEntries><selectionEntry id="u" name="Odd Squad" type="unit"><selectionEntries>
      <selectionEntry id="m" name="Trooper" type="model">{counts(3, 10)}<profiles>{model_profile("pt", "Trooper")}</profiles>
      {pts(4.5)}</selectionEntry></selectionEntries>{pts(1)}</selectionEntry></selectionEntries>"""  # noqa: E501
    cat = imported(catalogue(roots, ""))
    unit = cat.units["space_marines_odd_squad"]
    per_model = unit["squad_cost"] / unit["squad_size"]
    assert per_model == int(per_model) == 5  # 4.5 + 1/3 rounded, noted
    assert any("rounded to 5" in n for n in cat.notes)


def test_modifiers_are_read_as_on_an_empty_roster() -> None:
    el = ET.fromstring(
        '<entryLink><modifiers><modifier type="set" field="hidden" value="true"><conditions>'
        '<condition field="selections" scope="roster" value="1.0" childId="carcharodons" type="lessThan"/>'
        '</conditions></modifier><modifier type="set" field="points" value="0"><conditions>'
        '<condition field="selections" scope="ancestor" value="0" childId="formation" type="instanceOf"/>'
        "</conditions></modifier></modifiers></entryLink>"
    )
    # no Carcharodons in an empty roster: the Carcharodons chainsword is hidden; no formation: points stay
    assert modified(el) == {"hidden": "true"}


# -- files, as a player gives them ---------------------------------------------------------------------------


def zipped(name: str, raw: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(name, raw)
    return buf.getvalue()


def test_a_catz_finds_the_gst_beside_it_and_a_gstz_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "army"
    folder.mkdir()
    (folder / "Warhammer40K.gst").write_bytes(GST.encode())
    (folder / "Space Marines.catz").write_bytes(zipped("Space Marines.cat", catalogue()))
    done = roster_import(folder / "Space Marines.catz", tmp_path / "data")
    assert done.names == ("Tactical Squad",)
    gstz = tmp_path / "sys.gstz"
    gstz.write_bytes(zipped("Warhammer40K.gst", GST.encode()))
    assert read_game_system(gstz).get("name") == "Warhammer 40,000 7th Edition"
    with pytest.raises(CatalogueError, match="sys2.gstz: a .gstz holds one .gst"):
        (tmp_path / "sys2.gstz").write_bytes(zipped("x.txt", b""))
        read_game_system(tmp_path / "sys2.gstz")


def test_the_command_line_takes_the_game_system_and_catalogues_together_and_a_team_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    gst, cat = tmp_path / "a" / "Warhammer40K.gst", tmp_path / "b" / "Space Marines.cat"
    gst.write_bytes(GST.encode())
    cat.write_bytes(catalogue())
    data_dir = tmp_path / "data"
    assert cli_main(["roster", "import", str(cat), str(gst), "--data", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "Space Marines.cat: 1 unit(s) imported" in out and "'Captain': field 'category'" in out
    # a 75-point team of the imported Tactical Squad with a flamer, played by the bot
    roster = data_dir / "rosters" / "zombie40k_roster.toml"
    core, ship = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, ship, "zombie40k.toml", "zombie40k_roster.toml", tomllib.loads(roster.read_text()))
    assert data.user_problems == ()
    spec = {"unit": "space_marines_tactical_squad", "models": 5, "sergeant": True, "weapons": ["flamer"]}
    team = build_team(data, spec)
    assert team.points == 75 and "flamer" in team.models[1].weapons
    monkeypatch.setattr(z40data, "user_roster_file", lambda: roster)  # the game reads the roster imported
    load_data.cache_clear()
    try:
        game = new_game(small_scenario(players=1), {"teams": [spec]}, seed=3)
        assert any(f.id.startswith("p1") for f in game.figures)
        bot = bot_for("zombie40k")
        for _ in range(40):
            if game.over:
                break
            game.apply(bot(game))
            assert invariants(game) == []
    finally:
        load_data.cache_clear()


# -- hostile files -----------------------------------------------------------------------------------------


def test_links_that_loop_are_cut_and_the_work_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    loop = f"""<selectionEntries><selectionEntry id="u" name="Loop" type="unit"><selectionEntryGroups>
      <selectionEntryGroup id="g" name="G"><entryLinks>{link("u", "back", 0, 1)}{link("g", "self", 0, 1, "selectionEntryGroup")}
      </entryLinks></selectionEntryGroup></selectionEntryGroups></selectionEntry></selectionEntries>"""  # noqa: E501
    cat = imported(catalogue(loop, ""))
    assert [s.entry for s in cat.skipped] == ["Loop"]  # refused for its reason, never a crash
    assert any("loops back" in n for n in cat.notes)
    # many links to one shared entry: resolved once (memoised) ...
    many = "".join(link("pistol", f"l{i}", 0, 1) for i in range(3000))
    wide = f'<selectionEntries><selectionEntry id="w" name="Wide" type="unit"><entryLinks>{many}</entryLinks></selectionEntry></selectionEntries>'  # noqa: E501
    library = Library([("w.cat", parse_catalogue(catalogue(wide), "w.cat")), *system()])
    library.units()
    assert library.budget.steps < 3000 * 2 + 200
    # ... and past the bound the file is refused by name, never left to keep the game busy
    monkeypatch.setattr(bs_data, "MAX_STEPS", 1000)
    with pytest.raises(CatalogueError, match=r"^w\.cat: needs more than 1,000 entries and links"):
        convert(parse_catalogue(catalogue(wide), "w.cat"), "w.cat", shipped(), system())


def test_a_broken_game_system_beside_the_catalogue_is_noted_and_one_given_by_name_is_refused(
    tmp_path: Path,
) -> None:
    (tmp_path / "Warhammer40K.gst").write_bytes(b"<gameSystem><broken")
    cat = tmp_path / "Space Marines.cat"
    cat.write_bytes(catalogue())
    done = roster_import(cat, tmp_path / "data")
    assert not done.imported and any(
        n.startswith("Warhammer40K.gst: is not valid XML") and "read without it" in n for n in done.notes
    )
    with pytest.raises(CatalogueError, match=r"^Warhammer40K\.gst: "):
        roster_import(cat, tmp_path / "data", [tmp_path / "Warhammer40K.gst"])
    good = tmp_path / "good.gst"
    good.write_bytes(GST.encode())
    system_alone = roster_import(good, tmp_path / "data")
    assert not system_alone.imported and "read with the catalogues" in system_alone.notes[0]


def test_a_unit_whose_shared_groups_multiply_is_refused_quickly() -> None:
    """Forty groups, each linking twice to the next: a few hundred elements that a naive walk would visit 2^40
    times. The unit is refused for its size and the import returns at once."""
    groups = (
        "".join(
            f'<selectionEntryGroup id="g{i}" name="G{i}"><entryLinks>'
            + link(f"g{i + 1}", f"a{i}", 0, 1, "selectionEntryGroup")
            + link(f"g{i + 1}", f"b{i}", 0, 1, "selectionEntryGroup")
            + "</entryLinks></selectionEntryGroup>"
            for i in range(40)
        )
        + '<selectionEntryGroup id="g40" name="G40"/>'
    )
    roots = f"""<selectionEntries><selectionEntry id="u" name="Hydra" type="unit"><entryLinks>
      {link("g0", "top", 0, 1, "selectionEntryGroup")}</entryLinks></selectionEntry></selectionEntries>"""
    start = time.perf_counter()
    cat = imported(catalogue(roots, f"<sharedSelectionEntryGroups>{groups}</sharedSelectionEntryGroups>"))
    assert time.perf_counter() - start < 5
    hydra = next(s for s in cat.skipped if s.entry == "Hydra")
    assert hydra.field == "entries" and "no real unit has more than" in hydra.reason
