"""A rule set's campaign rules (the contract's :class:`~game.rules.contract.CampaignRules`) from its three parts:
what a force may carry from chapter to chapter, how a finished game musters the force, and how the force goes
into the next chapter's options. A rule set writes the two functions; the kit makes them the rules.

>>> from game.rules.contract import CarryRule, Force
>>> rules = KitCampaign(
...     (CarryRule("hero", "The hero carries on if he lives."),),
...     muster=lambda game: Force(),
...     options=lambda scenario, options, force, carry: {**options, "carry": sorted(carry)},
... )
>>> [c.key for c in rules.carries], rules.options(None, {"seats": 1}, rules.muster(None), frozenset({"hero"}))
(['hero'], {'seats': 1, 'carry': ['hero']})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.rules.contract import CarryRule, Force
from game.scenario.model import Scenario

GameT = TypeVar("GameT")  # the rule set's game
Muster = Callable[[GameT], Force]  # the force as a finished game left it
NextOptions = Callable[[Scenario, dict[str, Any], Force, frozenset[str]], dict[str, Any]]  # the next chapter's


@dataclass  # not frozen: the contract's ``carries`` is a plain attribute
class KitCampaign(Generic[GameT]):
    """Campaign rules of ``carries``, ``muster`` and ``options`` (see the contract's ``CampaignRules``)."""

    carries: tuple[CarryRule, ...]
    muster: Muster[GameT]
    options: NextOptions
