"""``python -m game.bench --compare FILE``: each figure of this run beside the same figure of a saved
earlier run (``--out FILE`` saves one; ``benchmarks/baseline.json`` holds the figures from before
issue 12).

Figures nest one level (``zombie_turn_ms`` by horde size); each leaf is printed as
``key  before -> after  (ratio, better/worse)``. Whether up or down is better is read from the key:
times (``_ms``, ``_s``), growth and ratios against a reference renderer are better smaller, rates
(``_per_s``) and agreement better larger.

>>> print(format_comparison({"games_per_s": 1.0, "startup_s": 0.4}, {"games_per_s": 5.0, "startup_s": 0.2}))
games_per_s              1 -> 5  (x5.00, better)
startup_s                0.4 -> 0.2  (x0.50, better)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any


def load(path: str | Path) -> dict[str, Any]:
    """A saved run (the JSON object the bench prints)."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a benchmark run (a JSON object of figures)")
    return data


def _leaves(figures: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in figures.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            yield from _leaves(value, f"{name}.")
        else:
            yield name, value


def smaller_is_better(key: str) -> bool | None:
    """True for times and growth, False for rates and agreement, None where neither (cores)."""
    last = key.split(".")[0]
    if last.endswith("_per_s") or "agreement" in last:
        return False
    if last == "cores":
        return None
    if last.endswith(("_ms", "_s")) or "_ms_" in last or "growth" in last or "ratio_vs_pyscroll" in last:
        return True
    if "ratio_vs_reference" in last:
        return False
    return None


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def format_comparison(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """One line per figure of either run: before -> after, the ratio, and better or worse."""
    old = dict(_leaves(before))
    new = dict(_leaves(after))
    names = list(new) + [k for k in old if k not in new]
    width = max([24, *(len(n) + 1 for n in names)])
    lines = []
    for name in names:
        a, b = old.get(name), new.get(name)
        text = f"{name:<{width}} {_fmt(a) if a is not None else '-'} -> {_fmt(b) if b is not None else '-'}"
        if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool) and a:
            ratio = b / a
            verdict = ""
            better = smaller_is_better(name)
            if better is not None and ratio != 1.0:
                verdict = ", better" if (ratio < 1.0) == better else ", worse"
            text += f"  (x{ratio:.2f}{verdict})"
        lines.append(text)
    return "\n".join(lines)
