"""Outbreak's log gives the roll, then what it did (newcomer's Small Town game, issue ob39 item 6): "Zombie 3 does
not spot Shop assistant (11.2", D6 = 2 vs 3+)", "Zombie 12 is destroyed by Deacon Hale's shot (D6 = 6)" and
"Trina freezes! (D6 = 1)" told the result before the dice, unlike "strikes Zombie 1 with the shovel: D6 = 6 vs
4+, killed". Through the screen's Match and the view's log lines."""

from __future__ import annotations

import re

from ob_helpers import failed_spot

from game.rules.core import get_ruleset
from game.rules.outbreak import events as ev
from game.rules.outbreak.testing import rigged_game

RS = get_ruleset("outbreak")


def plain(line: str) -> str:
    return re.sub(r"<[^>]*>", "", line).replace("&quot;", '"')


def test_a_failed_spot_reads_roll_first() -> None:
    _, logged = failed_spot()
    assert 'PC 1 looks for Zombie 1, 11.0" away: D6 = 1 vs 3+, not spotted.' in map(plain, logged), logged


def test_a_destroying_shot_a_freeze_and_the_other_rolls_read_roll_first() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[])
    lines = [
        plain(line)
        for line in RS.view().log_lines(
            game,
            [
                ev.DestroyRolled("pc1", "z1", 6, True),
                ev.MovementRolled("pc1", 1, 0.0, True),
                ev.MovementRolled("pc1", 6, 8.0, False),
                ev.TirednessRolled("pc1", 1, True),
                ev.JamCleared("pc1", 2, False),
                ev.BiteRolled("pc1", 1, True),
                ev.TurningRolled("pc1", 1, "now"),
                ev.HideRolled("pc1", 5, 2, 1, False),
            ],
        )
    ]
    assert lines == [
        "PC 1's shot on Zombie 1: D6 = 6, destroyed.",
        "PC 1's movement roll: D6 = 1, freezes!",
        "PC 1's movement roll: D6 = 6, moves up to 8\".",
        "PC 1 rolls for tiredness: D6 = 1, is tired and stops for a breather.",
        "PC 1 works the jammed gun: D6 = 2, still jammed.",
        "PC 1's bite check: D6 = 1, bitten!",
        "PC 1's turning roll: D6 = 1, turns now.",
        "PC 1 hides in cover: D6 = 5, stays hidden.",
    ], lines
