"""Can a scenario that loads also be set up? ``deadground check`` asks, so what it accepts the game starts.

The loader checks the file and the schema; only the rule set knows whether its figures fit on the table
(a 1x1 table, a deploy zone full of buildings). This sets a game up headless with the rule set's default
options and turns a refusal into a :class:`~game.scenario.problems.Problem` a designer can act on.

>>> from game.assets import default_scenario
>>> from game.scenario import load_scenario
>>> start_problems(load_scenario(default_scenario()))
[]
"""

from __future__ import annotations

from game.rules.core import get_ruleset, known_rulesets
from game.scenario.model import Scenario
from game.scenario.problems import Problem


def start_problems(scenario: Scenario, seed: int = 1) -> list[Problem]:
    """Why ``scenario`` cannot be set up (empty when it can, or when its rule set is not playable yet)."""
    if scenario.ruleset not in known_rulesets():
        return []
    ruleset = get_ruleset(scenario.ruleset)
    try:
        ruleset.new_game(scenario, {}, seed)
    except (ValueError, KeyError) as exc:  # the rules' refusal, already a sentence
        return [Problem(None, "", f"the game cannot be set up: {exc}", "fix the map in Tiled and check it again")]
    except Exception as exc:  # a rules bug this map reveals: still a refusal, never a crash of check
        return [
            Problem(
                None,
                "",
                f"the game could not be set up ({type(exc).__name__}: {exc})",
                "please report this map as a bug in Dead Ground",
            )
        ]
    return []
