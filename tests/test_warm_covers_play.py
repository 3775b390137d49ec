"""The warm-up compiles every loop a game uses, for every layout of its arrays: numba compiles a loop once
per type signature, and the sight loop's second layout (a Zombiekrieg zombie turn's) was left out, so after an
install the first zombie turn of a Zombiekrieg game froze the window 10 s while it compiled. In a fresh
Python (its own compiled loops only, whatever this process compiled before), through tests/warm_probe.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAPS = ["maps/normandy_village.tmx", "maps/small_town.tmx", "maps/hive_street.tmx"]


def test_after_the_warm_up_a_bot_game_of_each_rule_set_compiles_no_loop_again() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    probe = [sys.executable, str(ROOT / "tests" / "warm_probe.py"), "200", *MAPS]
    done = subprocess.run(probe, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "", f"compiled again during play, after the warm-up:\n{done.stdout}"
