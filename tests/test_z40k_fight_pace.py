"""A close combat plays at a pace a player can read (newcomers on Hive Street, session 46: "the Assault phase flies
by"): each roll of the fight (to hit, to wound, Feel No Pain), each death and the combat's result is its own step
on the screen, so the dice tray shows every roll and the log tells the blows one after another, in the rules'
order, not all in one frame. A Shooting phase's shots keep their pace.

Rules: Zombie 40,000, Assault [7th]: a squad locked with a horde fights as its Assault phase ends."""

from __future__ import annotations

import re

from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")
FRAME = 1 / 30
TAG = re.compile(r"<[^>]+>")


def _fight_shown() -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
    """Player 1 ends his Assault phase with his squad locked with a horde: the frames it takes, each log line and
    each roll in the dice tray with the second it appeared at (speed 1)."""
    g = rigged_game(
        {1: [(10, 30), (11.2, 30), (12.4, 30)]},
        hordes=[[(10, 31.05), (11.2, 31.05), (12.4, 31.05)]],
        phase=Phase.ASSAULT,
    )
    g.world.engage(g.world.unit("h1"), g.world.unit("p1"))
    g.dice = g.world.dice = Dice(seed=5)
    lines: list[tuple[float, str]] = []
    clock = [0.0]
    m = Match(g, Z40K.view(), log=lambda line: lines.append((clock[0], TAG.sub("", line))))
    m.button("end_turn")
    m.button("end_turn")  # (asked first: his models may still act)
    rolls: list[tuple[float, str]] = []
    for _ in range(3000):
        if m.dice is not None and (not rolls or rolls[-1][1] != m.dice.meaning):
            rolls.append((clock[0], m.dice.meaning))
        if not m.playback.busy or "zombies' turn" in " ".join(w for _, w in lines[-1:]):
            break
        m.update(FRAME)
        clock[0] += FRAME
    return lines, rolls


def test_each_blow_of_the_fight_is_its_own_moment_in_the_log() -> None:
    lines, _ = _fight_shown()
    fight = [(t, w) for t, w in lines if "against" in w or "wound" in w or "killed" in w or w.startswith("Combat")]
    assert len(fight) >= 5, lines
    times = [t for t, _ in fight]
    assert times == sorted(times)  # in the rules' order
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert min(gaps) >= 0.35, list(zip(gaps, [w for _, w in fight[1:]]))  # each read before the next comes
    assert any(w.startswith("Combat") for _, w in fight) and any("killed" in w for _, w in fight)


def test_the_dice_tray_shows_every_roll_of_the_fight() -> None:
    _, rolls = _fight_shown()
    to_hit = [(t, r) for t, r in rolls if r.startswith("to hit")]
    assert len(to_hit) >= 2, rolls  # the squad's blows, then the zombies': each roll shown, not only the last
    stays = [b[0] - a[0] for a, b in zip(rolls, rolls[1:])]
    assert min(stays) >= 0.35, list(zip(stays, [r for _, r in rolls]))
