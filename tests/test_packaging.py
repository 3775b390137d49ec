"""Issue 2, item 1: the package finds its data when installed non-editable, and the CLI is wired."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_built_package_carries_maps_sprites_sounds_and_tables(tmp_path: Path) -> None:
    # build_py is the step of a wheel build that lays out game/; setup.py copies the assets into it.
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    game = tmp_path / "game"
    assert (game / "_assets" / "maps" / "normandy_village.tmx").is_file()
    assert (game / "_assets" / "maps" / "templates").is_dir()
    assert (game / "_assets" / "sprites" / "manifest.toml").is_file()
    assert (game / "_assets" / "sounds" / "manifest.toml").is_file()
    assert (game / "data" / "zombiekrieg.toml").is_file()
    # and the installed package looks there when no checkout is beside it
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); from game.assets import assets_dir, default_scenario;"
        "print(assets_dir('maps')); print(default_scenario().is_file())"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path)], cwd=tmp_path, check=True, capture_output=True, text=True
    ).stdout.split()
    assert out == [str(game / "_assets" / "maps"), "True"]


def test_python_dash_m_game_check_runs_the_checker() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "check", str(ROOT / "maps" / "normandy_village.tmx")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "OK" in done.stdout and "Normandy Village" in done.stdout
