"""The rule sets built into the game, imported (and so registered) when first asked for
(``core.get_ruleset``, ``core.known_rulesets``), not at start-up: starting the game on a Zombiekrieg map
never pays for importing Outbreak and Zombie 40,000 (about a third of the start-up).

Only this module names them; it imports each by its name (``importlib``), so the core below the rule sets
never imports one.
"""

from __future__ import annotations

import importlib

BUILTIN = ("zombiekrieg", "outbreak", "zombie40k")


def load_builtin(key: str | None = None) -> None:
    """Import (and so register) the built-in rule set ``key``, or every one; an unknown key loads nothing.
    A rule set imported before is not imported again (Python keeps it)."""
    for k in BUILTIN if key is None else tuple(k for k in BUILTIN if k == key):
        try:  # each rule set registers itself when imported
            importlib.import_module(f"game.rules.{k}")
        except ModuleNotFoundError as exc:  # pragma: no cover - only while a rule set is being written
            if exc.name != f"game.rules.{k}":
                raise
