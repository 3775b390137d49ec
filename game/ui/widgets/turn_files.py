"""Play by file on screen: the in-game menu's Send turn (file)… and Receive turn (file)….

Send writes the actions played since the last turn file received into ``<scenario>-turn-<n>.deadground-turn``
in the saves folder and says where (the status line and a plain window); Receive opens a file dialog on the
saves folder and plays the picked turn file into the game (:mod:`game.turn_file`: checked, played through the
rules, verified), which goes on from there; a refused file is named in the status line and changes nothing.

>>> panel = TurnFilesPanel(lambda: scene.session, lambda: app.saves_dir, scene.say, opened)  # doctest: +SKIP
>>> panel.pick("send_turn")                                                                   # doctest: +SKIP
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIWindow
from pygame_gui.windows import UIFileDialog, UIMessageWindow

from game.saves import SaveError
from game.session import Session, actions
from game.turn_file import (
    SUFFIX,
    Exchange,
    TurnRefused,
    read_turn,
    receive,
    sent,
    standing,
    turn_to_send,
    write_turn,
)
from game.ui.widgets import Keep

ITEMS = ("send_turn", "receive_turn")  # the menu's keys this panel answers


class TurnFilesPanel:
    """``session`` is the game's session (None: no game), ``folder`` where turn files go (the saves folder),
    ``say`` the status line, ``opened`` puts a session (the game with the turn received) on the table with a
    notice. The dialog and the window are kept across a rebuild."""

    def __init__(
        self,
        session: Callable[[], Session | None],
        folder: Callable[[], Path],
        say: Callable[[str, bool], None],
        opened: Callable[[Session, str], None],
    ) -> None:
        self._session, self._folder, self._say, self._opened = session, folder, say, opened
        self.picking = False  # the Receive dialog is open
        self.note = ""  # what Send wrote, shown in a plain window until closed
        self.dialog: UIFileDialog | None = None
        self.window: UIWindow | None = None

    def pick(self, key: str) -> None:
        """The menu's item ``key``: send the turn, or open the dialog to receive one."""
        if key == "send_turn":
            self.send()
        elif key == "receive_turn":
            self.picking = True

    def build(self, ui: Keep, manager: pygame_gui.UIManager, size: tuple[int, int]) -> None:
        """The open dialog or window again (a rebuild killed them)."""
        w, h = size
        pw, ph = min(620, w - 40), min(460, h - 40)
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.dialog = self.window = None
        if self.picking:
            self.dialog = ui(
                UIFileDialog(
                    rect,
                    manager,
                    window_title="Receive a turn file",
                    initial_file_path=str(_made(self._folder())),  # where Send writes them
                    allowed_suffixes={SUFFIX},
                    allow_existing_files_only=True,
                    always_on_top=True,
                    object_id="#turn_file_dialog",
                )
            )
        elif self.note:
            small = pygame.Rect(rect.x, rect.y, rect.w, min(240, rect.h))
            self.window = ui(
                UIMessageWindow(small, self.note, manager, window_title="Turn sent", always_on_top=True)
            )

    def send(self) -> Path | None:
        """Write the turn file into the folder; say where, or why not."""
        session = self._session()
        if session is None:
            return None
        exchange = Exchange.from_extra(session.extra)
        try:
            turn = turn_to_send(session.game, exchange)
            path = write_turn(turn, _made(self._folder()))
        except TurnRefused as exc:
            self._say(str(exc), True)
            return None
        except OSError as exc:
            self._say(f"Could not write the turn file: {exc.strerror or exc}", True)
            return None
        session.extra = sent(turn, exchange).to_extra(session.extra)
        session.autosave()  # the save keeps that it was sent (sent again, it keeps its number)
        self._say(f"Turn file {turn.number} written ({actions(len(turn.game.commands))}): {path}", False)
        self.note = (
            f"<b>{html.escape(path.name)}</b><br>{html.escape(str(path.parent))}<br><br>"
            "Send this file to the other player: they choose Receive turn (file)… in their game."
        )
        return path

    def game_over(self, manager: pygame_gui.UIManager) -> Path | None:
        """The game just ended: a game played by file sends its last turn (no menu is left to send it from,
        and the other players' games must end too), said in a window over the end screen."""
        session = self._session()
        if session is None:
            return None
        exchange = Exchange.from_extra(session.extra)
        if exchange == Exchange() or len(session.game.commands) == exchange.at:  # not by file, or ended by theirs
            return None
        path = self.send()
        if path is not None:  # not kept by the scene: the end screen comes over it
            w, h = manager.window_resolution
            UIMessageWindow(
                pygame.Rect((w - 520) // 2, h // 4, 520, 240),
                f"The game is over. Its last turn was written to<br><b>{html.escape(path.name)}</b><br>"
                f"{html.escape(str(path.parent))}<br><br>Send it to the other player, so their game ends too.",
                manager,
                window_title="Last turn sent",
                always_on_top=True,
            )
        return path

    def receive_file(self, path: Path | str) -> bool:
        """Play the turn file at ``path`` into the game and put it on the table; a refusal says why."""
        session = self._session()
        self.picking = False
        if session is None:
            return False
        path = Path(path)
        try:
            turn = read_turn(path)
            done = receive(session.game, turn, Exchange.from_extra(session.extra), path.name)
        except (SaveError, OSError) as exc:
            self._say(str(exc), True)
            return False
        extra = done.exchange.to_extra(session.extra)
        taken = Session(done.game, session.autosaves, session.rolled + done.rolled(), extra=extra)
        taken.autosave()
        played = actions(len(turn.game.commands))
        self._opened(taken, f"Received turn {turn.number} ({played}, verified). Now: {standing(done.game)}")
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The dialog's pick, or the dialog or window closed."""
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.receive_file(event.text)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element in (self.dialog, self.window):
            self.picking, self.note = False, ""
            return True
        return False


def _made(folder: Path) -> Path:
    """``folder``, made if it is not there yet (the saves folder before the first save)."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder
