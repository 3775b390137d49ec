"""``simulate --scheduler`` when the address or the cluster is wrong (issue 37): a malformed address is
refused at once, naming what is wrong; a port that accepts but never answers, or another kind of server,
is given up after the connect timeout; a cluster that goes away mid-run is reported and the games left
are played here, so the report still has every game. Only loopback addresses, servers started here,
and every wait bounded."""

from __future__ import annotations

import http.server
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.assets import default_scenario
from game.cli import main as cli
from game.distributed import CONNECT_TIMEOUT, NO_WORKER_GRACE

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("127.0.0.1", "has no port"),
        ("tcp://127.0.0.1", "has no port"),
        ("tcp://", "has no port"),
        ("127.0.0.1:", "has no port"),
        ("tcp://127.0.0.1:abc", "is not a number from 1 to 65535"),
        ("tcp://127.0.0.1:99999", "is not a number from 1 to 65535"),
        ("tcp://127.0.0.1:-5", "is not a number from 1 to 65535"),
        ("tcp://:8786", "has no host"),
        ("http://127.0.0.1:8786", "'http' is not a scheduler address scheme"),
        ("tcp://[::1", "an IPv6 host is written [::1]:8786"),
        ("127.0.0.1:\u00b2", "the port '\u00b2' is not a number from 1 to 65535"),  # '²'.isdigit(), int('²') fails
        ("127.0.0.1:" + "9" * 5000, "(5,000 characters) is not a number from 1 to 65535"),
        ("127.0.0.1:1:2", "an IPv6 host is written in brackets"),
        ("::1:8786", "an IPv6 host is written in brackets"),
        ("tcp://[zz]:8786", "'[zz]' is not an IPv6 address"),
        ("tcp://a..b:8786", "'a..b' is not a host name"),
        ("tcp://user@10.0.0.5:8786", "'user@10.0.0.5' is not a host name"),
        ("tcp://sched uler:8786", "is not a host name"),
        ("tcp://" + "a" * 64 + ":8786", "the host name is too long"),
        ("inproc://10.0.0.5/123/1", "is inside another program; give its scheduler's address"),
    ],
)
def test_a_malformed_address_is_refused_at_once(address, said, capsys):
    start = time.monotonic()
    with pytest.raises(SystemExit) as stop:
        cli(["simulate", str(default_scenario()), "--games", "1", "--quiet", "--scheduler", address])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --scheduler" in err and said in err and "Traceback" not in err
    assert time.monotonic() - start < 5, "refused without trying to connect"


def test_a_tls_address_with_no_certificate_set_says_so_at_once(capsys):
    start = time.monotonic()
    code = cli(
        ["simulate", str(default_scenario()), "--games", "1", "--quiet", "--scheduler", "tls://127.0.0.1:1"]
    )
    err = capsys.readouterr().err
    assert code == 2
    assert "tls://127.0.0.1:1 is a TLS address, and no TLS certificate is set for Dask here" in err
    assert "Traceback" not in err and time.monotonic() - start < 5


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _silent_server() -> tuple[int, threading.Event]:
    """A port that accepts connections and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue
        for conn in held:
            conn.close()
        listener.close()

    threading.Thread(target=serve, daemon=True).start()
    return int(listener.getsockname()[1]), stop


def _simulate_in_a_process(address: str, limit: float) -> subprocess.CompletedProcess[str]:
    """``python -m game simulate`` against ``address``, killed if it waits past ``limit`` seconds."""
    args = [PYTHON, "-m", "game", "simulate", str(default_scenario()), "--games", "1", "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        return subprocess.run(
            [*args, "--scheduler", address], cwd=ROOT, env=env, capture_output=True, text=True, timeout=limit
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"simulate still waiting on {address} after {limit} s")


def test_a_port_that_never_answers_is_given_up_after_the_connect_timeout():
    port, stop = _silent_server()
    try:
        done = _simulate_in_a_process(f"tcp://127.0.0.1:{port}", limit=90)
    finally:
        stop.set()
    assert done.returncode == 2, done.stderr
    assert f"no Dask scheduler answered at tcp://127.0.0.1:{port} within {CONNECT_TIMEOUT:g} s" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_web_server_is_not_a_scheduler():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        done = _simulate_in_a_process(f"127.0.0.1:{server.server_address[1]}", limit=90)
    finally:
        server.shutdown()
        server.server_close()
    assert done.returncode == 2, done.stderr
    assert "no Dask scheduler answered" in done.stderr and "Traceback" not in done.stderr


def _talking_server(says: bytes) -> tuple[int, threading.Event]:
    """A port whose server says ``says`` to whoever connects, then holds the line."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn = listener.accept()[0]
            except OSError:
                continue
            conn.sendall(says)
            held.append(conn)
        for conn in held:
            conn.close()
        listener.close()

    threading.Thread(target=serve, daemon=True).start()
    return int(listener.getsockname()[1]), stop


@pytest.mark.parametrize(
    "says",
    [
        b"SSH-2.0-OpenSSH_8.9\r\n",  # Dask's reader takes it for a frame length of exabytes: a MemoryError
        (3).to_bytes(8, "little") + b"\xff" * 8,  # frames claimed, the lengths cut short: a struct.error
        b"\x01" + b"\x00" * 7 + b"\xff" * 16,
    ],
)
def test_a_server_that_answers_something_else_is_named_not_a_scheduler(says):
    port, stop = _talking_server(says)
    try:
        done = _simulate_in_a_process(f"127.0.0.1:{port}", limit=90)
    finally:
        stop.set()
    assert done.returncode == 2, done.stderr
    assert (
        f"no Dask scheduler answered at tcp://127.0.0.1:{port}: the server there answered something else; "
        "are the address and port the scheduler's?"
    ) in done.stderr
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


# -- a cluster that goes away mid-run ---------------------------------------------------------


def _start(module: str, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [PYTHON, "-m", module, *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


@pytest.fixture
def scheduler_alone() -> Iterator[str]:
    """A scheduler with no worker, its own process on loopback."""
    port = _free_port()
    scheduler = _start(
        "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"
    )
    try:
        with distributed.Client(f"tcp://127.0.0.1:{port}", timeout=120):
            pass
        yield f"tcp://127.0.0.1:{port}"
    finally:
        scheduler.kill()
        scheduler.wait(timeout=30)


@pytest.fixture
def cluster() -> Iterator[dict[str, subprocess.Popen[bytes] | str]]:
    """A scheduler and one worker of one thread, each its own process on loopback."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _start(
        "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"
    )
    worker = _start(
        "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"
    )
    try:
        with distributed.Client(address, timeout=120) as client:
            client.wait_for_workers(1, timeout=120)
        yield {"address": address, "scheduler": scheduler, "worker": worker}
    finally:
        for process in (worker, scheduler):
            process.kill()
            process.wait(timeout=30)


def _kill_after(process: subprocess.Popen[bytes], games: int):
    """A stand-in progress bar that kills ``process`` once ``games`` games have come back."""

    class Bar:
        def __init__(self, total: int) -> None:
            self.total = total

        def __call__(self, done: int, _result: object = None) -> None:
            if done == games:
                process.kill()
                process.wait(timeout=30)

    return Bar


def test_a_workers_address_is_not_the_schedulers(cluster, capsys):
    with distributed.Client(cluster["address"], timeout=60) as client:
        [worker] = client.scheduler_info()["workers"]
    start = time.monotonic()
    code = cli(["simulate", str(default_scenario()), "--games", "1", "--quiet", "--scheduler", worker])
    err = capsys.readouterr().err
    assert code == 2, err
    assert (
        f"{worker} is a Dask worker, not the scheduler; give its scheduler's address ({cluster['address']})" in err
    )
    assert "Traceback" not in err and time.monotonic() - start < 30


@pytest.mark.parametrize("victim", ["scheduler", "worker"])
def test_a_cluster_going_away_keeps_the_games_played_and_plays_the_rest_here(victim, cluster, monkeypatch, capsys):
    import game.simulate

    monkeypatch.setattr(game.simulate, "ProgressBar", _kill_after(cluster[victim], games=2))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    start = time.monotonic()
    code = cli(
        ["simulate", str(default_scenario()), "--games", "6", "--seed", "3", "--scheduler", cluster["address"]]
    )
    took = time.monotonic() - start
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "6 games, seeds 3..8" in out and "raised an error" not in out
    assert f"the cluster at {cluster['address']}" in err and "after 2 games" in err
    assert "playing the 4 games left here (Ctrl+C stops and reports the games played)" in err
    assert "Traceback" not in err
    assert took < 240 + NO_WORKER_GRACE


def test_a_scheduler_without_workers_is_not_waited_on_forever(scheduler_alone, capsys):
    start = time.monotonic()
    code = cli(["simulate", str(default_scenario()), "--games", "2", "--quiet", "--scheduler", scheduler_alone])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "2 games, seeds 1..2" in out
    assert f"the cluster at {scheduler_alone} took no game" in err and "playing the 2 games left here" in err
    assert "Traceback" not in err
    assert time.monotonic() - start < 120 + NO_WORKER_GRACE
