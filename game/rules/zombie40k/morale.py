"""Morale [7th, seed]: a test is 2D6 at most the unit's best Leadership (a double 1 always passes); the
loser of a close combat tests at Leadership minus the difference (Stubborn: no minus); a squad losing a
quarter of its models to shooting in one phase tests. Fearless units never test. A failed test falls back.
Falling back squads regroup at the start of their movement phase on their full Leadership, even below 25%
[seed]; a squad that regroups by its test may not move, fires Snap Shots and may not charge that turn. And
They Shall Know No Fear regroups automatically and then moves, shoots (or runs) and charges normally [7th].
A plug-in may re-roll a failed test, regroup included (the Blessing of Chuck Norris: ``world.hooks.reroll``).
The test after a volley is shooting's.
"""

from __future__ import annotations

from game.rules.core import DiceRolled
from game.rules.zombie40k.events import MoraleTested, Regrouped
from game.rules.zombie40k.state import Unit
from game.rules.zombie40k.world import World


def leadership(world: World, unit: Unit) -> int:
    return max((world.profile(m).ld for m in world.alive(unit)), default=0)


def test(world: World, unit: Unit, modifier: int = 0, why: str = "") -> bool:
    """A Morale (or regroup) test; True when passed."""
    if world.fearless(unit):
        world.emit(MoraleTested(unit.id, 0, 0, True, f"{why}: Fearless"))
        return True
    if world.unit_has(unit, "Stubborn"):
        modifier = max(0, modifier)
    need = leadership(world, unit) + modifier
    passed = _roll(world, unit, need, f"{unit.id} Morale")
    again = "" if passed else world.hooks.reroll(world, unit, "morale")  # (the Blessing of Chuck Norris)
    if again:
        passed = _roll(world, unit, need, f"{unit.id} re-roll Morale ({again})")
        why = f"{why}, re-rolled: {again}" if why else f"re-rolled: {again}"
    world.emit(MoraleTested(unit.id, need, world.dice.log[-1].total, passed, why))
    return passed


def _roll(world: World, unit: Unit, need: int, purpose: str) -> bool:
    """2D6 against ``need`` (a double 1 always passes), in the dice tray; True when passed."""
    r = world.dice.roll(2, purpose)
    passed = r.faces == (1, 1) or r.total <= need
    world.emit(
        DiceRolled(
            purpose, r.kind, r.faces, r.total, f"2D6 = {r.total} vs Ld {need}: {'passed' if passed else 'failed'}"
        )
    )
    return passed


def regroup(world: World, unit: Unit) -> bool:
    """At the start of its movement phase a falling-back squad tries to regroup [seed: on full Ld]; And They
    Shall Know No Fear regroups with no test and plays its turn normally [7th]."""
    from game.rules.zombie40k.movement import fall_back

    if world.unit_has(unit, "And They Shall Know No Fear"):  # no test, and the turn is its own [7th]
        unit.falling_back = False
        world.emit(Regrouped(unit.id))
        return True
    if test(world, unit, 0, "regroup"):
        unit.falling_back = False
        unit.regrouped_turn = world.state.turn  # no move, Snap Shots, no charge this turn
        world.emit(Regrouped(unit.id))
        return True
    fall_back(world, unit)
    return False
