"""``deadground simulate`` stopped or pointed somewhere wrong (issue 37): Ctrl+C prints the report of the
games played so far (and writes it with ``--report``), exit code 130, no traceback from the run or its
worker processes; a ``--report`` folder that cannot be written is said before any game is played."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main as cli

ROOT = Path(__file__).resolve().parent.parent
SMALL = str(Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_the_games_played(jobs, tmp_path):
    args = [sys.executable, "-m", "game", "simulate", SMALL, "--games", "500", "--jobs", jobs, "--quiet"]
    process = subprocess.Popen(
        [*args, "--report", str(tmp_path / "report")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as at a terminal
    )
    waited = time.monotonic()
    while not (tmp_path / "report").exists() and time.monotonic() - waited < 120:
        time.sleep(0.2)  # the report folder is made once the map is loaded, just before the games
    time.sleep(5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    said = re.search(r"stopped by Ctrl\+C after (\d+) of 500 games", err)
    assert said, err
    played = int(said.group(1))
    assert f"({said.group(0)})" in out
    if played:
        assert f"{played} games, seeds" in out
    assert (tmp_path / "report" / "report.json").exists()


def test_a_report_folder_that_cannot_be_written_is_said_before_playing(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    start = time.monotonic()
    code = cli(["simulate", SMALL, "--games", "50", "--jobs", "1", "--quiet", "--report", str(blocker / "report")])
    out, err = capsys.readouterr()
    assert code == 2
    assert f"deadground simulate: cannot write the report to {blocker / 'report'}: Not a directory" in err
    assert "games," not in out  # no game was played first
    assert time.monotonic() - start < 20
