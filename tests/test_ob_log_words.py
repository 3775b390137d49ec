"""Play-test (issue 33, Outbreak): the log's words for newcomers, through the real match and view.

- "Paperboy moves 0.0"": a walk that rounds to nothing is no move; the log says he stays where he is and why.
- "no shots left" after one shot: the thirds of the move are spent, in the Fire preview's words.
- "hit in third 3" said nothing to a newcomer: the line says in which third of the zombie's move the hit lands
  ("the last"), how far the zombie comes and the shots left this move; the first hit says once what thirds are.
- A friend in the line of fire: the rules let the shot past him, and the Fire preview now says so.
"""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

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
    assert "Paperboy stays put: stopped by the table edge." in lines


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


def test_a_gun_whose_thirds_are_spent_says_no_shots_this_move_in_shots_as_everywhere() -> None:
    """He fired once: "no shots left" read as if the gun were empty, and "no thirds left" beside "3 shots" as a
    second count: the words count shots, and say the spent ones are this move's."""
    match, _ = shot_in_the_last_third()
    row = match.roster().split("<br>")[1]
    assert "no shots left" in row and "thirds" not in row  # the roster's one form for shots
    match.select("pc1")
    match.click(match.game.figure("z2").position)
    assert "no shots left this move" in match.status.lower(), match.status


def test_a_hit_in_third_3_says_what_it_means() -> None:
    _, lines = shot_in_the_last_third()
    fired = next(line for line in lines if "fires at" in line)
    assert (
        "hit in the last third of its move: the zombie comes its whole move before the hit lands; "
        "no shots left this move" in fired
    )


def test_the_thirds_are_explained_once_at_the_first_hit() -> None:
    """ "hit in third 3" still said nothing to a newcomer (session 46): the line names the third in words, and the
    game's first hit says once what the thirds are; the next hit does not say it again."""
    game = rigged_game(
        pcs={"pc1": (12, 20)},
        zombies=[(12, 10)],
        dice=[5, 3, 3, 3] + [3] * 30,
        weapons={"pc1": ("shotgun", "club")},
    )
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    match.select("pc1")
    match.button("fire")
    for _ in range(2):  # a hit in the second third, not destroyed; he fires again: the last third
        match.click(game.figure("z1").position)
        for _ in range(100):
            match.update(0.1)
    fired = [line for line in lines if "fires at" in line]
    assert len(fired) == 2, lines
    assert "hit in the second third of its move" in fired[0] and "hit in the last third of its move" in fired[1]
    told = "Shooting is in thirds of the zombie's move: one shot a third, three a move"
    assert told in fired[0] and told not in fired[1], fired


def test_the_fire_preview_says_a_friend_in_the_line_of_fire_blocks_nothing() -> None:
    """A newcomer held fire for a friend between him and the zombie; the rules let the shot past, and the
    plate now says so (and says nothing of friends when the line is clear)."""
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (12, 17)}, zombies=[(12, 14), (16, 20)], dice=[])
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("fire")

    def plate_over(fid: str) -> str:
        match.hover(game.figure(fid).position)
        match.update(0.01)
        return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)

    assert "fires past PC 2: a friend in the line of fire blocks nothing here" in plate_over("z1")
    assert "fires past" not in plate_over("z2")


def test_a_grapple_reads_as_dice_rolled_not_as_bracketed_code() -> None:
    """A newcomer read "Grapple: Mags [1 2 1] vs Zombie 3 [4]" as code: the log and the dice tray say who rolled
    what and what he kept. Dice pinned: the human's 3D6 (1, 2, 1), the zombie's D6 (4)."""
    from game.rules.outbreak import close_combat, movement

    game = rigged_game(pcs={"pc1": (12, 12)}, zombies=[(12, 11)], dice=[1, 2, 1, 4], weapons={"pc1": ("", "")})
    game.figure("pc1").name = "Mags"
    movement.zombies_move(game.world)
    close_combat.grapple(game.world)
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    match.show(game.world.events)
    for _ in range(100):
        match.update(0.1)
    grapple = next(line for line in lines if "Grapple" in line)
    assert "Mags rolls 1, 2, 1 and keeps 2; Zombie 1 rolls 4: lost" in grapple, lines
    assert not any("[" in line for line in lines), lines
    assert match.dice is not None and "[" not in match.dice.meaning and "rolls 1, 2, 1" in match.dice.meaning
