"""Run as a script: the game's warm-up (``game.table.warm.warm_up``), then a bot game on each map given; prints
each compiled loop that was compiled again for a new type signature during the games (one line each), so
nothing when the warm-up covered them all (tests/test_warm_covers_play.py)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Any


def signatures() -> dict[str, set[str]]:
    """Every compiled loop of the table's kernels (and the rule sets' own) with the type signatures it has."""
    import game.table

    names = [
        f"game.table.{m.name}" for m in pkgutil.iter_modules(game.table.__path__) if m.name.endswith("kernel")
    ]
    names += ["game.table.compiled", "game.rules.zombiekrieg.detour_kernel"]
    out: dict[str, set[str]] = {}
    for module in map(importlib.import_module, names):
        for name, loop in vars(module).items():
            if hasattr(loop, "signatures") and hasattr(loop, "py_func"):
                out[f"{module.__name__}.{name}"] = set(map(str, loop.signatures))
    return out


def play(path: str, commands: int) -> None:
    """A bot game on the map at ``path`` with its default set-up, ``commands`` commands at most."""
    from game.ai import bot_for
    from game.rules.contract import default_answers
    from game.rules.core import get_ruleset
    from game.scenario.loader import load_scenario

    scenario = load_scenario(path)
    rules: Any = get_ruleset(scenario.ruleset)
    bot = bot_for(scenario.ruleset)
    game = rules.new_game(scenario, rules.setup.options(scenario, default_answers(rules.setup.spec(scenario))), 1)
    while not game.over and len(game.commands) < commands:
        game.apply(bot(game))


if __name__ == "__main__":
    from game.table.warm import warm_up

    warm_up()
    before = signatures()
    for map_path in sys.argv[2:]:
        play(map_path, int(sys.argv[1]))
    for loop, now in sorted(signatures().items()):
        for new in sorted(now - before.get(loop, set())):
            print(f"{loop} {new}")
