"""The after-action report adds up (rules: Zombie 40,000, Power-ups). A newcomer's report read "Player models
lost 5" beside "Tactical Squad 6 -> 2 -4", and its chart began at 5 models: an Ork Boy had joined the five
Marines in play (counted at the start) and the Defibrillator had brought a dead Marine back (killed twice).
Now the roll starts where the chart does and says who joined and who came back."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k import power_ups
from game.rules.zombie40k.commands import UsePowerUp
from game.rules.zombie40k.testing import small_scenario
from game.rules.zombie40k.turn import game_over

Z40K = get_ruleset("zombie40k")


def test_a_squad_joined_by_an_ork_boy_and_defibrillated_adds_up() -> None:
    g = Z40K.new_game(small_scenario(players=1), {"teams": ["infantry_squad"]}, 3)
    w, squad = g.world, g.state.squad_of(1)
    start = len(w.alive(squad))
    assert power_ups.add_ork_boy(w, squad) is not None  # an Ork Boy joins: one more in play
    first = w.alive(squad)[1]
    w.kill(first, "shot")
    squad.power_ups.append(power_ups.DEFIBRILLATOR)
    g.apply(UsePowerUp(squad.id, power_ups.DEFIBRILLATOR, first.id))  # back with one wound
    assert first.alive
    others = [m for m in w.alive(squad) if m is not first][:2]
    for m in (first, *others):  # he is killed again, and two more
        w.kill(m, "shot")
    killed = 4
    left = len(w.alive(squad))
    game_over(w, "zombies", "a test")
    g._flush()  # (the rules called here directly: their events go to the log as a command's would)
    rep = Z40K.report(g)
    (row,) = rep.roll
    series = {s.label: s.values for s in rep.series}["Player 1"]
    assert row.before == series[0] == start  # the roll starts where the chart does
    assert row.after == left == series[-1]
    lost = dict(rep.stats)["Player models lost"]
    assert lost == str(killed)
    assert row.words == f"{start} to {left}: {killed} killed, 1 joined, 1 brought back", row.words
    assert start - killed + 1 + 1 == left  # the words add up
    assert rep.groups[0].startswith(f"Player 1 (Infantry Squad): {left} of {start} models"), rep.groups


def _wiped_out_and_back(g, then_killed: int) -> None:  # noqa: ANN001
    from game.rules.zombie40k import turn

    for fid in list(g.state.squad_of(1).models):
        g.world.kill(g.state.models[fid], "h1 test")
    g.state.order, g.state.order_index = [1], 0
    turn.begin_player(g.world)  # the squad respawns, all five
    for m in g.world.alive(g.state.squad_of(1))[:then_killed]:
        g.world.kill(m, "h1 test")
    game_over(g.world, "zombies", "a test")
    g._flush()


def test_a_team_wiped_out_and_back_says_its_killed_so_the_lost_add_up() -> None:
    """A 40k veteran's defeat screen read "Player models lost 6" over "5 to 5: wiped out once, respawned": the
    team's line counted no model killed. Now its line says the killed and who came back, and adds up."""
    from game.rules.zombie40k.testing import rigged_game

    line = [(10.0, 30.0), (12.0, 30.0), (14.0, 30.0), (16.0, 30.0), (18.0, 30.0)]
    team = {"unit": "tactical_squad", "models": 5}
    g = rigged_game({1: line}, hordes=[[(30.0, 10.0)]], teams=[team], dice=[3, 4] * 4)  # (the power-up roll)
    _wiped_out_and_back(g, then_killed=1)
    rep = Z40K.report(g)
    (row,) = rep.roll
    assert dict(rep.stats)["Player models lost"] == "6"
    assert (row.before, row.after) == (5, 4)
    assert row.words == "5 to 4: 6 killed, wiped out once and came back with 5", row.words  # 5 - 6 + 5 = 4


def test_a_team_that_escaped_whole_reads_as_a_sentence() -> None:
    """The veteran's victory screen read "5 -> 5 =" and then "team escaped:" (the mark broken after its colon):
    the row says what became of the team in words, and the mark how it escaped."""
    from game.rules.zombie40k.commands import Move
    from game.rules.zombie40k.state import Phase
    from game.rules.zombie40k.testing import rigged_game

    g = rigged_game({1: [(24, 6.6)]}, phase=Phase.MOVEMENT)
    g.apply(Move("p1-1", ((24.0, 5.2),)))  # within 1" of the escape vehicle: aboard, and player 1 wins
    (row,) = Z40K.report(g).roll
    assert row.marked and (row.words, row.mark) == ("1 to 1: none killed", "escaped, all aboard"), row
