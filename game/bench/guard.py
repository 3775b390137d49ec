"""The guard against regressions (issue 38).

Two guards, one for a person at a quiet machine and one for CI:

- ``python -m game.bench --compare FILE`` judges this run against a saved one (:func:`judge`): it exits 1
  when a figure is more than 25% worse, but only against a baseline saved on the same machine (its
  ``machine`` figure, written by every run); a figure read worse is measured again, the whole run once
  more, and only one worse both times counts, so a single stall of a shared machine does not fail it.
- ``python -m game.bench.guard`` (:func:`quick_guard`, a second or two) times each fast path against its
  plain reference in the same process, interleaved, and fails only when a fast path has become no faster
  than its reference: ratios, never absolute times, each the best of several rounds, with the bound
  (1.0) several times the ratio measured when the guard was written (the blast preview 0.1-0.25, sight
  lines 0.1), so load alone, which slows both sides of a ratio alike, cannot fail it.

>>> regressions({"a_ms": 10.0, "b_per_s": 100.0, "c_ms": 10.0}, {"a_ms": 13.0, "b_per_s": 70.0, "c_ms": 12.0})
['a_ms', 'b_per_s']
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeGuard

from game.bench.compare import _leaves, format_comparison, smaller_is_better

TOLERANCE = 0.25  # a figure this much worse than the baseline fails the comparison
QUICK_BOUND = 1.0  # a fast path at or above its reference's time has been lost


def machine() -> str:
    """This machine, as a baseline records it: host, processor, cores and Python."""
    return f"{platform.node()} {platform.machine()} {os.cpu_count()} cores Python {platform.python_version()}"


def load_average() -> float | None:
    """The 1-minute load average, where the system tells it (for the record: figures from a loaded machine)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def worse_by(key: str, before: float, after: float) -> float:
    """How much worse ``after`` is than ``before`` (0.3: 30% worse; negative: better); 0 for a figure
    that is neither better smaller nor larger."""
    better = smaller_is_better(key)
    if better is None or not before or not after:
        return 0.0
    return after / before - 1 if better else before / after - 1


def regressions(before: Mapping[str, Any], after: Mapping[str, Any], tolerance: float = TOLERANCE) -> list[str]:
    """The figures of ``after`` more than ``tolerance`` worse than the same figures of ``before``."""
    old = dict(_leaves(before))
    out = []
    for key, value in _leaves(after):
        was = old.get(key)
        if _number(value) and _number(was) and worse_by(key, float(was), float(value)) > tolerance:
            out.append(key)
    return out


def _number(v: Any) -> TypeGuard[float]:
    return isinstance(v, int | float) and not isinstance(v, bool)


def best_of(a: Mapping[str, Any], b: Mapping[str, Any], parent: str = "") -> dict[str, Any]:
    """Each figure of ``a`` or its reading in ``b``, whichever is better (nested as the bench's figures)."""
    out: dict[str, Any] = {}
    for key, value in a.items():
        other, name = b.get(key), f"{parent}{key}"
        if isinstance(value, Mapping) and isinstance(other, Mapping):
            out[key] = best_of(value, other, f"{name}.")
        elif _number(value) and _number(other) and worse_by(name, float(other), float(value)) > 0:
            out[key] = other
        else:
            out[key] = value
    return out


def judge(
    before: Mapping[str, Any],
    figures: Mapping[str, Any],
    again: Callable[[], Mapping[str, Any]],
    name: str = "the baseline",
    out: Any = sys.stderr,
) -> int:
    """Print this run against ``before``; 1 when a figure stays more than 25% worse after ``again()`` (the
    run repeated) on the same machine as ``before``, else 0."""
    print(f"\ncompared with {name}:", file=out)
    print(format_comparison(before, figures), file=out)
    worse = regressions(before, figures)
    if worse:
        print(f"\nread again (more than {TOLERANCE:.0%} worse): {', '.join(worse)}", file=out)
        figures = best_of(figures, again())
        worse = regressions(before, figures)
    if before.get("machine") != figures.get("machine"):
        note = f"taken on {before.get('machine') or 'an unnamed machine'}, not this one ({figures.get('machine')})"
        print(f"\nnot judged: {name} was {note}", file=out)
        return 0
    if worse:
        print(f"\nWORSE by more than {TOLERANCE:.0%} than {name}, twice: {', '.join(worse)}", file=out)
        return 1
    print(f"\nno figure more than {TOLERANCE:.0%} worse than {name}", file=out)
    return 0


# -- the quick guard: ratios in one process ----------------------------------------------------------


def interleaved_ratio(fast: Callable[[], Any], reference: Callable[[], Any], rounds: int = 5) -> float:
    """The best (smallest) of ``rounds`` ratios fast time / reference time, each pair timed back to back."""
    best = float("inf")
    fast()  # imports and caches outside the clock
    for _ in range(rounds):
        t0 = time.perf_counter()
        fast()
        t1 = time.perf_counter()
        reference()
        t2 = time.perf_counter()
        best = min(best, (t1 - t0) / max(t2 - t1, 1e-9))
    return best


def quick_ratios() -> dict[str, float]:
    """Each fast path's time over its plain reference's, in this process."""
    from game.bench.common import starter_scenario
    from game.bench.sight import ReferenceSight, sight_pairs
    from game.rules.zombie40k.bench import blast_preview_pair
    from game.table import Table

    scenario = starter_scenario()
    table, ref = Table.from_scenario(scenario), ReferenceSight.from_scenario(scenario)
    pairs = sight_pairs(scenario, 100)
    fast, slow = blast_preview_pair()
    return {
        "blast_preview_vs_marker_by_marker": interleaved_ratio(fast, slow),
        "line_of_sight_vs_reference": interleaved_ratio(
            lambda: [table.line_of_sight(a, b) for a, b in pairs], lambda: [ref.state(a, b) for a, b in pairs]
        ),
    }


def quick_guard(out: Any = sys.stdout, bound: float = QUICK_BOUND) -> int:
    """Print the ratios; 1 when a fast path is no faster than its reference."""
    ratios = quick_ratios()
    lost = [k for k, v in ratios.items() if v >= bound]
    for key, value in ratios.items():
        print(f"{key:<40} x{value:.3f}{'  LOST: no faster than the reference' if key in lost else ''}", file=out)
    return 1 if lost else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.bench.guard``: the quick guard (CI)."""
    del argv
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return quick_guard()


if __name__ == "__main__":
    raise SystemExit(main())
