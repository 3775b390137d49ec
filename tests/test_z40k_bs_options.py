"""BattleScribe options as the real 7th-edition data writes them (issue 35, the closing note): a named
character a squad may take is not its sergeant (Space Wolves' Arjac in a Wolf Guard pack), and an option
the data forbids below a squad size (a Chaos Space Marine heavy weapon, only with ten) carries that size
to the team builder, which refuses it with the reason.
"""

from __future__ import annotations

from test_z40k_bs_library import catalogue, counts, imported, info, link, model_profile, pts

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
