"""A 40k player read in the rules help "Shamble: one D6 for every zombie", but the game rolls one D6 that every
zombie uses (the log: "shamble 3" (D6 = 3)"). The rules help says what the game does: one D6 for all of them."""

from __future__ import annotations

from game.rules.zombie40k import zombie_turn
from game.rules.zombie40k.events import MoveRolled
from game.rules.zombie40k.testing import rigged_game


def test_the_rules_help_says_one_d6_for_all_the_zombies(app) -> None:  # noqa: ANN001
    app.show_rules()
    app.run_frames(2)
    app.scene.choose("zombie40k")
    app.run_frames(2)
    html = app.scene.html
    assert "one D6 is rolled for all the zombies together" in html, html[:400]
    assert "one D6 for every zombie" not in html


def test_the_game_rolls_one_shamble_d6_for_every_horde() -> None:
    """What the words stand on: two hordes, one die scripted, one roll that both move by."""
    g = rigged_game({1: [(12, 34)]}, hordes=[[(8, 16), (9, 16)], [(16, 16)]], dice=[4])
    zombie_turn.shamble(g.world)
    rolls = [e for e in g.world.events if isinstance(e, MoveRolled)]
    assert [r.inches for r in rolls] == [4]
    assert g.figure("h1-1").position != (8, 16) and g.figure("h2-1").position != (16, 16)  # both moved by it
