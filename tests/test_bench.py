"""The benchmark command runs from the package and prints every figure the README lists (README,
Benchmarks). A smoke run with tiny repeat counts: it checks the figures are there, never a time."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

KEYS = {
    "cores",
    "frame_ms_median",
    "frame_ms_p95",
    "frame_ratio_vs_pyscroll",
    "los_per_s",
    "los_batch_per_s",
    "los_ratio_vs_reference",
    "zombie_turn_ms",
    "zombie_turn_growth_1000_over_100",
    "games_per_s",
    "simulate_1000_s",
    "frame_1000_ms_median",
    "startup_s",
    "startup_table_s",
    "outbreak_move_ms",
    "outbreak_move_cpu_ms",
    "z40k_zombie_turn_ms",
    "z40k_blast_ms",
    "z40k_blast_preview_ms",
    "simulate_jobs_agree",
    "net_round_trip_ms",
}


def test_the_quick_benchmark_prints_every_figure_as_json():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "game.bench", "--quick"], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert KEYS <= set(figures), KEYS - set(figures)
    assert figures["cores"] >= 1
    for key in KEYS - {"cores", "zombie_turn_ms", "frame_ratio_vs_pyscroll"}:
        assert figures[key] > 0, key
    assert figures["zombie_turn_ms"] and all(v > 0 for v in figures["zombie_turn_ms"].values())
    assert figures["simulate_jobs_agree"] == 1.0 and figures["simulate_1000_s_by_map"]["small_town"] > 0
    assert figures["zombie_turn_limit_ms"] and all(v > 0 for v in figures["zombie_turn_limit_ms"].values())
    assert figures["machine"] and set(figures["preview_maps"]) == {"zombiekrieg", "outbreak", "zombie40k"}
    assert set(figures["peak_rss_mb"]) == {"zombiekrieg", "outbreak", "zombie40k"}  # every rule set's memory
    assert all(v > 0 for v in figures["peak_rss_mb"].values())
    # the ratio needs pyscroll (the bench extra); without it the figure is there but empty
    pyscroll = pytest.importorskip("pyscroll")
    assert pyscroll and figures["frame_ratio_vs_pyscroll"] > 0
    assert figures["los_agreement"] >= 0.99


def test_the_sight_reference_agrees_with_the_table_on_the_starter_map():
    """Rules: Common: line of sight - the brute-force reference reads the same states."""
    from game.bench.common import starter_scenario
    from game.bench.sight import ReferenceSight, sight_pairs
    from game.table import Table

    sc = starter_scenario()
    table, ref = Table.from_scenario(sc), ReferenceSight.from_scenario(sc)
    pairs = sight_pairs(sc, 300, seed=5)
    states = [table.line_of_sight(a, b).state for a, b in pairs]
    agree = sum(s == ref.state(a, b) for s, (a, b) in zip(states, pairs))
    assert agree >= 0.99 * len(pairs)
    assert {"clear", "blocked"} <= set(states)
