"""Seeded bot games on every shipped map, hashed whole (state, log, commands as plain JSON).

``python tests/all_hashes.py`` prints them as JSON; ``tests/data/game_hashes.json`` keeps the ones recorded
before the rule-set kit was refactored, so a change that is meant to keep the games proves it did.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from game.ai import bot_for
from game.rules.core import get_ruleset, to_data
from game.scenario import load_scenario

MAPS = Path(__file__).resolve().parent.parent / "maps"
RECORDED = Path(__file__).resolve().parent / "data" / "game_hashes.json"
SEEDS = (7, 8)
LIMIT = 3000  # commands: every shipped map's bot games end well before it


def shipped_maps() -> list[Path]:
    return sorted(MAPS.glob("*.tmx"))


def game_hash(path: Path, seed: int, options: dict | None = None) -> str:
    """The hash of a seeded bot game on ``path`` (with ``options``): its state, log and commands."""
    scenario = load_scenario(path)
    game = get_ruleset(scenario.ruleset).new_game(scenario, dict(options or {}), seed)
    bot = bot_for(scenario.ruleset)
    while not game.over and len(game.commands) < LIMIT:
        game.apply(bot(game))
    whole = {
        "state": game.state_data(),
        "log": [to_data(e) for e in game.log],
        "commands": [to_data(c) for c in game.commands],
    }
    return hashlib.sha256(json.dumps(whole, sort_keys=True).encode()).hexdigest()


def all_hashes() -> dict[str, str]:
    return {f"{p.name}:{seed}": game_hash(p, seed) for p in shipped_maps() for seed in SEEDS}


if __name__ == "__main__":
    json.dump(all_hashes(), sys.stdout, indent=1, sort_keys=True)
    print()
