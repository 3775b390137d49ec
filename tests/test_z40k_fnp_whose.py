"""Whose wounds a Feel No Pain roll is for, said in its line (rules: Zombie 40,000, close combat: blows struck at
one Initiative step are simultaneous [7th]: every weapon's hits and wounds are rolled, then the wounds taken). A 40k
veteran read "Chainsword: 2 of 2 wound" with no Feel No Pain after it, and "0 of 2 ignored" after the next weapon's
wound roll: the zombies had rolled for the Chainsword's wounds there, and the line did not say so."""

from __future__ import annotations

import html
import re

from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k import assault
from game.rules.zombie40k.events import AttackStep
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
TEAM = {"unit": "tactical_squad", "models": 5, "sergeant": True, "sergeant_options": ["chainsword"]}
HORDE = [(22.0, 30.0), (22.0, 31.1), (22.0, 28.9), (23.0, 30.5), (23.0, 29.5)]


def _fight(seed: int) -> tuple[object, list[object]]:
    g = rigged_game({1: [(21.0, 30.0), (21.0, 31.1)]}, hordes=[HORDE], teams=[TEAM], phase=Phase.ASSAULT)
    w = g.world
    w.engage(w.unit("p1"), w.unit("h1"))
    g.dice = w.dice = Dice(seed=seed)
    start = len(w.events)
    assault.fight(w, ["h1", "p1"])
    return g, w.events[start:]


def test_each_feel_no_pain_line_names_the_weapon_whose_wounds_it_rolls_against() -> None:
    for seed in range(100):  # the first seed whose Chainsword and pistol both wound (the words are the point)
        g, events = _fight(seed)
        fnp = [e for e in events if isinstance(e, AttackStep) and e.step == "fnp" and e.target == "h1"]
        if {e.weapon for e in fnp} >= {"Chainsword", "Close combat weapon"}:
            break
    else:
        raise AssertionError("no seed wounded with both weapons")
    lines = [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in Z40K.view().log_lines(g, events)]
    wounds = [i for i, line in enumerate(lines) if ", Chainsword: " in line and " wound on " in line]
    told = [i for i, line in enumerate(lines) if "Feel No Pain" in line]
    assert wounds and told and told[0] > wounds[0] + 1, lines  # (the pistol's rolls come between)
    said = [line for line in lines if "Feel No Pain" in line]
    assert any("Horde 1 against the Chainsword, Feel No Pain: " in line for line in said), said
    assert any("Horde 1 against the Close combat weapon, Feel No Pain: " in line for line in said), said
