"""The title screen: Resume (an interrupted game), New game, Load game, Demo, Rules help, Settings, Quit.

Start-up looks for an unfinished autosave (:meth:`game.session.Session.resumable`); when there is
one, a "Resume: <what it was>" button heads the column.
"""

from __future__ import annotations

import re

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.ui.scenes.base import Scene

BUTTON_W, BUTTON_H, GAP = 280, 46, 10
PREPARING = "Preparing the table's fast paths... (the first start takes longest)"


def demo_tip() -> str:
    """The Demo button's tooltip: the registered rule sets the bots may play (read from the registry)."""
    from game.rules.core import get_ruleset, known_rulesets

    rulesets = sorted((get_ruleset(k) for k in known_rulesets()), key=lambda r: r.name.lower())
    # until some rule set registers its demo's force picker, the demo's own table serves them all
    picking = any(r.demo_forces is not None for r in rulesets)
    names = [r.name + (" (no demo yet)" if picking and r.demo_forces is None else "") for r in rulesets]
    tip = "Bots play every seat, game after game: " + ", ".join(names)
    return tip


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self._backdrop: pygame.Surface | None = None
        self.message = ""  # why a resume was refused
        self.resumable = self._find_resumable()
        self.preparing: UILabel | None = None  # "Preparing..." while the compiled loops are made ready

    def _find_resumable(self):
        from game.saves import remove_stale_temporaries
        from game.session import Session

        remove_stale_temporaries(self.app.saves_dir)  # left by a save killed mid-write (autosaves clean their own)
        try:
            return Session.resumable(self.app.autosaves())
        except (OSError, ValueError):  # an unreadable folder or a hostile autosave: nothing to offer, not a crash
            return None

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        self._backdrop = None
        labels: list[tuple[str, str, str | None]] = [
            ("new_game", "New game", None),
            ("load_game", "Load game", None),
            ("demo", "Demo", demo_tip()),
            ("rules", "Rules help", None),
            ("settings", "Settings", None),
            ("quit", "Quit", None),
        ]
        total = len(labels) * (BUTTON_H + GAP)
        x = (w - BUTTON_W) // 2
        y = max(h // 2 - 40, h - total - 70)
        self.buttons = {}
        if self.resumable is not None:
            _, line = self.resumable
            rw = min(w - 40, RESUME_W)  # clear of the church tower's window in the picture
            y -= BUTTON_H + GAP
            self.buttons["resume"] = self.ui(
                UIButton(
                    pygame.Rect((w - rw) // 2, y, rw, BUTTON_H),
                    resume_label(line),
                    self.manager,
                    object_id="#primary",
                    tool_tip_text=f"Carry on with the game that was interrupted: {line}",
                )
            )
            y += BUTTON_H + GAP
        if self.message:
            self.ui(UILabel(pygame.Rect(20, h - 60, w - 40, 30), self.message, self.manager, object_id="#subtle"))
        for key, text, tip in labels:
            button = self.ui(
                UIButton(
                    pygame.Rect(x, y, BUTTON_W, BUTTON_H),
                    text,
                    self.manager,
                    object_id=f"#title_{key}",
                    tool_tip_text=tip,
                )
            )
            self.buttons[key] = button
            y += BUTTON_H + GAP
        self.ui(
            UILabel(
                pygame.Rect(8, h - 28, 400, 24),
                "Dead Ground 0.1 - zombie skirmish on the tabletop",
                self.manager,
                object_id="#footnote",
            )
        )
        self.preparing = self.ui(
            UILabel(pygame.Rect(w - 428, h - 28, 420, 24), PREPARING, self.manager, object_id="#footnote")
        )
        self.update(0.0)

    def update(self, dt: float) -> None:
        """Say "Preparing..." while the compiled loops are made ready (a first start compiles them): the
        buttons answer meanwhile, and a game started before they are ready waits for them at its first need."""
        from game.table.warm import preparing

        if self.preparing is not None:
            if preparing() != self.preparing.visible:
                self.preparing.show() if preparing() else self.preparing.hide()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            app = self.app
            if event.ui_element is self.buttons.get("resume"):
                self.resume()
            elif event.ui_element is self.buttons.get("load_game"):
                app.show_load()
            elif event.ui_element is self.buttons.get("demo"):
                self.demo()
            elif event.ui_element is self.buttons.get("new_game"):
                app.show_new_game()
            elif event.ui_element is self.buttons.get("rules"):
                app.show_rules()  # every registered rule set, to choose from
            elif event.ui_element is self.buttons.get("settings"):
                app.show_settings()
            elif event.ui_element is self.buttons.get("quit"):
                app.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def resume(self) -> bool:
        """Open the interrupted game where it was; a refusal is shown on the title screen."""
        from game.saves import SaveError
        from game.session import Session

        if self.resumable is None:
            return False
        path, _ = self.resumable
        try:
            session = Session.resume(path, self.app.autosaves())
        except SaveError as exc:
            self.message = str(exc)
            self.resumable = None
            self.app.rebuild()
            return False
        self.app.open_session(session, notice="Resumed the interrupted game where it was.")
        return True

    def demo(self) -> None:
        from game.demo import DemoDirector, DemoLoop

        try:
            loop = DemoLoop(DemoDirector())
        except ValueError as exc:  # no scenario of a rule set the bots play
            self.message = f"{exc} {demo_tip()}."
            self.app.rebuild()
            return
        self.app.show_demo(loop)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._backdrop is None or self._backdrop.get_size() != size:
            # scaled once per window size, never per frame
            image = self.app.assets.image("ui.title")
            k = max(size[0] / image.get_width(), size[1] / image.get_height())  # cover, keep aspect
            cover = self.app.assets.scaled(
                "ui.title", (round(image.get_width() * k), round(image.get_height() * k))
            )
            self._backdrop = pygame.Surface(size)
            self._backdrop.blit(cover, cover.get_rect(center=(size[0] // 2, size[1] // 2)))
        surface.blit(self._backdrop, (0, 0))


RESUME_W = 360


def resume_label(line: str) -> str:
    """The Resume button's words: the map and how far it got; the whole line is its tooltip.

    >>> resume_label("Small Town (Some Rules (Second Edition)), move 3, 12 actions, 2026-12-06 01:00")
    'Resume: Small Town, move 3'
    """
    title = line.split(" (")[0]
    found = re.search(r"\b(?:turn|move) \d+", line)
    return f"Resume: {title}" + (f", {found.group(0)}" if found else "")
