"""A chance reads 100% only when it is sure (a 40k player's plate said "at least one kill 100%" where it was
99.6%): the shooting plate of eight Guardian Defenders at a horde 5" away reads ">99%", through the real
controller and view; every rule set's plates print their odds with game.rules.percent (its doctests)."""

from __future__ import annotations

from game.controller import Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.testing import rigged_game

SQUAD = [(4 + i * 1.2, 17) for i in range(8)]
HORDE = [(4 + i, 12) for i in range(10)]


def test_a_kill_all_but_sure_reads_more_than_99_percent_not_100() -> None:
    g = rigged_game({1: SQUAD}, hordes=[HORDE], teams=["guardian_defenders"])
    ctl = Controller(g, get_ruleset("zombie40k").view())
    ctl.handle(Click(SQUAD[1]))
    ctl.handle(Hover(HORDE[0]))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    chance = ctl.preview.chances["at least one kill"]
    assert 0.995 <= chance < 1.0  # rounds to 100, and still fails now and then
    plates = [m.text for m in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(m, Plate)]
    shoot = next(t for t in plates if t.startswith("SHOOT"))
    assert "at least one kill >99%" in shoot and "100%" not in shoot, shoot
