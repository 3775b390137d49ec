"""Rules: Zombie 40,000, "The 40k core needed" (assault) and "Player turn" (assault limits), with
scripted dice: the 2D6 charge after Overwatch, initiative order, the WS chart in a fight, +1 Attack on the
charge, Rending, combat resolution, Morale, Sweeping Advance, falling back, consolidation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.core import DiceRolled, IllegalCommand
from game.rules.zombie40k import assault, morale
from game.rules.zombie40k.commands import Charge, Move
from game.rules.zombie40k.data import Weapon
from game.rules.zombie40k.events import (
    AttackStep,
    CombatResolved,
    Engaged,
    FellBack,
    Killed,
    MoraleTested,
    Moved,
    ShotsFired,
    SweepingAdvance,
    UnitDestroyed,
)
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

GUARDS = {"unit": "infantry_squad", "models": 10}  # no sergeant: plain Guardsmen
TWO = [GUARDS, GUARDS]


def ev(g, kind):
    return [e for e in g.log + g.world.events if isinstance(e, kind)]


def test_charge_only_another_player_by_the_vehicle() -> None:
    g = rigged_game({1: [(24, 24)], 2: [(24, 20)]}, teams=TWO, phase=Phase.ASSAULT)
    with pytest.raises(IllegalCommand, match='within 8" of the escape vehicle'):
        g.apply(Charge("p1", "p2"))
    g = rigged_game({1: [(24, 24)]}, hordes=[[(24, 20)]], teams=TWO[:1], phase=Phase.ASSAULT)
    with pytest.raises(IllegalCommand, match="zombies are fought in their turn"):
        g.apply(Charge("p1", "h1"))


def test_charge_takes_overwatch_then_2d6() -> None:
    g = rigged_game({1: [(24, 16)], 2: [(24, 10)]}, teams=TWO, phase=Phase.ASSAULT, dice=[1, 1, 3, 3])
    p = g.preview(Charge("p1", "p2"))
    assert p.legal and p.chances["charge succeeds"] == pytest.approx(30 / 36)  # 5" to close: 2D6 >= 5
    unit, target, dist = assault.plan_charge(g.world, Charge("p1", "p2"))
    assert assault.charge(g.world, unit, target, dist)  # (apply would go on to fight it: see the game tests)
    ow = ev(g, ShotsFired)[0]
    assert ow.overwatch and ow.snap and ow.unit == "p2"
    assert ev(g, AttackStep)[0].need == 6  # Overwatch is Snap Shots
    assert ev(g, Engaged)[0].unit == "p1" and g.state.locked("p1")
    assert g.world.edge(g.figure("p1-1"), g.figure("p2-1")) <= 0.1


def test_a_wall_of_death_is_that_models_overwatch_not_a_second_shot() -> None:
    """Rules: Zombie 40,000, Overwatch [7th]: each model of the charged unit fires one weapon; a model whose
    flamer reaches the charger sets up a Wall of Death (D3 automatic hits) instead of a Snap Shot. Seen on
    screen: a Tactical marine fired his bolt pistol and his flamer's Wall of Death in one Overwatch."""
    flamer = {"unit": "tactical_squad", "models": 5, "weapons": ["flamer"]}
    g = rigged_game(
        {1: [(24, 16)], 2: [(24, 10), (25, 10)]}, teams=[GUARDS, flamer], phase=Phase.ASSAULT, dice=[1] * 40
    )
    assert "flamer" in g.figure("p2-1").weapons and "bolt_pistol" in g.figure("p2-1").weapons
    unit, target, dist = assault.plan_charge(g.world, Charge("p1", "p2"))
    assault.charge(g.world, unit, target, dist)
    snap = [e for e in ev(g, ShotsFired) if e.overwatch]
    assert [e.shooters for e in snap] == [("p2-2",)]  # the flamer marine's pistol stays silent
    assert [e.purpose for e in ev(g, DiceRolled) if "Wall of Death" in e.purpose] == ["p2-1 Wall of Death"]


def test_a_failed_charge_does_not_move() -> None:
    g = rigged_game({1: [(24, 16)], 2: [(24, 10)]}, teams=TWO, phase=Phase.ASSAULT, dice=[1, 1, 1, 2])
    g.apply(Charge("p1", "p2"))
    assert not g.state.locked("p1") and not [e for e in ev(g, Moved) if e.how == "charge"]


def _fight(g, *units):
    g.world.engage(g.world.unit(units[0]), g.world.unit(units[1]))
    assault.fight(g.world, sorted(units))
    g.log.extend(g.world.events)
    g.world.events = []


def test_initiative_order_the_guardsman_strikes_first() -> None:
    # I3 against I2: the zombie dies before it strikes; WS3 against WS2 hits on 3+
    g = rigged_game(
        {1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[GUARDS], dice=[3, 4, 1, 1, 2, 2]
    )  # 1+2 power-up
    _fight(g, "p1", "h1")
    steps = ev(g, AttackStep)
    assert steps[0].unit == "p1" and steps[0].need == 3 and steps[0].dice == 1
    assert [e.figure for e in ev(g, Killed)] == ["h1-1"]
    assert all(s.unit != "h1" for s in steps)
    assert ev(g, CombatResolved)[0].winner == "player 1"


def test_zombies_get_plus_one_attack_on_the_charge_and_rending_is_ap2() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=[GUARDS], dice=[1, 4, 4, 6, 1])
    h1 = g.world.unit("h1")
    h1.charged_turn = g.state.turn
    g.world.engage(h1, g.world.unit("p1"))
    assault.fight(g.world, ["h1", "p1"])
    zs = [e for e in g.world.events if isinstance(e, AttackStep) and e.unit == "h1"]
    assert zs[0].dice == 2 and zs[0].need == 4  # 1 Attack + 1 on the charge; WS2 against WS3: 4+
    assert zs[1].successes == 1  # the 6 rends: a wound at AP2 (no 5+ armour save), the 1 fails
    assert [e.figure for e in g.world.events if isinstance(e, Killed)] == ["p1-1"]


def test_combat_result_morale_and_sweeping_advance_catches() -> None:
    g = rigged_game(
        {1: [(20, 30), (21.2, 30)]}, hordes=[[(20, 28.99), (21.2, 28.99)]], teams=[GUARDS], dice=[4, 4, 2, 3]
    )
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 1, "player 1": 0})
    res = [e for e in w.events if isinstance(e, CombatResolved)][0]
    assert res.winner == "zombies" and res.margin == 1
    from game.rules.zombie40k.events import MoraleTested

    mt = [e for e in w.events if isinstance(e, MoraleTested)][0]
    assert mt.unit == "p1" and mt.need == 6 and not mt.passed  # Ld 7 minus 1; 8 fails
    sw = [e for e in w.events if isinstance(e, SweepingAdvance)][0]
    assert (sw.roll, sw.loser_roll, sw.caught) == (5, 5, True)  # D6 3 + I2 against D6 2 + I3: equal catches
    assert [e.unit for e in w.events if isinstance(e, UnitDestroyed)] == ["p1"]


def test_not_caught_the_loser_falls_back_and_the_zombies_consolidate() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 28.99)]], teams=[GUARDS], dice=[4, 4, 5, 3, 3, 3, 2])
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 1, "player 1": 0})
    sw = [e for e in w.events if isinstance(e, SweepingAdvance)][0]
    assert not sw.caught and [e.unit for e in w.events if isinstance(e, FellBack)] == ["p1"]
    assert g.figure("p1-1").position == pytest.approx((20, 36))  # 2D6 = 6" toward its own (bottom) edge
    assert w.unit("p1").falling_back and not g.state.locked("p1")
    cons = [e for e in w.events if isinstance(e, Moved) and e.how == "consolidate"]
    assert cons and cons[0].figure == "h1-1" and cons[0].length == pytest.approx(1.0, abs=0.3)  # D3 = 1 on a 2


def test_and_they_shall_know_no_fear_is_not_destroyed_by_a_sweep() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 28.99)]], teams=["tactical_squad"], dice=[6, 6, 1, 6, 2, 2, 1])
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 2, "player 1": 0})
    assert [e.caught for e in w.events if isinstance(e, SweepingAdvance)] == [True]
    assert g.figure("p1-1").alive and w.unit("p1").falling_back


def test_a_draw_tests_nobody_and_stubborn_ignores_the_difference() -> None:
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 28.99)]], teams=[GUARDS], dice=[])
    w = g.world
    w.engage(w.unit("h1"), w.unit("p1"))
    assault.resolve(w, [w.unit("h1"), w.unit("p1")], {"zombies": 1, "player 1": 1})
    assert [e.winner for e in w.events if isinstance(e, CombatResolved)] == [""] and g.state.locked("p1")
    g = rigged_game(
        {1: [(20, 30)]}, teams=[{"unit": "infantry_squad", "models": 1, "usr": "Stubborn"}], dice=[4, 3]
    )
    assert morale.test(g.world, g.world.unit("p1"), -3, "lost by 3")  # 7 against Ld 7: the -3 is ignored
    g = rigged_game({1: [(20, 30)]}, teams=[GUARDS], dice=[1, 1])
    assert morale.test(g.world, g.world.unit("p1"), -6, "lost by 6")  # a double 1 always passes


def test_furious_charge_rage_and_two_weapons() -> None:
    team = [{"unit": "ork_boyz", "models": 1}]  # slugga (a pistol) and choppa: two close combat weapons
    g = rigged_game({1: [(20, 30)]}, hordes=[[(21.01, 30)]], teams=team, dice=[1, 1, 1, 1, 1, 1, 1])
    w = g.world
    p1 = w.unit("p1")
    p1.charged_turn = g.state.turn
    w.engage(p1, w.unit("h1"))
    assault.fight(w, ["h1", "p1"])
    mine = [e for e in w.events if isinstance(e, AttackStep) and e.unit == "p1"][0]
    assert mine.dice == 4  # 2 Attacks + 1 charge + 1 second weapon
    assert mine.need == 3


def test_and_they_shall_know_no_fear_regroups_with_no_test_and_then_moves_normally() -> None:
    """Rules: "Zombie 40,000: The 40k core needed" and the Unit Rules' And They Shall Know No Fear [7th]: a
    falling-back squad with it regroups at the start of its movement phase with no test and may move, shoot
    (or run) and charge normally that turn; a squad that regroups by its Leadership test may not move."""
    g = rigged_game({1: [(20, 30)]}, teams=["tactical_squad"], phase=Phase.MOVEMENT, dice=[])
    w = g.world
    w.unit("p1").falling_back = True
    assert morale.regroup(w, w.unit("p1"))
    assert not w.unit("p1").falling_back and g.dice.log == []  # automatic: no 2D6 rolled
    g.apply(Move("p1-1", ((20, 25),)))  # 5", a full move
    assert g.figure("p1-1").position == pytest.approx((20, 25))
    g = rigged_game({1: [(20, 30)]}, teams=[GUARDS], phase=Phase.MOVEMENT, dice=[3, 4])
    w = g.world
    w.unit("p1").falling_back = True
    assert morale.regroup(w, w.unit("p1"))  # 2D6 = 7 against Ld 7: regroups
    assert [e.passed for e in ev(g, MoraleTested)] == [True] and g.dice.remaining == 0
    with pytest.raises(IllegalCommand, match="regrouped this turn and may not move"):
        g.apply(Move("p1-1", ((20, 25),)))


def test_melta_bombs_are_carried_but_never_struck_with_against_zombies() -> None:
    """Rules: "Zombie 40,000: The 40k core needed" (close combat weapons) with 7th's melta bombs, used only
    against vehicles and Monstrous Creatures: a model carrying them (an imported sergeant's option) strikes
    with his other close combat weapon, and gets no extra Attack for them."""
    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 28.99)]], teams=[GUARDS], phase=Phase.ASSAULT)
    w = g.world
    bombs = Weapon("melta_bombs", "Melta bombs", 0, 8, 1, "melee", rules=("Melta Bomb", "Armourbane", "Unwieldy"))
    w.data = replace(w.data, weapons={**w.data.weapons, "melta_bombs": bombs})
    m = g.figure("p1-1")
    m.weapons = ("lasgun", "melta_bombs")
    assert assault.melee_weapon(w, m).key == "close_combat_weapon" and not assault.two_weapons(w, m)
    m.weapons = ("laspistol", "close_combat_weapon", "melta_bombs")
    assert assault.two_weapons(w, m)  # the pistol and the close combat weapon, as without the bombs


def test_the_grey_charge_button_says_why_in_a_solo_game_and_by_the_vehicle() -> None:
    """Player turn, Assault [seed]: a squad charges only another player's squad within 8" of the escape vehicle.
    A solo newcomer with zombies in reach found Charge grey saying only "No other player's squad by the escape
    vehicle": the button now says he never charges and that the zombies are fought in their turn."""
    from game.rules.zombie40k.view import Z40View

    solo = rigged_game({1: [(24, 24)]}, hordes=[[(24, 26)]], phase=Phase.ASSAULT)
    (charge,) = [a for a in Z40View().actions(solo, "p1-1") if a.key == "charge"]
    assert not charge.available and charge.reason.startswith("Solo game: your squad never charges")
    assert "zombies are fought in their turn" in charge.reason
    two = rigged_game({1: [(24, 24)], 2: [(24, 20)]}, teams=TWO, phase=Phase.ASSAULT)
    (charge,) = [a for a in Z40View().actions(two, "p1-1") if a.key == "charge"]
    assert (
        'within 8" of the escape vehicle' in charge.reason and "zombies are fought in their turn" in charge.reason
    )
