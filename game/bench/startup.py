"""Start-up: seconds from starting ``deadground`` with the default scenario to its first frames drawn.

``startup_s`` is the window's first frame (its first light, :func:`game.ui.app.first_light`: the game's name
and "Setting up the table...", drawn as the window opens); ``startup_table_s`` the first frame of the table.

A fresh interpreter runs the ``deadground`` entry point through :mod:`game.bench.first_frame`
(headless: dummy video and audio, settings in a scratch directory) and reports when its first
frame was flipped.

``startup_s`` is a start as a player has it every time but the first: Python's compiled bytecode
already written. The runs share a scratch bytecode folder (``PYTHONPYCACHEPREFIX``), filled by
a first run that is not counted but reported as ``startup_cold_s`` (and ``startup_table_cold_s``) (a machine that sets
``PYTHONDONTWRITEBYTECODE`` would otherwise measure the compiling every time).

The dice are pinned: on :data:`ALLIES_FIRST` the Allies open (nine starts in ten), on
:data:`ZOMBIES_FIRST` the zombies move before the first frame can be drawn (their distance field
imports SciPy and builds the walking grid), reported as ``startup_zombies_first_s`` (the table's frame). With random
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


def startup_once(scenario_path: str, pycache: str | None = None, seed: int = ALLIES_FIRST) -> tuple[float, float]:
    """Seconds to the window's first frame and to the table's first frame, of one start."""
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
    frames = [float(line.split()[2]) - t0 for line in done.stdout.splitlines() if line.startswith("frame ")]
    if len(frames) < 2:
        raise RuntimeError(f"deadground drew {len(frames)} frame(s) of 2: {done.stderr.strip()[-500:]}")
    return frames[0], frames[1]


def bench_startup(repeats: int = 3) -> dict[str, float]:
    from game.assets import default_scenario

    path = str(default_scenario())
    with tempfile.TemporaryDirectory() as pycache:
        cold = startup_once(path, pycache)
        warm = [startup_once(path, pycache) for _ in range(repeats)]
        zombies = [startup_once(path, pycache, ZOMBIES_FIRST) for _ in range(repeats)]
    return {
        "startup_s": median([w[0] for w in warm]),
        "startup_cold_s": cold[0],
        "startup_table_s": median([w[1] for w in warm]),
        "startup_table_cold_s": cold[1],
        "startup_zombies_first_s": median([z[1] for z in zombies]),
    }
