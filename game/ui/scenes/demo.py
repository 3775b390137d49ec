"""Demo mode on screen: bots play every seat, scenario after scenario, with the animations and sounds.

A banner over the table names the scenario and the night's score (``DEMO — Hold the Line —
Allies 3 : Zombies 2``), with who is winning now (:meth:`game.demo.DemoLoop.status`). A real
touch (a key, a mouse button, or the mouse moved more than :data:`TOUCH_PIXELS`) hands the game
in progress to the player, with no bots; between games it returns to the title instead. After
each game the result stays up for :data:`RESULT_SECONDS`, then the next game is dealt.

>>> raise SystemExit(run(DemoLoop(DemoDirector())))              # doctest: +SKIP
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel, UIPanel, UITextBox

from game.demo import DemoLoop, standing
from game.ui.scenes.game import RIGHT_PANEL, TRAY_HEIGHT, GameScene

TOUCH_PIXELS = 20  # mouse jitter below this does not count as wanting to play
RESULT_SECONDS = 4.0
GOLD = (240, 217, 138)
HINT = (200, 196, 170)

if TYPE_CHECKING:
    from game.ui.match import Match


def score_line(loop: DemoLoop) -> str:
    """``Survivors 3 – Zombies 2`` from the night's tally, in the same words for every rule set."""
    return loop.tally.score()


class DemoScene(GameScene):
    """One demo game on the table; the next game gets a new scene (its own map)."""

    name = "demo"
    match: Match  # a replay or a demo always has its game on the table
    takes_orders = False  # the bots play; a touch hands the game over (see intercept)

    def __init__(self, app, loop: DemoLoop, games: int | None = None, standalone: bool = False) -> None:
        if loop.game is None or loop.current is None:
            loop.tick()  # deal the first game
        self.loop = loop
        self.games = games
        self.standalone = standalone  # ``deadground demo``: the last game quits instead of going to the title
        self.result_left: float | None = None  # seconds the result stays up
        self._touch_origin: tuple[int, int] | None = None
        self.commands_shown = 0
        # where the banner and the hint go (see _place_banner), and for which view and sizes
        self.banner_rect = self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self._banner_size = 26
        self._placed_for: tuple = ()
        self._placed_at = -(10**9)
        assert loop.current is not None
        deal = loop.current
        super().__init__(app, deal.scenario, deal.options, game=loop.game, autosave=False)
        self.match.say(self.loop.status())

    # ---- what the table scene asks of us ---------------------------------------------------------------

    def top_buttons(self) -> list[tuple[str, str, str, str | None]]:
        return []

    def _build_controls(self, right: UIPanel, y: int) -> int:
        m = self.manager
        self.buttons = {}
        self.hint_box = None
        self.ui(
            UILabel(pygame.Rect(10, y, RIGHT_PANEL - 26, 26), "Demo", m, container=right, object_id="#panel_title")
        )
        y += 28
        self.demo_box = self.ui(
            UITextBox(
                self._demo_html(),
                pygame.Rect(6, y, RIGHT_PANEL - 18, 176),
                m,
                container=right,
                object_id="#footnote",
            )
        )
        y += 182
        self.dice_tray.build(self.ui, m, right, pygame.Rect(6, y, RIGHT_PANEL - 18, TRAY_HEIGHT))
        return y + TRAY_HEIGHT + 4

    def _demo_html(self) -> str:
        import html

        return (
            f"<b>{html.escape(self.banner_text())}</b><br>{html.escape(self.loop.status())}<br>"
            "<i>Move the mouse or press a key to play.</i>"
        )

    def _hint(self) -> None:
        pass

    def _button(self, name: str) -> None:
        pass

    def _show_end(self) -> None:
        pass  # the demo shows the result on the table, then deals the next game

    # ---- the demo --------------------------------------------------------------------------------------

    def banner_text(self) -> str:
        title = self.loop.current.scenario.title if self.loop.current else self.scenario.title
        finished = self.loop.games_finished
        return (
            f"DEMO \u2014 {title} \u2014 {score_line(self.loop)} ({finished} game{'s' * (finished != 1)} so far)"
        )

    def intercept(self, event: pygame.event.Event) -> bool:
        """Any real touch hands over (seen before pygame_gui, so no widget swallows it)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.hand_over()
            return True
        if event.type == pygame.MOUSEMOTION:
            if self._touch_origin is None:
                self._touch_origin = tuple(event.pos)
                return True
            if math.dist(self._touch_origin, event.pos) > TOUCH_PIXELS:
                self.hand_over()
            return True
        return False

    def hand_over(self) -> None:
        """The player takes the game in progress (no bots), or goes to the title between games."""
        game, deal = self.loop.hand_over()
        if game is None:
            self.app.back_to_title()
            return
        from game.session import Session

        session = Session(game, self.app.autosaves())
        session.autosave()  # from now on it is the player's game, resumable like any other
        self.app.open_session(session, notice="Your game now: the bots have left the table. (Autosaved)")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.match is not None:
            self.match.handoff = None  # no "your section" plate: nobody's turn is a player's here
        if self.match is None or self.match.playback.busy or self.app.scene is not self:
            return
        loop, game = self.loop, self.loop.game
        if game is None:
            return
        if game.over:
            if self.result_left is None:
                self.result_left = RESULT_SECONDS / max(0.25, self.app.settings.animation_speed)
                self.match.say(f"Game over: the {game.winner} win. " + self.loop.tally.line())
                self.demo_box.set_text(self._demo_html())
                return
            self.result_left -= dt
            if self.result_left > 0:
                return
            if self.games is not None and loop.games_finished >= self.games:
                if self.standalone:
                    self.app.quit()
                else:
                    self.app.back_to_title()
                return
            while loop.game is game:  # past the loop's own pause: the next game
                loop.tick()
            self.app.show_demo(loop, self.games, self.standalone)
            return
        events = loop.tick()
        if loop.game is not game:  # a bot error made the loop deal again
            self.app.show_demo(loop, self.games, self.standalone)
            return
        self.commands_shown += 1
        self.match.show(events)
        self.match.say(loop.status())
        self.demo_box.set_text(self._demo_html())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.view is None:
            return
        game = self.loop.game
        lines = self.banner_text()
        if game is not None and game.over:
            lines += f"\nThe {game.winner} win!"
        elif game is not None:
            lines += f"\nNow: {standing(game)}"
        plate = self.view.plate(lines, 26, GOLD)
        hint = self.view.plate("Move the mouse or press a key to play", 18, HINT)
        where = (plate.get_size(), hint.get_size(), self.view.camera.ppi, self.view.camera.offset)
        if where != self._placed_for or self.app.frames - self._placed_at > 30:
            self._place_banner(lines, plate, hint)
            self._placed_for, self._placed_at = where, self.app.frames
        plate = self.view.plate(lines, self._banner_size, GOLD)
        surface.blit(plate, self.banner_rect)
        surface.blit(hint, self.hint_rect)

    def _place_banner(self, lines: str, plate: pygame.Surface, hint: pygame.Surface) -> None:
        """The banner and the hint where they hide no zone, figure or word on the table: the clearest
        spot, in a smaller print if the full one finds none (looked for twice a second, not each frame)."""
        assert self.view is not None
        self._banner_size = 26
        self.banner_rect, hidden = self.view.clear_spot(plate.get_size())
        for size in (22, 18):
            if not hidden:
                break
            smaller = self.view.plate(lines, size, GOLD)
            rect, less = self.view.clear_spot(smaller.get_size())
            if less < hidden:
                self.banner_rect, hidden, self._banner_size = rect, less, size
        self.hint_rect, _ = self.view.clear_spot(hint.get_size(), avoid=[self.banner_rect], bottom_first=True)
