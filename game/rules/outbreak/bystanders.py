"""The NPCs' part of step 3, driven by the rules (rules: Outbreak, Forces: "bystanders
controlled by the game"; Before the outbreak).

Choices [house], in order, for each NPC on the table who has not acted (followed a runner) and is
not in a combat: an NPC with a jammed gun clears it; an NPC with a gun shoots the nearest zombie
in range while shots last; an unaware NPC looks (Spot) for the zombies; an NPC with a zombie
within 8" flees directly away from the nearest one; otherwise he stays put, waiting to be led.
"""

from __future__ import annotations

from game.rules.outbreak import acting, movement, shooting, spotting
from game.rules.outbreak.state import Figure
from game.rules.outbreak.world import World


def act(world: World) -> None:
    for h in sorted(world.state.npcs(), key=lambda h: h.id):
        if h.on_table and not h.acted and not acting.in_combat(world, h):
            act_one(world, h)


def act_one(world: World, h: Figure) -> None:
    if h.ranged and world.data.house.npc_shoots:
        if h.jammed:
            shooting.clear(world, h)
            return
        shot = False
        while h.aware and not h.jammed and acting.shots_left(world, h) > 0 and not acting.in_combat(world, h):
            target = next(iter(shooting.targets_in_reach(world, h)), None)
            if target is None:
                break
            shooting.carry_out(world, shooting.FirePlan(h, target, world.edge_distance(h, target), "clear"))
            shot = True
        if shot:
            return
    if not h.aware:
        z = spotting.spot_target(world, h)
        h.acted = "spot"
        if z is not None and spotting.check(world, h, z, f"{h.id} spots"):
            h.aware = True
        return
    near = world.within(h, world.data.house.npc_flee_within, zombies=True)
    if near and not h.tired:
        movement.flee(world, h, near[0].position)
        return
    h.acted = "wait"
