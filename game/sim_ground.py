"""The balance report's answers to "why": why the players' figures stalled (counted per cause), how near
the objective they stood turn by turn, where bystanders fell, and how many zombies each spawn point
brought on, added up over a simulator run's games and said in words for the printout.

Headless; it reads the games' results (:class:`game.simulate.GameResult`, any object with the same
fields) and knows no rule set: the causes are :data:`~game.rules.contract.STALL_CAUSES`.

>>> from types import SimpleNamespace as G
>>> games = [G(stall_causes=("shot", "failed_move", "shot"), distances=(20.0, 14.0), arrivals={"Graves": 3}),
...          G(stall_causes=("shot",), distances=(22.0, 16.0, 9.0), arrivals={"Graves": 1, "Woods": 2})]
>>> [(c["cause"], c["count"]) for c in stall_causes(games, 2)]
[('shot', 3), ('failed_move', 1)]
>>> distance_row(games)
{'turns': [1, 2, 3], 'median': [21.0, 15.0, 9.0], 'games': [2, 2, 1]}
>>> came = arrivals(games, 2)
>>> came["total"], [(p["name"], p["count"], p["per_game"]) for p in came["points"]]
(6, [('Graves', 4, 2.0), ('Woods', 2, 1.0)])
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.heat import grid, hot_spots, spot_words
from game.rules.contract import STALL_CAUSES
from game.scenario.model import Scenario

SHOWN_CAUSES = 5  # stall causes the printout lists, most common first
SHOWN_TURNS = 20  # turns of the distance row the printout lists


def stall_causes(results: Sequence[Any], games: int) -> list[dict[str, Any]]:
    """Each cause of stalling with its words, how many stalls it caused in all, a game and its share,
    most first (a cause no rule set names shows as itself)."""
    counts = Counter(c for r in results for c in r.stall_causes)
    total = sum(counts.values()) or 1
    return [
        {
            "cause": cause,
            "label": STALL_CAUSES.get(cause, cause),
            "count": n,
            "per_game": round(n / max(1, games), 2),
            "share": round(n / total, 4),
        }
        for cause, n in sorted(
            counts.items(),
            key=lambda kv: (-kv[1], list(STALL_CAUSES).index(kv[0]) if kv[0] in STALL_CAUSES else 99),
        )
    ]


def distance_row(results: Sequence[Any]) -> dict[str, list[Any]]:
    """The median over the games of the nearest player figure to the objective at each turn's end
    (turn 1 first), and how many games were still going at that turn."""
    longest = max((len(r.distances) for r in results), default=0)
    row: dict[str, list[Any]] = {"turns": [], "median": [], "games": []}
    for k in range(longest):
        values = [r.distances[k] for r in results if len(r.distances) > k]
        row["turns"].append(k + 1)
        row["median"].append(round(statistics.median(values), 2))
        row["games"].append(len(values))
    return row


def bystanders(results: Sequence[Any], scenario: Scenario) -> dict[str, Any]:
    """Where bystanders fell over every game (the heat grid and hot spots) and how many a game; {} when
    none fell (or the rule set has none)."""
    points = [p for r in results for p in r.bystanders_died]
    if not points:
        return {}
    w, h = scenario.width, scenario.height
    return {
        "label": "Where bystanders fell",
        "count": len(points),
        "per_game": round(len(points) / max(1, len(results)), 2),
        "grid": grid(points, w, h),
        "hot_spots": hot_spots(points, w, h, scenario),
    }


def arrivals(results: Sequence[Any], games: int) -> dict[str, Any]:
    """The zombies each spawn point brought on (in all and a game, most first) and their total; {}
    when the rule set tells none."""
    counts: Counter[str] = Counter()
    for r in results:
        counts.update(r.arrivals)
    if not counts:
        return {}
    g = max(1, games)
    total = sum(counts.values())
    points = [
        {"name": name, "count": n, "per_game": round(n / g, 2)}
        for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return {"total": total, "per_game": round(total / g, 2), "points": points}


def why_lines(ground: dict[str, Any], games: int) -> list[str]:
    """The printout's lines on stall causes, the distance row, bystanders and spawn points."""
    lines: list[str] = []
    causes = ground.get("stalled", {}).get("causes", [])
    if causes:
        lines.append("  Why they stalled (a game):")
        lines += [f"    {c['per_game']:>6g}  {c['label']} ({c['share']:.0%})" for c in causes[:SHOWN_CAUSES]]
        if len(causes) > SHOWN_CAUSES:
            rest = sum(c["count"] for c in causes[SHOWN_CAUSES:])
            lines.append(f"    {SHOWN_CAUSES} of {len(causes)} causes shown; {rest} more stalls in report.json")
    row = ground.get("distances")
    if row and row["median"]:
        shown = " ".join(f"{d:g}" for d in row["median"][:SHOWN_TURNS])
        more = f" ... ({len(row['median'])} turns)" if len(row["median"]) > SHOWN_TURNS else ""
        lines.append(
            f'  Distance to {ground.get("objective", "the objective")} by turn (median, "): {shown}{more}'
        )
    fallen = ground.get("bystanders")
    if fallen:
        spots = "; ".join(spot_words(s) for s in fallen["hot_spots"])
        lines.append(f"  {fallen['label']} ({fallen['count']}, {fallen['per_game']:g} a game): most at {spots}")
    came = ground.get("arrivals")
    if came:
        each = ", ".join(f"{p['name']} {p['per_game']:g}" for p in came["points"])
        lines.append(f"  Zombies arriving a game ({came['per_game']:g}): {each}")
    return lines
