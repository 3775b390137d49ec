"""Zombiekrieg's figures for the balance simulator and the demo's scoreboard (headless).

:func:`outcome` reads a game's plain state (figures with side, state, GUTS): soldiers at the start,
lost and got out, zombies and zombies killed, and the survivors' GUTS at the end and its change.
:data:`OUTCOME_LABELS` are the words the simulator's report prints them with.

>>> from game.rules.zombiekrieg import new_game
>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> o = outcome(new_game(tiny_scenario(), {"sections": ["american"]}, seed=3))
>>> o.winner, o.human_win, o.figures["soldiers"], o.score
('', False, 11, 'Turn 1: Allies 11 up - Zombies 28 up')
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Outcome
from game.rules.zombiekrieg.game import ZombiekriegGame

ALLIES, ZOMBIES = "allies", "zombies"

# the report's words: winners first (in the order listed), the human side, then figures and lists
OUTCOME_LABELS: dict[str, str] = {
    "wins.allies": "Allied wins",
    "wins.zombies": "Zombie wins",
    "human": "Allied",
    "soldiers": "Allied soldiers",
    "soldiers_lost": "Allied soldiers lost",
    "soldiers_out": "Allied soldiers who got out",
    "zombies": "Zombies",
    "zombies_killed": "Zombies killed",
    "survivors_guts": "Survivors' GUTS at the end",
    "survivors_guts_change": "Survivors' GUTS change since the start",
}


def outcome(game: ZombiekriegGame) -> Outcome:
    """The figures of ``game`` (finished or not) read from its plain state."""
    data = game.state_data()
    figures = data.get("figures", [])
    allied = [f for f in figures if f.get("side") == ALLIES]
    zombies = [f for f in figures if f.get("side") == ZOMBIES]
    alive = [f for f in allied if f.get("state") != "dead"]  # on the table or away by the exit
    guts = tuple(int(f.get("guts", 0)) for f in alive)
    start = tuple(int(f.get("guts_start", 0)) for f in alive)
    winner = str(game.winner or "")
    turn = int(data.get("turn", 0))
    return Outcome(
        winner=winner,
        human_win=winner == ALLIES,
        turns=turn,
        reason=str(data.get("reason", "")),
        figures={
            "soldiers": len(allied),
            "soldiers_lost": sum(f.get("state") == "dead" for f in allied),
            "soldiers_out": sum(f.get("state") == "exited" for f in allied),
            "zombies": len(zombies),
            "zombies_killed": sum(f.get("state") == "dead" for f in zombies),
        },
        lists={"survivors_guts": guts, "survivors_guts_change": tuple(g - s for g, s in zip(guts, start))},
        score=_score(figures, turn),
    )


def _score(figures: list[dict[str, Any]], turn: int) -> str:
    """Who is winning now: ``Turn 3: Allies 9 up (2 out) - Zombies 17 up``."""
    up = lambda side: sum(f.get("side") == side and f.get("state") == "standing" for f in figures)  # noqa: E731
    out = sum(f.get("side") == ALLIES and f.get("state") == "exited" for f in figures)
    text = f"Allies {up(ALLIES)} up" + (f" ({out} out)" if out else "") + f" - Zombies {up(ZOMBIES)} up"
    return f"Turn {turn}: {text}" if turn else text
