"""Rules: Zombie 40,000, "Special rules used by the seed's lists": the Universal Special Rules a team may
take, each with its 7th-edition effect in this game (scripted dice)."""

from __future__ import annotations

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombie40k import assault
from game.rules.zombie40k.commands import Run, Shoot
from game.rules.zombie40k.events import AttackStep
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game


def guards(n: int, usr: str, model: int = 0, **kw) -> list:
    return [{"unit": "infantry_squad", "models": n, "usr": usr, "usr_model": model, **kw}]


def steps(g, step: str, unit: str = "p1") -> list[AttackStep]:
    return [e for e in g.log + g.world.events if isinstance(e, AttackStep) and e.step == step and e.unit == unit]


def test_shrouded_and_stealth_improve_cover_or_give_it_in_the_open() -> None:
    g = rigged_game(
        {1: [(10, 40)], 2: [(10, 12)]},
        teams=[{"unit": "infantry_squad", "models": 1}] + guards(1, "Shrouded"),
        dice=[],
    )
    from game.rules.zombie40k.shooting import cover_of

    w = g.world
    assert cover_of(w, [g.figure("p1-1")], g.figure("p2-1"), w.unit("p2")) == 5  # in the open: 5+
    g = rigged_game(
        {1: [(10, 40)], 2: [(10, 12)]},
        teams=[{"unit": "infantry_squad", "models": 1}] + guards(1, "Stealth"),
        dice=[],
    )
    assert cover_of(g.world, [g.figure("p1-1")], g.figure("p2-1"), g.world.unit("p2")) == 6


def test_preferred_enemy_rerolls_ones_to_hit_and_to_wound() -> None:
    g = rigged_game(
        {1: [(10, 30)]}, hordes=[[(10, 16)]], teams=guards(1, "Preferred Enemy"), dice=[1, 4, 1, 4, 1, 1, 2]
    )
    g.apply(Shoot("p1", "h1"))
    assert steps(g, "hit")[0].successes == 1 and steps(g, "wound")[0].successes == 1
    assert not g.figure("h1-1").alive


def test_slow_and_purposeful_never_runs_split_fire_shoots_a_second_target() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(10, 16)]], teams=guards(1, "Slow and Purposeful"), dice=[])
    with pytest.raises(IllegalCommand, match="Slow and Purposeful"):
        g.apply(Run("p1-1", ((10, 28),)))
    g = rigged_game(
        {1: [(10, 30), (12, 30)]}, hordes=[[(10, 16)], [(14, 16)]], teams=guards(2, "Split Fire"), dice=[1, 1]
    )
    g.apply(Shoot("p1", "h1", models=("p1-1",)))
    g.apply(Shoot("p1", "h2"))
    assert [e.target for e in steps(g, "hit")] == ["h1", "h2"]
    with pytest.raises(IllegalCommand, match="Split Fire allows one second target"):
        g.apply(Shoot("p1", "h1"))
    g = rigged_game(
        {1: [(10, 30), (12, 30)]}, hordes=[[(10, 16)], [(14, 16)]], teams=guards(2, "Stubborn"), dice=[1, 1]
    )
    g.apply(Shoot("p1", "h1", models=("p1-1",)))
    with pytest.raises(IllegalCommand, match="already shot this phase"):
        g.apply(Shoot("p1", "h2"))


def test_crusader_runs_on_the_best_of_two_dice_and_move_through_cover_rolls_three() -> None:
    g = rigged_game({1: [(10, 30)]}, teams=guards(1, "Crusader"), dice=[2, 5])
    g.apply(Run("p1-1", ((10, 25),)))
    assert g.state.units["p1"].run_roll == 5
    from game.rules.zombie40k.movement import difficult_dice

    g = rigged_game({1: [(10, 30)]}, teams=guards(1, "Move Through Cover"), phase=Phase.MOVEMENT)
    assert difficult_dice(g.world, g.world.unit("p1")) == 3


def _melee(team: list, dice: list[int], charged: bool = False):
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=team, dice=[*dice, *[1] * 12])
    w = g.world
    if charged:
        w.unit("p1").charged_turn = g.state.turn
    w.engage(w.unit("p1"), w.unit("h1"))
    assault.fight(w, ["h1", "p1"])
    return g


def test_rage_furious_charge_fleshbane_shred_smash_in_close_combat() -> None:
    g = _melee(guards(1, "Rage"), [1, 1, 1, 1, 1], charged=True)
    assert steps(g, "hit")[0].dice == 3  # 1 Attack + 2 for Rage on the charge
    g = _melee(guards(1, "Furious Charge"), [3, 3, 5, 1, 1], charged=True)
    assert steps(g, "wound")[0].need == 3  # S4 on the charge against T3
    g = _melee(guards(1, "Fleshbane"), [3, 2, 1, 1], charged=False)
    assert steps(g, "wound")[0].need == 2
    g = _melee(guards(1, "Shred"), [3, 1, 4, 1, 1], charged=False)
    assert steps(g, "wound")[0].successes == 1  # the failed 1 re-rolled into a 4
    g = _melee(guards(1, "Poisoned"), [3, 4, 1, 1], charged=False)
    assert steps(g, "wound")[0].need == 4


def test_hatred_rerolls_misses_in_the_first_round_and_hammer_of_wrath_hits_at_initiative_10() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=guards(1, "Hatred"), dice=[1, 3, 1, 1, 1])
    w = g.world
    w.engage(w.unit("p1"), w.unit("h1"))  # engaged this turn: the first round
    assault.fight(w, ["h1", "p1"])
    assert steps(g, "hit")[0].successes == 1
    g = _melee(guards(1, "Hammer of Wrath"), [6, 1] + [1] * 10, charged=True)
    first = steps(g, "wound")[0]
    assert first.weapon == "Hammer of Wrath" and first.need == 4


def test_feel_no_pain_as_a_model_rule() -> None:
    g = rigged_game(
        {1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=guards(1, "Feel No Pain"), dice=[1, 4, 1, 4, 1, 5]
    )
    w = g.world
    w.unit("h1").charged_turn = g.state.turn
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.fight(w, ["h1", "p1"])
    assert g.figure("p1-1").alive  # the zombie's wound (4 on 4+), armour failed on a 1, FNP 5 ignores it
    assert steps(g, "fnp", "h1")[0].successes == 1
