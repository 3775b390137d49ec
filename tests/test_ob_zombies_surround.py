"""Zombies surround (issue 33, Outbreak item 11; rules: Outbreak, Close combat [seed] "Zombies that reach contact
engage (up to three on one human), coming round each other to do it").

A newcomer's finding: eight zombies 3-6" from Earl, each moving 6", gave one attacker a move: they walked in
single file at him and stopped behind each other. A zombie in reach of a hunted human now goes straight to a free
place beside him, round the zombies already there, so up to three engage.
"""

from __future__ import annotations

import math

import pytest

from game.rules.outbreak import movement
from game.rules.outbreak.testing import rigged_game

EARL = (12.0, 12.0)
# eight zombies 3-6" (base edge to base edge) north of him, in a loose crowd (from a newcomer's table)
CROWDS = [
    [
        (9.5, 8.06),
        (11.59, 6.53),
        (10.52, 7.55),
        (14.23, 6.79),
        (12.77, 7.51),
        (15.67, 6.54),
        (9.84, 6.78),
        (13.45, 6.15),
    ],
    [
        (9.78, 6.88),
        (13.35, 6.81),
        (10.85, 6.7),
        (11.57, 7.46),
        (8.97, 6.03),
        (12.82, 5.6),
        (9.8, 8.6),
        (15.53, 6.39),
    ],
]


def _bearing(p: tuple[float, float]) -> float:
    """Degrees round Earl to ``p``."""
    return math.degrees(math.atan2(p[1] - EARL[1], p[0] - EARL[0]))


@pytest.mark.parametrize("crowd", CROWDS)
def test_eight_zombies_in_reach_come_round_each_other_and_three_engage(crowd: list[tuple[float, float]]) -> None:
    """Every pace 6" (D6 = 3): three of the eight engage him, each from its own side (before, two or one; the
    five left, with no one to hunt, shuffle on the same threes)."""
    assert all(3.0 <= math.dist(z, EARL) - 1.0 <= 6.0 for z in crowd)
    g = rigged_game(pcs={"pc1": EARL}, zombies=crowd, dice=[3] * 40)
    movement.zombies_move(g.world)
    engaged = g.state.engaged.get("pc1", [])
    assert len(engaged) == 3, engaged
    sides = sorted(_bearing(g.figure(z).position) for z in engaged)
    assert all(b - a > 40 for a, b in zip(sides, sides[1:])), sides  # round him, not stacked


def test_a_zombie_out_of_reach_still_walks_toward_him() -> None:
    """A lone zombie 10" away walks its 6" toward him (no place beside him is in reach)."""
    g = rigged_game(pcs={"pc1": EARL}, zombies=[(12.0, 1.0)], dice=[3])
    movement.zombies_move(g.world)
    assert math.dist(g.figure("z1").position, (12.0, 7.0)) < 0.2
