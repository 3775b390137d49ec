"""Every shipped map saved again by Tiled itself (its command line export, as a designer's Save would):
``check`` says the same, and the screen draws the same picture. Skipped without the ``tiled`` program."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest
from design_maps import kit

from game.scenario.review import review_map
from game.ui.map_render import MapRenderer

ROOT = Path(__file__).resolve().parent.parent
TILED = shutil.which("tiled")
MAPS = sorted((ROOT / "maps").glob("*.tmx"))


@pytest.mark.skipif(TILED is None, reason="tiled is not installed")
@pytest.mark.parametrize("source", MAPS, ids=[p.name for p in MAPS])
def test_saved_by_tiled_checks_and_draws_the_same(source, tmp_path):
    pygame.init()
    pygame.display.set_mode((8, 8))
    kit(tmp_path)
    target = tmp_path / source.name
    result = subprocess.run(
        [TILED, "--export-map", str(source), str(target)],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and target.exists(), result.stderr
    before, after = review_map(str(source)), review_map(str(target))
    assert [(p.object_id, p.message) for p in after.problems] == [
        (p.object_id, p.message) for p in before.problems
    ]
    drawn = [pygame.image.tobytes(MapRenderer.from_tmx(p).native, "RGB") for p in (source, target)]
    assert drawn[0] == drawn[1]
