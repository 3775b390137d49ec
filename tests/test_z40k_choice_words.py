"""At a power-up choice the Power-up 1/2 buttons light only once a model of the squad is selected: their tooltips
and the log line that offers the choice say so (issue 33)."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.events import PowerUpChoiceOffered
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def test_the_choice_buttons_and_the_offer_say_to_select_a_model_first() -> None:
    view = Z40K.view()
    hints = {k.key: k.hint for k in view.action_kinds if k.key in ("choice_1", "choice_2")}
    assert all("select a model of the squad first" in h for h in hints.values()), hints
    g = rigged_game({1: [(20, 30)]})
    line = view.log_lines(g, [PowerUpChoiceOffered("p1", 1, ("roll twice", "push back"))])[0]
    assert "select one of its models, then 1 or 2" in line, line
