"""The compiled loops put back whole after the demo played on plain ones (the organiser's 5/10: Normandy Village games
vanished from the demo some 20 s in, twice). The demo makes the loops plain Python in a fresh process, before any
kernel module was imported; a kernel module imported after another was made plain took that one's plain functions
by name and kept them once the compiled loops came back, and the first loop numba then compiled ("Untyped global
name 'crosses_box'": the sight batches of a Normandy Village zombie turn) failed: the bot's command raised and the
demo dealt the next game. Checked in a fresh interpreter, where the import order is the demo's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import sys, types
from game.table import plain
from numba.core.dispatcher import Dispatcher
assert not [m for m in plain.KERNEL_MODULES if m in sys.modules]  # as at the demo's start
plain.run_plain()
plain.run_compiled()
loops = {}
for name in plain.KERNEL_MODULES:
    for attr, v in vars(sys.modules[name]).items():
        if isinstance(v, Dispatcher):
            loops[id(v.py_func)] = attr
left = [f"{name}.{attr}" for name in plain.KERNEL_MODULES for attr, v in vars(sys.modules[name]).items()
        if isinstance(v, types.FunctionType) and id(v) in loops]
print(" ".join(left))
"""


def test_every_kernel_modules_loop_is_compiled_again_after_the_demo_ran_them_plain() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *sys.path]))
    done = subprocess.run(
        [sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [], f"left plain: {done.stdout.strip()}"
