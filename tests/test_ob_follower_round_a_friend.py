"""A follower goes round a friend in his way (issue 33, Outbreak; rules: Outbreak, Movement, followers [house]).

A newcomer's finding: a bystander who ran after his leader stood still when a friend stood in his way, and the
log said "Little Billy moves 0.0"" (the last fix made followers go round at the exit only). Now he runs round
the friend to the free place nearest his leader, anywhere on the table.
"""

from __future__ import annotations

import math

from game.rules.outbreak.commands import Move
from game.rules.outbreak.testing import rigged_game

LEADER, LEADER_END = (12.9, 6.0), (12.9, 10.0)
FOLLOWER = (14.0, 6.0)  # beside the leader (0.1" apart)
FRIEND = (14.0, 7.05)  # against the follower, on his straight way to the leader's end, clear of the leader's


def test_a_follower_stopped_by_a_friend_away_from_the_exit_goes_round_him() -> None:
    """The leader runs 4" south, his follower's roll 6" (D6 = 3): the follower goes round the
    bystander against him and ends beside his leader (before: he stayed put, "moves 0.0")."""
    g = rigged_game(pcs={"pc1": LEADER}, npcs={"npc1": FOLLOWER, "npc2": FRIEND}, dice=[3, 3] + [4] * 10)
    g.apply(Move("pc1", (LEADER_END,), followers=("npc1",)))
    leader, follower = g.figure("pc1"), g.figure("npc1")
    assert math.dist(leader.position, LEADER_END) < 0.01
    assert g.figure("npc2").position == FRIEND  # the friend did not follow
    assert math.dist(follower.position, FOLLOWER) > 2.0, follower.position
    assert math.dist(follower.position, leader.position) < 1.5, follower.position


def test_a_follower_with_nobody_in_his_way_runs_straight_to_his_leader() -> None:
    """Nobody in his way: he runs straight at his leader's end and stops at his base, as before."""
    g = rigged_game(pcs={"pc1": LEADER}, npcs={"npc1": FOLLOWER}, dice=[6, 6] + [4] * 10)
    g.apply(Move("pc1", (LEADER_END,), followers=("npc1",)))
    follower = g.figure("npc1")
    assert math.dist(follower.position, g.figure("pc1").position) < 1.2, follower.position
