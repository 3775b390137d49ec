"""A character whose base stands on the exit zone is in it (newcomer's Small Town game, session 46): a player ran
a survivor so his base clearly stood on the exit and he did not get away, as only his centre counted. The rules
reference never said "centre"; the house rule is now the tabletop's: any part of the base on the zone counts,
and the move's plate says so before he runs. Through the screen's Match, as a player: select, Move, click
twice. No seeded game moves (the bots walk deep into the zone)."""

from __future__ import annotations

from game.reference_pages import DOCS
from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game, tiny_scenario
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")
EXIT = (0, 0, 24, 2)  # the exit zone: y up to 2"


def _match(pc_at: tuple[float, float], npcs: dict[str, tuple[float, float]] | None = None) -> Match:
    scen = tiny_scenario(objective="escape", characters=(), spawns=(), exits=[EXIT])
    game = rigged_game(pcs={"pc1": pc_at}, npcs=npcs, scenario=scen, dice=[4] * 40)
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    return match


def _plate(match: Match, goal: tuple[float, float]) -> str:
    match.hover(goal)
    match.update(0.01)
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def _run(match: Match, goal: tuple[float, float]) -> None:
    match.click(goal)
    match.click(goal)
    for _ in range(400):
        match.update(0.1)


def test_a_run_that_ends_with_the_base_on_the_exit_gets_away() -> None:
    match = _match((12, 7))
    r = match.game.state.figures["pc1"].radius
    goal = (12.0, 2.0 + r * 0.6)  # his centre 0.6 of a radius outside the zone: his base well on it
    assert "PC 1 gets away by the exit (1 of 1 out)" in _plate(match, goal)
    _run(match, goal)
    st = match.game.state
    assert not st.figures["pc1"].on_table and st.escaped == 1, (st.figures["pc1"].position, st.escaped)


def test_a_base_clear_of_the_exit_stays_and_the_plate_says_nothing_of_it() -> None:
    match = _match((12, 7))
    r = match.game.state.figures["pc1"].radius
    goal = (12.0, 2.0 + r + 0.3)  # his base's edge 0.3" short of the zone
    assert "exit" not in _plate(match, goal)
    _run(match, goal)
    assert match.game.state.figures["pc1"].on_table and match.game.state.escaped == 0


def test_a_bystander_following_him_onto_the_exit_gets_out_too() -> None:
    match = _match((12, 7), npcs={"npc1": (14, 8)})
    r = match.game.state.figures["pc1"].radius
    goal = (12.0, 2.0 + r * 0.6)
    assert "leads npc1 out with them (rescued)" in _plate(match, goal)
    _run(match, goal)
    assert (match.game.state.escaped, match.game.state.rescued) == (1, 1)


def test_the_rules_reference_says_the_base_counts() -> None:
    assert "any part of his base" in (DOCS / "outbreak.md").read_text(encoding="utf-8")
