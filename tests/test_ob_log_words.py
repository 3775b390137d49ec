"""Play-test (issue 33, Outbreak): the log's words for newcomers, through the real match and view.

- "Paperboy moves 0.0"": a walk that rounds to nothing is no move; the log says he stays where he is and why.
"""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def log_of(game: OutbreakGame, *buttons: str) -> list[str]:
    """The log lines the match writes while the buttons are pressed and what follows is shown."""
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    for b in buttons:
        match.button(b)
    for _ in range(100):
        match.update(0.1)
    return lines


def test_a_bystander_who_cannot_run_stays_where_he_is_and_the_log_says_why() -> None:
    game = rigged_game(
        pcs={"pc1": (20.0, 20.0)}, npcs={"npc1": (0.52, 12.0)}, zombies=[(4.0, 12.0)], dice=[3] * 40
    )
    game.figure("npc1").name = "Paperboy"
    lines = log_of(game, "end_turn", "end_turn")  # the bystanders act once the player ends his step
    assert not any('0.0"' in line for line in lines)
    assert "Paperboy stays where he is: stopped by the table edge." in lines
