"""Zombie 40,000's screen squad move measured: first a 10-model Guard squad (from four spots
at the south of Hive Street) walked toward the gunship, six squad moves in a row, each 6" toward it (the
sergeant pointed), counting the moves that end out of coherency and the squad's length after each (the widest
distance between two of its bases' centres); then many squad moves of a 10-model Ork Boyz mob (the Nob pointed) on
the three Zombie 40,000 maps, from a line (1", 2" and 2.4" between bases), a chain and a tight block, each
pointed 6" (or 3") a random way at an open spot. Counts the moves that end out of coherency (and of those that
started in it), the models left behind (stay) or short of their place, and the Nob boxed in by his boys.

    PYTHONPATH=. python benchmarks/squad_close_up.py [moves per map]
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter

from game.rules.core import get_ruleset
from game.rules.zombie40k import coherency, formation, snag_words
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.scenario.loader import load_scenario

Z40K = get_ruleset("zombie40k")
MAPS = ("hive_street", "last_evac", "manufactorum_ferrum")
TEAM = {"unit": "ork_boyz", "models": 10, "sergeant": True}
R = 0.5
MAPS_DIR = "maps"


def line(rng: random.Random, gap: float) -> list[tuple[float, float]]:
    a = rng.uniform(0, math.pi)
    step = 2 * R + gap
    return [(i * step * math.cos(a), i * step * math.sin(a)) for i in range(10)]


def chain(rng: random.Random) -> list[tuple[float, float]]:
    pts = [(0.0, 0.0)]
    while len(pts) < 10:
        a, d = rng.uniform(0, 2 * math.pi), 2 * R + rng.uniform(0.3, 2.4)
        base = pts[-1] if rng.random() < 0.7 else rng.choice(pts)
        p = (base[0] + d * math.cos(a), base[1] + d * math.sin(a))
        if all(math.dist(p, q) >= 2 * R + 0.1 for q in pts):
            pts.append(p)
    return pts


def block(rng: random.Random) -> list[tuple[float, float]]:
    return [(1.6 * (i % 5), 1.6 * (i // 5)) for i in range(10)]


SHAPES = {
    "line 1in": lambda r: line(r, 1.0),
    "line 2in": lambda r: line(r, 1.95),
    "line 2.4in": lambda r: line(r, 2.4),
    "chain": chain,
    "block": block,
}


def placed(table, rng: random.Random, shape: list[tuple[float, float]]) -> list[tuple[float, float]] | None:
    x, y = rng.uniform(4, table.width - 4), rng.uniform(4, table.height - 4)
    cx = sum(p[0] for p in shape) / len(shape)
    cy = sum(p[1] for p in shape) / len(shape)
    pts = [(round(x + p[0] - cx, 3), round(y + p[1] - cy, 3)) for p in shape]
    if all(table.on_table(p, R) and not table.overlaps_blocking(p, R) for p in pts):
        return pts
    return None


def boxed(table, end: tuple[float, float], others: list[tuple[float, float]]) -> bool:
    """No way out 1.5" long in any of 16 directions, past walls and his squad-mates' bases."""
    for k in range(16):
        a = k * math.pi / 8
        p = (end[0] + 1.5 * math.cos(a), end[1] + 1.5 * math.sin(a))
        if not table.leg_clear(end, p, R):
            continue
        if all(_seg_dist(o, end, p) >= 2 * R - 1e-6 for o in others):
            return False
    return True


def _seg_dist(p, a, b) -> float:
    ab = (b[0] - a[0], b[1] - a[1])
    t = max(0.0, min(1.0, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / (ab[0] ** 2 + ab[1] ** 2)))
    return math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1]))


def one(sc, rng: random.Random, shape: str) -> dict | None:
    g0 = rigged_game({1: [(5.0, 5.0)]}, teams=[TEAM], scenario=sc, phase=Phase.MOVEMENT)
    pts = placed(g0.table, rng, SHAPES[shape](rng))
    if pts is None:
        return None
    lead_at = rng.randrange(10)
    order = [pts[lead_at], *pts[:lead_at], *pts[lead_at + 1 :]]  # the Nob (p1-1) is the one pointed
    g = rigged_game({1: order}, teams=[TEAM], scenario=sc, phase=Phase.MOVEMENT)
    a, d = rng.uniform(0, 2 * math.pi), rng.choice((6.0, 6.0, 3.0))
    dest = (order[0][0] + d * math.cos(a), order[0][1] + d * math.sin(a))
    if not g.table.on_table(dest, R) or g.table.overlaps_blocking(dest, R):
        return None
    view = Z40K.view()
    t0 = time.perf_counter()
    cmd = formation.squad_command(g, "p1-1", dest, 6.0, view._routes_of)
    took = time.perf_counter() - t0
    p = g.preview(cmd)
    if not p.legal:
        return {"refused": 1, "took": took}
    steps = p.details["steps"]
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps}
    models = g.world.alive(g.state.units["p1"])
    gap = coherency.gap_of(g.world)
    before_ok = coherency.stretch(models, gap) <= coherency.SLACK
    after = coherency.stretch(models, gap, ends)
    held = sum(1 for st in steps if st["reason"])
    short = len(snag_words.short_of_place(g, cmd, steps))
    lead_end = ends["p1-1"]
    return {
        "moves": 1,
        "out after": int(after > coherency.SLACK),
        "in before, out after": int(before_ok and after > coherency.SLACK),
        "started out": int(not before_ok),
        "started out, closed": int(not before_ok and after <= coherency.SLACK),
        "models stay": held,
        "models short": short,
        "Nob boxed in": int(boxed(g.table, lead_end, [e for f, e in ends.items() if f != "p1-1"])),
        "Nob's inches from the point": math.dist(lead_end, dest),
        "stretch after": after,
        "mean gap": coherency.stretch(models, 0.0, ends) / 9,
        "took": took,
    }


WALK_STARTS = ((25.0, 40.0), (12.0, 38.0), (44.0, 40.0), (58.0, 38.0))
GUNSHIP = (36.0, 4.0)


def walk(sc, unit: str, at: tuple[float, float], run: bool = False, moves: int = 6) -> Counter:
    """One squad of ``unit`` from a block at ``at`` walked ``moves`` squad moves (with ``run``: runs of 5")
    toward the gunship."""
    pos = [(at[0] + 1.6 * (i % 5), at[1] + 1.6 * (i // 5)) for i in range(10)]
    got: Counter = Counter()
    team = {**TEAM, "unit": unit}
    for _ in range(moves):
        phase, reach = (Phase.SHOOTING, 5.0) if run else (Phase.MOVEMENT, 6.0)
        g = rigged_game({1: pos}, teams=[team], scenario=sc, phase=phase, dice=[6] * 20)
        g.state.units["p1"].run_roll = 5 if run else None
        lead = g.figure("p1-1").position
        t = min(1.0, reach / max(math.dist(lead, GUNSHIP), 1e-9))
        dest = (lead[0] + (GUNSHIP[0] - lead[0]) * t, lead[1] + (GUNSHIP[1] - lead[1]) * t)
        cmd = formation.squad_command(g, "p1-1", dest, reach, Z40K.view()._routes_of, run)
        p = g.preview(cmd)
        ends = (
            {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in p.details["steps"]}
            if p.legal
            else {}
        )
        models = g.world.alive(g.state.units["p1"])
        pos = [ends.get(m.id, m.position) for m in models]
        got["moves"] += 1
        got["out of coherency"] += int(
            coherency.stretch(models, coherency.gap_of(g.world), ends) > coherency.SLACK
        )
        got["length"] += max(math.dist(a, b) for a in pos for b in pos)
        got["inches the lead went"] += math.dist(lead, pos[0])
    return got


def walks() -> None:
    """The squads walked across Hive Street toward the gunship, their sums printed."""
    sc = load_scenario(f"{MAPS_DIR}/hive_street.tmx")
    total: Counter = Counter()
    unit = "infantry_squad"  # (a mob of Ork Boyz walks the same: bases and moves alike)
    for run in (False, True):
        for at in WALK_STARTS:
            c = walk(sc, unit, at, run)
            total.update(c)
            mean = c["length"] / c["moves"]
            how = "runs" if run else "moves"
            print(f"{how} from {at}: out {c['out of coherency']}/{c['moves']}, mean length {mean:.1f}")
    n = total["moves"]
    length, went = total["length"] / n, total["inches the lead went"] / n
    print(
        f'walks: out of coherency {total["out of coherency"]}/{n}, mean length {length:.1f}", lead {went:.1f}" a move'
    )


def main() -> None:
    walks()
    per_map = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    total: Counter = Counter()
    by_shape: dict[str, Counter] = {}
    rng = random.Random(47)
    for name in MAPS:
        sc = load_scenario(f"{MAPS_DIR}/{name}.tmx")
        done = 0
        while done < per_map:
            shape = list(SHAPES)[done % len(SHAPES)]
            got = one(sc, rng, shape)
            if got is None:
                continue
            done += 1
            total.update(got)
            by_shape.setdefault(shape, Counter()).update(got)
    for shape, c in [*by_shape.items(), ("all", total)]:
        n = max(c["moves"], 1)
        for k in ("mean gap", "Nob's inches from the point"):
            c[k] = c[k] / n  # (a mean a move)
        print(f"{shape:12s}", {k: round(v, 1) for k, v in c.items() if k != "took"})
    print(f"mean ms per proposal: {1000 * total['took'] / max(total['moves'], 1):.0f}")


if __name__ == "__main__":
    main()
