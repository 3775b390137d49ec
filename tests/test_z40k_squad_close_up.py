"""Zombie 40,000's squad move closes up (session 47 play-test, Hive Street): a newcomer's 10 Ork Boyz, strung out
in a line, moved keeping each boy's place round the Nob, so the mob stayed strung out, ended out of coherency,
and the Nob stood boxed in by his own boys. A squad that keeping its places would leave strung out now closes
up round the spot pointed, the Nob at the front; a tight squad moves as before."""

from __future__ import annotations

import math

from game.controller import Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k import coherency
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
MOB = {"unit": "ork_boyz", "models": 10, "sergeant": True}  # p1-1 is the Nob
# the mob deployed in a line along y 30, 1" between bases (19" long), the Nob (pointed) in the middle
LINE = [(14.0 + 2.0 * i, 30.0) for i in range(10)]
STRUNG = [LINE[4], *LINE[:4], *LINE[5:]]


def _moved(squad: list[tuple[float, float]], lead: tuple[float, float], goal: tuple[float, float]):  # noqa: ANN202
    g = rigged_game({1: squad}, teams=[MOB], phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(lead))
    assert ctl.handle(Button("squad")).accepted, ctl.message
    ctl.handle(Hover(goal))
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    done = ctl.handle(Click(goal))
    assert done.accepted and done.events, done.message
    return g, plate


def test_a_strung_out_line_of_ten_closes_up_round_the_spot_in_coherency_each_within_his_move() -> None:
    goal = (LINE[4][0], 24.0)  # 6" ahead of the Nob, open ground
    g, plate = _moved(STRUNG, LINE[4], goal)
    assert "10 of 10 models move" in plate and "short" not in plate and "coherency" not in plate, plate
    models = g.world.alive(g.state.units["p1"])
    assert all(m.moved for m in models)
    assert coherency.in_coherency(g.world, g.state.units["p1"])
    for m, start in zip(models, STRUNG):
        assert math.dist(m.position, start) <= 6.0 + 1e-6, (m.id, start, m.position)
    nob = g.figure("p1-1").position
    assert math.dist(nob, goal) < 0.1  # the Nob where he was pointed
    far = max(math.dist(m.position, nob) for m in models)
    assert far < 6.5, far  # closed up round him (the line kept its 10" either side of him)


def test_the_nob_stands_at_the_front_of_his_closed_up_mob_with_a_way_on() -> None:
    goal = (LINE[4][0], 24.0)
    g, _ = _moved(STRUNG, LINE[4], goal)
    nob = g.figure("p1-1").position
    boys = [m.position for m in g.world.alive(g.state.units["p1"]) if m.id != "p1-1"]
    assert all(p[1] > nob[1] - 0.05 for p in boys), boys  # none of his boys ahead of him...
    ahead = (nob[0], nob[1] - 2.0)
    assert all(_off_way(p, nob, ahead) >= 1.0 for p in boys)  # ...nor in his way on


def _off_way(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far ``p`` stands from the way a-b."""
    ab = (b[0] - a[0], b[1] - a[1])
    t = max(0.0, min(1.0, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / (ab[0] ** 2 + ab[1] ** 2)))
    return math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1]))


def test_a_tight_mob_keeps_its_places_as_before() -> None:
    block = [(18.0 + 1.6 * (i % 5), 36.0 + 1.6 * (i // 5)) for i in range(10)]  # as the mob deploys
    g, plate = _moved(block, block[0], (18.0, 31.0))
    assert "short" not in plate, plate
    for i, (x, y) in enumerate(block, 1):
        assert math.dist(g.figure(f"p1-{i}").position, (x, y - 5.0)) < 0.05, (i, g.figure(f"p1-{i}").position)


def test_a_way_to_a_spot_in_the_cell_he_stands_in_against_a_squad_mate_is_no_way_and_no_crash() -> None:
    """Routing a model a tenth of an inch toward a squad-mate touching his base (a closing squad's model sent
    next to where he stands) raised IndexError in the screen's routing: the local grid's way there was empty."""
    from game.rules.routing import Routes
    from game.rules.zombie40k.testing import small_scenario
    from game.table import Table

    table = Table.from_scenario(small_scenario())
    table.place("a", (10.0, 10.0), 0.5)
    table.place("b", (11.05, 10.0), 0.5)
    assert Routes().to(table, "a", (10.0, 10.0), 0.5, (10.1, 10.0), 7.0, 0) == []


def test_a_guard_squad_walked_three_moves_up_hive_street_stays_in_coherency_each_move() -> None:
    """Session 47 play-test, Hive Street: a 10-model Guard squad moved up the street past the sandbag line
    ended a strung-out line out of coherency after its second move (its back models trailing round the sandbags
    while the kept formation stayed "in coherency" the move before). Three squad moves in a row, each 6" toward
    the gunship, now leave it in coherency and no longer than a loose block."""
    from game.scenario.loader import load_scenario

    sc = load_scenario("maps/hive_street.tmx")
    guard = {"unit": "infantry_squad", "models": 10, "sergeant": True}
    squad = [(25.0 + 1.6 * (i % 5), 40.0 + 1.6 * (i // 5)) for i in range(10)]  # as the squad deploys
    gunship = (36.0, 4.0)
    for move in range(3):
        g = rigged_game({1: squad}, teams=[guard], scenario=sc, phase=Phase.MOVEMENT, dice=[6] * 20)
        lead = squad[0]
        t = 6.0 / math.dist(lead, gunship)
        goal = (lead[0] + t * (gunship[0] - lead[0]), lead[1] + t * (gunship[1] - lead[1]))
        ctl = Controller(g, Z40K.view())
        ctl.handle(Click(lead))
        assert ctl.handle(Button("squad")).accepted, ctl.message
        ctl.handle(Hover(goal))
        done = ctl.handle(Click(goal))
        assert done.accepted and done.events, (move, done.message)
        squad = [g.figure(f"p1-{i}").position for i in range(1, 11)]
        assert coherency.in_coherency(g.world, g.state.units["p1"]), (move, squad)
        length = max(math.dist(a, b) for a in squad for b in squad)
        assert length < 8.0, (move, length)


def test_a_model_round_a_sandbag_line_is_knitted_to_the_squad_on_its_side_not_back_behind_it() -> None:
    """A closing squad's model who went round the end of a wall and ended out of coherency was sent back to just
    within 2" of his nearest squad-mate on the side he started: behind the wall, where he stood still, in
    coherency across it, and fell further behind the next move. He now joins the squad on its side of the wall."""
    from game.rules.zombie40k import close_up
    from game.rules.zombie40k.testing import small_scenario
    from game.table import Table

    table = Table.from_scenario(small_scenario(walls=[((8.0, 11.5), (12.0, 11.5))]))
    ends = {"lead": (10.0, 10.0), "boy": (15.0, 9.0)}  # he went round the east end, 5" from the lead
    starts = {"lead": (10.0, 16.0), "boy": (10.0, 13.2)}  # he stood behind the wall
    goal = close_up.knit(table, "lead", ends, starts, 0.5, 2.0, 6.0)["boy"]
    assert goal[1] < 11.5 - 0.5, goal  # on the lead's side of the wall
    assert math.dist(goal, ends["lead"]) - 1.0 <= 2.0, goal  # in coherency with him
