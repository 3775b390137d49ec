"""Zombie 40,000 at club night (issue 33): Fleet's re-roll [7th, house: taken when it helps] happened with no
word of it. A failed charge re-rolled by Fleet showed only the roll that went home (its first roll's line went
as if said twice), and a run's re-roll said "re-rolled: Fleet" but not why. Now the log tells the first roll,
the re-roll and why, and the plates say before the click that Fleet re-rolls (and count it)."""

from __future__ import annotations

from game.controller import Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k import assault
from game.rules.zombie40k.commands import Charge, Run
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
GUARDS = {"unit": "infantry_squad", "models": 10}


def _plain(lines: list[str]) -> list[str]:
    import html
    import re

    return [html.unescape(re.sub(r"<[^>]+>", "", x)) for x in lines]


def test_a_charge_fleet_rerolled_tells_the_failed_roll_the_reroll_and_why() -> None:
    # two lone Guardsmen 7.3" apart by the vehicle; Overwatch misses (1, 1), the charge 1+2 fails, Fleet's 4+4 goes
    g = rigged_game(
        {1: [(24, 18.3)], 2: [(24, 10)]}, teams=[GUARDS, GUARDS], phase=Phase.ASSAULT, dice=[1, 1, 1, 2, 4, 4]
    )
    g.figure("p1-1").rules = ("Fleet",)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((24, 18.3)))
    ctl.handle(Hover((24, 10)))
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert "Fleet re-rolls a charge that falls short" in plate, plate
    start = len(g.world.events)
    unit, target, dist = assault.plan_charge(g.world, Charge("p1", "p2"))
    assert assault.charge(g.world, unit, target, dist)
    lines = _plain(Z40K.view().log_lines(g, g.world.events[start:]))
    assert any('2D6 = 3"' in x for x in lines), lines  # the roll that failed
    assert any("re-roll charge (Fleet)" in x and '2D6 = 8"' in x for x in lines), lines
    assert any('charge 8" (Fleet re-rolled the first roll: it fell short of the charge)' in x for x in lines), (
        lines
    )


def test_a_run_fleet_rerolled_says_why_and_the_run_plate_says_fleet_rerolls() -> None:
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], dice=[3, 5])
    g.figure("p1-1").rules = ("Fleet",)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((10, 30)))
    assert ctl.handle(Button("run")).accepted, ctl.message
    ctl.handle(Hover((10, 25)))
    plate = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert "Fleet re-rolls a die of 3 or less that falls short" in plate, plate
    lines = _plain(Z40K.view().log_lines(g, g.apply(Run("p1-1", ((10, 25),)))))
    assert any('run 5" (Fleet re-rolled the first die: it fell short of the run' in x for x in lines), lines
