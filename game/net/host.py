"""The host: serves a :class:`~game.net.room.Room` over websockets, on an asyncio loop in a thread of its own, so
the window that hosts never waits for the network in a frame.

What a connection goes through: its first message must be a ``hello`` of this protocol's version (another version
is told so by name), with the room's password if it has one; the player is seated (or watches), sent the room and
then the whole log, a command a message, and the state's fingerprint; from then on it hears every command the room
applies. Its commands are checked by the room, in the order they came, one at a time; a refusal goes back to it
alone. A message that is not the protocol's closes that connection and changes nothing. Each connection has its
own outbox, so a slow client never holds up the others: one that falls :data:`OUTBOX` messages behind is closed,
and rejoins to catch up from the log. The rules (and the bots) run on one worker thread beside the loop, so a
slow bot never stops the loop from answering the others.

>>> LOOPBACK  # where a room is served unless told the LAN (``--lan``: every interface)
'127.0.0.1'
"""

from __future__ import annotations

import asyncio
import hmac
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.protocol import MAX_MESSAGE, PROTOCOL, ProtocolError, decode, encode, hello_version, version_refusal
from game.net.room import Applied, Refused, Room

LOOPBACK = "127.0.0.1"
EVERY_INTERFACE = "0.0.0.0"  # --lan: the machines of the local network may join
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
OUTBOX = 2000  # live messages waiting for one client: past this it is too slow, closed, and rejoins
GOING_AWAY, POLICY, TRY_AGAIN, NORMAL = 1001, 1008, 1013, 1000  # websocket close codes (RFC 6455)
T = TypeVar("T")


@dataclass(eq=False)
class Member:
    """One connection: the seats it holds (none: it watches), the catch-up it is sent first, then its outbox."""

    conn: ServerConnection
    seats: list[int]
    name: str
    backlog: list[str] = field(default_factory=list)
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))


class Host:
    """A room served on ``port`` (0: one the system picks, read :attr:`port` after :meth:`start`).

    ``bot_after``: seconds a seat waits for a player who dropped before a bot plays it (None: it waits for him).
    ``on_applied`` and ``on_notice`` are called on the host's thread (the headless host prints them).
    """

    def __init__(
        self,
        room: Room,
        lan: bool = False,
        port: int = 0,
        password: str = "",
        bot_after: float | None = None,
        desync_folder: Path | None = None,
        on_applied: Callable[[Applied], None] | None = None,
        on_notice: Callable[[str], None] | None = None,
    ) -> None:
        self.room = room
        self.interface = EVERY_INTERFACE if lan else LOOPBACK
        self.port = port
        self.password = password
        self.bot_after = bot_after
        self.desync_folder = desync_folder
        self.on_applied = on_applied
        self.on_notice = on_notice or (lambda text: print(text, file=sys.stderr))
        self.finished = threading.Event()  # the game is over
        self.seats_now: list[dict[str, Any]] = room.seats_data()  # for the host's screen: replaced, never changed
        self._members: set[Member] = set()
        self._autosave_error = ""
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._closing = ""  # the words of a room closed on purpose (its clients stop rejoining)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="deadground-rules")

    # -- from the caller's thread
    def start(self, timeout: float = 10.0) -> int:
        """Listen; the port. Raises OSError when the port cannot be had."""
        self._thread = threading.Thread(target=self._run, name="deadground-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError(f"the host did not start listening within {timeout:g} s")
        if self._error is not None:
            raise self._error
        return self.port

    def begin(self, fill: bool = True, timeout: float = 10.0) -> None:
        """Start play; ``fill``: bots take the network seats nobody holds (the host's Start button)."""
        self._call(self._begin(fill), timeout)

    def stop(self, timeout: float = 10.0, closing: str = "") -> None:
        """Say goodbye to everyone and stop listening (clients rejoin if the game is not over); ``closing``: the
        room is closed on purpose, in these words ("Ann closed the room."), and the clients stop for good."""
        self._closing = closing
        loop = self._loop
        if loop is not None and not loop.is_closed() and self._thread is not None and self._thread.is_alive():
            loop.call_soon_threadsafe(self._stopping.set)
            self._thread.join(timeout)

    def _call(self, coro: Any, timeout: float) -> Any:
        assert self._loop is not None, "the host has not started"
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    # -- the loop's thread
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        finally:
            self._pool.shutdown(wait=False, cancel_futures=True)
            loop.close()

    async def _serve(self) -> None:
        self._lock = asyncio.Lock()  # the room is changed by one command at a time
        self._wake = asyncio.Event()  # a bot's seat may be acting
        self._stopping = asyncio.Event()
        try:
            server = await serve(
                self._handle, self.interface, self.port, max_size=MAX_MESSAGE, compression=None, max_queue=64
            )
        except OSError as exc:
            self._error = exc
            self._ready.set()
            return
        self.port = next(iter(server.sockets)).getsockname()[1]
        self.room.port, self.room.lan = self.port, self.interface == EVERY_INTERFACE  # its autosaves keep them
        self._ready.set()
        bots = asyncio.create_task(self._bots())
        if self.room.started:  # a resumed room: its absent players' seats wait for them (or a bot)
            await self._begin(False)
        await self._stopping.wait()
        bots.cancel()
        await self._goodbye(server)

    async def _goodbye(self, server: Server) -> None:
        over = self.room.over
        reason = "The game is over." if over else self._closing or "The host has stopped; rejoin when it is back."
        members = list(self._members)
        await asyncio.gather(*(self._drain(m) for m in members))
        for_good = over or bool(self._closing)  # a normal close: no client rejoins
        await asyncio.gather(*(self._close(m.conn, reason, NORMAL if for_good else GOING_AWAY) for m in members))
        server.close()
        await server.wait_closed()

    async def _drain(self, m: Member, within: float = 2.0) -> None:
        """Give a member's outbox a moment to empty (the last command and the result reach it)."""
        for _ in range(int(within / 0.02)):
            if m.outbox.empty() and not m.backlog:
                return
            await asyncio.sleep(0.02)

    async def _rules(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the rules' thread (under the lock: the room is changed there only)."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def _close(self, conn: ServerConnection, reason: str, code: int = POLICY) -> None:
        try:
            await conn.send(encode("bye", reason=reason[:500]))
            await conn.close(code, reason[:100])
        except (ConnectionClosed, OSError):
            pass

    # -- one connection
    async def _handle(self, conn: ServerConnection) -> None:
        member = await self._greet(conn)
        if member is None:
            return
        sender = asyncio.create_task(self._send_all(member))
        try:
            async for raw in conn:
                await self._heard(member, decode(raw))
        except ProtocolError as exc:
            await self._close(conn, f"Closed: the host was sent {exc}.")
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
            await self._left(member)

    async def _heard(self, member: Member, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "command":
            await self._command(member, msg["cmd"])
        elif kind == "desync":
            await self._desync(member, msg["index"], msg["hash"])
        elif kind == "bye":
            await member.conn.close(NORMAL)
        else:
            raise ProtocolError(f"a {kind!r} message, which only a host sends")

    async def _greet(self, conn: ServerConnection) -> Member | None:
        """Read the hello and seat its sender; None (the connection closed with the reason) when refused."""
        try:
            raw = await asyncio.wait_for(conn.recv(), HELLO_TIMEOUT)
        except (TimeoutError, ConnectionClosed):
            await conn.close(POLICY, "no hello")
            return None
        version = hello_version(raw)
        if version is not None and version != PROTOCOL:
            await self._close(conn, version_refusal(version))
            return None
        try:
            hello = decode(raw)
            refusal = self._refusal(hello)
        except ProtocolError as exc:
            refusal = f"Closed: the host was sent {exc}."
        if refusal:
            await self._close(conn, refusal)
            return None
        return await self._seat(conn, hello)

    def _refusal(self, hello: dict[str, Any]) -> str:
        if hello["type"] != "hello":
            return "Closed: the first message must be hello."
        if self.password and not hmac.compare_digest(hello["password"].encode(), self.password.encode()):
            return "Wrong password for this room."
        return ""

    async def _seat(self, conn: ServerConnection, hello: dict[str, Any]) -> Member | None:
        local = str(conn.remote_address[0]) in (LOOPBACK, "::1") if conn.remote_address else False
        async with self._lock:
            try:
                seats = [] if hello["spectate"] else self.room.join(hello["seat"], hello["name"], local)
            except Refused as exc:
                await self._close(conn, exc.reason)
                return None
            member = Member(conn, seats, hello["name"])
            member.backlog = await self._rules(self._catch_up, seats)
            self._members.add(member)
        if (
            seats
        ):  # a spectator changes no seat: nobody is told (a hundred watchers joining are not 10,000 messages)
            self._seats_changed()
            self._wake.set()
        return member

    def _catch_up(self, seats: list[int]) -> list[str]:
        """What a member is sent first: the room, the whole log, the state's fingerprint now."""
        room = self.room
        out = [
            encode(
                "welcome",
                version=PROTOCOL,
                room=room.room_data(),
                seats=room.seats_data(),
                you=seats,
                log=len(room.log),
                started=room.started,
            )
        ]
        out += [encode("applied", index=n, cmd=cmd, seat=None) for n, cmd in enumerate(room.log)]
        turn, mark = room.fingerprint()
        return [*out, encode("hash", turn=turn, index=len(room.log), hash=mark)]

    async def _send_all(self, m: Member) -> None:
        try:
            while m.backlog:
                await m.conn.send(m.backlog.pop(0))
            while True:
                await m.conn.send(await m.outbox.get())
        except ConnectionClosed:
            pass

    async def _left(self, member: Member) -> None:
        self._members.discard(member)
        if not member.seats:
            return
        async with self._lock:
            self.room.leave(member.seats)
        self._seats_changed()
        if member.seats:
            self.on_notice(f"{member.name or 'A player'} left seat(s) {', '.join(map(str, member.seats))}.")
        self._bot_later(member.seats)

    def _bot_later(self, seats: list[int]) -> None:
        if self.bot_after is None or self.room.over:
            return
        loop = asyncio.get_running_loop()
        for n in seats:
            loop.call_later(self.bot_after, self._bot_soon, n)

    def _bot_soon(self, n: int) -> None:
        asyncio.ensure_future(self._bot_in(n))

    async def _bot_in(self, n: int) -> None:
        async with self._lock:
            taken = self.room.started and self.room.bot_takes(n)
        if taken:
            self.on_notice(f"A bot plays seat {n} until its player is back.")
            self._seats_changed()
            self._wake.set()

    # -- the game
    async def _begin(self, fill: bool) -> None:
        async with self._lock:
            self.room.begin(fill)
            waiting = [s.seat for s in self.room.seats if s.kind == "network" and not s.here]
        self._seats_changed()
        self._bot_later(waiting)
        self._wake.set()

    async def _command(self, member: Member, data: dict[str, Any]) -> None:
        async with self._lock:
            try:
                applied = await self._rules(self.room.submit, member.seats, data)
            except Refused as exc:
                self._put(member, encode("refused", reason=exc.reason[:1000]))
                return
            await self._autosave()
            self._publish(applied)
        self._wake.set()

    async def _autosave(self) -> None:
        """Autosave before the command goes out, so no client is ever ahead of a host resumed from its autosave
        (a rewound copy and its bot's memory part ways: docs/NETWORK.md); a failure is told once, until one
        succeeds again."""
        error = await self._rules(self.room.autosave)
        if error and error != self._autosave_error:
            self.on_notice(error)
        self._autosave_error = error

    async def _bots(self) -> None:
        """Play the bots' seats whenever one of them is acting (woken after every change)."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while True:
                async with self._lock:
                    try:
                        applied = await self._rules(self.room.bot_command)
                    except Refused as exc:  # a bot's command refused: a bug, said; the seat waits
                        self.on_notice(f"The bot's command was refused: {exc.reason}")
                        applied = None
                    if applied is None:
                        break
                    await self._autosave()
                    self._publish(applied)
                await asyncio.sleep(0)  # the connections' turn

    async def _desync(self, member: Member, index: int, theirs: str) -> None:
        if self.desync_folder is None or index > len(self.room.log):
            self.on_notice(f"{member.name} reports a different game state after command {index}.")
            return
        async with self._lock:
            path = await self._rules(self.room.save_desync, self.desync_folder, index, theirs)
        self.on_notice(f"{member.name} reports a different game state after command {index}; the host's is {path}")

    def _publish(self, a: Applied) -> None:
        """Send an applied command (and the fingerprint it brought) to everyone, in the log's order."""
        out = [encode("applied", index=a.index, cmd=a.cmd, seat=a.seat)]
        if a.hash is not None:
            out.append(encode("hash", turn=a.hash[0], index=a.index + 1, hash=a.hash[1]))
        for m in list(self._members):
            for text in out:
                self._put(m, text)
        if self.on_applied is not None:
            self.on_applied(a)
        if a.over:
            self.finished.set()

    def _put(self, m: Member, text: str) -> None:
        try:
            m.outbox.put_nowait(text)
        except asyncio.QueueFull:  # too far behind: it rejoins and catches up from the log
            self._members.discard(m)
            asyncio.ensure_future(self._close(m.conn, "Too slow to keep up: rejoining.", TRY_AGAIN))

    def _seats_changed(self) -> None:
        self.seats_now = self.room.seats_data()
        text = encode("seats", seats=self.seats_now, started=self.room.started)
        for m in list(self._members):
            self._put(m, text)
