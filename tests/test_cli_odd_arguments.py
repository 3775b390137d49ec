"""Odd arguments to the subcommands (issue 37, the sweep): a kit folder that cannot be made, soak maps
that cannot be soaked, ``check ""``: each a message naming the file, never a traceback."""

from __future__ import annotations

from pathlib import Path

from game.cli import main as cli

MAPS = Path(__file__).parent / "maps"


def test_kit_into_a_folder_that_cannot_be_made_is_a_message(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert cli(["kit", str(blocker / "kit")]) == 1
    err = capsys.readouterr().err
    assert f"deadground kit: cannot copy the kit into {blocker / 'kit'}: Not a directory" in err
    assert "Traceback" not in err
    long_name = tmp_path / ("k" * 300)
    assert cli(["kit", str(long_name)]) == 1
    assert "File name too long" in capsys.readouterr().err


def test_soak_names_each_map_it_cannot_soak_and_fails(tmp_path, capsys):
    missing = tmp_path / "nope.tmx"
    good = str(MAPS / "valid_zombiekrieg.tmx")
    code = cli(["soak", "--games", "1", "--out", str(tmp_path), str(missing), good])
    out = capsys.readouterr().out
    assert code == 1, out  # the good map is played, but the soak asked for is not done
    assert f"soak: {missing}: does not load: file not found" in out
    assert "soak: zombiekrieg: 1 games" in out
    code = cli(["soak", "--games", "1", str(missing)])
    out = capsys.readouterr().out
    assert code == 1 and f"soak: {missing}: does not load" in out


def test_check_of_an_empty_path_is_not_the_current_folder(capsys):
    assert cli(["check", ""]) == 1
    out = capsys.readouterr().out
    assert "file not found" in out and "map(s) OK" not in out


def test_design_with_a_screenshot_it_cannot_save_says_so_before_opening(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    shot = blocker / "shot.png"
    assert cli(["design", str(MAPS / "valid_zombiekrieg.tmx"), "--frames", "1", "--screenshot", str(shot)]) == 2
    err = capsys.readouterr().err
    assert f"deadground design: cannot save the screenshot to {shot}: there is no folder {blocker}" in err
    long_map = tmp_path / ("m" * 300 + ".tmx")
    assert cli(["design", str(long_map), "--frames", "1"]) == 2
    assert f"deadground design: no map at {long_map}" in capsys.readouterr().err


def test_ctrl_c_in_any_command_is_a_word_not_a_traceback(capsys, monkeypatch):
    """Ctrl+C (KeyboardInterrupt) while ``check`` reviews its second map: a word and exit 130, whatever the
    machine's speed (the interrupt comes from the review itself, not a timer)."""
    import game.scenario.check as check

    root = Path(__file__).resolve().parent.parent
    reviewed = []
    real = check.review_map

    def review_then_ctrl_c(path):
        reviewed.append(path)
        if len(reviewed) == 2:
            raise KeyboardInterrupt
        return real(path)

    monkeypatch.setattr(check, "review_map", review_then_ctrl_c)
    code = cli(["check", str(root / "maps")])
    assert code == 130 and len(reviewed) == 2
    assert "deadground check: stopped" in capsys.readouterr().err
