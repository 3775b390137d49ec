"""The simulator on every rule set's shipped maps (issue 38): ``simulate_1000_s_by_map``, the seconds 1000
games of ``deadground simulate MAP --jobs 2`` take on Small Town and Hollow Creek Farm (Zombie Rules
(Outbreak)), Hive Street (Zombie 40,000, four players) and Last Evac.

1000 games of each take half an hour or more on a shared machine, so the figure is a SCALED ESTIMATE: ``games``
are played with ``--jobs 2`` (the workers' start-up included) and the time scaled to 1000
(``simulate_games_played`` says how many). Each map's first games are played again on one job and must
come out the same (``simulate_jobs_agree``: 1.0 when every map agrees).
"""

from __future__ import annotations

from typing import Any

from game.bench.common import clock

MAPS = ("small_town", "hollow_creek_farm", "hive_street", "last_evac")
GAMES = 1000
CHECKED = 2  # games replayed on one job


def options_for(path: str) -> dict[str, Any]:
    """The options ``deadground simulate`` plays the map with (the set-up's defaults where it needs some)."""
    from game.rules.core import get_ruleset
    from game.scenario import load_scenario
    from game.simulate import setup_defaults

    scenario = load_scenario(path)
    try:
        get_ruleset(scenario.ruleset).new_game(scenario, {}, 1)
    except Exception:  # as simulate.main: the set-up's defaults
        return dict(setup_defaults(scenario) or {})
    return {}


def bench_simulate_maps(
    games: int = 40, jobs: int = 2, seed: int = 1, maps: tuple[str, ...] = MAPS
) -> dict[str, Any]:
    """Seconds per 1000 games by map (scaled from ``games``), the games played, and whether 1 and ``jobs``
    jobs play the same games."""
    from game.assets import assets_dir
    from game.simulate import run

    seconds: dict[str, float] = {}
    agree = True
    for name in maps:
        path = str(assets_dir("maps") / f"{name}.tmx")
        options = options_for(path)
        t0 = clock()
        results = run(path, games, seed, jobs, options)
        seconds[name] = (clock() - t0) * GAMES / games
        agree = agree and run(path, min(CHECKED, games), seed, 1, options) == results[:CHECKED]
    return {
        "simulate_1000_s_by_map": seconds,
        "simulate_games_played": {name: games for name in maps},
        "simulate_jobs_agree": 1.0 if agree else 0.0,
    }
