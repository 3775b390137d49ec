"""A rule set's campaign rules (the contract's :class:`~game.rules.contract.CampaignRules`) from its three parts:
what a force may carry from chapter to chapter, how a finished game musters the force, and how the force goes
into the next chapter's options. A rule set writes the two functions; the kit makes them the rules, and gives
the parts every rule set's two functions share: the force a chapter carries (:func:`carried_force`), the option
it rides in (:func:`riding`) and a veteran once one more chapter is played (:func:`played`).

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
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from game.rules.contract import CarryRule, Force, Veteran
from game.scenario.model import Scenario

GameT = TypeVar("GameT")  # the rule set's game
Muster = Callable[[GameT], Force]  # the force as a finished game left it
NextOptions = Callable[[Scenario, dict[str, Any], Force, frozenset[str]], dict[str, Any]]  # the next chapter's
Notes = Callable[[Force, frozenset[str]], tuple[str, ...]]  # what the force holds besides its figures, in words
OPTION = "campaign"  # the game option a chapter's carried force rides in


@dataclass  # not frozen: the contract's ``carries`` is a plain attribute
class KitCampaign(Generic[GameT]):
    """Campaign rules of ``carries``, ``muster`` and ``options`` (see the contract's ``CampaignRules``), and
    ``notes``: sentences on what the force holds for the next chapter besides its figures (none by default)."""

    carries: tuple[CarryRule, ...]
    muster: Muster[GameT]
    options: NextOptions
    notes: Notes = lambda force, carry: ()


def carried_force(options: dict[str, Any]) -> Force | None:
    """The force a game's options carry into it (None for a game that is no campaign chapter).

    >>> carried_force({}) is None, carried_force({OPTION: riding(Force(), frozenset())}) == Force()
    (True, True)
    """
    raw = (options.get(OPTION) or {}).get("force")
    return Force.from_data(raw) if raw else None


def riding(force: Force, carry: frozenset[str]) -> dict[str, Any]:
    """The :data:`OPTION` of the next chapter: ``force``, the chapter's number (one after the ``chapters`` the
    force has played) and what carries.

    >>> rides = riding(Force((), {"chapters": 2}), frozenset({"kills", "hero"}))
    >>> rides["chapter"], rides["carry"]
    (3, ['hero', 'kills'])
    """
    return {"force": force.to_data(), "chapter": int(force.pool.get("chapters", 0)) + 1, "carry": sorted(carry)}


def played(v: Veteran, line: str, kills: int = 0, dead: bool = False, **changes: Any) -> Veteran:
    """``v`` once one more chapter is played: its ``line`` added to his history, its ``kills`` to his count,
    ``dead`` when he fell in it, and what else the rule set changes (his ``name``, ``kind``, ``state``).

    >>> played(Veteran("ash", "Ash", 0, "Hero", kills=2), "The farm: felled the zombie", 1).kills
    3
    """
    return replace(v, history=(*v.history, line), kills=v.kills + kills, dead=dead, **changes)
