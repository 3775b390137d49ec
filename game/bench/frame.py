"""Frame time: the real game screen at 1920x1080 under the dummy video driver, beside pyscroll (the
``bench`` extra) drawing the same map and token images as the reference.

The scene is the whole game view a player sees, drawn by the App's own frame (``App.step``: the
table, the panels, the roster, the log, the dice tray and the flip): the starter map fitted to the
screen, four sections (44 soldiers) with their GUTS badges, 200 zombies, and a selected Sergeant
whose previews the rules computed: move ring, command ring, front arc with range bands, and the
fire preview's sight line and plate to the nearest zombie under the pointer. ``frame_table_ms_median``
is the table view alone (``TableView.draw`` and the flip), the part pyscroll also draws.
Zombiekrieg's forces are staged here; the timing and pygame are :mod:`game.ui.frame_bench`'s.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.bench.common import open_ground, starter_scenario
from game.scenario.model import Point, Scenario

SECTIONS = ["american", "british", "american", "british"]  # 11 men each: 44 soldiers


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
    from game.ui.frame_bench import measure_frames

    return measure_frames(stage, scenario or starter_scenario(), frames, warmup)
