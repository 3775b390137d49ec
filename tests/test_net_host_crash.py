"""A host killed mid-game (kill -9: no goodbye, no last save) resumes the room from its autosave with
``deadground host --resume latest``, its clients rejoin their seats by themselves, and the game ends as the same
seed's offline game ends (issue 40, faults)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from net_helpers import MAPS, ROOT, Player, log_of, wait_until

from game.ai import bot_for
from game.net.client import Client
from game.rules.core import Game, get_ruleset
from game.saves import state_hash


def start_host(*args: str) -> tuple[subprocess.Popen[str], int]:
    """``python -m game host ...`` headless; the process and the port it says it listens on."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", *args, "--quiet", "--bot-after", "-1"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
    assert found, f"the host did not say where it listens: {line!r}"
    return proc, int(found.group(1))


def offline_twin(game: Game) -> Game:
    twin = get_ruleset(game.ruleset).new_game(game.scenario, dict(game.options), game.seed)
    bot = bot_for(game.ruleset)
    while not twin.over:
        twin.apply(bot(twin))
    return twin


def test_a_killed_host_resumes_from_its_autosave_and_the_clients_rejoin(tmp_path: Path) -> None:
    saves = str(tmp_path / "autosave")
    first, port = start_host(str(MAPS / "hive_street.tmx"), "--port", "0", "--seats", "net,net", "--seed", "8",
                             "--autosaves", saves)  # fmt: skip
    players = [Player(Client(f"127.0.0.1:{port}", f"p{n}", n, give_up=60.0), timeout=150) for n in (1, 2)]
    second = None
    try:
        for p in players:
            p.start()
        wait_until(lambda: all(p.client.game is not None and len(p.client.game.commands) >= 60 for p in players), 60,
                   "60 commands played")  # fmt: skip
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        second, again = start_host(
            "--resume", "latest", "--port", str(port), "--seats", "net,net", "--autosaves", saves
        )
        assert again == port
        for p in players:
            p.join(150)
            assert p.error is None, p.error
        out, _ = second.communicate(timeout=30)
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
    games = [p.game for p in players]
    assert all(g is not None and g.over for g in games)
    twin = offline_twin(games[0])  # type: ignore[arg-type]
    assert [log_of(g) for g in games] == [log_of(twin)] * 2  # type: ignore[arg-type]
    assert f"state {state_hash(twin)}" in out and second.returncode == 0
    assert all(p.client.checks >= 1 and not p.client.desyncs for p in players)
