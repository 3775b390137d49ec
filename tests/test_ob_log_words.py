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


def shot_in_the_last_third() -> tuple[Match, list[str]]:
    """pc1's shotgun hits Zombie 1 in third 3 (D6 = 3), not destroyed; Zombie 2 stands in range; pc2 has yet
    to act, so the step goes on."""
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (2, 22)},
        zombies=[(12, 14), (16, 18)],
        dice=[3, 3] + [3] * 30,
        weapons={"pc1": ("shotgun", "club")},
    )
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    match.select("pc1")
    match.button("fire")
    match.click(game.figure("z1").position)
    for _ in range(100):
        match.update(0.1)
    return match, lines


def test_a_gun_whose_thirds_are_spent_says_thirds_not_shots() -> None:
    """He fired once: "no shots left" read as if the gun were empty; the thirds of the move are spent."""
    match, _ = shot_in_the_last_third()
    row = match.roster().split("<br>")[1]
    assert "no thirds left" in row and "shots left" not in row
    match.select("pc1")
    match.click(match.game.figure("z2").position)
    assert "no thirds of this move left to fire in" in match.status and "shots left" not in match.status


def test_a_hit_in_third_3_says_what_it_means() -> None:
    _, lines = shot_in_the_last_third()
    fired = next(line for line in lines if "fires at" in line)
    assert (
        "hit in third 3: the zombie comes its whole move before the hit lands; no thirds left to fire in" in fired
    )
