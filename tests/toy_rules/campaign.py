"""The duel's campaign rules: the hero carries on from duel to duel with his kills, until a zombie bites
him. Only what the engine needs to be tested without a real rule set."""

from __future__ import annotations

from typing import Any

from game.rules.contract import CarryRule, Force, Veteran
from game.rules.core import CannotStart
from game.rules.kit.campaign import KitCampaign
from game.scenario.model import Scenario


def muster(game: Any) -> Force:
    carried = (game.options.get("campaign") or {}).get("force")
    force = Force.from_data(carried) if carried else None
    hero = force.living[0] if force else Veteran("hero", game.state.figures["hero"].name, 0, "Hero")
    felled = game.state.figures["zombie"].state == "dead"
    line = f"{game.scenario.title}: {'felled the zombie' if felled else 'bitten' if game.winner else 'unfinished'}"
    dead = game.state.figures["hero"].state == "dead"
    return Force(
        (
            Veteran(
                hero.key,
                hero.name,
                0,
                "Hero",
                dict(hero.state),
                (*hero.history, line),
                hero.kills + felled,
                dead,
            ),
        ),
        {"chapters": int((force.pool if force else {}).get("chapters", 0)) + 1},
    )


def options(scenario: Scenario, options: dict[str, Any], force: Force, carry: frozenset[str]) -> dict[str, Any]:
    if not force.living:
        raise CannotStart("The hero is dead: nobody is left to carry on.")
    chapter = int(force.pool.get("chapters", 0)) + 1
    return {
        **options,
        "hero": force.living[0].name,
        "campaign": {"force": force.to_data(), "chapter": chapter, "carry": sorted(carry)},
    }


# the hero is the whole force: he lives or he does not, and counts the zombies he has felled
CARRIES = (
    CarryRule("hero", "The hero carries on if he lives, under the same name.", house=True),
    CarryRule("kills", "He keeps the count of the zombies he has felled.", house=True),
)
DUEL_CAMPAIGN = KitCampaign(CARRIES, muster, options)
