"""Every map shipped in maps/ passes ``deadground check`` and opens in pytmx, which the screen draws
with (Scenario files (Tiled): a bad map never reaches the player)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenario import check_map, load_scenario

SHIPPED = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))


def _maps() -> list[Path]:
    if not SHIPPED:
        pytest.skip("no maps/*.tmx yet")
    return SHIPPED


@pytest.mark.parametrize("name", [p.name for p in SHIPPED] or ["(none)"])
def test_shipped_map_has_no_problems(name):
    path = next((p for p in _maps() if p.name == name), None)
    assert path is not None
    problems = check_map(str(path))
    assert problems == [], "\n".join(str(p) for p in problems)
    scenario = load_scenario(str(path))
    assert scenario.title, "a shipped map has a title for the menu"


@pytest.mark.parametrize("name", [p.name for p in SHIPPED] or ["(none)"])
def test_shipped_map_opens_in_pytmx(name):
    pytmx = pytest.importorskip("pytmx")
    path = next((p for p in _maps() if p.name == name), None)
    assert path is not None
    tiled_map = pytmx.TiledMap(str(path), load_images=False)
    assert tiled_map.width > 0 and tiled_map.height > 0
