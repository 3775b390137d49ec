"""Nothing lost (issue 17, item 9): a game in a subprocess, autosaving after every command, is killed
with SIGKILL at random moments; every autosave left is whole, the newest resumes the last completed
command, and the temporary file a killed write leaves is removed at the next start. Two games at once
keep their own autosaves. A chart PNG is written atomically.

The subprocess plays with the game's own Session and Autosaves (the code the screen uses), bots choosing
the commands; it prints ``done N`` once command N and its autosave are complete."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.saves import Autosaves, load_game, read_save, remove_stale_temporaries, state_hash
from game.session import Session

MAP = str(Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx")
DRIVER = """
import sys
from game.ai import bot_for
from game.rules.core import get_ruleset
from game.saves import Autosaves
from game.scenario import load_scenario
from game.session import Session

folder, seed = sys.argv[1], int(sys.argv[2])
scenario = load_scenario(sys.argv[3])
autos = Autosaves(folder)
print("game", autos.game_id, flush=True)
while True:
    session = Session(get_ruleset(scenario.ruleset).new_game(scenario, {}, seed), autos)
    bot = bot_for(scenario.ruleset)
    while not session.game.over:
        session.apply(bot(session.game))
        sys.stdout.write(f"done {len(session.game.commands)}\\n")  # one write: a kill cannot cut it
        sys.stdout.flush()
    seed += 1000
"""


def _start(folder: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(folder), str(seed), MAP],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


def _kill_after(proc: subprocess.Popen[str], lines: int) -> tuple[str, int]:
    """Let ``proc`` report ``lines`` completed commands (at least one), kill it; its game id and the
    number of the last command it completed."""
    assert proc.stdout is not None
    game_id = proc.stdout.readline().split()[1]
    last = 0
    for _ in range(lines):
        line = proc.stdout.readline()
        if not line:
            break
        last = int(line.split()[1])
    time.sleep(random.random() * 0.05)  # somewhere inside the next command or its write
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    # what it completed before the kill but we had not read. A line the kill cut short has no newline
    # and is no report: with PYTHONUNBUFFERED (as this machine's CI sets) print wrote "done", " ", the
    # number and the newline one by one, and a kill left "done" alone (the driver now writes each line
    # at once; a cut tail is still ignored).
    for line in proc.stdout.read().split("\n")[:-1]:
        if line.startswith("done"):
            last = int(line.split()[1])
    return game_id, last


def _check_folder(folder: Path, game_id: str, last: int) -> None:
    autos = Autosaves.__new__(Autosaves)  # read only: no new game id, no cleaning
    autos.folder, autos.keep, autos.game_id = folder, 5, "reader"
    mine = autos.files(game_id)
    assert mine, "no autosave survived"
    for path in mine:
        read_save(path)  # every one is whole
    newest = read_save(mine[-1])
    # the game restarts after game over, so a newest file may start again from few commands
    if newest.commands and len(newest.commands) >= last:
        assert len(newest.commands) in (last, last + 1)  # the kill may fall after the write, before "done"
    session = Session.resume(mine[-1])
    assert state_hash(session.game) == newest.state_hash


def test_sigkill_while_autosaving_loses_nothing(tmp_path: Path, long_run: bool) -> None:
    kills = 60 if long_run else 6
    rng = random.Random(17)
    leftovers = 0
    for k in range(kills):
        folder = tmp_path / f"run{k % 3}"
        proc = _start(folder, seed=k)
        game_id, last = _kill_after(proc, rng.randint(1, 12))
        _check_folder(folder, game_id, last)
        leftovers += len(list(folder.glob(".*.tmp")))
    for folder in tmp_path.iterdir():
        for tmp in folder.glob(".*.tmp"):
            os.utime(tmp, (time.time() - 3600, time.time() - 3600))  # as if from a game killed an hour ago
        Autosaves(folder)  # the next start
        assert not list(folder.glob(".*.tmp"))
    print(f"{kills} kills, {leftovers} temporary files left behind and removed at the next start")


def test_two_games_at_once_keep_their_own_autosaves(tmp_path: Path) -> None:
    a, b = _start(tmp_path, seed=1), _start(tmp_path, seed=2)
    (id_a, last_a), (id_b, last_b) = _kill_after(a, 15), _kill_after(b, 15)
    assert id_a != id_b
    for game_id, seed, last in ((id_a, 1, last_a), (id_b, 2, last_b)):
        _check_folder(tmp_path, game_id, last)
        autos = Autosaves.__new__(Autosaves)
        autos.folder, autos.keep, autos.game_id = tmp_path, 5, "reader"
        files = autos.files(game_id)
        # a kill between a write and its prune leaves the newest write plus the 5 kept (seen under load)
        assert len(files) in (5, 6) and {read_save(p).seed % 1000 for p in files} == {seed}
    later = Autosaves(tmp_path, keep=5)  # the next game's first autosave prunes the killed ones back to 5
    later.write(load_game(Autosaves(tmp_path, keep=5).files(id_a)[-1]))
    assert len(later.files(id_a)) == 5 and len(later.files(id_b)) == 5


def test_stale_temporaries_only_old_ones(tmp_path: Path) -> None:
    young = tmp_path / ".autosave-1.json.abc.tmp"
    young.write_bytes(b"")
    assert remove_stale_temporaries(tmp_path) == [] and young.exists()
    assert remove_stale_temporaries(tmp_path, older_than=0) == [young]


def test_a_chart_png_is_written_atomically_and_checked(tmp_path: Path, monkeypatch) -> None:
    pygame = pytest.importorskip("pygame")
    from game.ui import charts

    surface = pygame.Surface((40, 30))
    path = charts.save_png(surface, tmp_path / "r" / "report.png")
    assert pygame.image.load(str(path)).get_size() == (40, 30)
    good = path.read_bytes()

    def no_room(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(OSError):
        charts.save_png(pygame.Surface((80, 60)), path)
    assert path.read_bytes() == good and not list(path.parent.glob(".*.tmp"))
