"""``deadground soak --minutes M`` (issue 37): the time is shared between the rule sets, so each plays
games and the report counts them per rule set; a rule set that played no game fails the soak."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import toy_rules

import game.soak as soak
from game.cli import main as cli

SMALL = str(Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx")


def _played(text: str) -> dict[str, int]:
    return {key: int(n) for key, n in re.findall(r"soak: (\w+): (\d+) games, ", text)}


def test_every_rule_set_gets_its_share_of_the_minutes(tmp_path, capsys):
    start = time.monotonic()
    code = cli(
        ["soak", "--minutes", "0.1", "--games", "100000", "--out", str(tmp_path), str(toy_rules.MAP), SMALL]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    played = _played(out)
    assert played.keys() == {toy_rules.KEY, "zombiekrieg"}
    assert all(n > 0 for n in played.values()), out  # the toy's quick games used to fill all the time
    assert "stopped at the 0.1-minute limit" in out
    assert time.monotonic() - start < 60


def test_a_rule_set_that_played_no_game_fails_the_soak(tmp_path, capsys, monkeypatch):
    real = soak._play

    def slow_toy(task):
        if task[0] == toy_rules.KEY:
            time.sleep(2.0)  # longer than the whole soak: the next rule set's share is gone
        return real(task)

    monkeypatch.setattr(soak, "_play", slow_toy)
    code = cli(["soak", "--minutes", "0.01", "--games", "5", "--out", str(tmp_path), str(toy_rules.MAP), SMALL])
    out = capsys.readouterr().out
    assert code == 1, out
    assert _played(out) == {toy_rules.KEY: 1, "zombiekrieg": 0}
    assert "soak: zombiekrieg played no game in its share of the time: give more --minutes" in out


def test_ctrl_c_reports_the_games_played_per_rule_set(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "soak", "--games", "500", "--out", str(tmp_path), SMALL],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as at a terminal
    )
    first = process.stdout.readline()  # the soak has started: its plan is printed
    time.sleep(5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    out = first + out
    assert process.returncode == 130, out + err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert re.search(r"soak: zombiekrieg: \d+ games, \d+ commands, 0 failed", out), out
    assert "; stopped by Ctrl+C" in out


def test_one_pool_of_workers_plays_every_rule_sets_share(tmp_path, capsys, monkeypatch):
    """With --jobs, the workers are started once for the whole soak (starting them took seconds of each
    rule set's share), and each rule set still plays in its share."""
    import multiprocessing.context

    started = []
    real = multiprocessing.context.SpawnContext.Pool

    def counted(self, *args, **kwargs):
        started.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.context.SpawnContext, "Pool", counted)
    outbreak = str(Path(__file__).resolve().parent.parent / "maps" / "hollow_creek_farm.tmx")
    start = time.monotonic()
    code = cli(
        ["soak", "--minutes", "0.3", "--jobs", "2", "--games", "100000", "--out", str(tmp_path), outbreak, SMALL]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert len(started) == 1, f"{len(started)} pools started"
    played = _played(out)
    assert played.keys() == {"outbreak", "zombiekrieg"} and all(n > 0 for n in played.values()), out
    assert time.monotonic() - start < 18 + 60, "the time, the pool's start and a game under way at the end"


def test_a_ctrl_c_the_garbage_collector_swallowed_still_stops_the_soak(tmp_path):
    """Ctrl+C that lands in a garbage collector's callback (pymunk frees its shapes in one) is printed and
    dropped there: a soak told to stop went on to its 500th game. The press is kept, and the soak stops at the
    next game with what it played."""
    import signal

    from game.soak import SoakStopped, plan_games, run

    played = []

    def swallowed_ctrl_c(result) -> None:  # noqa: ANN001
        played.append(result)
        if len(played) == 2:
            try:  # Ctrl+C as the soak's handler gets it, raised where a callback drops it
                signal.getsignal(signal.SIGINT)(signal.SIGINT, None)
            except KeyboardInterrupt:
                pass

    with pytest.raises(SoakStopped) as stop:
        run(plan_games({"zombiekrieg": [SMALL]}, 20, 1), str(tmp_path), 1, None, swallowed_ctrl_c)
    assert len(stop.value.results) == 2 and len(played) == 2
