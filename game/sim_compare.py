"""``deadground simulate --compare RUN_A RUN_B``: two balance reports side by side, so a designer sees what a
change to the map did (run the same seeds before and after, with ``--report``).

Each run is a ``--report`` folder (its ``report.json``) or the ``report.json`` itself. Rows: the games, the
players' win rate with its interval, each side's wins, the turns, the rule set's figures, the nearest approach
to the objective, deaths and stalls a game; the last column is B - A.

>>> a = {"games": 10, "win_rate": 0.2, "win_rate_ci95": [0.05, 0.5], "wins": {"zombies": 8}, "labels": {}}
>>> b = {**a, "win_rate": 0.5, "win_rate_ci95": [0.2, 0.8], "wins": {"zombies": 5}}
>>> for line in compare_lines(a, b)[1:3]:
...     print(line.split("  ")[1:2], line.split()[-1])
['Games'] +0
["Players' win rate"] +30.0%
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

Row = tuple[str, str, str, str]


class RunUnreadable(Exception):
    """A run that is no readable report (the message names the path and why)."""


def load_run(path: str) -> dict[str, Any]:
    """The report of a run: ``path`` is a ``--report`` folder or its ``report.json``."""
    file = Path(path) / "report.json" if Path(path).is_dir() else Path(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RunUnreadable(f"cannot read {file}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise RunUnreadable(f"{file} is not a report.json ({exc})") from None
    if not isinstance(data, dict) or "games" not in data:
        raise RunUnreadable(f"{file} is not a simulate report (write one with --report DIR)")
    return data


def _change(a: float | None, b: float | None, percent: bool = False) -> str:
    if a is None or b is None:
        return ""
    d = b - a
    return f"{d:+.1%}" if percent else f"{d:+.3g}"


def _rate(report: dict[str, Any]) -> str:
    lo, hi = report.get("win_rate_ci95", [0, 0])
    return f"{report.get('win_rate', 0):.1%} ({lo:.0%}..{hi:.0%})"


def _per_game(report: dict[str, Any], key: str) -> float | None:
    part = (report.get("ground") or {}).get(key)
    return round(part["count"] / max(1, report["games"]), 2) if part else None


def _approach(report: dict[str, Any]) -> float | None:
    a = (report.get("ground") or {}).get("approach")
    return a["median"] if a and a.get("games") else None


def _number_row(label: str, a: float | None, b: float | None, unit: str = "") -> Row:
    shown = ("" if v is None else f"{v:g}{unit}" for v in (a, b))
    return (label, *shown, _change(a, b))  # type: ignore[return-value]


def compare_rows(a: dict[str, Any], b: dict[str, Any]) -> list[Row]:
    labels = {**a.get("labels", {}), **b.get("labels", {})}
    human = labels.get("human", "Players'")
    rows: list[Row] = [
        _number_row("Games", a["games"], b["games"]),
        (f"{human} win rate", _rate(a), _rate(b), _change(a.get("win_rate"), b.get("win_rate"), True)),
    ]
    for key in dict.fromkeys([*a.get("wins", {}), *b.get("wins", {})]):
        if key != "none":
            label = labels.get(f"wins.{key}", f"Won by {key}")
            rows.append(_number_row(label, a.get("wins", {}).get(key, 0), b.get("wins", {}).get(key, 0)))
    rows.append(_number_row("Turns (median)", a.get("turns_median"), b.get("turns_median")))
    for key in dict.fromkeys([*a.get("figures", {}), *b.get("figures", {})]):
        fa, fb = a.get("figures", {}).get(key), b.get("figures", {}).get(key)
        label = (fa or fb)["label"] + " a game"
        rows.append(_number_row(label, fa and fa["mean"], fb and fb["mean"]))
    rows.append(_number_row("Nearest approach (median)", _approach(a), _approach(b), '"'))
    rows.append(_number_row("Deaths a game", _per_game(a, "died"), _per_game(b, "died")))
    rows.append(_number_row("Stalls a game", _per_game(a, "stalled"), _per_game(b, "stalled")))
    return rows + _cause_rows(a, b)


def _causes(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["cause"]: c for c in (report.get("ground") or {}).get("stalled", {}).get("causes", [])}


def _cause_rows(a: dict[str, Any], b: dict[str, Any]) -> list[Row]:
    """A row for each cause of stalling either run saw: how many a game (a run without it: 0)."""
    ca, cb = _causes(a), _causes(b)
    rows = []
    for key in dict.fromkeys([*ca, *cb]):
        label = (ca.get(key) or cb[key])["label"]
        per_a, per_b = ((c.get(key) or {}).get("per_game", 0) for c in (ca, cb))
        rows.append(_number_row(f"  {label}", per_a, per_b))
    return rows


def compare_lines(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    rows = [("", "A", "B", "B - A"), *compare_rows(a, b)]
    widths = [max(len(r[k]) for r in rows) for k in range(3)]
    return [f"  {r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}".rstrip() for r in rows]


def main(run_a: str, run_b: str) -> int:
    """Print the two runs side by side; 2 when one cannot be read."""
    import sys

    try:
        a, b = load_run(run_a), load_run(run_b)
    except RunUnreadable as exc:
        print(f"deadground simulate --compare: {exc}", file=sys.stderr)
        return 2
    for name, run in (("A", a), ("B", b)):
        sc = run.get("scenario", {})
        seeds = run.get("seeds") or [0]
        print(
            f"{name}: {sc.get('title', '?')} ({sc.get('ruleset', '?')}), {run['games']} games, seeds {seeds[0]}..{seeds[-1]}"
        )
    print("\n".join(compare_lines(a, b)))
    return 0
