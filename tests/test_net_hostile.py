"""A hostile client (issue 40's safety): garbage, huge, wrongly typed or unknown messages, another protocol version
and a wrong password close that connection with the reason; illegal commands and commands for someone else's seat
are refused to their sender alone; and the game then plays on to the same end as offline, nobody out of step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from net_helpers import MAPS, Player, log_of, offline, seated, served, wait_until
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.ai import bot_for
from game.net.client import Client
from game.net.headless import HostPlan, make_room
from game.net.protocol import MAX_MESSAGE, PROTOCOL, ProtocolError, decode, version_refusal
from game.net.room import Refused
from game.rules.core import to_data

PASSWORD = "club night"


def hello(**changes: Any) -> str:
    data = {
        "type": "hello",
        "version": PROTOCOL,
        "name": "h",
        "seat": None,
        "spectate": True,
        "password": PASSWORD,
    }
    return json.dumps({**data, **changes})


def open_ws(address: str) -> ClientConnection:
    return connect(f"ws://{address}", proxy=None, compression=None, max_size=MAX_MESSAGE, open_timeout=5)


def last_words(address: str, *texts: str | bytes) -> str:
    """Send ``texts`` and read until the host closes: its bye's reason (or the close code's words)."""
    said = ""
    with open_ws(address) as ws:
        try:
            for text in texts:
                ws.send(text)
            while True:
                msg = json.loads(ws.recv(timeout=10))
                said = msg.get("reason", said) if msg["type"] == "bye" else said
        except ConnectionClosed as exc:
            return said or f"closed {exc.rcvd.code if exc.rcvd else 1006}"
        except TimeoutError:
            return "still open"


def read_until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg = decode(ws.recv(timeout=10))
        if msg["type"] == kind:
            return msg


@pytest.fixture
def room_served():
    plan = HostPlan(str(MAPS / "hive_street.tmx"), seats="net,bot", seed=6, password=PASSWORD)
    with served(plan) as served_room:
        yield served_room


def test_garbage_closes_the_connection_with_the_reason(room_served) -> None:
    room, host, address = room_served
    assert "not JSON" in last_words(address, "{{{ not json")
    assert last_words(address, "x" * (MAX_MESSAGE + 10)) == "closed 1009"  # too big: the websocket refuses it
    assert "version" in last_words(address, hello(version="1"))
    assert "unknown message type" in last_words(address, json.dumps({"type": "launch", "missiles": 3}))
    assert "nested" in last_words(address, "[" * 5000 + "]" * 5000) or "not JSON" in last_words(
        address, "[" * 5000
    )
    assert "binary" in last_words(address, b"\x00\x01")
    assert "first message must be hello" in last_words(address, json.dumps({"type": "bye", "reason": "x"}))
    assert last_words(address, hello(version=PROTOCOL + 1)) == version_refusal(PROTOCOL + 1)
    assert last_words(address, hello(password="guess")) == "Wrong password for this room."
    host_words = json.dumps({"type": "refused", "reason": "x"})
    assert "which only a host sends" in last_words(address, hello(), host_words)
    assert room.log == [] and not room.started


def test_illegal_commands_are_refused_to_their_sender_and_the_game_plays_on_unchanged(room_served) -> None:
    room, host, address = room_served
    with open_ws(address) as rogue, open_ws(address) as watcher:
        rogue.send(hello(seat=1, spectate=False, name="rogue"))
        read_until(rogue, "welcome")
        watcher.send(hello(name="watcher"))
        read_until(watcher, "welcome")
        host.begin(fill=False)
        legal = to_data(bot_for("zombie40k")(room.game))
        field = next(k for k in legal if k != "type")
        for cmd in (
            {"type": "NoSuchCommand"},
            {**legal, field: [1e300, "x"] * 3},
            {**legal, "extra": 1},
            {"type": legal["type"]},
            {**legal, field: "z" * 5000},
        ):
            rogue.send(json.dumps({"type": "command", "cmd": cmd}))
            assert read_until(rogue, "refused")["reason"]
        watcher.send(json.dumps({"type": "command", "cmd": legal}))  # someone else's seat
        assert "not your turn" in read_until(watcher, "refused")["reason"]
        assert room.log == []
        rogue.send(json.dumps({"type": "command", "cmd": "rm -rf"}))  # not even a table: closed
        with pytest.raises(ConnectionClosed):
            read_until(rogue, "never")
    wait_until(lambda: not seated(host, 1), what="the rogue's seat freed")
    honest = Player(Client(address, "honest", 1, password=PASSWORD))
    honest.start()
    honest.join(120)
    assert honest.error is None and honest.game is not None and honest.game.over
    assert log_of(honest.game) == room.log == log_of(offline(room))
    assert honest.client.checks >= 1 and not honest.client.desyncs


def test_a_seat_taken_or_a_seat_not_there_is_refused(room_served) -> None:
    room, host, address = room_served
    with open_ws(address) as first:
        first.send(hello(seat=1, spectate=False))
        read_until(first, "welcome")
        assert "taken" in last_words(address, hello(seat=1, spectate=False))
        assert "no seat 5" in last_words(address, hello(seat=5, spectate=False))


def test_the_room_refuses_a_command_for_a_seat_not_acting(tmp_path: Path) -> None:
    room = make_room(HostPlan(str(MAPS / "small_town.tmx"), seats="net,net", seed=1, autosaves=str(tmp_path)))
    with pytest.raises(Refused, match="not begun"):
        room.submit([1], {})
    room.begin(fill=False)
    acting = room.acting()
    other = 2 if acting == 1 else 1
    cmd = to_data(bot_for("outbreak")(room.game))
    with pytest.raises(Refused, match="not your turn"):
        room.submit([other], cmd)
    assert room.submit([acting], cmd).index == 0 and len(room.log) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"type": "command", "cmd": {}, "also": 1}', "missing or unknown"),
        ('{"type": "applied", "index": -1, "cmd": {}, "seat": 1}', "'index'"),
        ('{"type": "hello", "version": 1, "name": "x", "seat": 99, "spectate": false, "password": ""}', "'seat'"),
        ('{"type": "hash", "turn": 1, "index": 1, "hash": 12}', "'hash'"),
        ('{"type": "bye", "reason": NaN}', "not a number"),
        ('{"type": "bye", "reason": "' + "x" * 3000 + '"}', "'reason'"),
        ("[1, 2]", "JSON object"),
        ('{"type": "seats", "seats": [{"seat": 1}], "started": true}', "'seats'"),
    ],
)
def test_a_message_out_of_the_protocol_is_refused_by_name(text: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        decode(text)
