"""The rule-set kit: what every rule set's game, world and log share, so a rule set states only its rules.

- :mod:`game.rules.kit.game`: :class:`KitGame` (state, table, figures, over and winner, the save's data,
  fork, and an ``apply`` driven by a table of command kind -> :class:`Rule` (check, carry out), refusing
  before any die is rolled);
- :mod:`game.rules.kit.world`: :class:`KitWorld` (events, dice, positions);
- :mod:`game.rules.kit.events`: the events every log has (Killed, GameOver, Moved ...);
- :mod:`game.rules.kit.words`: a player's words for the log (a compass bearing, "1 shot", a name for an id,
  a command by a table of lines);
- :mod:`game.rules.kit.checks`: the refusals every rule set makes alike (a path and facing, a figure no player
  acts with now: :func:`~game.rules.kit.checks.figure_refusal`);
- :mod:`game.rules.kit.actions`: the Move button every view has;
- :mod:`game.rules.kit.campaign`: :class:`~game.rules.kit.campaign.KitCampaign`, campaign rules from two
  functions and what carries;
- :mod:`game.rules.kit.testing`: tiny tables for tests (:class:`~game.rules.kit.testing.TinyTable`).

The kit imports only :mod:`game.rules.core` and the floors below it (dice, table, scenario), never a rule set.
"""

from game.rules.kit.game import KitGame, Rule, as_given, end_of_turn
from game.rules.kit.world import KitWorld

__all__ = ["KitGame", "KitWorld", "Rule", "as_given", "end_of_turn"]
