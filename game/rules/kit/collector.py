"""Python's cyclic garbage collector held off for a burst of rules work.

A horde's turn makes hundreds of thousands of small objects (paths, points, questions to the table) and frees
almost all of them by reference counting; the collector still ran dozens of times a turn over every object the
game holds, finding nothing, and took a fifth of a 5000- or 20,000-zombie turn. Held off for the turn, it runs
as usual afterwards: what the turn left in cycles is collected then. No answer of the rules depends on it.

>>> import gc
>>> with collector_paused():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the collector off inside the block; as it was after (a caller that had it off keeps it off)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
