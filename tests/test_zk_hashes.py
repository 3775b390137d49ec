"""Zombiekrieg plays exactly as before the rule-set contract: the same seeded bot games, hash for hash.

The hashes in ``tests/data/zk_game_hashes.json`` were recorded on main before the screen, saves,
demo and simulator were moved onto the contract (see ``tests/zk_hashes.py``). A rules change that
is meant to change games re-records them in its own commit, saying why.
"""

from __future__ import annotations

import json

from zk_hashes import GAMES, OPTIONS, RECORDED, game_hash


def test_seeded_bot_games_hash_as_recorded():
    recorded = json.loads(RECORDED.read_text())
    assert len(recorded) == GAMES >= 25
    changed = []
    for k in range(GAMES):
        seed, options = 100 + k, OPTIONS[k % len(OPTIONS)]
        key = f"{seed}:{json.dumps(options, sort_keys=True)}"
        if game_hash(seed, options) != recorded[key]:
            changed.append(key)
    assert not changed, f"{len(changed)} of {GAMES} seeded games play differently: {changed}"
