"""Rule sets. Importing this package registers the built-in ones (see ``core.RULESETS``)."""

from game.rules.core import RULESETS, get_ruleset, register  # noqa: F401

try:  # each rule set registers itself when imported
    import game.rules.zombiekrieg  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - only while a rule set is being written
    if exc.name != "game.rules.zombiekrieg":
        raise

try:
    import game.rules.outbreak  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - only while a rule set is being written
    if exc.name != "game.rules.outbreak":
        raise
