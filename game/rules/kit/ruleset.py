"""A rule set on the kit, registered: the :class:`~game.rules.core.RuleSet` of its game class, its view checked
by mypy against that game, and the kit's report and outcome (:mod:`game.rules.kit.report`) where it gives none.
A new rule set starts here (``tests/toy_rules``); one with more to say gives its own parts by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.rules.contract import View
from game.rules.core import Game, RuleSet, register
from game.rules.kit import report

G = TypeVar("G", bound=Game)  # the rule set's game class (a KitGame with its questions)


def kit_ruleset(game: type[G], view: Callable[[], View[G]], **parts: Any) -> RuleSet:
    """Register the rule set of ``game``: its key from the class, its maker the class (``game(scenario,
    options, seed, dice)`` is a new game) unless ``new_game`` is given, ``view`` a view of it, the kit's
    ``report`` and ``outcome`` unless ``parts`` (the other :class:`~game.rules.core.RuleSet` fields: name,
    commands, events, setup...) give their own."""
    parts.setdefault("new_game", game)
    parts.setdefault("report", report.report)
    parts.setdefault("outcome", report.outcome)
    return register(RuleSet(key=game.ruleset, view=view, **parts))
