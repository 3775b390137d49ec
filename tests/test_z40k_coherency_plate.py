"""Zombie 40,000 at club night (issue 33): the coherency warning was a big red plate over the model in hand,
three lines of 20-point type across the table where the player was about to move. It is now a small plate by
the model who stands out, the farthest, and the table's plates keep clear of each other."""

from __future__ import annotations

import os

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.overlays import Label
from game.ui.previews import PLATE

RS = get_ruleset("zombie40k")
GUARDS = {"unit": "infantry_squad", "models": 10}


def _coherency_labels(fid: str) -> list[Label]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.match import Match

    g = rigged_game({1: [(10.0, 30.0), (11.5, 30.0), (13.0, 30.0), (19.0, 30.0)]}, teams=[GUARDS])
    g.state.phase = Phase.MOVEMENT
    match = Match(g, RS.view())
    match.click(g.figure(fid).position)
    assert match.controller.selected == fid
    return [o for o in match.overlays() if isinstance(o, Label) and o.plate and "coherency" in o.text]


def test_the_coherency_plate_is_small_and_stands_by_the_one_out_not_over_the_model_in_hand() -> None:
    (label,) = _coherency_labels("p1-1")
    assert label.size < PLATE["size"], label.size  # smaller type than an action's plate
    assert label.position == (19.0, 30.0), label.position  # Guardsman 4, 5" out: not Guardsman 1 in hand
    assert 'Guardsman 4 is 5.0" from Guardsman 3' in label.text, label.text  # still who, how far, what to do
