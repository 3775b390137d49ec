"""Close combat (rules: Outbreak, Close combat; The move sequence, steps 5 and 6).

Step 5, first blows: a human with a close combat weapon, or a gun with shots left (a jammed gun
has none), strikes first at the zombies engaging him, in the order they arrived: 4+ kills (knife
5-6; a gun spends one remaining shot a blow). A 6 lets the weapon strike another zombie in
contact, and another 6 a third one. A human caught running (he moved this move) does not strike
first: straight to the grapple [seed: "if caught while running ... straight to 5"; the option
``caught_running_first_blow`` reads it the other way].

Step 6, the grapple, unarmed: against the first zombie the human rolls 3D6 and keeps the highest,
the zombie 1D6; against a second, 2D6; against a third, 1D6. Higher wins and the loser dies; a draw
moves on to the next zombie (and the two stay in contact). At most 3 zombies engage one human in a
move. No human can leave a combat while a zombie is in contact; zombies never leave it [seed].

Choices [house]: a human with both picks the weapon that kills on less (the close combat weapon
on a tie, keeping the shots); a human who was in a combat and is alive after it tests for a bite
at the start of the next move.
"""

from __future__ import annotations

from game.rules.core import DiceRolled
from game.rules.outbreak import acting
from game.rules.outbreak.events import FirstBlow, Grappled
from game.rules.outbreak.state import Figure
from game.rules.outbreak.world import World


def blow_weapon(world: World, h: Figure, reading: bool) -> tuple[str, int] | None:
    """The weapon ``h`` strikes first with and what it kills on, or None (no first blow)."""
    if h.ran and not reading:
        return None
    options: list[tuple[int, int, str]] = []
    if h.melee:
        options.append((world.data.melee_kills_on(h.melee), 0, h.melee))
    if acting.shots_left(world, h) > 0:
        options.append((int(world.data.get("close_combat", "gun_kills_on")), 1, h.ranged))
    if not options:
        return None
    need, _, weapon = min(options)
    return weapon, need


def engaged_zombies(world: World, h: Figure) -> list[Figure]:
    return [world.fig(z) for z in world.state.engaged.get(h.id, []) if world.fig(z).on_table]


def strike(world: World, reading: bool) -> None:
    """Step 5: every engaged human strikes first if he can."""
    st = world.state
    chain = int(world.data.get("close_combat", "chain_on"))
    most = int(world.data.get("close_combat", "max_blows"))
    for hid in sorted(st.engaged):
        h = world.fig(hid)
        zs = engaged_zombies(world, h)
        if not h.on_table or not zs:
            continue
        h.fought = True
        pick = blow_weapon(world, h, reading)
        if pick is None:
            continue
        weapon, need = pick
        gun = weapon == h.ranged and weapon != h.melee
        for n, z in enumerate(zs, start=1):
            if gun and acting.shots_left(world, h) <= 0:
                break
            roll = world.d6(f"{h.id} strikes {z.id}")
            if gun:
                h.thirds_used += 1
            killed = roll >= need
            name = world.data.melee_name(weapon) if not gun else world.data.ranged(weapon).name
            world.explain(f"D6 = {roll} vs {need}+ ({name}): {z.id} {'killed' if killed else 'survives'}")
            world.emit(FirstBlow(h.id, z.id, weapon, roll, need, killed))
            if killed:
                world.kill(z, f"struck by {h.id}")
            if roll < chain or n >= most:
                break


def grapple(world: World) -> None:
    """Step 6: every human still engaged grapples his zombies in order, with fewer dice each."""
    st = world.state
    dice = [int(d) for d in world.data.get("close_combat", "grapple_dice")]
    zdice = int(world.data.get("close_combat", "zombie_dice"))
    for hid in sorted(st.engaged):
        h = world.fig(hid)
        zs = engaged_zombies(world, h)
        if not h.on_table or not zs:
            continue
        h.fought = True
        for k, z in enumerate(zs[: len(dice)]):
            mine = world.dice.best_of(dice[k], f"{h.id} grapples {z.id}")
            their_roll = world.dice.roll(zdice, f"{z.id} grapples {h.id}")
            theirs = their_roll.total
            if mine.total > theirs:
                result = "won"
            elif mine.total < theirs:
                result = "lost"
            else:
                result = "draw"
            # one dice event for both sides, so the tray shows the dice side by side
            world.emit(
                DiceRolled(
                    f"{h.id} grapples {z.id}",
                    f"{dice[k]}D6 keep highest vs {zdice}D6",
                    mine.faces + their_roll.faces,
                    mine.total,
                )
            )
            faces = " ".join(map(str, mine.faces))
            world.explain(
                f"{h.id} [{faces}] keeps {mine.total}, {z.id} rolls {theirs}: {h.id} "
                + {"won": "wins", "lost": "loses", "draw": "draws"}[result]
            )
            world.emit(Grappled(h.id, z.id, mine.faces, theirs, result))
            if result == "won":
                world.kill(z, f"grappled by {h.id}")
            elif result == "lost":
                world.kill(h, f"grappled by {z.id}")
                h.fought = False
                break
