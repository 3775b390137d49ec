"""The set-up's Host: play the game set up here with players on other machines.

Each seat (the rule set's sections, survivor groups or teams) is played on this screen (hot-seat), over the
network, or by a bot. The room listens on this machine only unless LAN is on, and may have a password. Once
the room is open the screen shows the address and port to give the others and, for every seat, who has taken
it (the host's ``seats_now``); Begin starts the game when the seats are filled, or ("Begin, bots fill the
empty seats") with bots in the seats nobody took. This window then joins its own room over 127.0.0.1 and
plays its seats like any other player's screen (:mod:`game.ui.scenes.net_game`).
"""

from __future__ import annotations

import html
import queue
import random
import socket
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from game.ui.game_setup import GameSetup
from game.ui.net_seats import CHOICES, all_seated, begin_words, seat_choices, seat_kinds, seat_line
from game.ui.net_table import NetTable, leave, take
from game.ui.scenes.base import Scene

if TYPE_CHECKING:
    from game.net.room import Room, RoomNote, Seat
    from game.session import Session

BAD, GOOD = "#E06050", "#A8C890"
PORT = 8765  # the port a joining player's address assumes (another one when it is taken)
OPEN_HELP = (
    "Each {noun} is played on this screen (hot-seat), by a player on another machine (network), or by a bot. "
    "Open the room, then give the others the address it shows: they press Join on the title screen."
)
RESUME_HELP = (
    "This room's game stopped (the host's window closed or crashed): it goes on from its autosave. Open the room "
    "again: the players who were in it rejoin by themselves, or Join again with the same name. A password must "
    "be typed again."
)
BOT_AFTER = 30.0  # seconds a dropped player's seat waits before a bot plays it


def lan_address() -> str:
    """This machine's address on the local network, as the others type it (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))  # a datagram socket only picks the route
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class HostScene(Scene):
    """The seats, LAN and password; then the open room, who sits where, and Begin."""

    name = "host"
    ports: tuple[int, ...] = (PORT, 0)  # the port a bare address means, else any free one (the tests: any)

    def __init__(
        self, app: Any, setup: GameSetup, seed: int | None = None, resumed: Session | None = None
    ) -> None:
        super().__init__(app)
        self.setup, self.seed = setup, seed
        self.resumed = resumed  # a room's game that stopped, from its autosave: the room opens again on it
        players = setup.players
        self.choices = ["this screen"] + ["network"] * (players - 1) if players > 1 else ["this screen"]
        self.lan, self.password, self.player = False, "", app.settings.player_name or "Host"
        if resumed is not None:
            from game.net.room import RoomNote

            self._as_it_was(RoomNote.read(resumed.extra))
        self.table: NetTable | None = None
        self.address = ""  # HOST:PORT to give the others, once the room is open
        self.message, self.bad = "", False
        self.notices: queue.Queue[str] = queue.Queue()  # the host's words, from its thread
        self.menus: list[UIDropDownMenu] = []
        self.entries: dict[str, UITextEntryLine] = {}
        self.buttons: dict[str, UIButton] = {}
        self.seats_box: UITextBox | None = None
        self.shown_seats: list[dict[str, Any]] = []

    def _as_it_was(self, note: RoomNote | None) -> None:
        """A resumed room's seats, reach and port as its autosave kept them (its clients rejoin that port)."""
        if note is None:
            return
        self.choices = seat_choices([s.kind for s in note.seats])
        self.player = next((s.name for s in note.seats if s.kind == "local" and s.name), self.player)
        self.lan = note.lan
        if note.port:
            self.ports = (note.port, *(p for p in self.ports if p != note.port))

    @property
    def noun(self) -> str:
        spec = self.setup.spec
        return spec.player_noun if spec is not None else "player"

    # ---- layout ----------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m, lw, fw = 24, 200, 320
        x = max(m, (w - lw - 10 - fw) // 2)
        title = f"Host - {self.setup.entry.title}" + (" (resumed)" if self.resumed is not None else "")
        self.ui(UILabel(pygame.Rect(m, m, w - 2 * m, 40), title, self.manager, object_id="#heading"))
        y = m + 70
        open_ = self.table is not None
        self.menus = []
        for n, choice in enumerate(self.choices, start=1):
            self.ui(UILabel(pygame.Rect(x, y, lw, 40), f"{self.noun.capitalize()} {n}", self.manager))
            menu = self.ui(
                UIDropDownMenu(list(CHOICES), choice, pygame.Rect(x + lw + 10, y, fw, 40), self.manager)
            )
            if open_:
                menu.disable()
            self.menus.append(menu)
            y += 50
        lan = "LAN: on (other machines may join)" if self.lan else "LAN: off (this machine only)"
        self.buttons = {"lan": self.ui(UIButton(pygame.Rect(x + lw + 10, y, fw, 40), lan, self.manager))}
        self.ui(UILabel(pygame.Rect(x, y, lw, 40), "Who may join", self.manager))
        y += 50
        for key, label, value in (
            ("password", "Password (optional)", self.password),
            ("player", "Your name", self.player),
        ):
            self.ui(UILabel(pygame.Rect(x, y, lw, 40), label, self.manager))
            entry = self.ui(UITextEntryLine(pygame.Rect(x + lw + 10, y, fw, 40), self.manager))
            entry.set_text(value)
            if key == "password":
                entry.set_text_hidden(True)  # as the joiner's: a password on the club's projector is no password
            self.entries[key] = entry
            y += 50
        if open_:
            self.buttons["lan"].disable()
            for entry in self.entries.values():
                entry.disable()
        y += 10
        box = pygame.Rect(x, y, lw + 10 + fw, max(80, h - y - m - 70))
        self.seats_box = self.ui(UITextBox(self._seats_html(), box, self.manager))
        self.buttons["back"] = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))
        right = pygame.Rect(w - m - 320, h - m - 48, 320, 48)
        if open_:
            words = begin_words(self.table.host.seats_now) if self.table and self.table.host else "Begin"
            self.buttons["begin"] = self.ui(UIButton(right, words, self.manager, object_id="#primary"))
        else:
            self.buttons["open"] = self.ui(UIButton(right, "Open the room", self.manager, object_id="#primary"))

    def _seats_html(self) -> str:
        out = [] if self.table is not None else [RESUME_HELP if self.resumed else OPEN_HELP.format(noun=self.noun)]
        if self.address:
            reach = "the local network" if self.lan else "this machine only"
            out.append(
                f"<b>Hosting on {html.escape(self.address)}</b> ({reach}): the others Join with this address."
            )
        if self.table is not None and self.table.host is not None:
            out += [html.escape(seat_line(s, self.noun)) for s in self.table.host.seats_now]
        if self.message:
            out.append(f"<font color='{BAD if self.bad else GOOD}'>{html.escape(self.message)}</font>")
        return "<br>".join(out)

    def teardown(self) -> None:
        if self.entries and self.table is None:
            self.read_form()  # a resize keeps what was typed
        self.entries = {}
        super().teardown()

    def read_form(self) -> None:
        for n, menu in enumerate(self.menus):
            chosen = menu.selected_option
            self.choices[n] = chosen[0] if isinstance(chosen, tuple) else str(chosen)
        if "password" in self.entries:
            self.password = self.entries["password"].get_text()
        if "player" in self.entries:
            self.player = self.entries["player"].get_text().strip() or "Host"

    # ---- the room ---------------------------------------------------------------------------------

    def open_room(self) -> bool:
        """Open the room with the form's seats (this window joins it to play its own); False when it cannot."""
        from game.net.client import Client
        from game.net.room import make_seats

        self.read_form()
        scenario = self.setup.entry.scenario
        if self.resumed is None and (scenario is None or self.setup.refusals):
            self.say("This set-up cannot start a game: go Back and see why.", True)
            return False
        if self.player != self.app.settings.player_name:  # the next Host or Join offers it again
            self.app.settings.player_name = self.player
            self.app.apply_settings()
        kinds = seat_kinds(self.choices)
        room = self._room(make_seats(kinds))
        host = self._listen(room)
        if host is None:
            return False
        local = [n for n, k in enumerate(kinds, start=1) if k == "local"]
        client = Client(
            f"127.0.0.1:{host.port}",
            self.player,
            local or None,
            spectate=not local,
            password=self.password,
            desync_folder=self.app.data_dir / "desync",
        )
        self.table = take(self.app, NetTable(client.start(), host, watch=not local))
        self.address = f"{lan_address() if self.lan else '127.0.0.1'}:{host.port}"
        self.say("The room is open.", False)
        self.app.rebuild()
        return True

    def _room(self, seats: list[Seat]) -> Room:
        """A new room for the set-up's game, or the resumed game's room with its players' names in their seats."""
        from game.net.room import Room

        if self.resumed is not None:
            return Room.reopen(self.resumed, [s.kind for s in seats])
        seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
        return Room.new(self.setup.entry.scenario, self.setup.options, seed, seats, self.app.autosaves())

    def _listen(self, room: Any) -> Any:
        from game.net.host import Host

        for port in self.ports:
            host = Host(
                room,
                self.lan,
                port,
                self.password,
                BOT_AFTER,
                self.app.data_dir / "desync",
                on_notice=self.notices.put,
            )
            try:
                host.start()
                return host
            except OSError as exc:
                error = exc
        self.say(f"Cannot open the room: {error}", True)
        return None

    def say(self, text: str, bad: bool) -> None:
        self.message, self.bad = text, bad
        if self.seats_box is not None:
            self.seats_box.set_text(self._seats_html())

    def begin(self) -> None:
        """Start play: the bots take the network seats nobody holds."""
        if self.table is None or self.table.host is None:
            return
        self.table.host.begin(fill=True)

    def update(self, dt: float) -> None:
        while not self.notices.empty():
            self.say(self.notices.get(), False)
        table = self.table
        if table is None or table.host is None:
            return
        client = table.client
        for u in client.poll(budget=0.05):
            if u.kind == "closed":
                self.say(f"This screen could not join its own room: {u.text}", True)
        seats = table.host.seats_now
        if seats != self.shown_seats:
            self.shown_seats = seats
            self.say(self.message, self.bad)
            begin = self.buttons.get("begin")
            if begin is not None:
                begin.set_text(begin_words(seats))
        game = client.game
        if game is not None and client.started and client.checked_at == len(game.commands):
            self.app.play_network(table)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), "")
            if key == "lan":
                self.read_form()
                self.lan = not self.lan
                self.app.rebuild()
            elif key == "open":
                self.open_room()
            elif key == "begin":
                self.begin()
            elif key == "back":
                self.back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        """Close the room (if open) and go back to the set-up."""
        if self.table is not None:
            leave(self.app)
            self.table = None
        self.app.pop()

    @property
    def seated(self) -> bool:
        return self.table is not None and self.table.host is not None and all_seated(self.table.host.seats_now)
