"""The tileset's picture (or an image layer's) was not copied with the map: ``check`` names the
missing file and the fix, and the game refuses the map instead of drawing a bare table."""

from __future__ import annotations

import pytest
from design_maps import playable_objects, tmx, write

from game.scenario import ScenarioError, load_scenario
from game.scenario.review import review_map


def test_missing_tileset_picture(tmp_path):
    path = write(tmp_path, "m.tmx", tmx(objects=playable_objects()))
    (tmp_path / "tiles" / "deadground.png").unlink()
    (p,) = review_map(str(path)).errors
    assert p.message == 'the picture of the tileset "deadground" is missing: "deadground.png"'
    assert "put deadground.png back" in p.fix and "Tileset Properties" in p.fix
    with pytest.raises(ScenarioError, match="deadground.png"):
        load_scenario(str(path))


def test_missing_image_layer_picture(tmp_path):
    layers = '<imagelayer id="7" name="photo"><image source="aerial.png"/></imagelayer>'
    layers += '<objectgroup id="2" name="scenario">' + "".join(playable_objects()) + "</objectgroup>"
    path = write(tmp_path, "m.tmx", tmx(layers=layers))
    (p,) = review_map(str(path)).errors
    assert 'image layer "photo"' in p.message and p.layer == "photo"
