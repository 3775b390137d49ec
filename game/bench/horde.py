"""The zombie turn: one whole Axis turn (reaction roll, path-finding, cohesion, melee) on the starter
map with 100, 400 and 1000 zombies spread over open ground, and 5000 on the starter map's terrain
repeated 2 x 2 (5000 bases do not fit on one 72" x 48" table; the density is then about that of
1250 on one).

Each run starts from a fresh game (one American section, turn 1) whose zombies are replaced by
``n`` placed at random, clear of walls, buildings and other bases (a few within reach of the
soldiers, so break-offs and melee happen too). The reaction roll is fixed at 5 (a 6" charge when
a zombie is close, a 4" lurch when one is seen), every other die is seeded.
"""

from __future__ import annotations

import gc
import random

from game.bench.common import clock, median, open_ground, starter_scenario, tiled
from game.dice import Dice
from game.scenario.model import Scenario

SIZES = (100, 400, 1000, 5000)
ONE_TABLE = 1000  # above this many zombies the horde plays on the map tiled 2 x 2
REACTION = 5


class BenchDice(Dice):
    """Seeded dice whose reaction-table roll is always ``REACTION``."""

    def _face(self, sides: int, purpose: str) -> int:
        if purpose == "reaction table":
            return REACTION
        return super()._face(sides, purpose)


def horde_game(scenario: Scenario, n: int, seed: int = 1):
    """A fresh game in the Axis phase of turn 1 with ``n`` zombies on open ground."""
    from game.rules.zombiekrieg import new_game
    from game.rules.zombiekrieg.state import ZOMBIES, Figure, Phase

    g = new_game(scenario, {"sections": ["american"]}, seed)
    st, table = g.state, g.table
    for f in list(st.zombies()):
        if f.on_table:
            table.remove(f.id)
        del st.figures[f.id]
    soldiers = [f.position for f in st.allied() if f.on_table]
    spots = open_ground(scenario, random.Random(seed * 7919 + n), 0.5, taken=soldiers, spacing=1.25)
    for i in range(1, n + 1):
        p = next(spots)
        fid = f"z{i}"
        st.figures[fid] = Figure(fid, ZOMBIES, p, 90.0, 0.5)
        table.place(fid, p, 0.5)
    g.dice = g.world.dice = BenchDice(seed)
    st.phase, st.first, st.allied_done, st.axis_done = Phase.AXIS, "allies", True, False
    table.corners(0.5)  # the corners' graph belongs to the table, not to one turn
    return g


def axis_turn(game) -> None:
    """The Axis phase exactly as the turn machine plays it."""
    from game.rules.zombiekrieg.turn import zombies_act

    zombies_act(game.world)


def bench_horde(sizes=SIZES, repeats: int = 5, scenario: Scenario | None = None) -> dict[str, object]:
    """Median ms of one Axis turn per horde size, and the growth from the smallest to the largest."""
    scenario = scenario or starter_scenario()
    big: Scenario | None = None
    out: dict[str, float] = {}
    for n in sizes:
        times = []
        if n > ONE_TABLE and big is None:
            big = tiled(scenario)
        for r in range(repeats):
            g = horde_game(big if n > ONE_TABLE and big is not None else scenario, n, seed=1 + r)
            # the repeats before left their games in reference cycles: collected outside the clock,
            # so a turn does not pay for a full collection of them (after the frame bench a 1000-
            # zombie turn read 65 or 108 ms by where the collections fell)
            gc.collect()
            t0 = clock()
            axis_turn(g)
            times.append((clock() - t0) * 1000)
        out[str(n)] = median(times)
    lo, hi = str(min(sizes)), str(max(n for n in sizes if n <= ONE_TABLE))
    return {
        "zombie_turn_ms": out,
        f"zombie_turn_growth_{hi}_over_{lo}": out[hi] / out[lo],
    }
