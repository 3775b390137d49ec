"""Which zombies a human's base touches, or would touch where a move ends (the screen's words; no dice).

"In contact" is the rules' own test (:meth:`World.in_contact`: bases within the [house] contact distance,
0.1"): a zombie in contact fights him this move, one a little way off does not, though the two tokens may
look touching. A newcomer's Small Town game: a move "next to" a zombie ended 0.3" off it, and nothing said so.

>>> from game.rules.outbreak.testing import rigged_game
>>> g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 19), (14, 20.0)])
>>> near = around(g.world, g.state.figures["pc1"])
>>> near.touching, near.nearest, round(near.gap, 2)
(['z1'], 'z1', 0.0)
>>> away = around(g.world, g.state.figures["pc1"], (12.0, 20.3))
>>> away.touching, away.nearest, round(away.gap, 2)
([], 'z1', 0.3)

A click on a zombie walks a man into contact with it (:func:`meeting_point`: his base against the zombie's,
on the side he comes from), where the screen's routing round bases stopped him ~0.3" short:

>>> at = meeting_point(g.world, g.state.figures["pc1"], g.state.figures["z2"], (18.0, 20.0))
>>> at, around(g.world, g.state.figures["pc1"], at).touching
((15.05, 20.0), ['z2'])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from game.rules.outbreak.state import Figure
from game.rules.outbreak.world import World
from game.scenario.model import Point

NEAR = 1.0  # inches edge to edge: a zombie this near is named, touching or not (a token's width at most)


@dataclass(frozen=True)
class Around:
    """The zombies round a base: those in contact (nearest first), and the nearest within :data:`NEAR`."""

    touching: list[str]
    nearest: str | None
    gap: float  # inches edge to edge to ``nearest`` (math.inf when none is near)


def zombie_under(world: World, point: Point, slack: float = 0.0) -> Figure | None:
    """The zombie on the table whose base is under ``point`` (a click on it), or None; with ``slack``, the
    nearest whose base is within that many inches of it."""
    if slack <= 0.0:
        for z in world.state.zombies():
            if z.on_table and math.dist(z.position, point) <= z.radius:
                return z
        return None
    near = [(math.dist(z.position, point) - z.radius, z.id, z) for z in world.state.zombies() if z.on_table]
    best = min(near, default=None, key=lambda t: (t[0], t[1]))
    return best[2] if best is not None and best[0] <= slack else None


def meeting_point(world: World, f: Figure, z: Figure, coming_from: Point) -> Point:
    """Where ``f``'s base stands in contact with zombie ``z``'s, on the line from ``coming_from`` to it: half the
    [house] contact distance apart, so the rules' contact test holds however the inches round."""
    apart = f.radius + z.radius + world.data.house.contact / 2
    dx, dy = coming_from[0] - z.position[0], coming_from[1] - z.position[1]
    length = math.hypot(dx, dy)
    if length == 0.0:  # pointed at its very centre from there: any side will do
        dx, dy, length = 0.0, 1.0, 1.0
    return (round(z.position[0] + dx / length * apart, 6), round(z.position[1] + dy / length * apart, 6))


def around(world: World, f: Figure, at: Point | None = None) -> Around:
    """The zombies round ``f``'s base, where he stands or at ``at`` (where a move would end)."""
    placed = f if at is None else replace(f, position=(float(at[0]), float(at[1])))
    near = sorted((world.edge_distance(placed, z), z.id, z) for z in world.within(placed, NEAR, zombies=True))
    touching = [z.id for _, _, z in near if world.in_contact(placed, z)]
    return Around(touching, near[0][1], near[0][0]) if near else Around(touching, None, math.inf)
