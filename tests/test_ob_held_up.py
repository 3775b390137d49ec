"""Hunting zombies held up by other zombies move on once those have gone (rules: Outbreak, Movement [house]).

A newcomer's finding: on Small Town some thirty zombies stood piled against the cemetery railings for six
moves, each stopped by the one in front of it, and only three or four ever reached the streets.
"""

from __future__ import annotations

import math

from game.ai import bot_for
from game.rules.core import get_ruleset
from game.rules.outbreak import movement
from game.rules.outbreak.testing import rigged_game, tiny_scenario
from game.scenario import load_scenario

GAP_WALLS = [[(0.0, 12.0), (10.8, 12.0)], [(13.2, 12.0), (24.0, 12.0)]]  # a wall across with a 2.4" gap


def test_a_file_of_zombies_at_a_gap_all_walk_their_move():
    """Four zombies in single file at a gap, the back one moving first: each walks its full 6", not just
    the front one while the three behind it stand still."""
    file = [(12.0, 19.6), (12.0, 18.4), (12.0, 17.2), (12.0, 16.0)]
    sc = tiny_scenario(walls=GAP_WALLS, characters=(), spawns=())
    g = rigged_game(pcs={"pc1": (12, 1)}, zombies=file, dice=[3] * 4, scenario=sc)  # every pace 6"
    movement.zombies_move(g.world)
    walked = [math.dist(start, g.figure(f"z{i}").position) for i, start in enumerate(file, start=1)]
    assert all(w > 5.5 for w in walked), walked


CEMETERY_RAILINGS_Y, CEMETERY_WEST_X = 40.0, 30.5  # inches: small_town.tmx's cemetery, south-east corner


def test_small_towns_zombies_come_out_of_the_cemetery():
    """Seed 4 on Small Town: by move 8 most zombies have left the cemetery for the streets (before the fix
    25 of the 30 on the table were still inside)."""
    sc = load_scenario("maps/small_town.tmx")
    game = get_ruleset(sc.ruleset).new_game(sc, {}, 4)
    bot = bot_for(sc.ruleset)
    while not game.over and game.state.move < 8:
        game.apply(bot(game))
    zombies = [z for z in game.state.zombies() if z.on_table]
    inside = [z for z in zombies if z.position[1] > CEMETERY_RAILINGS_Y and z.position[0] > CEMETERY_WEST_X]
    assert len(zombies) >= 20 and len(inside) < len(zombies) / 2, (len(inside), len(zombies))
