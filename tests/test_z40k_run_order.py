"""Zombie 40,000's Run through the screen glue (issue 33): a newcomer (and a 40k veteran) had to press R for
every model of a squad that runs. The squad rolls once [7th]; R once gives the order, then each model's click
runs it within the roll."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")


def test_r_once_then_each_models_click_runs_it_within_the_squads_roll() -> None:
    g = rigged_game(
        {1: [(20, 40), (21.2, 40), (22.4, 40)]}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] + [1] * 20
    )  # fmt: skip  (the squad's run: D6 = 4)
    m = Match(g, Z40K.view())
    m.click((20, 40))
    m.button("run")  # R: the Run order, once
    m.click((20, 37))
    m.skip()
    assert g.figure("p1-1").position == (20.0, 37.0)
    assert m.status == (
        'Infantry Squad runs 4": click each other model, then where it runs (no R needed); or Q, then where,'
        " runs them all."
    )
    for fid, x in (("p1-2", 21.2), ("p1-3", 22.4)):
        m.click((x, 40))  # select him
        m.click((x, 37.5))  # and where: no R
        m.skip()
        assert g.figure(fid).position == (x, 37.5) and g.figure(fid).ran, (fid, m.status)
    assert g.state.units["p1"].run_roll == 4  # one roll for the squad


def test_before_the_order_a_click_on_open_ground_still_never_runs() -> None:
    """A run costs the squad its shooting: a stray click does not give the order."""
    g = rigged_game({1: [(20, 40), (21.2, 40)]}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] + [1] * 20)
    m = Match(g, Z40K.view())
    m.click((20, 40))
    m.click((20, 37))
    assert not g.figure("p1-1").ran and "press R" in m.status, m.status


def test_a_squad_that_may_run_and_shoot_is_told_the_run_order_while_its_runner_stays_selected() -> None:
    """Guardian Defenders (Battle Focus) run and still shoot: the runner stays selected, and the status line
    still says how the others follow (it was empty: the line waited for nobody to be selected)."""
    g = rigged_game({1: [(20, 40), (21.2, 40)]}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] + [1] * 20,
                    teams=["guardian_defenders"])  # fmt: skip
    m = Match(g, Z40K.view())
    m.click((20, 40))
    m.button("run")
    m.click((20, 37))
    m.skip()
    assert m.status == 'Guardian Defenders run 4": click each other model, then where it runs (no R needed).', (
        m.status
    )
    m.click((21.2, 40))
    m.click((21.2, 37.5))
    m.skip()
    assert g.figure("p1-2").ran
