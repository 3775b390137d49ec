"""Scenarios: Tiled maps read, checked and converted to plain data in inches.

>>> from game.scenario import load_scenario, check_map, ScenarioError, Problem
"""

from game.scenario.loader import check_map, load_scenario
from game.scenario.model import Area, Placement, Scenario, Terrain, Zone
from game.scenario.problems import Problem, ScenarioError

__all__ = [
    "Area",
    "Placement",
    "Problem",
    "Scenario",
    "ScenarioError",
    "Terrain",
    "Zone",
    "check_map",
    "load_scenario",
]
