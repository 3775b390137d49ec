"""A figure going round a base asks the table only about the ways that could beat the best found so far
(rules: "Common to all three": movement; Zombiekrieg 848, The zombies: a zombie stopped short by a base goes
round it [house how]): a horde of 1000 zombies on the starter map ends its Axis turn with every zombie where
asking every way round puts it, and fewer ways are asked."""

from __future__ import annotations

import math
from contextlib import nullcontext
from unittest.mock import patch

from game.bench.common import starter_scenario
from game.bench.horde import axis_turn, horde_game
from game.rules.kit import detour
from game.scenario.model import Point
from game.table import Table


def turn_ends(slack: float) -> tuple[dict[str, tuple[Point, str]], int]:
    """Every figure's place and state after one Axis turn, and the ways round asked of the table."""
    game = horde_game(starter_scenario(), 1000, seed=4)
    asked = [0]
    legal_path = Table.legal_path

    def counted(table: Table, *args: object, **kwargs: object) -> tuple[Point, ...]:
        asked[0] += 1
        return legal_path(table, *args, **kwargs)  # type: ignore[arg-type]

    with (
        patch.object(detour, "BOUND_SLACK", slack),
        patch("game.rules.zombiekrieg.detour.way_round", side_effect=detour.way_round) as went_round,
        patch.object(Table, "legal_path", counted),
    ):
        axis_turn(game)
    assert went_round.call_count > 50  # the horde did go round
    return {f.id: (f.position, f.state) for f in game.state.figures.values()}, asked[0]


def test_the_horde_goes_round_as_when_every_way_is_asked() -> None:
    every, asked_every = turn_ends(math.inf)  # no bound can skip a way
    bounded, asked_bounded = turn_ends(detour.BOUND_SLACK)
    assert bounded == every
    assert asked_bounded < asked_every


def horde_ends(seed: int, n: int, remember: bool) -> tuple[dict[str, tuple[Point, str]], int]:
    """Every figure's place and state after one Axis turn of ``n`` zombies, and the ways round asked; with
    ``remember`` off a zombie that failed to go round is asked again on every pass."""
    from game.rules.zombiekrieg import detour as zk_detour

    game = horde_game(starter_scenario(), n, seed=seed)
    with (
        nullcontext() if remember else patch.object(zk_detour._Goings, "same_answer", return_value=False),
        patch("game.rules.zombiekrieg.detour.way_round", side_effect=detour.way_round) as went_round,
    ):
        axis_turn(game)
    return {f.id: (f.position, f.state) for f in game.state.figures.values()}, went_round.call_count


def test_a_zombie_that_failed_to_go_round_is_not_asked_again_while_nothing_near_it_moved() -> None:
    asked_less = False
    for seed, n in ((1, 1000), (2, 1000), (3, 400), (5, 1000)):
        every, asked_every = horde_ends(seed, n, remember=False)
        remembered, asked_remembered = horde_ends(seed, n, remember=True)
        assert remembered == every, (seed, n)
        asked_less |= asked_remembered < asked_every
    assert asked_less


def test_a_way_round_a_base_beside_stops_at_once_is_not_asked_and_the_ways_are_the_same() -> None:
    """After a turn (the horde crowded at its front), every zombie's way round toward random goals is the
    one asking every way gives, and the table is asked far less."""
    import random

    game = horde_game(starter_scenario(), 1000, seed=6)
    axis_turn(game)
    table, rng = game.table, random.Random(11)
    asked = {True: 0, False: 0}
    legal_path = Table.legal_path

    def counted(shortcut: bool):
        def ask(t: Table, *args: object, **kwargs: object) -> tuple[Point, ...]:
            asked[shortcut] += 1
            return legal_path(t, *args, **kwargs)  # type: ignore[arg-type]

        return ask

    for f in [f for f in game.state.figures.values() if f.on_table and f.id.startswith("z")][::2]:
        a, d, left = rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 6.0), rng.uniform(0.3, 4.0)
        goal = (f.position[0] + d * math.cos(a), f.position[1] + d * math.sin(a))
        with patch.object(Table, "legal_path", counted(True)):
            short = detour.way_round(table, f.id, f.position, f.radius, goal, left)
        with patch.object(detour, "BOUND_SLACK", math.inf), patch.object(Table, "legal_path", counted(False)):
            every = detour.way_round(table, f.id, f.position, f.radius, goal, left)
        assert short == every, f.id
    assert asked[True] < asked[False] / 2
