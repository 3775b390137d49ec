"""The authoritative room: one game (a :class:`~game.session.Session`, autosaved as any game is), its seats and who
holds them. Every command is checked here by the same rules a hot-seat game uses; nothing here knows of sockets
(:mod:`game.net.host` serves a room over websockets), so a room is tested and benchmarked without a network.

A seat is a player of the set-up (a section, a survivor group, a team: the rule set's ``player_noun``),
numbered from 1 as the rules number their players. A seat is played over the network, by a bot, or on the
host's own screen (``local``: hot-seat beside the network seats).

>>> seats = make_seats(["network", "bot"])
>>> [(s.seat, s.kind) for s in seats]
[(1, 'network'), (2, 'bot')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Bot, bot_for
from game.rules.core import Command, Event, Game, IllegalCommand, check_command, from_data, get_ruleset, to_data
from game.saves import Autosaves, restore, save_game, snapshot, state_hash, turn_of
from game.session import Session

SEAT_KINDS = ("network", "bot", "local")


class Refused(ValueError):
    """What a room refuses (a command, a seat); ``reason`` goes back to the one who asked, nobody else."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def seat_noun(game: Game) -> str:
    """What the game's rule set calls a seat (``section``, ``survivor group``, ``team``), else ``seat``."""
    setup = get_ruleset(game.ruleset).setup
    return str(setup.spec(game.scenario).player_noun or "seat") if setup is not None else "seat"


@dataclass
class Seat:
    """One player's place at the table: how it is played, who holds it, whether he is here now."""

    seat: int
    kind: str  # network, bot or local
    name: str = ""
    here: bool = False  # a player holds the seat now (a network or local seat)

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "here": self.here}


def make_seats(kinds: Sequence[str]) -> list[Seat]:
    """Seats 1, 2, ... of the given kinds (``net`` is short for ``network``); ValueError names a wrong kind."""
    out = []
    for n, kind in enumerate(kinds, start=1):
        kind = "network" if kind == "net" else kind
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {n}: {kind!r} is not a kind of seat (network, bot or local)")
        out.append(Seat(n, kind, "bot" if kind == "bot" else ""))
    return out


NOTE = "network_room"  # the key of an autosave's extra that keeps how its room was served
MAX_PORT = 65535


@dataclass(frozen=True)
class RoomNote:
    """How a room was served, kept in each of its autosaves so a host restarted after a crash opens it again on
    the same port (its clients rejoin there by themselves): the seats (kind and name), the port, whether the LAN
    could join. Never the password: the host types it again.

    >>> note = RoomNote([Seat(1, "local", "Ann"), Seat(2, "network", "Bob")], 8765, False)
    >>> RoomNote.read({NOTE: note.data()}) == note
    True
    >>> RoomNote.read({NOTE: {"seats": "all", "port": 1, "lan": False}}) is None  # a hostile save: no room
    True
    """

    seats: list[Seat]
    port: int
    lan: bool

    def data(self) -> dict[str, Any]:
        return {"seats": [[s.kind, s.name] for s in self.seats], "port": self.port, "lan": self.lan}

    @classmethod
    def read(cls, extra: Any) -> RoomNote | None:
        """The note an autosave's ``extra`` keeps; None when it keeps none, or one that is not a note."""
        data = extra.get(NOTE) if isinstance(extra, dict) else None
        if not isinstance(data, dict) or set(data) != {"seats", "port", "lan"}:
            return None
        seats, port, lan = data["seats"], data["port"], data["lan"]
        if not isinstance(seats, list) or not 0 < len(seats) <= 8 or not all(map(_seat_kept, seats)):
            return None
        if (
            not isinstance(port, int)
            or isinstance(port, bool)
            or not 0 <= port <= MAX_PORT
            or type(lan) is not bool
        ):
            return None
        return cls([Seat(n, kind, name) for n, (kind, name) in enumerate(seats, start=1)], port, lan)


def hosted(extra: Any) -> bool:
    """Whether a save's ``extra`` keeps a room: the game was hosted for players on other machines."""
    return RoomNote.read(extra) is not None


def unhost(session: Session) -> None:
    """The game plays on one screen from now on: its autosaves keep no room (the title's Resume would open the
    room again for players long gone)."""
    session.extra.pop(NOTE, None)
    if session.autosaves is not None:
        session.autosaves.extra.pop(NOTE, None)


def _seat_kept(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and value[0] in SEAT_KINDS
        and isinstance(value[1], str)
        and len(value[1]) <= 40
    )


@dataclass(frozen=True)
class Applied:
    """A command the room applied: its place in the log, its plain data, the seat it was for, its events, and
    the state's fingerprint when it began a new turn or ended the game (``hash``: turn, hash)."""

    index: int
    cmd: dict[str, Any]
    seat: int | None
    events: list[Event] = field(default_factory=list)
    hash: tuple[int, str] | None = None
    over: bool = False


class Room:
    """The game, its seats and its log; every method is called by one thread at a time (the host's lock)."""

    def __init__(self, session: Session, seats: list[Seat]) -> None:
        self.session = session
        # autosaved by :meth:`autosave`, which the host calls before it sends the command out (outside the rules'
        # own apply, so a failed autosave is told to the host's players, not raised)
        self.autosaves, session.autosaves = session.autosaves, None
        self.seats = seats
        self.ruleset = get_ruleset(session.game.ruleset)
        self.view = self.ruleset.view() if self.ruleset.view is not None else None
        self.log: list[dict[str, Any]] = [to_data(c) for c in session.game.commands]
        self.started = bool(self.log)  # a resumed game goes on at once
        self._turn = turn_of(session.game)
        self.bot: Bot | None = None  # what plays the bot seats: the rule set's bot unless set
        self.port, self.lan = 0, False  # where the host serves it (kept in its autosaves: RoomNote)

    @classmethod
    def new(
        cls, scenario: Any, options: dict[str, Any], seed: int, seats: list[Seat], autosaves: Autosaves | None
    ) -> Room:
        """A room for a new game of ``scenario`` with these options and seed."""
        game = get_ruleset(scenario.ruleset).new_game(scenario, dict(options), seed)
        return cls(Session(game, autosaves), seats)

    @classmethod
    def resume(cls, path: Path | str, seats: list[Seat], autosaves: Autosaves | None) -> Room:
        """The room of a host that stopped, from its autosave (or any save of the game)."""
        return cls(Session.resume(path, autosaves), seats)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def over(self) -> bool:
        return bool(self.game.over)

    def acting(self) -> int | None:
        """The seat whose command the game waits for (None while the rules move or once it is over)."""
        if self.game.over:
            return None
        return self.view.acting_player(self.game) if self.view is not None else 1

    def seat(self, n: int) -> Seat:
        for s in self.seats:
            if s.seat == n:
                return s
        raise Refused(f"There is no seat {n}; the room has seats 1 to {len(self.seats)}.")

    # -- who sits where
    def join(self, wanted: int | list[int] | None, name: str, local: bool) -> list[int]:
        """Seat a player: the seats he asked for (a bot gives his seat up to him), else the first free network
        seat. ``local``: he is on the host's own machine (only he may take a local seat)."""
        numbers = [wanted] if isinstance(wanted, int) else list(wanted or [])
        if not numbers:
            free = [s.seat for s in self.seats if s.kind == "network" and not s.here]
            if not free:
                raise Refused("Every seat is taken; join to watch instead.")
            his = [n for n in free if name and self.seat(n).name == name]  # back after the room was resumed
            numbers = (his or free)[:1]
        for n in numbers:
            self._takeable(self.seat(n), local)
        for n in numbers:
            s = self.seat(n)
            s.kind = "local" if s.kind == "local" else "network"
            s.name, s.here = name or f"Player {n}", True
        return numbers

    def _takeable(self, s: Seat, local: bool) -> None:
        if s.here:
            raise Refused(f"Seat {s.seat} is taken by {s.name}.")
        if s.kind == "local" and not local:
            raise Refused(f"Seat {s.seat} is played on the host's own screen.")

    def leave(self, numbers: Sequence[int]) -> None:
        """The player of these seats has gone: they wait for him (or for a bot, :meth:`bot_takes`)."""
        for n in numbers:
            self.seat(n).here = False

    def bot_takes(self, n: int) -> bool:
        """A bot plays seat ``n`` from now on if nobody holds it; whether it does."""
        s = self.seat(n)
        if s.here or s.kind == "bot":
            return False
        s.kind, s.name = "bot", f"bot (for {s.name})" if s.name else "bot"
        return True

    def begin(self, fill: bool = True) -> None:
        """Start play; ``fill``: bots take the network seats nobody holds."""
        if fill:
            for s in self.seats:
                if s.kind == "network" and not s.here:
                    self.bot_takes(s.seat)
        self.started = True

    def seats_data(self) -> list[dict[str, Any]]:
        return [s.data() for s in self.seats]

    def room_data(self) -> dict[str, Any]:
        """The room as a welcome names it: what a client needs to set up the same game."""
        saved = snapshot(self.game)
        return {
            "ruleset": saved.ruleset,
            "scenario": saved.scenario_path,
            "hash": saved.scenario_hash,
            "options": saved.options,
            "seed": saved.seed,
        }

    def fingerprint(self) -> tuple[int, str]:
        """The turn and the state's hash now (what every copy of the game must agree on)."""
        return turn_of(self.game) or 0, state_hash(self.game)

    # -- playing
    def submit(self, held: Sequence[int], data: Any) -> Applied:
        """A command sent by the holder of seats ``held``: refused with the reason, else applied."""
        if not self.started:
            raise Refused("The game has not begun: the host starts it when the seats are filled.")
        acting = self.acting()
        if acting is None:
            raise Refused("The game is over." if self.game.over else "Wait: the rules are moving.")
        if acting not in held:
            raise Refused(f"It is not your turn: the game waits for {self._who(acting)}.")
        return self._apply(self._command(data), acting)

    def _who(self, n: int) -> str:
        """A seat in the rule set's word for it: "Bob (team 2)", "section 1"."""
        s, noun = self.seat(n), seat_noun(self.game)
        return f"{s.name} ({noun} {n})" if s.name else f"{noun} {n}"

    def _command(self, data: Any) -> Command:
        try:
            cmd = from_data(data, self.ruleset.commands)
            check_command(cmd)
        except IllegalCommand as exc:
            raise Refused(exc.reason) from None
        except Exception as exc:  # from a client: a type it cannot be built from is a refusal, never a fault
            raise Refused(f"Not a command of {self.ruleset.name}: {str(exc)[:200]}") from None
        return cmd  # type: ignore[no-any-return]

    def _apply(self, cmd: Command, seat: int | None) -> Applied:
        try:
            events = self.session.apply(cmd)
        except IllegalCommand as exc:
            raise Refused(exc.reason) from None
        except Exception as exc:  # a bug in the rules: the session saved a report; the room plays on
            raise Refused(
                f"The rules failed on this command ({type(exc).__name__}); a bug report was saved."
            ) from None
        self.log.append(to_data(cmd))
        turn = turn_of(self.game)
        due = turn != self._turn or self.game.over
        self._turn = turn
        mark = (turn or 0, state_hash(self.game)) if due else None
        return Applied(len(self.log) - 1, self.log[-1], seat, events, mark, bool(self.game.over))

    def autosave(self) -> str:
        """Autosave the game as it is now: "" when done (or no autosaves are kept), else why it failed."""
        if self.autosaves is None:
            return ""
        self.session.extra[NOTE] = RoomNote(self.seats, self.port, self.lan).data()  # how to open it again
        self.session.autosaves = self.autosaves
        try:
            self.session.autosave()  # a full disk is told, never raised: the game goes on
        finally:
            self.session.autosaves = None
        return self.session.autosave_error

    def bot_command(self) -> Applied | None:
        """If the acting seat is a bot's, its next command applied; else None."""
        if not self.started:
            return None
        acting = self.acting()
        if acting is None or self.seat(acting).kind != "bot":
            return None
        if self.bot is None:
            self.bot = bot_for(self.game.ruleset)
        return self._apply(self.bot(self.game), acting)

    @classmethod
    def reopen(cls, session: Session, kinds: Sequence[str] = (), screen: bool = True) -> Room:
        """The room of a hosted game that stopped, from its autosave (the title's Resume and ``deadground host
        --resume`` both open it here): its seats as the autosave kept them, or of ``kinds`` when given, each
        network seat keeping its player's name (he rejoins by name and gets it back); the port and LAN setting
        it was served with. A host without a ``screen`` (the command line) serves its local seats over the
        network: their player rejoins by name too. The password is never kept: the host gives it again."""
        note = RoomNote.read(session.extra)
        kept = note.seats if note is not None else []
        wanted = list(kinds) or [s.kind for s in kept]
        if not screen:
            wanted = ["network" if k == "local" else k for k in wanted]
        names = {s.seat: s.name for s in kept}
        seats = make_seats(wanted)
        for s in seats:
            if s.kind == "network":
                s.name = names.get(s.seat, s.name)
        room = cls(session, seats)
        if note is not None:
            room.port, room.lan = note.port, note.lan
        return room

    def save_desync(self, folder: Path, index: int, theirs: str) -> Path:
        """The host's side of a mismatch, saved beside the client's (the client saves its own)."""
        at = restore(snapshot(self.game), scenario=self.game.scenario, upto=index)  # the moment the hashes differ
        return save_game(at, folder / f"desync-host-{index:05d}.json", error=f"a client's hash there was {theirs}")
