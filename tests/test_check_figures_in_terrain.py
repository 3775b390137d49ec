"""A zombie placed inside a building (or with its base overlapping a wall) cannot stand there: ``check``
names the figure, the terrain and where it is."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def test_a_zombie_inside_a_building(tmp_path):
    objects = playable_objects() + [
        obj(10, "Farmhouse", "building", 14, 8, 6, 6),
        obj(11, "Lurker", "zombie", 16, 10, shape="point"),
        obj(12, "By the wall", "zombie", 10.2, 4, shape="point"),
        obj(13, "Wall", "wall", 10, 0, shape="polyline", points="0,0 0,6"),
        obj(14, "In the open", "zombie", 24, 20, shape="point"),
    ]
    problems = review_map(str(write(tmp_path, "m.tmx", tmx(objects=objects)))).errors
    found = {p.object_id: p for p in problems}
    assert "stands in building 10 'Farmhouse'" in found[11].message and found[11].at == (16.0, 10.0)
    assert "wall 13 'Wall'" in found[12].message
    assert 14 not in found
    assert "open ground" in found[11].fix
