"""Can a scenario that loads also be set up? ``deadground check`` asks, so what it accepts the game starts.

The loader checks the file and the schema; only the rule set knows whether its figures fit on the table
(a 1x1 table, a deploy zone full of buildings). This sets a game up headless with the set-up's default
answers (and again with the most players the map allows) and turns a refusal into a
:class:`~game.scenario.problems.Problem` a designer can act on.

>>> from game.assets import default_scenario
>>> from game.scenario import load_scenario
>>> start_problems(load_scenario(default_scenario()))
[]
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import default_answers
from game.rules.core import RuleSet, get_ruleset
from game.scenario.model import Scenario
from game.scenario.problems import Problem


def start_problems(scenario: Scenario, seed: int = 1) -> list[Problem]:
    """Why ``scenario`` cannot be set up (empty when it can, or when its rule set is not playable yet)."""
    try:  # only the map's own rule set is loaded, never every one to see whether it is among them
        ruleset = get_ruleset(scenario.ruleset)
    except KeyError:  # not a rule set of this version: the loader's warning says so
        return []
    try:
        for options in start_options(ruleset, scenario):
            ruleset.new_game(scenario, options, seed)
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


def start_options(ruleset: RuleSet, scenario: Scenario) -> list[dict[str, Any]]:
    """The games ``check`` sets up: the set-up's defaults (what pressing Begin plays), and the same with
    the most players the map allows when that is more (every player's force must find room); ``{}``
    for a rule set without a set-up."""
    setup = ruleset.setup
    if setup is None:
        return [{}]
    spec = setup.spec(scenario)
    counts = [spec.players_default] + ([spec.players_max] if spec.players_max > spec.players_default else [])
    return [dict(setup.options(scenario, default_answers(spec, n))) for n in counts]
