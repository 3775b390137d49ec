"""Network play on this machine (issue 40): a command's round trip, and how many spectators a host serves at 60
frames a second.

- ``net_round_trip_ms`` (median) and ``net_round_trip_ms_p95``: a client holding both seats of a Zombie 40,000
  game on Hive Street sends its bot's command and waits for the host's ``applied``: the websocket both ways, the
  host's checks and rules, the client applying it to its copy (the bot's thinking not counted). The host does not
  autosave here; ``net_round_trip_autosaved_ms`` is the same with the autosave every game writes (the disk's own
  flush). Target: under 20 ms.
- ``net_spectators_at_60fps``: the most spectators (of the sizes tried) to whom the host delivers each command,
  one every 20 ms, within a frame (16.7 ms, at the 95th percentile); ``net_spectator_ms_p95`` by size. The
  spectators are plain websockets reading in one thread of the same process (so on the same cores as the host).
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import threading
import time
from collections.abc import Sequence
from typing import Any

from game.bench.common import clock, median, percentile
from game.rules.core import Command, Game

FRAME_MS = 1000 / 60
MAP = "hive_street.tmx"


def _room(kinds: Sequence[str], autosave: bool = False) -> Any:
    from game.assets import assets_dir
    from game.net.headless import HostPlan, make_room

    folder = tempfile.mkdtemp(prefix="deadground-bench-") if autosave else None
    room = make_room(HostPlan(str(assets_dir("maps") / MAP), seats=",".join(kinds), seed=1, autosaves=folder))
    if not autosave:
        room.autosaves = None
    return room


def round_trips(commands: int, autosave: bool = False) -> list[float]:
    """Milliseconds from sending each of ``commands`` commands to hearing it applied."""
    from game.ai import bot_for
    from game.net.client import Client
    from game.net.host import Host

    host = Host(_room(["network", "network"], autosave), on_notice=lambda text: None)
    client = Client(f"127.0.0.1:{host.start()}", "bench", [1, 2]).start()
    times: list[float] = []
    try:
        while client.game is None:
            client.poll(wait=0.05)
        host.begin()
        bot = bot_for(client.game.ruleset)
        while len(times) < commands and not client.game.over:
            client.poll(wait=0.01)
            if client.my_turn():
                cmd = bot(client.game)
                t0 = clock()
                client.send(cmd)
                while client.pending and not client.closed:
                    client.poll(wait=0.5)
                times.append((clock() - t0) * 1000)
    finally:
        client.close()
        host.stop()
    return times


def delivery(spectators: int, commands: int, every: float = 0.02) -> list[float]:
    """Milliseconds from the host applying each command to the last of ``spectators`` hearing it."""
    from game.ai import bot_for
    from game.net.host import Host

    room = _room(["bot", "bot"])
    bot = bot_for(room.game.ruleset)

    def paced(game: Game) -> Command:  # a player's pace, on the rules' thread
        time.sleep(every)
        return bot(game)

    room.bot = paced
    applied: dict[int, float] = {}

    def stamp(a: Any) -> None:
        applied[a.index] = clock()

    host = Host(room, on_applied=stamp, on_notice=lambda text: None)
    port = host.start()
    heard: dict[int, float] = {}
    seated = threading.Semaphore(0)
    watchers = threading.Thread(target=asyncio.run, args=(_watch(port, spectators, commands, heard, seated),))
    watchers.start()
    for _ in range(spectators):
        seated.acquire(timeout=30)
    host.begin()
    watchers.join(120)
    host.stop()
    return [(heard[i] - applied[i]) * 1000 for i in range(commands) if i in heard and i in applied]


async def _watch(port: int, n: int, commands: int, heard: dict[int, float], seated: threading.Semaphore) -> None:
    from websockets.asyncio.client import connect

    from game.net.protocol import PROTOCOL

    hello = json.dumps(
        {"type": "hello", "version": PROTOCOL, "name": "w", "seat": None, "spectate": True, "password": ""}
    )

    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}", proxy=None, compression=None, max_size=None) as ws:
            await ws.send(hello)
            seated.release()
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "applied":
                    heard[msg["index"]] = clock()  # the last spectator to hear it sets it last
                    if msg["index"] >= commands - 1:
                        return

    await asyncio.gather(*(one() for _ in range(n)))


def bench_net(
    commands: int = 200, sizes: Sequence[int] = (1, 4, 16, 64, 128), watched: int = 60
) -> dict[str, Any]:
    """The round trip's figures and the spectators a host serves within a frame."""
    times = round_trips(commands)
    saved = round_trips(max(5, commands // 4), autosave=True)
    served, p95s = 0, {}
    for n in sizes:
        late = percentile(delivery(n, watched), 95)
        p95s[str(n)] = round(late, 2)
        if late <= FRAME_MS:
            served = n
    return {
        "net_round_trip_ms": round(median(times), 2),
        "net_round_trip_ms_p95": round(percentile(times, 95), 2),
        "net_round_trip_autosaved_ms": round(median(saved), 2),
        "net_spectators_at_60fps": served,
        "net_spectator_ms_p95": p95s,
    }
