"""Rule sets. The built-in ones register themselves when first asked for (``core.get_ruleset``,
``core.known_rulesets``, through :mod:`game.rules.builtin`), not when this package is imported: starting the
game on a Zombiekrieg map never pays for importing Outbreak and Zombie 40,000 (about a third of the start-up).
"""

from game.rules.builtin import BUILTIN, load_builtin  # noqa: F401
from game.rules.core import RULESETS, get_ruleset, register  # noqa: F401
