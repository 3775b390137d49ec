"""Hostile save, autosave and settings files (issue 17, items 3, 7 and 9): each is refused with a
SaveError naming the file and the reason, the file left untouched, and start-up, the resume line and the
Load menu carry on. Also: temporary files left by a killed write go at the next start, two games never
overwrite each other's autosaves, a failed autosave is reported, saves keep the user's umask."""

from __future__ import annotations

import errno
import json
import os
import stat
import time
from pathlib import Path

import pytest

from game.rules.zombiekrieg import new_game
from game.rules.zombiekrieg.testing import tiny_scenario
from game.saves import (
    MAX_DEPTH,
    MAX_ITEMS,
    Autosaves,
    SavedGame,
    SaveError,
    find_scenario,
    read_save,
    save_game,
    write_atomic,
)
from game.session import Session, describe_save


def _tree(tmp_path: Path) -> dict:
    from game.ai.zombiekrieg_bot import choose_command

    game = new_game(tiny_scenario(), {}, 3)
    for _ in range(3):
        game.apply(choose_command(game))
    path = save_game(game, tmp_path / "base.json")
    return json.loads(path.read_text())


def _refused(path: Path, *words: str) -> str:
    """read_save refuses ``path`` naming it and saying why; its bytes stay as they were."""
    try:
        before = path.read_bytes() if path.is_file() else None
    except OSError:
        before = None
    with pytest.raises(SaveError) as info:
        read_save(path)
    message = str(info.value)
    assert path.name[:60] in message
    for word in words:
        assert word in message, message
    if before is not None:
        assert path.read_bytes() == before
    return message


def _write(tmp_path: Path, name: str, tree: dict | str) -> Path:
    path = tmp_path / name
    path.write_text(tree if isinstance(tree, str) else json.dumps(tree))
    return path


@pytest.mark.parametrize("value", ["1e20", "NaN", "Infinity", "-Infinity", "9" * 400])
def test_saved_at_that_no_clock_can_show_is_refused(tmp_path: Path, value: str) -> None:
    tree = _tree(tmp_path)
    tree["saved_at"] = 12345
    text = json.dumps(tree).replace('"saved_at": 12345', f'"saved_at": {value}')
    _refused(_write(tmp_path, "when.json", text), "when.json")


def test_describe_save_never_raises_on_a_strange_time() -> None:
    for when in (1e20, float("nan"), float("inf"), -5.0):
        saved = SavedGame("zombiekrieg", "maps/x.tmx", "h", {}, 1, [], saved_at=when)
        assert "unknown time" in describe_save(saved) or when == -5.0


def test_deep_nesting_is_refused_without_recursion(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    for depth in (MAX_DEPTH + 1, 900, 5000, 100_000):
        text = json.dumps(tree)[:-1] + ', "extra": ' + "[" * depth + "]" * depth + "}"
        text = text.replace('"extra": {}, ', "", 1)
        _refused(_write(tmp_path, f"deep{depth}.json", text), "nested")
    options = dict(tree, options={"sections": [[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]})
    _refused(_write(tmp_path, "deepopts.json", options), "nested")


@pytest.mark.parametrize("where", ["seed", "saved_at", "option"])
def test_numbers_too_long_for_int_are_refused(tmp_path: Path, where: str) -> None:
    tree = _tree(tmp_path)
    big = "7" * 5000
    if where == "option":
        tree["options"] = {"n": 1}
        text = json.dumps(tree).replace('"n": 1', f'"n": {big}')
    else:
        tree[where] = 1
        text = json.dumps(tree).replace(f'"{where}": 1', f'"{where}": {big}')
    _refused(_write(tmp_path, "big.json", text), "5000 digits")


def test_unknown_fields_are_refused(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    _refused(_write(tmp_path, "field.json", dict(tree, cheat=True)), "'cheat'")
    tree["scenario"]["also"] = 1
    _refused(_write(tmp_path, "scen.json", tree), "scenario")


@pytest.mark.parametrize("text", ["a\x00b", "\ud800"])
def test_nul_and_lone_surrogates_are_refused(tmp_path: Path, text: str) -> None:
    tree = _tree(tmp_path)
    tree["error"] = text
    _refused(_write(tmp_path, "text.json", json.dumps(tree)), "text.json")


def test_ten_thousand_sections_are_refused(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    tree["options"] = {"sections": ["american"] * 10_000}
    _refused(_write(tmp_path, "many.json", tree), str(MAX_ITEMS))


def test_special_files_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "autosave-00000001-20240101-120000.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    _refused(fifo, "not an ordinary file")
    _refused(tmp_path, "not an ordinary file")
    if Path("/dev/zero").exists():
        _refused(Path("/dev/zero"), "not an ordinary file")
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    _refused(loop, "cannot be read")
    assert time.monotonic() - start < 5


def test_huge_and_long_paths_are_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(40 * 1024 * 1024)  # sparse: costs no disk
    _refused(huge, "MB")
    _refused(tmp_path / ("x" * 5000), "longer than")


def test_a_scenario_path_that_is_a_pipe_device_or_too_long_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "scenario.tmx"
    os.mkfifo(fifo)
    for where in (str(fifo), "/dev/zero", "/" + "d/" * 2000 + "x.tmx", "/" + "d" * 300 + "/x.tmx"):
        saved = SavedGame("zombiekrieg", where, "h", {}, 1, [])
        with pytest.raises(SaveError):
            find_scenario(saved, "s.json")
    tree = _tree(tmp_path)
    tree["scenario"]["path"] = "/" + "d" * 5000 + ".tmx"
    _refused(_write(tmp_path, "longscen.json", tree), "scenario path")


def test_temporary_files_of_a_killed_write_are_removed_at_the_next_start(tmp_path: Path) -> None:
    old = tmp_path / ".autosave-00000003-20240101-120000-abc.json.k2j3h4.tmp"
    young = tmp_path / ".autosave-00000004-20240101-120001-abd.json.x9y8z7.tmp"
    other = tmp_path / "notes.tmp"
    for p in (old, young, other):
        p.write_bytes(b"{half")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    Autosaves(tmp_path)
    assert not old.exists() and young.exists() and other.exists()


def test_two_games_at_once_never_overwrite_each_other(tmp_path: Path) -> None:
    a, b = Autosaves(tmp_path), Autosaves(tmp_path)
    game_a, game_b = new_game(tiny_scenario(), {}, 1), new_game(tiny_scenario(), {}, 2)
    written = []
    for _ in range(8):
        written += [a.write(game_a), b.write(game_b)]
    assert len(set(written)) == len(written)
    assert len(a.files(a.game_id)) == 5 and len(b.files(b.game_id)) == 5
    assert {read_save(p).seed for p in a.files(a.game_id)} == {1}
    assert {read_save(p).seed for p in b.files(b.game_id)} == {2}


def test_old_autosave_names_still_resume(tmp_path: Path) -> None:
    game = new_game(tiny_scenario(), {}, 1)
    old = save_game(game, tmp_path / "autosave-00000007-20240101-120000.json")
    autos = Autosaves(tmp_path)
    assert autos.latest() == old
    new = autos.write(game)
    assert autos.latest() == new and old.exists()


def test_a_failed_autosave_is_reported_not_swallowed(tmp_path: Path, monkeypatch) -> None:
    autos = Autosaves(tmp_path)
    session = Session(new_game(tiny_scenario(), {}, 1), autos)
    assert session.autosave() is not None and session.autosave_error == ""

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(autos, "write", full)
    assert session.autosave() is None
    assert "No space left on device" in session.autosave_error
    assert session.last_autosave is not None and session.last_autosave.name in session.autosave_error
    monkeypatch.undo()
    session.autosave()
    assert session.autosave_error == ""


def test_saves_keep_the_users_umask(tmp_path: Path) -> None:
    import game.saves as saves

    old = os.umask(0o022)
    try:
        saves._UMASK = None
        write_atomic(tmp_path / "a.json", b"{}")
        assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644
    finally:
        os.umask(old)
        saves._UMASK = None


# ---------------------------------------------------------------- start-up, resume line, Load menu


def _autosave(folder: Path, tree: dict | str, n: int = 9) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return _write(folder, f"autosave-{n:08d}-20240101-120000.json", tree)


@pytest.mark.parametrize("value", ["1e20", "NaN", "Infinity", "9" * 400])
def test_start_up_survives_a_damaged_autosave_time(tmp_path: Path, value: str) -> None:
    from ui_driver import headless_app

    tree = _tree(tmp_path)
    tree["saved_at"] = 12345
    _autosave(tmp_path / "autosave", json.dumps(tree).replace('"saved_at": 12345', f'"saved_at": {value}'))
    with headless_app(tmp_path / "settings.json") as app:
        app.run_frames(2)
        assert app.scene.name == "title" and app.scene.resumable is None


def test_start_up_survives_a_fifo_autosave(tmp_path: Path) -> None:
    from ui_driver import headless_app

    (tmp_path / "autosave").mkdir()
    os.mkfifo(tmp_path / "autosave" / "autosave-00000009-20240101-120000.json")
    with headless_app(tmp_path / "settings.json") as app:
        app.run_frames(2)
        assert app.scene.name == "title" and app.scene.resumable is None
        _open_load(app)


def _open_load(app):
    from game.ui.scenes.load import LoadScene

    app.push(LoadScene(app))
    app.run_frames(2)
    scene = app.scene
    assert scene.name == "load"
    for entry in scene.entries:  # every entry shows without raising
        scene._show(entry)
        app.run_frames(1)
    return scene


@pytest.mark.parametrize("sections", [5, None, "american", [["x"]], ["a"] * 200])
def test_load_menu_shows_saves_with_strange_sections(tmp_path: Path, sections) -> None:
    from ui_driver import headless_app

    tree = _tree(tmp_path)
    tree["options"] = {"sections": sections}
    (tmp_path / "saves").mkdir()
    _write(tmp_path / "saves", "odd.json", tree)
    with headless_app(tmp_path / "settings.json") as app:
        scene = _open_load(app)
        assert len(scene.entries) == 1 and scene.entries[0].saved is not None


@pytest.mark.parametrize("case", ["nul", "surrogate", "sections", "deep"])
def test_load_menu_lists_hostile_saves_with_their_reason(tmp_path: Path, case: str) -> None:
    from ui_driver import headless_app

    tree = _tree(tmp_path)
    if case == "nul":
        tree["scenario"]["path"] = "maps/a\x00b.tmx"
    elif case == "surrogate":
        tree["error"] = "\udc80"
    elif case == "sections":
        tree["options"] = {"sections": ["american"] * 10_000}
    else:
        tree["extra"] = {"x": json.loads("[" * 500 + "]" * 500)}
    (tmp_path / "saves").mkdir()
    _write(tmp_path / "saves", "bad.json", json.dumps(tree))
    with headless_app(tmp_path / "settings.json") as app:
        scene = _open_load(app)
        (entry,) = scene.entries
        assert entry.saved is None and "bad.json" in entry.error


@pytest.mark.parametrize(
    "text",
    [
        '{"master_volume": ' + "9" * 5000 + "}",
        '{"master_volume": ' + "9" * 400 + "}",
        '{"master_volume": 1e999, "animation_speed": NaN}',
        "[" * 100_000 + "]" * 100_000,
        '{"a": "' + "x" * 200_000 + '"}',
    ],
)
def test_start_up_survives_a_hostile_settings_file(tmp_path: Path, text: str) -> None:
    from ui_driver import headless_app

    from game.ui.settings import Settings

    path = tmp_path / "settings.json"
    path.write_text(text)
    settings = Settings.load(path)
    assert 0.0 <= settings.master_volume <= 1.0 and 0.25 <= settings.animation_speed <= 4.0
    with headless_app(path) as app:
        app.run_frames(2)
        assert app.scene.name == "title"


def test_a_fifo_settings_file_does_not_hang(tmp_path: Path) -> None:
    from game.ui.settings import Settings

    path = tmp_path / "settings.json"
    os.mkfifo(path)
    assert Settings.load(path) == Settings()


@pytest.mark.parametrize("case", ["fifo", "deep", "nan", "digits", "sections"])
def test_the_replay_viewer_refuses_hostile_saves(tmp_path: Path, case: str, capsys) -> None:
    from game.replay import main as replay_main

    path = tmp_path / "r.json"
    tree = _tree(tmp_path)
    if case == "fifo":
        os.mkfifo(path)
    elif case == "deep":
        path.write_text(json.dumps(tree)[:-1] + ', "extra": ' + "[" * 5000 + "]" * 5000 + "}")
    elif case == "nan":
        tree["saved_at"] = 12345
        path.write_text(json.dumps(tree).replace('"saved_at": 12345', '"saved_at": NaN'))
    elif case == "digits":
        tree["seed"] = 12345
        path.write_text(json.dumps(tree).replace('"seed": 12345', '"seed": ' + "1" * 4400))
    else:
        tree["options"] = {"sections": ["american"] * 10_000}
        path.write_text(json.dumps(tree))
    assert replay_main(str(path)) == 2
    assert "r.json" in capsys.readouterr().err


def test_a_full_disk_is_reported_on_the_game_screen(tmp_path: Path, monkeypatch) -> None:
    from ui_driver import end_turn, headless_app, need_default_scenario, play_out, start_game

    need_default_scenario()

    def full(self, game):
        raise OSError(errno.ENOSPC, "No space left on device")

    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, speed=8.0)
        monkeypatch.setattr(Autosaves, "write", full)
        end_turn(app, scene)  # (E again: the game asks first while soldiers are still ready)
        play_out(app, scene)
        assert "No space left on device" in scene.session.autosave_error
        said = [line for line in scene.log_lines if "Autosave failed" in line]
        assert len(said) == 1 and "No space left on device" in said[0]  # once, not after every command


def test_start_up_removes_stale_temporaries_of_saves_and_writes_settings_atomically(tmp_path: Path) -> None:
    from ui_driver import headless_app

    from game.ui.settings import Settings

    saves = tmp_path / "saves"
    saves.mkdir()
    stale = saves / ".quicksave.json.x1y2.tmp"
    stale.write_bytes(b"{half")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    with headless_app(tmp_path / "settings.json") as app:
        app.run_frames(1)
    assert not stale.exists()
    Settings(master_volume=0.3).save(tmp_path / "settings.json")
    assert Settings.load(tmp_path / "settings.json").master_volume == 0.3
    assert not list(tmp_path.glob(".settings.json*"))


def test_old_games_autosaves_are_pruned_to_the_newest_games(tmp_path: Path) -> None:
    from game.saves import KEEP_AUTOSAVE_GAMES

    game = new_game(tiny_scenario(), {}, 1)
    others = [Autosaves(tmp_path) for _ in range(KEEP_AUTOSAVE_GAMES + 2)]
    for autos in others:
        autos.write(game)
        time.sleep(0.01)
    mine = Autosaves(tmp_path)
    mine.write(game)
    kept = {p.name.rsplit("-", 1)[1].removesuffix(".json") for p in mine.files()}
    assert mine.game_id in kept and len(kept) == KEEP_AUTOSAVE_GAMES + 1
    assert others[0].game_id not in kept and others[-1].game_id in kept


def test_load_menu_lists_files_whose_names_are_not_utf8(tmp_path: Path) -> None:
    """Found while probing: a save named with bytes that are not UTF-8 crashed the font in the list."""
    from ui_driver import headless_app

    from game.ui.scenes.load import shown

    for folder, name in (("saves", b"\xffbad.json"), ("autosave", b"autosave-00000001-20240101-120000-\xff.json")):
        (tmp_path / folder).mkdir()
        os.close(os.open(os.path.join(os.fsencode(tmp_path / folder), name), os.O_CREAT | os.O_WRONLY))
    with headless_app(tmp_path / "settings.json") as app:
        scene = _open_load(app)
        assert len(scene.entries) == 2 and all("\ufffd" in e.line for e in scene.entries)
    assert shown("a\ud800b") == "a?b"
