"""Outbreak playtest: Deacon Hale hit Zombie 7 (4" away, an 8" pace) in the last third of its move; the log
said the zombie comes its whole move before the hit lands, yet on the table it stayed where it was. The
rules were right: another zombie stood in its way (zombies' bases block a shot zombie's share as they block
any walk). The log now says so instead of leaving the board and the log at odds."""

from __future__ import annotations

import math

from test_ob_paces_log import plain

from game.rules.outbreak import Fire
from game.rules.outbreak.events import ShareBlocked
from game.rules.outbreak.testing import rigged_game
from game.rules.outbreak.view import OutbreakView

HIT_LAST_THIRD = [2, 6, 1]  # hit in the last third; the zombie's pace D6 = 6 (8"); not destroyed


def shot_in_the_last_third(zombies: tuple[tuple[float, float], ...]) -> tuple[list[str], float, list[object]]:
    """Zombie 1 is 4" from the shooter (edge to edge) with ``zombies`` after it; the shot's log and how far it came."""
    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (2, 2)}, zombies=zombies, dice=HIT_LAST_THIRD)
    before = game.figure("z1").position
    events = game.apply(Fire("pc1", "z1"))
    return plain(OutbreakView().log_lines(game, events)), math.dist(before, game.figure("z1").position), events


def test_a_zombie_in_the_way_keeps_the_shot_one_where_it_is_and_the_log_says_so() -> None:
    lines, came, events = shot_in_the_last_third(((12, 15), (12, 16.05)))  # Zombie 2 between it and him
    assert came < 0.1
    assert [e for e in events if isinstance(e, ShareBlocked)] == [ShareBlocked("z1", round(came, 3), "z2")]
    assert "Zombie 1 is blocked by Zombie 2 and stays where it is." in lines
    assert (
        lines.index("Zombie 1 is blocked by Zombie 2 and stays where it is.") < len(lines) - 1
    )  # before the roll


def test_an_open_way_brings_the_zombie_to_the_shooter_and_no_blocked_line() -> None:
    lines, came, events = shot_in_the_last_third(((12, 15),))
    assert came > 3.9  # it came the 4" to his feet
    assert not [e for e in events if isinstance(e, ShareBlocked)]
    assert not any("blocked" in line for line in lines)
