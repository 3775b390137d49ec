"""``python -m game.bench [--quick] [--only NAME ...] [--out FILE]``: run the benchmarks on the starter
map and print one JSON object of figures (medians of repeated runs).

Keys: cores, frame_ms_median, frame_ms_p95, frame_ratio_vs_pyscroll, los_per_s,
los_ratio_vs_reference, zombie_turn_ms (by horde size), zombie_turn_growth_1000_over_100,
games_per_s, startup_s, plus the reference figures they were compared with.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

BENCHES = ("frame", "sight", "horde", "games", "startup")

# (full, quick) repeat counts
PLAN: dict[str, dict[str, dict[str, Any]]] = {
    "frame": {"full": {"frames": 200, "warmup": 20}, "quick": {"frames": 3, "warmup": 1}},
    "sight": {"full": {"pairs": 4000, "repeats": 5}, "quick": {"pairs": 200, "repeats": 1}},
    "horde": {"full": {"repeats": 5}, "quick": {"sizes": (100, 120), "repeats": 1}},
    "games": {"full": {"games": 4, "repeats": 3}, "quick": {"games": 1, "repeats": 1}},
    "startup": {"full": {"repeats": 3}, "quick": {"repeats": 1}},
}


def run(only: Sequence[str] = BENCHES, quick: bool = False, progress=None) -> dict[str, Any]:
    """Every chosen benchmark's figures in one dict (the shape printed by the command)."""
    from game.bench.common import starter_scenario

    scenario = starter_scenario()
    out: dict[str, Any] = {"cores": os.cpu_count()}
    for name in only:
        kw = dict(PLAN[name]["quick" if quick else "full"])
        if progress:
            progress(f"{name}...")
        if name == "frame":
            from game.bench.frame import bench_frame  # drives the real screen (the bench may reach up to the UI)

            out.update(bench_frame(scenario=scenario, **kw))
        elif name == "sight":
            from game.bench.sight import bench_sight

            out.update(bench_sight(scenario=scenario, **kw))
        elif name == "horde":
            from game.bench.horde import bench_horde

            figures = bench_horde(scenario=scenario, **kw)
            if quick:  # the smoke run uses small hordes; name the growth as the full run does
                figures = {
                    "zombie_turn_ms": figures["zombie_turn_ms"],
                    "zombie_turn_growth_1000_over_100": next(
                        v for k, v in figures.items() if k.startswith("zombie_turn_growth")
                    ),
                }
            out.update(figures)
        elif name == "games":
            from game.bench.games import bench_games

            out.update(bench_games(scenario=scenario, **kw))
        elif name == "startup":
            from game.bench.startup import bench_startup

            out.update(bench_startup(**kw))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.bench",
        description="Run the Dead Ground benchmarks on the starter map and print one JSON object of figures.",
    )
    parser.add_argument("--quick", action="store_true", help="tiny repeat counts (a smoke run, not figures)")
    parser.add_argument("--only", nargs="+", choices=BENCHES, default=list(BENCHES), help="run only these")
    parser.add_argument("--out", help="also write the JSON to this file")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    figures = run(args.only, args.quick, progress=lambda s: print(s, file=sys.stderr, flush=True))
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
