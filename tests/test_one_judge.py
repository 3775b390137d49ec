"""One judge for check, play and the New game list: a map ``deadground check`` refuses never plays. A map
asking more survivors out than it has (exit_count 60 on a Zombiekrieg table) loaded and played before, though
check called it an error; now ``play`` refuses it with check's words and New game lists it as not playable."""

from __future__ import annotations

from pathlib import Path

import pytest
from design_maps import ZOMBIEKRIEG, kit, playable_objects, tmx, write
from ui_driver import headless_app

from game.scenario.review import review_map
from game.ui import scenario_list


@pytest.fixture
def refused(tmp_path: Path) -> Path:
    kit(tmp_path)
    path = write(
        tmp_path, "too_many.tmx", tmx(properties={**ZOMBIEKRIEG, "exit_count": 60}, objects=playable_objects())
    )
    assert review_map(str(path)).errors  # check refuses it
    return path


def test_play_refuses_what_check_refuses(
    refused: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.app as app_module

    def no_play(*args: object, **kwargs: object) -> None:
        raise AssertionError("play set up a map check refuses")

    # the window shows its first frame while the map is checked (issue 38: the check loads the compiled
    # loops, seconds on a first start); a refused map then closes it, and is never set up or played
    monkeypatch.setattr(app_module, "open_first", no_play)
    assert app_module.run(scenario=str(refused), straight_in=True) == 2
    err = capsys.readouterr().err
    assert "cannot open" in err and "exit_count is 60" in err and "set exit_count to" in err


def test_new_game_lists_it_as_not_playable_with_checks_words(
    refused: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.scenes.new_game import NewGameScene

    monkeypatch.setattr(scenario_list, "EXTRA_FOLDERS", [refused.parent])
    with headless_app(tmp_path / "settings.json") as app:
        app.push(NewGameScene(app))
        app.run_frames(2)
        scene = app.scene
        entry = next(e for e in scene.entries if e.path == refused)
        assert not entry.playable and "exit_count is 60" in entry.error
        scene._show(entry)
        assert "This map cannot be played" in scene.details.html_text and not scene.start.is_enabled


def test_checking_a_zombiekrieg_map_before_play_loads_no_other_rule_set() -> None:
    """``deadground play`` checks the map before the window opens; that check set the game up after importing
    every rule set to see whether the map's was one (Outbreak and Zombie 40,000: about 0.3 s of a start on a
    quiet machine, more on a loaded one). It loads the map's own rule set only."""
    import os
    import subprocess
    import sys

    script = (
        "import sys, pathlib\n"
        "from game.ui.scenario_list import load_entry\n"
        "entry = load_entry(pathlib.Path('maps/normandy_village.tmx'))\n"
        "print(entry.playable, sorted({m.split('.')[2] for m in sys.modules if m.startswith('game.rules.')}))\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=root, env=env, timeout=300
    )
    assert out.returncode == 0, out.stderr[-2000:]
    playable, loaded = out.stdout.split(" ", 1)
    assert playable == "True" and "zombiekrieg" in loaded, out.stdout
    assert "outbreak" not in loaded and "zombie40k" not in loaded, loaded


def test_the_window_shows_before_the_maps_check_loads_the_compiled_loops(tmp_path: Path) -> None:
    """``deadground play MAP`` left the screen empty while it checked the map, and the check loads the table's
    compiled loops: seconds on a first start (issue 38, item 2). The window's first frame now shows first."""
    import os
    import subprocess
    import sys

    script = (
        "import sys, os, pygame\n"
        "flip = pygame.display.flip\n"
        "def first(): flip(); print('numba' in sys.modules, flush=True); os._exit(0)\n"
        "pygame.display.flip = first\n"
        "from game.cli import main\n"
        "main(['play', 'maps/normandy_village.tmx', '--quick'])\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {
        **os.environ,
        "PYTHONPATH": str(root),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path),
        "XDG_CACHE_HOME": str(tmp_path),
    }
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=root, env=env, timeout=300
    )
    assert out.stdout.strip().splitlines()[-1:] == ["False"], (out.stdout, out.stderr[-2000:])
