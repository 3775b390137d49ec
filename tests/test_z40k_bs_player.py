"""What a 40k player found in the BattleScribe import of the real 7th-edition data (issue 35, session 38), each
in a small catalogue of the real XML's shape, imported and built through the team builder as he built it: a
Scout Squad with two heavy bolters, a Heavy Weapons Squad at 55 points a model, a Henchmen Warband of 1-50,
and an all-sniper Scout Squad refused without saying whose rule refused it.
"""

from __future__ import annotations

import html
from pathlib import Path

from test_z40k_bs_library import counts, gun, link, model_profile, pts
from test_z40k_bs_options import TACTICAL, imported_data

from game.rules.zombie40k.team_builder import team_problems

SCOUT_GUNS = f"""<sharedSelectionEntries>
<selectionEntry id="sniper" name="Sniper Rifle" type="upgrade"><profiles>{gun("psr", "Sniper Rifle", '36"', "X", "6", "Heavy 1, Sniper")}</profiles>{pts(1)}</selectionEntry>
<selectionEntry id="hb" name="Heavy Bolter" type="upgrade"><profiles>{gun("phb", "Heavy Bolter", '36"', "5", "4", "Heavy 3")}</profiles>{pts(8)}</selectionEntry>
<selectionEntry id="ml" name="Missile Launcher" type="upgrade"><profiles>{gun("pml", "Missile Launcher", '48"', "8", "3", "Heavy 1")}</profiles>{pts(15)}</selectionEntry>
</sharedSelectionEntries>"""  # noqa: E501


def weapon(gid: str, *links: str) -> str:
    """A model's "Weapon" group: one of the linked entries, the first by default (the real Scout's)."""
    entries = "".join(link(t, f"{gid}{n}") for n, t in enumerate(links))
    return (
        f'<selectionEntryGroups><selectionEntryGroup id="{gid}" name="Weapon" defaultSelectionEntryId="{gid}0">'
        f"{counts(1, 1)}<entryLinks>{entries}</entryLinks></selectionEntryGroup></selectionEntryGroups>"
    )


# the real Space Marines' Scout Squad: a sergeant, and a "Scouts" group of 4-9 that holds the Scout (a boltgun
# or a sniper rifle) and the one "Scout (Heavy Weapon)" (at most 1: a heavy bolter or a missile launcher)
SCOUTS = f"""<selectionEntries><selectionEntry id="scouts" name="Scout Squad" type="unit">
  <selectionEntries><selectionEntry id="s-sarge" name="Scout Sergeant" type="model">{counts(1, 1)}
    <profiles>{model_profile("p-ssgt", "Scout Sergeant")}</profiles><entryLinks>{link("boltgun", "s1", 1, 1)}</entryLinks>
    {pts(11)}</selectionEntry></selectionEntries>
  <selectionEntryGroups><selectionEntryGroup id="s-scouts" name="Scouts">{counts(4, 9)}<selectionEntries>
    <selectionEntry id="s-scout" name="Scout" type="model">{counts(4, None, "sc")}
      <profiles>{model_profile("p-scout", "Scout")}</profiles>{weapon("sw", "boltgun", "sniper")}{pts(11)}</selectionEntry>
    <selectionEntry id="s-heavy" name="Scout (Heavy Weapon)" type="model">{counts(None, 1, "hv")}
      <profiles>{model_profile("p-scout2", "Scout")}</profiles>{weapon("hw", "boltgun", "hb", "ml")}{pts(11)}</selectionEntry>
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501

UNIT = "space_marines_scout_squad"


def scouts(tmp_path: Path, *weapons: str) -> dict[str, object]:
    return {"unit": UNIT, "models": 5, "sergeant": True, "weapons": list(weapons)}


def test_a_scout_squad_takes_one_heavy_weapon_not_two(tmp_path: Path) -> None:
    """The real Scout Squad has one "Scout (Heavy Weapon)" (his maximum 1): a team of Scouts took two heavy
    bolters. His guns share his bound in the team builder, and the second is refused with the reason."""
    data = imported_data(tmp_path, SCOUTS, "Space Marines", SCOUT_GUNS)
    names = {o.key: o.name for o in data.units[UNIT].weapon_options}
    assert names == {
        "sniper_rifle": "Sniper Rifle for the Boltgun",
        "heavy_bolter": "Heavy Bolter for the Boltgun",
        "missile_launcher": "Missile Launcher for the Boltgun",
    }
    assert not team_problems(data, scouts(tmp_path, "heavy_bolter", "sniper_rifle"), 100)
    assert team_problems(data, scouts(tmp_path, "heavy_bolter", "heavy_bolter"), 100) == [
        "Scout (Heavy Weapon): at most 1 a team (Heavy Bolter for the Boltgun, Heavy Bolter for the Boltgun), "
        "as the unit's entry in its catalogue allows"
    ]
    (why,) = team_problems(data, scouts(tmp_path, "heavy_bolter", "missile_launcher"), 100)
    assert why.startswith("Scout (Heavy Weapon): at most 1 a team")


def test_an_all_sniper_scout_squad_is_refused_by_this_games_team_rule_not_the_catalogues(tmp_path: Path) -> None:
    """Every Scout may take a sniper rifle in the catalogue; a Zombie Survival Team lets two models change
    weapons [seed]. The refusal says whose rule it is: a player read it as the catalogue's."""
    data = imported_data(tmp_path, SCOUTS, "Space Marines", SCOUT_GUNS)
    (why,) = team_problems(data, scouts(tmp_path, *["sniper_rifle"] * 4), 100)
    assert why.startswith("only two models may change weapons, not 4: the rule of a Zombie Survival Team")
    assert "Zombie 40,000" in why and "not the catalogue's" in why


def test_a_tactical_squad_of_ten_takes_one_heavy_weapon_not_two(tmp_path: Path) -> None:
    """The real Tactical Squad's "Space Marine (Heavy Weapon)" is one model of its 4-9 "Space Marines": its
    group's bound (9) let a squad of ten take two heavy bolters. Below ten it takes a heavy or a special weapon
    (the XML's maximum 0 while under ten models and with the other), at ten both, never two heavies."""
    data = imported_data(tmp_path, TACTICAL, "Space Marines")
    unit = data.units["space_marines_tactical_squad"]
    heavy, special = (
        next(o for o in unit.weapon_options if o.name.startswith(w))
        for w in ("Space Marine (H", "Space Marine (S")
    )
    ten = {"unit": unit.key, "models": 10, "sergeant": True, "weapons": [heavy.key, special.key]}
    assert not team_problems(data, ten, 300)
    assert team_problems(data, {**ten, "weapons": [heavy.key, heavy.key]}, 300) == [
        f"Space Marine (Heavy Weapon): at most 1 a team ({heavy.name}, {heavy.name}), as the unit's entry in "
        "its catalogue allows"
    ]
    five = {**ten, "models": 5}
    assert not team_problems(data, {**five, "weapons": [heavy.key]}, 300)  # alone, as the XML allows
    assert team_problems(data, five, 300) == [f"{heavy.name}: not with {special.name} in a team under 10 models"]


def team_of(gun: str, points: int) -> str:
    """One of the real Heavy Weapons Squad's weapons teams: an upgrade with the team's Unit profile (W2), a
    lasgun and its gun, up to 3 a squad, at the gun's points."""
    return (
        f'<selectionEntry id="t-{gun}" name="{gun.title()} Team" type="upgrade">{counts(None, 3, gun)}'
        f"<profiles>{model_profile(f'p-team-{gun}', 'Heavy Weapons Team').replace('>1</', '>2</', 1)}</profiles>"
        f"<entryLinks>{link('lasgun', f'l-{gun}', 1, 1)}{link(gun, f'g-{gun}', 1, 1)}</entryLinks>"
        f"{pts(points)}</selectionEntry>"
    )


TEAMS = f"""<selectionEntries><selectionEntry id="hws" name="Heavy Weapons Squad" type="unit">
  <selectionEntryGroups><selectionEntryGroup id="hws-teams" name="Weapons Teams">{counts(3, 3, "wt")}<selectionEntries>
    {team_of("autocannon", 10)}{team_of("mortar", 5)}{team_of("lascannon", 20)}
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(45)}
</selectionEntry></selectionEntries>"""  # noqa: E501

TEAM_GUNS = f"""<sharedSelectionEntries>
<selectionEntry id="lasgun" name="Lasgun" type="upgrade"><profiles>{gun("pl", "Lasgun", '24"', "3", "-", "Rapid Fire")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="autocannon" name="Autocannon" type="upgrade"><profiles>{gun("pac", "Autocannon", '48"', "7", "4", "Heavy 2")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="mortar" name="Mortar" type="upgrade"><profiles>{gun("pmo", "Mortar", '48"', "4", "6", "Heavy 1, Barrage, Blast")}</profiles>{pts(0)}</selectionEntry>
<selectionEntry id="lascannon" name="Lascannon" type="upgrade"><profiles>{gun("plc", "Lascannon", '48"', "9", "2", "Heavy 1")}</profiles>{pts(0)}</selectionEntry>
</sharedSelectionEntries>"""  # noqa: E501


def test_a_heavy_weapons_squad_is_three_teams_at_the_codexs_sixty_points(tmp_path: Path) -> None:
    """The real Astra Militarum Heavy Weapons Squad: 45 points and exactly 3 of its "Weapons Teams" (no
    default named), each team one model (W2) at its gun's points: mortar 5, autocannon 10, lascannon 20. It
    came in as 1-3 models at 55 a model (45 + the first team's 10); the codex's squad is three mortar teams
    for 60, each other gun an upgrade at the difference."""
    data = imported_data(tmp_path, TEAMS, "Astra Militarum", TEAM_GUNS)
    unit = data.units["astra_militarum_heavy_weapons_squad"]
    assert (unit.squad_size, unit.max_models, unit.model_cost) == (3, 3, 20)
    assert data.profile(unit.model).w == 2
    assert [w.rsplit("_", 1)[-1] for w in unit.wargear] == ["lasgun", "mortar"]
    assert {o.name: o.cost for o in unit.weapon_options} == {
        "Autocannon Team for the Mortar": 5,
        "Lascannon Team for the Mortar": 15,
    }
    three = {"unit": unit.key, "models": 3, "weapons": ["lascannon_team", "lascannon_team"]}
    assert not team_problems(data, three, 100)
    assert team_problems(data, {**three, "weapons": ["lascannon_team"] * 3}, 200)[0].startswith(
        "only two models may change weapons"
    )


def henchman(hid: str, name: str, points: int) -> str:
    """One kind of the real Inquisition's henchmen: typed a unit, up to 12 of him, no minimum."""
    return (
        f'<selectionEntry id="{hid}" name="{name}" type="unit">{counts(None, 12, hid)}'
        f"<profiles>{model_profile(f'p-{hid}', name)}</profiles>"
        f"<entryLinks>{link('boltgun', f'b-{hid}', 1, 1)}</entryLinks>{pts(points)}</selectionEntry>"
    )


HENCHMEN = f"""<selectionEntries><selectionEntry id="hw" name="Inquisitorial Henchmen Warband" type="unit">
  <selectionEntryGroups><selectionEntryGroup id="hm" name="Henchman"><selectionEntries>
    {"".join(henchman(f"h{n}", name, 10 + n) for n, name in enumerate(["Acolyte", "Crusader", "Servitor", "Mystic", "Arco Flagellant"]))}
  </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_warband_of_several_kinds_of_henchmen_is_as_many_of_one_kind_as_the_data_allows(tmp_path: Path) -> None:
    """The real Henchmen Warband: a group with no bound of its own holds ten kinds of henchmen, each up to 12.
    A team is one kind of trooper (the others are left out, and noted), so at most 12 of him, not 50 (the
    bound of "any number"): the squad sizes the team builder offered were every kind's added up."""
    data = imported_data(tmp_path, HENCHMEN, "Inquisition")
    unit = data.units["inquisition_inquisitorial_henchmen_warband"]
    assert (unit.squad_size, unit.max_models) == (1, 12)
    spec = {"unit": unit.key, "models": 13}
    assert team_problems(data, spec, 1000) == [f"{unit.name} has at most 12 models, not 13"]


CORSAIRS = f"""<selectionEntries><selectionEntry id="cb" name="Corsair Band" type="unit">
  <selectionEntries><selectionEntry id="cm" name="Corsair" type="model">{counts(5, 10)}
    <profiles>{model_profile("p-cors", "Corsair")}</profiles>
    <selectionEntryGroups><selectionEntryGroup id="bw" name="Basic Weapons" defaultSelectionEntryId="lb">{counts(1, 1)}
      <selectionEntries>
        <selectionEntry id="lb" name="Lasblaster and Close combat weapon" type="upgrade">
          <profiles>{gun("plb", "Lasblaster", '24"', "3", "5", "Assault 2")}{gun("pcc", "Close combat weapon", "-", "User", "-", "Melee")}</profiles>{pts(0)}</selectionEntry>
        <selectionEntry id="sd" name="Shuriken Catapult and Dissonance Pistol" type="upgrade">
          <profiles>{gun("psc", "Shuriken Catapult", '12"', "4", "5", "Assault 2")}{gun("pdp", "Dissonance Pistol", '12"', "5", "4", "Pistol")}</profiles>{pts(7)}</selectionEntry>
      </selectionEntries></selectionEntryGroup></selectionEntryGroups>{pts(11)}</selectionEntry>
  </selectionEntries>{pts(0)}
</selectionEntry></selectionEntries>"""  # noqa: E501


def test_a_long_option_name_is_cut_at_a_word_and_its_tooltip_tells_the_whole(tmp_path: Path) -> None:
    """The real Corsairs' "Shuriken Catapult and Dissonance Pistol for the Lasblaster, Close combat weapon" was
    cut at 60 characters mid-word ("... for the Lasblaster, Clo"). The name keeps both guns it gives and the
    first it replaces, with an ellipsis; the set-up's tooltip names every weapon whole."""
    from game.rules.zombie40k.setup_view import option_help

    data = imported_data(tmp_path, CORSAIRS, "Eldar Corsairs")
    (o,) = data.units["eldar_corsairs_corsair_band"].weapon_options
    assert o.name == "Shuriken Catapult and Dissonance Pistol for the Lasblaster…"
    tip = html.unescape(option_help(data, o))
    assert tip.startswith(f'{o.name}: replaces Lasblaster, Close combat weapon; Shuriken catapult 12" S4 AP5')
    assert tip.endswith('; Dissonance Pistol 12" S5 AP4 Pistol')  # (the catapult is the shipped one)
