"""Games on a Dask distributed cluster: ``deadground simulate MAP --scheduler ADDRESS`` (the
``distributed`` extra: ``pip install 'deadground[distributed]'``).

The scenario is loaded once here and sent to every worker (so the workers need not see the map
file); each game is one task submitted through the client's ``concurrent.futures`` executor
(:meth:`distributed.Client.get_executor`). Results are yielded as they finish; ``game.simulate.run``
sorts them by seed, so a run reads the same as one with ``--jobs``.

Dask is imported only here, only when a scheduler is named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any


class DaskMissing(RuntimeError):
    """``--scheduler`` was given but Dask's distributed package is not installed."""


def _client(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise DaskMissing(
            "--scheduler needs Dask's distributed package: pip install 'deadground[distributed]'"
        ) from None
    return Client(address)


def play_on_cluster(
    address: str,
    play: Callable[[Any, dict[str, Any], int], Any],
    scenario: Any,
    options: dict[str, Any],
    seeds: Iterable[int],
) -> Iterator[Any]:
    """Each seed's ``play(scenario, options, seed)`` (the simulator's ``play_one``: a ``GameResult``), played
    on the cluster at ``address``, as the games finish. The simulator hands ``play`` down, so this module
    needs nothing of it."""
    from concurrent.futures import as_completed

    client = _client(address)
    try:
        [shared] = client.scatter([scenario], broadcast=True)  # one copy per worker, not one per game
        with client.get_executor(pure=False) as executor:
            futures = [executor.submit(play, shared, options, seed) for seed in seeds]
            for future in as_completed(futures):
                yield future.result()
    finally:
        client.close()
