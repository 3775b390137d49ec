"""Zombie 40,000 at club night (issue 33): the Movement phase ends by itself once the last model has moved, and
a newcomer's squad ended it strung out, out of coherency, with no chance to close up. The last model's move
(or the squad move of the last ones) that would leave the squad out of coherency now asks first, and says who
stands too far; a second click moves anyway."""

from __future__ import annotations

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def _ahead() -> tuple:  # type: ignore[type-arg]
    """the Sergeant moved 5.5" ahead (legal while Guardsman 1 is still to move: he may yet follow)."""
    g = rigged_game({1: [(18.0, 38.0), (19.5, 38.0)]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((18.0, 38.0)))
    assert ctl.handle(Click((18.0, 32.5))).accepted
    ctl.handle(AnimationDone())
    return g, ctl


def test_the_last_models_move_that_leaves_the_squad_out_of_coherency_asks_first() -> None:
    g, ctl = _ahead()
    ctl.handle(Click((19.5, 38.0)))
    ctl.handle(Hover((19.5, 37.0)))  # a step nearer, not near enough
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert "out of coherency" in plate and 'Guardsman 1 3.8" from Sergeant' in plate, plate
    asked = ctl.handle(Click((19.5, 37.0)))
    assert not asked.events and "Last of the squad to move" in asked.message, asked.message
    assert g.state.phase == Phase.MOVEMENT and not g.figure("p1-2").moved  # the phase waits for him
    done = ctl.handle(Click((19.5, 37.0)))  # the second click: as he asked
    assert done.accepted and g.figure("p1-2").moved


def test_the_last_models_move_that_closes_up_asks_nothing() -> None:
    g, ctl = _ahead()
    ctl.handle(Click((19.5, 38.0)))
    done = ctl.handle(Click((19.5, 33.0)))
    assert done.accepted, done.message


def test_a_squad_move_of_the_last_ones_that_leaves_it_out_of_coherency_asks_first() -> None:
    g = rigged_game({1: [(18.0, 38.0), (19.5, 38.0), (21.0, 38.0)]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((18.0, 38.0)))
    assert ctl.handle(Click((18.0, 32.5))).accepted
    ctl.handle(AnimationDone())
    ctl.handle(Click((21.0, 38.0)))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    asked = ctl.handle(Click((21.0, 37.0)))
    assert not asked.events and "Last of the squad to move" in asked.message, asked.message
    assert g.state.phase == Phase.MOVEMENT
