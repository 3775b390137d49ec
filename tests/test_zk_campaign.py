"""Rules: Zombiekrieg 848, Campaigns: what a section carries from one chapter into the next, each carry rule
with the dice pinned (the rolls between chapters are the next game's own, at its set-up)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import bot_for
from game.campaign.check import campaign_problems
from game.dice import ScriptedDice
from game.rules.contract import Force, Veteran
from game.rules.core import CannotStart, DiceRolled
from game.rules.kit.events import Killed
from game.rules.zombiekrieg import carried, new_game
from game.rules.zombiekrieg.campaign import CAMPAIGN
from game.rules.zombiekrieg.data import load_data
from game.rules.zombiekrieg.events import GutsChanged
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.invariants import invariants
from game.rules.zombiekrieg.names import name_of
from game.rules.zombiekrieg.reference import rules_reference
from game.rules.zombiekrieg.state import ALLIES, DEAD, EXITED, ZOMBIES
from game.rules.zombiekrieg.testing import tiny_scenario
from game.scenario import check_map
from game.simulate import MAX_COMMANDS

SCENARIO = tiny_scenario()
ALL = frozenset(rule.key for rule in CAMPAIGN.carries)
INITIATIVE = [1, 2]  # the first turn's initiative: a plain Success, the Allies go first and wait for orders


def chapter_one(
    dead: tuple[str, ...] = (), winner: str = ALLIES, guts: dict[str, int] | None = None
) -> ZombiekriegGame:
    """A first chapter as it ended: the listed soldiers dead, the rest standing, ``winner`` the winner."""
    g = new_game(SCENARIO, {"sections": ["american"]}, seed=5)
    for fid in dead:
        g.state.figures[fid].state = DEAD
    for fid, value in (guts or {}).items():
        f = g.state.figures[fid]
        g.log.append(GutsChanged(fid, f.guts, value, "Critical Failure on fire"))
        f.guts = value
    g.state.winner = winner
    return g


def next_chapter(force: Force, faces: list[int], carry: frozenset[str] = ALL, **options: Any) -> ZombiekriegGame:
    """The next chapter on the same table, its set-up rolls pinned (then the first initiative)."""
    chosen = CAMPAIGN.options(SCENARIO, options, force, carry)
    return new_game(SCENARIO, json.loads(json.dumps(chosen)), seed=9, dice=ScriptedDice(faces + INITIATIVE))


def veteran(force: Force, fid: str) -> Veteran:
    return next(v for v in force.veterans if v.state["fid"] == fid)


def rolls(g: ZombiekriegGame) -> list[str]:
    return [ev.meaning for ev in g.log if isinstance(ev, DiceRolled) and "initiative" not in ev.purpose]


def test_each_soldier_starts_the_next_chapter_with_his_guts_as_the_last_ended_them() -> None:
    first = chapter_one(guts={"us1-r1": 4, "us1-r2": 9})
    start = first.state.figures["us1-r1"].guts_start
    force = CAMPAIGN.muster(first)
    g = next_chapter(force, [])  # eleven men, none cut off: no roll between chapters
    assert (g.state.figures["us1-r1"].guts, g.state.figures["us1-r2"].guts) == (4, 9)
    assert g.state.figures["us1-r1"].guts_start == 4
    assert veteran(force, "us1-r1").history == (f"Tiny table: 0 kills, GUTS won 0 lost {start - 4} (now 4)",)


def test_without_the_guts_rule_a_soldier_starts_with_his_first_chapters_guts() -> None:
    first = chapter_one(guts={"us1-r1": 4})
    start = first.state.figures["us1-r1"].guts_start
    g = next_chapter(CAMPAIGN.muster(first), [], ALL - {"guts"})
    assert g.state.figures["us1-r1"].guts == start


def test_the_dead_stay_dead_and_keep_their_place_in_the_record() -> None:
    force = CAMPAIGN.muster(chapter_one(dead=("us1-r1", "us1-r2")))
    assert veteran(force, "us1-r1").dead and veteran(force, "us1-r1").history[-1].endswith("killed")
    g = next_chapter(force, [])  # nine men left: no replacement (up to nine)
    assert "us1-r1" not in g.state.figures and "us1-r2" not in g.state.figures
    assert len(g.state.allied()) == 9
    assert len(CAMPAIGN.muster(g).veterans) == 11  # the dead are still named


def test_a_soldier_cut_off_in_a_lost_chapter_rejoins_on_a_4() -> None:
    first = chapter_one(winner=ZOMBIES)
    first.state.figures["us1-r3"].state = EXITED  # he got out: never cut off
    force = CAMPAIGN.muster(first)
    assert veteran(force, "us1-r1").state["cut_off"] and not veteran(force, "us1-r3").state["cut_off"]
    faces = [4] * 10  # the ten still on the table when the chapter was lost, in roster order
    g = next_chapter(force, faces)
    assert len(g.state.allied()) == 11
    assert all("fights his way back" in m for m in rolls(g))
    assert len(rolls(g)) == 10


def test_a_cut_off_soldier_who_fails_his_roll_misses_the_chapter_and_rolls_again_before_the_next() -> None:
    force = CAMPAIGN.muster(chapter_one(winner=ZOMBIES))
    faces = [3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]  # the Sergeant fails, the ten others rejoin
    g = next_chapter(force, faces)
    assert "us1-sgt" not in g.state.figures and len(g.state.allied()) == 10
    assert "is still cut off and misses this chapter" in rolls(g)[0]
    g.state.winner = ALLIES
    after = CAMPAIGN.muster(g)
    sergeant = veteran(after, "us1-sgt")
    assert sergeant.state["cut_off"] and not sergeant.dead
    assert sergeant.history[-1] == "Tiny table: cut off, missed the chapter"
    third = next_chapter(after, [5])
    assert "us1-sgt" in third.state.figures and third.state.figures["us1-sgt"].role == "sergeant"


def test_a_section_short_of_men_gets_green_replacements_with_new_names() -> None:
    dead = ("us1-r1", "us1-r2", "us1-r3", "us1-r4")
    force = CAMPAIGN.muster(chapter_one(dead=dead))  # seven left: two green riflemen up to nine
    g = next_chapter(force, [6, 1])
    greens = [g.state.figures["us1-g1"], g.state.figures["us1-g2"]]
    assert [f.guts for f in greens] == [8, 6]  # a new soldier's starting GUTS for a 6 and a 1
    assert all(f.role == "rifleman" and f.weapon == "m1_garand" for f in greens)
    assert rolls(g) == ["D6 = 6: us1-g1, green, starts with GUTS 8", "D6 = 1: us1-g2, green, starts with GUTS 6"]
    names = {v.key for v in force.veterans}
    assert all(name_of(g, f).split()[-1] not in names for f in greens)
    g.state.winner = ALLIES
    joined = veteran(CAMPAIGN.muster(g), "us1-g1")
    # said first, before his kills and fate ("killed, joined as a green replacement" read backwards)
    assert ": joined as a green replacement, " in joined.history[-1] and joined.state["guts_first"] == 8


def test_a_section_with_no_nco_left_makes_its_bravest_soldier_corporal() -> None:
    force = CAMPAIGN.muster(chapter_one(dead=("us1-sgt", "us1-cpl"), guts={"us1-r5": 10}))
    g = next_chapter(force, [])
    assert g.state.figures["us1-r5"].role == "corporal"
    assert name_of(g, g.state.figures["us1-r5"]).startswith("Corporal ")
    g.state.winner = ALLIES
    assert veteran(CAMPAIGN.muster(g), "us1-r5").kind == "Corporal"


def test_the_horde_grows_by_chapter() -> None:
    force = CAMPAIGN.muster(chapter_one())
    second = next_chapter(force, [])
    second.state.winner = ALLIES
    third = next_chapter(CAMPAIGN.muster(second), [])
    # eleven men: 2.5 to one in the first chapter (28), 2.6 (29) in the second, 2.7 (30) in the third
    assert [len(g.state.zombies()) for g in (chapter_one(), second, third)] == [28, 29, 30]
    assert len(next_chapter(force, [], ALL - {"horde"}).state.zombies()) == 28
    late = Force(force.veterans, {"chapters": 19})  # the twentieth chapter: never above three to one
    assert len(next_chapter(late, []).state.zombies()) == 33


def test_the_force_goes_through_the_options_into_a_new_game_and_musters_again() -> None:
    first = chapter_one(dead=("us1-r8",))
    first.log.append(Killed("z1", "shot by us1-r1"))
    force = CAMPAIGN.muster(first)
    assert Force.from_data(json.loads(json.dumps(force.to_data()))) == force
    g = next_chapter(force, [])
    keys = {fid: key for fid, key in g.carried_names.items()}
    assert {name_of(g, g.state.figures[fid]).split()[-1] for fid in keys} == set(keys.values())
    g.log.append(Killed("z2", "shot by us1-r1"))
    g.state.winner = ALLIES
    again = CAMPAIGN.muster(g)
    assert [v.key for v in again.veterans] == [v.key for v in force.veterans]
    rifleman = veteran(again, "us1-r1")
    assert rifleman.kills == 2 and len(rifleman.history) == 2
    assert again.pool["chapters"] == 2


def test_a_chapter_plays_the_same_again_from_its_seed_and_options() -> None:
    force = CAMPAIGN.muster(chapter_one(winner=ZOMBIES))
    chosen = CAMPAIGN.options(SCENARIO, {}, force, ALL)
    a, b = new_game(SCENARIO, chosen, seed=4), new_game(SCENARIO, json.loads(json.dumps(chosen)), seed=4)
    assert a.state.to_data() == b.state.to_data() and len(a.log) == len(b.log)


def test_a_game_without_a_carried_force_is_as_before() -> None:
    g = new_game(SCENARIO, {"sections": ["american"]}, seed=5)
    assert g.carried_names == {} and len(g.state.allied()) == 11 and len(g.state.zombies()) == 28


def _hostile(force_data: Any, **more: Any) -> dict[str, Any]:
    return {"sections": ["american"], "campaign": {"force": force_data, "chapter": 2, "carry": [], **more}}


def _veteran_data(**state: Any) -> dict[str, Any]:
    base = {"fid": "us1-r1", "nation": "american", "role": "rifleman", "weapon": "m1_garand", "guts": 7}
    return {"key": "Novak", "name": "Rifleman Novak", "player": 0, "kind": "Rifleman",
            "state": {**base, "guts_first": 7, **state}}  # fmt: skip


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"campaign": "all of them"}, "not a table"),
        (_hostile({"veterans": "x"}), "not readable"),
        (_hostile({"veterans": [_veteran_data()] * 201}), "at most 200"),
        (_hostile({"veterans": [_veteran_data(guts=99)]}), "guts is not a number from 2 to 10"),
        (_hostile({"veterans": [_veteran_data(fid="../../x")]}), "figure id"),
        (_hostile({"veterans": [_veteran_data(weapon="phaser")]}), "role or weapon"),
        (_hostile({"veterans": [_veteran_data(nation="martian")]}), "nation"),
        (_hostile({"veterans": [_veteran_data()]}, chapter=10**9), "'chapter' is a number"),
        (_hostile({"veterans": [_veteran_data()]}, carry=["immortality"]), "'carry' lists some of"),
        (_hostile({"veterans": [_veteran_data(), _veteran_data(fid="us1-r2")]}), "two soldiers alike"),
        (_hostile({"veterans": []}), "names no soldier"),
    ],
)
def test_a_hostile_carried_force_is_refused_saying_what_is_wrong(options: dict[str, Any], words: str) -> None:
    with pytest.raises(CannotStart, match="campaign") as refused:
        new_game(SCENARIO, options, seed=1)
    assert words in str(refused.value)


def test_a_force_with_nobody_alive_and_no_replacements_cannot_play() -> None:
    force = CAMPAIGN.muster(chapter_one(dead=tuple(f.id for f in chapter_one().state.allied())))
    with pytest.raises(CannotStart, match="Nobody"):
        CAMPAIGN.options(SCENARIO, {}, force, ALL - {"replacements"})


def test_the_rules_help_states_every_carry_rule_and_which_are_house_rules() -> None:
    campaigns = next(s for s in rules_reference() if s.title == "Campaigns")
    for rule in CAMPAIGN.carries:
        line = next(p for p in campaigns.paragraphs if getattr(p, "text", "").startswith(f"{rule.key}:"))
        assert line.house == rule.house  # type: ignore[union-attr]
    assert "rejoins on 4+" in campaigns.text and "up to 9" in campaigns.text


def test_a_carried_chapter_played_by_the_bot_keeps_the_rules_invariants_and_replays() -> None:
    """Soak, for one chapter: a lost first chapter carried into a second (cut-off rolls, replacements), played
    to the end by the bot with the invariants after every command, then rebuilt from its commands."""
    first = chapter_one(dead=("us1-sgt", "us1-r1", "us1-r2", "us1-r3"), winner=ZOMBIES)
    options = CAMPAIGN.options(SCENARIO, {}, CAMPAIGN.muster(first), ALL)
    g, bot = new_game(SCENARIO, options, seed=11), bot_for("zombiekrieg")
    while not g.over and len(g.commands) < MAX_COMMANDS:
        g.apply(bot(g))
        assert invariants(g) == []
    again = new_game(SCENARIO, json.loads(json.dumps(options)), seed=11)
    for cmd in g.commands:
        again.apply(cmd)
    assert g.over and again.state_data() == g.state_data() and again.log == g.log


def test_a_section_of_green_men_only_gets_names_no_veteran_had() -> None:
    """Every veteran cut off and missing the chapter: the nine men who play are all green, and none takes the
    name of a man still on the record."""
    force = CAMPAIGN.muster(chapter_one(dead=("us1-sgt", "us1-cpl"), winner=ZOMBIES))
    g = next_chapter(force, [1] * 9 + [3] * 9)  # nine cut off, each failing; nine green riflemen
    assert g.carried_names == {} and len(g.state.allied()) == 9
    names = {v.key for v in force.veterans}
    assert not {name_of(g, f).split()[-1] for f in g.state.allied()} & names
    g.state.winner = ALLIES
    assert len({v.key for v in CAMPAIGN.muster(g).veterans}) == 20


def test_the_shipped_bocage_campaign_and_its_chapter_maps_pass_check() -> None:
    """Six Days in the Bocage: the campaign file and each of its new chapter maps check clean (the maps
    are written by maps/make_bocage.py with the map kit)."""
    root = Path(__file__).resolve().parent.parent / "maps" / "campaigns"
    assert campaign_problems(root / "bocage.toml") == []
    maps = sorted((root / "bocage").glob("*.tmx"))
    assert [p.name for p in maps] == ["01_hedgerows.tmx", "02_mill.tmx", "03_causeway.tmx"]
    for path in maps:
        assert check_map(str(path)) == [], path.name


def test_two_sections_carry_on_as_two_players_with_their_own_nations() -> None:
    first = new_game(SCENARIO, {"sections": ["american", "british"]}, seed=5)
    first.state.figures["gb2-r1"].state = DEAD
    first.state.winner = ALLIES
    force = CAMPAIGN.muster(first)
    assert {v.player for v in force.veterans} == {0, 1} and len(force.living) == 21
    options = CAMPAIGN.options(SCENARIO, {"sections": ["soviet"]}, force, ALL)
    assert options["sections"] == ["american", "british"]  # the force's, whatever the set-up said
    g = new_game(SCENARIO, options, seed=9, dice=ScriptedDice(INITIATIVE))
    assert [s.nation for s in g.state.sections] == ["american", "british"]
    assert len(g.state.section_of(2)) == 10 and "gb2-r1" not in g.state.figures


def test_a_club_may_make_green_replacements_less_brave() -> None:
    """``campaign.green_guts`` (0 as shipped) changes a green man's starting GUTS, within GUTS's bounds, and the
    rules help says so."""
    data = load_data()
    club = dataclasses.replace(data, raw={**data.raw, "campaign": {**data.raw["campaign"], "green_guts": -5}})
    assert [carried._green(club, face) for face in (1, 6)] == [2, 3]  # 6 and 8 less 5, never below 2
    words = next(r.words for r in carried.carry_rules(club) if r.key == "replacements")
    assert words.endswith("-5 for being green.")
