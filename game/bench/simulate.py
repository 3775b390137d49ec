"""The designer's wait: ``deadground simulate`` of 1000 Normandy games with ``--jobs 2``
(``simulate_1000_s``), timed from the call to the last result, the worker start-up included.

The quick smoke run plays a handful of games and scales the time to 1000 (a figure to check the
plumbing, not a measurement).
"""

from __future__ import annotations

from game.bench.common import clock, median

GAMES = 1000


def bench_simulate(games: int = GAMES, jobs: int = 2, repeats: int = 1, seed: int = 1) -> dict[str, float]:
    """Seconds for 1000 games (``games`` played, scaled to 1000 when fewer)."""
    from game.assets import default_scenario
    from game.simulate import run

    path = str(default_scenario())
    times = []
    for _ in range(repeats):
        t0 = clock()
        run(path, games, seed, jobs)
        times.append((clock() - t0) * GAMES / games)
    return {"simulate_1000_s": median(times)}
