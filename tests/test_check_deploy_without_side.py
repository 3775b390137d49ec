"""Two deploy zones, the second drawn for the zombies but left without ``side``: in a two-player game
player 2 would deploy there. ``check`` warns; with side = zombies it warns that Zombiekrieg ignores it."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def test_a_second_zone_without_side(tmp_path):
    objects = playable_objects() + [obj(10, "Zombie pit", "deploy", 26, 14, 6, 6)]
    warnings = review_map(str(write(tmp_path, "m.tmx", tmx(objects=objects)))).warnings
    (p,) = [p for p in warnings if p.object_id == 10]
    assert "counts as side = allies" in p.message and "set side" in p.fix


def test_side_zombies_is_ignored_by_zombiekrieg(tmp_path):
    objects = playable_objects() + [obj(10, "Zombie pit", "deploy", 26, 14, 6, 6, side="zombies")]
    warnings = review_map(str(write(tmp_path, "m.tmx", tmx(objects=objects)))).warnings
    (p,) = [p for p in warnings if p.object_id == 10]
    assert "ignores a deploy with side = zombies" in p.message and "spawn zone" in p.fix
