"""Frame time: the real game screen at 1920x1080 under the dummy video driver, beside pyscroll (the
``bench`` extra) drawing the same map and token images as the reference.

The scene is the whole game view a player sees, drawn by the App's own frame (``App.step``: the
table, the panels, the roster, the log, the dice tray and the flip): the starter map fitted to the
screen, four sections (44 soldiers) with their GUTS badges, 200 zombies, and a selected Sergeant
whose previews the rules computed: move ring, command ring, front arc with range bands, and the
fire preview's sight line and plate to the nearest zombie under the pointer. ``frame_table_ms_median``
is the table view alone (``TableView.draw`` and the flip), the part pyscroll also draws.
Zombiekrieg's forces are staged here; the timing and pygame are :mod:`game.ui.frame_bench`'s.
``frame_1000_ms_median`` is the whole frame again with 1000 figures on the table (the 44 soldiers
and 956 zombies).
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.bench.common import median, open_ground, percentile, starter_scenario
from game.scenario.model import Point, Scenario

SECTIONS = ["american", "british", "american", "british"]  # 11 men each: 44 soldiers
FIGURES_CROWDED = 1000  # soldiers and zombies on the table for frame_1000_ms_median


def stage(app: Any, scenario: Scenario, zombies: int = 200, seed: int = 3) -> Point:
    """Open the game scene on ``scenario`` with ``zombies`` zombies and the Sergeant selected; the
    nearest zombie's position (pointing there shows a fire preview)."""
    from game.rules.zombiekrieg.state import ZOMBIES, Figure
    from game.ui.scenes.game import GameScene

    app.push(GameScene(app, scenario, {"sections": SECTIONS}, seed=seed))
    app.run_frames(3)
    scene = app.scene
    match, game = scene.match, scene.match.game
    match.skip()
    rng = random.Random(seed)
    spots = open_ground(scenario, rng, 0.5, taken=[f.position for f in game.figures], spacing=1.1)
    have = sum(1 for f in game.figures if f.is_zombie and f.on_table)
    for n in range(have + 1, zombies + 1):
        fid, p = f"zb{n}", next(spots)
        game.state.figures[fid] = Figure(fid, ZOMBIES, p, 180.0, 0.5)
        game.table.place(fid, p, 0.5)
    match.resync()
    sgt = next(f for f in game.figures if f.role == "sergeant")
    match.select(sgt.id)
    target = min((f for f in game.figures if f.is_zombie), key=lambda f: math.dist(f.position, sgt.position))
    return (float(target.position[0]), float(target.position[1]))


def bench_frame(frames: int = 200, warmup: int = 20, scenario: Scenario | None = None) -> dict[str, float | None]:
    """The frame figures on the starter map (the screen's half is :mod:`game.ui.frame_bench`)."""
    from functools import partial

    from game.ui.frame_bench import measure_frames

    scenario = scenario or starter_scenario()
    out = frame_figures(measure_frames(stage, scenario, frames, warmup))
    crowded = measure_frames(
        partial(stage, zombies=FIGURES_CROWDED - 11 * len(SECTIONS)), scenario, frames, warmup
    )
    out["frame_1000_ms_median"] = median(crowded["frame"] or [])
    return out


def frame_figures(times: dict[str, list[float] | None]) -> dict[str, float | None]:
    """The frame figures (medians and p95, in ms) of each frame's time as the screen measured them."""
    mine, table, theirs = times["frame"] or [], times["table"] or [], times["pyscroll"]
    return {
        "frame_ms_median": median(mine),
        "frame_ms_p95": percentile(mine, 95),
        "frame_table_ms_median": median(table),
        "frame_pyscroll_ms_median": median(theirs) if theirs else None,
        "frame_ratio_vs_pyscroll": median(mine) / median(theirs) if theirs else None,
    }
