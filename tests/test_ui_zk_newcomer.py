"""Zombiekrieg on screen for a newcomer (issue 33, club night): what a second play-test found, through the
real controller and game scene."""

from __future__ import annotations

from game.controller import Click, Controller, Hover
from game.rules.drawing import Plate
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView

SGT = "us1-sgt"
SUCCESS = [1, 1, 1, 2]


def _plate_text(ctl: Controller) -> str:
    prims = ctl.view.drawing(ctl.game, ctl.preview_command, ctl.preview)
    return "\n".join(p.text for p in prims if isinstance(p, Plate))


def test_a_move_into_the_exit_says_he_leaves_the_table_and_the_count() -> None:
    scenario = tiny_scenario(objective="exit", exits=[(0, 0, 24, 3)], properties={"exit_count": 3})
    g = rigged_game(soldiers={SGT: (12, 7, 0), "us1-r1": (4, 20, 0)}, dice=SUCCESS * 5, guts={SGT: 9},
                    scenario=scenario)  # fmt: skip
    g.state.exited = 1
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(SGT).position))
    ctl.handle(Hover((12.0, 1.5)))
    text = _plate_text(ctl)
    assert "leaves the table by the exit (2 of 3 out)" in text.lower(), text
    assert "Stops here" not in text
    ctl.handle(Hover((12.0, 10.0)))  # a move that stays on the table says nothing of leaving
    assert "leaves the table" not in _plate_text(ctl).lower()
