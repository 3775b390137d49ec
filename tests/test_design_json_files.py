"""A designer saves the map as Tiled JSON (.tmj) or a template as .tj: the game reads only the XML
formats, so ``check`` refuses them with "save as .tmx / .tx" instead of failing to parse."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def test_a_tmj_map(tmp_path):
    path = tmp_path / "farm.tmj"
    path.write_text('{"type": "map", "version": "1.10"}')
    (p,) = review_map(str(path)).errors
    assert "Tiled JSON map" in p.message and "save it as a .tmx map" in p.fix


def test_a_tj_template(tmp_path):
    (tmp_path / "zombie.tj").write_text('{"type": "template"}')
    objects = playable_objects() + [obj(9, "Lurker", "", 20, 20, extra=' template="zombie.tj"')]
    path = write(tmp_path, "m.tmx", tmx(objects=objects))
    (p,) = [p for p in review_map(str(path)).errors if p.object_id == 9]
    assert "JSON template" in p.message and "save it as a .tx template" in p.fix


def test_a_tsj_tileset(tmp_path):
    (tmp_path / "ground.tsj").write_text('{"type": "tileset"}')
    path = write(
        tmp_path, "m.tmx", tmx(objects=playable_objects(), tileset='<tileset firstgid="1" source="ground.tsj"/>')
    )
    problems = review_map(str(path)).errors
    assert any("JSON tileset" in p.message and ".tsx" in p.fix for p in problems)
