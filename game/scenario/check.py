"""``deadground check MAP...``: validate scenario maps and print every problem with its fix.

Prints ``OK  maps/x.tmx  (<rule set>, "Title", 72x48")`` for a good map, else the file and each
problem on its own line; returns 1 if any map has problems.
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.scenario.loader import load_scenario
from game.scenario.problems import ScenarioError


def _start_problems(scenario):  # type: ignore[no-untyped-def]
    # the rules live above the scenario layer, so they are imported only here, when a map loaded
    from game.startcheck import start_problems

    return start_problems(scenario)


def main(paths: list[str], out: TextIO | None = None) -> int:
    """Check each map in ``paths``; the exit code is 0 only if every one is good."""
    out = out or sys.stdout
    failed = 0
    for path in paths:
        try:
            scenario = load_scenario(path)
            start = _start_problems(scenario)
            if start:
                raise ScenarioError(path, start)
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
    if len(paths) > 1:
        print(f"{len(paths) - failed} of {len(paths)} map(s) OK", file=out)
    return 1 if failed else 0
