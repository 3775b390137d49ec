"""Rules: Zombie 40,000, a blast's preview counts every scattered marker at once: the same chances, to the
last bit, as counting the models under each of its 360 x 11 markers one by one (the rules' own
``units_under`` at ``scatter_centre``), for a packed crowd, a loose one, one partly dead, and a lone model."""

from __future__ import annotations

import random

import pytest

from game.rules.zombie40k import preview, shooting
from game.rules.zombie40k.commands import Shoot
from game.rules.zombie40k.state import DEAD
from game.rules.zombie40k.testing import rigged_game

LAUNCHER = {"unit": "infantry_squad", "models": 1, "weapons": ["grenade_launcher"]}


def marker_by_marker(world, s, aim, target_unit: str) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """The preview's sum as written before it was vectorised: one ``units_under`` per marker."""
    r = world.data.house.blast_diameter / 2
    bs = world.profile(s.model).bs
    aim_pt = shooting.blast_aim(world, s, aim)

    def count(c):  # type: ignore[no-untyped-def]
        return len(shooting.units_under(world, c, r).get(target_unit, []))

    on = count(aim_pt)
    out = {on: 2 / 6}
    for total, pt in preview.TWO_D6.items():
        dist = max(0, total - bs)
        for face in range(360):
            h = on if dist == 0 else count(shooting.scatter_centre(aim_pt, False, float(face), float(dist)))
            out[h] = out.get(h, 0.0) + (1 - 2 / 6) * pt / 360
    return out


def crowd(kind: str) -> list[tuple[float, float]]:
    rnd = random.Random(kind)
    if kind == "packed":
        return [(20 + (i % 10) * 1.05, 14 + (i // 10) * 1.05) for i in range(50)]
    if kind == "lone":
        return [(25.0, 16.5)]
    return [(24.7 + rnd.uniform(-8, 8), 16.1 + rnd.uniform(-6, 6)) for _ in range(30)]


@pytest.mark.parametrize("kind", ["packed", "loose", "partly dead", "lone"])
def test_a_blast_preview_gives_the_chances_of_counting_marker_by_marker(kind: str) -> None:
    g = rigged_game({1: [(24, 30)]}, hordes=[crowd(kind)], teams=[LAUNCHER])
    if kind == "partly dead":
        for fid in g.world.unit("h1").models[::3]:
            g.figure(fid).state = DEAD
    plan = g.check_shoot(Shoot("p1", "h1", aim=(24.7, 16.1)))
    s = next(x for x in plan.shooters if x.weapon.blast)
    expected = marker_by_marker(g.world, s, plan.aim, "h1")
    got = preview.blast_hits(g.world, s, plan.aim, "h1")
    assert list(got.items()) == list(expected.items())
