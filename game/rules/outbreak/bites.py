"""Bites and turning (rules: Outbreak, Bites; The move sequence, step 1).

A human who won a combat may still be bitten: at the start of the next move roll a D6, 1 means
bitten. Then roll again: 1 turns this move, 2 turns next move [seed]; 3-6 roll again at the start
of the next move [house]. A turned human becomes a zombie, aware, that goes for the nearest human.
"""

from __future__ import annotations

from game.rules.outbreak import forces
from game.rules.outbreak.events import BiteRolled, HumanTurned, TurningRolled
from game.rules.outbreak.state import TURNED, Figure
from game.rules.outbreak.world import World


def turning(world: World) -> None:
    st = world.state
    for h in sorted(st.humans(), key=lambda h: h.id):
        if not h.on_table:
            continue
        if h.bite_check and not h.bitten:
            h.bite_check = False
            on = int(world.data.get("bites", "bitten_on"))
            roll = world.d6(f"{h.id} bitten?")
            h.bitten = roll <= on
            world.explain(f"D6 = {roll}: {h.id} {'has been bitten' if h.bitten else 'was not bitten'}")
            world.emit(BiteRolled(h.id, roll, h.bitten))
            if h.bitten:
                roll_turning(world, h)
        elif h.bitten and h.turns_on is not None and h.turns_on <= st.move:
            turn(world, h)
        elif h.bitten and h.turns_on is None:
            roll_turning(world, h)
        h.bite_check = False


def roll_turning(world: World, h: Figure) -> None:
    st = world.state
    roll = world.d6(f"{h.id} turning")
    if roll <= int(world.data.get("bites", "turns_now_on")):
        result = "now"
    elif roll <= int(world.data.get("bites", "turns_next_on")):
        result = "next move"
        h.turns_on = st.move + 1
    else:
        result = "roll again"
    world.explain(
        f"D6 = {roll}: {h.id} turns {result}"
        if result != "roll again"
        else f"D6 = {roll}: {h.id} holds on (roll again next move)"
    )
    world.emit(TurningRolled(h.id, roll, result))
    if result == "now":
        turn(world, h)


def turn(world: World, h: Figure) -> None:
    """``h`` leaves the table as a human (HumanTurned) and comes back as a zombie on the same spot."""
    at, facing = h.position, h.facing
    world.take_off(h, TURNED)
    target = world.table.nearest(at, where=world.is_human) if world.data.house.turned_attacks_nearest else None
    zid = f"z{world.state.next_zombie}"
    h.turned_into = zid
    world.emit(HumanTurned(h.id, zid, target))
    z = forces.new_zombie(world, at, facing, f"{h.name or h.id} (turned)", turned_from=h.id)
    z.aware = True
    z.target = target
