"""The rule-set kit: what every rule set's game, world and log share, so a rule set states only its rules.

- :mod:`game.rules.kit.game`: :class:`KitGame` (state, table, figures, over and winner, the save's data,
  fork, and an ``apply`` driven by a table of command kind -> :class:`Rule` (check, carry out), refusing
  before any die is rolled);
- :mod:`game.rules.kit.world`: :class:`KitWorld` (events, dice, positions);
- :mod:`game.rules.kit.events`: the events every log has (Killed, GameOver, Moved ...);
- :mod:`game.rules.kit.words`: a player's words for the log (a compass bearing, "1 shot", a name for an id).

The kit imports only :mod:`game.rules.core` and the floors below it (dice, table, scenario), never a rule set.
"""

from game.rules.kit.game import KitGame, Rule, as_given, end_of_turn
from game.rules.kit.world import KitWorld

__all__ = ["KitGame", "KitWorld", "Rule", "as_given", "end_of_turn"]
