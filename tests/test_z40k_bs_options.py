"""BattleScribe options as the real 7th-edition data writes them (issue 35, the closing note): a named
character a squad may take is not its sergeant (Space Wolves' Arjac in a Wolf Guard pack), and an option
the data forbids below a squad size (a Chaos Space Marine heavy weapon, only with ten) carries that size
to the team builder, which refuses it with the reason.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from test_z40k_bs_library import GST, catalogue, counts, gun, imported, info, link, model_profile, pts
from test_z40k_bs_library import SHARED as LIBRARY_SHARED
from test_z40k_bs_squads import VETERAN_SHARED, VETERANS

from game.assets import data_file
from game.rules.zombie40k.battlescribe import roster_import
from game.rules.zombie40k.data import Z40Data, build_data, load_toml
from game.rules.zombie40k.team_builder import build_team, default_team, team_problems

ARJAC = f"""<selectionEntries>
<selectionEntry id="arjac" name="Arjac Rockfist, Grimnar's Champion" type="model">{counts(None, 1)}
  <profiles>{model_profile("p-arjac", "Arjac Rockfist", "Infantry (Character)", a="3")}</profiles>
  <entryLinks>{link("boltgun", "a1", 1, 1)}</entryLinks>{pts(125)}</selectionEntry>
<selectionEntry id="wg" name="Wolf Guard" type="unit">
  <selectionEntryGroups><selectionEntryGroup id="pack" name="Pack" defaultSelectionEntryId="wg-m">{counts(4, 9)}
    <selectionEntries><selectionEntry id="wg-m" name="Wolf Guard" type="model">
      <infoLinks>{info("p-marine", "w1")}</infoLinks><entryLinks>{link("boltgun", "w2", 1, 1)}</entryLinks>
      {pts(18)}</selectionEntry></selectionEntries>
    <entryLinks>{link("arjac", "w3", None, 1)}</entryLinks>
  </selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_named_character_a_squad_may_take_is_not_its_sergeant() -> None:
    """The real Wolf Guard pack links Arjac Rockfist (a character the catalogue lists on its own, 125
    points) into its Pack group: he came in as the pack's sergeant for +97 points."""
    cat = imported(catalogue(ARJAC, "", name="Space Wolves"))
    unit = cat.units["space_wolves_wolf_guard"]
    assert "sergeant" not in unit
    assert (unit["squad_size"], unit["squad_cost"]) == (4, 72)
    assert any("Arjac" in n and "left out" in n for n in cat.notes)


def heavy_after(marines: int) -> str:
    """The real Chaos Space Marines' "Heavy Weapon" group: its maximum set to 0 while the squad has fewer than
    ``marines`` Chaos Marines with Boltgun."""
    return (
        '<modifiers><modifier type="set" field="maxSelections" value="0.0"><conditions>'
        f'<condition field="selections" scope="csm" value="{marines}.0" childId="csm-m" type="lessThan"/>'
        "</conditions></modifier></modifiers>"
    )


CSM = f"""<selectionEntries><selectionEntry id="csm" name="Chaos Space Marines" type="unit">
  <selectionEntries>
    <selectionEntry id="csm-champ" name="Aspiring Champion" type="model">{counts(1, 1)}
      <infoLinks>{info("p-sarge", "c1")}</infoLinks><entryLinks>{link("boltgun", "c2", 1, 1)}</entryLinks>
      {pts(13)}</selectionEntry>
    <selectionEntry id="csm-m" name="Chaos Marine with Boltgun" type="model">{counts(4, 19)}
      <infoLinks>{info("p-marine", "c3")}</infoLinks><entryLinks>{link("boltgun", "c4", 1, 1)}</entryLinks>
      {pts(13)}</selectionEntry>
  </selectionEntries>
  <selectionEntryGroups>
    <selectionEntryGroup id="csm-special" name="Special Weapon">{counts(None, 1, "sp")}<selectionEntries>
      <selectionEntry id="csm-flamer" name="Flamer" type="upgrade">
        <profiles>{gun("pfl", "Flamer", "Template", "4", "5", "Assault 1")}</profiles>{pts(5)}</selectionEntry>
    </selectionEntries></selectionEntryGroup>
    <selectionEntryGroup id="csm-heavy" name="Heavy Weapon">{heavy_after(9)}
      <constraints><constraint field="selections" scope="parent" value="1.0" type="max" id="maxSelections"/></constraints>
      <selectionEntries><selectionEntry id="csm-hb" name="Heavy Bolter" type="upgrade">
        <profiles>{gun("phb", "Heavy Bolter", '36"', "5", "4", "Heavy 3")}</profiles>{pts(10)}</selectionEntry>
      </selectionEntries></selectionEntryGroup>
  </selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_heavy_weapon_the_data_offers_only_to_a_squad_of_ten_carries_that_size() -> None:
    """The real Chaos Space Marines: the Heavy Weapon group's maximum is set to 0 while the squad has fewer
    than nine Marines (and its Aspiring Champion): the heavy bolter was left out altogether."""
    cat = imported(catalogue(CSM, "", name="Chaos Space Marines"))
    unit = cat.units["chaos_space_marines_chaos_space_marines"]
    options = {o["name"]: o for o in unit["weapon_options"]}
    assert options["Heavy Bolter for the Boltgun"]["min_models"] == 10
    assert "min_models" not in options["Flamer for the Boltgun"]


def imported_data(tmp_path: Path, units: str, name: str, shared: str = "") -> Z40Data:
    """The roster ``roster import`` writes for a catalogue of ``units``, loaded with the shipped tables."""
    (tmp_path / "Warhammer40K.gst").write_bytes(GST.encode())
    cat = tmp_path / f"{name}.cat"
    cat.write_bytes(catalogue(units, shared, name=name))
    done = roster_import(cat, tmp_path / "data")
    core, ship = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, ship, "zombie40k.toml", "zombie40k_roster.toml", tomllib.loads(done.text))
    assert data.user_problems == ()
    return data


def test_the_team_builder_refuses_the_heavy_weapon_to_a_squad_too_small_and_says_why(tmp_path: Path) -> None:
    data = imported_data(tmp_path, CSM, "Chaos Space Marines")
    key = "chaos_space_marines_chaos_space_marines"
    heavy = next(o.key for o in data.units[key].weapon_options if o.min_models == 10)
    five = {"unit": key, "models": 5, "sergeant": True, "weapons": [heavy]}
    assert team_problems(data, five, 300) == [
        "Heavy Bolter for the Boltgun: only in a team of at least 10 models, not 5"
    ]
    assert not team_problems(data, {**five, "models": 10}, 300)
    assert heavy not in default_team(data, key, 75).get("weapons", [])


def when_taken(target: str, lid: str, switch: str, shown: bool) -> str:
    """An infoLink to a profile that taking ``switch`` shows (hidden until then) or hides, as the real Ork
    Boy's Slugga links the Slugga and the Shoota profiles."""
    until = '<modifier type="set" field="hidden" value="true"/>' if shown else ""
    flip = "false" if shown else "true"
    return (
        f'<infoLink id="{lid}" name="New InfoLink" targetId="{target}" type="profile"><modifiers>{until}'
        f'<modifier type="set" field="hidden" value="{flip}"><conditions><condition field="selections" '
        f'scope="boyz" value="1.0" childId="{switch}" type="equalTo"/></conditions></modifier></modifiers></infoLink>'
    )


ORK = model_profile("p-boy", "Ork Boy").replace('name="BS">4', 'name="BS">2').replace("3+", "6+")
BOYZ = f"""<selectionEntries><selectionEntry id="boyz" name="Boyz" type="unit">
  <selectionEntries><selectionEntry id="shootas" name="Shootas For Mob" type="upgrade">
    <modifiers><modifier type="increment" field="points" value="1"><repeats><repeat field="selections"
      scope="parent" value="1.0" childId="mob" repeats="1"/></repeats></modifier></modifiers>{counts(None, 1)}{pts(0)}
  </selectionEntry></selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="mob" name="Mob" defaultSelectionEntryId="boy">{counts(10, 30)}
    <selectionEntries><selectionEntry id="boy" name="Boy" type="model"><infoLinks>{info("p-boy", "b1")}</infoLinks>
      <selectionEntries>
        <selectionEntry id="choppa" name="Choppa" type="upgrade">{counts(1, 1)}
          <profiles>{gun("pch", "Choppa", "-", "User", "-", "Melee")}</profiles>{pts(0)}</selectionEntry>
        <selectionEntry id="slugga" name="Slugga" type="upgrade">{counts(1, 1)}
          <infoLinks>{when_taken("p-slugga", "b2", "shootas", False)}{when_taken("p-shoota", "b3", "shootas", True)}</infoLinks>
          <modifiers><modifier type="set" field="name" value="Shoota"><conditions><condition field="selections"
            scope="boyz" value="1.0" childId="shootas" type="equalTo"/></conditions></modifier></modifiers>{pts(0)}
        </selectionEntry>
      </selectionEntries>{pts(6)}</selectionEntry></selectionEntries>
  </selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501
BOYZ_SHARED = f"""<sharedProfiles>{ORK}{gun("p-slugga", "Slugga", '12"', "4", "6", "Pistol")}
  {gun("p-shoota", "Shoota", '18"', "4", "6", "Assault 2")}</sharedProfiles>"""


def test_shootas_for_mob_is_one_change_every_boy_makes_at_a_point_a_boy(tmp_path: Path) -> None:
    """The real Ork Boyz: "Shootas For Mob" has no gun of its own; taking it hides each Boy's Slugga profile
    and shows his Shoota, for 1 point a Boy. It was not offered at all; now it is the mob's change, not one
    of the two models' weapon changes."""
    cat = imported(catalogue(BOYZ, BOYZ_SHARED, name="Orks"))
    unit = cat.units["orks_boyz"]
    assert unit["wargear"] == ["choppa", "slugga"]
    mob = next(o for o in unit["weapon_options"] if o["name"].startswith("Shootas For Mob"))
    assert (mob["replaces"], mob["with"], mob["squad"], mob["cost"], mob["each"]) == (
        ["slugga"],
        ["shoota"],
        "all",
        0,
        1,
    )
    data = imported_data(tmp_path, BOYZ, "Orks", BOYZ_SHARED)
    team = build_team(data, {"unit": "orks_boyz", "models": 12, "weapons": [mob["key"]]}, 200)
    assert team.points == 12 * 6 + 12
    assert all(m.weapons == ("choppa", "shoota") for m in team.models)


DEMOLITIONS = f"""<selectionEntries><selectionEntry id="demo" name="Demolitions" type="upgrade">{counts(None, 1)}
  <selectionEntries>
    <selectionEntry id="demo-mb" name="Melta-bombs for Squad" type="upgrade">{counts(1, 1)}
      <profiles>{gun("pmb", "Melta Bomb", "-", "8", "1", "Melee, Armourbane, Unwieldy")}</profiles>{pts(0)}</selectionEntry>
    <selectionEntry id="demo-dc" name="Single Demolition Charge" type="upgrade">{counts(1, 1)}
      <profiles>{gun("pdc", "Demolition Charge", '6"', "8", "2", "Assault 1, Large Blast")}</profiles>{pts(0)}</selectionEntry>
  </selectionEntries>{pts(30)}</selectionEntry></selectionEntries>"""  # noqa: E501


def test_demolitions_is_the_veterans_squad_upgrade_adding_a_charge_not_a_mans_swap(tmp_path: Path) -> None:
    """The real Veterans' Demolitions, one a unit for 30 points: melta bombs for the squad (carried, never
    used here: no vehicles, issue 35) and a single demolition charge. It came in as one Veteran's swap of his
    lasgun for the charge."""
    units = VETERANS.replace("<selectionEntryGroups>", f"{DEMOLITIONS}<selectionEntryGroups>", 1)
    cat = imported(catalogue(units, VETERAN_SHARED, name="Astra Militarum"))
    demo = next(o for o in cat.units["astra_militarum_veterans"]["weapon_options"] if o["key"] == "demolitions")
    assert (demo["name"], demo["replaces"], demo["squad"], demo["cost"]) == ("Demolitions", [], "one", 30)
    data = imported_data(tmp_path, units, "Astra Militarum", VETERAN_SHARED)
    spec = {"unit": "astra_militarum_veterans", "models": 10, "weapons": ["demolitions", "veteran_w_flamer"]}
    team = build_team(data, {**spec, "weapons": [*spec["weapons"], "veteran_w_shotgun"]}, 200)
    assert team.points == 60 + 30 + 5  # the squad upgrade is not one of the two weapon changes
    charged = [m for m in team.models if demo["with"][0] in m.weapons]
    assert len(charged) == 1 and charged[0].weapons[0] == "flamer"  # one Veteran carries it beside his gun
    assert [data.weapons[w].name for w in charged[0].weapons[1:]] == ["Melta Bomb", "Demolition Charge"]
    assert team_problems(data, {**spec, "weapons": ["demolitions", "demolitions"]}, 200) == [
        "Demolitions: once a team (it is the squad's)"
    ]


IMMORTALS = f"""<selectionEntries><selectionEntry id="imm" name="Immortals" type="unit">
  <selectionEntries><selectionEntry id="imm-m" name="Immortal" type="model">{counts(5, 10)}
    <infoLinks>{info("p-marine", "im1")}</infoLinks>{pts(17)}</selectionEntry></selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="imm-w" name="Unit Weapons" defaultSelectionEntryId="imm-gb">{counts(1, 1)}
    <selectionEntries>
      <selectionEntry id="imm-tc" name="Tesla Carbine" type="upgrade">
        <profiles>{gun("ptc", "Tesla Carbine", '24"', "5", "-", "Assault 2")}</profiles>{pts(0)}</selectionEntry>
      <selectionEntry id="imm-gb" name="Gauss Blaster" type="upgrade">
        <profiles>{gun("pgb", "Gauss Blaster", '24"', "5", "4", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
    </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_weapon_the_whole_unit_chooses_is_every_models_and_the_other_choice_a_change_for_all(
    tmp_path: Path,
) -> None:
    """The real Necron Immortals: the Immortal model has no gun; the unit's "Unit Weapons" (one, gauss
    blasters by default) arms them all. They came in with a close combat weapon, each gun an extra."""
    cat = imported(catalogue(IMMORTALS, "", name="Necrons"))
    unit = cat.units["necrons_immortals"]
    assert unit["wargear"] == ["necrons_gauss_blaster"]
    (swap,) = unit["weapon_options"]
    assert (swap["replaces"], swap["with"], swap["squad"]) == (
        ["necrons_gauss_blaster"],
        ["necrons_tesla_carbine"],
        "all",
    )
    data = imported_data(tmp_path, IMMORTALS, "Necrons")
    team = build_team(data, {"unit": "necrons_immortals", "models": 5, "weapons": [swap["key"]]}, 100)
    assert all(m.weapons == ("necrons_tesla_carbine",) for m in team.models) and team.points == 85


def not_with_below_ten(other: str, cid: str) -> str:
    """The real Tactical Squad's modifier on each weapon variant: its maximum 0 while the squad has fewer than
    ten models and has taken the other variant."""
    return (
        f'<modifiers><modifier type="set" field="{cid}max" value="0.0"><conditionGroups><conditionGroup type="and">'
        '<conditions><condition field="selections" scope="tac" value="10.0" childId="model" type="lessThan"/>'
        f'<condition field="selections" scope="tac" value="1.0" childId="{other}" type="equalTo"/></conditions>'
        "</conditionGroup></conditionGroups></modifier></modifiers>"
    )


TACTICAL = f"""<selectionEntries><selectionEntry id="tac" name="Tactical Squad" type="unit">
  <selectionEntries><selectionEntry id="t-sarge" name="Space Marine Sergeant" type="model">{counts(1, 1)}
    <infoLinks>{info("p-sarge", "t1")}</infoLinks><entryLinks>{link("boltgun", "t2", 1, 1)}</entryLinks>{pts(14)}
  </selectionEntry></selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="t-marines" name="Space Marines" defaultSelectionEntryId="t-m">{counts(4, 9)}
    <selectionEntries>
      <selectionEntry id="t-m" name="Space Marine" type="model"><infoLinks>{info("p-marine", "t3")}</infoLinks>
        <entryLinks>{link("boltgun", "t4", 1, 1)}</entryLinks>{pts(14)}</selectionEntry>
      <selectionEntry id="t-heavy" name="Space Marine (Heavy Weapon)" type="model">{not_with_below_ten("t-special", "h")}
        {counts(None, 1, "h")}<infoLinks>{info("p-marine", "t5")}</infoLinks>
        <selectionEntries><selectionEntry id="t-hb" name="Heavy Bolter" type="upgrade">{counts(1, 1)}
          <profiles>{gun("phb", "Heavy Bolter", '36"', "5", "4", "Heavy 3")}</profiles>{pts(10)}</selectionEntry>
        </selectionEntries>{pts(14)}</selectionEntry>
      <selectionEntry id="t-special" name="Space Marine (Special Weapon)" type="model">{not_with_below_ten("t-heavy", "s")}
        {counts(None, 1, "s")}<infoLinks>{info("p-marine", "t6")}</infoLinks>
        <selectionEntries><selectionEntry id="t-fl" name="Flamer" type="upgrade">{counts(1, 1)}
          <profiles>{gun("pfl", "Flamer", "Template", "4", "5", "Assault 1")}</profiles>{pts(5)}</selectionEntry>
        </selectionEntries>{pts(14)}</selectionEntry>
    </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_below_ten_models_a_tactical_squad_takes_a_heavy_or_a_special_weapon_not_both(tmp_path: Path) -> None:
    """The real Space Marines Tactical Squad: each weapon variant's maximum is 0 while the squad has fewer
    than ten models and the other variant. Five Marines took both; now the second is refused with why."""
    data = imported_data(tmp_path, TACTICAL, "Space Marines")
    unit = data.units["space_marines_tactical_squad"]
    heavy, special = (
        next(o for o in unit.weapon_options if o.name.startswith(w))
        for w in ("Space Marine (H", "Space Marine (S")
    )
    assert (heavy.alone_below, heavy.apart, special.apart) == (10, (special.key,), (heavy.key,))
    five = {"unit": unit.key, "models": 5, "sergeant": True, "weapons": [heavy.key, special.key]}
    assert team_problems(data, five, 300) == [f"{heavy.name}: not with {special.name} in a team under 10 models"]
    assert not team_problems(data, {**five, "weapons": [heavy.key]}, 300)
    assert not team_problems(data, {**five, "models": 10}, 300)


def test_keys_of_long_names_fit_the_roster_so_no_unit_is_lost_on_loading(tmp_path: Path) -> None:
    """A 40k player imported the Space Marines and found no Terminator Squad: its cyclone missile's key,
    army prefix and weapon name, was 62 characters, which the roster loader refuses (at most 60), and the
    squad that carried it went with it. Every key the import writes fits; a long one is cut, never refused."""
    army = "Chaos Space Marines of the Long Forgotten Legion"  # a 40-character prefix
    long_unit = CSM.replace('name="Chaos Space Marines"', 'name="Chaos Space Marines of the Eye of Terror"', 1)
    data = imported_data(tmp_path, long_unit, army)  # (it asserts the roster loads with no problem)
    (key,) = [k for k in data.user_units]
    assert len(key) <= 60 and data.units[key].name == "Chaos Space Marines of the Eye of Terror"
    assert all(len(k) <= 60 for k in (*data.user_weapons, *data.user_profiles))


SPECIAL_WEAPONS = f"""<selectionEntries><selectionEntry id="is" name="Infantry Squad" type="unit"><selectionEntries>
  <selectionEntry id="is-s" name="Sergeant" type="model">{counts(1, 1)}<infoLinks>{info("p-sarge", "s1")}</infoLinks>
    <entryLinks>{link("boltgun", "s2", 1, 1)}</entryLinks>{pts(10)}</selectionEntry></selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="is-g" name="Guardsmen" defaultSelectionEntryId="is-m">{counts(9, 9)}
    <selectionEntries><selectionEntry id="is-m" name="Guardsman" type="model">{counts(None, 9)}
      <infoLinks>{info("p-marine", "m1")}</infoLinks><entryLinks>{link("boltgun", "m2", 1, 1)}</entryLinks>{pts(5)}
    </selectionEntry></selectionEntries>
    <selectionEntryGroups><selectionEntryGroup id="is-sw" name="Special Weapons">{counts(None, 1)}<selectionEntries>
      <selectionEntry id="is-f" name="Guardsman w/ Flamer" type="upgrade">{counts(None, 1)}
        <infoLinks>{info("p-marine", "f1")}</infoLinks><entryLinks>{link("flamer", "f2", 1, 1)}</entryLinks>{pts(10)}
      </selectionEntry>
      <selectionEntry id="is-me" name="Guardsman w/ Meltagun" type="upgrade">{counts(None, 1)}
        <infoLinks>{info("p-marine", "e1")}</infoLinks><entryLinks>{link("melta", "e2", 1, 1)}</entryLinks>{pts(15)}
      </selectionEntry></selectionEntries></selectionEntryGroup></selectionEntryGroups>
  </selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_one_special_weapon_a_squad_when_its_variants_share_a_group_of_one(tmp_path: Path) -> None:
    """The real Infantry Squad's "Special Weapons" group (at most 1) holds the Guardsman w/ Flamer, w/ Meltagun
    and the rest: a 40k player built a squad with both a flamer and a meltagun. The second is refused, naming
    the group; one alone is taken."""
    data = imported_data(tmp_path, SPECIAL_WEAPONS, "Astra Militarum", LIBRARY_SHARED)
    key = "astra_militarum_infantry_squad"
    options = {o.name: o.key for o in data.units[key].weapon_options}
    flamer, melta = (
        options["Guardsman w/ Flamer for the Boltgun"],
        options["Guardsman w/ Meltagun for the Boltgun"],
    )
    squad = {"unit": key, "models": 10, "sergeant": True}
    assert not team_problems(data, {**squad, "weapons": [flamer]}, 300)
    (problem,) = team_problems(data, {**squad, "weapons": [flamer, melta]}, 300)
    assert "Special Weapons" in problem, problem
