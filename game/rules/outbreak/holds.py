"""Who holds whom on the table now (the screen's grab marks and hover words; no dice, nothing changed).

The move's engagements (``ObState.engaged``) are made at the zombies' step and cleared as the next move
begins, while the zombies stay in contact: through the humans' step a zombie in contact is still in the
fight it joins again at step 4 (:func:`game.rules.outbreak.movement.engage`: the zombies in number order,
each the nearest human it touches not already held by three). :func:`holds` reads the one, and the other
the way that step will make it.

>>> from game.rules.outbreak.testing import rigged_game
>>> g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 19), (12, 10)])
>>> holds(g.world)
{'pc1': ['z1']}
"""

from __future__ import annotations

from collections.abc import Sequence

from game.numerals import digits_in
from game.rules.core import Event
from game.rules.outbreak.events import Engaged, Followed, Moved, MoveStarted, ZombieMoved
from game.rules.outbreak.world import World


def holds(world: World) -> dict[str, list[str]]:
    """Each human held now -> the zombies holding him, in the order they grabbed him."""
    st = world.state
    cap = int(world.data.get("close_combat", "max_engaged"))
    out: dict[str, list[str]] = {}
    for hid, zids in st.engaged.items():
        held = [z for z in zids if world.fig(z).on_table]
        if held and world.fig(hid).on_table:
            out[hid] = held
    taken = {z for zs in out.values() for z in zs}
    for z in sorted((z for z in st.zombies() if z.on_table), key=lambda z: digits_in(z.id)):
        if z.id in taken:
            continue
        h = next((h for h in world.contacts(z, zombies=False) if len(out.get(h.id, [])) < cap), None)
        if h is not None:
            out.setdefault(h.id, []).append(z.id)
    return out


def held_by(world: World, hid: str) -> list[str]:
    """The zombies holding the human ``hid`` now (none: an empty list)."""
    return holds(world).get(hid, [])


def grabbing(world: World, zid: str) -> str | None:
    """The human the zombie ``zid`` holds now, or None."""
    return next((h for h, zs in holds(world).items() if zid in zs), None)


def held_on(log: Sequence[Event], i: int) -> bool:
    """Whether the grab ``log[i]`` (an ``Engaged``) is a zombie holding on to the human it held the move before,
    neither of them moved since: the log tells a grab once, not again each move the fight goes on."""
    grab = log[i]
    assert isinstance(grab, Engaged)
    moves = 0
    for e in reversed(log[:i]):
        if isinstance(e, MoveStarted):
            moves += 1
            if moves > 1:  # no grab of his the move before: this one is new
                return False
        elif isinstance(e, Engaged) and e.zombie == grab.zombie:
            return e.human == grab.human
        elif isinstance(e, (Moved, ZombieMoved, Followed)) and e.figure in (grab.zombie, grab.human):
            return False
    return False
