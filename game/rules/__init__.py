"""Rule sets. The built-in ones register themselves when first asked for (``core.get_ruleset``,
``core.known_rulesets``), not when this package is imported: starting the game on a Zombiekrieg map never
pays for importing Outbreak and Zombie 40,000 (about a third of the start-up).
"""

import importlib

from game.rules.core import RULESETS, get_ruleset, register  # noqa: F401

BUILTIN = ("zombiekrieg", "outbreak", "zombie40k")


def load_builtin(key: str | None = None) -> None:
    """Import (and so register) the built-in rule set ``key``, or every one; an unknown key loads nothing."""
    for k in BUILTIN if key is None else tuple(k for k in BUILTIN if k == key):
        if k in RULESETS:
            continue
        try:  # each rule set registers itself when imported
            importlib.import_module(f"game.rules.{k}")
        except ModuleNotFoundError as exc:  # pragma: no cover - only while a rule set is being written
            if exc.name != f"game.rules.{k}":
                raise
