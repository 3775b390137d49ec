"""The bearer of a team's free Universal Special Rule is marked on the table and the roster, and his death says the
squad loses the rule (issue 33)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
TEAM = {"unit": "infantry_squad", "usr": "Feel No Pain", "usr_model": 1}


def test_the_bearer_of_the_free_usr_is_marked_on_his_token_and_his_roster_row() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30), (22.4, 30)]}, teams=[TEAM], phase=Phase.MOVEMENT)
    view = Z40K.view()
    looks = {fid: view.look(g, fid) for fid in ("p1-1", "p1-2", "p1-3")}
    badges = {fid: view.token(g, fid, look).badge for fid, look in looks.items()}
    # by the rule's name: a 40k player read "USR" floating over his sergeant and asked what it was
    assert badges == {"p1-1": "", "p1-2": "Feel No Pain", "p1-3": ""}
    assert "Bears the team's free Universal Special Rule (USR): Feel No Pain" in view.tooltip(
        g, "p1-2", looks["p1-2"]
    )
    rows = {r.figure: r.name for r in view.roster(g, looks, set())[0].rows}
    assert rows["p1-2"].endswith("\u00b7 Feel No Pain") and "Feel No Pain" not in rows["p1-1"] + rows["p1-3"], rows


def test_the_bearers_death_says_the_squad_loses_the_rule() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30), (22.4, 30)]}, teams=[TEAM], phase=Phase.MOVEMENT)
    g.world.kill(g.figure("p1-2"), "boss close combat")
    g.world.kill(g.figure("p1-3"), "boss close combat")
    lines = Z40K.view().log_lines(g, g._flush())  # the two deaths, as the screen is given them
    assert any("loses Feel No Pain with him" in line for line in lines[:1]), lines
    assert not any("loses" in line for line in lines[1:]), lines


def test_the_last_space_marine_standing_is_no_bearer_of_his_squads_own_rule() -> None:
    """Building a team [seed]: one model takes the free Universal Special Rule. A campaign's chapter 3 marked the
    last Space Marine of a Tactical Squad as the bearer of "And They Shall Know No Fear" (his squad's own rule:
    every model of the entry has it) once his mates had fallen; the chosen rule had gone with its bearer."""
    from game.rules.zombie40k.bearer import free_usr

    g = rigged_game({1: [(24, 24)]}, teams=[{"unit": "tactical_squad", "models": 5}])
    last = g.state.models["p1-1"]
    assert "And They Shall Know No Fear" in last.rules and free_usr(g.world, last) == ""


def test_a_squads_leader_is_tagged_by_his_name_on_the_table() -> None:
    """The Boss Nob's tag read "2 · Counter-Attack": a newcomer looked for the Boss Nob by name and could not find
    him. The leader's tag says his name first."""
    g = rigged_game({1: [(20, 30), (21.2, 30)]}, teams=[{"unit": "ork_boyz", "models": 2, "sergeant": True}])
    view = Z40K.view()
    leader = next(fid for fid in g.state.units["p1"].models if g.figure(fid).sergeant)
    badge = view.token(g, leader, view.look(g, leader)).badge
    assert badge.startswith("Boss Nob"), badge
