"""The glue between the turn controller and the table scene: one game being played on screen.

It turns the player's mouse and keys (in table inches) into controller intents, and the
controller's answers into what the scene shows: tokens, overlays, banner, roster, dice, log
lines, sounds and the status line. It plays the events back (``animation.Playback``) and tells
the controller ``AnimationDone`` when they have been shown. No pygame here.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg import new_game
>>> m = Match(new_game(tiny_scenario(), {"sections": ["american"]}, seed=3))
>>> m.banner().startswith("Turn 1")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.controller import AnimationDone, Button, Click, Controller, Hover, Mode
from game.ui import previews
from game.ui.animation import Playback
from game.ui.event_text import lines_of
from game.ui.figures import Look, look_of, name_of, token_of
from game.ui.overlays import Line, Overlay
from game.ui.roster import roster_html
from game.ui.sfx import sound_of
from game.ui.tokens import TokenView

Point = tuple[float, float]
BUTTONS = ("move", "fire", "order", "next", "cancel", "skip", "end_turn")
HANDOFF_SECONDS = 1.8
OBJECTIVE_WORDS = {
    "exit": "exit {n} men",
    "survive": "keep an NCO alive",
    "exterminate": "kill every zombie",
    "reach": "reach the objective zone",
}


@dataclass
class DiceShown:
    """The last roll for the dice tray."""

    faces: tuple[int, ...]
    meaning: str
    failed: bool  # red dice for a failed test


class Match:
    """One game on screen. The scene calls ``hover``/``click``/``button``/``update``; reads the rest."""

    def __init__(
        self,
        game: Any,
        speed: float = 1.0,
        bots: dict | None = None,
        on_command: Callable | None = None,
        log: Callable[[str], None] | None = None,
        sound: Callable[[str], None] | None = None,
    ) -> None:
        self.game = game
        self.controller = Controller(game, bots=bots, on_command=on_command)
        self.looks: dict[str, Look] = {f.id: look_of(f) for f in game.figures}
        self.playback = Playback(self.looks, speed)
        self.log = log or (lambda line: None)
        self.sound = sound or (lambda sid: None)
        self.dice: DiceShown | None = None
        self.status = ""
        self.status_bad = False
        self.handoff: tuple[str, float] | None = None  # "Player 2 - your section", seconds left
        self.face_toward: Point | None = None  # a drag in progress at a move destination
        self.finished = False  # GAME_OVER reached and the last event shown
        self.version = 0  # bumps whenever tokens/overlays/panels may have changed
        self._hover_key: tuple | None = None
        self._overlays: list[Overlay] = []
        self._overlay_key: tuple | None = None
        self._tokens: list[TokenView] = []
        self._token_key: int = -1
        self._last_player = game.state.active_player
        self._pending_hover: Point | None = None
        self._actions: dict[str, list[str]] = {}
        self._actions_key: tuple | None = None
        self.log_lines_for(game.log)
        last_roll = next((e for e in reversed(game.log) if type(e).__name__ == "DiceRolled" and e.faces), None)
        if last_roll is not None:  # a loaded game shows its last roll in the tray
            self.dice = DiceShown(
                tuple(last_roll.faces),
                last_roll.meaning or f"{last_roll.kind} = {last_roll.total}",
                "Failure" in last_roll.meaning,
            )
        self.status = "Click one of your soldiers (or Tab) to select him."

    # ---- input ---------------------------------------------------------------------------------

    def hover(self, point: Point | None) -> None:
        """The pointer is over ``point`` (inches), or off the table (None); worked out once a frame."""
        self._pending_hover = point

    def click(self, point: Point, shift: bool = False, face_toward: Point | None = None) -> None:
        self.face_toward = None
        self._answer(self.controller.handle(Click(point, shift, face_toward)))

    def select(self, fid: str) -> None:
        """Select a soldier from the roster."""
        f = self.game.figure(fid)
        self.click(f.position)

    def button(self, name: str) -> None:
        if name == "skip":
            self.skip()
            return
        self._answer(self.controller.handle(Button(name)))

    def skip(self) -> None:
        """Show the rest of the events at once (Space / Skip)."""
        if self.playback.busy:
            self._announce(self.playback.skip(), quiet=True)
            self._finish_playback()

    def show(self, events: Sequence[Any]) -> None:
        """Animate events the rules produced elsewhere (a replay step, a demo bot's command)."""
        if not events:
            return
        self.version += 1
        self._announce(self.playback.add(list(events)))
        if not self.playback.busy:
            self._finish_playback()

    def say(self, text: str, bad: bool = False) -> None:
        """Put ``text`` in the status line (saved, loaded, why undo is refused)."""
        self.status, self.status_bad = text, bad
        self.version += 1

    def set_speed(self, speed: float) -> None:
        self.playback.speed = max(0.05, speed)

    # ---- the frame -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.handoff is not None:
            text, left = self.handoff
            self.handoff = (text, left - dt) if left - dt > 0 else None
            self.version += 1
        if self.playback.busy:
            self._announce(self.playback.update(dt))
            self.version += 1
            if not self.playback.busy:
                self._finish_playback()
        if self._pending_hover is not None or self._hover_key is not None:
            point, self._pending_hover = self._pending_hover, None
            if point is not None:
                self.controller.handle(Hover(point))
                key = (self.controller.preview_command, self.controller.hover_figure)
                if key != self._hover_key:
                    self._hover_key = key
                    self.version += 1

    # ---- what the scene draws ------------------------------------------------------------------

    def ready(self) -> set[str]:
        """The active player's soldiers who can still act (marked on the table and in the roster)."""
        if self.controller.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN, Mode.GAME_OVER):
            return set()
        return {f.id for f in self.game.figures if not f.is_zombie and f.on_table and self.actions(f.id)}

    def actions(self, fid: str) -> list[str]:
        """The rules' ``actions_for(fid)``, worked out once per command applied: the rules' state changes
        only then, so hovers and frames do not pay its sight checks again."""
        key = (len(self.game.commands), len(self.game.log))
        if key != self._actions_key:
            self._actions_key, self._actions = key, {}
        if fid not in self._actions:
            self._actions[fid] = self.game.actions_for(fid)
        return list(self._actions[fid])

    def tokens(self) -> list[TokenView]:
        """Every figure as a token: markers of the dead first, then the fallen, then the standing."""
        if self._token_key == self.version and self._tokens:
            return self._tokens
        ready = self.ready()
        ctl = self.controller
        target = ctl.preview_command and getattr(ctl.preview_command, "target", None)
        out: list[tuple[int, TokenView]] = []
        for f in self.game.figures:
            look = self.looks.get(f.id) or look_of(f)
            if look.state == "exited":
                continue
            highlight = "selected" if f.id == ctl.selected else ("target" if f.id == target else None)
            order = {"dead": 0, "knocked_down": 1}.get(look.state, 2)
            out.append((order, token_of(self.game, f, look, f.id in ready, highlight)))
        out.sort(key=lambda p: p[0])
        self._tokens = [t for _, t in out]
        self._token_key = self.version
        return self._tokens

    def overlays(self) -> list[Overlay]:
        """The selection's reach and the hovered action's preview (rebuilt only when they change)."""
        ctl = self.controller
        key = (
            ctl.mode,
            ctl.selected,
            self.looks.get(ctl.selected or ""),
            ctl.preview_command,
            ctl.hover_figure,
            tuple(ctl.waypoints),
            self.face_toward,
            len(self.game.log),
            self.playback.tracer is not None and self.version,
        )
        if key == self._overlay_key:
            return self._overlays
        self._overlay_key = key
        out: list[Overlay] = []
        tracer = self.playback.tracer
        if tracer is not None:
            a, b, _ = tracer
            out.append(Line((a, b), (255, 240, 150), "solid", 3))
        if ctl.selected is not None and ctl.mode not in (Mode.RESOLVING, Mode.ZOMBIE_TURN, Mode.GAME_OVER):
            look = self.looks.get(ctl.selected)
            if look is not None and look.state == "standing":
                out.extend(
                    previews.selection_overlays(
                        self.game, ctl.selected, look.position, look.facing, self.actions(ctl.selected)
                    )
                )
            if ctl.mode == Mode.MOVE:
                out.extend(previews.waypoint_overlays(ctl.path_so_far()))
            out.extend(self._preview_overlays())
        self._overlays = out
        return out

    def _preview_overlays(self) -> list[Overlay]:
        ctl = self.controller
        cmd, preview = ctl.preview_command, ctl.preview
        if cmd is None and ctl.hover_figure and ctl.selected and ctl.mode in (Mode.SELECTED, Mode.FIRE):
            # a zombie he cannot shoot: still show the sight line and the rules' reason why not
            if self.game.figure(ctl.hover_figure).is_zombie:
                from game.rules.zombiekrieg.commands import Fire

                cmd = Fire(ctl.selected, ctl.hover_figure)
                preview = self.game.preview(cmd)
        if cmd is None or preview is None:
            return []
        kind = type(cmd).__name__
        if kind == "Move":
            requested = [self.game.figure(cmd.figure).position, *cmd.path]
            if self.face_toward is not None:
                return previews.move_overlays(self.game, cmd.figure, requested, preview, self.face_toward)
            return previews.move_overlays(self.game, cmd.figure, requested, preview)
        if kind == "Fire":
            from game.rules.zombiekrieg.preview import fire_geometry

            geometry = fire_geometry(self.game.world, cmd.figure, cmd.target)
            return previews.fire_overlays(self.game, cmd.figure, cmd.target, preview, geometry)
        if kind == "Order":
            return previews.order_overlays(self.game, cmd.figure, cmd.target, preview)
        return []

    def banner(self) -> str:
        """``Turn 3 — Player 2 (British)``: who acts now (who went first is on the objective line)."""
        s = self.game.state
        parts = [f"Turn {s.turn}"]
        mode = self.controller.mode
        if mode == Mode.GAME_OVER or self.game.over:
            parts.append(f"Game over: {s.winner or '?'} win")
        elif mode == Mode.ZOMBIE_TURN or s.phase.value == "axis":
            parts.append("Zombies moving")
        elif s.active_player:
            section = next((x for x in s.sections if x.player == s.active_player), None)
            nation = f" ({section.nation.capitalize()})" if section else ""
            parts.append(f"Player {s.active_player}{nation}" if len(s.sections) > 1 else f"Allies{nation}")
        return " \u2014 ".join(parts)

    def objective(self) -> str:
        s = self.game.state
        what = OBJECTIVE_WORDS.get(s.objective, s.objective).format(n=s.exit_count)
        progress = f" ({s.exited} out)" if s.objective == "exit" else ""
        left = max(0, s.turn_limit - s.turn + 1)
        first = "Allies" if s.first == "allies" else "Zombies"
        return f"{first} first \u00b7 {what}{progress} \u00b7 {left} of {s.turn_limit} turns left"

    def roster(self) -> str:
        return roster_html(self.game, self.looks, self.controller.selected, self.ready())

    def button_states(self) -> dict[str, tuple[bool, str]]:
        """Each action button: enabled, and the tooltip (why not, when disabled)."""
        ctl, g = self.controller, self.game
        busy = ctl.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN)
        over = ctl.mode == Mode.GAME_OVER
        sel = ctl.selected
        actions = self.actions(sel) if sel and not busy and not over else []
        out: dict[str, tuple[bool, str]] = {}
        for name, what in (
            ("move", 'MOVE up to 6" (M)'),
            ("fire", "FIRE at a zombie (F)"),
            ("order", "ORDER a soldier: +2 GUTS (O)"),
        ):
            if name in actions:
                out[name] = (True, what)
            elif busy or over:
                out[name] = (False, "Wait for the dice and the zombies." if busy else "The game is over.")
            elif sel is None:
                out[name] = (False, "Select one of your soldiers first.")
            else:
                out[name] = (False, self._why_not(sel, name))
        allied = g.state.phase.value == "allied"
        out["end_turn"] = (
            allied and not busy and not over,
            "End this player's turn (E / Enter)" if allied and not busy else "Not now: the Allies are not acting.",
        )
        out["next"] = (not busy and not over and bool(self.ready()), "Select the next soldier who can act (Tab)")
        out["cancel"] = (
            ctl.mode in (Mode.SELECTED, Mode.MOVE, Mode.FIRE, Mode.ORDER),
            "Step back: waypoint, mode, selection (Esc / right click)",
        )
        out["skip"] = (self.playback.busy, "Skip to the end of the animation (Space)")
        return out

    def _why_not(self, fid: str, action: str) -> str:
        g = self.game
        f = g.figure(fid)
        if not self.actions(fid):
            from game.rules.zombiekrieg.commands import Move

            reason = g.preview(Move(fid, (), None)).reason
            if f.acted_this_turn:
                reason = f"{fid} has already acted this turn."
            return reason or f"{fid} cannot act now."
        if action == "fire":
            return f"{fid}: no zombie in sight, in his front arc and in range."
        if action == "order":
            if not f.is_nco:
                return f"{fid} is not an NCO: only the Sergeant (or the Corporal once he is dead) orders."
            return f"{fid}: no soldier of his section in command range who can still act."
        return f"{fid} has already acted this turn."

    def name(self, fid: str) -> str:
        try:
            return name_of(self.game.figure(fid))
        except KeyError:
            return fid

    # ---- answers and playback -----------------------------------------------------------------------

    def _answer(self, fb: Any) -> None:
        if fb.message or not fb.accepted:
            self.status, self.status_bad = fb.message, not fb.accepted
        elif fb.events:
            self.status, self.status_bad = "", False
        self.version += 1
        if fb.events:
            self.face_toward = None
            self._announce(self.playback.add(fb.events))
            if not self.playback.busy:
                self._finish_playback()

    def _announce(self, events: Sequence[Any], quiet: bool = False) -> None:
        """Events begin on screen: log lines, the dice tray, sounds, the hot-seat hand-off."""
        if not events:
            return
        self.log_lines_for(events)
        sounds: list[str] = []
        for ev in events:
            kind = type(ev).__name__
            if kind == "DiceRolled" and len(ev.faces) >= 1:
                failed = "Failure" in ev.meaning
                self.dice = DiceShown(tuple(ev.faces), ev.meaning or f"{ev.kind} = {ev.total}", failed)
            if kind == "PhaseStarted" and ev.side == "allies" and ev.player:
                if len(self.game.state.sections) > 1 and ev.player != self._last_player:
                    section = next((s for s in self.game.state.sections if s.player == ev.player), None)
                    nation = f" ({section.nation.capitalize()})" if section else ""
                    self.handoff = (f"Player {ev.player}{nation} \u2014 your section", HANDOFF_SECONDS)
                self._last_player = ev.player
            sid = sound_of(
                ev, self._weapon_class, lambda fid: self.game.figure(fid).is_zombie, self.game.state.turn
            )
            if sid and sid not in sounds:
                sounds.append(sid)
        for sid in sounds[-3:] if quiet else sounds:  # a skip does not fire a volley of sounds
            self.sound(sid)

    def log_lines_for(self, events: Sequence[Any]) -> None:
        for line in lines_of(events, self.name):
            self.log(line)

    def _weapon_class(self, fid: str) -> str:
        try:
            return self.game.data.weapon(self.game.figure(fid).weapon).klass
        except (KeyError, AttributeError):
            return ""

    def resync(self) -> None:
        """Show every figure exactly as the rules have it now (after playback, or a state set up by hand)."""
        for f in self.game.figures:
            self.looks[f.id] = look_of(f)
        self._actions_key = None  # and what each soldier may do is asked afresh
        self.version += 1

    def _finish_playback(self) -> None:
        # the rules' state is the truth: whatever the animation showed, end exactly there
        self.resync()
        fb = self.controller.handle(AnimationDone())
        if fb.events:
            self._answer(fb)
            return
        if self.controller.mode == Mode.GAME_OVER:
            self.finished = True
            s = self.game.state
            self.status, self.status_bad = f"Game over: the {s.winner} win. {s.reason}", s.winner != "allies"
        elif self.controller.mode == Mode.IDLE and not self.status:
            self.status, self.status_bad = "Click a soldier (or Tab), or End turn.", False
