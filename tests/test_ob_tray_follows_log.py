"""The dice tray shows the roll the log just told (newcomer's Small Town game, ob45 item 4): at the zombies' move
the log tells their paces in one line ("Zombies' pace: 1 runs 8" (Zombie 2 rolled a 6), 2 walk 6"") while the tray
showed one zombie's roll under it ("D6 = 3: Zombie 1 moves 6""), then the next, behind the log. The tray now shows
the step's dice and the log's line for them. Through the real match, its log and its tray."""

from __future__ import annotations

import re

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def test_the_tray_shows_the_paces_the_log_told() -> None:
    # three zombies far from the humans; their paces 3, 6, 2 (Zombie 2 runs)
    game = rigged_game(
        pcs={"pc1": (12.0, 20.0)}, zombies=[(2.0, 2.0), (12.0, 2.0), (22.0, 2.0)], dice=[3, 6, 2] * 40
    )
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    match.button("end_turn")
    match.button("end_turn")
    seen: list[tuple[str, str]] = []
    for _ in range(300):
        match.update(0.05)
        told = [re.sub("<[^>]+>", "", line) for line in lines if "pace" in line]
        if told and match.dice is not None:
            seen.append((told[-1], match.dice.meaning))
    paces = [(log, tray) for log, tray in seen if "Zombies' pace" in log and "Zombie" in tray]
    assert paces, seen
    assert all(tray == log for log, tray in paces), sorted(set(paces))
    assert paces[0][0] == 'Zombies\' pace: 1 runs 8" (Zombie 2 rolled a 6), 2 walk 6"', paces[0]
    assert match.dice is not None and match.dice.faces[:3] == (6, 3, 2)  # the runner's die first
