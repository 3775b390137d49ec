"""Benchmark figures for Zombie 40,000 (issue 14): one zombie turn with 4 hordes of 10 and 4 squads, and one
blast resolved over a crowd of 50. Plain functions the lead's benchmark can call; each returns seconds.

>>> zombie_turn_seconds(repeat=1) > 0
True
"""

from __future__ import annotations

import time

from game.dice import Dice
from game.rules.zombie40k import shooting, zombie_turn
from game.rules.zombie40k.commands import Shoot
from game.rules.zombie40k.testing import rigged_game, small_scenario

GUARDS = {"unit": "infantry_squad", "models": 10}


def _zombie_turn_game(seed: int):  # type: ignore[no-untyped-def]
    sc = small_scenario(size=72, players=4)
    squads = {
        p: [(8 + (p - 1) * 16 + (i % 5) * 1.6, 40 + (i // 5) * 1.6) for i in range(10)] for p in (1, 2, 3, 4)
    }
    hordes = [[(6 + k * 18 + (i % 5) * 1.4, 20 + (i // 5) * 1.4) for i in range(10)] for k in range(4)]
    g = rigged_game(squads, hordes=hordes, teams=[GUARDS] * 4, scenario=sc, autogun=True)
    g.world.dice = g.dice = Dice(seed)
    return g


def zombie_turn_seconds(repeat: int = 5) -> float:
    """The best time of ``repeat`` whole zombie turns (shamble, Overwatch, autoguns, combats): 4 hordes of
    10 against 4 squads of 10, 15" apart on a 72" table."""
    best = float("inf")
    for k in range(repeat):
        g = _zombie_turn_game(k)
        t = time.perf_counter()
        zombie_turn.run(g.world)
        best = min(best, time.perf_counter() - t)
    return best


def blast_seconds(repeat: int = 5) -> float:
    """The best time of ``repeat`` blast resolutions (scatter, models under the marker, wounds, saves, FNP)
    over a crowd of 50 zombies packed around the aim point."""
    crowd = [(20 + (i % 10) * 1.05, 14 + (i // 10) * 1.05) for i in range(50)]
    team = {"unit": "infantry_squad", "models": 1, "weapons": ["grenade_launcher"]}
    best = float("inf")
    for k in range(repeat):
        g = rigged_game({1: [(24, 30)]}, hordes=[crowd], teams=[team])
        g.world.dice = g.dice = Dice(k)
        plan = g.check_shoot(Shoot("p1", "h1", aim=(24.7, 16.1)))
        t = time.perf_counter()
        shooting.carry_out(g.world, plan)
        best = min(best, time.perf_counter() - t)
    return best


def blast_preview_seconds() -> float:
    """One exact blast preview (every scatter face and 2D6 total) over the same crowd of 50."""
    crowd = [(20 + (i % 10) * 1.05, 14 + (i // 10) * 1.05) for i in range(50)]
    team = {"unit": "infantry_squad", "models": 1, "weapons": ["grenade_launcher"]}
    g = rigged_game({1: [(24, 30)]}, hordes=[crowd], teams=[team])
    t = time.perf_counter()
    g.preview(Shoot("p1", "h1", aim=(24.7, 16.1)))
    return time.perf_counter() - t


if __name__ == "__main__":  # pragma: no cover
    print(f"zombie turn (4 hordes of 10, 4 squads): {zombie_turn_seconds() * 1000:.1f} ms")
    print(f"blast over a crowd of 50: {blast_seconds() * 1000:.2f} ms")
    print(f"blast preview over a crowd of 50: {blast_preview_seconds() * 1000:.1f} ms")


def blast_preview_pair():  # type: ignore[no-untyped-def]
    """Two callables over the blast preview's crowd of 50: the preview's scatter sum as played, and the same
    sum counted marker by marker (``units_under`` at each of ``scatter_centre``'s 3,240 centres), for the
    guard's ratio (``game.bench.guard``)."""
    from game.rules.zombie40k import preview

    crowd = [(20 + (i % 10) * 1.05, 14 + (i // 10) * 1.05) for i in range(50)]
    team = {"unit": "infantry_squad", "models": 1, "weapons": ["grenade_launcher"]}
    g = rigged_game({1: [(24, 30)]}, hordes=[crowd], teams=[team])
    plan = g.check_shoot(Shoot("p1", "h1", aim=(24.7, 16.1)))
    s = next(x for x in plan.shooters if x.weapon.blast)
    w = g.world
    r = w.data.house.blast_diameter / 2
    bs = w.profile(s.model).bs

    def marker_by_marker() -> dict[int, float]:
        aim = shooting.blast_aim(w, s, plan.aim)
        on = len(shooting.units_under(w, aim, r).get("h1", []))
        out = {on: 2 / 6}
        for total, pt in preview.TWO_D6.items():
            dist = max(0, total - bs)
            for face in range(360):
                c = shooting.scatter_centre(aim, False, float(face), float(dist))
                h = on if dist == 0 else len(shooting.units_under(w, c, r).get("h1", []))
                out[h] = out.get(h, 0.0) + (1 - 2 / 6) * pt / 360
        return out

    return (lambda: preview.blast_hits(w, s, plan.aim, "h1")), marker_by_marker
