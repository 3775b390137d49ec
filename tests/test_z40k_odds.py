"""Rules: Zombie 40,000, "The 40k core needed": exact expected damage of standard cases, computed by
hand from the charts and FNP, checked against the rules' own preview and against simulated resolutions
(20,000 each with DEADGROUND_LONG=1, fewer by default)."""

from __future__ import annotations

import math
import os

import pytest

from game.dice import Dice
from game.rules.zombie40k import assault, shooting
from game.rules.zombie40k.commands import Shoot
from game.rules.zombie40k.state import ALIVE
from game.rules.zombie40k.testing import rigged_game

LONG = os.environ.get("DEADGROUND_LONG") == "1"
RUNS = 20_000 if LONG else 2_500
GUARDS = {"unit": "infantry_squad", "models": 10}


def binom_min(n: int, p: float, cap: int) -> float:
    """E[min(X, cap)] for X ~ Binomial(n, p)."""
    return sum(min(k, cap) * math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def simulate(g, cmd: Shoot, runs: int) -> tuple[float, float]:
    """Mean and standard error of the models killed over ``runs`` fresh resolutions of the same shot."""
    w = g.world
    plan = g.check_shoot(cmd)
    target = w.unit(cmd.target)
    start = {f: (g.figure(f).position, g.figure(f).wounds) for f in target.models}
    shooters = [s.model.id for s in plan.shooters]
    total = total2 = 0.0
    for i in range(runs):
        for f, (pos, wounds) in start.items():
            m = g.figure(f)
            if not m.alive:
                m.state = ALIVE
                g.table.place(f, pos, m.radius)
            m.wounds = wounds
        for f in shooters:
            g.figure(f).fired = False
        target.wiped_out = False
        w.dice = Dice(10_000 + i)
        w.events = []
        shooting.carry_out(w, plan)
        k = sum(1 for f in start if not g.figure(f).alive)
        total += k
        total2 += k * k
    mean = total / runs
    sd = math.sqrt(max(0.0, total2 / runs - mean * mean))
    return mean, sd / math.sqrt(runs)


def _line(n: int, x0: float, y: float, step: float = 1.6) -> list[tuple[float, float]]:
    return [(x0 + i * step, y) for i in range(n)]


def test_ten_guardsmen_rapid_fire_at_zombies_at_half_range() -> None:
    # 20 shots: hit 4+ (1/2), S3 against T3 wound 4+ (1/2), no save, FNP 5+ fails 2/3: 1/6 a shot
    by_hand = binom_min(20, 1 / 6, 10)
    assert by_hand == pytest.approx(3.33321, abs=1e-5)
    g = rigged_game({1: _line(10, 10, 30)}, hordes=[_line(10, 10, 22)], teams=[GUARDS])
    p = g.preview(Shoot("p1", "h1"))
    assert p.details["expected_hits"] == pytest.approx(10.0)
    assert p.details["expected_wounds"] == pytest.approx(5.0)
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-4)
    mean, se = simulate(g, Shoot("p1", "h1"), RUNS)
    assert abs(mean - by_hand) < 4 * se + 0.01


def test_five_marines_rapid_fire_at_zombies() -> None:
    # 10 shots: hit 3+ (2/3), S4 against T3 wound 3+ (2/3), FNP fails 2/3: 8/27 a shot
    by_hand = binom_min(10, 8 / 27, 10)
    g = rigged_game(
        {1: _line(5, 10, 30)}, hordes=[_line(10, 10, 22)], teams=[{"unit": "tactical_squad", "models": 5}]
    )
    p = g.preview(Shoot("p1", "h1"))
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-4)
    assert p.chances["at least one kill"] == pytest.approx(1 - (19 / 27) ** 10, abs=1e-5)
    mean, se = simulate(g, Shoot("p1", "h1"), RUNS)
    assert abs(mean - by_hand) < 4 * se + 0.01


def test_guardsmen_against_the_zombie_boss_multi_wound_invulnerable() -> None:
    # 20 shots: hit 1/2, S3 against T5 wounds on 6 (1/6), 2+ armour fails 1/6, FNP fails 2/3 -> 1/108 per
    # shot... a wound each; four wounds kill the Boss: P(at least 4 of 20)
    p_shot = 1 / 2 * 1 / 6 * 1 / 6 * 2 / 3
    by_hand = sum(math.comb(20, k) * p_shot**k * (1 - p_shot) ** (20 - k) for k in range(4, 21))
    g = rigged_game({1: _line(10, 10, 30)}, boss=(17, 22), teams=[GUARDS])
    p = g.preview(Shoot("p1", "boss"))
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-6)
    assert p.details["expected_wounds"] == pytest.approx(20 * 1 / 2 * 1 / 6)


def test_blast_preview_sums_the_scatter_and_matches_the_dice() -> None:
    horde = [(20 + dx, 16 + dy) for dx in (-1.1, 0, 1.1) for dy in (-1.1, 0, 1.1)]
    g = rigged_game(
        {1: [(20, 30)]},
        hordes=[horde],
        teams=[{"unit": "infantry_squad", "models": 1, "weapons": ["grenade_launcher"]}],
    )
    p = g.preview(Shoot("p1", "h1", aim=(20, 16)))
    on_target = 9 * (1 / 2) * (2 / 3)  # a hit on the scatter die: nine under the marker, wound 4+, FNP
    assert p.details["expected_kills"] > on_target / 3
    mean, se = simulate(g, Shoot("p1", "h1", aim=(20, 16)), RUNS)
    assert abs(mean - p.details["expected_kills"]) < 4 * se + 0.02


# -- every re-roll the dice make, counted by the previews (issue 34 items 4 and 5) -------------------------

CHUCK = "chuck_norris"


def test_the_blessing_of_chuck_norris_counts_in_the_shoot_preview() -> None:
    """Rules: "Zombie 40,000: Power-ups, 12 The Blessing of Chuck Norris": every failed to-hit and to-wound
    roll is re-rolled, so 20 lasgun shots at ten zombies hit 3/4 and wound 3/4; the preview says so (it said
    3.33, the unblessed odds) and the dice agree."""
    by_hand = binom_min(20, 3 / 4 * 3 / 4 * 2 / 3, 10)
    assert by_hand == pytest.approx(7.3652, abs=1e-4)
    g = rigged_game({1: _line(10, 10, 30)}, hordes=[_line(10, 10, 22)], teams=[GUARDS])
    g.state.units["p1"].power_up_effects[CHUCK] = 0
    p = g.preview(Shoot("p1", "h1"))
    assert p.details["expected_hits"] == pytest.approx(15.0)
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-4)
    mean, se = simulate(g, Shoot("p1", "h1"), RUNS)
    assert abs(mean - by_hand) < 4 * se + 0.01


def test_preferred_enemy_then_the_blessing_in_the_shoot_preview() -> None:
    """Rules: Preferred Enemy re-rolls 1s to hit and to wound, then the Blessing re-rolls every die still
    failing (a re-roll of the re-roll [house reading]): 1/2 + 1/12 + 5/24 = 19/24 a roll."""
    p_roll = 1 / 2 + 1 / 6 * 1 / 2
    p_roll += (1 - p_roll) * 1 / 2
    assert p_roll == pytest.approx(19 / 24)
    by_hand = binom_min(20, p_roll * p_roll * 2 / 3, 10)
    team = {**GUARDS, "usr": "Preferred Enemy"}
    g = rigged_game({1: _line(10, 10, 30)}, hordes=[_line(10, 10, 22)], teams=[team])
    g.state.units["p1"].power_up_effects[CHUCK] = 0
    p = g.preview(Shoot("p1", "h1"))
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-4)
    mean, se = simulate(g, Shoot("p1", "h1"), RUNS)
    assert abs(mean - by_hand) < 4 * se + 0.01


def test_a_blessed_targets_saves_count_in_the_shoot_preview() -> None:
    """Rules: the Blessing re-rolls the blessed squad's failed saves too: Guardsmen shot by another player
    fail their 5+ armour save 4/9 of the time, not 2/3 (20 shots: hit 1/2, wound 1/2)."""
    by_hand = binom_min(20, 1 / 2 * 1 / 2 * 4 / 9, 10)
    g = rigged_game({1: _line(10, 10, 22), 2: _line(10, 10, 30)}, teams=[GUARDS, GUARDS], player=2)
    g.state.units["p1"].power_up_effects[CHUCK] = 0
    g.state.shot_at = {"1": [2]}  # p1 shot first: p2 may shoot back
    p = g.preview(Shoot("p2", "p1"))
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-4)
    mean, se = simulate(g, Shoot("p2", "p1"), RUNS)
    assert abs(mean - by_hand) < 4 * se + 0.01


def test_fleet_counts_in_the_charge_preview_and_the_dice_reroll_it() -> None:
    """Rules: Fleet [codex] re-rolls a failing 2D6 charge: 7.3" needs 8, 5/12 on one roll, 95/144 with the
    re-roll (the preview said 5/12); with the Blessing too, a third roll: 1 - (7/12)^3."""
    from game.rules.zombie40k.commands import Charge
    from game.rules.zombie40k.state import Phase

    def charge_game(dice=()):  # two lone Guardsmen 7.3" apart, by the escape vehicle (so a player may charge)
        g = rigged_game({1: [(24, 18.3)], 2: [(24, 10)]}, teams=[GUARDS, GUARDS], phase=Phase.ASSAULT, dice=dice)
        g.figure("p1-1").rules = ("Fleet",)
        return g

    g = charge_game()
    assert g.world.unit_edge(g.world.unit("p1"), g.world.unit("p2")) == pytest.approx(7.3)
    assert g.preview(Charge("p1", "p2")).chances["charge succeeds"] == pytest.approx(95 / 144, abs=1e-6)
    g.state.units["p1"].power_up_effects[CHUCK] = 0
    assert g.preview(Charge("p1", "p2")).chances["charge succeeds"] == pytest.approx(1 - (7 / 12) ** 3, abs=1e-6)
    # the dice: Overwatch's two Snap Shots miss (1, 1), the charge 1+2 fails, Fleet's 4+4 = 8" goes home
    g = charge_game(dice=[1, 1, 1, 2, 4, 4])
    unit, target, dist = assault.plan_charge(g.world, Charge("p1", "p2"))
    assert assault.charge(g.world, unit, target, dist)  # (apply would go on to fight it)
    assert g.state.locked("p1") and [r.purpose for r in g.dice.log][-2:] == ["p1 charge", "p1 charge"]


def test_the_blessing_counts_in_the_run_preview() -> None:
    """Rules: the Blessing re-rolls a Run of 3" or less [house]: a 4" run is 1/2 on a D6, 3/4 blessed."""
    from game.rules.zombie40k.commands import Run

    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS])
    run = Run("p1-1", ((10, 26),))
    assert g.preview(run).chances["whole move"] == pytest.approx(1 / 2)
    g.state.units["p1"].power_up_effects[CHUCK] = 0
    assert g.preview(run).chances["whole move"] == pytest.approx(3 / 4)


def test_a_twin_linked_gun_rerolls_its_misses_and_its_preview_counts_them() -> None:
    """Rules: Twin-linked [7th] re-rolls failed to-hit rolls (a weapon imported with the rule): 20 lasgun
    shots hit 3/4, and the preview counts the re-roll from the same description as the dice."""
    import dataclasses

    # twenty zombies, so the horde is never wiped out (a power-up earned would change the later volleys)
    by_hand = binom_min(20, 3 / 4 * 1 / 2 * 2 / 3, 20)
    g = rigged_game({1: _line(10, 10, 30)}, hordes=[_line(10, 10, 22) + _line(10, 10, 20.5)], teams=[GUARDS])
    d = g.world.data
    twin = dataclasses.replace(d.weapons["lasgun"], rules=("Twin-linked",))
    g.world.data = g.data = dataclasses.replace(d, weapons={**d.weapons, "lasgun": twin})
    p = g.preview(Shoot("p1", "h1"))
    assert p.details["expected_hits"] == pytest.approx(15.0)
    assert p.details["expected_kills"] == pytest.approx(by_hand, abs=1e-4)
    mean, se = simulate(g, Shoot("p1", "h1"), RUNS)
    assert abs(mean - by_hand) < 4 * se + 0.01
