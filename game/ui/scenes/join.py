"""The title's Join: take a seat in a game hosted on another machine, or watch it.

The form asks for the host's address (``HOST[:PORT]``, the port 8765 when none is given), a name, the room's
password (if it has one) and which seat (the first free one, or a number); then Play a seat or Watch. While
the host waits for its players, the lobby lists the seats and who sits where; when the host begins, the table
opens. Whatever goes wrong (nobody answers there, another version of the game, a wrong password, a map this
machine lacks) is said in words under the form, never as a traceback.
"""

from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from game.net.client import GIVE_UP, Client
from game.ui.net_seats import join_words, noun_of, seat_line
from game.ui.net_table import NetTable, take
from game.ui.scenes.base import Scene

FIRST_FREE = "first free seat"
SEATS = (FIRST_FREE, "1", "2", "3", "4")
FIRST_CONTACT = 4.0  # seconds to reach the host before the form says it cannot (a joined game waits longer)
BAD, GOOD = "#E06050", "#A8C890"


class JoinScene(Scene):
    """Join's form, then its lobby."""

    name = "join"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        kept = app.settings  # the address and name used last (the password is never kept)
        self.address, self.player = kept.join_address or "127.0.0.1", kept.player_name or "Player"
        self.password, self.seat = "", FIRST_FREE
        self.table: NetTable | None = None  # the client, once Join was pressed
        self.message, self.bad = "", False
        self.entries: dict[str, UITextEntryLine] = {}
        self.buttons: dict[str, UIButton] = {}
        self.seat_menu: UIDropDownMenu | None = None
        self.lobby: UITextBox | None = None
        self.said: UITextBox | None = None

    # ---- layout ----------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m, lw, fw = 24, 160, 340
        x = max(m, (w - lw - 10 - fw) // 2)
        self.ui(
            UILabel(pygame.Rect(m, m, w - 2 * m, 40), "Join a network game", self.manager, object_id="#heading")
        )
        y = m + 70
        rows = (
            ("address", "Host address", self.address, "HOST or HOST:PORT (the host's screen shows it)"),
            ("player", "Your name", self.player, "What the other players see"),
            ("password", "Password", self.password, "Only if the room has one"),
        )
        for key, label, value, tip in rows:
            self.ui(UILabel(pygame.Rect(x, y, lw, 40), label, self.manager))
            entry = self.ui(UITextEntryLine(pygame.Rect(x + lw + 10, y, fw, 40), self.manager))
            entry.set_text(value)
            entry.tool_tip_text = tip
            if key == "password":
                entry.set_text_hidden(True)
            self.entries[key] = entry
            y += 50
        self.ui(UILabel(pygame.Rect(x, y, lw, 40), "Seat", self.manager))
        self.seat_menu = self.ui(
            UIDropDownMenu(list(SEATS), self.seat, pygame.Rect(x + lw + 10, y, fw, 40), self.manager)
        )
        y += 60
        busy = self.table is not None
        self.buttons = {
            "play": self.ui(
                UIButton(pygame.Rect(x, y, 200, 48), "Play a seat", self.manager, object_id="#primary")
            ),
            "watch": self.ui(UIButton(pygame.Rect(x + 210, y, 140, 48), "Watch", self.manager)),
            "back": self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager)),
        }
        if busy:
            self.buttons["play"].disable()
            self.buttons["watch"].disable()
        y += 64
        self.said = self.ui(UITextBox(self._said_html(), pygame.Rect(x, y, lw + 10 + fw, 90), self.manager))
        y += 100
        box = pygame.Rect(x, y, lw + 10 + fw, max(60, h - y - m - 60))
        self.lobby = self.ui(UITextBox(self._lobby_html(), box, self.manager))

    def _said_html(self) -> str:
        if not self.message:
            return ""
        return f"<font color='{BAD if self.bad else GOOD}'>{html.escape(self.message)}</font>"

    def _lobby_html(self) -> str:
        client = self.table.client if self.table is not None else None
        if client is None or not client.room_seats:
            return ""
        noun = noun_of(client.game)
        lines = [html.escape(seat_line(s, noun, client.seats)) for s in client.room_seats]
        mine = ", ".join(map(str, client.seats)) or "none: watching"
        return "<b>The table</b><br>" + "<br>".join(lines) + f"<br><br>Your {noun}: {html.escape(mine)}"

    def teardown(self) -> None:
        if self.entries:
            self.read_form()  # a resize keeps what was typed
        self.entries = {}
        super().teardown()

    # ---- joining ----------------------------------------------------------------------------------

    def read_form(self) -> None:
        for key, entry in self.entries.items():
            setattr(self, key, entry.get_text().strip() if key != "password" else entry.get_text())
        if self.seat_menu is not None:
            chosen = self.seat_menu.selected_option
            self.seat = chosen[0] if isinstance(chosen, tuple) else str(chosen)

    def join(self, watch: bool) -> None:
        """Connect with the form's answers (the lobby, or what went wrong, shows as the host answers)."""
        self.read_form()
        if not self.address:
            self.show(
                "Type the host's address (its screen shows it), e.g. 192.168.1.20 or 192.168.1.20:8765.", True
            )
            return
        self.remember()
        seat = None if watch or self.seat == FIRST_FREE else int(self.seat)
        client = Client(
            self.address,
            self.player or ("watcher" if watch else "player"),
            seat,
            spectate=watch,
            password=self.password,
            give_up=FIRST_CONTACT,
            desync_folder=self.app.data_dir / "desync",
        )
        self.table = take(self.app, NetTable(client.start(), None, watch))
        self.show(f"Reaching {self.address}...", False)
        self.app.rebuild()

    def remember(self) -> None:
        """Keep the address and the name in the player's settings for the next Join (not the password)."""
        kept = self.app.settings
        if (kept.join_address, kept.player_name) != (self.address, self.player):
            kept.join_address, kept.player_name = self.address, self.player
            self.app.apply_settings()

    def show(self, text: str, bad: bool) -> None:
        self.message, self.bad = text, bad
        if self.said is not None:
            self.said.set_text(self._said_html())

    def update(self, dt: float) -> None:
        table = self.table
        if table is None:
            return
        client = table.client
        for u in client.poll(budget=0.05):
            if u.kind == "joined":
                client.give_up = GIVE_UP  # from now on a drop is waited out (the host may be back)
                started = (
                    "The game has begun: catching up..." if client.started else "Waiting for the host to begin."
                )
                title = client.game.scenario.title if client.game is not None else u.text
                self.show(f"Joined {title}. {started}", False)
            elif u.kind == "closed":
                self.table = None
                client.close(0.5)
                self.show(join_words(u.text, self.address), True)
                self.app.rebuild()
                return
            elif u.kind == "dropped":
                self.show(f"{u.text} Waiting for the host to come back...", True)
            if self.lobby is not None and u.kind in ("joined", "seats"):
                self.lobby.set_text(self._lobby_html())
        game = client.game
        if game is not None and client.started and client.checked_at == len(game.commands):
            self.app.play_network(table)  # caught up with the host: the table

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("play"):
                self.join(False)
            elif event.ui_element is self.buttons.get("watch"):
                self.join(True)
            elif event.ui_element is self.buttons.get("back"):
                self.back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        """Leave the lobby (the seat is freed) and go back."""
        if self.table is not None:
            from game.ui.net_table import leave

            leave(self.app)
            self.table = None
        self.app.pop()
