"""Give freed pictures' memory back to the system (Linux's C library, glibc).

SDL takes a surface's pixels from C's ``malloc``. glibc serves a large block from its own pages (``mmap``)
and hands them back on ``free``, but the first time such a block is freed it raises that threshold to the
block's size (up to 32 MB): every picture smaller than the largest one freed so far then comes from the
heap, and a heap freed in the middle stays with the process. A game that zooms in (map chunks, a ring's
canvas, token looks at 160 pixels an inch) and out again kept hundreds of MB it no longer used
(``heap 542 MB, 153 MB of it free`` after 80 moves of a Zombie 40,000 game). Fixing the threshold keeps
every picture above it on pages of its own, returned the moment it is dropped.

Elsewhere (another C library, macOS, Windows) this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_TRIM_THRESHOLD = -1  # mallopt's parameter numbers (malloc.h)
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
OWN_PAGES_FROM = 256 * 1024  # bytes: a block this big gets pages of its own (a 256x256 picture)
TRIM_FROM = 4 * 1024 * 1024  # free heap kept at its top before it is handed back
ARENAS = 2  # the window's thread and one more (the loops' warm-up, the sound): each arena keeps its own free


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") else None


def return_freed_pictures() -> bool:
    """Set glibc's thresholds so freed pictures go back to the system; True where that was done."""
    libc = _libc()
    if libc is None:
        return False
    done = [
        libc.mallopt(M_MMAP_THRESHOLD, OWN_PAGES_FROM),
        libc.mallopt(M_TRIM_THRESHOLD, TRIM_FROM),
        libc.mallopt(M_ARENA_MAX, ARENAS),
    ]
    return all(done)
