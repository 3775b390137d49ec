"""A client: joins a host's room, keeps its own copy of the game, sends its seat's commands, rejoins after a drop.

The network runs on an asyncio loop in a thread of its own; what it hears waits in a queue. The screen (or the
headless player) calls :meth:`Client.poll` once a frame: it never blocks (unless asked to wait), applies the host's
commands to the copy in the log's order, checks the copy's fingerprint whenever the host sends one, and hands back
what happened as :class:`Update`s to show. A client whose connection drops reconnects to the seats it held, and the
host sends the log again: the commands the copy has are checked, the rest applied.

>>> uri_of("192.168.1.20"), uri_of("localhost:9000"), uri_of("[::1]:9000")
('ws://192.168.1.20:8765', 'ws://localhost:9000', 'ws://[::1]:9000')
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI, WebSocketException

from game.net.protocol import MAX_MESSAGE, PROTOCOL, ProtocolError, decode, encode
from game.rules.core import Command, Event, Game, from_data, get_ruleset, replay, to_data
from game.saves import SavedGame, SaveError, restore, save_game, state_hash

DEFAULT_PORT = 8765
FOR_GOOD = (1000, 1008)  # the host closed normally (the game is over) or refused us: no rejoining
GIVE_UP = 60.0  # seconds without the host before the client stops trying to rejoin


def rebuild(game: Game, upto: int) -> Game:
    """``game`` as it was after its first ``upto`` commands."""
    rules = get_ruleset(game.ruleset)
    return replay(rules, game.scenario, dict(game.options), game.seed, list(game.commands[:upto]))


def uri_of(address: str) -> str:
    """``HOST[:PORT]`` as the websocket address (the port :data:`DEFAULT_PORT` when none is given)."""
    if address.startswith("ws://"):
        return address
    host, sep, port = address.rpartition(":")
    if not sep or host.endswith(":") or (host.startswith("[") != host.endswith("]")):
        host, port = address, str(DEFAULT_PORT)
    return f"ws://{host}:{port}"


@dataclass(frozen=True)
class Update:
    """What the screen is told after a poll. ``kind``: ``joined`` (the room is set up, ``text`` its scenario; after a
    rejoin the copy may have been rebuilt or rewound to the host's log: draw it afresh),
    ``applied`` (command ``index`` of the log, its ``events`` to animate, the ``seat`` it was for), ``refused``
    (our command, ``text`` why), ``seats`` (who sits where changed), ``checked`` (the copy's fingerprint agrees
    with the host's), ``desync`` (it does not: ``text`` is where the copy was saved), ``dropped`` (rejoining:
    ``text`` the host's last words, if it said any), ``closed`` (for good: ``text`` why)."""

    kind: str
    index: int = -1
    cmd: Command | None = None
    events: list[Event] = field(default_factory=list)
    seat: int | None = None
    text: str = ""


class Client:
    """One connection to a host: ``seat`` (one, several, or None for the first free one) or ``spectate``."""

    def __init__(
        self,
        address: str,
        name: str = "",
        seat: int | list[int] | None = None,
        spectate: bool = False,
        password: str = "",
        give_up: float = GIVE_UP,
        desync_folder: Path | None = None,
    ) -> None:
        self.uri = uri_of(address)
        self.name, self.password, self.spectate = name[:40], password, spectate
        self.wanted: int | list[int] | None = seat
        self.give_up = give_up
        self.desync_folder = desync_folder
        self.game: Game | None = None
        self.seats: list[int] = []  # the seats we hold
        self.room_seats: list[dict[str, Any]] = []  # every seat: kind, name, here
        self.started = False
        self.pending = False  # a command of ours is on its way
        self.closed = ""  # why the client stopped for good ("" while it plays)
        self.checks = 0  # fingerprints that agreed with the host's
        self.checked_at = -1  # the log's length at the last of them
        self.desyncs: list[Path] = []
        self._room: dict[str, Any] | None = None
        self._refused_at = -1  # the log's length when our last command was refused: wait for the next
        self._host_log = 0  # the host's log length as last heard: a copy behind it must not act
        self._joined = False  # this connection's welcome is read (False from a drop until the rejoin's welcome)
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._backlog: deque[dict[str, Any]] = deque()
        self._ws: ClientConnection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._said, self._welcomed = "", False  # the host's last words on this connection; whether it welcomed us

    # -- from the screen's thread
    def start(self) -> Client:
        self._thread = threading.Thread(target=self._run, name="deadground-client", daemon=True)
        self._thread.start()
        return self

    def close(self, timeout: float = 5.0) -> None:
        """Leave the room (its seat waits for us, or a bot takes it) and stop."""
        self._tell_loop(self._stop.set, timeout)

    def drop(self, timeout: float = 5.0) -> None:
        """Cut the connection without a word and stop, as a killed process would (the tests' crash)."""
        self._tell_loop(self._abort, timeout)

    def _tell_loop(self, call: Callable[[], object], timeout: float) -> None:
        """``call`` on the client's loop, then wait for its thread; a loop already closed (the connection failed
        and the thread is ending by itself) is only waited for: "Event loop is closed" was raised at a bad
        address's close, once in many runs."""
        if self._loop is None or self._thread is None or not self._thread.is_alive():
            return
        try:
            self._loop.call_soon_threadsafe(call)
        except RuntimeError:  # closed between the two looks
            pass
        self._thread.join(timeout)

    def send(self, cmd: Command) -> str:
        """Send our seat's command; "" when sent, else why not (the host answers with applied or refused)."""
        loop = self._loop
        if self._ws is None or loop is None or self.closed:
            return self.closed or "Not connected to the host."
        self.pending = True
        text = encode("command", cmd=to_data(cmd))
        asyncio.run_coroutine_threadsafe(self._send(text), loop)
        return ""

    def acting(self) -> int | None:
        """The seat the copy of the game waits for (None: nobody, or no game yet)."""
        game = self.game
        if game is None or game.over:
            return None
        view = get_ruleset(game.ruleset).view
        return view().acting_player(game) if view is not None else 1

    def my_turn(self) -> bool:
        """Whether we may send a command now: our seat acts, the copy is caught up, nothing of ours is on its way."""
        if self.game is None or not self.started or self.pending or self.closed or not self._joined:
            return False  # (a command sent before the rejoin's welcome could arrive twice: it clears pending)
        caught_up = not self._backlog and self._inbox.empty() and len(self.game.commands) >= self._host_log
        return caught_up and self.acting() in self.seats and len(self.game.commands) != self._refused_at

    def poll(self, budget: float = 0.008, wait: float = 0.0) -> list[Update]:
        """What happened since the last poll, applied to the copy; stops after ``budget`` seconds of work (the rest
        waits for the next frame). ``wait``: block up to that long for the first message (headless players)."""
        started, out = time.monotonic(), []
        self._fill(wait)
        while self._backlog:
            out.extend(self._take(self._backlog.popleft()))
            if time.monotonic() - started > budget:
                break
        return out

    def _fill(self, wait: float) -> None:
        try:
            if wait > 0 and not self._backlog:
                self._backlog.append(self._inbox.get(timeout=wait))
            while True:
                self._backlog.append(self._inbox.get_nowait())
        except queue.Empty:
            pass

    # -- what the host said, applied to the copy (the screen's thread)
    def _take(self, msg: dict[str, Any]) -> list[Update]:
        kind = msg["type"]
        if kind == "welcome":
            return self._welcome(msg)
        if kind == "applied":
            return self._applied(msg["index"], msg["cmd"], msg["seat"])
        if kind == "hash":
            return self._check(msg["index"], msg["hash"])
        if kind == "refused":
            self.pending, self._refused_at = False, len(self.game.commands) if self.game else -1
            return [Update("refused", text=msg["reason"])]
        if kind == "seats":
            self.room_seats, self.started = msg["seats"], msg["started"]
            return [Update("seats")]
        if kind == "_dropped":
            self.pending, self._joined = False, False
            return [Update("dropped", text=msg["reason"])]
        if kind == "_closed":
            self.closed = msg["reason"] or "The host closed the room."
            return [Update("closed", text=self.closed)]
        return [Update("notice", text=msg.get("reason", ""))]

    def _welcome(self, msg: dict[str, Any]) -> list[Update]:
        room = msg["room"]
        if self.game is None or room != self._room:
            try:
                self.game = restore(self._saved(room), "the host's game")
            except SaveError as exc:  # its map is not here, or differs: this game cannot follow the host's
                self.close(0.5)
                self.closed = str(exc)
                return [Update("closed", text=self.closed)]
            self._room = room
        elif msg["log"] < len(self.game.commands):  # the host lost its last commands (resumed from its autosave)
            self.game = rebuild(self.game, msg["log"])
        self.seats, self.room_seats, self.started = list(msg["you"]), msg["seats"], msg["started"]
        self.pending, self._host_log = False, int(msg["log"])  # its catch-up may still be on the way
        self._joined = True
        return [Update("joined", text=str(room["scenario"]))]

    @staticmethod
    def _saved(room: dict[str, Any]) -> SavedGame:
        return SavedGame(room["ruleset"], room["scenario"], room["hash"], room["options"], room["seed"], [])

    def _applied(self, index: int, data: dict[str, Any], seat: int | None) -> list[Update]:
        game = self.game
        if game is None:
            return []
        have = len(game.commands)
        if index < have:  # the catch-up after a rejoin: the copy has it already, and it must be the same
            return [] if to_data(game.commands[index]) == data else self._desync(index, "a different command")
        if index > have:
            return self._desync(index, f"command {index} came before command {have}")
        try:
            cmd = from_data(data, get_ruleset(game.ruleset).commands)
            events = game.apply(cmd)
        except Exception as exc:  # the host applied it and we cannot: our copy is not the host's
            return self._desync(index, f"{type(exc).__name__}: {str(exc)[:200]}")
        self.pending = False
        return [Update("applied", index, cmd, events, seat)]

    def _check(self, index: int, theirs: str) -> list[Update]:
        if self.game is None or len(self.game.commands) != index:
            return []
        if state_hash(self.game) != theirs:
            return self._desync(index, f"the host's state is {theirs}, ours {state_hash(self.game)}")
        self.checks, self.checked_at = self.checks + 1, index
        return [Update("checked", index)]

    def _desync(self, index: int, why: str) -> list[Update]:
        """Our copy is not the host's: save it beside the host's (which the host saves when told) and say so."""
        text = f"Our game differs from the host's at command {index}: {why}."
        if self.game is not None and self.desync_folder is not None:
            path = save_game(self.game, self.desync_folder / f"desync-client-{index:05d}.json", error=text)
            self.desyncs.append(path)
            text += f" Saved to {path}."
        if self._loop is not None and self._ws is not None:
            mine = state_hash(self.game) if self.game is not None else ""
            msg = encode("desync", index=min(index, len(self.game.commands) if self.game else 0), hash=mine)
            asyncio.run_coroutine_threadsafe(self._send(msg), self._loop)
        return [Update("desync", index, text=text)]

    # -- the network (the client's own thread)
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._connected())
        finally:
            self._ws = None
            loop.close()

    async def _connected(self) -> None:
        """Connect, and reconnect after each drop, until the host closes for good or is gone too long."""
        self._stop = asyncio.Event()
        delay, lost_at = 0.05, time.monotonic()
        while not self._stop.is_set():
            code, reason, welcomed = await self._session()
            if self._stop.is_set():
                break
            if code in FOR_GOOD:
                self._inbox.put({"type": "_closed", "reason": reason})
                return
            if welcomed:
                delay, lost_at = 0.05, time.monotonic()
                self._inbox.put({"type": "_dropped", "reason": reason or "The connection dropped: rejoining."})
            if time.monotonic() - lost_at > self.give_up:
                why = f" ({reason})" if reason else ""
                self._inbox.put({"type": "_closed", "reason": f"The host at {self.uri} is gone{why}."})
                return
            try:
                await asyncio.wait_for(self._stop.wait(), delay)
            except TimeoutError:
                delay = min(delay * 2, 2.0)

    async def _session(self) -> tuple[int, str, bool]:
        """One connection: (its close code, the host's last words, whether it welcomed us)."""
        self._said, self._welcomed = "", False
        try:
            async with connect(
                self.uri, proxy=None, compression=None, max_size=MAX_MESSAGE, open_timeout=5, close_timeout=2
            ) as ws:
                self._ws = ws
                await ws.send(self._hello())
                if await self._until_stopped(ws):
                    return 1000, "Left the room.", True
            return ws.close_code or 1006, self._said or (ws.close_reason or ""), self._welcomed
        except ConnectionClosed as exc:  # without the host's words the drop is told in the game's ("" here)
            return (exc.rcvd.code if exc.rcvd else 1006), self._said, self._welcomed
        except ProtocolError as exc:
            return 1008, f"The host sent {exc}.", self._welcomed
        except (InvalidURI, ValueError) as exc:  # no address to try again
            return 1008, f"{self.uri} is not an address to join ({exc})", False
        except (OSError, TimeoutError, InvalidHandshake, WebSocketException) as exc:
            return 1006, f"cannot reach the host ({exc})", self._welcomed
        finally:
            self._ws = None

    async def _until_stopped(self, ws: ClientConnection) -> bool:
        """Read the host until it closes (False) or we leave (True: it is told so)."""
        stopping = asyncio.ensure_future(self._stop.wait())
        reader = asyncio.ensure_future(self._read(ws))
        await asyncio.wait({stopping, reader}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if reader.done():
            reader.result()  # its error, if any, is the session's
            return False
        reader.cancel()
        await ws.send(encode("bye", reason="The player left."))
        await ws.close()
        return True

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            msg = decode(raw)
            if msg["type"] in ("hello", "command", "desync"):
                raise ProtocolError(f"a {msg['type']!r} message, which only a client sends")
            if msg["type"] == "welcome":
                self._welcomed = True
                self.wanted = msg["you"] or None  # a rejoin asks for the same seats
            if msg["type"] == "bye":  # its words come once, with the drop or the close that follows
                self._said = msg["reason"]
                continue
            self._inbox.put(msg)

    def _hello(self) -> str:
        wanted = self.wanted if not self.spectate else None
        return encode(
            "hello", version=PROTOCOL, name=self.name, seat=wanted, spectate=self.spectate, password=self.password
        )

    async def _send(self, text: str) -> None:
        ws = self._ws
        if ws is None:
            return
        try:
            await ws.send(text)
        except ConnectionClosed:
            pass  # the rejoin's welcome clears what was on its way

    def _abort(self) -> None:
        self._stop.set()
        ws = self._ws
        if ws is not None:
            ws.transport.abort()
