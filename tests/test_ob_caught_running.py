"""Outbreak shows a runner caught (a newcomer's Small Town game): a character who moved this move and was then
grabbed got no first blow, straight to the grapple, as the rules read "if caught while running"
(close_combat.py; the option ``caught_running_first_blow``), and nothing said so: the move preview never
warned, the log went from the grab to the grapple. Now the move preview's plate warns of a run that ends near a
zombie ("a run: if a zombie grabs him this move, no first blow (caught running)"), and the log says "PC 1 was
caught running: no first blow." before his grapple. Through the real match, its plates and its log."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import Move
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.testing import rigged_game
from game.rules.outbreak.view import CAUGHT_RUNNING
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")
CAUGHT = "PC 1 was caught running: no first blow."
READING = {"characters": [{"name": "x", "player": 1}], "caught_running_first_blow": True}


def plate(game: OutbreakGame, to: tuple[float, float]) -> str:
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    match.hover(to)
    match.update(0.01)
    return "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)


def grabbed_after(game: OutbreakGame, to: tuple[float, float]) -> list[str]:
    """The log while PC 1 (alone, so his move ends the step) moves to ``to`` and Zombie 1 comes and grabs him."""
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    match.send(Move("pc1", (to,)))
    for _ in range(200):
        match.update(0.1)
    assert any("grabs PC 1" in line for line in lines), lines
    return lines


def test_a_run_near_a_zombie_warns_of_no_first_blow() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[])
    assert CAUGHT_RUNNING in plate(game, (15.0, 20.0))  # along, then away: a run


def test_closing_in_or_the_other_reading_or_no_zombie_near_warns_of_nothing() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[])
    assert "caught running" not in plate(game, (12.0, 17.0))  # toward the zombie: he closes in to fight
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[], options=READING)
    assert "caught running" not in plate(game, (15.0, 20.0))  # the runner strikes first in this reading
    game = rigged_game(pcs={"pc1": (12, 22)}, zombies=[(2, 2)], dice=[])
    assert "caught running" not in plate(game, (16.0, 22.0))  # no zombie can come to grab him this move


def test_the_log_says_the_runner_grabbed_gets_no_first_blow() -> None:
    # he rolls 3 to move (6"), runs 3"; Zombie 1 walks 6" and grabs him; no first blow; 6, 6, 6 against 1
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[3, 3, 6, 6, 6, 1] + [3] * 60)
    lines = grabbed_after(game, (15.0, 20.0))
    grapple = next(i for i, line in enumerate(lines) if "Grapple: PC 1" in line)
    assert CAUGHT in lines[grapple - 1], lines
    assert not any("strikes" in line for line in lines), lines


def test_the_log_says_nothing_of_it_when_he_struck_first() -> None:
    # he closes in (the club's blow, a 1, misses), or runs in the other reading (the blow a 1 too)
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[3, 3, 1, 6, 6, 6, 1] + [3] * 60)
    lines = grabbed_after(game, (12.0, 18.0))
    assert any("PC 1 strikes Zombie 1" in line for line in lines) and not any(CAUGHT in x for x in lines)
    game = rigged_game(
        pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[3, 3, 1, 6, 6, 6, 1] + [3] * 60, options=READING
    )
    lines = grabbed_after(game, (15.0, 20.0))
    assert any("PC 1 strikes Zombie 1" in line for line in lines) and not any(CAUGHT in x for x in lines)
