"""The in-game menu: a column of buttons over the table (Resume, Save, Load, Send and Receive turn (file)…, Bots
finish the game (once the game is over: The report), How to play, Rules help, Settings, Quit to title), modal
while it is open: a shade darkens the screen behind it, the table takes no clicks and no keys but Esc and the save
keys, and a click outside it closes it without doing anything else. A button that opened under a resting pointer
(Esc pressed with the pointer on the table) does nothing until the pointer has left it: the click meant for the
table closes the menu instead of loading a game."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game.ui.widgets import Keep

MENU_ITEMS = (
    ("resume", "Resume"),
    ("save", "Save"),
    ("load", "Load"),
    ("send_turn", "Send turn (file)…"),
    ("receive_turn", "Receive turn (file)…"),
    ("bots", "Bots finish the game"),
    ("how_to_play", "How to play"),
    ("rules", "Rules help"),
    ("settings", "Settings"),
    ("title", "Quit to title"),
)
REPORT_ITEM = ("report", "The report")  # once the game is over, in the bots' place: the end screen again


TURN_FILES = ("send_turn", "receive_turn")


def menu_items(over: bool, turn_files: bool = True) -> tuple[tuple[str, str], ...]:
    """The menu's items: once the game is over, the report again where Bots finish the game stood (nothing is
    left for the bots, and the End button is greyed: the keyboard's E was the only way back to the report); the
    turn files only where there is another player to send a turn to (a solo newcomer's Esc opened the menu and
    his next click, meant for the table, sent a turn file to nobody).

    >>> [k for k, _ in menu_items(True)][4:7], "bots" in dict(menu_items(False))
    (['receive_turn', 'report', 'how_to_play'], True)
    >>> "send_turn" in dict(menu_items(False, turn_files=False))
    False
    """
    out = (REPORT_ITEM if over and key == "bots" else (key, label) for key, label in MENU_ITEMS)
    return tuple(item for item in out if turn_files or item[0] not in TURN_FILES)


class GameMenu:
    """``pick`` gets the chosen item's key; ``show`` opens or closes the menu (the scene lays out again)."""

    def __init__(self, pick: Callable[[str], None], show: Callable[[bool], None]) -> None:
        self.open = False
        self.buttons: dict[str, UIButton] = {}
        self._pick, self._show = pick, show
        self._shade: UIButton | None = None  # the whole screen behind the menu: a click on it closes the menu
        self._pointer: tuple[int, int] | None = None  # where the pointer last was (the table's or the panels')
        self._was_open = False
        self.unarmed: str | None = None  # the button the menu opened under the pointer: not pressed until left

    def build(self, ui: Keep, manager: pygame_gui.UIManager, size: tuple[int, int], side: int, top: int,
              can_save: bool, over: bool = False, turn_files: bool = True) -> None:  # fmt: skip
        """The menu's panel in the middle of the table (the window less the ``side`` panel and ``top`` bar);
        Save, Load and the turn files are off without a game to save; ``over``: the game is over (the report
        again in the bots' place); ``turn_files``: there is another player to send a turn to."""
        self.buttons, self._shade = {}, None
        opening, self._was_open = self.open and not self._was_open, self.open
        if not self.open:
            self.unarmed = None
            return
        w, h = size
        self._shade = ui(
            UIButton(pygame.Rect(0, 0, w, h), "", manager, starting_height=4, object_id="#menu_shade")
        )
        bw, gap = 260, 8
        items = menu_items(over, turn_files)
        bh = max(30, min(44, (h - top - 20 - 64) // len(items) - gap))  # a small window: shorter buttons
        panel_h = len(items) * (bh + gap) + 64
        rect = pygame.Rect((w - side - bw - 40) // 2, max(top + 10, (h - panel_h) // 2), bw + 40, panel_h)
        panel = ui(UIPanel(rect, manager=manager, starting_height=5, object_id="#side_panel"))
        ui(UILabel(pygame.Rect(10, 8, bw + 10, 32), "Menu", manager, container=panel, object_id="#panel_title"))
        for i, (key, label) in enumerate(items):
            self.buttons[key] = ui(
                UIButton(
                    pygame.Rect(18, 48 + i * (bh + gap), bw, bh),
                    label,
                    manager,
                    container=panel,
                    object_id="#primary" if key == "resume" else None,
                )
            )
        if not can_save:
            for key in ("save", "load", *TURN_FILES):
                if key in self.buttons:
                    self.buttons[key].disable()
        if opening:
            self.unarmed = self._under(self._pointer)

    def _under(self, pointer: tuple[int, int] | None) -> str | None:
        """The menu button under ``pointer`` (None: none, or the pointer is not known)."""
        if pointer is None:
            return None
        return next((k for k, b in self.buttons.items() if b.rect.collidepoint(pointer)), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if self.unarmed is not None and self._under(event.pos) != self.unarmed:
                self.unarmed = None  # the pointer left it: it is a button again
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if event.ui_element is b), None)
            if (key is not None and key == self.unarmed) or (self.open and event.ui_element is self._shade):
                self._show(False)  # a click meant for the table behind: the menu goes, nothing else happens
                return True
            if key is not None:
                self._pick(key)
            return key is not None or self.open  # modal: no other panel's button acts under it
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._show(False)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # modal: not for the table
