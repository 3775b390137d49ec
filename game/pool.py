"""Playing many seeds, each a game (or a campaign), on one process or a pool of them: the loop the game
simulator (:mod:`game.simulate`) and the campaign simulator (:mod:`game.campaign.simulate`) share.

A worker process sets itself up once (``init(*args)``: the scenario or campaign read), then plays each seed
it is handed (``play(seed)``); the results come back sorted by seed, so a run is the same on any number of
processes.

>>> seen = {}
>>> def remember(base): seen["base"] = base
>>> def square(seed): return (seed, seed * seed + seen["base"])
>>> play_seeds(Worker(remember, (100,), square), range(1, 4), jobs=1, seed_of=lambda r: r[0])
[(1, 101), (2, 104), (3, 109)]
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class RunStopped(Exception):
    """The run was stopped (Ctrl+C); ``results`` are the seeds finished by then, sorted by seed."""

    def __init__(self, results: list[Any]) -> None:
        super().__init__(f"stopped after {len(results)} games")
        self.results = results


@dataclass(frozen=True)
class Worker(Generic[R]):
    """What each process does: ``init(*args)`` once, then ``play(seed)`` for each seed. All three must be
    module-level functions and plain data: a pool's processes are handed them pickled."""

    init: Callable[..., None]
    args: tuple[Any, ...]
    play: Callable[[int], R]


def _start_worker(init: Callable[..., None], args: tuple[Any, ...]) -> None:
    """A pool's process leaves Ctrl+C to the run, which stops the pool and keeps the seeds played."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    init(*args)


def _pooled(worker: Worker[R], seeds: range, jobs: int) -> tuple[Any, Iterable[R]]:
    """A pool of ``jobs`` processes and the stream of its results (in the order they finish)."""
    import multiprocessing

    # workers start from a clean server process, never a fork of this one: a fork of a process that has
    # loaded a picture with pygame (the report's heat maps, a test before) can hang on a lock SDL's threads
    # held at the fork
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    pool = multiprocessing.get_context(method).Pool(jobs, _start_worker, (worker.init, worker.args))
    chunks = max(1, min(8, len(seeds) // (jobs * 8) or 1))
    return pool, pool.imap_unordered(worker.play, seeds, chunksize=chunks)


def play_seeds(
    worker: Worker[R],
    seeds: range,
    jobs: int,
    seed_of: Callable[[R], int],
    on_result: Callable[[int, R], None] | None = None,
    stream: Iterable[R] | None = None,
) -> list[R]:
    """Each seed's result, sorted by ``seed_of``: played here when ``jobs`` is 1, else on a pool of ``jobs``
    processes (or taken from ``stream``, results played elsewhere). ``on_result(done, result)`` hears each
    one as it finishes (a progress bar). Ctrl+C raises :class:`RunStopped` with the results so far."""
    pool = None
    if stream is None and jobs == 1:
        worker.init(*worker.args)
        stream = (worker.play(s) for s in seeds)
    elif stream is None:
        pool, stream = _pooled(worker, seeds, jobs)
    results: list[R] = []
    asked, previous = _hear_ctrl_c()
    try:
        for result in stream:
            results.append(result)
            if on_result is not None:
                on_result(len(results), result)
            if asked:  # a Ctrl+C whose KeyboardInterrupt something swallowed: stop after this game
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        raise RunStopped(sorted(results, key=seed_of)) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if pool is not None:
            pool.terminate()
            pool.join()
    return sorted(results, key=seed_of)


def _hear_ctrl_c() -> tuple[list[bool], Any]:
    """Ctrl+C noted as well as raised, and the handler it replaces (None off the main thread, where none can be
    set): a KeyboardInterrupt raised inside a callback is only printed ("Exception ignored from callback for
    ffi.gc", pymunk freeing a body), and the run went on to its last game and exited 0."""
    asked: list[bool] = []
    if threading.current_thread() is not threading.main_thread():
        return asked, None

    def ctrl_c(signum: int, frame: Any) -> None:
        asked.append(True)
        raise KeyboardInterrupt

    return asked, signal.signal(signal.SIGINT, ctrl_c)
