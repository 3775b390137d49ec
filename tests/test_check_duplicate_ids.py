"""Two objects with the same id (a designer copied XML between maps): saves and messages could not tell
them apart, so ``check`` fails the map."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def test_duplicate_ids_are_named(tmp_path):
    objects = playable_objects() + [obj(2, "Copy of graveyard", "spawn", 20, 2, 3, 3)]
    (p,) = [
        p for p in review_map(str(write(tmp_path, "m.tmx", tmx(objects=objects)))).errors if "share" in p.message
    ]
    assert '2 objects share the id 2 ("Graveyard", "Copy of graveyard")' in p.message
    assert "save it" in p.fix
