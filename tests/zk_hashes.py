"""Seeded Zombiekrieg bot games and their final-state hashes (shared by the hash test and its recorder).

``python tests/zk_hashes.py`` prints the hashes as JSON; ``tests/data/zk_game_hashes.json`` keeps the
ones recorded before the rule-set contract moved Zombiekrieg (issue: one game screen for every rule set).
A game is hashed whole: its state, its log and its commands, as plain JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from all_hashes import game_hash as hash_on_map

MAP = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"
RECORDED = Path(__file__).resolve().parent / "data" / "zk_game_hashes.json"
OPTIONS = (
    {"sections": ["american"]},
    {"sections": ["british", "soviet"]},
    {"sections": ["american", "british", "soviet"], "american_corporal_weapon": "burp"},
)
GAMES = 27  # 9 seeds x 3 force choices


def game_hash(seed: int, options: dict) -> str:
    return hash_on_map(MAP, seed, options)


def all_hashes() -> dict[str, str]:
    out = {}
    for k in range(GAMES):
        seed, options = 100 + k, OPTIONS[k % len(OPTIONS)]
        out[f"{seed}:{json.dumps(options, sort_keys=True)}"] = game_hash(seed, options)
    return out


if __name__ == "__main__":
    json.dump(all_hashes(), sys.stdout, indent=1, sort_keys=True)
