"""The bearer of a team's free Universal Special Rule [seed: one model takes it]: who carries it, so the table
and the roster can mark him and the log can say when the squad loses it with him.

The chosen rule is the one only he of his squad has, beyond his profile's own (a rule of the team's entry is
every model's, and not the free one).
"""

from __future__ import annotations

from game.rules.zombie40k.state import PLAYERS, Model
from game.rules.zombie40k.world import World


def free_usr(world: World, m: Model) -> str:
    """The Universal Special Rule model ``m`` bears for his team ("" when he bears none), alive or dead."""
    if m.side != PLAYERS:
        return ""
    squad = world.state.units[m.unit]
    entry = world.data.units.get(squad.entry)
    # his profile's rules and his unit entry's are his own: the last Space Marine standing is no bearer of
    # And They Shall Know No Fear (a campaign's chapter 3 named him so once his mates had fallen)
    own = {*world.profile(m).rules, *(entry.rules if entry is not None else ())}
    mates = [world.state.models[f] for f in squad.models if f != m.id]
    for rule in (*m.unit_rules, *m.rules):
        usr = world.data.usrs.get(rule)
        if usr is None or usr.list not in ("unit", "model") or rule in own:
            continue
        if not any(rule in o.rules or rule in o.unit_rules for o in mates if o.id in world.state.models):
            return rule
    return ""
