"""The question a click asked ("Only 6.0\" reachable ... click again", "Click again to move the rest ...
Guardsman 6 stays") is about the spot clicked: a newcomer pointed elsewhere and still read it about the old
target. It leaves the status line when the pointer moves to another target, and comes back on the spot."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")


def _asked() -> tuple[Match, str]:
    g = rigged_game({1: [(10, 30), (11.2, 30)]}, phase=Phase.MOVEMENT)
    m = Match(g, Z40K.view())
    m.click((10, 30))
    m.hover((10.0, 20.0))
    m.update(0.0)
    m.click((10.0, 20.0))  # 10" away: past his 6"
    assert "again" in m.status, m.status
    return m, m.status


def test_the_question_goes_when_the_pointer_moves_to_another_target() -> None:
    m, question = _asked()
    m.hover((16.0, 28.0))
    m.update(0.0)
    assert m.status != question, m.status


def test_the_question_comes_back_on_the_spot_it_asked_about() -> None:
    m, question = _asked()
    m.hover((16.0, 28.0))
    m.update(0.0)
    m.hover((10.05, 20.0))
    m.update(0.0)
    assert m.status == question, m.status
