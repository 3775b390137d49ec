"""The run preview's "boards the escape vehicle on a N+" (Zombie 40,000): the least run that boards is solved
exactly, not found by stepping along the path 0.05" at a time (a way that only grazed the vehicle's reach between
two steps was said never to board, and a length came out up to 0.001" long)."""

from __future__ import annotations

import math

import pytest

from game.rules.zombie40k.movement import boards_at, boards_from
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.table import truncate_path

START = (24.0, 9.52)  # the sergeant, 5.02" below the vehicle's edge (the vehicle: x 20..28, y 0.5..4.5)


def sergeant():  # noqa: ANN201  (the game, its world, the model)
    g = rigged_game({1: [START, (25.2, 9.52)]}, phase=Phase.SHOOTING)
    return g.world, g.figure("p1-1")


def test_a_straight_run_boards_at_exactly_its_distance_less_the_reach() -> None:
    world, m = sergeant()
    reach = world.data.house.embark_reach + m.radius  # 1" and the base's 0.5"
    got = boards_from(world, m, [START, (24.0, 5.3)])
    assert got == pytest.approx(9.52 - 4.5 - reach, abs=1e-9)


def test_a_way_that_grazes_the_vehicles_reach_between_two_steps_boards() -> None:
    """Past the vehicle's corner, within its reach for 0.035" only: the first inch of it is where he boards."""
    world, m = sergeant()
    reach = world.data.house.embark_reach + m.radius
    n, along = (1 / math.sqrt(2), 1 / math.sqrt(2)), (1 / math.sqrt(2), -1 / math.sqrt(2))
    closest = (28.0 + n[0] * (reach - 1e-4), 4.5 + n[1] * (reach - 1e-4))  # just inside, off the corner
    s = 10.025  # the closest point between two of the old 0.05" steps
    a = (closest[0] - along[0] * s, closest[1] - along[1] * s)
    b = (closest[0] + along[0] * 5, closest[1] + along[1] * 5)
    got = boards_from(world, m, [a, b])
    assert got is not None, "the preview said this way never boards"
    assert boards_at(world, m, truncate_path([a, b], got)[-1])
    assert not boards_at(world, m, truncate_path([a, b], got - 1e-6)[-1])
