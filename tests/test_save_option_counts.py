"""A save whose options ask for an extreme count is refused at once, before anything is built (issue 37): a
Zombie 40,000 save with ``"players": 1000000000`` used to deal that many teams (40 s, then MemoryError; 10**29
never ended). Title-screen Resume, Load and ``deadground replay`` all say why in a second.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.replay import main as replay_main
from game.rules.core import get_ruleset
from game.saves import SaveError, load_game, save_game
from game.scenario import load_scenario

MAPS = Path(__file__).resolve().parent.parent / "maps"
QUICK = 5.0  # seconds: a refusal, not a build (the build took 40 s and then ran out of memory)


def z40k_save(path: Path, players: int | str) -> Path:
    """A real Zombie 40,000 save of Hive Street, its options changed to ``{"players": <players>}``."""
    scenario = load_scenario(str(MAPS / "hive_street.tmx"))
    game = get_ruleset("zombie40k").new_game(scenario, {"players": 1}, 3)
    save_game(game, path)
    tree = json.loads(path.read_text())
    tree["options"] = {"players": 12345}
    path.write_text(json.dumps(tree).replace('"players": 12345', f'"players": {players}'))
    return path


@pytest.mark.parametrize("players", [10**9, 10**29, 0, -(10**29)])
def test_load_and_replay_refuse_an_extreme_player_count_at_once(
    tmp_path: Path, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = z40k_save(tmp_path / "many.json", players)
    started = time.perf_counter()
    with pytest.raises(SaveError, match=r"many.json cannot be loaded: Cannot start: .*takes 1 to 4 players"):
        load_game(path)
    assert replay_main(str(path)) == 2
    assert "many.json" in capsys.readouterr().err
    assert time.perf_counter() - started < QUICK


def test_resume_refuses_an_extreme_player_count_at_once(tmp_path: Path) -> None:
    from ui_driver import headless_app

    folder = tmp_path / "autosave"
    folder.mkdir()
    z40k_save(folder / "autosave-00000009-20240101-120000.json", 10**9)
    with headless_app(tmp_path / "settings.json") as app:
        app.run_frames(2)
        assert app.scene.name == "title" and app.scene.resumable is not None
        started = time.perf_counter()
        assert not app.scene.resume()
        assert time.perf_counter() - started < QUICK
        assert "takes 1 to 4 players" in app.scene.message


def test_the_load_menu_refuses_an_extreme_player_count_at_once(tmp_path: Path) -> None:
    from ui_driver import headless_app

    from game.ui.scenes.load import LoadScene

    (tmp_path / "saves").mkdir()
    z40k_save(tmp_path / "saves" / "many.json", 10**29)
    with headless_app(tmp_path / "settings.json") as app:
        app.push(LoadScene(app))
        app.run_frames(2)
        scene = app.scene
        (entry,) = scene.entries
        scene._show(entry)
        started = time.perf_counter()
        assert not scene.load_chosen()
        assert time.perf_counter() - started < QUICK
        app.run_frames(1)
        assert app.scene.name == "load"


@pytest.mark.parametrize(
    "ruleset, options, words",
    [
        ("zombie40k", {"teams": [{"unit": "tactical_squad", "name": "N" * 10_000}]}, "is 10000 characters long"),
        ("zombie40k", {"teams": [{"unit": "tactical_squad", "name": "a\x00b"}]}, "control character"),
        ("outbreak", {"players": 1, "characters": [{"name": "N" * 10_000, "player": 1}]}, "at most 60"),
        ("outbreak", {"players": 1, "characters": [{"name": "a\x00b", "player": 1}]}, "control character"),
    ],
)
def test_a_name_the_screen_could_not_draw_is_refused(ruleset: str, options: dict, words: str) -> None:
    maps = {"zombie40k": "hive_street.tmx", "outbreak": "hollow_creek_farm.tmx"}
    scenario = load_scenario(str(MAPS / maps[ruleset]))
    with pytest.raises(ValueError, match=words):
        get_ruleset(ruleset).new_game(scenario, options, 1)
