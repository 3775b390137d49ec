"""Outbreak's move preview says who a move takes off the table (newcomer, issue ob2 item 1): hovering a
run into the exit showed only 6". Now the plate says the runner gets away (and the count toward the
objective), names the followers led out, and says when the runner stays (a PC in a rescue)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game, tiny_scenario
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def plates_over_exit(objective: str, npcs: dict[str, tuple[float, float]] | None = None) -> str:
    scen = tiny_scenario(objective=objective, characters=(), spawns=(), exits=[(0, 0, 24, 2)])
    game = rigged_game(pcs={"pc1": (12, 5)}, npcs=npcs, scenario=scen, dice=[])
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.hover((12.0, 1.0))
    match.update(0.01)
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def test_a_run_into_the_exit_says_he_gets_away() -> None:
    assert "PC 1 gets away by the exit (1 of 1 out)" in plates_over_exit("escape")


def test_a_rescue_says_who_is_led_out_and_that_the_runner_stays() -> None:
    text = plates_over_exit("rescue", npcs={"npc1": (14, 6)})
    assert "PC 1 stays on the table at the exit: only bystanders are led out" in text
    assert "leads npc1 out (1 of 1 led out)" in text


def test_a_move_short_of_the_exit_says_nothing_of_it() -> None:
    scen = tiny_scenario(objective="escape", characters=(), spawns=(), exits=[(0, 0, 24, 2)])
    game = rigged_game(pcs={"pc1": (12, 20)}, scenario=scen, dice=[])
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.hover((12.0, 15.0))
    match.update(0.01)
    assert not any("exit" in o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def test_with_no_zombie_near_the_plate_promises_no_8_inch_run() -> None:
    """Playtest: 'no zombie within 8": ... on an 8" run Jo the mechanic gets away': with no roll there is no
    8" run, so the exit 7" off is out of his 6" walk and the plate says nothing of getting away."""
    scen = tiny_scenario(objective="escape", characters=(), spawns=(), exits=[(0, 0, 24, 2)])
    game = rigged_game(pcs={"pc1": (12, 9)}, scenario=scen, dice=[])
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.hover((12.0, 1.0))
    match.update(0.01)
    text = "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)
    assert 'no zombie within 8"' in text and '8" run' not in text and "gets away" not in text


def test_a_bystander_led_into_the_exit_of_an_escape_gets_out_rescued() -> None:
    """A newcomer's Small Town game (session 45): the Paperboy followed Jo the mechanic into the exit and stayed
    there, "left behind" on the end screen, "bystanders rescued 0". Rule (house): a bystander who ends a move in
    an exit zone leaves the table, rescued, whatever the objective; in an escape he counts for nothing toward it."""
    text = plates_over_exit("escape", npcs={"npc1": (14, 6)})
    assert "PC 1 gets away by the exit (1 of 1 out)" in text, text  # the count is the runner's alone
    assert "leads npc1 out with them (rescued)" in text, text
    scen = tiny_scenario(objective="escape", characters=(), spawns=(), exits=[(0, 0, 24, 2)])
    game = rigged_game(pcs={"pc1": (12, 5)}, npcs={"npc1": (14, 6)}, scenario=scen, dice=[])
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.click((12.0, 1.0))
    match.click((12.0, 1.0))
    for _ in range(400):
        match.update(0.1)
    st = game.state
    assert (st.escaped, st.rescued) == (1, 1), (st.escaped, st.rescued)
    assert not st.figures["npc1"].on_table
