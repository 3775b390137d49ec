"""What ``deadground check`` warns about an Outbreak map: nobody the zombies can find. Nobody reacts until the
first victim is attacked (rules: Outbreak, Before the outbreak), so with no human near a generation point or
a zombie the characters never get a move and the game plays itself to its turn limit. Near is within the
automatic spotting range and one shuffle of a zombie (``spotting.bands[0].upto`` + ``movement.zombie_shuffle``).
The map still plays.

>>> from game.rules.outbreak.testing import tiny_scenario
>>> scenario_warnings(tiny_scenario(npcs=(("Bob", 12, 8),)))
[]
>>> far = tiny_scenario(size=48, spawns=((1, 1, 2, 2, 1),), characters=(("Ann", 40, 40, {}),))
>>> scenario_warnings(far)[0].message.split(":")[0]
'no bystander or character starts within 12" of a generation point or zombie (the nearest is 52.3")'
"""

from __future__ import annotations

from game.rules.outbreak.data import load_data
from game.scenario.model import Area, Scenario
from game.scenario.problems import WARNING, Problem
from game.scenario.zones import gap


def near_reach() -> float:
    """Inches from a zombie within which a human is found at once: automatic spotting plus one shuffle."""
    d = load_data()
    return float(d.get("spotting", "bands")[0]["upto"]) + float(d.get("movement", "zombie_shuffle"))


def _humans(scenario: Scenario) -> list[Area]:
    """Where humans start: placed bystanders and characters, and the players' deploy zones."""
    placed = [Area((pl.position,), shape="point") for pl in scenario.placements if pl.kind in ("npc", "character")]
    zones = [z.area for z in scenario.zones_of("deploy") if str(z.properties.get("side", "")) != "zombies"]
    return placed + zones


def _zombies(scenario: Scenario) -> list[Area]:
    placed = [Area((pl.position,), shape="point") for pl in scenario.placements_of("zombie")]
    return placed + [z.area for z in scenario.zones_of("spawn")]


def scenario_warnings(scenario: Scenario) -> list[Problem]:
    """A warning when no human starts within reach of a generation point or a zombie."""
    humans, zombies = _humans(scenario), _zombies(scenario)
    if not humans or not zombies:
        return []  # the loader's requirements say what is missing
    reach = near_reach()
    nearest = min(gap(h, z) for h in humans for z in zombies)
    if nearest <= reach:
        return []
    return [
        Problem(
            None,
            scenario.title,
            f'no bystander or character starts within {reach:g}" of a generation point or zombie (the nearest is '
            f'{nearest:.3g}"): nobody reacts until the first victim is attacked, so the characters may never get '
            "a move and the game plays itself to its turn limit",
            f'place an npc (the "Bystander (NPC)" template) within {reach:g}" of a generation point or zombie',
            WARNING,
        )
    ]
