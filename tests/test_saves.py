"""Saved games (issue 5): versioned JSON of scenario + seed + commands, atomic writes, refusals
that leave the file untouched, autosaves. the rules text is not involved: the rules are replayed as they are."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from game.ai.zombiekrieg_bot import choose_command
from game.assets import default_scenario
from game.rules.zombiekrieg import Fire, new_game
from game.saves import (
    VERSION,
    Autosaves,
    SaveError,
    load_game,
    read_save,
    restore,
    save_game,
    snapshot,
    write_atomic,
)
from game.scenario import load_scenario


def played(scenario, seed: int = 3, commands: int = 25, options: dict | None = None):
    g = new_game(scenario, options or {}, seed)
    while not g.over and len(g.commands) < commands:
        g.apply(choose_command(g))
    return g


@pytest.fixture(scope="module")
def midgame(scenario):
    return played(scenario)


def test_round_trip_mid_game_gives_the_same_state_and_plays_on_the_same(midgame, scenario, tmp_path):
    """Save mid-game, load: the state is equal, and both games play on identically to the end."""
    assert not midgame.over and midgame.commands
    path = save_game(midgame, tmp_path / "mid.json")
    loaded = load_game(path)
    assert loaded.state_data() == midgame.state_data()
    assert loaded.commands == midgame.commands
    original = played(scenario, 3, 10_000)
    while not loaded.over:
        loaded.apply(choose_command(loaded))
    assert loaded.state_data() == original.state_data()


def test_round_trip_hot_seat_with_options(scenario, tmp_path):
    g = played(scenario, seed=11, commands=15, options={"sections": ["british", "american"]})
    loaded = load_game(save_game(g, tmp_path / "hs.json"))
    assert loaded.options == {"sections": ["british", "american"]}
    assert loaded.state_data() == g.state_data()


def test_same_seed_and_commands_give_the_same_state(midgame, scenario):
    saved = snapshot(midgame)
    a, b = restore(saved, scenario=scenario), restore(saved, scenario=scenario)
    assert a.state_data() == b.state_data() == midgame.state_data()


def test_a_save_is_plain_versioned_json(midgame, tmp_path):
    data = json.loads(save_game(midgame, tmp_path / "s.json").read_text())
    assert data["format"] == "deadground-save" and data["version"] == VERSION
    assert data["scenario"]["hash"] == midgame.scenario.content_hash
    assert Path(data["scenario"]["path"]).is_absolute()
    assert data["seed"] == 3 and len(data["commands"]) == len(midgame.commands)
    assert all("type" in c for c in data["commands"])


# -- atomic writes -------------------------------------------------------------------------


class _Crash(Exception):
    pass


class _FailingFile:
    """Writes only the first ``limit`` bytes, then fails like a full disk."""

    def __init__(self, real, limit: int) -> None:
        self.real, self.limit = real, limit

    def write(self, data: bytes) -> int:
        self.real.write(data[: self.limit])
        raise OSError(28, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.real, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.real.close()
        return False


def _failure_points(monkeypatch, payload_size: int):
    """Every place write_atomic can be interrupted, as (name, patch function)."""
    import game.saves as saves

    real_fdopen = os.fdopen

    def partial(limit):
        return lambda: monkeypatch.setattr(
            saves.os, "fdopen", lambda fd, mode: _FailingFile(real_fdopen(fd, mode), limit)
        )

    def raising(attr, exc):
        def boom(*a, **k):
            raise exc

        return lambda: monkeypatch.setattr(saves.os, attr, boom)

    def mkstemp_fails():
        def boom(*a, **k):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves.tempfile, "mkstemp", boom)

    points = [("mkstemp", mkstemp_fails)]
    for limit in sorted({0, 1, payload_size // 3, payload_size // 2, payload_size - 1}):
        points.append((f"write {limit} bytes", partial(limit)))
    points += [
        ("fsync", raising("fsync", OSError(5, "I/O error"))),
        ("rename", raising("replace", OSError(28, "No space left on device"))),
        ("interrupt at rename", raising("replace", KeyboardInterrupt())),
        ("crash at rename", raising("replace", _Crash())),
    ]
    return points


def test_a_write_interrupted_at_every_point_leaves_the_old_save_loadable(midgame, scenario, tmp_path, monkeypatch):
    old_game = played(scenario, seed=3, commands=5)
    path = save_game(old_game, tmp_path / "game.json")
    old_bytes = path.read_bytes()
    new_payload = snapshot(midgame).to_json()
    for name, patch in _failure_points(monkeypatch, len(new_payload)):
        patch()
        with pytest.raises((OSError, KeyboardInterrupt, _Crash)):
            write_atomic(path, new_payload)
        monkeypatch.undo()
        assert path.read_bytes() == old_bytes, name
        assert load_game(path).state_data() == old_game.state_data(), name
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], f"{name}: temporary file left behind"
    write_atomic(path, new_payload)
    assert load_game(path).state_data() == midgame.state_data()


def test_a_hard_crash_mid_write_leaves_the_old_save_and_autosaves_ignore_the_leftover(
    midgame, scenario, tmp_path, monkeypatch
):
    """A crash (no clean-up runs) before the rename leaves a temporary file, never a broken save."""
    import game.saves as saves

    autos = Autosaves(tmp_path, keep=5)
    first = autos.write(played(scenario, seed=3, commands=5))
    old_bytes = first.read_bytes()

    def die(*a, **k):
        raise _Crash()

    monkeypatch.setattr(saves.os, "replace", die)
    monkeypatch.setattr(saves.os, "unlink", lambda *a, **k: None)  # the process is gone: nothing cleans up
    with pytest.raises(_Crash):
        write_atomic(first, snapshot(midgame).to_json())
    monkeypatch.undo()
    assert first.read_bytes() == old_bytes
    assert any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
    assert autos.files() == [first] and autos.latest() == first


# -- refusals ------------------------------------------------------------------------------


def _refused(path: Path, *words: str) -> str:
    before = path.read_bytes()
    stat = path.stat()
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stat.st_mtime_ns
    assert path.name in message and "untouched" in message
    for w in words:
        assert w in message, message
    return message


def test_corrupt_and_truncated_saves_are_refused_with_the_file_unchanged(midgame, tmp_path):
    good = snapshot(midgame).to_json()
    bad = tmp_path / "corrupt.json"
    bad.write_bytes(b"\x00\xffnot json at all")
    _refused(bad, "corrupt")
    for cut in (1, len(good) // 4, len(good) // 2, len(good) - 2):
        t = tmp_path / f"truncated-{cut}.json"
        t.write_bytes(good[:cut])
        _refused(t, "truncated")
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    _refused(empty)


def test_damaged_contents_are_refused(midgame, tmp_path):
    data = json.loads(snapshot(midgame).to_json())
    cases = {
        "unknown-command": {**data, "commands": [{"type": "Explode", "figure": "x"}]},
        "bad-field": {**data, "commands": [{"type": "Fire", "figure": "a", "target": "b", "boom": 1}]},
        "no-seed": {k: v for k, v in data.items() if k != "seed"},
        "seed-text": {**data, "seed": "three"},
        "commands-not-list": {**data, "commands": 7},
        "not-a-save": {"hello": "world"},
    }
    for name, content in cases.items():
        p = tmp_path / f"{name}.json"
        p.write_text(json.dumps(content))
        _refused(p)


def test_wrong_version_is_refused(midgame, tmp_path):
    data = json.loads(snapshot(midgame).to_json())
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({**data, "version": VERSION + 1}))
    _refused(newer, "newer")
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({**data, "version": "one"}))
    _refused(odd, "version")


def test_a_changed_scenario_is_refused(tmp_path):
    own = tmp_path / "my_village.tmx"
    shutil.copy(default_scenario(), own)
    for extra in ("templates", "tiles"):
        src = default_scenario().parent / extra
        if src.exists():
            shutil.copytree(src, tmp_path / extra)
    sc = load_scenario(own)
    g = new_game(sc, {}, 5)
    g.apply(choose_command(g))
    path = save_game(g, tmp_path / "g.json")
    assert load_game(path).state_data() == g.state_data()
    own.write_text(own.read_text() + "\n<!-- moved a hedge -->\n")
    _refused(path, "changed", "my_village.tmx")


def test_a_moved_scenario_falls_back_to_the_shipped_map_of_the_same_name(midgame, tmp_path):
    data = json.loads(snapshot(midgame).to_json())
    data["scenario"]["path"] = "/somewhere/else/normandy_village.tmx"
    p = tmp_path / "moved.json"
    p.write_text(json.dumps(data))
    assert load_game(p).state_data() == midgame.state_data()
    data["scenario"]["path"] = "/somewhere/else/atlantis.tmx"
    p.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="no longer there"):
        load_game(p)


def test_a_save_whose_commands_no_longer_replay_is_refused(midgame, tmp_path):
    data = json.loads(snapshot(midgame).to_json())
    data["commands"].insert(0, {"type": "Fire", "figure": "nobody", "target": "z1", "second_target": None})
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="command 1"):
        load_game(p)


def test_a_bug_report_keeps_the_failed_command_and_its_error(midgame, tmp_path):
    cmd = Fire("nobody", "z1")
    path = save_game(
        midgame, tmp_path / "bug.json", error="IllegalCommand: There is no figure 'nobody'.", failed=cmd
    )
    saved = read_save(path)
    assert saved.failed == cmd and saved.error.startswith("IllegalCommand")
    assert load_game(path).state_data() == midgame.state_data()


# -- autosaves -----------------------------------------------------------------------------


def test_autosaves_keep_the_last_five_and_latest_skips_broken_files(scenario, tmp_path):
    autos = Autosaves(tmp_path / "auto")
    g = new_game(scenario, {}, 8)
    written = []
    for _ in range(8):
        g.apply(choose_command(g))
        written.append(autos.write(g))
    files = autos.files()
    assert files == written[-5:] and len(files) == 5
    assert load_game(autos.latest()).state_data() == g.state_data()
    broken = files[-1]
    broken.write_bytes(broken.read_bytes()[:100])
    assert autos.latest() == files[-2]
    assert broken.exists() and broken.read_bytes()[:10]  # skipped, not deleted
    assert autos.resumable() == files[-2]


def test_a_finished_game_is_not_offered_for_resuming(scenario, tmp_path):
    autos = Autosaves(tmp_path)
    g = new_game(scenario, {}, 2)
    while not g.over:
        g.apply(choose_command(g))
    autos.write(g)
    assert autos.latest() is not None and autos.resumable() is None


def test_the_default_autosave_folder_is_the_user_data_dir(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / app))
    assert Autosaves().folder == tmp_path / "deadground" / "autosave"
