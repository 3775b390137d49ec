"""Zombie 40,000's records agree with the game (issue 33, a newcomer's findings): the roster and the end screen
give one distance to the escape vehicle, from one function; a chapter's history lists the power-ups won with
their fate (used, lost), not items lost with a wiped-out team as if they were carried on.

Rules: Zombie 40,000, "Power-ups" (a wiped-out team loses its power-ups). Dice scripted."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k import power_ups
from game.rules.zombie40k.campaign import history_line
from game.rules.zombie40k.commands import Move
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def _roster_titles(g) -> list[str]:
    return [grp.title for grp in Z40K.view().roster(g, {}, set())]


def _end_lines(g) -> list[str]:
    return list(Z40K.report(g).groups)


def test_the_roster_and_the_end_screen_give_one_distance_to_the_vehicle() -> None:
    """Player 1 has one Guardsman aboard and one on the table: both screens say so, with the same inches."""
    g = rigged_game({1: [(24, 6.6), (25.2, 9.6)]}, phase=Phase.MOVEMENT)
    g.apply(Move("p1-1", ((24.0, 5.2),)))  # within 1" of the escape vehicle: aboard, and player 1 wins
    assert g.over
    title, line = _roster_titles(g)[0], _end_lines(g)[0]
    said = line.split(", ")[-2] + ", " + line.split(", ")[-1]
    assert said.startswith("1 aboard the escape vehicle, the rest") and said in title, (title, line)


def test_a_team_on_the_table_reads_the_same_inches_on_both() -> None:
    g = rigged_game({1: [(24, 30.0)]}, phase=Phase.MOVEMENT)
    title, line = _roster_titles(g)[0], _end_lines(g)[0]
    inches = line.rsplit(", ", 1)[-1]
    assert inches.endswith('" from the vehicle') and inches in title, (title, line)


def _win(g, face_a: int, face_b: int, horde: str) -> None:
    """Squad p1 destroys ``horde``; its 2D6 on the power-up table is scripted to ``face_a + face_b``."""
    g.dice._faces[g.dice._used : g.dice._used] = [face_a, face_b]
    for fid in list(g.state.units[horde].models):
        g.world.kill(g.state.models[fid], "p1 test")
    g._flush()


def test_a_wiped_out_teams_history_marks_its_power_ups_lost() -> None:
    """Rules: Power-ups, "a wiped-out team loses its power-ups": the Medpack (7) and the Shotgun (8) it won
    are written "(lost)" in the chapter's history, not listed as won and carried."""
    g = rigged_game({1: [(10, 30), (11.2, 30)]}, hordes=[[(30, 30)], [(30, 10)]])
    _win(g, 3, 4, "h1")
    _win(g, 4, 4, "h2")
    assert g.state.units["p1"].power_ups == [power_ups.MEDPACK, power_ups.SHOTGUN]
    assert "power-ups won: Medpack, Shotgun;" in history_line(g, g.figure("p1-1"), True, 2) + ";"
    for fid in g.state.units["p1"].models:
        g.world.kill(g.figure(fid), "test")
    g._flush()
    line = history_line(g, g.figure("p1-1"), False, 2)
    assert "power-ups won: Medpack (lost), Shotgun (lost)" in line, line


def test_a_speed_pack_that_ran_its_turn_wears_off_in_the_log_not_lost() -> None:
    """The log said "Tactical Squad loses Super Mushroom Speed Pack: its turn is over" for a Speed Pack used
    and spent: it wears off; a loss is a loss (a wiped-out team's items)."""
    from game.rules.zombie40k import log_words
    from game.rules.zombie40k.events import PowerUpLost

    g = rigged_game({1: [(10, 30)]})
    spent = log_words.line(g, PowerUpLost("p1", (power_ups.SPEED_PACK,), "its turn is over"))
    assert "wears off (its turn is over)" in spent and "loses" not in spent, spent
    lost = log_words.line(g, PowerUpLost("p1", (power_ups.MEDPACK,), "Infantry Squad was wiped out"))
    assert "loses Medpack" in lost, lost
