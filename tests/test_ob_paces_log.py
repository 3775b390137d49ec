"""Outbreak playtest: the log flooded with a "Zombie N's pace: D6 = ..." line per zombie per move (~25). The
zombies' move step tells the paces on one line, where the first was; the dice tray still gets every roll."""

from __future__ import annotations

from game.rules.core import DiceRolled
from game.rules.outbreak.commands import EndStep
from game.rules.outbreak.testing import rigged_game
from game.rules.outbreak.view import OutbreakView


def plain(lines: list[str]) -> list[str]:
    import re

    return [re.sub(r"<[^>]*>", "", line).replace("&quot;", '"') for line in lines]


def zombies_move() -> tuple[list[str], list[object]]:
    # four zombies far off (aware): paces 6, 2, 6, 3 -- two run 8", two walk 6"
    zombies = [(2, 40), (6, 40), (10, 40), (14, 40)]
    game = rigged_game(pcs={"pc1": (12, 2)}, zombies=zombies, dice=[6, 2, 6, 3] + [4] * 60)
    n = len(game.log)
    events = game.apply(EndStep())
    assert game.log[n:] == events
    return plain(OutbreakView().log_lines(game, events)), events


def test_a_moves_paces_are_one_line_in_the_log() -> None:
    lines, events = zombies_move()
    paces = [line for line in lines if "pace" in line]
    assert paces == ['Zombies\' pace: 2 run 8" (Zombie 1, Zombie 3 rolled a 6), 2 walk 6"']
    assert lines.index(paces[0]) == lines.index("Step 4: zombies move") + 1  # where the first roll was
    rolls = [e for e in events if isinstance(e, DiceRolled) and e.purpose.endswith(" pace")]
    assert [r.total for r in rolls] == [6, 2, 6, 3]  # every roll still an event: the dice tray shows each


def test_the_fold_holds_when_the_screen_gets_the_events_a_few_at_a_time() -> None:
    lines, _ = zombies_move()
    game_view = OutbreakView()
    # the playback hands the log its events in runs: the paces are still told once, where the first was
    game = rigged_game(
        pcs={"pc1": (12, 2)}, zombies=[(2, 40), (6, 40), (10, 40), (14, 40)], dice=[6, 2, 6, 3] + [4] * 60
    )
    events = game.apply(EndStep())
    chunked = []
    for k in range(len(events)):
        chunked += plain(game_view.log_lines(game, events[k : k + 1]))
    assert chunked == lines


def test_one_zombies_pace_names_him() -> None:
    """A move with one zombie read "Zombie's pace: 1 walks 6"" (a newcomer took the 1 for a zombie's number)."""
    for die, words in ((2, 'Zombie 1 walks 6"'), (6, 'Zombie 1 runs 8" (rolled a 6)')):
        game = rigged_game(pcs={"pc1": (12, 2)}, zombies=[(2, 40)], dice=[die] + [4] * 30)
        lines = plain(OutbreakView().log_lines(game, game.apply(EndStep())))
        assert words in lines and not [line for line in lines if "pace" in line], lines


def shot_log(dice: list[int]) -> list[str]:
    """The log the real match writes while PC 1 fires at Zombie 1, 6" off, and the shot plays."""
    from game.rules.outbreak import Fire
    from game.rules.outbreak.view import OutbreakView as View
    from game.ui.match import Match

    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (2, 22)}, zombies=[(12, 14)], dice=dice + [3] * 30)
    lines: list[str] = []
    match = Match(game, View(), log=lines.append)
    match.send(Fire("pc1", "z1"))
    for _ in range(100):
        match.update(0.1)
    return plain(lines)


def test_a_zombie_shot_dead_in_the_first_third_has_no_pace_line() -> None:
    """A newcomer read 'Zombie 1's pace: D6 = 3: Zombie 1 moves 6"' after 'hit and killed in the first third':
    the zombie rolls the pace it comes on at before it drops (an event still, for the dice tray), but the log
    does not tell the pace of a zombie it has told dead."""
    lines = shot_log([6, 3])
    assert any(
        "PC 1 fires at Zombie 1: D6 = 6, hit and killed in the first third of its move." in x for x in lines
    ), lines
    assert not any("pace" in line or "moves 6" in line for line in lines), lines


def test_a_zombie_hit_later_still_has_its_pace_told() -> None:
    lines = shot_log([4, 3, 5])  # the second third; it comes on at 6" (a 3), then the 5 destroys it
    pace = next(i for i, line in enumerate(lines) if "pace" in line)
    assert 'moves 6"' in lines[pace] and "destroyed" in lines[pace + 1], lines
