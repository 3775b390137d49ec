"""A horde of many zombies goes round the bases in its way in a compiled loop (issue 38: 5000 zombies in a
turn), and every zombie ends where the Python reference puts it, on the same way, with the same events
(rules: Zombiekrieg 848, The zombies: a zombie stopped short by a base goes round it [house how]). The loop
hands the table its questions about walls, the table's edge and clutter; the hordes here meet all three."""

from __future__ import annotations

from unittest.mock import patch

import pytest

from game.bench.common import starter_scenario, tiled
from game.bench.horde import axis_turn, horde_game
from game.rules.zombiekrieg import detour, detour_batch


def turn(scenario, n: int, seed: int, batch: bool) -> tuple[dict, list[str], int]:
    """Every figure's place, state and facing after one Axis turn, the turn's events, and the questions
    the loop asked the table."""
    game = horde_game(scenario, n, seed=seed)
    answer = detour_batch._answer
    with (
        patch.object(detour, "ROUND_BATCH_FROM", 1 if batch else 10**9),
        patch.object(detour_batch, "_answer", side_effect=answer) as asked,
    ):
        axis_turn(game)
    figures = {f.id: (f.position, f.state, f.facing) for f in game.state.figures.values()}
    return figures, [repr(e) for e in game.world.events], asked.call_count


@pytest.mark.parametrize(("n", "seed"), [(40, 3), (250, 5), (1000, 2), (1000, 9)])
def test_the_loop_goes_round_as_the_python_does_on_one_table(n: int, seed: int) -> None:
    reference = turn(starter_scenario(), n, seed, batch=False)
    looped = turn(starter_scenario(), n, seed, batch=True)
    assert looped[:2] == reference[:2]


def test_the_loop_goes_round_as_the_python_does_on_a_table_of_four() -> None:
    big = tiled(starter_scenario())
    reference = turn(big, 3000, 7, batch=False)
    looped = turn(big, 3000, 7, batch=True)
    assert looped[:2] == reference[:2]
    assert looped[2] > 50  # walls and clutter were asked of the table


@pytest.mark.parametrize(("least", "looped"), [(1, [True]), (10**9, [])])
def test_a_horde_of_at_least_round_batch_from_goes_round_in_the_loop(least: int, looped: list[bool]) -> None:
    game = horde_game(starter_scenario(), 200, seed=1)
    went = []
    loop = detour_batch.go_round

    def spy(*args: object) -> bool:
        went.append(loop(*args))  # type: ignore[arg-type]
        return went[-1]

    with patch.object(detour, "ROUND_BATCH_FROM", least), patch.object(detour_batch, "go_round", spy):
        axis_turn(game)
    assert went == looped


def test_the_python_goes_round_where_the_loops_run_plain() -> None:
    from game.table import plain

    with patch.object(plain, "plain", return_value=True):
        assert detour_batch.go_round(None, [object()], [], {}, None) is False  # type: ignore[arg-type,list-item]


def loop_turn(scenario, n: int, seed: int, together: bool) -> tuple[dict, list[str], int]:
    """:func:`turn` in the loop, its questions about one zombie handed to the table together or one at a time;
    the last number is how often the loop stopped for the table."""
    from game.rules.zombiekrieg import detour_kernel

    rounds = detour_kernel.rounds
    with (
        patch.object(detour_batch, "ASK_TOGETHER", together),
        patch.object(detour_kernel, "rounds", side_effect=rounds) as stops,
    ):
        figures, events, _ = turn(scenario, n, seed, batch=True)
    return figures, events, stops.call_count


@pytest.mark.parametrize(("n", "seed", "side"), [(250, 5, 1), (1000, 9, 1), (3000, 7, 2), (5000, 1, 2)])
def test_questions_asked_together_give_the_answers_of_one_at_a_time(n: int, seed: int, side: int) -> None:
    scenario = tiled(starter_scenario(), side, side) if side > 1 else starter_scenario()
    one_at_a_time = loop_turn(scenario, n, seed, together=False)
    together = loop_turn(scenario, n, seed, together=True)
    assert together[:2] == one_at_a_time[:2]
    if n >= 3000:  # many zombies meet walls: the loop stops for the table far less often
        assert together[2] < 0.7 * one_at_a_time[2]
