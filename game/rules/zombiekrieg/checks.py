"""What ``deadground check`` warns about a Zombiekrieg scenario: numbers the source would not play
(rules: Zombiekrieg 848, Forces). A warning never stops a map from loading or playing.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> ws = scenario_warnings(tiny_scenario(properties={"zombie_ratio": 1.5, "zombies_min": 8}))
>>> [w.split(" (")[0] for w in ws]
["zombie_ratio 1.5 is outside the source's two to three zombies per Allied figure", \
"zombies_min 8 is below the source's minimum of twelve zombies"]
>>> [w.split(" — ")[1] for w in ws]
['set it between 2 and 3', 'set it to 12 or more']
"""

from __future__ import annotations

from game.rules.zombiekrieg import forces
from game.rules.zombiekrieg.data import ZkData, load_data
from game.scenario.model import Scenario


def scenario_warnings(scenario: Scenario, data: ZkData | None = None) -> list[str]:
    """One sentence (with its fix) per number outside what the source asks for."""
    d = data if data is not None else load_data()
    z = d.raw["zombies"]
    ratio, least = forces.zombie_numbers(d, scenario.properties)
    lo, hi, fewest = float(z["ratio_min"]), float(z["ratio_max"]), int(z["count_min"])
    out = []
    if not lo <= ratio <= hi:
        out.append(
            f"zombie_ratio {ratio:g} is outside the source's two to three zombies per Allied figure (the map "
            f"plays: maps/REFERENCE.md allows it) — set it between {lo:g} and {hi:g}"
        )
    if least < fewest:
        out.append(
            f"zombies_min {least} is below the source's minimum of twelve zombies (the map plays: maps/REFERENCE.md "
            f"allows 0 or more, for fewer zombies than the rules ask for) — set it to {fewest} or more"
        )
    return out
