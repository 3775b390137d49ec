"""Characteristics the real 7th-edition data writes otherwise than one number (issue 35), in a small catalogue
of its shapes: a Renegade's rolled Leadership "D6+4", a Corsair's "8/5" (the second only for Regroup tests),
a Harlequin's save "-/5++", a Genestealer's BS 0 and a Plague Zombie's Leadership "-". Each squad comes in,
each reading noted; a Toughness of "-" is still refused with the reason.
"""

from __future__ import annotations

from test_z40k_bs_library import catalogue, chars, counts, gun, imported, link, pts


def profile(pid: str, name: str, **stats: str) -> str:
    """A Unit profile of an Infantry model, Guard-like unless ``stats`` say otherwise."""
    base = {"WS": "3", "BS": "3", "S": "3", "T": "3", "W": "1", "I": "3", "A": "1", "Ld": "7", "Save": "5+"}
    values = chars(Unit_Type="Infantry", **{**base, **stats})
    return (
        f'<profile id="{pid}" name="{name}" typeId="pt-unit"><characteristics>{values}</characteristics></profile>'
    )


def squad(uid: str, name: str, **stats: str) -> str:
    """A unit of 5-10 models of ``name``, 5 points each, with a lasgun, the model's profile written ``stats``."""
    return (
        f'<selectionEntry id="{uid}" name="{name}" type="unit"><selectionEntries>'
        f'<selectionEntry id="{uid}-m" name="{name} model" type="model">{counts(5, 10, uid)}'
        f"<profiles>{profile(uid + '-p', name, **stats)}</profiles>"
        f"<entryLinks>{link('lasgun', uid + '-l', 1, 1)}</entryLinks>{pts(5)}"
        "</selectionEntry></selectionEntries></selectionEntry>"
    )


SHARED = f"""<sharedSelectionEntries>
<selectionEntry id="lasgun" name="Lasgun" type="upgrade"><profiles>{gun("pl", "Lasgun", '24"', "3", "-", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
</sharedSelectionEntries>"""  # noqa: E501

ROOTS = "".join(
    [
        "<selectionEntries>",
        squad("ren", "Renegade Infantry Squad", Ld="D6+4"),
        squad("cor", "Corsair Reaver Band", Ld="8/5"),
        squad("har", "Troupe", Save="-/5++"),
        squad("gen", "Genestealer Brood", BS="0"),
        squad("zom", "Plague Zombie Mob", Ld="-"),
        squad("spo", "Spore Mine Cluster", T="-"),
        "</selectionEntries>",
    ]
)


def test_characteristics_written_otherwise_are_read_as_a_40k_player_plays_them_and_noted() -> None:
    cat = imported(catalogue(ROOTS, SHARED, name="Renegades"))
    got = {u["name"]: cat.profiles[u["model"]] for u in cat.units.values()}
    assert got["Renegade Infantry Squad"]["ld"] == 7  # D6+4: 7.5 on average, rounded down
    assert got["Corsair Reaver Band"]["ld"] == 8  # the first: the second is only for Regroup tests
    assert (got["Troupe"]["sv"], got["Troupe"]["inv"]) == (0, 5)  # no armour, a 5+ invulnerable save
    assert got["Genestealer Brood"]["bs"] == 1  # it has no gun to fire
    assert got["Plague Zombie Mob"]["ld"] == 10  # it never tests
    for unit in cat.units.values():  # each a squad with its gun, whole points
        assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (5, 10, 25)
        assert unit["wargear"] == ["lasgun"]
    notes = "\n".join(cat.notes)
    assert "'Renegade Infantry Squad': Ld 'D6+4' is played as 7 (rolled: its average) [house]" in notes
    assert "'Corsair Reaver Band': Ld '8/5' is played as 8 (the first of two) [house]" in notes
    assert "'Genestealer Brood': BS '0' is played as 1 (it has no such attack) [house]" in notes
    assert "'Plague Zombie Mob': Ld '-' is played as 10 (it never tests) [house]" in notes


def test_a_toughness_of_none_is_still_refused_with_the_reason() -> None:
    cat = imported(catalogue(ROOTS, SHARED, name="Renegades"))
    assert "Spore Mine Cluster" not in {u["name"] for u in cat.units.values()}
    assert any(
        s.entry == "Spore Mine Cluster" and s.field == "T" and "'-' is not a characteristic" in s.reason
        for s in cat.skipped
    )


def corsair(uid: str, name: str, gun_id: str) -> str:
    """A Corsair of the band, written as the real data writes him: a model with no profile of his own (the
    unit has it) and his gun."""
    return (
        f'<selectionEntry id="{uid}" name="{name}" type="model">'
        f"<entryLinks>{link(gun_id, uid + '-l', 1, 1)}</entryLinks>{pts(10)}</selectionEntry>"
    )


BAND = f"""<selectionEntries><selectionEntry id="band" name="Corsair Reaver Band" type="unit">
  <profiles>{profile("p-corsair", "Corsair", WS="4", BS="4", I="5", Ld="8/5")}</profiles>
  <selectionEntryGroups><selectionEntryGroup id="members" name="Members">{counts(5, 20, "mem")}
    <selectionEntries><selectionEntry id="felarch" name="Corsair Felarch" type="model">{counts(0, 1, "fel")}
      <profiles>{profile("p-felarch", "Corsair Felarch", WS="5", A="2", Ld="9")}</profiles>
      <entryLinks>{link("lasgun", "fel-l", 1, 1)}</entryLinks>{pts(15)}</selectionEntry></selectionEntries>
    <selectionEntryGroups>
      <selectionEntryGroup id="special" name="Special Weapons - 2 for every 5 members">{counts(0, 2, "sp")}
        <selectionEntries>{corsair("c-flamer", "Corsair w/ Flamer", "flamer")}</selectionEntries>
      </selectionEntryGroup>
      <selectionEntryGroup id="basic" name="Basic Weapons"><selectionEntries>
        {corsair("c-las", "Corsair w/ Lasblaster", "lasgun")}
      </selectionEntries></selectionEntryGroup>
    </selectionEntryGroups>
  </selectionEntryGroup></selectionEntryGroups>
</selectionEntry></selectionEntries>"""

BAND_SHARED = SHARED.replace(
    "</sharedSelectionEntries>",
    f'<selectionEntry id="flamer" name="Flamer" type="upgrade"><profiles>'
    f"{gun('pf', 'Flamer', 'Template', '4', '5', 'Assault 1')}</profiles>{pts(0)}</selectionEntry>"
    "</sharedSelectionEntries>",
)


def test_a_band_whose_corsairs_are_in_groups_inside_its_members_group_is_a_squad_of_five_to_twenty() -> None:
    cat = imported(catalogue(BAND, BAND_SHARED, name="Eldar Corsairs"))
    unit = cat.units["eldar_corsairs_corsair_reaver_band"]
    # the Members group's 5-20 made up by the Basic Weapons Corsairs, 10 points each (not one Corsair)
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (5, 20, 50)
    assert cat.profiles[unit["model"]]["name"] == "Corsair"
    assert unit["wargear"] == ["lasgun"]
    assert any(o["with"] == ["flamer"] for o in unit["weapon_options"])  # a Corsair w/ Flamer
    assert unit["sergeant"]["name"] == "Corsair Felarch"


SPEEDERS = """<selectionEntries><selectionEntry id="lss" name="Ravenwing Land Speeders" type="unit">
  <selectionEntryGroups><selectionEntryGroup id="g" name="Ravenwing Land Speeders">
    <constraints><constraint field="selections" scope="parent" value="1.0" type="min" id="gmin"/>
      <constraint field="selections" scope="parent" value="5.0" type="max" id="gmax"/></constraints>
    <selectionEntries><selectionEntry id="ls" name="Ravenwing Land Speeder" type="upgrade">
      <profiles><profile id="pls" name="Ravenwing Land Speeder" typeId="pt-veh"><characteristics>
        <characteristic name="BS">4</characteristic><characteristic name="Front">10</characteristic>
        <characteristic name="Side">10</characteristic><characteristic name="Rear">10</characteristic>
        <characteristic name="HP">2</characteristic></characteristics></profile></profiles>
      <costs><cost name="pts" typeId="points" value="50"/></costs></selectionEntry></selectionEntries>
  </selectionEntryGroup></selectionEntryGroups>
</selectionEntry></selectionEntries>"""


def test_a_squadron_of_vehicles_typed_as_upgrades_is_refused_as_a_vehicle() -> None:
    cat = imported(catalogue(SPEEDERS, SHARED, name="Dark Angels"))
    assert not cat.units
    (refused,) = [s for s in cat.skipped if s.entry == "Ravenwing Land Speeders"]
    assert refused.reason.startswith("a vehicle (armour values, no Toughness)")


BATTERY = f"""<selectionEntries>
<selectionEntry id="bat" name="Death Korps Field Artillery Battery" type="unit"><selectionEntries>
  <selectionEntry id="bat-c" name="Additional Crew" type="upgrade">{counts(0, 2, "bc")}
    <profiles>{profile("bat-cp", "Krieg Guardsman")}</profiles>
    <entryLinks>{link("lasgun", "bat-l", 1, 1)}</entryLinks>{pts(7)}</selectionEntry>
  </selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="bat-g" name="Artillery Pieces" defaultSelectionEntryId="bat-m">
    {counts(1, 4, "bg")}<selectionEntries>
    <selectionEntry id="bat-m" name="Heavy Mortar" type="unit"><profiles><profile id="bat-mp"
      name="Field Artillery Piece" typeId="pt-unit"><characteristics>{
    chars(Unit_Type="Artillery (Immobile)", WS="-", BS="-", S="-", T="7", W="2", I="-", A="-", Ld="-", Save="3+")
}</characteristics></profile></profiles>
      <selectionEntries><selectionEntry id="bat-mc" name="Crew" type="upgrade">{counts(3, 3, "mc")}
        <profiles>{profile("bat-mcp", "Krieg Guardsman")}</profiles>{pts(0)}</selectionEntry></selectionEntries>
      {pts(30)}</selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>
</selectionEntry></selectionEntries>"""


def test_a_battery_that_must_take_an_artillery_piece_is_refused_as_artillery_not_imported_as_its_crew() -> None:
    """The real Death Korps Field Artillery Battery must take 1-4 guns, each typed a unit of Unit Type Artillery
    with its crew inside, in a group; it came in as 1-2 Krieg Guardsmen at 7 points, its additional crew alone."""
    cat = imported(catalogue(BATTERY, SHARED, name="Death Korps"))
    assert not cat.units
    (refused,) = [s for s in cat.skipped if s.entry == "Death Korps Field Artillery Battery"]
    assert refused.field == "Unit Type" and "'Artillery (Immobile)'" in refused.reason, refused


UNHIDE = (
    '<modifiers><modifier type="set" field="hidden" value="false"><conditions>'
    '<condition field="selections" scope="force" value="0.0" childId="standard" type="instanceOf"/>'
    "</conditions></modifier></modifiers>"
)


def shown_by_link(link_hidden: str, unhide: str) -> bytes:
    """A root link to a squad hidden in the shared entries: the link hidden or not, shown by ``unhide``."""
    roots = (
        f'<entryLinks><entryLink id="root" name="Skitarii Squad" hidden="{link_hidden}" targetId="sk" '
        f'type="selectionEntry">{unhide}</entryLink></entryLinks>'
    )
    shared = SHARED.replace("<sharedSelectionEntries>", "<sharedSelectionEntries>" + squad("sk", "Skitarii Squad"))
    return catalogue(
        roots, shared.replace('id="sk" name="Skitarii Squad"', 'id="sk" name="Skitarii Squad" hidden="true"')
    )


def test_a_hidden_squad_a_link_shows_in_some_armies_comes_in_and_one_never_shown_is_refused() -> None:
    cat = imported(shown_by_link("true", UNHIDE))  # BattleScribe offers it with a Standard Detachment
    assert [u["name"] for u in cat.units.values()] == ["Skitarii Squad"]
    assert any("'Skitarii Squad': BattleScribe shows it only in some armies" in n for n in cat.notes)
    never = imported(shown_by_link("false", ""))
    assert not never.units
    assert [s.reason for s in never.skipped] == ["hidden in the catalogue (never shown)"]


def marine(uid: str, name: str, guns: str, lo: int, hi: int, points: int, extra: str = "") -> str:
    """A model of the Tactical Squad with the shared Space Marine profile and ``guns`` (links)."""
    return (
        f'<selectionEntry id="{uid}" name="{name}" type="model">{counts(lo, hi, uid)}'
        f"<profiles>{profile(uid + '-p', 'Space Marine', WS='4', BS='4', S='4', T='4', Ld='8', Save='3+')}</profiles>"
        f"<entryLinks>{guns}</entryLinks>{extra}{pts(points)}</selectionEntry>"
    )


CHAINSWORD = (
    '<selectionEntries><selectionEntry id="cs" name="Chainsword, Carcharodons" type="upgrade">'
    f"{counts(0, 1, 'cs')}<profiles>{gun('pcs', 'Chainsword', '-', 'User', '-', 'Melee')}</profiles>{pts(1)}"
    "</selectionEntry></selectionEntries>"
)

CARCHARODONS = f"""<selectionEntries><selectionEntry id="tac" name="Tactical Squad" type="unit">
  <selectionEntries>
    {marine("sm", "Space Marine", link("lasgun", "sm-l", 1, 1), 4, 9, 14)}
    {marine("smf", "Space Marine w/ Flamer", link("flamer", "smf-l", 1, 1), 0, 1, 19, CHAINSWORD)}
  </selectionEntries>
</selectionEntry></selectionEntries>"""


def test_a_variant_with_a_choice_of_its_own_is_named_by_both_guns() -> None:
    cat = imported(catalogue(CARCHARODONS, BAND_SHARED, name="Carcharodons"))
    options = {
        o["name"]: (o["with"], o["cost"]) for o in cat.units["carcharodons_tactical_squad"]["weapon_options"]
    }
    assert options["Space Marine w/ Flamer for the Lasgun"] == (["flamer"], 5)
    # the flamer and the chainsword the Carcharodons' flamer marine may add, not "Chainsword, Carcharodons"
    (with_, cost) = options["Flamer and Chainsword for the Lasgun"]
    assert "flamer" in with_ and len(with_) == 2 and cost == 6
    assert not any(name.startswith("Chainsword") for name in options)


def team(uid: str, name: str, gun_id: str) -> str:
    """A weapons team of the Renegades: an upgrade with the one shared weapons team profile."""
    return (
        f'<selectionEntry id="{uid}" name="{name}" type="upgrade"><infoLinks>'
        f'<infoLink id="{uid}-i" targetId="p-team" type="profile"/></infoLinks>'
        f"<entryLinks>{link(gun_id, uid + '-l', 1, 1)}</entryLinks>{pts(11)}</selectionEntry>"
    )


PLATOON_COMMAND = f"""<selectionEntries><selectionEntry id="pcs" name="Platoon Command Squad" type="unit">
  <selectionEntryGroups><selectionEntryGroup id="ren" name="Renegades" defaultSelectionEntryId="r-las">
    {counts(10, 20, "ren")}
    <selectionEntries><selectionEntry id="r-las" name="Renegade w/ Lasgun" type="model">
      <profiles>{profile("p-ren", "Renegade", Ld="D6+4")}</profiles>
      <entryLinks>{link("lasgun", "r-l", 1, 1)}</entryLinks>{pts(3)}</selectionEntry>
      <selectionEntry id="r-vox" name="Renegade w/ Vox-caster" type="model">{counts(None, 1, "vox")}
      <profiles>{profile("p-vox", "Renegade", Ld="D6+4")}</profiles>
      <entryLinks><entryLink id="v-g" targetId="weapons-i" type="selectionEntryGroup"/></entryLinks>{pts(8)}
      </selectionEntry></selectionEntries>
    <selectionEntryGroups>
      <selectionEntryGroup id="teams" name="Weapons Teams">{counts(None, 1, "tm")}<selectionEntries>
        {team("t-stub", "Heavy Stubber Team", "flamer")}{team("t-las", "Lascannon Team", "flamer")}
      </selectionEntries></selectionEntryGroup>
      <selectionEntryGroup id="champ" name="Champion">{counts(None, 1, "ch")}<selectionEntries>
        <selectionEntry id="c" name="Renegade Champion" type="model">{counts(None, 1, "c")}
          <profiles>{profile("p-champ", "Renegade Champion", A="2", Ld="D6+5")}</profiles>
          <entryLinks>{link("lasgun", "c-l", 1, 1)}</entryLinks>{pts(8)}</selectionEntry>
      </selectionEntries></selectionEntryGroup>
    </selectionEntryGroups>
  </selectionEntryGroup></selectionEntryGroups>
</selectionEntry></selectionEntries>"""


def test_the_sergeant_is_the_champion_not_one_of_the_weapons_teams_of_one_profile() -> None:
    groups = (  # the real data's "Weapons I": a lasgun or another gun, none the default
        '<sharedSelectionEntryGroups><selectionEntryGroup id="weapons-i" name="Weapons I">'
        f"<entryLinks>{link('lasgun', 'wi-1', None, 1)}{link('flamer', 'wi-2', None, 1)}</entryLinks>"
        "</selectionEntryGroup></sharedSelectionEntryGroups>"
    )
    team_profile = f"<sharedProfiles>{profile('p-team', 'Renegade Weapons Team', W='2')}</sharedProfiles>"
    shared = groups + BAND_SHARED.replace("<sharedSelectionEntries>", team_profile + "<sharedSelectionEntries>")
    cat = imported(catalogue(PLATOON_COMMAND, shared, name="Renegades"))
    unit = cat.units["renegades_platoon_command_squad"]
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (10, 20, 30)
    assert unit["sergeant"]["name"] == "Renegade Champion"
    # the vox-caster is no weapon: no "Lasgun for the Lasgun" at 5 points
    assert not [o for o in unit["weapon_options"] if sorted(o["with"]) == sorted(o["replaces"])]


SERPENT = """<selectionEntryGroup id="{uid}-dt" name="Dedicated Transport - up to 1">
  <constraints><constraint field="selections" scope="parent" value="1.0" type="max" id="{uid}-dtmax"/></constraints>
  <selectionEntries><selectionEntry id="{uid}-ws" name="Wave Serpent" type="model">
    <profiles><profile id="{uid}-pws" name="Wave Serpent" typeId="pt-veh"><characteristics>
      <characteristic name="BS">4</characteristic><characteristic name="Front">12</characteristic>
      <characteristic name="Side">12</characteristic><characteristic name="Rear">10</characteristic>
      <characteristic name="HP">3</characteristic></characteristics></profile></profiles>
    <costs><cost name="pts" typeId="points" value="110"/></costs></selectionEntry></selectionEntries>
</selectionEntryGroup>"""

WRAITH = f"""<selectionEntries>
<selectionEntry id="wb" name="Wraithblades" type="unit">
  <profiles>{profile("p-wb", "Wraithblade", WS="4", BS="4", S="5", T="6", Ld="10", Save="3+")}</profiles>
  <selectionEntryGroups>{SERPENT.format(uid="wb")}
    <selectionEntryGroup id="wb-m" name="Members - 5 to 10" defaultSelectionEntryId="wb-1">
    {counts(5, 10, "wbm")}<selectionEntries>
      <selectionEntry id="wb-1" name="Wraithblade" type="model">{counts(None, 10, "wb1")}
        <entryLinks>{link("lasgun", "wb-l", 1, 1)}</entryLinks>{pts(30)}</selectionEntry>
    </selectionEntries></selectionEntryGroup>
  </selectionEntryGroups>
</selectionEntry>
<selectionEntry id="wg" name="(E) Wraithguard" type="unit">
  <selectionEntries><selectionEntry id="wg-1" name="Wraithguard" type="unit">{counts(5, 10, "wg1")}
    <profiles>{profile("p-wg", "Wraithguard", WS="4", BS="4", S="5", T="6", Ld="10", Save="3+")}</profiles>
    <entryLinks>{link("lasgun", "wg-l", 1, 1)}</entryLinks>{pts(32)}</selectionEntry></selectionEntries>
  <selectionEntryGroups>{SERPENT.format(uid="wg")}</selectionEntryGroups>
</selectionEntry>
</selectionEntries>"""


def test_wraith_squads_with_a_transport_typed_as_a_model_are_infantry_not_vehicles() -> None:
    # Wraithblades: the unit has the profile, its models none; Ynnari Wraithguard: the models typed "unit"
    cat = imported(catalogue(WRAITH, SHARED, name="Eldar"))
    got = {u["name"]: (u["squad_size"], u["max_models"], u["squad_cost"]) for u in cat.units.values()}
    assert got == {"Wraithblades": (5, 10, 150), "(E) Wraithguard": (5, 10, 160)}
    assert not [s for s in cat.skipped if "vehicle" in s.reason]


GITZ = f"""<selectionEntries><selectionEntry id="fg" name="Flash Gitz" type="unit"><selectionEntries>
  <selectionEntry id="fg-m" name="Flash Git" type="model">{counts(5, 10, "fg")}
    <profiles>{profile("p-fg", "Flash Git", WS="4", BS="2", S="4", T="4", W="2", A="3", Save="6+")}
      {gun("p-snazz", "Snazzgun", '24"', "5", "D6", "Heavy 3")}</profiles>{pts(22)}</selectionEntry>
</selectionEntries></selectionEntry></selectionEntries>"""


def test_a_snazzgun_whose_ap_is_rolled_is_played_at_its_average_and_the_flash_gitz_come_in() -> None:
    cat = imported(catalogue(GITZ, SHARED, name="Orks"))
    unit = cat.units["orks_flash_gitz"]
    assert (unit["squad_size"], unit["max_models"], unit["squad_cost"]) == (5, 10, 110)
    (snazzgun,) = [cat.weapons[w] for w in unit["wargear"]]
    assert (snazzgun["name"], snazzgun["ap"]) == ("Snazzgun", 4)  # D6: 3.5, rounded as random shots are
    assert any("AP 'D6' is played as 4 [house]" in n for n in cat.notes)
