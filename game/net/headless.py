"""``deadground host`` and ``deadground join`` without a window: the host plays bots for the seats nobody takes
and prints the game's log; a joined client watches (``--watch``) or plays its seat with the rule set's bot
(``--bot``). The tests play networked games this way, and so can a club's server.

The screens (Host in New game, Join on the title screen) use the same parts: a :class:`~game.net.host.Host`
serving a :class:`~game.net.room.Room`, and a :class:`~game.net.client.Client` polled once a frame (the host's
own window joins its room as a client over 127.0.0.1, taking the ``local`` seats).

>>> seat_kinds("net,bot,local"), seat_kinds("")
(['network', 'bot', 'local'], [])
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from game.ai import Bot, bot_for
from game.net.client import Client, Update
from game.net.host import Host
from game.net.room import Applied, Room, make_seats
from game.replay import event_lines
from game.rules.contract import default_answers
from game.rules.core import Command, Game, get_ruleset
from game.saves import Autosaves, SaveError, state_hash
from game.scenario import load_scenario
from game.session import Session

STEP = 0.05  # seconds a headless loop waits for news
PORT = 8765  # the port a new room listens on unless told


def seat_kinds(text: str) -> list[str]:
    """``--seats net,bot``: each seat's kind, in order (``net`` is a network seat)."""
    return [("network" if k.strip() == "net" else k.strip()) for k in text.split(",") if k.strip()]


@dataclass
class HostPlan:
    """What ``deadground host`` was asked for."""

    scenario: str
    port: int | None = None  # None: a resumed room's own port, else PORT
    lan: bool = False
    password: str = ""
    seats: str = ""
    players: int | None = None
    seed: int = 1
    wait: float = 60.0  # seconds the seats wait for players before bots take the empty ones
    bot_after: float | None = 30.0
    autosaves: str | None = None
    resume: str | None = None  # an autosave (or "latest": the newest resumable one in the folder)
    quiet: bool = False


def make_room(plan: HostPlan) -> Room:
    """The room the plan asks for: a new game of its map, or the game of an autosave."""
    autosaves = Autosaves(plan.autosaves) if plan.autosaves else Autosaves()
    if plan.resume:
        path = autosaves.resumable() if plan.resume == "latest" else Path(plan.resume)
        if path is None:
            raise SaveError(f"no unfinished game autosaved in {autosaves.folder} to resume")
        room = Room.reopen(Session.resume(path, autosaves), seat_kinds(plan.seats), screen=False)
        if not room.seats:  # a save of a game that was never hosted: a network seat for every player
            room.seats = make_seats(["network"] * _players(room.game))
        return room
    scenario = load_scenario(plan.scenario)
    rules = get_ruleset(scenario.ruleset)
    kinds = seat_kinds(plan.seats)
    if rules.setup is None:
        raise ValueError(f"{rules.name} has no set-up to seat players by")
    answers = default_answers(rules.setup.spec(scenario), plan.players or len(kinds) or None)
    options = rules.setup.options(scenario, answers)
    kinds = kinds or ["network"] * int(answers["players"])
    if len(kinds) != int(answers["players"]):
        raise ValueError(f"--seats names {len(kinds)} seats; this game has {answers['players']} players")
    return Room.new(scenario, options, plan.seed, make_seats(kinds), autosaves)


def _players(game: Game) -> int:
    rules = get_ruleset(game.ruleset)
    if rules.setup is None:
        return 1
    return int(rules.setup.answers(game.scenario, dict(game.options)).get("players", 1))


def serve(plan: HostPlan, out: TextIO = sys.stdout) -> int:
    """Host the plan's room until its game is over; 0 when it finished."""
    room = make_room(plan)
    folder = room.autosaves.folder.parent if room.autosaves is not None else Path(".")
    host = Host(
        room, plan.lan or room.lan, listen_port(plan, room), plan.password, plan.bot_after, folder / "desync"
    )
    host.on_applied = _printer(room, out, plan.quiet)
    host.on_notice = lambda text: print(text, file=out, flush=True)
    port = host.start()
    print(f"Hosting {room.game.scenario.title or plan.scenario} on {host.interface}:{port}", file=out, flush=True)
    try:
        if not room.started:
            _wait_for_players(host, plan.wait)
            host.begin(fill=True)
        while not host.finished.wait(0.5):
            pass
    except KeyboardInterrupt:
        print("Stopped: the game is autosaved; host again with --resume latest.", file=out, flush=True)
    finally:
        host.stop()
    print(f"Result: {room.game.winner} after {len(room.log)} commands; state {state_hash(room.game)}", file=out)
    return 0 if room.over else 1


def listen_port(plan: HostPlan, room: Room) -> int:
    """The port asked for, else the one a resumed room was served on (its clients rejoin there), else PORT."""
    if plan.port is not None:
        return plan.port
    return room.port or PORT


def _wait_for_players(host: Host, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if all(s["here"] or s["kind"] != "network" for s in host.seats_now):
            return
        time.sleep(STEP)


def _printer(room: Room, out: TextIO, quiet: bool) -> Callable[[Applied], None]:
    def show(a: Applied) -> None:
        if not quiet:
            for line in event_lines(room.game, a.events):
                print(f"  {line}", file=out)
            out.flush()

    return show


def play(
    client: Client,
    bot: Bot | bool = False,
    timeout: float = 600.0,
    on_update: Callable[[Update], Any] | None = None,
) -> Game | None:
    """Follow the host's game to its end (or the client's): with ``bot`` (a bot, or True: the rule set's own), play
    our seats' turns with it. The game's last fingerprint is awaited a moment, so the copy ends checked."""
    deadline, chooser = time.monotonic() + timeout, bot if callable(bot) else None
    chosen: tuple[int, Command] | None = None  # (the log's length, our command for it)
    while time.monotonic() < deadline:
        for update in client.poll(budget=1.0, wait=STEP):
            if on_update is not None:
                on_update(update)
        game = client.game
        if client.closed or (game is not None and game.over and client.checked_at == len(game.commands)):
            return game
        if game is not None and bot is True and chooser is None:
            chooser = bot_for(game.ruleset)
        if chooser is not None and game is not None and client.my_turn():
            # a command lost with its host (or its connection) is sent again, not chosen again: a bot that
            # plans ahead would take the next step of its plan and part ways with the game it plans for
            if chosen is None or chosen[0] != len(game.commands):
                chosen = (len(game.commands), chooser(game))
            client.send(chosen[1])
    raise TimeoutError(f"the game at {client.uri} did not end within {timeout:g} s")


def join(
    address: str,
    seat: int | None,
    watch: bool,
    bot: bool,
    password: str = "",
    name: str = "",
    out: TextIO = sys.stdout,
) -> int:
    """``deadground join``: watch or play the host's game headless, printing its log; 0 when it finished."""
    client = Client(address, name or ("watcher" if watch else "player"), seat, watch, password).start()

    def show(u: Update) -> None:
        if u.kind == "applied" and client.game is not None:
            for line in event_lines(client.game, u.events):
                print(f"  {line}", file=out)
        elif u.kind in ("refused", "desync", "dropped", "closed", "notice") and u.text:
            print(f"[{u.kind}] {u.text}", file=out, flush=True)

    try:
        game = play(client, bot and not watch, timeout=24 * 3600.0, on_update=show)
    except KeyboardInterrupt:
        return 1
    finally:
        client.close()
    if game is None or not game.over:
        return 1
    print(f"Result: {game.winner} after {len(game.commands)} commands; state {state_hash(game)}", file=out)
    return 0
