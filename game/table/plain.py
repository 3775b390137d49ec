"""The compiled loops run as plain Python until numba has them ready (a first start after an install).

numba keeps the Python function it compiles (a dispatcher's ``py_func``), and that function's globals are
its module's. With every loop of the kernel modules put back to its Python function, the loops call each
other in Python too: about twice as slow on a demo's table, but ready at once, and the same answers (the
loops keep to numpy's arithmetic, see :mod:`game.table.compiled`). The demo plays so while the warm-up
(:mod:`game.table.warm`) compiles in its child: a first start showed "Preparing" for minutes.

>>> run_plain(); plain()                                          # doctest: +SKIP
True
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

KERNEL_MODULES = (
    "game.table.compiled",
    "game.table.legs_kernel",
    "game.table.sight_kernel",
    "game.table.nav_kernel",
    "game.table.corners_kernel",
    "game.table.crowd_kernel",
)

_put_back: dict[tuple[str, str], Any] = {}  # (module, name): the compiled loop a plain one stands in for
_lock = threading.RLock()  # (settle holds it round run_compiled)
_give_way = threading.Event()  # the loops are compiled: the main thread puts them back at its next frame
_working = 0  # threads playing on the loops now (the demo's next table dealt behind the screen)


def run_plain() -> None:
    """Every compiled loop of the kernel modules as its plain Python function, until :func:`run_compiled`."""
    from numba.core.dispatcher import Dispatcher

    with _lock:
        if _put_back:
            return
        _give_way.clear()  # until the loops are compiled (again)
        # every module imported before any is made plain: a kernel module imported after another was made plain
        # took its loops' plain functions by name ("from compiled import crosses_box"), never put back, and the
        # first loop compiled after found a plain function among its globals ("Untyped global name
        # 'crosses_box'"): the demo's Normandy Village games, big enough for the sight batches, were dropped
        modules = {name: importlib.import_module(name) for name in KERNEL_MODULES}
        for name, module in modules.items():
            for attr, value in list(vars(module).items()):
                if isinstance(value, Dispatcher):
                    _put_back[(name, attr)] = value
                    setattr(module, attr, value.py_func)


def run_compiled() -> None:
    """The compiled loops back in their modules (numba compiles or loads each when next asked)."""
    with _lock:
        for (name, attr), loop in _put_back.items():
            setattr(sys.modules[name], attr, loop)
        _put_back.clear()


@contextmanager
def working() -> Iterator[None]:
    """A thread other than the main one plays on the loops meanwhile (the demo deals its next table behind the
    screen): :func:`settle` leaves them as they are until it is done, so none is swapped under it."""
    global _working
    with _lock:
        _working += 1
    try:
        yield
    finally:
        with _lock:
            _working -= 1


def give_way() -> None:
    """The loops are compiled (the warm-up's thread says so): :func:`settle` puts them back."""
    _give_way.set()


def settle() -> None:
    """Called by the main thread between frames: the compiled loops back once they are ready. Never from another
    thread: a loop compiled by the game while the others were being put back found a plain one among its
    globals and failed ("Untyped global name 'crosses_box'", a crash on a zombie turn after the demo)."""
    if _give_way.is_set() and _put_back:
        with _lock:
            if not _working:  # a thread dealing a table keeps the loops it started with until it is done
                run_compiled()


def wait_for_workers(seconds: float) -> bool:
    """Wait up to ``seconds`` for the threads playing on the loops (:func:`working`) to be done; True if they are."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with _lock:
            if not _working:
                return True
        time.sleep(0.05)
    return False


def plain() -> bool:
    """Whether the loops run as plain Python now."""
    return bool(_put_back)
