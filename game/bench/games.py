"""Whole games: the Allied bot against the zombie unit on the starter map, one core, no screen.

Each batch plays the same seeds from ``new_game`` to the end (set-up included), one section a side
as a solo player would; games per second is the batch's games over its time.
"""

from __future__ import annotations

from game.bench.common import clock, median, starter_scenario
from game.scenario.model import Scenario


def play_game(scenario: Scenario, seed: int) -> str:
    """Play one bot-vs-zombies game to its end; the winner."""
    from game.ai.zombiekrieg_bot import choose_command
    from game.rules.zombiekrieg import new_game

    g = new_game(scenario, {"sections": ["american"]}, seed)
    for _ in range(20000):
        if g.over:
            break
        g.apply(choose_command(g))
    if not g.over:
        raise RuntimeError(f"game {seed} did not finish")
    return str(g.winner)


def bench_games(games: int = 4, repeats: int = 3, scenario: Scenario | None = None) -> dict[str, float]:
    scenario = scenario or starter_scenario()
    rates = []
    for _ in range(repeats):
        t0 = clock()
        for seed in range(games):
            play_game(scenario, seed)
        rates.append(games / (clock() - t0))
    return {"games_per_s": median(rates)}
