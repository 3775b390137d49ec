"""The add-ons of Zombie 40,000 a game plays, assembled from its options (:mod:`.hooks` is the interface).

Importing this module imports every add-on, and each registers its plug-in class as it loads: respawning
(:mod:`.respawn`), power-ups (:mod:`.power_ups`), Killing Floor (:mod:`.killing_floor`) and the other mods
(:mod:`.mods`). A new add-on is one module with a registered :class:`~.hooks.Plugin` and one import here.

>>> [type(p).__name__ for p in assemble(["killing_floor"]).plugins]
['Respawning', 'PowerUps', 'KillingFloor', 'Mods']
>>> [type(p).__name__ for p in assemble([]).plugins]
['Respawning', 'PowerUps']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.rules.zombie40k import hooks, mods
from game.rules.zombie40k import killing_floor as killing_floor  # noqa: F401  (registers KillingFloor)
from game.rules.zombie40k import power_ups as power_ups  # noqa: F401  (registers PowerUps)
from game.rules.zombie40k import respawn as respawn  # noqa: F401  (registers Respawning)
from game.rules.zombie40k.data import Z40Data

TeamRule = Callable[[int, Any, bool], tuple[Any, str]]


def assemble(chosen: Sequence[str], state: Any = None) -> hooks.Hooks:
    """The hooks of a game whose ``"mods"`` option (checked) is ``chosen``, following ``state``'s mods."""
    return hooks.assemble(chosen, state)


def team_rules(data: Z40Data, options: dict[str, Any]) -> TeamRule:
    """The add-ons' say on each team of a new game (the set-up asks it once the teams are counted): the
    ``"mods"`` option is checked here (OptionsError naming the known ids), then each team goes through every
    add-on that game plays, in order. The rule gives the team table as the add-ons have it and the first
    refusal ("" when none)."""
    chosen = mods.check_mods(data, options)
    classes = hooks.team_rules(chosen)

    def rule(points: int, spec: Any, dealt: bool) -> tuple[Any, str]:
        for cls in classes:
            spec, why = cls.check_team(data, chosen, points, spec, dealt)
            if why:
                return spec, why
        return spec, ""

    return rule
