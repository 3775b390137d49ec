"""``deadground kit DIR`` ends by telling the designer how maps saved in DIR get into New game: at once
when DIR is the user's own scenarios folder, else with ``deadground --maps DIR`` (it used to say they
appear in New game wherever the kit was put, and they did not; issue 16, item 5)."""

from __future__ import annotations

import platformdirs
import pytest

from game.cli import main as cli


@pytest.fixture
def user_data(monkeypatch, tmp_path):
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    return tmp_path / "data" / "deadground"


def test_a_kit_in_the_user_folder_is_listed_at_once(user_data, capsys):
    folder = user_data / "scenarios"
    assert cli(["kit", str(folder)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith("maps saved there appear in New game") and "--maps" not in last


def test_a_kit_elsewhere_says_to_start_the_game_with_maps(user_data, tmp_path, capsys):
    folder = tmp_path / "club"
    assert cli(["kit", str(folder)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert f"`deadground --maps {folder}`" in last
    assert str(user_data / "scenarios") in last
