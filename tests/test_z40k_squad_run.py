"""Zombie 40,000's squad run (issue 33, club night): once the squad's one Run roll is made, Squad (Q) and one
click run every model still to run toward the point, each his own Run within the roll, as one command (one undo
step), with the squad move's preview: ghosts, and who stops short."""

from __future__ import annotations

import math

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Cross, Plate, Ring
from game.rules.zombie40k.commands import MoveSquad, Run
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
SQUAD = [(18.0, 38.0), (19.5, 38.0), (21.0, 38.0), (18.0, 39.5), (19.5, 39.5), (21.0, 39.5)]


def _first_runs(ctl: Controller) -> None:
    """R and a click: the front left model runs 4" and the squad's run is rolled (D6 = 4)."""
    ctl.handle(Click(SQUAD[0]))
    assert ctl.handle(Button("run")).accepted, ctl.message
    assert ctl.handle(Click((18.0, 34.0))).accepted, ctl.message
    ctl.handle(AnimationDone())


def test_once_the_run_is_rolled_squad_runs_every_model_still_to_run_in_one_command() -> None:
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] + [1] * 20)
    ctl = Controller(g, Z40K.view())
    _first_runs(ctl)
    ctl.handle(Click(SQUAD[1]))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    ctl.handle(Hover((19.5, 34.0)))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    assert sum(isinstance(d, Ring) for d in drawn) == 5  # a ghost for each of the five still to run
    plate = next(d.text for d in drawn if isinstance(d, Plate))
    assert plate.startswith("RUN SQUAD: 5 of 5 models run"), plate
    done = ctl.handle(Click((19.5, 34.0)))
    assert done.accepted, done.message
    assert [type(c) for c in g.commands] == [Run, MoveSquad] and g.commands[-1].run  # one undo step
    assert all(g.figure(f"p1-{i}").ran for i in range(1, 7))
    assert g.state.units["p1"].run_roll == 4  # still the squad's one roll
    for i, (x, y) in enumerate(SQUAD[1:], start=2):
        assert math.dist(g.figure(f"p1-{i}").position, (x, y - 4.0)) < 0.3, (i, g.figure(f"p1-{i}").position)


def test_a_squad_run_marks_who_stops_short_of_his_place() -> None:
    # a wall north of the right-hand model: his way round it is longer than the 4" rolled
    g = rigged_game(
        {1: SQUAD[:3]},
        hordes=[[(5, 5)]],
        phase=Phase.SHOOTING,
        dice=[4] + [1] * 20,
        scenario=small_scenario(walls=[((20.3, 36.6), (30.0, 36.6))]),
    )
    ctl = Controller(g, Z40K.view())
    _first_runs(ctl)
    ctl.handle(Click(SQUAD[1]))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    ctl.handle(Hover((19.5, 34.0)))
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    plate = next(d.text for d in drawn if isinstance(d, Plate))
    assert "RUN SQUAD: 2 of 2 models run\n1 stops short of his place (X)" in plate, plate
    assert sum(isinstance(d, Cross) for d in drawn) == 1


def test_squad_is_grey_in_the_shooting_phase_until_the_run_is_rolled() -> None:
    g = rigged_game({1: SQUAD[:2]}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] + [1] * 20)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(SQUAD[0]))
    refused = ctl.handle(Button("squad"))
    assert not refused.accepted and "Run first" in refused.message, refused.message


def test_q_straight_after_the_first_run_needs_no_selection() -> None:
    """A newcomer pressed Q straight after his first runner's run and read "Select one of your models first.":
    with nothing selected, Q now takes the squad that just ran."""
    g = rigged_game({1: SQUAD}, hordes=[[(5, 5)]], phase=Phase.SHOOTING, dice=[4] + [1] * 20)
    ctl = Controller(g, Z40K.view())
    _first_runs(ctl)
    ctl.handle(Button("cancel"))
    ctl.handle(Button("cancel"))
    assert ctl.selected is None
    pressed = ctl.handle(Button("squad"))
    assert pressed.accepted and ctl.action == "squad", pressed.message
    assert g.figure(ctl.selected).unit == "p1" and not g.figure(ctl.selected).ran
