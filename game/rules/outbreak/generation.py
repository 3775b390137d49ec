"""Zombie generation (rules: Outbreak, Forces; The move sequence): at the start of each move,
before step 1, every generation point that is not sealed rolls 1D6 or 2D6 (its ``dice``) and that
many zombies appear there, on free ground from the point's centre outward.

Sealing [house, rules: Winning]: in a ``clear`` scenario a PC in contact with a point at the end
of a move seals it; a sealed point generates no more.
"""

from __future__ import annotations

import math

from game.rules.outbreak import forces
from game.rules.outbreak.events import Sealed, ZombiesGenerated
from game.rules.outbreak.world import World, angle_to
from game.table.geometry import distance_to_edges, polygon_edges


def generate(world: World) -> None:
    st = world.state
    if not st.outbreak and not world.data.house.generate_before_outbreak:
        return
    r = world.data.house.base_size / 2
    spacing = world.data.house.zombie_spacing
    for sp in st.spawns:
        if sp.sealed:
            continue
        zone = world.spawn_zone(sp.id)
        roll = world.roll(sp.dice, f"generation at {sp.name}").total
        world.explain(f"{sp.dice}D6 = {roll}: {roll} zombie{'s appear' if roll != 1 else ' appears'} at {sp.name}")
        place = forces.spots(world, zone.area, spacing, r)
        made = []
        for _ in range(roll):
            p = next(place, None)
            if p is None:
                break
            human = world.table.nearest(p, where=world.is_human)
            facing = angle_to(p, world.fig(human).position) if human else 0.0
            z = forces.new_zombie(world, p, facing)
            z.aware = st.outbreak and st.all_aware  # after the outbreak a new zombie knows of the humans
            made.append(z.id)
        world.emit(ZombiesGenerated(sp.id, roll, tuple(made)))


def in_contact_with_point(world: World, fid: str, sid: str) -> bool:
    """A base standing on a generation point or touching it (within 0.1" of its outline)."""
    f = world.fig(fid)
    area = world.spawn_zone(sid).area
    if area.contains(f.position):
        return True
    reach = f.radius + world.data.house.contact
    pts = list(area.points)
    if len(pts) < 3:  # a point object
        return min(math.dist(f.position, p) for p in pts) <= reach
    return distance_to_edges(f.position, polygon_edges(pts)) <= reach


def seal(world: World) -> None:
    """End of the move: a PC in contact with a point seals it (``clear`` scenarios)."""
    st = world.state
    if world.data.house.seal_only_for_clear and st.objective != "clear":
        return
    for sp in st.spawns:
        if sp.sealed:
            continue
        for pc in st.pcs():
            if pc.on_table and in_contact_with_point(world, pc.id, sp.id):
                sp.sealed = True
                world.emit(Sealed(sp.id, pc.id))
                break
