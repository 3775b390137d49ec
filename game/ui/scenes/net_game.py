"""The table of a networked game: the game is the host's; this screen shows its :class:`~game.net.client.Client`'s
copy and sends its own seats' commands to the host.

It is the ordinary game scene with one thing changed: where the table's commands go (the controller's outlet,
:class:`~game.controller.outlet.SendToHost`). The host checks each command with the rules and sends it back to
every copy, or refuses it to its sender with the reason (shown in the status line and the log). Every frame
the client is polled: the host's commands are applied to the copy there and animated here as usual (another
seat's like a bot's); who took or left a seat, a dropped connection and its rejoin, a desync and the room's
end are said in the log. The host's own window plays the same way (it joins its room over 127.0.0.1, taking
the seats played on this screen). A spectator's table has the demo's camera that follows the action.
"""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path
from typing import Any

from game.controller import Mode
from game.controller.outlet import SendToHost
from game.net.client import Update
from game.rules.contract import Report
from game.rules.core import Game
from game.ui.follow_camera import ActionCamera
from game.ui.net_seats import (
    changes,
    end_words,
    handoff_words,
    not_yours_words,
    noun_of,
    seat_choices,
    seat_won,
    waiting_words,
)
from game.ui.net_table import NetTable, leave
from game.ui.scenes.game import GameScene

BAD = "#F08A6E"
NEWS = "#A8C890"
OFF_IN_THE_MENU = ("load", "send_turn", "receive_turn", "bots")
GONE = (
    "The host is gone (nobody answered for ten minutes): the room is closed. Menu, Save keeps a copy of the game."
)
REJOIN_WAIT = 600.0  # seconds a table waits for its host: one that crashed is restarted and resumes the room
CATCH_UP_SECONDS = 3.0  # seconds of animation a table may be behind the game; beyond, the backlog is shown at once
DROPPED = "The connection to the host dropped: rejoining..."
CLOSE_QUESTION = (
    "Close the room? The game stops for the other players (its autosave keeps it: Resume the room at the "
    "title). Press Yes, close the room to close it."
)
WATCHING = "You are watching: the players give the orders on their own screens."


def dropped_words(reason: str) -> str:
    """The news of a dropped connection: the host's words when it said why (it stopped), and that we rejoin.

    >>> dropped_words("The host has stopped; rejoin when it is back.")
    'The host has stopped; rejoin when it is back. Rejoining...'
    >>> dropped_words("")
    'The connection to the host dropped: rejoining...'
    """
    if not reason or "dropped" in reason:
        return DROPPED
    return reason if "rejoining" in reason.lower() else f"{reason} Rejoining..."


def closed_words(reason: str) -> str:
    """The news of a room its host closed for good: the host's words when they say who closed it.

    >>> closed_words("Ann closed the room.")
    'Ann closed the room. Menu, Save keeps a copy of the game; Leave the game goes back to the title.'
    >>> closed_words("The host has stopped.")
    'The host closed the room: The host has stopped.'
    """
    if reason.endswith("closed the room."):
        return f"{reason} Menu, Save keeps a copy of the game; Leave the game goes back to the title."
    return f"The host closed the room: {reason}"


class NetGameScene(GameScene):
    """A networked game on the table (``table.watch``: only watched)."""

    name = "net_game"
    hand_over_cards = False  # each screen seats its own player: its plate says whose turn (handoff_words)

    def __init__(self, app: Any, table: NetTable) -> None:
        client = table.client
        assert client.game is not None, "the client has no game yet"
        self.table = table
        self.takes_orders = not table.watch
        client.give_up = max(client.give_up, REJOIN_WAIT)
        self.outlet = SendToHost(client.send)  # (a spectator's key presses go there too: the host refuses them)
        self.camera_man: ActionCamera | None = None
        self.seats_seen = list(client.room_seats)
        self.dropped = False
        self.close_asked = False  # the host's Close the room was pressed once: the next press closes it
        self.acting_said: int | None = None  # the seat whose turn the status line last said
        game = client.game
        super().__init__(app, game.scenario, game.options, game=game, autosave=False)
        self.log(f'<font color="{NEWS}">{html.escape(self.who_am_i())}</font>')
        if table.watch:
            self.say("Watching: the camera follows the action (the other screens play).")
        self._whose_turn()

    def who_am_i(self) -> str:
        """The log's line on this screen's place in the room."""
        client, noun = self.table.client, self.noun()
        host = "this machine hosts" if self.table.host is not None else f"the host is {client.uri[5:]}"
        if not client.seats:
            return f"Watching the game ({host}); the camera follows the action."
        seats = ", ".join(map(str, client.seats))
        return f"You play {noun} {seats} ({host}); the other seats' moves appear as they are made."

    def noun(self) -> str:
        return noun_of(self.match.game if self.match is not None else None)

    def _attach(self, game: Game) -> None:
        super()._attach(game)
        if self.match is None:
            return
        self.match.handoff_words = self.handoff_words
        if self.takes_orders:  # (a spectator's screen marks who may act, as before)
            self.match.controller.not_here = self.turn_elsewhere
        else:
            self.match.controller.watching = WATCHING

    def handoff_words(self, player: int, text: str) -> str:
        """The hand-over plate: "your team" only on the screen that plays it, else whose turn, by name."""
        client = self.table.client
        return handoff_words(client.room_seats, client.seats, player, text)

    def turn_elsewhere(self) -> str:
        """Why the acting seat's figures take no orders here ("" when this screen plays it): whose turn it is."""
        client = self.table.client
        acting = client.acting()
        if acting is None or acting in client.seats or self.match is None:
            return ""
        return not_yours_words(client.room_seats, acting, self.noun(), self.match.view.figure_noun)

    # ---- the frame --------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        menu = self.game_menu.buttons
        for key in OFF_IN_THE_MENU:  # the host's log is the game: no other game loaded in, no turn files
            if key in menu:
                menu[key].disable()
        if "title" in menu:
            closing = "Yes, close the room" if self.close_asked else "Close the room"
            menu["title"].set_text("Leave the game" if self.table.host is None else closing)
        if self.table.watch and self.view is not None:
            self.camera_man = ActionCamera(self.view.camera, self.view.table_size)

    def update(self, dt: float) -> None:
        for update in self.table.client.poll():
            self.hear(update)
        self._over_here()
        super().update(dt)
        self._whose_turn()
        if self.table.watch and self.match is not None and self.camera_man is not None:
            self.camera_man.update(self.match, dt)

    def _whose_turn(self) -> None:
        """Once the screen is still, say whose turn it is when it is another seat's (this screen waits)."""
        client, match = self.table.client, self.match
        if match is None or match.playback.busy or match.controller.mode != Mode.IDLE or match.game.over:
            return
        acting = client.acting()
        if acting == self.acting_said:
            return
        self.acting_said = acting
        if acting is None:
            return
        if not client.seats:
            self.say(f"You are watching. {waiting_words(client.room_seats, acting, self.noun())}")
        elif acting in client.seats:
            self.say(f"Your turn ({self.noun()} {acting}): click one of your {match.view.figure_noun}s, or Tab.")
        else:
            self.say(waiting_words(client.room_seats, acting, self.noun()))

    def _over_here(self) -> None:
        """Another seat's command ended the game: once it is shown, this table ends it too (its own command
        would have, as a click's does), and the game scene opens the end screen."""
        match = self.match
        if match is None or match.finished or not match.game.over or match.playback.busy:
            return
        if match.controller.sent is not None:
            return  # our own command's answer is on its way: it ends the game as a click's would
        match.controller.mode = Mode.GAME_OVER
        match.finished = True
        match.status, match.status_bad = match.view.result(match.game)

    def hear(self, u: Update) -> None:
        """One piece of news from the host, shown."""
        client = self.table.client
        if client.game is not None and (self.match is None or client.game is not self.match.game):
            self._follow_copy()  # the copy was rebuilt after a rejoin: draw it afresh
        if u.kind == "applied" and self.match is not None:
            self._keep_up()
            self.match.heard(u.cmd, u.events)
        elif u.kind == "refused" and self.match is not None:
            self.match.refused(u.text)
            self.news(f"Refused: {u.text}", bad=True)
        elif u.kind == "joined" and self.dropped:
            self.dropped = False
            self.news("Rejoined: caught up with the host.")
        elif u.kind == "seats":
            for line in changes(self.seats_seen, client.room_seats, self.noun()):
                self.news(line)
            self.seats_seen = list(client.room_seats)
        elif u.kind == "dropped":
            self.dropped = True
            words = dropped_words(u.text)
            if self.match is not None and self.match.controller.sent is not None:
                self.match.refused(words)  # it may come back applied with the catch-up, or not at all
            self.news(words, bad=True)
        elif u.kind == "desync":
            self.news(u.text, bad=True)
        elif u.kind == "closed":
            over = self.match is not None and self.match.game.over
            words = GONE if "is gone" in u.text else closed_words(u.text)
            self.news(u.text if over else words, bad=not over)
        elif u.kind == "notice" and u.text:
            self.news(u.text)

    def _keep_up(self) -> None:
        """Players who end phases quickly leave a table that animates everything behind (a projector at speed 1
        fell a turn behind): one more than :data:`CATCH_UP_SECONDS` of animation behind shows its backlog at
        once, as Space does, so the next command is the one animated (and the watcher's camera frames it)."""
        match = self.match
        if match is not None and match.playback.seconds_left() > CATCH_UP_SECONDS:
            match.skip()

    def _follow_copy(self) -> None:
        game = self.table.client.game
        assert game is not None
        self._attach(game)
        self._shown, self._seen_version = {}, -1

    def news(self, text: str, bad: bool = False) -> None:
        """A line in the log and the status line."""
        self.log(f'<font color="{BAD if bad else NEWS}">{html.escape(text)}</font>')
        self.say(text, bad)

    # ---- what a networked game does differently --------------------------------------------------------

    def undo(self) -> None:
        self.say("Undo is off in a network game: the host's log is the game.", bad=True)

    def load(self, path: Any) -> bool:
        self.say("Leave the network game (Menu, Title) before loading another.", bad=True)
        return False

    def open_load(self) -> None:
        self.menu_open = False
        self.load(None)

    def quick_load(self) -> None:
        self.load(None)

    def bots_finish(self) -> None:
        self.say("In a network game a bot plays the seat of a player who leaves: leave to let it.", bad=True)

    def save(self, path: Any = None) -> Any:
        """A copy of the game as it stands here (the host autosaves the game itself)."""
        from game.saves import save_game

        if self.match is None:
            return None
        if path is None:
            import time

            path = self.app.saves_dir / f"network-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            written = save_game(self.match.game, path)
        except (OSError, TypeError, ValueError) as exc:
            self.say(f"Could not save to {path}: {exc}", bad=True)
            return None
        self.say(f"Saved a copy to {written}")
        return written

    def _menu(self, key: str) -> None:
        asked, self.close_asked = self.close_asked, False
        if key == "title" and self.table.host is not None and not asked:
            self.close_asked = True  # the menu stays open, its button asking
            self.app.rebuild()
            self.say(CLOSE_QUESTION, bad=True)
            return
        if key == "title":
            self.close_room() if self.table.host is not None else self.leave()
            return
        super()._menu(key)

    def close_room(self) -> None:
        """Close the room on purpose: the others read who closed it, and stop rejoining."""
        leave(self.app, f"{self.table.client.name or 'The host'} closed the room.")
        self.app.back_to_title()

    def leave(self) -> None:
        """Leave the room (hosting: close it) and go back to the title."""
        leave(self.app)
        self.app.back_to_title()

    def _show_end(self) -> None:
        make_report = self.rules.report if self.rules is not None else None
        if make_report is None or self.match is None:
            super()._show_end()
            return
        report = self.seat_report(make_report(self.match.game))
        hosting = self.table.host is not None
        again, words = (self.host_again, "Host again") if hosting else (self.join_again, "Join again")
        self.app.show_end(report, on_again=again, on_title=self.leave, again_words=words)

    def seat_report(self, report: Report) -> Report:
        """The report from this screen's side: a race its player lost reads DEFEAT, with who won."""
        won = seat_won(report.winner)
        if won is None:
            return report
        client = self.table.client
        victory, headline, reason = end_words(client.room_seats, client.seats, won, report.reason)
        return dataclasses.replace(report, victory=victory, headline=headline, reason=reason)

    def host_again(self) -> None:
        """The end's Host again: the room closes, and the Host screen opens on the same map, options and seats."""
        from game.ui.game_setup import GameSetup
        from game.ui.scenario_list import ScenarioEntry
        from game.ui.scenes.host import HostScene

        game, kinds = self.match.game if self.match else None, [s["kind"] for s in self.table.client.room_seats]
        self.leave()
        if game is None:
            return
        setup = GameSetup(ScenarioEntry(Path(game.scenario.path), game.scenario))
        setup.use_options(dict(game.options))
        self.app.show_host(setup)
        scene = getattr(self.app, "scene", None)
        if isinstance(scene, HostScene) and len(kinds) == len(scene.choices):
            scene.choices = seat_choices(kinds)
            self.app.rebuild()

    def join_again(self) -> None:
        """The end's Join again: the Join form, its address and name as last time (for the host's next room)."""
        self.leave()
        self.app.show_join()
