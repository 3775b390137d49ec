"""A client whose connection failed closes cleanly however its thread and loop stand: ``join`` with a bad
address raised "Event loop is closed" once in many CI runs, when the loop had closed and its thread not yet
ended as ``close`` looked."""

from __future__ import annotations

import asyncio
import threading

from game.net.client import Client


def test_closing_a_client_whose_loop_closed_while_its_thread_still_runs_raises_nothing() -> None:
    client = Client("127.0.0.1:1", "p", None)
    loop = asyncio.new_event_loop()
    loop.close()
    ending = threading.Event()
    client._loop, client._thread = loop, threading.Thread(target=ending.wait, args=(5,))
    client._stop = asyncio.Event()
    client._thread.start()  # the thread ends by itself just after its loop closed
    threading.Timer(0.2, ending.set).start()
    client.close(timeout=5)
    client.drop(timeout=5)
    assert not client._thread.is_alive()
