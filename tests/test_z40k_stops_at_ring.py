"""A click beyond the 6" move ring moved the model 6" and stopped, and the preview plate said only "MOVE 6.0" along
the path": a newcomer on Hive Street read it as the whole way (session 47). The plate now says the model stops at
the ring; a move within it says nothing of the kind."""

from __future__ import annotations

from game.rules.contract import Aim
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

RING = '6" is as far as he moves: he stops at the ring'


def _plate(goal: tuple[float, float]) -> str:
    g = rigged_game({1: [(20.0, 30.0)]}, phase=Phase.MOVEMENT)
    view = get_ruleset("zombie40k").view()
    cmd = view.command(g, "p1-1", "move", Aim(path=(goal,)))
    assert cmd is not None
    drawn = view.drawing(g, cmd, g.preview(cmd))
    return next(p.text for p in drawn if isinstance(p, Plate))


def test_a_move_pointed_beyond_the_ring_says_he_stops_at_the_ring() -> None:
    text = _plate((20.0, 16.0))  # 14" up the open table
    assert text.startswith('MOVE 6.0"') and RING in text, text


def test_a_move_within_the_ring_says_nothing_of_it() -> None:
    assert "ring" not in _plate((20.0, 26.0))
