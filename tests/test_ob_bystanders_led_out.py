"""Play-test (issue 33, Outbreak): a survivor reached the bystanders and ran for the exit, but they stopped
behind him (the first against his base, the rest against the first) and were never rescued. Followers now
run round their leader and each other to a free place in the exit, so a bystander led out is rescued."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game, tiny_scenario
from game.ui.match import Match

RS = get_ruleset("outbreak")


def test_bystanders_who_follow_a_survivor_into_the_exit_are_rescued() -> None:
    scen = tiny_scenario(
        objective="rescue", characters=(), spawns=(), exits=[(0, 0, 24, 2)], properties={"exit_count": 3}
    )
    npcs = {"npc1": (12.0, 7.0), "npc2": (13.2, 7.0), "npc3": (10.8, 7.0)}
    game = rigged_game(pcs={"pc1": (12.0, 5.0)}, npcs=npcs, scenario=scen, dice=[4] * 12)
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.hover((12.0, 1.0))
    match.update(0.01)
    match.click((12.0, 1.0))
    for _ in range(200):
        match.update(0.1)
    assert [game.figure(n).on_table for n in npcs] == [False, False, False]
    assert game.state.rescued == 3
