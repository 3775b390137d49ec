"""BattleScribe squads as a 40k player reads them (issue 35), in small catalogues with the real 7th-edition
Astra Militarum data's shapes: Veterans whose models are "Veteran w/ Lasgun" upgrades of the unit's own
profile, a squad priced as a base with its leader plus each model (Bullgryns), a model whose link makes its
melta bombs free (Sly Marbo), modifiers that repeat for every N selections, and a Cyclops whose only model
entry is its operator.
"""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from test_z40k_bs_library import GST, catalogue, counts, gun, imported, info, link, model_profile, pts

from game.assets import data_file
from game.rules.zombie40k.battlescribe import roster_import
from game.rules.zombie40k.bs_data import modified
from game.rules.zombie40k.data import build_data, load_toml
from game.rules.zombie40k.team_builder import build_team


def flak(pid: str, name: str, a: str = "1", w: str = "1") -> str:
    """A Guard profile (WS 3, BS 4, T 3, 5+), as the shared profiles of the real catalogue are."""
    return (
        model_profile(pid, name, a=a)
        .replace('name="WS">4', 'name="WS">3')
        .replace('name="T">4', 'name="T">3')
        .replace('name="S">4', 'name="S">3')
        .replace('name="W">1', f'name="W">{w}')
        .replace("3+", "5+")
    )


ARMOURY = f"""
<selectionEntry id="lasgun" name="Lasgun" type="upgrade"><profiles>{gun("pl", "Lasgun", '24"', "3", "-", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="shotgun" name="Shotgun" type="upgrade"><profiles>{gun("psh", "Shotgun", '12"', "3", "-", "Assault 2")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="flamer" name="Flamer" type="upgrade"><profiles>{gun("pf", "Flamer", "Template", "4", "5", "Assault 1")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="laspistol" name="Laspistol" type="upgrade"><profiles>{gun("plp", "Laspistol", '12"', "3", "-", "Pistol")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="mortar" name="Mortar" type="upgrade"><profiles>{gun("pmo", "Mortar", '48"', "4", "6", "Heavy 1, Barrage, Blast")}</profiles>{pts(0)}</selectionEntry>
"""  # noqa: E501

# one fewer Veteran for each weapons team taken: the real data's decrement, repeated per team selected
PER_TEAM = "".join(
    f'<modifier type="decrement" field="{c}" value="1.0"><repeats><repeat field="selections" scope="vets" '
    'value="1.0" childId="team" repeats="1" roundUp="false"/></repeats></modifier>'
    for c in ("vmin", "vmax")
)

VETERANS = f"""<selectionEntries><selectionEntry id="vets" name="Veterans" type="unit">
  <infoLinks>{info("p-vet", "iv")}</infoLinks>
  <selectionEntryGroups>
    <selectionEntryGroup id="vgroup" name="Veterans" defaultSelectionEntryId="v-las"><modifiers>{PER_TEAM}</modifiers>
      <constraints><constraint field="selections" scope="parent" value="9.0" type="min" id="vmin"/>
        <constraint field="selections" scope="parent" value="9.0" type="max" id="vmax"/></constraints>
      <selectionEntries>
        <selectionEntry id="v-las" name="Veteran w/ Lasgun" type="upgrade">{counts(None, 9)}
          <entryLinks>{link("lasgun", "l1", 1, 1)}</entryLinks>{pts(0)}</selectionEntry>
        <selectionEntry id="v-shot" name="Veteran w/ Shotgun" type="upgrade">{counts(None, 9)}
          <entryLinks>{link("shotgun", "l2", 1, 1)}</entryLinks>{pts(0)}</selectionEntry>
      </selectionEntries>
      <selectionEntryGroups>
        <selectionEntryGroup id="special" name="Special Weapons">{counts(None, 3)}<selectionEntries>
          <selectionEntry id="v-flamer" name="Veteran w/ Flamer" type="upgrade">{counts(None, 3)}
            <entryLinks>{link("flamer", "l3", 1, 1)}</entryLinks>{pts(5)}</selectionEntry>
        </selectionEntries></selectionEntryGroup>
        <selectionEntryGroup id="team" name="Weapons Team">{counts(None, 1)}<selectionEntries>
          <selectionEntry id="v-mortar" name="Veteran Mortar Team" type="upgrade">{counts(None, 1)}
            <infoLinks>{info("p-team", "it")}</infoLinks><entryLinks>{link("mortar", "l4", 1, 1)}</entryLinks>
            {pts(5)}</selectionEntry>
        </selectionEntries></selectionEntryGroup>
      </selectionEntryGroups>
    </selectionEntryGroup>
    <selectionEntryGroup id="sgroup" name="Sergeant" defaultSelectionEntryId="v-sarge">{counts(1, 1)}
      <selectionEntries><selectionEntry id="v-sarge" name="Veteran Sergeant" type="upgrade">{counts(None, 1)}
        <infoLinks>{info("p-vsarge", "is")}</infoLinks><entryLinks>{link("laspistol", "l5", 1, 1)}</entryLinks>
        {pts(0)}</selectionEntry></selectionEntries>
    </selectionEntryGroup>
  </selectionEntryGroups>{pts(60)}
</selectionEntry></selectionEntries>"""  # noqa: E501

VETERAN_SHARED = f"""<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries><sharedProfiles>
  {flak("p-vet", "Veteran")}{flak("p-vsarge", "Veteran Sergeant", a="2")}{flak("p-team", "Veteran Weapons Team", w="2")}
</sharedProfiles>"""  # noqa: E501


def test_veterans_whose_models_are_upgrades_named_after_the_units_profile_come_in_as_a_squad_of_ten() -> None:
    """The real Astra Militarum Veterans: no model entry has a profile of its own; each "Veteran w/ X" is a
    Veteran (the unit's profile) with his gun. The squad was read as one Veteran Sergeant for 60 points and
    the mortar team as its sergeant."""
    cat = imported(catalogue(VETERANS, VETERAN_SHARED, name="Astra Militarum"))
    unit = cat.units["astra_militarum_veterans"]
    # a Veteran Sergeant and nine Veterans (no weapons team at the start: the decrement repeats 0 times)
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (10, 10, 60)
    vet = cat.profiles[unit["model"]]
    assert (vet["name"], vet["a"], vet["w"]) == ("Veteran", 1, 1)
    assert unit["wargear"] == ["lasgun"]
    # each other Veteran is a weapon change for the lasgun, at his points (his own gun is no option)
    assert [(o["name"], o["with"], o["cost"]) for o in unit["weapon_options"]] == [
        ("Veteran w/ Shotgun for the Lasgun", ["imperial_shotgun"], 0),
        ("Veteran w/ Flamer for the Lasgun", ["flamer"], 5),
    ]
    sarge = unit["sergeant"]
    assert (sarge["name"], sarge["cost"]) == ("Veteran Sergeant", 0)
    assert cat.profiles[sarge["profile"]]["a"] == 2
    assert any("Veteran Mortar Team" in n and "left out" in n for n in cat.notes)


BULLGRYNS = f"""<selectionEntries><selectionEntry id="bull" name="Bullgryns" type="unit"><selectionEntryGroups>
  <selectionEntryGroup id="bone" name="Bone 'ead" defaultSelectionEntryId="b-bone">{counts(1, 1)}<selectionEntries>
    <selectionEntry id="b-bone" name="Bullgryn Bone 'ead" type="upgrade">{counts(None, 1)}
      <profiles>{flak("p-bone", "Bullgryn Bone 'ead", a="4")}</profiles>
      <entryLinks>{link("flamer", "b1", 1, 1)}</entryLinks>{pts(0)}</selectionEntry></selectionEntries>
  </selectionEntryGroup>
  <selectionEntryGroup id="gryns" name="Bullgryns" defaultSelectionEntryId="b-gryn">{counts(2, 9)}<selectionEntries>
    <selectionEntry id="b-gryn" name="Bullgryn" type="upgrade">{counts(None, 9)}
      <profiles>{flak("p-gryn", "Bullgryn", a="3", w="3")}</profiles>
      <entryLinks>{link("flamer", "b2", 1, 1)}</entryLinks>{pts(45)}</selectionEntry></selectionEntries>
  </selectionEntryGroup></selectionEntryGroups>{pts(55)}
</selectionEntry>
<selectionEntry id="marbo" name="Sly Marbo" type="model"><profiles>{flak("p-marbo", "Sly Marbo", a="4")}</profiles>
  <entryLinks>{link("lasgun", "mb1", 1, 1)}
    <entryLink id="mb2" name="New EntryLink" targetId="bombs" type="selectionEntry">
      <modifiers><modifier type="set" field="points" value="0"/></modifiers>{counts(1, 1, "mb2")}</entryLink>
    {link("cloak", "mb3", 1, 1)}</entryLinks>{pts(25)}
</selectionEntry></selectionEntries>"""  # noqa: E501

PRICED_SHARED = f"""<sharedSelectionEntries>{ARMOURY}
  <selectionEntry id="bombs" name="Melta Bombs" type="upgrade">{pts(5)}</selectionEntry>
  <selectionEntry id="cloak" name="Camo Cloak" type="upgrade">{pts(3)}</selectionEntry>
</sharedSelectionEntries>"""


def test_a_squad_is_priced_as_its_base_with_the_leader_plus_each_model_and_a_model_pays_what_it_must_take() -> (
    None
):
    """Bullgryns are 55 points with the Bone 'ead and 45 a Bullgryn: three cost 145 (they came in at 63 a
    model, 189). Sly Marbo is 25 points; his link makes his melta bombs free, his camo cloak costs 3."""
    cat = imported(catalogue(BULLGRYNS, PRICED_SHARED, name="Astra Militarum"))
    bull = cat.units["astra_militarum_bullgryns"]
    assert (bull["squad_size"], bull["squad_cost"]) == (3, 135)  # 45 a Bullgryn, whole points
    assert bull["sergeant"]["name"] == "Bullgryn Bone 'ead" and bull["sergeant"]["cost"] == 10
    assert bull["squad_cost"] + bull["sergeant"]["cost"] == 55 + 2 * 45  # the codex's three, with the Bone 'ead
    marbo = cat.units["astra_militarum_sly_marbo"]
    assert (marbo["squad_size"], marbo["squad_cost"]) == (1, 25 + 0 + 3)


def test_a_modifier_that_repeats_counts_what_the_unit_starts_with() -> None:
    """A Mob of at least 10 Boyz may take one more special weapon for every 10; a squad that starts with no
    weapons team loses no Veteran for one; an id the library does not know repeats once (house reading)."""
    el = ET.fromstring(
        '<selectionEntryGroup><modifiers><modifier type="increment" field="smax" value="1"><repeats>'
        '<repeat field="selections" value="10.0" childId="mob" repeats="1"/></repeats></modifier>'
        '<modifier type="decrement" field="vmax" value="1"><repeats>'
        '<repeat field="selections" value="1.0" childId="team" repeats="1"/></repeats></modifier>'
        '<modifier type="increment" field="other" value="2"><repeats>'
        '<repeat field="selections" value="1.0" childId="a-category" repeats="1"/></repeats></modifier>'
        "</modifiers></selectionEntryGroup>"
    )
    start = {"mob": 10, "team": 0}
    assert modified(el, start.get) == {"increment:smax": "1.0", "decrement:vmax": "0.0", "increment:other": "2.0"}
    assert modified(el, {"mob": 25, "team": 0}.get)["increment:smax"] == "2.0"


CYCLOPS = f"""<selectionEntries><selectionEntry id="cy-sq" name="Cyclops Demolition Squadron" type="unit">
  <selectionEntries><selectionEntry id="cy" name="Cyclops RC Demolition Vehicle" type="unit">{counts(1, 3)}
    <profiles>{model_profile("p-cy", "Cyclops", "Infantry - Special (Cyclops) Artillery")}</profiles>
    <selectionEntries>
      <selectionEntry id="cy-op" name="Guardsman Operator" type="upgrade">{counts(1, 1)}
        <profiles>{flak("p-op", "Guardsman")}</profiles><entryLinks>{link("lasgun", "c1", 1, 1)}</entryLinks>
        {pts(0)}</selectionEntry>
    </selectionEntries>{pts(30)}</selectionEntry></selectionEntries>
</selectionEntry></selectionEntries>"""


def test_a_unit_of_artillery_is_refused_even_when_its_only_model_entry_is_an_infantry_operator() -> None:
    """The real Cyclops: the unit's own profile is the Artillery model; the Guardsman operator was taken for
    the squad and a Cyclops team of Guardsmen came in."""
    cat = imported(catalogue(CYCLOPS, f"<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries>"))
    assert not cat.units
    why = {s.entry: s for s in cat.skipped}["Cyclops RC Demolition Vehicle"]
    assert why.field == "Unit Type" and "Artillery" in why.reason and "only Infantry" in why.reason


STORM = f"""<selectionEntries><selectionEntry id="st" name="Storm Trooper Squad" type="unit">
  <selectionEntries><selectionEntry id="st-sarge" name="Storm Trooper Sergeant" type="upgrade">{counts(1, 1)}
    <profiles>{flak("p-sts", "Storm Trooper Sergeant", a="2")}</profiles>
    <entryLinks>{link("laspistol", "s1", 1, 1)}</entryLinks>{pts(0)}</selectionEntry></selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="sts" name="Storm Troopers" defaultSelectionEntryId="st-m">{counts(4, 9)}
    <selectionEntries><selectionEntry id="st-m" name="Storm Trooper" type="upgrade">{counts(2, 9)}
      <profiles>{flak("p-st", "Storm Trooper")}</profiles><entryLinks>{link("lasgun", "s2", 1, 1)}</entryLinks>
      {pts(16)}</selectionEntry></selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(16)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_groups_minimum_is_made_up_by_its_default_model_when_the_entry_asks_for_fewer() -> None:
    """Forge World's Storm Troopers: "4-9 Storm Troopers" with a Storm Trooper entry of at least 2: the squad
    is a sergeant and four, 16 points each."""
    cat = imported(catalogue(STORM, f"<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries>"))
    unit = cat.units["space_marines_storm_trooper_squad"]
    assert (unit["squad_size"], unit["squad_cost"], unit["sergeant"]["cost"]) == (5, 80, 0)


def test_the_team_builder_pays_the_codex_price_for_imported_veterans_and_bullgryns(tmp_path: Path) -> None:
    """The imported squads in the team builder: three Bullgryns with their Bone 'ead cost the codex's 145; a
    75-point team of Veterans is the sergeant and nine Veterans, one with a flamer, for 65."""
    (tmp_path / "Warhammer40K.gst").write_bytes(GST.encode())
    cat = tmp_path / "Astra Militarum.cat"
    units = "".join(
        x.removeprefix("<selectionEntries>").removesuffix("</selectionEntries>") for x in (VETERANS, BULLGRYNS)
    )
    shared = VETERAN_SHARED.replace("</sharedSelectionEntries>", PRICED_SHARED.split(ARMOURY)[1])
    cat.write_bytes(catalogue(f"<selectionEntries>{units}</selectionEntries>", shared, name="Astra Militarum"))
    done = roster_import(cat, tmp_path / "data")
    assert set(done.names) >= {"Veterans", "Bullgryns"}
    core, ship = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, ship, "zombie40k.toml", "zombie40k_roster.toml", tomllib.loads(done.text))
    assert data.user_problems == ()
    bull = build_team(data, {"unit": "astra_militarum_bullgryns", "models": 3, "sergeant": True}, 200)
    assert bull.points == 145
    vets = {"unit": "astra_militarum_veterans", "models": 10, "sergeant": True, "weapons": ["veteran_w_flamer"]}
    team = build_team(data, vets, 75)
    assert team.points == 65 and len(team.models) == 10
    assert "flamer" in team.models[1].weapons and team.models[1].label.startswith("Veteran w/ Flamer")


DEVASTATORS = f"""<selectionEntries><selectionEntry id="dev" name="Devastator Squad" type="unit"><selectionEntryGroups>
  <selectionEntryGroup id="marines" name="Marines">{counts(4, 9)}<selectionEntries>
    <selectionEntry id="d-m" name="Space Marine" type="model">{counts(None, 9)}<infoLinks>{info("p-marine", "dm")}</infoLinks>
      <entryLinks>{link("boltgun", "d1", 1, 1)}</entryLinks>{pts(14)}</selectionEntry>
    <selectionEntry id="d-i" name="Imperial Space Marine" type="model">{counts(None, 1)}<infoLinks>{info("p-marine", "di")}</infoLinks>
      <entryLinks>{link("boltgun", "d2", 1, 1)}</entryLinks>{pts(14)}</selectionEntry>
  </selectionEntries></selectionEntryGroup>
  <selectionEntryGroup id="dsg" name="Sergeant" defaultSelectionEntryId="d-s">{counts(1, 1)}<selectionEntries>
    <selectionEntry id="d-s" name="Sergeant" type="model">{counts(None, 1)}<infoLinks>{info("p-sarge", "ds")}</infoLinks>
      <entryLinks>{link("boltgun", "d3", 1, 1)}</entryLinks>{pts(0)}</selectionEntry></selectionEntries>
  </selectionEntryGroup></selectionEntryGroups>{pts(14)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_group_that_names_no_default_is_made_up_by_its_one_model_there_may_be_several_of() -> None:
    """Forge World's Devastators: "4-9 Marines" names no default; the Space Marine (up to 9) makes up the four,
    not the one-only Imperial Space Marine: a sergeant and four for 70, not one model for 14."""
    cat = imported(catalogue(DEVASTATORS, ""))
    unit = cat.units["space_marines_devastator_squad"]
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"], unit["sergeant"]["cost"]) == (5, 10, 70, 0)


# The real Deathwatch Veterans: the unit is a pick of squads ("Veteran Squad", 5-10 Veterans in a group, or a
# named squad), an upgrade with no profile of its own that holds the models; its rules are on that upgrade.
KILL_TEAM = f"""<selectionEntries><selectionEntry id="dwv" name="Veterans" type="unit"><selectionEntryGroups>
  <selectionEntryGroup id="pick" name="Veteran Squad" defaultSelectionEntryId="sq">{counts(1, 1)}<selectionEntries>
    <selectionEntry id="sq" name="Veteran Squad" type="upgrade">
      <rules><rule id="atsknf" name="And They Shall Know No Fear"/></rules>
      <selectionEntryGroups><selectionEntryGroup id="vg" name="Veterans" defaultSelectionEntryId="dv">{counts(5, 10)}
        <selectionEntries><selectionEntry id="dv" name="Veteran" type="upgrade">{counts(None, 10)}
          <profiles>{model_profile("p-dv", "Veteran")}</profiles>
          <entryLinks>{link("lasgun", "dl", 1, 1)}</entryLinks>{pts(22)}</selectionEntry></selectionEntries>
      </selectionEntryGroup></selectionEntryGroups></selectionEntry>
    <selectionEntry id="crull" name="Squad Crull" type="upgrade">
      <selectionEntryGroups><selectionEntryGroup id="cg" name="Crull's men">{counts(4, 4)}
        <selectionEntries><selectionEntry id="cv" name="Crull's Veteran" type="upgrade">{counts(4, 4)}
          <profiles>{model_profile("p-cv", "Crull's Veteran")}</profiles>{pts(30)}</selectionEntry></selectionEntries>
      </selectionEntryGroup></selectionEntryGroups></selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_unit_that_picks_one_of_several_squads_comes_in_as_its_default_squad_with_that_squads_rules() -> None:
    """Deathwatch Veterans were refused as "a vehicle" (the only profiles found were the transports'): the
    squad's models sit in an upgrade that picks the squad. The default squad is the unit, 5 to 10 Veterans at
    22 points each, with And They Shall Know No Fear; the other squad's men are not mixed in."""
    cat = imported(
        catalogue(KILL_TEAM, f"<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries>", "Deathwatch")
    )
    unit = cat.units["deathwatch_veterans"]
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (5, 10, 110)
    assert cat.profiles[unit["model"]]["name"] == "Veteran"
    assert "And They Shall Know No Fear" in unit["rules"]
    assert "sergeant" not in unit


GUARDIANS = f"""<selectionEntries><selectionEntry id="gd" name="Guardian Defenders" type="unit"><selectionEntryGroups>
  <selectionEntryGroup id="gg" name="Guardians" defaultSelectionEntryId="g">{counts(10, 20)}<selectionEntries>
    <selectionEntry id="g" name="Guardian" type="model">{counts(None, 20)}<profiles>{model_profile("p-g", "Guardian")}</profiles>
      <entryLinks>{link("lasgun", "gl", 1, 1)}</entryLinks>{pts(9)}</selectionEntry></selectionEntries>
  </selectionEntryGroup></selectionEntryGroups>
  <selectionEntries><selectionEntry id="wl" name="Warlock" type="model">{counts(0, 1)}
    <rules><rule id="psy" name="Psyker (Mastery Level 1)"/></rules>
    <profiles>{model_profile("p-wl", "Warlock")}</profiles>{pts(35)}</selectionEntry></selectionEntries>
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_squad_that_may_take_a_psyker_comes_in_without_him_and_says_so() -> None:
    """Rules: Zombie 40,000 has no Psychic phase, so a psyker cannot be played. A Guardian squad may take a
    Warlock; it was refused whole. The squad comes in and the optional Warlock is left out with the reason."""
    cat = imported(catalogue(GUARDIANS, f"<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries>", "Eldar"))
    unit = cat.units["eldar_guardian_defenders"]
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (10, 20, 90)
    assert any("'Warlock' is left out" in n and "Psychic phase" in n for n in cat.notes)
    assert "sergeant" not in unit


# The real Blood Angels Tactical Squad: a Tactical Marine is a profile and 14 points, no weapon at all; the
# sergeant's weapons group defaults to a boltgun; the special weapons name nothing they replace.
BARE_MARINES = f"""<selectionEntries><selectionEntry id="ba" name="Tactical Squad" type="unit">
  <selectionEntries>
    <selectionEntry id="sgt" name="Tactical Sergeant" type="upgrade">{counts(1, 1)}
      <profiles>{model_profile("p-sgt", "Space Marine Sergeant")}</profiles>
      <selectionEntryGroups><selectionEntryGroup id="sw" name="Weapons" defaultSelectionEntryId="sb">{counts(1, 1)}
        <selectionEntries><selectionEntry id="sb" name="Boltgun" type="upgrade">{counts(None, 1)}
          <profiles>{gun("pbg", "Boltgun", '24"', "4", "5", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
        <selectionEntry id="sp" name="Bolt Pistol" type="upgrade">{counts(None, 1)}
          <profiles>{gun("pbp", "Bolt Pistol", '12"', "4", "5", "Pistol")}</profiles>{pts(0)}</selectionEntry>
        </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(0)}</selectionEntry>
    <selectionEntry id="tm" name="Tactical Marine" type="upgrade">{counts(4, 9)}
      <profiles>{model_profile("p-tm", "Space Marine")}</profiles>{pts(14)}</selectionEntry>
  </selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="spec" name="Special Weapon">{counts(None, 1)}<selectionEntries>
    <selectionEntry id="fl" name="Flamer" type="upgrade">{counts(None, 1)}
      <entryLinks>{link("flamer", "fl1", 1, 1)}</entryLinks>{pts(5)}</selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(14)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_troopers_the_data_gives_no_weapon_carry_their_sergeants_gun_and_a_special_weapon_replaces_it() -> None:
    """The Blood Angels and Dark Angels Tactical Marines came in with only a close combat weapon (the data
    lists none for them), so a team of them had no gun. House reading: they carry their sergeant's default
    gun, the boltgun, and the squad's flamer takes its place (it was an extra gun on top)."""
    cat = imported(catalogue(BARE_MARINES, f"<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries>", "BA"))
    unit = cat.units["ba_tactical_squad"]
    assert unit["wargear"] == ["boltgun"]
    assert [(o["name"], o["replaces"], o["with"]) for o in unit["weapon_options"]] == [
        ("Flamer for the Boltgun", ["boltgun"], ["flamer"])
    ]
    assert any("carry their sergeant's Boltgun [house]" in n for n in cat.notes)


def test_a_sergeant_keeps_every_weapon_change_the_real_data_gives_him() -> None:
    """The real Space Marine sergeant may make 34 weapon changes; the import kept 16, so his storm bolter
    (listed late) was not offered. Every change is kept up to a bound a hostile file cannot stretch."""
    from game.rules.zombie40k.bs_units import MAX_OPTIONS, unique

    changes = [
        {"key": f"gun_{i}", "name": f"Gun {i}", "replaces": ["boltgun"], "with": [f"gun_{i}"], "cost": 1}
        for i in range(34)
    ]
    assert [o["key"] for o in unique(changes, ["boltgun"])][-1] == "gun_33"
    hostile = [{**o, "key": f"k{i}", "with": [f"w{i}"]} for i, o in enumerate(changes * 100)]
    assert len(unique(hostile, ["boltgun"])) == MAX_OPTIONS


def test_a_choice_the_data_allows_once_a_squad_is_taken_once_a_team(tmp_path: Path) -> None:
    """The Dark Angels' Tactical Squad may take one special weapon (its "Special Weapon" group allows one); a
    team of them could take the flamer twice. The team builder refuses the second, naming the choice."""
    import pytest

    from game.rules.zombie40k.team_builder import TeamError

    flamer = f"<entryLinks>{link('flamer', 'fl1', 1, 1)}</entryLinks>{pts(5)}</selectionEntry>"
    shotgun = f'<selectionEntry id="sh" name="Shotgun" type="upgrade">{counts(None, 1)}'
    shotgun += f"<entryLinks>{link('shotgun', 'sh1', 1, 1)}</entryLinks>{pts(0)}</selectionEntry>"
    assert BARE_MARINES.count(flamer) == 1
    two = BARE_MARINES.replace(flamer, flamer + shotgun)
    (tmp_path / "Warhammer40K.gst").write_bytes(GST.encode())
    cat = tmp_path / "Dark Angels.cat"
    cat.write_bytes(catalogue(two, f"<sharedSelectionEntries>{ARMOURY}</sharedSelectionEntries>", "Dark Angels"))
    done = roster_import(cat, tmp_path / "data")
    core, ship = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, ship, "zombie40k.toml", "zombie40k_roster.toml", tomllib.loads(done.text))
    spec = {"unit": "dark_angels_tactical_squad", "models": 5, "sergeant": True}
    assert build_team(data, {**spec, "weapons": ["flamer"]}, 100).points == 75
    with pytest.raises(TeamError, match=r"Special Weapon: at most 1 a team \(Flamer for the Boltgun, Shotgun"):
        build_team(data, {**spec, "weapons": ["flamer", "shotgun"]}, 100)
