"""A run's dice in the rules' own words (a newcomer's Orks, with Crusader): the run ring read "run D6"" while the
squad rolls 2D6 and keeps the best, and the dice tray read "2D6 keep highest: (4, 2) -> 4", a programmer's tuple."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")


def _orks(dice: list[int]) -> Match:
    g = rigged_game(
        {1: [(20, 30), (21.2, 30)]}, teams=[{"unit": "ork_boyz", "models": 2, "usr": "Crusader"}], dice=dice
    )
    g.state.phase = Phase.SHOOTING
    return Match(g, Z40K.view())


def _ring_words(m: Match) -> list[str]:
    return [o.label for o in m.overlays() if getattr(o, "label", "").startswith("run")]


def test_a_crusader_squads_run_ring_says_its_two_dice() -> None:
    m = _orks([])
    m.select("p1-1")
    m.button("run")
    assert any('run 2D6" (the best die)' in w for w in _ring_words(m)), _ring_words(m)


def test_a_marines_run_ring_says_one_die() -> None:
    g = rigged_game({1: [(20, 30), (21.2, 30)]})
    m = Match(g, Z40K.view())
    m.select("p1-1")
    m.button("run")
    assert _ring_words(m) == ['run D6"'], _ring_words(m)


def test_the_dice_tray_says_the_best_of_two_in_words() -> None:
    m = _orks([4, 2])
    m.select("p1-1")
    m.button("run")
    m.click((20, 27))
    m.click((20, 27))  # (asked again when the roll may fall short)
    for _ in range(200):
        if m.dice is not None:
            break
        m.update(0.05)
    assert m.dice is not None
    assert "4 and 2, best 4" in m.dice.meaning and "(4, 2)" not in m.dice.meaning, m.dice
