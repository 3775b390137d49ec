"""Who may act now (rules: Zombiekrieg 848, Actions: one action a figure a turn).

An Allied figure acts in the Allied phase, only in its own player's part of it (hot-seat), while
standing on the table and before it has used its action. The lead NCO's free ORDER after a
Critical Success on initiative is the one exception: it does not use his action [house choice:
his first ORDER that turn is the free one; he may give it before or after his own action].
"""

from __future__ import annotations

from game.rules.core import IllegalCommand
from game.rules.kit.checks import figure_refusal
from game.rules.zombiekrieg.state import ALLIES, Figure, Phase
from game.rules.zombiekrieg.world import World


def turn_reason(world: World, fid: str) -> str | None:
    """Why ``fid`` may not act at all now, or None if it may (ignoring whether it has acted)."""
    st = world.state
    not_now = "" if st.phase == Phase.ALLIED else "It is not the Allied turn."
    refusal = figure_refusal(st.figures, fid, ALLIES, st.phase == Phase.OVER, not_now, st.active_player)
    if refusal:
        return refusal
    f = st.figures[fid]
    if f.state != "standing":
        return f"{fid} is {f.state.replace('_', ' ')} and cannot act."
    return None


def figure(world: World, fid: str, free_order: bool = False) -> Figure:
    """The acting figure, or IllegalCommand saying why it cannot act."""
    reason = turn_reason(world, fid)
    if reason:
        raise IllegalCommand(reason)
    f = world.state.figures[fid]
    if f.acted_this_turn and not (free_order and world.state.free_order_for == fid):
        raise IllegalCommand(f"{fid} has already acted this turn (one action a turn).")
    return f
