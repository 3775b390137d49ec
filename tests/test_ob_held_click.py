"""A grabbed character clicked to move (a newcomer's Small Town game): the Sheriff, held by a zombie with his
gun jammed, was clicked to run and the game said only "Nothing to do there." (unjammed: "has nothing left to do
this step"). Now the click, and the Move button, say why in the player's terms: "Sheriff Dale is held by
Zombie 1: a grabbed human cannot move and fights at the close combat step." Through the real controller."""

from __future__ import annotations

import pytest

from game.controller import Button, Click, Controller
from game.rules.outbreak.testing import rigged_game
from game.rules.outbreak.view import OutbreakView

HELD = "Sheriff Dale is held by Zombie 1: a grabbed human cannot move and fights at the close combat step."


@pytest.mark.parametrize("jammed", [True, False])
def test_a_click_to_move_a_grabbed_man_says_he_is_held(jammed: bool) -> None:
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, zombies=[(12, 19), (2, 12)], dice=[])
    sheriff = g.figure("pc1")
    sheriff.name, sheriff.jammed = "Sheriff Dale", jammed
    ctl = Controller(g, OutbreakView())
    ctl.handle(Click(sheriff.position))
    assert ctl.selected == "pc1"
    fb = ctl.handle(Click((16.0, 20.0)))  # the ground: run there
    assert not fb.accepted and fb.message == HELD, fb.message
    fb = ctl.handle(Button("move"))
    assert not fb.accepted and fb.message == HELD, fb.message
    assert sheriff.position == (12.0, 20.0)


def test_a_free_man_who_has_acted_still_reads_as_before() -> None:
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, zombies=[(2, 12)], dice=[])
    g.figure("pc1").acted = "spot"
    ctl = Controller(g, OutbreakView())
    ctl.handle(Click(g.figure("pc1").position))
    fb = ctl.handle(Click((16.0, 20.0)))
    assert "held" not in fb.message and "nothing left to do" in fb.message, fb.message
