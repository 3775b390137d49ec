"""Every shipped map's seeded bot games play exactly as recorded: a refactor that is meant to keep the
games (the rule-set kit, the layering) proves it here. A change of play re-records the hashes in its own
commit (``python tests/all_hashes.py > tests/data/game_hashes.json``), naming the change.
"""

from __future__ import annotations

import json

from all_hashes import RECORDED, SEEDS, all_hashes, shipped_maps


def test_every_shipped_maps_seeded_games_hash_as_recorded():
    recorded = json.loads(RECORDED.read_text())
    assert len(recorded) == len(shipped_maps()) * len(SEEDS) >= 12
    now = all_hashes()
    changed = sorted(k for k in recorded if now.get(k) != recorded[k])
    assert not changed, f"{len(changed)} seeded games play differently: {changed}"
