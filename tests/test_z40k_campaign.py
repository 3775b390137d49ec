"""Zombie 40,000 campaigns (issue 39): what a team carries from one chapter into the next, pinned with set
positions and scripted dice: the dead stay dead, wounds carry and heal on a stated roll, power-ups, Duct Tape
and Killing Floor points and wares carry, the force goes options -> new game -> muster and back, and a hostile
carried force is refused with the veteran and the reason."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.campaign.check import check_campaign
from game.campaign.model import load_campaign
from game.campaign.simulate import play_campaign
from game.dice import Dice
from game.rules.contract import Force
from game.rules.core import CannotStart, get_ruleset
from game.rules.zombie40k import mods, respawn
from game.rules.zombie40k.campaign import CAMPAIGN
from game.rules.zombie40k.events import VeteransCarried, WoundsRecovered
from game.rules.zombie40k.game import Zombie40kGame, new_game
from game.rules.zombie40k.log_words import lines
from game.rules.zombie40k.names import names_of
from game.rules.zombie40k.testing import small_scenario
from game.rules.zombie40k.veterans import CARRY_KEYS

RULES = get_ruleset("zombie40k").campaign
assert RULES is not None
SCENARIO = small_scenario(players=1)
NOBZ = {"unit": "ork_boyz", "models": 6, "sergeant": True}  # the Boss Nob has 2 wounds
ALL = frozenset(CARRY_KEYS)


class FirstThen(Dice):
    """The given faces first (the between-chapter rolls), then the seeded dice."""

    def __init__(self, faces: list[int], seed: int = 1) -> None:
        super().__init__(seed)
        self._first = list(faces)

    def _face(self, sides: int, purpose: str) -> int:
        return self._first.pop(0) if self._first else super()._face(sides, purpose)


def first_chapter(team: Any = None, options: dict[str, Any] | None = None) -> Zombie40kGame:
    return new_game(SCENARIO, {"teams": [team or NOBZ], **(options or {})}, seed=3)


def next_chapter(
    game: Zombie40kGame, faces: list[int] = (), carry: frozenset[str] = ALL, options: dict[str, Any] | None = None
) -> Zombie40kGame:
    """The next chapter on the same table, its between-chapter rolls ``faces``."""
    opts = RULES.options(SCENARIO, dict(options or {}), RULES.muster(game), carry)
    return new_game(SCENARIO, opts, seed=11, dice=FirstThen(list(faces)))


def squad_models(game: Zombie40kGame) -> list[Any]:
    return [game.state.models[f] for f in game.state.squad_of(1).models]


def test_the_first_chapter_musters_every_model_by_his_name():
    g = first_chapter()
    force = RULES.muster(g)
    names = names_of(g)
    assert [v.key for v in force.veterans] == [names.figure(m.id) for m in squad_models(g)]
    assert force.veterans[0].kind == "Boss Nob" and force.veterans[0].state["wounds"] == 2
    assert force.pool["teams"] == [{"player": 1, "unit": "ork_boyz", "power_ups": [], "points": 0, "grenades": []}]
    # what each carries on, by name (a newcomer found no weapon in the record)
    assert all(
        v.history == ("Small table: came through; carries Slugga, Choppa; squad kills 0",) for v in force.veterans
    )


def test_the_dead_stay_dead_and_the_living_keep_their_names():
    g = first_chapter()
    fallen = squad_models(g)[2]
    name = names_of(g).figure(fallen.id)
    g.world.kill(fallen, "h1 close combat")
    force = RULES.muster(g)
    assert [v.key for v in force.veterans if v.dead] == [name]
    assert force.veterans[2].history[-1].startswith("Small table: killed")
    g2 = next_chapter(g)
    assert len(squad_models(g2)) == 5  # six came, one fell
    shown = [names_of(g2).figure(m.id) for m in squad_models(g2)]
    assert name not in shown and shown == [v.name for v in force.living]


def test_without_the_dead_rule_the_fallen_come_back():
    g = first_chapter()
    g.world.kill(squad_models(g)[2], "h1 close combat")
    assert len(squad_models(next_chapter(g, carry=ALL - {"dead"}))) == 6


def _wounded_nob() -> Zombie40kGame:
    g = first_chapter()
    nob = squad_models(g)[0]
    g.world.wound(nob, "h1 close combat")
    assert nob.wounds == 1
    return g


def test_a_wounded_veteran_who_rolls_4_heals_between_chapters():
    g2 = next_chapter(_wounded_nob(), faces=[4])
    assert squad_models(g2)[0].wounds == 2
    rolled = [e for e in g2.log if isinstance(e, WoundsRecovered)]
    assert rolled == [WoundsRecovered("p1-1", 4, 4, 2, True)]
    told = [re.sub("<[^>]+>", "", t) for t in lines(g2, g2.log)[:2]]
    assert told[0].startswith("Chapter 2: player 1&#x27;s Ork Boyz march on with Boss Nob, Ork Boy 1")
    assert told[1] == "Boss Nob rolls 4 to heal (4+ needed): back to 2 wounds"


def test_a_wounded_veteran_who_rolls_3_starts_the_chapter_wounded():
    g2 = next_chapter(_wounded_nob(), faces=[3])
    assert squad_models(g2)[0].wounds == 1
    assert [e.healed for e in g2.log if isinstance(e, WoundsRecovered)] == [False]
    assert RULES.muster(g2).veterans[0].history[-1].startswith("Small table: came through; 1 of 2 wounds left")


def test_without_the_wounds_rule_everyone_heals_and_nobody_rolls():
    g2 = next_chapter(_wounded_nob(), carry=ALL - {"wounds"})
    assert squad_models(g2)[0].wounds == 2
    assert not [e for e in g2.log if isinstance(e, WoundsRecovered)]


def _armed() -> Zombie40kGame:
    """A team carrying a Chainsaw and a Medpack, a model given the Shotgun, another taped (+1 Attack)."""
    g = first_chapter()
    squad = g.state.squad_of(1)
    squad.power_ups = ["chainsaw", "medpack", "duct_tape"]
    one, two = squad_models(g)[1:3]
    one.weapons = (*one.weapons, "power_up_shotgun")
    two.rules = (*two.rules, "Duct Tape (+1 Attack)")
    return g


def test_power_ups_and_duct_tape_are_kept_until_you_die():
    g2 = next_chapter(_armed())
    models = squad_models(g2)
    assert g2.state.squad_of(1).power_ups == ["chainsaw", "medpack", "duct_tape"]
    assert "power_up_shotgun" in models[1].weapons and "Duct Tape (+1 Attack)" in models[2].rules
    carried = next(e for e in g2.log if isinstance(e, VeteransCarried))
    assert carried.power_ups == ("chainsaw", "medpack", "duct_tape") and carried.chapter == 2


def test_without_the_power_up_rules_they_stay_behind():
    g2 = next_chapter(_armed(), carry=ALL - {"power_ups", "duct_tape"})
    models = squad_models(g2)
    assert g2.state.squad_of(1).power_ups == []
    assert "power_up_shotgun" not in models[1].weapons and "Duct Tape (+1 Attack)" not in models[2].rules


def test_killing_floor_points_grenades_and_wares_carry():
    kf = {"mods": ["killing_floor"]}
    g = first_chapter({"unit": "ork_boyz", "models": 6}, kf)
    st = g.state
    st.kf_points["1"] = 7
    st.kf_grenades["p1"].append("krak_grenades")
    first = squad_models(g)[0]
    first.weapons = ("shoota", "close_combat_weapon")
    st.kf_wares[first.id] = ["shoota"]
    g2 = next_chapter(g, options=kf)
    assert g2.state.kf_points["1"] == 7
    assert "krak_grenades" in g2.state.kf_grenades["p1"]
    assert squad_models(g2)[0].weapons == ("shoota", "close_combat_weapon")
    assert g2.state.kf_wares["p1-1"] == ["shoota"]
    g3 = next_chapter(g, options=kf, carry=ALL - {"killing_floor"})
    assert g3.state.kf_points["1"] == 0 and g3.state.kf_wares["p1-1"] == []


def test_the_force_goes_round_options_new_game_muster():
    g = _armed()
    g.world.kill(squad_models(g)[4], "h1 close combat")
    force = RULES.muster(g)
    opts = RULES.options(SCENARIO, {}, force, ALL)
    opts = json.loads(json.dumps(opts))  # as a progress file keeps it
    assert Force.from_data(opts["campaign"]["force"]) == force and opts["campaign"]["chapter"] == 2
    again = RULES.muster(new_game(SCENARIO, opts, seed=5))
    assert [v.key for v in again.veterans] == [v.key for v in force.veterans]
    assert [v.state for v in again.veterans] == [v.state for v in force.veterans]
    assert again.pool == {**force.pool, "chapters": 2}
    assert [len(v.history) for v in again.veterans] == [2, 2, 2, 2, 1, 2]  # the dead write no more


def test_nobody_left_alive_cannot_start_the_next_chapter():
    g = first_chapter()
    for m in squad_models(g):
        m.state = "dead"
    with pytest.raises(CannotStart, match="nobody is left alive"):
        RULES.options(SCENARIO, {}, RULES.muster(g), ALL)


def _options_with(change: Any) -> dict[str, Any]:
    opts = RULES.options(SCENARIO, {}, RULES.muster(first_chapter()), ALL)
    change(opts["campaign"])
    return opts


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda c: c.update(force=[]), "a force is a table"),
        (lambda c: c["force"]["veterans"][0]["state"].update(profile="zombie_boss"), "veteran 1 .*no team model"),
        (lambda c: c["force"]["veterans"][1]["state"].update(wounds=99), "veteran 2 .*'wounds'"),
        (lambda c: c["force"]["veterans"][0]["state"].update(weapons=["doom"]), "'weapons'"),
        (lambda c: c["force"]["veterans"][0]["state"].update(rules=["x" * 10**4]), "'rules'"),
        (lambda c: c["force"]["veterans"][0].update(player=3), "'player' 3 has no team"),
        (lambda c: c["force"]["pool"]["teams"][0].update(unit="titan"), "no unit 'titan'"),
        (lambda c: c["force"]["pool"]["teams"][0].update(points=-5), "'points'"),
        (lambda c: c["force"]["pool"]["teams"][0].update(power_ups=["speed_pack"] * 2), "'power_ups'"),
        (lambda c: c["force"]["pool"].update(teams=[]), "1 to 4 teams"),
        (lambda c: c.update(carry=["guts"]), "'carry'"),
        (lambda c: c["force"]["veterans"][1].update(key="Boss Nob"), "two veterans are both 'Boss Nob'"),
        (lambda c: c["force"]["veterans"][0].update(name="x" * 500), "at most 80 characters"),
        (lambda c: c.update(chapter=10**30), "'chapter'"),
    ],
)
def test_a_hostile_carried_force_is_refused_with_the_reason(change, words):
    with pytest.raises(CannotStart, match=words):
        new_game(SCENARIO, _options_with(change), seed=1)


def test_a_chapter_refuses_teams_beside_its_carried_force():
    opts = {**_options_with(lambda c: None), "teams": ["ork_boyz"]}
    with pytest.raises(CannotStart, match="not 'teams'"):
        new_game(SCENARIO, opts, seed=1)


def test_a_respawn_brings_back_the_veterans_of_the_chapter_not_the_fallen_of_earlier_ones():
    g = first_chapter()
    g.world.kill(squad_models(g)[2], "h1 close combat")
    g2 = next_chapter(g)
    for m in squad_models(g2):
        g2.world.kill(m, "h1 close combat")
    squad = g2.state.squad_of(1)
    assert squad.wiped_out and mods.respawn_refused(g2.world, squad) == ""
    respawn.respawn_squad(g2.world, squad)
    assert len(g2.world.alive(squad)) == 5


def test_a_veteran_risen_with_the_horde_is_dead_to_the_campaign():
    g = first_chapter()
    m = squad_models(g)[1]
    m.side, m.unit = "zombies", "h1"  # (Dead Men Walking)
    vet = RULES.muster(g).veterans[1]
    assert vet.dead and vet.history[-1].startswith("Small table: killed, and rose with the horde")


def test_without_the_respawns_rule_a_wiped_out_team_stays_out():
    g2 = next_chapter(first_chapter(), carry=ALL - {"respawns"})
    squad = g2.state.squad_of(1)
    squad.wiped_out = True
    for m in squad_models(g2):
        m.state = "dead"
    assert "do not respawn" in mods.respawn_refused(g2.world, squad)
    assert mods.respawn_refused(next_chapter(first_chapter()).world, squad) == ""


def test_the_rules_help_words_every_carry_rule():
    text = json.dumps([json.dumps(s.__dict__, default=str) for s in get_ruleset("zombie40k").reference(None, {})])
    for rule in RULES.carries:
        assert rule.words[:40] in text
    assert [r.house for r in RULES.carries].count(False) == 1  # "permanently, until you die": the source's


SHIPPED = Path(__file__).resolve().parent.parent / "maps" / "campaigns" / "hive_descent.toml"


def test_the_shipped_campaign_checks_clean_with_four_chapters_on_three_new_maps():
    campaign, problems = check_campaign(SHIPPED)
    assert campaign is not None and problems == []
    assert campaign.first == "landing_pad" and len(campaign.chapters) == 4
    maps = {c.map.name for c in campaign.chapters.values()}
    assert maps == {"01_landing_pad.tmx", "02_manufactorum.tmx", "03_reactor.tmx"}


def test_the_shipped_campaign_plays_to_its_end_with_the_squad_carried():
    result = play_campaign(load_campaign(SHIPPED), seed=1)
    assert result.ending in ("victory", "defeat") and not result.error
    rows = result.chapters
    assert rows[0].chapter == "landing_pad" and rows[0].going_in == 5  # the Tactical Squad
    assert all(later.going_in == earlier.after for earlier, later in zip(rows, rows[1:]))


def test_a_model_carries_no_kills_of_his_own_only_his_squads_in_his_history() -> None:
    """Zombie 40,000 pools a squad's wounds, so the rules know who died but not whose shot killed. The
    campaign screen showed every one of eight Guardians with the squad's "5 kills"; a veteran's own count
    stays 0 and his history line tells the squad's kills."""
    from game.rules.zombie40k.campaign import CAMPAIGN
    from game.rules.zombie40k.testing import rigged_game

    g = rigged_game({1: [(10, 30), (12, 30)]})
    g.state.kills["p1"] = 5
    force = CAMPAIGN.muster(g)
    assert force.veterans and all(v.kills == 0 for v in force.veterans)
    assert all("squad kills 5" in v.history[-1] for v in force.veterans)


def test_the_campaign_screens_say_what_power_ups_each_team_carries_on_with():
    """Power-ups are kept permanently, until you die [seed]. The record listed each chapter's power-ups won
    and lost on every model's line, and never what the team still held: the force's notes say it."""
    force = Force((), {"teams": [{"player": 1, "unit": "tactical_squad", "power_ups": ["medpack", "chainsaw"]}]})
    assert CAMPAIGN.notes(force, frozenset(CARRY_KEYS)) == ("Tactical Squad carries on with: Medpack, Chainsaw.",)
    assert CAMPAIGN.notes(force, frozenset(CARRY_KEYS) - {"power_ups"}) == ()
