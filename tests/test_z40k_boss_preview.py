"""Rules: Zombie 40,000, a shooting preview against the Zombie Boss counts what the shot itself counts:
Bladestorm (a 6 to wound from a shuriken catapult is AP 2, so only his 5+ invulnerable save stands) and the
wounds he has already taken (a newcomer's plate said 0% to kill a wounded Boss, and the volley killed him)."""

from __future__ import annotations

import math

import pytest

from game.controller import Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k import preview, shooting
from game.rules.zombie40k.commands import Shoot
from game.rules.zombie40k.testing import rigged_game

GUARDIANS = {"unit": "guardian_defenders", "models": 8}  # 16 shuriken catapult shots (Assault 2)
LINE = [(14 + i * 1.2, 30) for i in range(8)]

# One shot's chance to take a wound off the Boss: hits on 3+ (BS 4); S4 against T5 wounds on 5+; a 5 meets his
# 2+ armour and then Feel No Pain 5+, a 6 (Bladestorm: AP 2) only his 5+ invulnerable save and Feel No Pain.
THROUGH = 4 / 6 * (1 / 6 * 1 / 6 * 4 / 6 + 1 / 6 * 4 / 6 * 4 / 6)


def at_least(k: int, n: int, p: float) -> float:
    return 1 - sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k))


def boss_with(wounds: int, dice: list[int] | None = None):  # type: ignore[no-untyped-def]
    g = rigged_game({1: LINE}, boss=(20, 22), teams=[GUARDIANS], dice=dice or [])
    g.figure("boss").wounds = wounds
    return g


@pytest.mark.parametrize("left", [4, 2, 1])
def test_the_preview_counts_bladestorm_and_the_wounds_the_boss_has_left(left: int) -> None:
    g = boss_with(left)
    plan = g.check_shoot(Shoot("p1", "boss"))
    assert [(p.attacks, p.six_ap2) for p in plan.pools] == [(16, True)]
    chance = preview.fire_preview(g.world, plan).chances["at least one kill"]
    assert chance == pytest.approx(at_least(left, 16, THROUGH), abs=1e-6)  # 1.5%, 25.9%, 63.9%


def test_a_six_to_wound_kills_the_wounded_boss_past_his_armour_as_the_preview_counted() -> None:
    # 16 to hit: one 3 hits; to wound: a 6 (AP 2: his 2+ armour does not stand); invulnerable 5+: 4 fails;
    # Feel No Pain 5+: 2 fails; his last wound is gone
    g = boss_with(1, [3] + [1] * 15 + [6, 4, 2])
    plan = g.check_shoot(Shoot("p1", "boss"))
    assert preview.fire_preview(g.world, plan).chances["at least one kill"] > 0.6
    shooting.carry_out(g.world, plan)
    assert not g.figure("boss").alive and g.dice.remaining == 0


def test_the_plate_says_how_many_of_the_wounds_are_ap2_and_the_chance_against_a_wounded_boss() -> None:
    g = boss_with(1)
    ctl = Controller(g, get_ruleset("zombie40k").view())
    ctl.handle(Click(LINE[0]))
    ctl.handle(Hover(g.figure("boss").position))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    plates = [d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate)]
    # 16 shots x 2/3 hit: 3.6 wounds (a 5 or 6 against T5), the 1.8 sixes at AP 2 (Bladestorm)
    assert any("3.6 wounds (1.8 at AP 2) before his 2+ save" in t and "kill 64%" in t for t in plates), plates
