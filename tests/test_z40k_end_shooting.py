"""Ending Zombie 40,000's Shooting phase through the screen glue. Issue 33: a newcomer whose squad had no shot was
asked "6 models have not acted"; a power-up held is never a duty. Session 45: a 40k veteran's double click on End
phase threw away his Shooting phase (Movement asked, Shooting did not: his squad could only run), so a model that
could still shoot or run is asked about, as Movement's are; once every model has shot or run, E ends at once."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")
SQUAD = [(20, 40), (21.2, 40), (22.4, 40)]


def test_e_asks_before_ending_a_shooting_phase_in_which_models_could_still_run() -> None:
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[1] * 20)  # 40" off: out of range
    m = Match(g, Z40K.view())
    assert all("run" in m.actions(f) and "shoot" not in m.actions(f) for f in ("p1-1", "p1-2", "p1-3"))
    m.button("end_turn")
    assert g.state.phase == Phase.SHOOTING  # asked: they could still run
    assert m.status == "3 models have not acted: press E again to end the phase.", m.status
    m.button("end_turn")
    assert g.state.phase != Phase.SHOOTING, m.status


def test_a_double_click_on_end_phase_ends_movement_but_not_shooting_too() -> None:
    """Movement asked first; a double click then ended Movement, and its second click ended Shooting unasked."""
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.MOVEMENT, dice=[1] * 20)
    m = Match(g, Z40K.view())
    m.button("end_turn")
    assert g.state.phase == Phase.MOVEMENT and "press E again" in m.status  # asked once
    m.button("end_turn")  # the double click: Movement ends...
    m.skip()
    m.button("end_turn")  # ...and its second click is asked about, not taken as the end of Shooting
    assert g.state.phase == Phase.SHOOTING, m.status
    assert m.status == "3 models have not acted: press E again to end the phase.", m.status


def test_e_ends_a_shooting_phase_at_once_when_every_model_has_run() -> None:
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] * 20)
    m = Match(g, Z40K.view())
    m.click(SQUAD[0])
    m.button("run")
    m.click((20.0, 42.0))  # R and a click: the squad's run is rolled, the first model runs
    m.skip()
    m.click(SQUAD[1])
    m.button("squad")
    m.click((21.5, 42.0))  # Squad and a click: the others run
    m.skip()
    assert not any("run" in m.actions(f) for f in ("p1-1", "p1-2", "p1-3")), m.status
    m.button("end_turn")
    assert g.state.phase != Phase.SHOOTING, m.status
