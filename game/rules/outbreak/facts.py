"""What ``deadground check`` asks of Outbreak about the forces a map must make room for: one to
``characters_per_player_max`` characters a player (rules: Zombie Rules (Outbreak), Forces [house]),
their base and the spacing they are set up at in a deploy zone; and what ``exit_count`` counts on the
map: its bystanders for ``rescue``, its own characters when it has some (a game set up without choosing
characters plays exactly those, rules: Outbreak, Choices [house]).

>>> f = force_facts()
>>> f.smallest, f.largest, f.base_radius, f.deploy_spacing, f.exit_pool
(1, 4, 0.5, 1.5, None)
"""

from __future__ import annotations

from game.rules.outbreak.data import load_data
from game.scenario.model import Scenario
from game.scenario.refusals import ForceFacts


def force_facts(scenario: Scenario | None = None) -> ForceFacts:
    """The fewest and the most characters one player brings, a base's radius, the deploy spacing, and the
    figures ``exit_count`` counts on ``scenario`` when the map fixes them."""
    d = load_data()
    most = int(d.get("forces", "characters_per_player_max"))
    pool: int | None = None
    if scenario is not None:
        objective = str(scenario.objective or scenario.properties.get("objective", "")).strip().lower()
        if objective == "rescue":
            pool = len(scenario.placements_of("npc"))
        elif scenario.placements_of("character"):
            pool = len(scenario.placements_of("character"))
    return ForceFacts(1, most, d.house.base_size / 2, d.house.deploy_spacing, pool)
