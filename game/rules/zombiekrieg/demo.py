"""The demo's force picker for Zombiekrieg: one or two random sections and the Corporal's weapon.

>>> import random
>>> forces = demo_forces(random.Random(1), None)
>>> sorted(forces), 1 <= len(forces["sections"]) <= 2
(['american_corporal_weapon', 'sections'], True)
"""

from __future__ import annotations

import random
from typing import Any

from game.scenario.model import Scenario

NATIONS = ("american", "british", "soviet")


def demo_forces(rng: random.Random, scenario: Scenario | None) -> dict[str, Any]:
    """Random options for a demo game: one section more often than two (a club-night table)."""
    sections = rng.sample(list(NATIONS), rng.choice((1, 1, 2)))
    return {"sections": sections, "american_corporal_weapon": rng.choice(("thompson", "burp"))}
