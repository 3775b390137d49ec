"""Zombie 40,000's squad move (issue 33): one click moves every model still to move, in formation, each round what
is in his way, as a sequence of the models' own Moves the rules check one by one."""

from __future__ import annotations

import math

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Cross, Plate, Ring
from game.rules.zombie40k.commands import MoveSquad
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
SQUAD = [(18.0, 38.0), (19.5, 38.0), (21.0, 38.0), (18.0, 39.5), (19.5, 39.5), (21.0, 39.5)]


def _squad_move(ctl: Controller, at: tuple[float, float]) -> None:
    ctl.handle(Click(SQUAD[0]))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    ctl.handle(Hover(at))


def test_one_click_moves_the_whole_squad_in_formation_round_a_wall_as_one_command() -> None:
    # a wall across the way of the right-hand models: they go round it, the others straight; six clicks become one
    g = rigged_game(
        {1: SQUAD}, phase=Phase.MOVEMENT, scenario=small_scenario(walls=[((20.5, 36.0), (24.0, 36.0))])
    )
    ctl = Controller(g, Z40K.view())
    _squad_move(ctl, (18.0, 33.0))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    ghosts = [d for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Ring)]
    assert len(ghosts) == 6  # where each lands, before the click
    done = ctl.handle(Click((18.0, 33.0)))
    assert done.accepted, done.message
    assert [type(c) for c in g.commands] == [MoveSquad]  # one command: one undo step
    models = [g.figure(f"p1-{i}") for i in range(1, 7)]
    assert all(m.moved for m in models)
    for m, (x, y) in zip(models, SQUAD):
        assert math.dist(m.position, (x, y - 5.0)) < 0.3, (m.id, m.position)  # each kept his place
    assert sum("moves 5.0" in line for line in Z40K.view().log_lines(g, done.events)) >= 3


def test_a_model_the_rules_stop_stays_and_the_log_and_the_preview_say_why() -> None:
    # a zombie just ahead of the rear right model: his move would end within 1" of it; the rest still move
    g = rigged_game({1: SQUAD}, hordes=[[(21.0, 36.0)]], phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    _squad_move(ctl, (18.0, 36.0))
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    plate = next(d.text for d in drawn if isinstance(d, Plate))
    assert "MOVE SQUAD" in plate and "of 6 models move" in plate, plate
    first = ctl.handle(Click((18.0, 36.0)))  # a model left behind asks first; the same spot again moves the rest
    assert "stays: The path is blocked by Guardsman 1" in first.message and "Click again" in first.message
    assert not g.commands
    done = ctl.handle(Click((18.0, 36.0)))
    lines = Z40K.view().log_lines(g, done.events)
    assert any("Guardsman 4 stays where he is: The path is blocked by Guardsman 1" in x for x in lines), lines
    assert sum(m.moved for m in g.world.alive(g.state.units["p1"])) == 5
    assert any(isinstance(d, Cross) for d in drawn)


def test_the_squad_button_is_grey_with_why_once_only_one_model_is_left_to_move() -> None:
    g = rigged_game({1: SQUAD[:2]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(SQUAD[1]))
    ctl.handle(Click((19.5, 36.0)))
    ctl.handle(AnimationDone())
    ctl.handle(Click(SQUAD[0]))
    refused = ctl.handle(Button("squad"))
    assert not refused.accepted and "move him with M" in refused.message, refused.message


def test_a_model_stopped_short_of_his_place_by_a_wall_is_marked_and_counted() -> None:
    # a wall north of the right-hand model: his way round its west end is longer than the 6" the others walk
    g = rigged_game(
        {1: SQUAD[:3]}, phase=Phase.MOVEMENT, scenario=small_scenario(walls=[((20.3, 36.6), (30.0, 36.6))])
    )
    ctl = Controller(g, Z40K.view())
    _squad_move(ctl, (18.0, 32.0))
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    plate = next(d.text for d in drawn if isinstance(d, Plate))
    assert "MOVE SQUAD: 3 of 3 models move\n1 stops short of his place (X)" in plate, plate
    assert sum(isinstance(d, Cross) for d in drawn) == 1
