"""A map placed from templates loads exactly like the same map with the templates detached by Tiled
itself (Scenario files (Tiled): objects placed from templates load with their template's
class and properties). Needs the ``tiled`` program; skipped without it."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from game.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx")) + [ROOT / "tests" / "maps" / "valid_zombiekrieg.tmx"]
TILED = shutil.which("tiled")


def detached(source: Path, target: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [TILED, "--export-map", "--detach-templates", str(source), str(target)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and target.exists(), result.stderr


def comparable(scenario: Scenario) -> Scenario:
    return replace(scenario, path="", content_hash="")


@pytest.mark.skipif(TILED is None, reason="tiled is not installed")
@pytest.mark.parametrize("name", [str(p.relative_to(ROOT)) for p in MAPS])
def test_tiled_detached_export_loads_to_the_same_scenario(name, tmp_path):
    source = ROOT / name
    if not source.exists():
        pytest.skip(f"{name} not made yet")
    original = load_scenario(str(source))
    target = tmp_path / source.name
    detached(source, target)
    assert "template=" not in target.read_text()
    exported = load_scenario(str(target))
    assert comparable(exported) == comparable(original)
