"""What the network tests share: a room served on 127.0.0.1 (a port the system picks), bot clients playing it in
threads, and the same game played offline to compare with (the bots are deterministic, so a networked game of a
seed is that seed's offline game, command for command)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.ai import bot_for
from game.net.client import Client
from game.net.headless import HostPlan, make_room, play
from game.net.host import Host
from game.net.room import Room
from game.rules.core import Game, get_ruleset, to_data

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"


def short_map(folder: Path, name: str, turns: int) -> Path:
    """A copy of a shipped map lasting ``turns`` turns (its tiles and templates linked beside it)."""
    text = (MAPS / f"{name}.tmx").read_text(encoding="utf-8")
    marker = '<property name="turn_limit" type="int" value="'
    start = text.index(marker) + len(marker)
    text = text[:start] + str(turns) + text[text.index('"', start) :]
    for part in ("tiles", "templates"):
        if not (folder / part).exists():
            (folder / part).symlink_to(MAPS / part)
    path = folder / f"{name}_short.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@contextmanager
def served(plan: HostPlan, **host: Any) -> Iterator[tuple[Room, Host, str]]:
    """A room made from ``plan``, served on 127.0.0.1: (the room, its host, the address to join)."""
    room = make_room(plan)
    if plan.autosaves is None:
        room.autosaves = None  # the tests that do not crash the host leave the disk alone
    h = Host(room, port=0, password=plan.password, on_notice=lambda text: None, **host)
    port = h.start()
    try:
        yield room, h, f"127.0.0.1:{port}"
    finally:
        h.stop()


class Player(threading.Thread):
    """A client playing its seat with the rule set's bot (or watching) in a thread, to the game's end."""

    def __init__(self, client: Client, bot: bool = True, timeout: float = 120.0) -> None:
        super().__init__(daemon=True)
        self.client, self.bot, self.timeout = client, bot, timeout
        self.game: Game | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.game = play(self.client.start(), self.bot, self.timeout)
        except BaseException as exc:  # the test reads it
            self.error = exc


def wait_until(test: Any, timeout: float = 30.0, what: str = "it") -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not happen within {timeout:g} s")
        time.sleep(0.01)


def seated(host: Host, n: int) -> bool:
    return sum(1 for s in host.seats_now if s["here"]) >= n


def offline(room: Room) -> Game:
    """The room's game played offline by the bots from its start: what the networked game must be."""
    game = room.game
    rules = get_ruleset(game.ruleset)
    twin = rules.new_game(game.scenario, dict(game.options), game.seed)
    bot = bot_for(game.ruleset)
    while not twin.over and len(twin.commands) < 5000:
        twin.apply(bot(twin))
    return twin


def log_of(game: Game) -> list[dict[str, Any]]:
    return [to_data(c) for c in game.commands]
