"""Ending Zombie 40,000's Shooting phase through the screen glue (issue 33): a newcomer whose squad had no shot
was asked "6 models have not acted"; E asks only about the models that had a legal shot (a run, a power-up
are never a duty)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")
SQUAD = [(20, 40), (21.2, 40), (22.4, 40)]


def test_e_ends_a_shooting_phase_at_once_when_no_model_had_a_shot() -> None:
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[1] * 20)  # 40" off: out of range
    m = Match(g, Z40K.view())
    assert all("run" in m.actions(f) and "shoot" not in m.actions(f) for f in ("p1-1", "p1-2", "p1-3"))
    m.button("end_turn")
    assert g.state.phase != Phase.SHOOTING, m.status  # not asked: nobody could shoot


def test_e_asks_about_the_models_that_had_a_shot_only() -> None:
    g = rigged_game({1: SQUAD}, hordes=[[(21, 33)]], phase=Phase.SHOOTING, dice=[1] * 20)
    m = Match(g, Z40K.view())
    able = [f for f in ("p1-1", "p1-2", "p1-3") if "shoot" in m.actions(f)]
    assert able
    m.button("end_turn")
    assert g.state.phase == Phase.SHOOTING
    noun = "model has" if len(able) == 1 else "models have"
    assert m.status == f"{len(able)} {noun} not acted: press E again to end the phase.", m.status
