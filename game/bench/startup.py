"""Start-up: seconds from starting ``deadground`` with the default scenario to its first frame drawn.

A fresh interpreter runs the ``deadground`` entry point through :mod:`game.bench.first_frame`
(headless: dummy video and audio, settings in a scratch directory) and reports when its first
frame was flipped.

``startup_s`` is a start as a player has it every time but the first: Python's compiled bytecode
already written. The runs share a scratch bytecode folder (``PYTHONPYCACHEPREFIX``), filled by
a first run that is not counted but reported as ``startup_cold_s`` (a machine that sets
``PYTHONDONTWRITEBYTECODE`` would otherwise measure the compiling every time).

The dice are pinned: on :data:`ALLIES_FIRST` the Allies open (nine starts in ten), on
:data:`ZOMBIES_FIRST` the zombies move before the first frame can be drawn (their distance field
imports SciPy and builds the walking grid), reported as ``startup_zombies_first_s``. With random
dice the median of three starts jumped between the two.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from game.bench.common import median

ALLIES_FIRST = 1  # seeds of the default scenario: who moves first
ZOMBIES_FIRST = 11


def startup_once(scenario_path: str, pycache: str | None = None, seed: int = ALLIES_FIRST) -> float:
    with tempfile.TemporaryDirectory() as home:
        env = dict(
            os.environ,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            XDG_CONFIG_HOME=home,
            XDG_DATA_HOME=home,
            XDG_CACHE_HOME=home,
        )
        if pycache is not None:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = pycache
        quick_play = ["play", scenario_path, "--quick", "--seed", str(seed)]  # straight onto the table
        t0 = time.time()
        done = subprocess.run(
            [sys.executable, "-m", "game.bench.first_frame", *quick_play],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    for line in done.stdout.splitlines():
        if line.startswith("first-frame "):
            return float(line.split()[1]) - t0
    raise RuntimeError(f"deadground drew no frame: {done.stderr.strip()[-500:]}")


def bench_startup(repeats: int = 3) -> dict[str, float]:
    from game.assets import default_scenario

    path = str(default_scenario())
    with tempfile.TemporaryDirectory() as pycache:
        cold = startup_once(path, pycache)
        warm = [startup_once(path, pycache) for _ in range(repeats)]
        zombies = [startup_once(path, pycache, ZOMBIES_FIRST) for _ in range(repeats)]
    return {"startup_s": median(warm), "startup_cold_s": cold, "startup_zombies_first_s": median(zombies)}
