"""Melee after the zombies move (rules: Zombiekrieg 848, The zombies: Melee).

Each standing zombie within 1" of an Allied soldier attacks the nearest one; for each attacker the
soldier tests 2D6 against GUTS with his weapon's melee modifier (against GUTS alone with the
literal reading, a set-up choice): Success knocks the zombie down,
Critical Success kills it, any Failure kills the soldier. Choices [house]: attackers go nearest
first (then by id); an attacker whose soldier has already died goes for the nearest other soldier
still within 1"; the test is not an action (it does not use the soldier's action); criticals change
GUTS as in every test; the -1 for a zombie within 3" is not applied (see the TOML switch).
"""

from __future__ import annotations

from game.rules.zombiekrieg.events import MeleeAttack
from game.rules.zombiekrieg.geometry import within, within_reach
from game.rules.zombiekrieg.guts import CRITICAL_SUCCESS, SUCCESS
from game.rules.zombiekrieg.state import figure_number
from game.rules.zombiekrieg.world import World


def melee(world: World) -> None:
    st = world.state
    reach = world.data.house.melee_reach
    # Only zombies touching a circle of the melee reach round some soldier can attack: ask the table
    # from the few soldiers' side rather than asking round every zombie of the horde.
    candidates: set[str] = set()
    for s in st.allied():
        if s.on_table:
            candidates.update(
                world.table.figures_in_circle(s.position, s.radius + reach + 1e-6, where=world.is_standing_zombie)
            )
    attackers = []
    for z in (st.figures[fid] for fid in candidates):
        near = world.table.nearest_of(
            z.position, world.allied_ids(), where=world.is_allied, within=within_reach(z.radius, reach)
        )
        if near is not None:
            d = world.edge_distance(z, st.figures[near])
            attackers.append((d, figure_number(z.id), z))
    for _, _, z in sorted(attackers, key=lambda a: (a[0], a[1])):
        if not z.standing:
            continue
        sid = world.table.nearest_of(
            z.position, world.allied_ids(), where=world.is_allied, within=within_reach(z.radius, reach)
        )
        if sid is None:
            continue
        s = st.figures[sid]
        if not within(world.edge_distance(z, s), reach):
            continue
        world.emit(MeleeAttack(z.id, s.id))
        w = world.data.weapon(s.weapon)
        mods = world.modifiers(s, "melee")
        if w.melee_mod and not world.reading("melee_against_guts_only"):
            mods.append((f"{w.name} in melee", w.melee_mod))
        result = world.test(s, "melee", mods)
        if result == CRITICAL_SUCCESS:
            world.kill(z, f"killed in melee by {s.id}")
        elif result == SUCCESS:
            world.knock_down(z)
        else:
            world.kill(s, f"killed in melee by {z.id}")
