"""What ``deadground check`` asks of Zombie 40,000 about the forces a map must make room for: the models
a 75-point team fields (rules: Zombie 40,000, the team builder), their base and deployment spacing.

>>> f = force_facts()
>>> 1 <= f.smallest <= f.largest, f.base_radius, f.deploy_spacing
(True, 0.5, 1.6)
"""

from __future__ import annotations

from game.rules.zombie40k.data import Z40Data, load_data
from game.scenario.model import Scenario
from game.scenario.refusals import ForceFacts


def force_facts(scenario: Scenario | None = None) -> ForceFacts:
    """The fewest and the most models one player's team fields (as many as the points buy, per roster
    unit), a base's radius and the deployment spacing of a squad (the same on every map)."""
    d = load_data()
    points = float(d.house.points)
    sizes = [max(1, min(u.max_models, int((points + 1e-9) // u.model_cost))) for u in d.units.values()]
    return ForceFacts(min(sizes), max(sizes), d.house.base / 2, d.house.deploy_spacing)


def turn_limit(scenario: Scenario, data: Z40Data | None = None) -> int:
    """The turns a game on ``scenario`` lasts: the map's ``turn_limit``, else the house default [house]."""
    return int(scenario.turn_limit or (data or load_data()).house.turn_limit)
