"""Where a player's plain click sends an LMG's second shot (the screen's plan; the rules check it).

The rules let the second shot go at the zombie clicked or at one within 3" of it [house], and send it at
the same zombie when the command names none. A play-tester's Bren fired both shots at a zombie already
knocked down (a plain hit on him is wasted) while a standing one stood nearer. So a click plans the
second shot at the nearest standing zombie the rules allow, when the clicked one is down or another is
nearer the gunner; else at the one clicked (the command then names none, as before). Shift-click still
picks it by hand. The bots choose their own commands: no seeded game moves.

>>> from game.rules.zombiekrieg.testing import rigged_game
>>> g = rigged_game(soldiers={"us1-lmg": (12, 20, 270)}, zombies=[(12, 12), (13.5, 14)], dice=[])
>>> second_target(g, "us1-lmg", "z1")  # z2 stands nearer, within 3" of z1
'z2'
>>> second_target(g, "us1-lmg", "z2") is None  # z2 is the nearest: both at him
True
"""

from __future__ import annotations

import math

from game.rules.zombiekrieg.commands import Fire
from game.rules.zombiekrieg.game import ZombiekriegGame


def second_target(game: ZombiekriegGame, fid: str, tid: str) -> str | None:
    """The second shot's zombie for a click on ``tid`` by ``fid``: None for the one clicked (or a weapon that
    fires once), else the nearest standing zombie the rules accept for it."""
    f, t = game.figure(fid), game.figure(tid)
    if game.data.weapon(f.weapon).shots < 2 or not t.is_zombie:
        return None
    reach = game.data.house.lmg_second_shot_radius + 2 * t.radius  # a first cut; the rules decide
    near = sorted(
        (math.dist(f.position, z.position), z.id)
        for z in game.state.zombies()
        if z.id != tid and z.standing and math.dist(z.position, t.position) <= reach + z.radius
    )
    limit = math.inf if not t.standing else math.dist(f.position, t.position)
    for d, zid in near:
        if d >= limit:
            break
        if game.preview(Fire(fid, tid, zid)).legal:
            return zid
    return None
