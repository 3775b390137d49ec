"""Who is caught running, for the screen (rules: Close combat, "if caught while running"; no dice).

A human who ran this move (:func:`movement.running`: away from the zombies, or past one) and is grabbed gets
no first blow: straight to the grapple, unless the game reads the rules the other way (the option
``caught_running_first_blow``) [seed]. A newcomer saw neither coming: the move preview never warned, and the
log went from "grabs Jo" to the grapple without a word of the blow he never struck.

:func:`would_be` answers for a move previewed now; :func:`no_first_blow` reads it back from the log when the
grapple is shown (the rules are a move ahead by then, his ``ran`` flag cleared).

>>> from game.rules.outbreak.testing import rigged_game
>>> g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 14)])
>>> pc = g.state.figures["pc1"]
>>> would_be(g.world, pc, [(12, 20), (15, 20)], reading=False), would_be(g.world, pc, [(12, 20), (12, 18)], False)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.core import Event
from game.rules.outbreak import events as ev
from game.rules.outbreak import movement
from game.rules.outbreak.state import Figure
from game.rules.outbreak.world import World
from game.scenario.model import Point
from game.table import edge_distance_between

WITHIN = 8.0  # inches edge to edge from the move's end: a zombie this near may come and grab him this move


def would_be(world: World, f: Figure, points: Sequence[Point], reading: bool) -> bool:
    """Whether ``f`` walking ``points`` (the way the move walks) runs, with a zombie near its end to catch
    him, and the game's reading takes his first blow away when one grabs him."""
    way = tuple((float(p[0]), float(p[1])) for p in points)  # a preview's points may be lists
    if reading or len(way) < 2 or not movement.running(world, way):
        return False
    end = way[-1]
    return any(
        edge_distance_between(z.position, z.radius, end, f.radius) <= WITHIN
        for z in world.state.zombies()
        if z.on_table
    )


def no_first_blow(world: World, log: Sequence[Event], i: int, reading: bool) -> bool:
    """Whether ``log[i]``, a grapple, is the first of a human the rules caught running this move: he walked
    this move, struck no first blow, and had a weapon to strike with (so running is what took it)."""
    e = log[i]
    if reading or not isinstance(e, ev.Grappled):
        return False
    start = next((k for k in range(i - 1, -1, -1) if isinstance(log[k], ev.MoveStarted)), 0)
    mine = [x for x in log[start:i] if getattr(x, "human", getattr(x, "figure", None)) == e.human]
    if any(isinstance(x, (ev.Grappled, ev.FirstBlow)) for x in mine):
        return False
    if not any(isinstance(x, ev.Moved) for x in mine):
        return False
    return _armed(world, log, i, start, e.human)


def _armed(world: World, log: Sequence[Event], i: int, start: int, hid: str) -> bool:
    """Whether the human ``hid`` had a first blow's weapon at ``log[i]``: a close combat weapon, or a gun with
    shots left (not jammed; one shot a third of the move, the thirds his shots this move used)."""
    h = world.state.figures.get(hid)
    if h is None:
        return False
    if h.melee:
        return True
    if not h.ranged:
        return False
    last = next(
        (x for x in reversed(log[:i]) if isinstance(x, (ev.Jammed, ev.JamCleared)) and x.figure == hid), None
    )
    jammed = h.jammed if last is None else not (isinstance(last, ev.JamCleared) and last.cleared)
    used = max((x.third for x in log[start:i] if isinstance(x, ev.Fired) and x.figure == hid), default=0)
    return not jammed and used < int(world.data.get("shooting", "shots"))
