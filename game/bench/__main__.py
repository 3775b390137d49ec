"""``python -m game.bench [--quick] [--only NAME ...] [--out FILE] [--compare FILE]``: run the benchmarks on the starter
map and print one JSON object of figures (medians of repeated runs).

Keys: cores, frame_ms_median, frame_ms_p95, frame_ratio_vs_pyscroll, frame_1000_ms_median, los_per_s,
los_batch_per_s, los_ratio_vs_reference, zombie_turn_ms (by horde size, 5000 included),
zombie_turn_growth_1000_over_100, games_per_s, simulate_1000_s, startup_s, outbreak_move_ms (one
whole Zombie Rules (Outbreak) move sequence, 300 zombies and 20 humans) and its CPU time, z40k_zombie_turn_ms
(4 hordes of 10 against 4 squads), z40k_blast_ms and z40k_blast_preview_ms (a blast over a crowd of 50), plus the
reference figures they were compared with; peak_rss_mb by rule set (a game played on screen on the rule set's
largest shipped map, with rss_start_mb, rss_end_mb and rss_growth_mb beside it); net_round_trip_ms (a command sent
to a host on 127.0.0.1 and heard applied) and net_spectators_at_60fps (game/bench/net.py).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

BENCHES = (
    "frame",
    "sight",
    "horde",
    "games",
    "simulate",
    "startup",
    "outbreak",
    "zombie40k",
    "previews",
    "simulate_maps",
    "horde_limit",
    "memory",
    "net",
)

# each bench's module under game/bench (its function is bench_<module>) and whether it is given the scenario;
# the frame and memory benches drive the real screen (the bench may reach up to the UI)
BENCH_CODE: dict[str, tuple[str, bool]] = {
    "frame": ("frame", True),
    "sight": ("sight", True),
    "horde": ("horde", True),
    "games": ("games", True),
    "simulate": ("simulate", False),
    "startup": ("startup", False),
    "outbreak": ("outbreak", False),
    "zombie40k": ("zombie40k", False),
    "previews": ("previews", False),
    "simulate_maps": ("simulate_maps", False),
    "horde_limit": ("horde_limit", False),
    "memory": ("memory", False),
    "net": ("net", False),
}

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
    "previews": {"full": {"commands": 400}, "quick": {"commands": 20, "seeds": 1, "crowd_repeats": 1}},
    "simulate_maps": {"full": {"games": 40}, "quick": {"games": 1, "maps": ("small_town",)}},
    "horde_limit": {"full": {"repeats": 2}, "quick": {"sizes": ((50, 1), (200, 2)), "repeats": 1}},
    "memory": {"full": {"commands": 100}, "quick": {"commands": 3}},
    "net": {"full": {}, "quick": {"commands": 10, "sizes": (1, 4), "watched": 10}},
}


def run(only: Sequence[str] = BENCHES, quick: bool = False, progress=None) -> dict[str, Any]:
    """Every chosen benchmark's figures in one dict (the shape printed by the command)."""
    from game.bench.common import starter_scenario

    scenario = starter_scenario()
    from game.bench.guard import load_average, machine

    out: dict[str, Any] = {"cores": os.cpu_count(), "machine": machine(), "load_average": load_average()}
    for name in only:
        kw = dict(PLAN[name]["quick" if quick else "full"])
        if progress:
            progress(f"{name}...")
        # Each bench measured as if it ran alone: the games a bench leaves behind hang together in
        # reference cycles (a 5000-zombie horde is 170,000 objects), and every collection the next
        # bench triggers would walk them (games a second read 17% low after the horde).
        gc.collect()
        module, takes_scenario = BENCH_CODE[name]
        bench = getattr(importlib.import_module(f"game.bench.{module}"), f"bench_{module}")
        figures = bench(scenario=scenario, **kw) if takes_scenario else bench(**kw)
        if name == "horde" and quick:  # the smoke run uses small hordes; name the growth as the full run does
            figures = {
                "zombie_turn_ms": figures["zombie_turn_ms"],
                "zombie_turn_growth_1000_over_100": next(
                    v for k, v in figures.items() if k.startswith("zombie_turn_growth")
                ),
            }
        out.update(figures)
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
    if before is not None:  # exit 1 on a figure 25% worse, twice, than a baseline of this machine
        from game.bench.guard import judge

        def again() -> dict[str, Any]:
            return run(args.only, args.quick, progress=lambda s: print(f"again: {s}", file=sys.stderr, flush=True))

        return judge(before, figures, again, args.compare)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
