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
