"""``python -m game.bench [--quick] [--only NAME ...] [--out FILE] [--compare FILE]``: run the benchmarks on the starter
map and print one JSON object of figures (medians of repeated runs).

Keys: cores, frame_ms_median, frame_ms_p95, frame_ratio_vs_pyscroll, frame_1000_ms_median, los_per_s,
los_batch_per_s, los_ratio_vs_reference, zombie_turn_ms (by horde size, 5000 included),
zombie_turn_growth_1000_over_100, games_per_s, simulate_1000_s, startup_s, outbreak_move_ms (one
whole Zombie Rules (Outbreak) move sequence, 300 zombies and 20 humans) and its CPU time, z40k_zombie_turn_ms
(4 hordes of 10 against 4 squads), z40k_blast_ms and z40k_blast_preview_ms (a blast over a crowd of 50), plus the
reference figures they were compared with; peak_rss_mb by rule set (a game played on screen on the rule set's
largest shipped map, with rss_start_mb, rss_end_mb and rss_growth_mb beside it).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

BENCHES = ("frame", "sight", "horde", "games", "simulate", "startup", "outbreak", "zombie40k", "memory")

# (full, quick) repeat counts
PLAN: dict[str, dict[str, dict[str, Any]]] = {
    "frame": {"full": {"frames": 200, "warmup": 20}, "quick": {"frames": 3, "warmup": 1}},
    "sight": {"full": {"pairs": 4000, "repeats": 5}, "quick": {"pairs": 200, "repeats": 1}},
    "horde": {"full": {"repeats": 5}, "quick": {"sizes": (100, 120), "repeats": 1}},
    "games": {"full": {"games": 4, "repeats": 3}, "quick": {"games": 1, "repeats": 1}},
    "simulate": {"full": {"games": 1000, "repeats": 1}, "quick": {"games": 4, "repeats": 1}},
    "startup": {"full": {"repeats": 3}, "quick": {"repeats": 1}},
    "outbreak": {"full": {"repeats": 7}, "quick": {"repeats": 1, "zombies": 40}},
    "zombie40k": {"full": {"repeats": 5}, "quick": {"repeats": 1}},
    "memory": {"full": {"commands": 100}, "quick": {"commands": 3}},
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
        # Each bench measured as if it ran alone: the games a bench leaves behind hang together in
        # reference cycles (a 5000-zombie horde is 170,000 objects), and every collection the next
        # bench triggers would walk them (games a second read 17% low after the horde).
        gc.collect()
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
        elif name == "simulate":
            from game.bench.simulate import bench_simulate

            out.update(bench_simulate(**kw))
        elif name == "startup":
            from game.bench.startup import bench_startup

            out.update(bench_startup(**kw))
        elif name == "outbreak":
            from game.bench.outbreak import bench_outbreak

            out.update(bench_outbreak(**kw))
        elif name == "zombie40k":
            from game.bench.zombie40k import bench_zombie40k

            out.update(bench_zombie40k(**kw))
        elif name == "memory":
            from game.bench.memory import bench_memory

            out.update(bench_memory(**kw))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.bench",
        description="Run the Dead Ground benchmarks on the starter map and print one JSON object of figures.",
    )
    parser.add_argument("--quick", action="store_true", help="tiny repeat counts (a smoke run, not figures)")
    parser.add_argument("--only", nargs="+", choices=BENCHES, default=list(BENCHES), help="run only these")
    parser.add_argument("--out", help="also write the JSON to this file")
    parser.add_argument(
        "--compare",
        metavar="FILE",
        help="after the JSON, print each figure against the same figure of a saved run (e.g. benchmarks/baseline.json)",
    )
    args = parser.parse_args(argv)
    before = None
    if args.compare:  # read first: a wrong path should not cost a whole run
        from game.bench.compare import load

        before = load(args.compare)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    figures = run(args.only, args.quick, progress=lambda s: print(s, file=sys.stderr, flush=True))
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    if before is not None:
        from game.bench.compare import format_comparison

        print(f"\ncompared with {args.compare}:", file=sys.stderr)
        print(format_comparison(before, figures), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
