"""Watching a replay: the saved game on the table, stepped forward with the game's own animations.

Controls: |< (start), < (back one), Play/Pause, > (forward one), >| (end), and - / + for the speed
(keys: Home, Left, Space, Right, End, minus, plus; Esc goes back). Going forward animates the
step's events exactly as the game showed them; going back rebuilds the earlier moment (no
animation). A save that recorded an error shows it when the replay reaches it.

>>> raise SystemExit(run(Replay(read_save("game.json"))))      # doctest: +SKIP
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game.replay import Replay
from game.ui.scenes.game import RIGHT_PANEL, TRAY_HEIGHT, GameScene

SPEEDS = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)
CONTROLS = (
    ("start", "|<", "Jump to the start (Home)"),
    ("back", "<", "One step back (Left)"),
    ("play", "Play", "Play / pause (Space)"),
    ("forward", ">", "One step forward (Right)"),
    ("end", ">|", "Jump to the end (End)"),
)
KEYS = {
    pygame.K_HOME: "start",
    pygame.K_LEFT: "back",
    pygame.K_SPACE: "play",
    pygame.K_RIGHT: "forward",
    pygame.K_END: "end",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_KP_PLUS: "faster",
}

if TYPE_CHECKING:
    from game.ui.match import Match


class ReplayScene(GameScene):
    """A saved game played back. ``on_back`` runs on Back/Esc (default: the previous scene)."""

    name = "replay"
    match: Match  # a replay or a demo always has its game on the table
    takes_orders = False  # the saved game plays itself
    hand_over_cards = False  # nobody takes the table over: it plays on by itself

    def __init__(self, app, replay: Replay, title: str = "", on_back: Callable[[], None] | None = None) -> None:
        self.replay = replay
        self.title = title or replay.saved.scenario_name
        self.on_back = on_back
        self.playing = False
        speed = app.settings.animation_speed
        self.speed = min(SPEEDS, key=lambda s: abs(s - speed))
        self.controls: dict[str, UIButton] = {}
        super().__init__(app, replay.scenario, replay.saved.options, game=replay.game, autosave=False)
        self._reset_log()

    # ---- what the table scene asks of us ---------------------------------------------------------------

    def top_buttons(self) -> list[tuple[str, str, str, str | None]]:
        return [
            ("fit", "Fit", "Show the whole table", None),
            ("outlines", "Outlines", "Terrain outlines on/off (L)", None),
            ("back_out", "Back", "Leave the replay (Esc)", None),
        ]

    def _build_controls(self, right: UIPanel, y: int) -> int:
        m = self.manager
        self.buttons = {}
        self.ui(
            UILabel(
                pygame.Rect(10, y, RIGHT_PANEL - 26, 26), "Replay", m, container=right, object_id="#panel_title"
            )
        )
        y += 30
        self.counter = self.ui(
            UILabel(
                pygame.Rect(10, y, RIGHT_PANEL - 26, 24),
                self.counter_text(),
                m,
                container=right,
                object_id="#subtle",
            )
        )
        y += 30
        widths = (44, 44, 86, 44, 44)
        x = 8
        self.controls = {}
        for (key, label, tip), bw in zip(CONTROLS, widths):
            self.controls[key] = self.ui(
                UIButton(
                    pygame.Rect(x, y, bw, 38),
                    label,
                    m,
                    container=right,
                    tool_tip_text=tip,
                    object_id="#primary" if key == "play" else None,
                )
            )
            x += bw + 4
        y += 44
        self.controls["slower"] = self.ui(
            UIButton(pygame.Rect(8, y, 44, 34), "-", m, container=right, tool_tip_text="Slower (-)")
        )
        self.speed_label = self.ui(UILabel(pygame.Rect(56, y, 150, 34), self.speed_text(), m, container=right))
        self.controls["faster"] = self.ui(
            UIButton(pygame.Rect(210, y, 44, 34), "+", m, container=right, tool_tip_text="Faster (+)")
        )
        y += 42
        self.dice_tray.build(self.ui, m, right, pygame.Rect(6, y, RIGHT_PANEL - 18, TRAY_HEIGHT))
        self.hint_box = None
        self._update_controls()
        return y + TRAY_HEIGHT + 4

    def _hint(self) -> None:
        pass  # no action buttons to explain

    def _button(self, name: str) -> None:
        pass  # nobody plays a replay's figures

    def _show_end(self) -> None:
        pass  # the replay stays on the table at its end

    def undo(self) -> None:
        pass

    def save(self, path: Any = None) -> Any:
        return None

    # ---- the replay ------------------------------------------------------------------------------------

    def counter_text(self) -> str:
        turn = getattr(getattr(self.replay.game, "state", None), "turn", "?")
        return f"Turn {turn} \u2014 step {self.replay.position} of {self.replay.length}"

    def speed_text(self) -> str:
        return f"Speed {self.speed:g}x"

    def _reset_log(self) -> None:
        """The log shows the game up to the replay's position."""
        self.log_lines = [f"<b>Replay of {html.escape(self.title)}</b>"]
        self._attach(self.replay.game)
        self.match.set_speed(self.speed)
        self.log_panel.reshow()
        self._shown, self._seen_version = {}, -1
        self._status()

    def _status(self) -> None:
        r = self.replay
        if r.at_end and r.error:
            self.say(f"At the end this save's next command raised: {r.error}", bad=True)
        elif r.at_end:
            over = getattr(r.game, "over", False)
            self.say(
                f"End of the replay: {r.game.winner} win." if over else "End of the replay (the game went on)."
            )
        else:
            self.say(f"Step {r.position} of {r.length}. Space plays, Left/Right step, Home/End jump.")

    def forward(self) -> bool:
        """Animate the next step; False at the end."""
        if self.match.playback.busy:
            self.match.skip()
        if self.replay.at_end:
            self.playing = False
            self._status()
            return False
        game = self.replay.game
        events = self.replay.forward()
        if self.replay.game is not game:  # never in place of an in-place step, but be sure
            self._reset_log()
            return True
        self.match.show(events)
        if self.replay.at_end:
            if self.replay.error:
                self.log(f'<font color="#F08A6E"><b>Recorded error:</b> {html.escape(self.replay.error)}</font>')
            self.playing = False
        self._status()
        self._update_controls()
        return True

    def seek(self, step: int) -> None:
        """Show the game just after ``step`` commands (no animation)."""
        self.playing = self.playing and step > self.replay.position
        self.replay.seek(step)
        self._reset_log()
        self._update_controls()

    def control(self, key: str) -> None:
        r = self.replay
        if key == "start":
            self.playing = False
            self.seek(0)
        elif key == "back":
            self.playing = False
            self.seek(r.position - 1)
        elif key == "forward":
            self.playing = False
            self.forward()
        elif key == "end":
            self.playing = False
            self.seek(r.length)
            if r.error:
                self.log(f'<font color="#F08A6E"><b>Recorded error:</b> {html.escape(r.error)}</font>')
        elif key == "play":
            self.playing = not self.playing and not r.at_end
        elif key in ("slower", "faster"):
            i = SPEEDS.index(self.speed) + (1 if key == "faster" else -1)
            self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]
            self.match.set_speed(self.speed)
        self._update_controls()

    def _update_controls(self) -> None:
        if not self.controls:
            return
        r = self.replay
        self.controls["play"].set_text("Pause" if self.playing else "Play")
        for key, on in (
            ("start", r.position > 0),
            ("back", r.position > 0),
            ("forward", not r.at_end),
            ("end", not r.at_end),
            ("play", not r.at_end or self.playing),
        ):
            button = self.controls[key]
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()
        self.counter.set_text(self.counter_text())
        self.speed_label.set_text(self.speed_text())

    def leave(self) -> None:
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.pop()

    # ---- input and the frame ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.controls.items():
                if event.ui_element is button:
                    self.control(key)
                    return
            if event.ui_element is self.top.get("back_out"):
                self.leave()
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return
            if event.key in KEYS:
                self.control(KEYS[event.key])
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_s, pygame.K_z, pygame.K_F5, pygame.K_F9):
            return  # no saving, loading or undo in a replay
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing and not self.match.playback.busy:
            self.forward()
