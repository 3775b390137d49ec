"""One writer at a time for a file the player's games share: a lock held across processes.

Two windows (or a window and a terminal) may write the same user file at once: the roster an import reads,
merges and replaces, the settings each window keeps. Each write is atomic already (``write_atomic``: a
temporary file renamed over the old), but a read-merge-write is not: the second writer would replace the
first one's work with its own merge of the older file. :func:`held` makes the whole step one writer's at a
time, with a lock file beside the file: ``.<stem>.lock``, left in place (removing it would race a waiting
writer), and named so no ``*.json`` listing and no ``.<name>*`` temporary takes it for the file. The lock is
the operating system's (``fcntl.flock``; ``msvcrt.locking`` on Windows), so a writer that is killed lets go
of it at once; a writer that waits longer than ``timeout`` gets :class:`LockBusy`.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with held(folder / "roster.toml"):
...     (folder / "roster.toml").write_text("[units]")
7
>>> sorted(p.name for p in folder.iterdir())
['.roster.lock', 'roster.toml']
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WAIT = 30.0  # seconds a writer waits for another: an import of the largest catalogue takes a few
POLL = 0.02


class LockBusy(OSError):
    """Another Dead Ground held the file longer than the wait; the message names the file."""


def lock_path(path: Path | str) -> Path:
    """The lock file of ``path``: hidden beside it."""
    path = Path(path)
    return path.with_name(f".{path.stem}.lock")


@contextmanager
def held(path: Path | str, timeout: float = WAIT) -> Iterator[None]:
    """Hold ``path``'s lock for the block (its folder is made if missing); :class:`LockBusy` after
    ``timeout`` seconds of another process holding it."""
    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise LockBusy(f"{Path(path).name} is being written by another Dead Ground; try again")
            time.sleep(POLL)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


try:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
