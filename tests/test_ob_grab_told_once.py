"""The log tells a grab once (newcomer's Small Town game, ob45 item 3): while Trina fought on, draw after draw,
the log said "Zombie 1 grabs Trina." and "Zombie 2 grabs Trina." again every move, as if new zombies had come.
A zombie still holding her from the move before is not told again; a zombie that comes and grabs her is. Through
the real match and its log."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def log_of_moves(zombies: list[tuple[float, float]], moves: int) -> list[str]:
    """Trina held by the zombies touching her; she and pc2 stand still (End step) for ``moves`` moves, every die
    a 3 (her club misses, each grapple a draw)."""
    game = rigged_game(pcs={"pc1": (12.0, 9.0), "pc2": (2.0, 22.0)}, zombies=zombies, dice=[3] * 600)
    game.figure("pc1").name = "Trina"
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    for _ in range(moves):
        match.button("end_turn")
        match.button("end_turn")
        for _ in range(200):
            match.update(0.1)
    assert game.figure("pc1").on_table and not game.over
    return lines


def test_zombies_that_hold_her_on_are_not_told_again() -> None:
    lines = log_of_moves([(12.0, 8.0), (13.0, 9.0)], 4)
    assert sum("Step 6: zombies and humans grapple" in line for line in lines) >= 3  # three fights or more
    assert sum("Zombie 1 grabs Trina." in line for line in lines) == 1
    assert sum("Zombie 2 grabs Trina." in line for line in lines) == 1


def test_a_zombie_that_comes_and_grabs_her_is_told() -> None:
    lines = log_of_moves([(12.0, 8.0), (12.0, 16.0)], 4)
    assert sum("Zombie 1 grabs Trina." in line for line in lines) == 1
    assert sum("Zombie 2 grabs Trina." in line for line in lines) == 1  # it walked up and took hold
