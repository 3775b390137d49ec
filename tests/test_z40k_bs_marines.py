"""BattleScribe Space Marine squads as a 40k player reads them (issue 35), in small catalogues with the real
7th-edition data's shapes: the Sternguard's Veterans whose maximum goes down by one for each Veteran with a
special weapon (they share its places).
"""

from __future__ import annotations

from test_z40k_bs_library import catalogue, counts, gun, imported, info, link, model_profile, pts

from game.assets import data_file
from game.rules.zombie40k.battlescribe import merge
from game.rules.zombie40k.data import build_data, load_toml
from game.rules.zombie40k.setup_view import team_notes

# one fewer Veteran (and one fewer needed) for each Veteran with a special or heavy weapon: the real decrement
PER_SPECIAL = "".join(
    f'<modifier type="decrement" field="{c}" value="1"><repeats><repeat field="selections" scope="stern" '
    'value="1.0" childId="v-special" repeats="1" roundUp="false"/></repeats></modifier>'
    for c in ("vmax", "vmin")
)

STERNGUARD = f"""<selectionEntries><selectionEntry id="stern" name="Sternguard Veteran Squad" type="unit">
  <selectionEntries>
    <selectionEntry id="vet" name="Veteran" type="model"><modifiers>{PER_SPECIAL}</modifiers>{counts(4, 9, "v")}
      <infoLinks>{info("p-vet", "i1")}</infoLinks><entryLinks>{link("boltgun", "l1", 1, 1)}</entryLinks>
      {pts(22)}</selectionEntry>
    <selectionEntry id="v-special" name="Veteran (Special/Heavy Weapon)" type="model">{counts(None, 2)}
      <infoLinks>{info("p-vet", "i2")}</infoLinks><entryLinks>{link("boltgun", "l2", 1, 1)}</entryLinks>
      {pts(22)}</selectionEntry>
  </selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="sg" name="Sergeant" defaultSelectionEntryId="v-sarge">{counts(1, None)}<selectionEntries>
    <selectionEntry id="v-sarge" name="Veteran Sergeant" type="model">{counts(None, 1)}
      <infoLinks>{info("p-vsarge", "i3")}</infoLinks><entryLinks>{link("boltgun", "l3", 1, 1)}</entryLinks>
      {pts(22)}</selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>
</selectionEntry></selectionEntries>
<sharedProfiles>{model_profile("p-vet", "Veteran")}{model_profile("p-vsarge", "Veteran Sergeant", a="2")}</sharedProfiles>
"""  # noqa: E501


def test_models_that_take_another_models_places_do_not_raise_the_squads_maximum() -> None:
    """The real Sternguard: up to 9 Veterans, one fewer for each of the 2 with a special weapon, and the
    Veteran Sergeant: 5 to 10 models, as the codex says (not 9 + 2 + 1 = 12)."""
    cat = imported(catalogue(STERNGUARD, ""))
    unit = cat.units["space_marines_sternguard_veteran_squad"]
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (5, 10, 110)


TECHMARINE = f"""<selectionEntries>
<selectionEntry id="tech" name="Techmarine" type="unit">
  <categoryLinks><categoryLink id="c1" name="No Force Org Slot" targetId="noslot" primary="true"/></categoryLinks>
  <profiles>{model_profile("p-tech", "Techmarine", "Infantry (Character)")}</profiles>
  <infoLinks><infoLink id="r1" name="Independent Character" targetId="ic" type="rule"/></infoLinks>
  <entryLinks>{link("boltgun", "l1", 1, 1)}</entryLinks>
  <selectionEntryGroups><selectionEntryGroup id="serv" name="Servitors">{counts(0, 5)}<selectionEntries>
    <selectionEntry id="servitor" name="Servitor" type="model">{counts(0, 5)}
      <profiles>{model_profile("p-serv", "Servitor")}</profiles>{pts(10)}</selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(50)}
</selectionEntry>
<selectionEntry id="cypher" name="Cypher, Lord of the Fallen" type="model">
  <categoryLinks><categoryLink id="c2" name="No Force Org Slot" targetId="noslot" primary="true"/></categoryLinks>
  <profiles>{model_profile("p-cypher", "Cypher, Lord of the Fallen", "Infantry (Character)")}</profiles>
  <rules><rule id="ic2" name="Independent Character"/></rules>
  <entryLinks>{link("boltgun", "l2", 1, 1)}</entryLinks>{pts(140)}
</selectionEntry>
</selectionEntries>
<sharedRules><rule id="ic" name="Independent Character"/></sharedRules>
"""


def test_an_independent_character_filed_under_no_hq_slot_is_refused_as_one() -> None:
    """The real Techmarine and Cypher are filed under "No Force Org Slot", not HQ: as Independent Characters
    (leaders who join other units, as the HQ choices are) they are refused all the same, with that reason."""
    cat = imported(catalogue(TECHMARINE, ""))
    assert cat.units == {}
    why = {s.entry: (s.field, s.reason) for s in cat.skipped}
    assert why["Techmarine"][0] == why["Cypher, Lord of the Fallen"][0] == "rules"
    assert why["Techmarine"][1].startswith("an Independent Character: ")
    assert why["Cypher, Lord of the Fallen"][1] == why["Techmarine"][1]


def gun_entry(eid: str, name: str, points: int) -> str:
    return (
        f'<selectionEntry id="{eid}" name="{name}" type="upgrade">{counts(None, 1)}'
        f"<profiles>{gun('p' + eid, name, chr(34).join(['24', '']), '5', '4', 'Heavy 1')}</profiles>{pts(points)}"
        "</selectionEntry>"
    )


def squad(inner: str, name: str = "Tactical Squad") -> str:
    return f"""<selectionEntries><selectionEntry id="tac" name="{name}" type="unit"><selectionEntries>
    <selectionEntry id="sarge" name="Tactical Sergeant" type="model">{counts(1, 1)}
      <infoLinks>{info("p-vsarge", "i1")}</infoLinks><entryLinks>{link("boltgun", "l1", 1, 1)}</entryLinks>{pts(14)}
    </selectionEntry>
    <selectionEntry id="tm" name="Tactical Marine" type="model">{counts(4, 9)}
      <infoLinks>{info("p-vet", "i2")}</infoLinks><entryLinks>{link("boltgun", "l2", 1, 1)}</entryLinks>{pts(14)}
    </selectionEntry></selectionEntries>
  <selectionEntryGroups>{inner}</selectionEntryGroups>
</selectionEntry></selectionEntries>
<sharedProfiles>{model_profile("p-vet", "Space Marine")}{model_profile("p-vsarge", "Sergeant", a="2")}</sharedProfiles>
"""


# the real Blood Angels data: no special weapon while the squad has fewer than 9 Marines and a heavy weapon
BLOOD_ANGELS = squad(f"""
  <selectionEntryGroup id="sw" name="Special Weapon">{counts(None, 1, "sw")}<modifiers>
    <modifier type="set" field="maxSelections" value="0.0"><conditionGroups><conditionGroup type="and"><conditions>
      <condition field="selections" scope="tac" value="9.0" childId="tm" type="lessThan"/>
      <condition field="selections" scope="tac" value="0.0" childId="hw" type="greaterThan"/>
    </conditions></conditionGroup></conditionGroups></modifier></modifiers>
    <selectionEntries>{gun_entry("flamer", "Flamer", 5)}{gun_entry("melta", "Meltagun", 10)}</selectionEntries>
  </selectionEntryGroup>
  <selectionEntryGroup id="hw" name="Heavy Weapon">{counts(None, 1, "hw")}
    <selectionEntries>{gun_entry("hb", "Heavy bolter", 10)}</selectionEntries></selectionEntryGroup>""")

# the real Dark Angels data: one "Weapons" choice (special or heavy), two once the squad has 9 Marines
DARK_ANGELS = squad(f"""
  <selectionEntryGroup id="wpn" name="Weapons">{counts(None, 1, "w")}<modifiers>
    <modifier type="set" field="wmax" value="2"><conditions>
      <condition field="selections" scope="tac" value="9.0" childId="tm" type="equalTo"/></conditions></modifier>
    </modifiers><selectionEntryGroups>
    <selectionEntryGroup id="sw" name="Special Weapons">{counts(None, 1)}
      <selectionEntries>{gun_entry("flamer", "Flamer", 5)}{gun_entry("melta", "Meltagun", 10)}</selectionEntries>
    </selectionEntryGroup>
    <selectionEntryGroup id="hw" name="Heavy Weapons">{counts(None, 1)}
      <selectionEntries>{gun_entry("hb", "Heavy bolter", 10)}</selectionEntries></selectionEntryGroup>
  </selectionEntryGroups></selectionEntryGroup>""")


def test_blood_angels_and_dark_angels_tactical_squads_carry_one_special_or_heavy_weapon_below_ten() -> None:
    """The real Blood Angels ("greater than 0" heavy weapons) and Dark Angels (one "Weapons" choice raised to
    two at nine Marines; Forge World's "Support" models the same) write the codex's rule their own way: below
    ten models, a special weapon or a heavy weapon, not both; each option says so."""
    for xml in (BLOOD_ANGELS, DARK_ANGELS):
        cat = imported(catalogue(xml, ""))
        options = {o["key"]: o for o in cat.units["space_marines_tactical_squad"]["weapon_options"]}
        assert {"flamer", "meltagun", "heavy_bolter"} <= set(options)
        assert options["flamer"]["alone_below"] == 10 and "heavy_bolter" in options["flamer"]["apart"]
    # the Dark Angels' one choice below ten: not two special weapons either
    assert "meltagun" in options["flamer"]["apart"] and "flamer" in options["heavy_bolter"]["apart"]


VETERAN_SERGEANT = f"""<selectionEntries><selectionEntry id="tac" name="Tactical Squad" type="unit"><selectionEntries>
    <selectionEntry id="sarge" name="Space Marine Sergeant" type="model">{counts(1, 1)}
      <infoLinks>{info("p-sarge", "i1")}</infoLinks><entryLinks>{link("boltgun", "l1", 1, 1)}</entryLinks>
      <selectionEntries><selectionEntry id="vs" name="Veteran Sergeant" type="upgrade">{counts(None, 1)}
        <profiles>{model_profile("p-vs", "Veteran Sergeant", "Infantry (Character)", a="2", ld="9")}</profiles>
        {pts(10)}</selectionEntry></selectionEntries>{pts(14)}
    </selectionEntry>
    <selectionEntry id="tm" name="Space Marine" type="model">{counts(4, 9)}
      <infoLinks>{info("p-marine", "i2")}</infoLinks><entryLinks>{link("boltgun", "l2", 1, 1)}</entryLinks>{pts(14)}
    </selectionEntry></selectionEntries>
</selectionEntry></selectionEntries>"""


def test_the_veteran_sergeant_upgrade_is_offered_to_the_sergeant_at_its_points() -> None:
    """The real Tactical Sergeant's "Veteran Sergeant" is an upgrade with a Unit profile of its own: the team's
    sergeant may take it (rules: "Building a team": upgrades available to sergeants), +10 points, his profile
    becoming the Veteran Sergeant's; the player's roster takes it."""
    cat = imported(catalogue(VETERAN_SERGEANT, ""))
    sarge = cat.units["space_marines_tactical_squad"]["sergeant"]
    upgrade = sarge["options"][0]
    assert (upgrade["name"], upgrade["cost"]) == ("Upgrade to Veteran Sergeant", 10)
    assert cat.profiles[upgrade["profile"]]["ld"] == 9 and "with" not in upgrade
    doc, refused = merge(None, cat)
    assert refused == [] and doc["units"]["space_marines_tactical_squad"]["sergeant"]["options"][0] == upgrade


GRAV = f"""<selectionEntries><selectionEntry id="tac" name="Tactical Squad" type="unit"><selectionEntries>
    <selectionEntry id="tm" name="Space Marine" type="model">{counts(5, 10)}
      <infoLinks>{info("p-marine", "i2")}</infoLinks><entryLinks>{link("boltgun", "l2", 1, 1)}</entryLinks>
      <selectionEntryGroups><selectionEntryGroup id="sw" name="Special Weapon">{counts(0, 1)}<selectionEntries>
        <selectionEntry id="gg" name="Grav-gun" type="upgrade">{counts(None, 1)}
          <profiles>{gun("pgg", "Grav-gun", '18"', "*", "2", "Salvo 2/3, Concussive, Graviton")}</profiles>
          {pts(15)}</selectionEntry></selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(14)}
    </selectionEntry></selectionEntries>
</selectionEntry></selectionEntries>"""


def test_a_grav_gun_comes_in_with_its_strength_star_and_the_graviton_rule() -> None:
    """The real grav weapons' Strength is "*" (Graviton: the wound roll is the target's armour save): taken
    as such, with its rules, and the player's roster takes it."""
    cat = imported(catalogue(GRAV, ""))
    unit = cat.units["space_marines_tactical_squad"]
    option = unit["weapon_options"][0]
    grav = cat.weapons[option["with"][0]]
    assert (grav["s"], grav["ap"], grav["type"], grav["shots"]) == ("*", 2, "assault", 2)
    assert grav["rules"] == ["Concussive", "Graviton"] and option["cost"] == 15
    assert merge(None, cat)[1] == []


def test_chapter_tactics_come_in_as_a_team_rule_the_builder_says_has_no_effect() -> None:
    """The real Space Marine squads carry "Chapter Tactics": this game plays no chapter's tactics, so the rule
    comes in as a note of the whole team, and once the unit is taken the team builder's Add list says it has
    no effect here (a line never added)."""
    xml = VETERAN_SERGEANT.replace(
        'type="unit">', 'type="unit"><rules><rule id="ct" name="Chapter Tactics"/></rules>', 1
    )
    cat = imported(catalogue(xml, ""))
    assert cat.units["space_marines_tactical_squad"]["rules"] == ["Chapter Tactics"]
    assert not any("Chapter Tactics" in n and "left out" in n for n in cat.notes)
    doc, refused = merge(None, cat)
    core, shipped = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, shipped, "zombie40k.toml", "zombie40k_roster.toml", doc, "mine.toml")
    (note,) = team_notes(data, data.units["space_marines_tactical_squad"])
    assert refused == [] and note.label == "Chapter Tactics (the team's rule)"
    assert note.refused.startswith("no effect in this game: a Zombie Survival Team fights for no chapter")
    assert team_notes(data, data.units["tactical_squad"]) == []  # the shipped squad has no such rule


def test_melta_bombs_come_in_as_the_sergeants_option_carried_never_used() -> None:
    """The real melta bombs (S 8, AP 1, "Armourbane, Unwieldy") are no grenade to throw: the sergeant may buy
    them at their points, a close combat weapon with the rule "Melta Bomb", which this game never strikes
    with (no vehicles); the player's roster takes them."""
    bombs = f"""<selectionEntry id="mb" name="Melta bombs" type="upgrade">{counts(None, 1)}
      <profiles>{gun("pmb", "Melta Bomb", "-", "8", "1", "Armourbane, Unwieldy")}</profiles>{pts(5)}
    </selectionEntry>"""
    xml = VETERAN_SERGEANT.replace('<selectionEntry id="vs"', f'{bombs}<selectionEntry id="vs"')
    cat = imported(catalogue(xml, ""))
    option = next(o for o in cat.units["space_marines_tactical_squad"]["sergeant"]["options"] if "with" in o)
    weapon = cat.weapons[option["with"][0]]
    assert (option["name"], option["cost"], option["replaces"]) == ("Melta bombs", 5, [])
    assert (weapon["type"], weapon["s"], weapon["ap"]) == ("melee", 8, 1)
    assert weapon["rules"] == ["Melta Bomb", "Armourbane", "Unwieldy"]
    doc, refused = merge(None, cat)
    core, shipped = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    data = build_data(core, shipped, "zombie40k.toml", "zombie40k_roster.toml", doc, "mine.toml")
    assert refused == [] and not data.fought_with(option["with"][0])
