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


def _marines_against_the_boss():  # noqa: ANN202
    """Two Marines of a Tactical Squad in close combat with the Boss, on dice (seed 2) on which they lose, fail
    their Morale and are caught; (the game, the count of events before the fight)."""
    g = rigged_game(
        {1: [(20.0, 30.0), (19.0, 31.5)]},
        boss=(21.31, 30.0),
        teams=[{"unit": "tactical_squad", "models": 5}],
        phase=Phase.ASSAULT,
    )
    w = g.world
    w.engage(w.unit("boss"), w.unit("p1"))
    g.dice = w.dice = Dice(seed=2)
    return g, len(w.events)


def test_a_tactical_squad_caught_is_told_it_falls_back_instead_of_being_destroyed() -> None:
    g, start = _marines_against_the_boss()
    w = g.world
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


def test_a_squad_whose_bearer_of_it_fell_is_told_it_is_destroyed() -> None:
    """Guardsmen given And They Shall Know No Fear on one model lose it with him: caught, the rest are destroyed
    (the rules read the living models). The line said "caught, but not destroyed ...: it falls back" and was
    followed by "Guardsman 2 is killed: caught by a Sweeping Advance" and "Infantry Squad is destroyed"."""
    team = {"unit": "infantry_squad", "models": 10, "usr": "And They Shall Know No Fear", "usr_model": 0}
    # the zombies won; Morale 2D6 = 12 fails; Sweeping Advance: the Guardsmen 1 + I3, the horde 6 + I2
    g = rigged_game({1: [(20, 30), (21, 31.5)]}, hordes=[[(20, 28.99)]], teams=[team], dice=[6, 6, 1, 6])
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    w.kill(g.figure("p1-1"), "h1 close combat")  # the bearer, struck down in the fight
    start = len(w.events)
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 2, "player 1": 0})
    events = w.events[start:]
    assert [e.unit for e in events if isinstance(e, UnitDestroyed)] == ["p1"]
    said = _lines(g, events)
    sweep = next(line for line in said if "Sweeping Advance (D6" in line)
    assert sweep.endswith("caught and destroyed"), said


def test_a_squad_that_fell_back_is_told_so_after_it_died_later() -> None:
    """The log of a loaded game is told whole, after the squad that fell back died: what it says of the catch is
    what the events say came of it, not who is alive at the end."""
    g, start = _marines_against_the_boss()
    w = g.world
    assault.fight(w, ["boss", "p1"])
    events = w.events[start:]
    for m in w.alive(w.unit("p1")):
        w.kill(m, "boss shooting")  # dead by the time the log is read back
    said = next(line for line in _lines(g, events) if "Sweeping Advance" in line)
    assert said.endswith("it falls back"), said
