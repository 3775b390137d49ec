"""BattleScribe Space Marine squads as a 40k player reads them (issue 35), in small catalogues with the real
7th-edition data's shapes: the Sternguard's Veterans whose maximum goes down by one for each Veteran with a
special weapon (they share its places).
"""

from __future__ import annotations

from test_z40k_bs_library import catalogue, counts, imported, info, link, model_profile, pts

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
