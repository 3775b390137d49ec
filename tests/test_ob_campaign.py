"""Outbreak campaigns (issue 39): each carry rule with pinned dice, the force's round trip from one chapter
into the next, and carried-force data a save could make hostile."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.dice import ScriptedDice
from game.rules.contract import Force, Veteran
from game.rules.core import CannotStart, DiceRolled, get_ruleset
from game.rules.outbreak import bites
from game.rules.outbreak import events as ev
from game.rules.outbreak.campaign import CAMPAIGN, CARRIES, KEYS, chapter_options, muster
from game.rules.outbreak.game import OutbreakGame, new_game
from game.rules.outbreak.state import DEAD, EXITED, PLAYERS, TURNED
from game.rules.outbreak.testing import tiny_scenario
from game.scenario.model import Scenario

ALL = frozenset(KEYS)
GROUP = (
    ("Ann", 6, 22, {"ranged": "shotgun", "melee": "knife"}),
    ("Bob", 9, 22, {"ranged": "rifle", "melee": "bat"}),
    ("Cy", 12, 22, {"ranged": "", "melee": "club"}),
)


def chapter(npcs: tuple[tuple[str, float, float], ...] = (), objective: str = "rescue") -> Scenario:
    """A small chapter map: the group's figures at the bottom, a generation point at the top."""
    props = {"exit_count": 3}
    return tiny_scenario(objective, exits=((0, 0, 4, 4),), characters=GROUP, npcs=npcs, properties=props)


def first_chapter(npcs: tuple[tuple[str, float, float], ...] = ()) -> OutbreakGame:
    """A first chapter set up (not played): the map's three characters, no campaign yet."""
    return OutbreakGame(chapter(npcs), {}, 1, ScriptedDice([]), start=False)


def pc(game: OutbreakGame, name: str) -> Any:
    return next(f for f in game.state.pcs() if f.name == name)


def next_chapter(force: Force, dice: list[int], carry: frozenset[str] = ALL, **kw: Any) -> OutbreakGame:
    """The next chapter set up from ``force`` with pinned dice (the between-chapter rolls)."""
    sc = chapter(**kw)
    options = get_ruleset("outbreak").campaign.options(sc, {}, force, carry)  # type: ignore[union-attr]
    return OutbreakGame(sc, options, 1, ScriptedDice(dice), start=False)


def test_the_rule_set_registers_its_carry_rules_in_words():
    campaign = get_ruleset("outbreak").campaign
    assert campaign is not None and [c.key for c in campaign.carries] == [
        "weapons",
        "dead",
        "bitten",
        "bystanders",
    ]
    assert all(c.house and len(c.words) > 60 for c in CARRIES)


def test_the_rules_help_has_a_campaigns_section_made_of_the_carry_rules():
    sections = {s.title: s for s in get_ruleset("outbreak").reference(None, {})}  # type: ignore[misc]
    bullets = [p.text for p in sections["Campaigns"].body if p.kind == "bullet"]
    assert bullets == [f"{rule.key}: {rule.words}" for rule in CARRIES]


def test_weapons_and_a_jammed_gun_carry_into_the_next_chapter():
    game = first_chapter()
    pc(game, "Bob").jammed = True
    game.state.figures[pc(game, "Ann").id].ranged = "revolver"  # he swapped guns on the way
    force = muster(game)
    nxt = next_chapter(force, dice=[])
    assert (pc(nxt, "Ann").ranged, pc(nxt, "Ann").melee) == ("revolver", "knife")
    assert pc(nxt, "Bob").jammed and not pc(nxt, "Ann").jammed
    assert pc(nxt, "Cy").ranged == "" and pc(nxt, "Cy").melee == "club"


def test_without_the_weapons_rule_each_starts_with_the_default_pistol_and_club():
    game = first_chapter()
    pc(game, "Bob").jammed = True
    nxt = next_chapter(muster(game), dice=[], carry=ALL - {"weapons"})
    assert {(f.ranged, f.melee, f.jammed) for f in nxt.state.pcs()} == {("pistol", "club", False)}


def test_the_dead_stay_dead_and_the_turned_too():
    game = first_chapter()
    pc(game, "Ann").state, pc(game, "Cy").state = DEAD, TURNED
    force = muster(game)
    assert [(v.name, v.dead) for v in force.veterans] == [("Ann", True), ("Bob", False), ("Cy", True)]
    assert force.veterans[0].history == ("Tiny table: 0 kills, killed",)
    nxt = next_chapter(force, dice=[])
    assert [f.name for f in nxt.state.pcs()] == ["Bob"]
    back = next_chapter(force, dice=[], carry=ALL - {"dead"})
    assert [f.name for f in back.state.pcs()] == ["Ann", "Bob", "Cy"]


def test_a_bitten_character_who_passes_the_fever_roll_turns_at_twice_the_roll():
    game = first_chapter()
    pc(game, "Bob").bitten = True
    nxt = next_chapter(muster(game), dice=[4])
    bob = pc(nxt, "Bob")
    assert bob.on_table and bob.bitten and bob.turns_on == 8
    rolled = [e for e in nxt.log if isinstance(e, DiceRolled)]
    assert [e.meaning for e in rolled] == ["D6 = 4: Bob holds on, and turns at the start of move 8"]
    nxt.state.move = 8  # his move comes: the rules' turning step turns him, no roll needed
    bites.turning(nxt.world)
    assert bob.state == TURNED and any(isinstance(e, ev.HumanTurned) for e in nxt.world.events)


def test_a_bitten_character_who_fails_the_fever_roll_was_put_down_between_chapters():
    game = first_chapter()
    pc(game, "Bob").bitten = True
    nxt = next_chapter(muster(game), dice=[1])
    assert pc(nxt, "Bob").state == DEAD
    assert "the group had to put the body down" in next(e.meaning for e in nxt.log if isinstance(e, DiceRolled))
    bob = muster(nxt).veterans[1]
    assert (
        bob.dead
        and bob.history[-1] == "Tiny table: put down before it began (the bite turned them between chapters)"
    )
    escape = next_chapter(muster(game), dice=[1], objective="escape")
    assert escape.state.exit_count == 2  # three must get out, but only two are left to


def test_a_fight_in_the_last_move_rolls_for_the_bite_at_the_next_start():
    game = first_chapter()
    pc(game, "Ann").fought = True
    force = muster(game)
    assert force.veterans[0].state["bite_check"]
    clean = next_chapter(force, dice=[2])
    assert not pc(clean, "Ann").bitten
    bitten = next_chapter(force, dice=[1, 3])
    assert pc(bitten, "Ann").bitten and pc(bitten, "Ann").turns_on == 6
    assert [e.bitten for e in bitten.log if isinstance(e, ev.BiteRolled)] == [True]


def test_without_the_bitten_rule_the_bite_is_cured():
    game = first_chapter()
    pc(game, "Bob").bitten = True
    nxt = next_chapter(muster(game), dice=[], carry=ALL - {"bitten"})
    assert not pc(nxt, "Bob").bitten


def two_saved_and_cy_fallen() -> Force:
    """The force after a first chapter in which Pastor Abel and Dot got out and Cy fell (room for one to join)."""
    game = first_chapter(npcs=(("Pastor Abel", 2, 2), ("Dot", 3, 2)))
    for n in game.state.npcs():
        n.state = EXITED
        game.log.append(ev.Exited(n.id))
    pc(game, "Cy").state = DEAD
    return muster(game)


def test_a_rescued_bystander_joins_the_group_in_place_of_the_fallen():
    force = two_saved_and_cy_fallen()
    assert [b["name"] for b in force.pool["rescued"]] == ["Pastor Abel", "Dot"]
    nxt = next_chapter(force, dice=[])
    joined = pc(nxt, "Pastor Abel")
    assert (joined.ranged, joined.melee, joined.player) == ("", "club", 1)
    assert [f.name for f in nxt.state.pcs()] == ["Ann", "Bob", "Pastor Abel"]  # the group's size: Dot stays behind
    again = muster(nxt).veterans[-1]
    assert (
        again.kind == "Bystander who joined"
        and again.history
        == (
            "Tiny table: saved by the group, joined it with a club",
            "Tiny table: 0 kills, still standing, carries club",  # what he carries on, the campaign screen's only word of it
        )
    )


def test_a_bystander_with_a_pitchfork_joins_with_a_club_type_weapon():
    force = Force(
        (Veteran("Ann", "Ann", 0, "Character", {"ranged": "", "melee": "knife"}),),
        {"players": 1, "group": 2, "rescued": [{"name": "Jed", "ranged": "", "melee": "pitchfork"}]},
    )
    nxt = OutbreakGame(chapter(), chapter_options(chapter(), {}, force, ALL), 1, ScriptedDice([]), start=False)
    assert pc(nxt, "Jed").melee == "club" and "pitchfork" in muster(nxt).veterans[1].history[0]


def test_no_one_joins_without_the_bystanders_rule():
    game = first_chapter(npcs=(("Dot", 3, 2),))
    game.state.npcs()[0].state = EXITED
    game.log.append(ev.Exited("npc1"))
    pc(game, "Cy").state = DEAD
    nxt = next_chapter(muster(game), dice=[], carry=ALL - {"bystanders"})
    assert [f.name for f in nxt.state.pcs()] == ["Ann", "Bob"]


def test_the_force_goes_round_options_new_game_muster_as_plain_json():
    game = first_chapter()
    game.log.append(ev.Killed("z9", "shot by pc2"))
    game.state.figures["z9"] = type(pc(game, "Ann"))("z9", "zombies", (1.0, 1.0), 0.0, 0.5, state=DEAD)
    force = Force.from_data(json.loads(json.dumps(muster(game).to_data())))
    options = json.loads(json.dumps(chapter_options(chapter(), {}, force, ALL)))
    assert options["campaign"]["chapter"] == 2 and options["players"] == 1
    assert [c.get("figure") for c in options["characters"]] == [
        pl.id for pl in chapter().placements_of("character")
    ]
    nxt = new_game(chapter(), options, seed=5)
    after = muster(nxt)
    bob = after.veterans[1]
    assert (
        bob.kills >= 1
        and bob.history[0] == "Tiny table: 1 kill, still standing, carries rifle and bat"
        and len(bob.history) == 2
    )
    assert after.pool["chapters"] == 2 and after.pool["group"] == 3


def test_a_player_whose_group_is_gone_sits_the_chapter_out():
    force = Force(
        (Veteran("A", "A", 0, "Character", dead=True), Veteran("B", "B", 1, "Character")),
        {"players": 2, "group": 2},
    )
    options = chapter_options(chapter(), {}, force, ALL)
    assert options["players"] == 1 and [(c["name"], c["player"]) for c in options["characters"]] == [("B", 1)]
    with pytest.raises(CannotStart, match="nobody of the group is left alive"):
        chapter_options(chapter(), {}, Force((Veteran("A", "A", 0, "Character", dead=True),)), ALL)


@pytest.mark.parametrize(
    ("campaign", "words"),
    [
        ("a force", "must be a table"),
        ({"force": {"veterans": "x"}}, "a force is a table"),
        ({"force": {"veterans": [{"key": "Ann"}]}}, "missing 'name'"),
        ({"force": {"veterans": []}, "carry": ["guts"]}, "'carry' must list"),
        ({"force": {"veterans": [], "pool": {"group": "9" * 50}}}, "'group' is not a number"),
        ({"force": {"veterans": [], "pool": {"rescued": [{"name": 3}]}}}, "'rescued' is not a list"),
        (
            {
                "force": {
                    "veterans": [
                        {"key": "Ann", "name": "Ann", "player": 0, "kind": "C", "state": {"bitten": "yes"}}
                    ]
                }
            },
            "bad 'bitten'",
        ),
        ({"force": {"veterans": [{"key": "Ann", "name": "Ann", "player": 7, "kind": "C"}]}}, "no player"),
        (
            {"force": {"veterans": [{"key": "Zed", "name": "Zed", "player": 0, "kind": "C"}]}},
            "'Ann' is not one of",
        ),
    ],
)
def test_hostile_carried_force_data_is_refused_by_name(campaign: Any, words: str):
    options = {"characters": [{"name": "Ann", "player": 1}], "campaign": campaign}
    with pytest.raises(CannotStart, match="Option 'campaign'") as err:
        new_game(chapter(), options, seed=1)
    assert words in str(err.value)


def test_a_game_without_a_campaign_has_no_carried_rolls():
    game = new_game(chapter(), {}, seed=3)
    assert all(p.side == PLAYERS and not p.bitten for p in game.state.pcs())
    assert muster(game).pool["chapters"] == 1


def test_the_shipped_campaign_carries_the_diners_group_to_the_church_and_the_roadblock():
    from pathlib import Path

    from game.campaign.model import load_campaign
    from game.scenario import load_scenario

    campaign = load_campaign(Path(__file__).resolve().parent.parent / "maps" / "campaigns" / "cedar_falls.toml")
    assert list(campaign.chapters) == ["diner", "church", "roadblock"] and campaign.carry == ALL
    diner = OutbreakGame(load_scenario(campaign.chapters["diner"].map), {}, 1, ScriptedDice([]), start=False)
    pc(diner, "Lou the cook").state = DEAD
    force = muster(diner)
    for key in ("church", "roadblock"):
        scenario = load_scenario(campaign.chapters[key].map)
        game = new_game(scenario, chapter_options(scenario, {}, force, campaign.carry), seed=1)
        assert [f.name for f in game.state.pcs()] == ["Deputy Reyes", "Nurse Ada", "Trucker Boone"]


def test_the_bots_play_the_shipped_campaign_through_with_the_carried_force():
    from pathlib import Path

    from game.campaign.model import load_campaign
    from game.campaign.simulate import play_campaign

    campaign = load_campaign(Path(__file__).resolve().parent.parent / "maps" / "campaigns" / "cedar_falls.toml")
    result = play_campaign(campaign, seed=3)
    assert result.ending in ("victory", "defeat") and not result.error
    first = result.chapters[0]
    assert (first.chapter, first.going_in) == ("diner", 4) and first.after <= 4


def test_the_end_and_campaign_screens_name_the_bystanders_who_will_join_before_the_next_chapter():
    """A newcomer: "chapter 2 showed 'bystanders rescued 2'; the end screen listed only Boone, the campaign
    screen '1 standing, 3 fallen'; chapter 3 then opened with two more, and nothing explained it". The force's
    notes now name who joins in the next chapter and who stays behind (the rule "bystanders", the same pick)."""
    from game.ui.campaign_words import force_html

    force = two_saved_and_cy_fallen()
    said = CAMPAIGN.notes(force, frozenset(KEYS))
    assert said == (
        "Joining the group in the next chapter: Pastor Abel, with a club.",
        "Saved, but staying behind (no room in the group): Dot.",
    )
    assert [f.name for f in next_chapter(force, dice=[]).state.pcs()][-1] == "Pastor Abel"  # as said
    assert "Pastor Abel, with a club" in force_html(force, notes=said)
    assert CAMPAIGN.notes(force, frozenset(KEYS - {"bystanders"})) == ()


def test_the_quiet_start_does_not_count_a_character_put_down_between_chapters_among_its_kills():
    """A newcomer's chapter 2 opened "Move 1, the quiet start: ... killed: Nurse Ada", though the bite had
    turned her between chapters and the group put her down before play began (the campaign's own line)."""
    from game.rules.outbreak.clock import quiet_start_line

    game = first_chapter()
    pc(game, "Bob").bitten = True
    nxt = next_chapter(muster(game), dice=[1])
    nxt.state.outbreak, nxt.state.outbreak_move = True, 1
    line = quiet_start_line(nxt, 2, lambda fid: nxt.state.figures[fid].name)
    assert line.startswith("Move 1, the quiet start") and "Bob" not in line
