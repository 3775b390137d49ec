"""Zombie 40,000's figures for ``python -m game.bench --only zombie40k`` (issue 14): one zombie turn with 4 hordes of
10 and 4 squads of 10, one blast resolved over a crowd of 50, and that blast's exact preview, in milliseconds.

The positions are the rule set's own (``game/rules/zombie40k/bench.py``); this module only names the keys.
"""

from __future__ import annotations

from game.rules.zombie40k.bench import blast_preview_seconds, blast_seconds, zombie_turn_seconds


def bench_zombie40k(repeats: int = 5) -> dict[str, float]:
    """Best-of-``repeats`` milliseconds: ``z40k_zombie_turn_ms``, ``z40k_blast_ms``, ``z40k_blast_preview_ms``."""
    return {
        "z40k_zombie_turn_ms": zombie_turn_seconds(repeats) * 1000,
        "z40k_blast_ms": blast_seconds(repeats) * 1000,
        "z40k_blast_preview_ms": blast_preview_seconds() * 1000,
    }
