"""Get the compiled loops ready before a game needs them.

numba compiles the batches' loops, the distance field's and the walking grid's searches (:mod:`game.table.compiled`) when
a run first asks for them, or loads them from its cache: half a minute on a slow machine the first time
after an install, 0.4 s after that. On screen that would be a pause at the first zombie turn, so the game's
window starts this once its first frame is drawn, while the player reads the title screen or deploys.

The compiling runs in a child process (:func:`prepare`) that fills numba's cache; then this process loads
the loops from it. Compiling in a thread of the window's own process held the interpreter for seconds at
a time, and the title screen answered no click for half a minute on a first start. Where no child can be
run (a frozen build) or the child fails (no cache can be written), the thread compiles them itself, as
before. A loop asked for while it is still compiling waits for it (numba compiles each once).
:func:`preparing` says whether the loops are still being made ready, :func:`progress` how far it got (the
child says each stage done on its standard output): the title screen shows both, and its buttons that need
the loops wait for them rather than compile them in the window's process (the menu's map check walks the
maps' tables: a click on New game froze the window for 40 s on a loaded first start).

>>> warm_up()  # doctest: +SKIP
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable

_started = threading.Event()  # once a process: the loops, once compiled, stay
_ready = threading.Event()  # the loops are loaded in this process
_compiled = threading.Event()  # the child has compiled the loops (or could not): no more plain loops
_plain_lock = threading.Lock()  # the loops go plain (the demo) or back to compiled, not both at once
# what the child process runs: at a lower priority where there is one (the window's frames come first)
CHILD = (
    "import os\nif hasattr(os, 'nice'):\n    os.nice(5)\nfrom game.table.warm import warm_up\n"
    "warm_up(lambda: print('done', flush=True))"
)
STAGES = 8  # the stages warm_up says done (the child's lines); this process's loading is one more
_stages_done = 0  # lines the child has said so far
CHILD_SECONDS = 600  # a child still compiling after this long is given up on: this process compiles


def warm_up(done: Callable[[], None] = lambda: None) -> None:
    """Compile (or load) the compiled loops now, on a tiny table with one of every kind of terrain; ``done``
    is called after each of the :data:`STAGES` stages (the child reports its progress so)."""
    from game.scenario.model import Area, Terrain
    from game.table.corners import SORT_FROM
    from game.table.crowd import NEAR_BATCH_FROM, WALKS_BATCH_FROM
    from game.table.legs_batch import LEGS_BATCH_FROM
    from game.table.space import BATCH_FROM, Table

    table = Table(
        12,
        12,
        [
            Terrain(1, "Hut", "building", Area.rect(2, 2, 2, 2)),
            Terrain(2, "Wall", "wall", Area(((6.0, 1.0), (6.0, 5.0)), is_line=True, shape="polyline")),
            Terrain(3, "Copse", "woods", Area.rect(7, 7, 3, 3)),
        ],
    )
    many = max(LEGS_BATCH_FROM, BATCH_FROM)
    lines = [((1.0 + i * 0.1, 11.0 - i * 0.1), (11.0 - i * 0.1, 1.0 + i * 0.1)) for i in range(many)]
    done()  # numba imported, the table built
    table.legs_clear(lines, 0.5)
    done()
    table.lines_of_sight(lines)
    # the same loop again with its arrays laid out as "who sees" and a path's clutter lay them out: numba
    # compiles a loop once for each layout (a first zombie turn compiled this one for 10 s after an install)
    table.seen_from_any([a for a, _ in lines], [b for _, b in lines])
    table.paths_in_clutter([[a, b] for a, b in lines])
    done()
    field = table.distance_field([(11.0, 11.0)], 0.5)  # the corners' search, then reading a crowd
    done()
    field.steps([(1.0 + i * 0.5, 1.0) for i in range(SORT_FROM)], 2.0)
    done()
    table.find_path((1.0, 3.0), (5.0, 3.0), 0.5)  # the walking grid's A*
    done()
    crowd = [(f"w{i}", [(1.0 + i * 0.6, 10.0), (1.5 + i * 0.6, 6.0)]) for i in range(WALKS_BATCH_FROM)]
    for fid, points in crowd:
        table.place(fid, points[0], 0.25)
    table.walk_in_turn(crowd, 0.25, 1e-6, table.move)  # a horde walking in turn
    done()
    asked = [crowd[i % len(crowd)][0] for i in range(NEAR_BATCH_FROM)]
    table.others_within(asked, [2.0] * len(asked), lambda fid: True)  # and who is near whom
    done()


def compile_in_child() -> bool:
    """Run :func:`warm_up` in a child Python (same interpreter, same import path), so its compiling fills
    numba's cache without holding this process; counts the stages it says done; True when it ended well."""
    global _stages_done
    if getattr(sys, "frozen", False):  # a frozen build has no interpreter to run a child with
        return False
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    give_up = threading.Timer(CHILD_SECONDS, child.kill)  # a child hung for ten minutes: compile here
    give_up.daemon = True
    give_up.start()
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == "done":
                _stages_done = min(STAGES, _stages_done + 1)
        return child.wait() == 0
    finally:
        give_up.cancel()


def prepare() -> None:
    """Compile the loops in a child process, then load them here from numba's cache (a fraction of a second);
    when the child could not do it, compile them here."""
    from game.table import plain

    try:
        compile_in_child()
        with _plain_lock:
            _compiled.set()
            was_plain = plain.plain()
            plain.give_way()  # the demo's plain loops give way at the main thread's next frame (plain.settle)
        if not was_plain:  # (with plain loops on, each loads from the cache when the game first asks for it)
            warm_up()
    finally:
        _ready.set()


def play_while_preparing() -> None:
    """Start the warm-up (once a process) and, until its child has compiled the loops, run them as plain
    Python (:mod:`game.table.plain`): the demo plays at once, where it waited minutes on a loaded first start."""
    from game.table import plain

    with _plain_lock:
        if not _compiled.is_set():
            plain.run_plain()
    warm_up_in_background()


def loops_cached() -> bool:
    """Whether numba's cache holds the compiled loops for these files (a warm-up has compiled them since the
    game's files last changed), so a start loads them in a fraction of a second: asked of the distance field's
    loops and the warm-up's last, from numba's own index files (read, never written). False when it cannot
    tell."""
    try:
        from game.table import corners_kernel, crowd_kernel

        for loop in (corners_kernel.node_distances, corners_kernel.walk_ways, crowd_kernel.others_within):
            if not loop._cache._cache_file._load_index():  # numba drops an index made for other files
                return False
        return True
    except Exception:  # numba's cache is its own business: a start that cannot tell prepares the loops
        return False


def preparing() -> bool:
    """Whether the loops are being made ready now (started and not yet loaded)."""
    return _started.is_set() and not _ready.is_set()


def progress() -> float:
    """How far the loops are made ready, 0 to 1 (1 once loaded here, or never started)."""
    if not preparing():
        return 1.0
    return _stages_done / (STAGES + 1)


def warm_up_in_background() -> None:
    """:func:`prepare` on a daemon thread, once a process."""
    if not _started.is_set():
        _started.set()
        threading.Thread(target=prepare, name="warm batch loops", daemon=True).start()
