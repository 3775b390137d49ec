"""The duel's campaign rules: the hero carries on from duel to duel with his kills, until a zombie bites
him. Only what the engine needs to be tested without a real rule set."""

from __future__ import annotations

from typing import Any

from game.rules.contract import CarryRule, Force, Veteran
from game.rules.core import CannotStart
from game.rules.kit.campaign import OPTION, KitCampaign, carried_force, played, riding
from game.scenario.model import Scenario
from toy_rules import DuelGame


def muster(game: DuelGame) -> Force:
    force, fighters = carried_force(game.options), game.state.figures
    hero = force.living[0] if force else Veteran("hero", fighters["hero"].name, 0, "Hero")
    felled, dead = fighters["zombie"].state == "dead", fighters["hero"].state == "dead"
    line = f"{game.scenario.title}: {'felled the zombie' if felled else 'bitten' if game.winner else 'unfinished'}"
    chapters = int((force.pool if force else {}).get("chapters", 0)) + 1
    return Force((played(hero, line, felled, dead),), {"chapters": chapters})


def options(scenario: Scenario, options: dict[str, Any], force: Force, carry: frozenset[str]) -> dict[str, Any]:
    if not force.living:
        raise CannotStart("The hero is dead: nobody is left to carry on.")
    return {**options, "hero": force.living[0].name, OPTION: riding(force, carry)}


# the hero is the whole force: he lives or he does not, and counts the zombies he has felled
CARRIES = (
    CarryRule("hero", "The hero carries on if he lives, under the same name.", house=True),
    CarryRule("kills", "He keeps the count of the zombies he has felled.", house=True),
)
DUEL_CAMPAIGN = KitCampaign(CARRIES, muster, options)
