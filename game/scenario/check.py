"""``deadground check MAP...``: validate scenario maps and print every problem with its fix.

Prints ``OK  maps/x.tmx  (<rule set>, "Title", 72x48")`` for a good map (and a ``warning:`` line for
each number its rule set's source would not play), else the file and each problem on its own line;
returns 1 if any map has problems (warnings do not count).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import TextIO

from game.scenario.loader import load_scenario
from game.scenario.model import Scenario
from game.scenario.problems import ScenarioError


def warnings(scenario: Scenario) -> list[str]:
    """What the scenario's rule set warns about it (numbers its source would not play); a rule set
    says so in ``game/rules/<key>/checks.py`` (``scenario_warnings``), else there is nothing to warn."""
    try:
        module = importlib.import_module(f"game.rules.{scenario.ruleset}.checks")
    except ModuleNotFoundError:
        return []
    check: Callable[[Scenario], list[str]] | None = getattr(module, "scenario_warnings", None)
    return list(check(scenario)) if check is not None else []


def main(paths: list[str], out: TextIO | None = None) -> int:
    """Check each map in ``paths``; the exit code is 0 only if every one is good."""
    out = out or sys.stdout
    failed = 0
    for path in paths:
        try:
            scenario = load_scenario(path)
        except ScenarioError as err:
            failed += 1
            print(f"FAIL  {path}  ({len(err.problems)} problem{'s' if len(err.problems) != 1 else ''})", file=out)
            for problem in err.problems:
                print(f"  {problem}", file=out)
            continue
        print(
            f'OK  {path}  ({scenario.ruleset}, "{scenario.title}", {scenario.width:g}x{scenario.height:g}")',
            file=out,
        )
        for warning in warnings(scenario):
            print(f"  warning: {warning}", file=out)
    if len(paths) > 1:
        print(f"{len(paths) - failed} of {len(paths)} map(s) OK", file=out)
    return 1 if failed else 0
