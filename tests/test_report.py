"""The after-action report (game/rules/zombiekrieg/report.py): what the end screen and the simulator
read from a Zombiekrieg game, and the rule-set neutral Report the end screen draws."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game.ai.zombiekrieg_bot import choose_command
from game.assets import default_scenario
from game.rules.contract import Report, RollRow, Series
from game.rules.core import get_ruleset
from game.rules.zombiekrieg import EndTurn, Fire, new_game
from game.rules.zombiekrieg.names import short_name
from game.rules.zombiekrieg.report import SERIES_LABELS, AfterAction, report
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.scenario import load_scenario


def scripted_game():
    """Three turns on the tiny table, survive for 3 turns (rules: Zombiekrieg 848, Actions: FIRE;
    The zombies: Melee; Winning and losing), with the dice pinned:

    turn 1: us1-r1 shoots z1 (1+1, Critical Success: z1 dead, GUTS 8 -> 9); the Sergeant shoots z3
    (2+3, Success: knocked down); the zombies roll 1 (shamble 2"), z2 attacks us1-r2, who rolls
    6+5 against GUTS 7 and dies. Turns 2 and 3: initiative 3+4, the zombies roll 1; z3 stands up at
    the start of turn 3; an NCO is alive at the end of turn 3: the Allies win.
    """
    g = rigged_game(
        soldiers={"us1-sgt": (12, 22, 270), "us1-r1": (6, 20, 270), "us1-r2": (18, 20, 270)},
        zombies=[(6, 12), (18, 18.5), (12, 13)],
        guts={"us1-sgt": 10, "us1-r1": 8, "us1-r2": 7},
        dice=[1, 1, 2, 3, 1, 6, 5, 3, 4, 1, 3, 4, 1],
        scenario=tiny_scenario(turn_limit=3),
    )
    g.apply(Fire("us1-r1", "z1"))
    g.apply(Fire("us1-sgt", "z3"))
    while not g.over:
        g.apply(EndTurn())
    return g


def test_scripted_game_counts_kills_losses_and_the_best_soldier() -> None:
    g = scripted_game()
    r = AfterAction.from_game(g)
    assert (r.ruleset, r.scenario, r.winner, r.headline, r.turns) == (
        "zombiekrieg",
        "Tiny table",
        "allies",
        "VICTORY",
        3,
    )
    assert r.reason == "An NCO is still alive at the end of turn 3."
    # zombies: one killed (by us1-r1), one knocked down (by the Sergeant), two left on the table
    assert (r.zombies.figures, r.zombies.killed, r.zombies.knocked_down, r.zombies.on_table) == (3, 1, 1, 2)
    assert r.zombies.kills == 1  # us1-r2
    # Allies: one dead in melee, none away, two on the table
    assert (r.allies.figures, r.allies.killed, r.allies.exited, r.allies.on_table, r.allies.kills) == (
        3,
        1,
        0,
        2,
        1,
    )
    assert r.soldier("us1-r1").kills == 1 and r.soldier("us1-sgt").knockdowns == 1
    assert r.soldier("us1-r2").fate == "dead" and r.soldier("us1-r2").killed_by == "killed in melee by z2"
    assert r.best_soldier == "us1-r1"
    rfn = short_name(g, g.figure("us1-r1"))  # "Rfn Miller", as the roster names him
    assert rfn.startswith("Rfn ") and "us1" not in rfn
    assert r.best_citation == f"{rfn}: 1 zombie killed, GUTS 8 -> 9"
    assert [(s.id, s.guts_start, s.guts_end) for s in r.survivors] == [("us1-sgt", 10, 10), ("us1-r1", 8, 9)]
    assert (r.shots_fired, r.shots_hit, r.hit_rate) == (2, 2, 1.0)
    assert (r.orders_given, r.orders_succeeded) == (0, 0)
    [sec] = r.sections
    assert (sec.player, sec.nation, sec.soldiers, sec.survived, sec.killed, sec.kills, sec.shots) == (
        1,
        "american",
        3,
        2,
        1,
        1,
        2,
    )


def test_scripted_game_series_follow_the_turns() -> None:
    """Figures at the end of each turn, 0 being where the log began; z3 lies down through turn 2."""
    r = AfterAction.from_game(scripted_game())
    assert r.series_turns == [0, 1, 2, 3]
    assert r.series == {
        "allies_standing": [3, 2, 2, 2],
        "zombies_standing": [3, 1, 1, 2],
        "zombies_down": [0, 1, 1, 0],
    }
    assert list(r.series) == list(SERIES_LABELS)


def test_a_missed_shot_counts_in_the_hit_rate_and_the_report_is_json() -> None:
    """FIRE: a Failure hits nothing (rules: Zombiekrieg 848, Actions: FIRE)."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 22, 270), "us1-r1": (6, 20, 270)},
        zombies=[(6, 12)],
        guts={"us1-r1": 7},
        dice=[6, 5],
    )
    g.apply(Fire("us1-r1", "z1"))
    r = AfterAction.from_game(g)
    assert (r.shots_fired, r.shots_hit, r.hit_rate, r.winner, r.headline) == (1, 0, 0.0, None, "GAME IN PROGRESS")
    data = json.loads(json.dumps(r.to_data()))
    assert data["hit_rate"] == 0.0 and data["soldiers"][1]["id"] == "us1-r1" and data["allies"]["figures"] == 2


def test_unknown_events_give_empty_series_not_a_crash() -> None:
    class Mystery:
        pass

    state = SimpleNamespace(figures={}, sections=[], turn=0, winner=None, reason="", turn_limit=0, objective="")
    r = AfterAction.from_game(
        SimpleNamespace(
            log=[Mystery(), Mystery()], state=state, scenario=SimpleNamespace(title="Odd", ruleset="other")
        )
    )
    assert r.series == {} and r.series_turns == [] and r.best_soldier is None and r.scenario == "Odd"
    assert r.hit_rate is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bot_games_on_normandy_agree_with_the_final_state(seed: int) -> None:
    path = default_scenario()
    if not path.exists():
        pytest.skip("the default scenario is not there yet")
    g = new_game(load_scenario(path), {"sections": ["american", "british"]}, seed)
    while not g.over:
        g.apply(choose_command(g))
    r = AfterAction.from_game(g)
    st = g.state
    allied, zombies = st.allied(), st.zombies()
    assert r.winner == st.winner and r.reason == st.reason and r.turns == st.turn
    assert r.series_turns == list(range(0, st.turn + 1))
    assert r.series["allies_standing"][0] == len(allied) and r.series["zombies_standing"][0] == len(zombies)
    assert r.series["allies_standing"][-1] == sum(f.on_table for f in allied)
    assert r.series["zombies_standing"][-1] == sum(z.state == "standing" for z in zombies)
    assert r.series["zombies_down"][-1] == sum(z.state == "knocked_down" for z in zombies)
    assert r.allies.killed == sum(f.state == "dead" for f in allied)
    assert r.allies.exited == st.exited == sum(f.state == "exited" for f in allied)
    assert r.zombies.killed == sum(z.state == "dead" for z in zombies) == sum(s.kills for s in r.soldiers)
    assert r.shots_hit <= r.shots_fired and r.orders_succeeded <= r.orders_given
    assert len(r.sections) == 2 and sum(s.soldiers for s in r.sections) == len(allied)
    best = r.soldier(r.best_soldier)
    assert best.kills == max(s.kills for s in r.soldiers) and r.best_citation.startswith(best.name)
    assert {(s.id, s.guts_start, s.guts_end) for s in r.survivors} == {
        (f.id, f.guts_start, f.guts) for f in allied if f.state != "dead"
    }


def test_the_end_screen_report_says_what_the_screen_showed() -> None:
    """The words and numbers of the end screen (rules: Zombiekrieg 848, Winning and losing)."""
    g = scripted_game()
    r = get_ruleset("zombiekrieg").report(g)
    assert isinstance(r, Report) and r == report(g)
    assert (r.ruleset, r.scenario, r.winner, r.victory, r.headline) == (
        "zombiekrieg",
        "Tiny table",
        "allies",
        True,
        "VICTORY",
    )
    assert r.reason == "An NCO is still alive at the end of turn 3."
    assert r.subline == "Tiny table  \u2014  The Allies win, turn 3 of 3"
    assert r.stats == (
        ("Zombies killed", "1 of 3"),
        ("Soldiers lost", "1 of 3"),
        ("Zombies knocked down", "1"),
        ("Got away", "0"),
        ("Turns played", "3 of 3"),
        ("Still on the table", "2"),
        ("Shots fired", "2 (100% hit)"),
        ("Orders obeyed", "0 of 0"),
    )
    sgt, rfn = short_name(g, g.figure("us1-sgt")), short_name(g, g.figure("us1-r1"))
    assert (r.citation_title, r.citation) == ("BEST SOLDIER", f"{rfn}: 1 zombie killed, GUTS 8 -> 9")
    assert r.groups == ()  # one section: its line would repeat the numbers
    assert (r.roll_title, r.roll_key, r.roll_mark) == (
        "SURVIVORS",
        "GUTS at the start \u2014 at the end",
        "got away",
    )
    assert r.roll == (RollRow(sgt, 10, 10, False), RollRow(rfn, 8, 9, False))
    assert (r.chart_title, r.chart_x_label, r.chart_y_label) == (
        "The battle, turn by turn",
        "End of turn (0 = set-up)",
        "Figures",
    )
    assert r.series_turns == (0, 1, 2, 3)
    assert r.series == (
        Series("Allied soldiers on the table", (3, 2, 2, 2)),
        Series("Zombies standing", (3, 1, 1, 2)),
        Series("Zombies knocked down", (0, 1, 1, 0)),
    )
    assert r.data == json.loads(json.dumps(AfterAction.from_game(g).to_data()))


def test_a_game_in_progress_and_a_defeat_read_as_such() -> None:
    g = rigged_game(
        soldiers={"us1-sgt": (12, 22, 270), "us1-r1": (6, 20, 270)},
        zombies=[(6, 12)],
        guts={"us1-r1": 7},
        dice=[6, 5],
    )
    g.apply(Fire("us1-r1", "z1"))
    r = report(g)
    assert (r.winner, r.victory, r.headline) == (None, None, "GAME OVER")
    assert r.subline.endswith("\u2014  turn 1") and ("Shots fired", "1 (0% hit)") in r.stats


@pytest.mark.parametrize("seed", [3])
def test_several_sections_get_a_line_each_and_the_exits_are_marked(seed: int) -> None:
    path = default_scenario()
    if not path.exists():
        pytest.skip("the default scenario is not there yet")
    g = new_game(load_scenario(path), {"sections": ["american", "british"]}, seed)
    while not g.over:
        g.apply(choose_command(g))
    r, aa = report(g), AfterAction.from_game(g)
    assert r.groups[0].startswith("P1 American: ") and r.groups[1].startswith("P2 British: ")
    assert len(r.groups) == 2 and all("came through" in line for line in r.groups)
    assert [row.name for row in r.roll] == [s.name for s in aa.survivors]
    assert sum(row.marked for row in r.roll) == aa.allies.exited
    assert r.victory == (g.winner == "allies") and r.headline == ("VICTORY" if r.victory else "DEFEAT")


def test_the_end_screen_names_the_soldier_who_holds_the_objective_not_his_id() -> None:
    """A campaign's chapter ended "us1-g2 holds the objective at the end of turn 5." on the end screen and in
    the chapter's record: the reason of a Zombiekrieg report names the soldier as the log does."""
    from game.rules.zombiekrieg.names import name_of
    from game.rules.zombiekrieg.report import report
    from game.rules.zombiekrieg.testing import rigged_game

    g = rigged_game()
    fid = next(f.id for f in g.state.allied())
    g.state.winner, g.state.reason = "allies", f"{fid} holds the objective at the end of turn 5."
    reason = report(g).reason
    assert reason == f"{name_of(g, g.figure(fid))} holds the objective at the end of turn 5." and fid not in reason
