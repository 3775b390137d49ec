"""Moves go where the player points (issue "Club-night play", item 3), through the real controller:
a MOVE routes round friendly bases, walls and buildings within the 6" allowance measured along the route
(rules: Zombiekrieg 848, MOVE); out of reach, the preview stops at the furthest point on the route; a
click that would move less than asked asks again before it spends the action; waypoints still force a route."""

from __future__ import annotations

import math

from game.controller import AnimationDone, Click, Controller, Hover, Mode
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView
from game.table import path_length

SGT = "us1-sgt"
SUCCESS = [1, 1, 1, 2]  # a GUTS test passed with room to spare (then spare dice)


def controller(soldiers, walls=(), dice=SUCCESS * 5) -> Controller:
    g = rigged_game(soldiers=soldiers, zombies=[(20, 2)], dice=dice, guts={SGT: 9},
                    scenario=tiny_scenario(walls=walls))  # fmt: skip
    return Controller(g, ZombiekriegView())


def test_a_move_through_a_packed_line_routes_round_the_friendly_bases() -> None:
    # the Sergeant behind a line of three riflemen, base to base, pointing 4" beyond them
    ctl = controller({SGT: (12, 20, 270), "us1-r1": (11, 18.9, 270), "us1-r2": (12, 18.9, 270),
                      "us1-r3": (13, 18.9, 270)})  # fmt: skip
    g = ctl.game
    ctl.handle(Click(g.figure(SGT).position))
    goal = (11.0, 17.0)
    ctl.handle(Hover(goal))
    preview = ctl.preview
    assert preview is not None and preview.legal
    assert math.dist(tuple(preview.details["points"][-1]), goal) < 0.05  # he gets there, round the line
    fb = ctl.handle(Click(goal))
    assert fb.accepted and fb.events, fb.message
    move = g.commands[-1]
    assert len(move.path) >= 2 and path_length([(12, 20), *move.path]) <= 6.0  # a route, within his 6"


def test_a_move_routes_round_a_wall_and_is_measured_along_the_route() -> None:
    ctl = controller({SGT: (6, 12, 0)}, walls=[((8, 10), (8, 14))])
    g = ctl.game
    ctl.handle(Click(g.figure(SGT).position))
    goal = (9.5, 13.0)
    ctl.handle(Hover(goal))
    d = ctl.preview.details
    assert d["length"] > math.dist((6, 12), goal) + 0.5  # longer than the straight line: round the wall's end
    assert math.dist(tuple(d["points"][-1]), goal) < 0.05
    assert ctl.handle(Click(goal)).events


def test_out_of_reach_the_preview_stops_at_the_furthest_point_on_the_route() -> None:
    ctl = controller({SGT: (4, 20, 0)})
    g = ctl.game
    ctl.handle(Click(g.figure(SGT).position))
    ctl.handle(Hover((20.0, 20.0)))  # 16" away
    d = ctl.preview.details
    assert abs(d["length"] - 6.0) < 1e-6 and abs(d["points"][-1][0] - 10.0) < 1e-6


def test_a_click_that_moves_less_than_asked_asks_again_first() -> None:
    # boxed in by a wall and the table edge's corner: nothing better than a short step
    ctl = controller({SGT: (1, 22.5, 0), "us1-r1": (2.2, 22.5, 0)}, walls=[((0, 21.3), (4, 21.3))])
    g = ctl.game
    ctl.handle(Click(g.figure(SGT).position))
    goal = (8.0, 22.5)
    fb = ctl.handle(Click(goal))
    assert not g.commands and fb.accepted and "reachable" in fb.message and "click again" in fb.message
    fb = ctl.handle(Click(goal))
    assert g.commands and type(g.commands[-1]).__name__ == "Move"


def test_waypoints_still_force_the_route() -> None:
    ctl = controller({SGT: (12, 20, 270)})
    g = ctl.game
    ctl.handle(Click(g.figure(SGT).position))
    ctl.handle(Click((10.0, 19.0), shift=True))
    ctl.handle(Click((10.0, 17.0)))
    assert g.commands[-1].path == ((10.0, 19.0), (10.0, 17.0))
    while ctl.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
        ctl.handle(AnimationDone())


def test_pointing_at_a_friends_base_routes_to_the_free_ground_beside_him() -> None:
    # the LMG gunner behind a line of riflemen, pointing beyond them onto a rifleman's base edge: the route
    # goes round the line to the free ground by the pointer, not 0.5" into the man in front
    ctl = controller({SGT: (3, 22, 270), "us1-lmg": (12, 20, 270), "us1-r1": (11, 18.5, 270), "us1-r2": (12.5, 18.5, 270),
                      "us1-r3": (14, 18.5, 270), "us1-r4": (12.5, 17, 270)})  # fmt: skip
    g = ctl.game
    ctl.handle(Click(g.figure("us1-lmg").position))
    goal = (13.0, 16.4)  # on the edge of us1-r4's base
    ctl.handle(Hover(goal))
    d = ctl.preview.details
    assert ctl.preview.legal and d["length"] > 2.0, d  # a route, not a shuffle into the rifleman
    end = tuple(d["points"][-1])
    assert math.dist(end, goal) <= 1.6  # beside where he pointed
    for fid in ("us1-r1", "us1-r2", "us1-r3", "us1-r4"):  # standing clear of every base
        assert math.dist(end, g.figure(fid).position) >= 1.0 - 1e-6
