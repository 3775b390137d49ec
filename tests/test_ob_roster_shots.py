"""Outbreak's roster says the shots a gun has left as the rules allow them now (newcomer, issue ob2 item
3): after one shot landing in the last third the roster read "0 shots", and with a shot left but no
zombie in range it read "1 shot" though Fire was off. Through the screen's Match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import Fire
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def roster_after_a_shot(dice: list[int]) -> tuple[Match, str]:
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (14, 22)},
        zombies=[(12, 14), (2, 2)],
        dice=dice + [3] * 30,
        weapons={"pc1": ("shotgun", "club")},
    )
    match = Match(game, RS.view())
    match.send(Fire("pc1", "z1"))
    for _ in range(100):
        match.update(0.1)
    return match, match.roster().split("<br>")[1]


def test_a_shot_in_the_last_third_leaves_no_shots_this_move() -> None:
    """ "0 shots" and "no shots left" read as an empty gun; "no thirds left" beside "3 shots" read as a second
    thing counted (a later newcomer): the count is in shots, and the spent ones are this move's."""
    match, line = roster_after_a_shot([3, 3, 3])  # hit in third 3 (pace 6"), not destroyed
    # the roster's one form for shots (a later newcomer: "no shots this move fired" was one form of five)
    assert "no shots left" in line and "0 shots" not in line and "thirds" not in line
    assert match.game.actions_for("pc1") == []


def test_a_shot_left_with_no_zombie_in_range_says_so() -> None:
    match, line = roster_after_a_shot([5, 3, 5])  # hit in third 2, destroyed: the other zombie is far
    assert "fire" not in match.game.actions_for("pc1")
    assert "1 shot left (no zombie in range)" in line  # playtest: "1 shot, none in range fired" was hard to parse
