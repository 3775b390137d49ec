"""Zombie 40,000's squad move (issue 33): one click moves every model still to move, keeping his place in the
squad and going round anything in his way, as a sequence of the models' own Moves the rules check one by one."""

from __future__ import annotations

import math

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Cross, Plate, Ring
from game.rules.zombie40k import coherency
from game.rules.zombie40k.commands import MoveSquad
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario

Z40K = get_ruleset("zombie40k")
SQUAD = [(18.0, 38.0), (19.5, 38.0), (21.0, 38.0), (18.0, 39.5), (19.5, 39.5), (21.0, 39.5)]


def _squad_move(ctl: Controller, at: tuple[float, float]) -> None:
    _squad_move_from(ctl, SQUAD[0], at)


def _squad_move_from(ctl: Controller, lead: tuple[float, float], at: tuple[float, float]) -> None:
    ctl.handle(Click(lead))
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


def test_a_model_whose_way_a_squad_mate_stops_in_moves_up_behind_him_and_the_squad_keeps_together() -> None:
    """A zombie just ahead of the front right models: Guardsman 1 stops 1" short of it, on the place Guardsman 4
    behind him was going to. Guardsman 4 stayed where he was ("The path is blocked by Guardsman 1", a newcomer's
    Space Marine 3) and the squad ended out of coherency; he now moves up behind Guardsman 1."""
    g = rigged_game({1: SQUAD}, hordes=[[(21.0, 36.0)]], phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    _squad_move(ctl, (18.0, 36.0))
    drawn = ctl.view.drawing(g, ctl.preview_command, ctl.preview)
    plate = next(d.text for d in drawn if isinstance(d, Plate))
    assert "MOVE SQUAD: 6 of 6 models move" in plate, plate
    done = ctl.handle(Click((18.0, 36.0)))
    lines = Z40K.view().log_lines(g, done.events)
    assert not any("stays where he is" in x for x in lines), lines
    assert all(m.moved for m in g.world.alive(g.state.units["p1"]))
    assert g.figure("p1-5").position[1] < 39.0  # up behind Guardsman 1 (p1-2, at y 37.5)
    assert coherency.in_coherency(g.world, g.state.units["p1"])


def test_a_model_behind_one_a_terrain_roll_stopped_moves_the_roll_too_and_never_into_him() -> None:
    """Hive Street, as a newcomer's squad move went: the front model walks into rubble and the squad rolls 1";
    the model behind, whose way stays in the open, went his whole way into him and stayed where he was ("The
    path is blocked by ..."), out of coherency. The roll now caps him too [7th: the unit moves through
    difficult terrain], so he moves 1" and keeps his place behind."""
    g = rigged_game(
        {1: [(20.0, 30.0), (20.0, 32.0)]},
        phase=Phase.MOVEMENT,
        scenario=small_scenario(clutter=[(14, 20, 14, 6)]),  # rubble from y 20 to y 26
        dice=[1, 1],  # the squad's difficult-terrain roll: 1"
    )
    ctl = Controller(g, Z40K.view())
    _squad_move_from(ctl, (20.0, 30.0), (20.0, 25.0))
    done = ctl.handle(Click((20.0, 25.0)))  # (a chance at the whole way is not a question: no model stays)
    assert done.accepted, done.message
    lines = Z40K.view().log_lines(g, done.events)
    assert not any("stays where he is" in x for x in lines), lines
    assert g.figure("p1-1").position == (20.0, 29.0)  # the roll's 1"
    assert g.figure("p1-2").position == (20.0, 31.0), g.figure("p1-2").position  # the roll's 1" too
    assert coherency.in_coherency(g.world, g.state.units["p1"])


def test_a_model_the_rules_stop_stays_and_the_log_and_the_preview_say_why() -> None:
    """A squad move whose rear right model is sent 8" aside (a command not made on this screen): he stays, the
    preview says why before the move, the log after it; the rest still move."""
    g = rigged_game({1: SQUAD}, phase=Phase.MOVEMENT)
    moves = tuple((f"p1-{i}", ((x, y - 2.0),)) for i, (x, y) in enumerate(SQUAD, 1))
    cmd = MoveSquad("p1", (*moves[:5], ("p1-6", ((29.0, 39.5),))))
    preview = g.preview(cmd)
    held = [st for st in preview.details["steps"] if st["reason"]]
    assert [st["figure"] for st in held] == ["p1-6"] and 'at most 6"' in held[0]["reason"], held
    plate = next(d.text for d in Z40K.view().drawing(g, cmd, preview) if isinstance(d, Plate))
    assert "5 of 6 models move" in plate and "stays" in plate, plate
    lines = Z40K.view().log_lines(g, g.apply(cmd))
    assert any("Guardsman 5 stays where he is" in x and "at most 6" in x for x in lines), lines
    assert sum(m.moved for m in g.world.alive(g.state.units["p1"])) == 5


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


def test_a_squad_move_into_difficult_terrain_rolls_before_any_model_moves_and_the_roll_caps_every_model() -> None:
    """Movement through difficult terrain [7th]: the unit rolls before it moves and no model moves further than
    the roll. A newcomer's lead walked his whole 6" on open ground before the squad rolled 1" for the models
    behind him going into rubble: the squad ended strung out, out of coherency."""
    g = rigged_game(
        {1: [(18.0, 30.0), (20.5, 30.0)]},
        phase=Phase.MOVEMENT,
        scenario=small_scenario(clutter=[(20, 20, 6, 6)]),  # rubble from x 20 to 26: in the second man's way only
        dice=[1, 1],  # the squad's difficult-terrain roll: 1"
    )
    ctl = Controller(g, Z40K.view())
    _squad_move_from(ctl, (18.0, 30.0), (18.0, 25.0))
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert "the squad rolls first" in plate, plate
    done = ctl.handle(Click((18.0, 25.0)))
    assert done.accepted, done.message
    lines = Z40K.view().log_lines(g, done.events)
    rolled = next(i for i, x in enumerate(lines) if "difficult terrain" in x)
    assert all("moves" not in x for x in lines[:rolled]), lines  # the roll first
    assert math.dist(g.figure("p1-1").position, (18.0, 29.0)) < 0.05, g.figure("p1-1").position  # capped too
    assert math.dist(g.figure("p1-2").position, (20.5, 29.0)) < 0.05, g.figure("p1-2").position
    assert coherency.in_coherency(g.world, g.state.units["p1"])


def _box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]


def test_a_squad_too_wide_for_a_gap_between_buildings_follows_its_leader_through_in_file() -> None:
    """Hive Street: the squad move shifted the whole formation, so in a gap between buildings the outside models
    were stopped by the walls ("Guardian 7 stays: the path is blocked by the Sealed bastion") and the squad
    ended split in groups. Now the squad files through behind the model pointed, as a player would move it."""
    wide = [(18.0, 38.0), (20.0, 38.0), (22.0, 38.0), (18.0, 39.5), (20.0, 39.5), (22.0, 39.5)]
    buildings = _box(8.0, 29.0, 18.6, 34.0) + _box(21.4, 29.0, 32.0, 34.0)  # a 2.8" gap from x 18.6 to 21.4
    g = rigged_game({1: wide}, phase=Phase.MOVEMENT, scenario=small_scenario(walls=buildings))
    ctl = Controller(g, Z40K.view())
    _squad_move_from(ctl, wide[1], (20.0, 32.5))
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert "6 of 6 models move" in plate and "stays" not in plate, plate
    done = ctl.handle(Click((20.0, 32.5)))
    assert done.accepted, done.message
    assert all(m.moved for m in g.world.alive(g.state.units["p1"]))
    assert g.figure("p1-2").position == (20.0, 32.5)
    assert coherency.in_coherency(g.world, g.state.units["p1"])


def test_a_squad_move_that_would_split_the_squad_asks_first() -> None:
    """A squad move that would leave the squad in two groups (a newcomer's squad went round both sides of a
    building) asks before it moves, and says so."""
    g = rigged_game({1: SQUAD[:2]}, phase=Phase.MOVEMENT)
    cmd = MoveSquad("p1", (("p1-1", ((18.0, 33.0),)), ("p1-2", ((19.5, 38.0),))))  # one goes 5", one stays put
    question = Z40K.view().confirm(g, cmd, g.preview(cmd))
    assert "out of coherency" in question and "Click again" in question, question


def test_a_squad_move_that_boards_the_vehicle_says_so_before_the_click_wins() -> None:
    """A single model's plate said "boards the Thunderhawk gunship"; the squad's plate for the same move said only
    "5 of 5 models move", and its click won the game at once."""
    g = rigged_game({1: [(24.0, 9.5), (25.5, 9.5)]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    _squad_move_from(ctl, (24.0, 9.5), (24.0, 5.4))
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert " boards the " in plate, plate


LINE_ALONG_A_WALL = [
    (10.5, 30.7),
    (12.0, 30.9),
    (13.5, 31.2),
    (15.0, 31.6),
    (16.8, 31.3),
    (15.0, 33.0),
    (15.3, 34.5),
]


def test_a_squad_strung_along_a_wall_files_round_its_corner_in_coherency_and_asks_nothing() -> None:
    """Hive Street, a newcomer's Guardians strung along the Sealed bastion's wall, the one at its end pointed
    past the corner: the squad-mates under the wall went round the far side of the building and the plate asked
    'The squad would end out of coherency (3 groups). Click again'. The leader counted as 'short of his place'
    beside the one who went furthest round, so no file was tried; and the file's tail was sent back along the
    leader's first leg, out of reach. Now each follower out of reach closes up behind the one ahead."""
    for run, goal in ((False, (16.0, 28.0)), (True, (18.0, 28.0))):
        g = rigged_game(
            {1: LINE_ALONG_A_WALL},
            phase=Phase.SHOOTING if run else Phase.MOVEMENT,
            scenario=small_scenario(walls=_box(8.0, 24.0, 17.0, 30.0)),  # the building; its wall at y 30
        )
        g.state.units["p1"].run_roll = 5
        ctl = Controller(g, Z40K.view())
        _squad_move_from(ctl, LINE_ALONG_A_WALL[4], goal)
        plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
        assert "out of coherency" not in plate and "Click again" not in plate, (run, plate)
        done = ctl.handle(Click(goal))
        assert done.accepted and done.events, done.message
        assert coherency.in_coherency(g.world, g.state.units["p1"]), run


def test_a_line_2_inches_apart_along_a_wall_moves_along_it_without_a_question() -> None:
    """Models in a line along a wall with 2" between their bases are in coherency [7th]: a squad move along the
    wall (or away from it) keeps them so, and nothing asks 'out of coherency ... Click again'."""
    line = [(14.0 + 3.0 * i, 36.6) for i in range(5)]  # 1" bases, 3" apart: 2" edge to edge
    for goal in ((10.0, 36.6), (32.0, 36.6), (20.0, 39.6)):
        g = rigged_game(
            {1: line}, phase=Phase.MOVEMENT, scenario=small_scenario(walls=[((5.0, 36.0), (45.0, 36.0))])
        )
        assert coherency.in_coherency(g.world, g.state.units["p1"])
        ctl = Controller(g, Z40K.view())
        _squad_move_from(ctl, line[0], goal)
        plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
        assert "coherency" not in plate and "Click again" not in plate, (goal, plate)
        assert ctl.handle(Click(goal)).events
        assert coherency.in_coherency(g.world, g.state.units["p1"]), goal
