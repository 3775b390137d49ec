"""Seeded Zombiekrieg bot games and their final-state hashes (shared by the hash test and its recorder).

``python tests/zk_hashes.py`` prints the hashes as JSON; ``tests/data/zk_game_hashes.json`` keeps the
ones recorded before the rule-set contract moved Zombiekrieg (issue: one game screen for every rule set).
A game is hashed whole: its state, its log and its commands, as plain JSON.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from game.ai import bot_for
from game.rules.core import get_ruleset, to_data
from game.scenario import load_scenario

MAP = Path(__file__).resolve().parent.parent / "maps" / "normandy_village.tmx"
RECORDED = Path(__file__).resolve().parent / "data" / "zk_game_hashes.json"
OPTIONS = (
    {"sections": ["american"]},
    {"sections": ["british", "soviet"]},
    {"sections": ["american", "british", "soviet"], "american_corporal_weapon": "burp"},
)
GAMES = 27  # 9 seeds x 3 force choices


def game_hash(seed: int, options: dict) -> str:
    scenario = load_scenario(MAP)
    game = get_ruleset(scenario.ruleset).new_game(scenario, dict(options), seed)
    bot = bot_for(scenario.ruleset)
    while not game.over and len(game.commands) < 3000:
        game.apply(bot(game))
    whole = {
        "state": game.state_data(),
        "log": [to_data(e) for e in game.log],
        "commands": [to_data(c) for c in game.commands],
    }
    return hashlib.sha256(json.dumps(whole, sort_keys=True).encode()).hexdigest()


def all_hashes() -> dict[str, str]:
    out = {}
    for k in range(GAMES):
        seed, options = 100 + k, OPTIONS[k % len(OPTIONS)]
        out[f"{seed}:{json.dumps(options, sort_keys=True)}"] = game_hash(seed, options)
    return out


if __name__ == "__main__":
    json.dump(all_hashes(), sys.stdout, indent=1, sort_keys=True)
