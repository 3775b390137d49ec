"""What "caught" by a Sweeping Advance does, said where a player reads it (rules: Zombie 40,000, Assault;
And They Shall Know No Fear [7th]). A 40k veteran read "Zombie Boss Sweeping Advance 8 against Tactical Squad 6:
caught" (in 7th, caught is destroyed) and then saw his squad fall back and regroup: the game plays his Marines'
And They Shall Know No Fear, but nothing said so."""

from __future__ import annotations

import re

from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k import assault
from game.rules.zombie40k.events import FellBack, SweepingAdvance, UnitDestroyed
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def _lines(g, events) -> list[str]:  # noqa: ANN001
    return [re.sub(r"<[^>]+>", "", line) for line in Z40K.view().log_lines(g, events)]


def test_a_tactical_squad_caught_is_told_it_falls_back_instead_of_being_destroyed() -> None:
    g = rigged_game(
        {1: [(20.0, 30.0), (19.0, 31.5)]},
        boss=(21.31, 30.0),
        teams=[{"unit": "tactical_squad", "models": 5}],
        phase=Phase.ASSAULT,
    )
    w = g.world
    w.engage(w.unit("boss"), w.unit("p1"))
    g.dice = w.dice = Dice(seed=2)  # (the Marines lose, fail their Morale and are caught)
    start = len(w.events)
    assault.fight(w, ["boss", "p1"])
    events = w.events[start:]
    assert [e.caught for e in events if isinstance(e, SweepingAdvance)] == [True]
    assert [e.unit for e in events if isinstance(e, FellBack)] == ["p1"] and w.alive(w.unit("p1"))
    said = next(line for line in _lines(g, events) if "Sweeping Advance" in line)
    assert said.endswith("caught, but not destroyed (And They Shall Know No Fear): it falls back"), said


def test_a_squad_without_it_is_told_it_is_destroyed() -> None:
    for seed in range(200):  # the first seed whose Guardsmen are caught (their end is the rules', not the seed's)
        g = rigged_game({1: [(20.0, 30.0), (19.0, 31.5)]}, boss=(21.31, 30.0), phase=Phase.ASSAULT)
        w = g.world
        w.engage(w.unit("boss"), w.unit("p1"))
        g.dice = w.dice = Dice(seed=seed)
        start = len(w.events)
        assault.fight(w, ["boss", "p1"])
        events = w.events[start:]
        if any(isinstance(e, SweepingAdvance) and e.caught for e in events):
            break
    assert [e.unit for e in events if isinstance(e, UnitDestroyed)] == ["p1"]
    said = next(line for line in _lines(g, events) if "Sweeping Advance" in line)
    assert said.endswith("caught and destroyed"), said


def test_the_rules_help_says_what_caught_does() -> None:
    (assault_help,) = [s for s in Z40K.reference(None, {}) if s.title == "Assault"]
    text = " ".join(getattr(p, "text", "") for p in assault_help.body)
    assert (
        "caught" in text and "is destroyed" in text and "And They Shall Know No Fear is not: it falls back" in text
    )
