"""Who may act now (rules: Outbreak, The move sequence, step 3: "one of these each").

A PC acts in step 3 in his own player's part of it (hot-seat), while on the table, once: he
spots, moves, fires (up to three shots while his gun has thirds left) or clears a jam. Nobody
reacts before the outbreak. No human leaves a combat: a human in contact with a zombie may not
move or fire (his gun is a close combat weapon now) [seed]. A PC stopped for a breather may not
move [seed]; he may still spot, fire or clear a jam [house].
"""

from __future__ import annotations

from game.rules.core import IllegalCommand
from game.rules.kit.checks import figure_refusal
from game.rules.outbreak.state import PLAYERS, Figure, Step
from game.rules.outbreak.world import World


def turn_reason(world: World, fid: str) -> str | None:
    """Why ``fid`` may not act at all now, or None (ignoring what he has done this step)."""
    st = world.state
    humans = st.step in (Step.HUMANS, Step.REACTION)
    not_now = "" if humans else "It is not the humans' step."
    refusal = figure_refusal(
        st.figures, fid, PLAYERS, st.step == Step.OVER, not_now, st.active_player, "part of the step"
    )
    if refusal:
        return refusal
    f = st.figures[fid]
    if not f.on_table:
        return f"{fid} is {f.state} and cannot act."
    if st.step == Step.REACTION and f.reacted:
        return f"{fid} did not spot the attack (or has already reacted)."
    return None


def figure(world: World, fid: str) -> Figure:
    reason = turn_reason(world, fid)
    if reason:
        raise IllegalCommand(reason)
    return world.state.figures[fid]


def in_combat(world: World, f: Figure) -> bool:
    return bool(world.contacts(f, zombies=True))


def shots_left(world: World, f: Figure) -> int:
    if not f.ranged or f.jammed:
        return 0
    return max(0, int(world.data.get("shooting", "shots")) - f.thirds_used)


def can_act(world: World, f: Figure) -> bool:
    """Whether ``f`` (the active player's PC) has any option left this step."""
    if turn_reason(world, f.id):
        return False
    if world.state.step == Step.REACTION:
        return not f.reacted and not in_combat(world, f)
    fighting = in_combat(world, f)
    if f.acted == "":
        return not fighting or f.jammed
    if f.acted == "fire":
        return not fighting and shots_left(world, f) > 0
    return False
