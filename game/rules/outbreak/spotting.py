"""Spotting (rules: Outbreak, Spotting; Before the outbreak).

In LOS (not blocked): 8" or less automatic; over 8" to 16" on 3+; over 16" on 5+ (the bands are
data). A zombie that has spotted a human stays aware [seed: "after the first spotting both sides
know of each other"]; so does a human who has spotted a zombie. After that only humans in cover
are spotted again: each move, a human in cover with an aware zombie within 8" in LOS rolls a D6
and is spotted on a 1 (a group of 3 or more hiding together, on a 1 or 2); otherwise he is hidden
from the zombies this move. Zombies within 6" of a zombie that has spotted a human follow it.

Choices [house]: an unaware zombie looks for the nearest human in its LOS (one roll a move);
"in cover" is standing in clutter, or obscured from the nearest aware zombie; humans in cover
within 2" of each other hide together; a hidden human with no aware zombie within 8" stays hidden
without a roll; a human who missed the first attack spots by himself: automatically when a zombie
is within 8" in LOS at the start of step 3, otherwise with a Spot (his option of the step).
"""

from __future__ import annotations

from game.numerals import digits_in
from game.rules.outbreak.events import Followed, HideRolled, SpotRolled
from game.rules.outbreak.state import Figure
from game.rules.outbreak.world import World


def chance(need: int) -> float:
    """The chance of a D6 reaching ``need`` (1 = automatic)."""
    return max(0.0, min(1.0, (7 - need) / 6))


def check(world: World, who: Figure, target: Figure, purpose: str) -> bool:
    """One spotting check by band; rolls only beyond the automatic band."""
    dist = world.edge_distance(who, target)
    band = world.data.spot_band(dist)
    roll = 0
    if band.need > 1:
        roll = world.d6(purpose)
        ok = roll >= band.need
        world.explain(f'D6 = {roll} vs {band.need}+ at {dist:.1f}": {"spotted" if ok else "not spotted"}')
    else:
        ok = True
    world.emit(SpotRolled(who.id, target.id, round(dist, 3), band.need, roll, ok))
    return ok


def visible(world: World, a: Figure, b: Figure) -> bool:
    return world.sight(a, b).state != "blocked"


def nearest_in_sight(world: World, who: Figure, candidates: list[Figure]) -> Figure | None:
    for c in sorted(candidates, key=lambda c: (world.edge_distance(who, c), c.id)):
        if visible(world, who, c):
            return c
    return None


def in_cover(world: World, h: Figure) -> bool:
    if world.in_clutter(h):
        return True
    zid = world.table.nearest(h.position, where=lambda fid: world.is_zombie(fid) and world.fig(fid).aware)
    return zid is not None and world.sight(world.fig(zid), h).state == "obscured"


def _hiding_group(world: World, h: Figure, hiders: set[str]) -> int:
    gap = world.data.house.hiding_group_gap
    group, todo = {h.id}, [h]
    while todo:
        cur = todo.pop()
        for o in world.within(cur, gap, zombies=False):
            if o.id in hiders and o.id not in group:
                group.add(o.id)
                todo.append(o)
    return len(group)


def hide(world: World) -> None:
    """Step 2, first: humans in cover roll to stay hidden from the aware zombies within 8"."""
    st = world.state
    humans = [h for h in st.humans() if h.on_table]
    for h in humans:
        h.hidden = False
    if not any(z.aware and z.on_table for z in st.zombies()):
        return
    hiders = {h.id for h in humans if in_cover(world, h)}
    reach = world.num("spotting", "cover_reach")
    for h in humans:
        if h.id not in hiders:
            continue
        if not any(z.aware and visible(world, z, h) for z in world.within(h, reach, zombies=True)):
            h.hidden = True
            continue
        group = _hiding_group(world, h, hiders)
        need = int(world.data.get("spotting", "cover_spotted_on"))
        if group >= int(world.data.get("spotting", "group_size")):
            need = int(world.data.get("spotting", "group_spotted_on"))
        roll = world.d6(f"{h.id} hiding")
        spotted = roll <= need
        world.explain(
            f"D6 = {roll}: {h.id} in cover {'is spotted' if spotted else 'stays hidden'} (spotted on {need} or less)"
        )
        h.hidden = not spotted
        world.emit(HideRolled(h.id, roll, need, group, spotted))


def zombies_spot(world: World) -> None:
    """Step 2: hiding rolls, then each unaware zombie looks for the nearest human in LOS; then
    zombies within 6" of a zombie that has spotted follow it."""
    hide(world)
    st = world.state
    humans = [h for h in st.humans() if h.on_table]
    if not humans:
        return
    for z in sorted((z for z in st.zombies() if z.on_table and not z.aware), key=lambda z: _num(z.id)):
        target = nearest_in_sight(world, z, humans)
        if target is None:
            continue
        if check(world, z, target, f"{z.id} spots"):
            z.aware = True
            target.hidden = False
    follow(world)


def follow(world: World) -> None:
    """Zombies within 6" of a zombie that has spotted (and follows nobody) follow the nearest one."""
    reach = world.num("spotting", "zombie_follow")
    st = world.state
    leaders = world.crowd(zombies=True, where=lambda z: z.aware and z.following is None)
    for z in sorted((z for z in st.zombies() if z.on_table and not z.aware), key=lambda z: _num(z.id)):
        near = leaders.within(z, reach)
        if near:
            z.aware = True
            z.following = near[0].id
            world.emit(Followed(z.id, near[0].id))


def spot_attack(world: World, victim: Figure) -> list[str]:
    """The first attack: every other human in LOS of the victim rolls by band; returns who saw it."""
    saw = []
    victim.aware = True
    for h in sorted(world.state.humans(), key=lambda h: h.id):
        if not h.on_table or h.id == victim.id:
            continue
        if visible(world, h, victim) and check(world, h, victim, f"{h.id} spots the attack"):
            h.aware = True
            saw.append(h.id)
    return saw


def auto_spot(world: World) -> None:
    """Start of step 3: an unaware human with a zombie within 8" in LOS spots it (automatic band)."""
    auto = world.data.bands[0].upto
    for h in world.state.humans():
        if h.on_table and not h.aware:
            z = nearest_in_sight(world, h, world.within(h, auto, zombies=True))
            if z is not None and check(world, h, z, f"{h.id} spots"):
                h.aware = True


def spot_target(world: World, h: Figure) -> Figure | None:
    """Whom a Spot by ``h`` looks for: the nearest zombie in LOS."""
    zs = [z for z in world.state.zombies() if z.on_table]
    return nearest_in_sight(world, h, zs)


def _num(fid: str) -> int:
    return digits_in(fid)
