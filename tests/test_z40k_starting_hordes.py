"""The starting hordes (rules: Zombie 40,000: Set-up): "The Zombies have [N] squads of [M] zombies for each
player, deployed randomly throughout the table" [seed]. The house numbers are written with the digits 1-6 (the
only digits the copy lost); each horde stands round a cell of a 6 x 6 grid picked by two D6, clear of the
deployment zones and the escape vehicle."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.dice import ScriptedDice
from game.rules.zombie40k.data import load_data
from game.rules.zombie40k.game import new_game
from game.rules.zombie40k.setup import clearance
from game.rules.zombie40k.state import HORDE
from game.rules.zombie40k.testing import small_scenario
from game.scenario.loader import load_scenario

MAPS = Path(__file__).resolve().parents[1] / "maps"
Z40K_MAPS = ("hive_street", "manufactorum_ferrum", "last_evac")


def _hordes(g):  # noqa: ANN001, ANN202 - a test's own look
    return [u for u in g.state.units.values() if u.kind == HORDE]


def _middle(g, unit):  # noqa: ANN001, ANN202
    ms = [g.state.models[f] for f in unit.models]
    return (sum(m.position[0] for m in ms) / len(ms), sum(m.position[1] for m in ms) / len(ms))


def test_the_house_numbers_are_written_with_the_digits_the_copy_lost() -> None:
    """Squads (plural) of zombies (plural), each number made of the digits 1-6 only: never "10"."""
    h = load_data().house
    for key, value in (("horde_squads", h.horde_squads), ("horde_size", h.horde_size)):
        assert value >= 2 and set(str(value)) <= set("123456"), key


def test_hordes_for_each_player_round_the_cells_two_dice_pick() -> None:
    """Two players get 2 x horde_squads hordes of horde_size; the D6s pick column then row, and a cell too
    near the vehicle, or already holding a horde, is rolled again."""
    h = load_data().house
    squads, size = h.horde_squads, h.horde_size
    # the 48" table's cells are 8" square: column 3, row 1 is beside the vehicle (rolled again); column 1,
    # row 1 is the top-left corner; for the second horde it is taken (rolled again), then column 6, row 1;
    # the others in row 3, 20" down, each a new cell; then the players' roll-off
    faces = [3, 1, 1, 1, 1, 1, 6, 1]
    for k in range(2 * squads - 2):
        faces += [k % 6 + 1, 3 + k // 6]
    dice = ScriptedDice([*faces, 6, 1])
    g = new_game(small_scenario(players=2), {"teams": ["infantry_squad"] * 2}, seed=1, dice=dice)
    hordes = _hordes(g)
    assert len(hordes) == 2 * squads
    assert all(len(u.models) == size for u in hordes)
    first, second = _middle(g, hordes[0]), _middle(g, hordes[1])
    assert math.dist(first, (4, 4)) < 2.5  # column 1, row 1 (column 3 row 1 was beside the vehicle)
    assert math.dist(second, (44, 4)) < 2.5  # column 6, row 1 (column 1 row 1 was taken)


@pytest.mark.parametrize("name", Z40K_MAPS)
def test_no_starting_zombie_stands_near_a_deployment_zone_or_the_vehicle(name: str) -> None:
    """Over ten seeded set-ups of each shipped map (four players): every zombie of a starting horde is at
    least horde_clearance from every deployment zone and the escape vehicle, and the hordes are spread across
    the table (today's edge hordes never started more than 8" from an edge)."""
    sc = load_scenario(str(MAPS / f"{name}.tmx"))
    need = load_data().house.horde_clearance
    inland = 0
    for seed in range(1, 11):
        g = new_game(sc, {"players": 4}, seed=seed)
        away = clearance(g.world)
        for u in _hordes(g):
            for f in u.models:
                m = g.state.models[f]
                assert away(m.position) - m.radius >= need - 1e-6, (seed, f, m.position)
            x, y = _middle(g, u)
            inland += min(x, y, sc.width - x, sc.height - y) > 8
        assert len(_hordes(g)) == 4 * load_data().house.horde_squads
    assert inland > 0
