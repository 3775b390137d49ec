"""A designer saves the ground layer in each of Tiled's layer formats (Map > Map Properties > Tile
Layer Format). CSV, XML, Base64, zlib and gzip load and draw the same table; Zstandard is refused by
``check``, by the game and by the screen with the same fix ("save the layer as zlib/gzip/CSV"), never a
bare table."""

from __future__ import annotations

import pygame
import pytest
from design_maps import playable_objects, tmx, write

from game.scenario import ScenarioError, load_scenario
from game.scenario.review import review_map
from game.ui.map_render import MapRenderer


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


def _picture(path) -> bytes:
    return pygame.image.tobytes(MapRenderer.from_tmx(path).native, "RGB")


def test_every_format_but_zstd_draws_the_same_table(tmp_path):
    pictures = {}
    for encoding in ("csv", "xml", "base64", "zlib", "gzip"):
        path = write(tmp_path, f"{encoding}.tmx", tmx(objects=playable_objects(), encoding=encoding))
        assert not review_map(str(path)).problems, encoding
        pictures[encoding] = _picture(path)
    assert len(set(pictures.values())) == 1
    assert pictures["csv"] != pygame.image.tobytes(MapRenderer.plain((36, 24), 32).native, "RGB")


def test_zstd_is_refused_with_the_fix(tmp_path):
    path = write(tmp_path, "zstd.tmx", tmx(objects=playable_objects(), encoding="zstd"))
    (problem,) = review_map(str(path)).errors
    assert 'tile layer "ground" is compressed with Zstandard' in problem.message
    assert problem.fix.startswith("save the layer as zlib/gzip/CSV")
    assert problem.layer == "ground"
    with pytest.raises(ScenarioError, match="Zstandard"):
        load_scenario(str(path))
    with pytest.raises(ValueError, match="save the layer as zlib/gzip/CSV"):
        MapRenderer.from_tmx(path)


def test_preview_does_not_crash_on_zlib_or_zstd(tmp_path):
    import subprocess
    import sys

    from design_maps import ROOT

    for encoding, code in (("zlib", 0), ("zstd", 1)):
        path = write(tmp_path, f"{encoding}.tmx", tmx(objects=playable_objects(), encoding=encoding))
        result = subprocess.run(
            [sys.executable, str(ROOT / "maps" / "preview.py"), str(path), str(tmp_path / f"{encoding}.png"), "4"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == code, result.stderr
        assert "Traceback" not in result.stderr
    assert (tmp_path / "zlib.png").exists()
    assert "save the layer as zlib/gzip/CSV" in result.stderr
