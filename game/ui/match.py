"""The glue between the turn controller and the table scene: one game being played on screen.

It turns the player's mouse and keys (in table inches) into controller intents, and the
controller's answers into what the scene shows: tokens, overlays, banner, roster, dice, log
lines, sounds and the status line. Everything rule-set specific comes from the rule set's view
(:class:`~game.rules.contract.View`); this module names no rule set. It plays the events back
(``animation.Playback``) and tells the controller ``AnimationDone`` when they have been shown.
No pygame here.

>>> m = Match(game, view)  # doctest: +SKIP
>>> m.banner().startswith("Turn 1")  # doctest: +SKIP
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.controller import AnimationDone, Away, Button, Click, Controller, Hover, Mode
from game.controller.machine import BUSY, CHOOSING, STILL_ROLLING
from game.controller.outlet import Outlet
from game.rules.contract import Action, Look, RosterGroup, View
from game.rules.core import Game, to_data
from game.rules.drawing import Plate
from game.ui import previews
from game.ui.animation import ZOMBIES_MOST, Playback, units_of
from game.ui.named import named_in, named_marks
from game.ui.overlays import Label, Line, Overlay
from game.ui.roster import roster_html
from game.ui.tokens import TokenView

Point = tuple[float, float]
GENERIC_BUTTONS = ("next", "cancel", "skip", "end_turn")
HANDOFF_SECONDS = 1.8
NOTICE_SECONDS = 2.4  # a phase's notice over the table: long enough to read a skip's reason
NOTICES_SHOWN = 3  # notices up at once; later ones wait their turn (none is pushed off before it was read)
HOLD_SECONDS = 3.0  # at 1x: the pause before the rules go on by themselves (the view's hold_before)
GUARD_SECONDS = 2.0  # an E this soon after the game moved on by itself asks first
JUST_BEGUN = "began by itself just now: press E again to end it."
# an E this soon after the player's own E began a phase: the second press of a double click (or of an E pressed
# twice in a hurry), asked first: a newcomer's double click on "End phase" ended his Shooting phase unseen
DOUBLE_PRESS_SECONDS = 0.6
TRACER_COLOUR = (255, 240, 150)
TOLD_MOST = 400  # events the log tells again as one at most (a zombie phase), so a long game costs no more a batch


@dataclass
class DiceShown:
    """The last roll for the dice tray."""

    faces: tuple[int, ...]
    meaning: str
    failed: bool  # red dice for a failed test


def dice_of(ev: Any) -> DiceShown | None:
    """The dice tray's picture of a ``DiceRolled`` event (the one event every rule set shares)."""
    if type(ev).__name__ != "DiceRolled" or not ev.faces:
        return None
    return DiceShown(tuple(ev.faces), ev.meaning or f"{ev.kind} = {ev.total}", "Failure" in ev.meaning)


def same_command(a: Any, b: Any) -> bool:
    """Whether two commands are one (as the host sends it back: through JSON, a tuple comes back a list)."""
    return a == b or json.loads(json.dumps(to_data(a))) == json.loads(json.dumps(to_data(b)))


class Match:
    """One game on screen. The scene calls ``hover``/``click``/``button``/``update``; reads the rest."""

    def __init__(
        self,
        game: Game,
        view: View[Game],
        speed: float = 1.0,
        bots: dict | None = None,
        on_command: Callable | None = None,
        log: Callable[[str], None] | None = None,
        sound: Callable[[str], None] | None = None,
        outlet: Outlet | None = None,
        unlog: Callable[[Sequence[str]], bool] | None = None,
    ) -> None:
        self.game = game
        self.view = view
        self.controller = Controller(game, view, bots=bots, on_command=on_command, outlet=outlet)
        self.looks: dict[str, Look] = {f.id: view.look(game, f.id) for f in game.figures}
        most = getattr(view, "zombie_phase_seconds", ZOMBIES_MOST)  # (a rule set of few hordes takes longer)
        self.playback = Playback(
            self.looks, self._animation, speed, self._is_zombie, self._radius, most, lambda: units_of(self.game)
        )
        self.log = log or (lambda line: None)
        # takes the log's last lines back when they are still its last (True), so the next events' lines may tell
        # them better: a log written batch by batch reads as the same log read back whole from a save
        self.unlog = unlog
        self._told: list[Any] = []  # the last batches logged while their last line may still be told better
        self._told_lines: list[str] = []  # and the lines they gave
        self.sound = sound or (lambda sid: None)
        self.dice: DiceShown | None = None
        self.status = ""
        self.status_bad = False
        self.handoff: tuple[str, float] | None = None  # "Player 2 - your section", seconds left
        # the hand-over plate's words for this screen (a networked table names a player it does not seat)
        self.handoff_words: Callable[[int, str], str] = lambda player, text: text
        # two or more people play at this one screen (the scene says): a hand-over waits on a card, not a banner
        self.hot_seat = False
        self.hand_over: str | None = None  # the card up: "Player 2 (Orks) - your team", till a click or a key
        self.notices: list[tuple[str, str]] = []  # (key, words) of the phases begun or skipped, on the table
        self.notice_left = 0.0  # seconds the notices stay up
        self._notice_times: dict[str, float] = {}  # each notice up: the seconds it still stays
        self._notice_queue: list[tuple[str, str]] = []  # the notice waiting for room over the table
        self._since_stop: list[Any] = []  # the events shown since the player last had the table
        # the roster as last drawn while nothing played back, and each look's state and words then
        self._roster_still: tuple[Sequence[RosterGroup], dict[str, tuple[str, tuple[str, ...]]]] | None = None
        self._roster_under: set[str] = set()  # whose weapons went under his roster line: kept there
        self._buttons_kept: dict[str, tuple[bool, str]] = {}
        self._ready_kept: dict[bool, set[str]] = {}  # who could act, as last shown (kept while a command travels)
        self._guard = 0.0  # seconds an E still asks first, after the game moved on by itself
        self._moved_on = False  # a command since the last stop moved the game on by itself
        self._ended = False  # a command since the last stop was the player's E and began the next phase
        self._by_itself = False  # the guard is for a phase that began by itself (else: by his own E)
        self._hold_words = ""  # the status line in the pause before the rules go on by themselves
        self._question = ""  # the question a click asked, while the controller waits for its second click
        self.face_toward: Point | None = None  # a drag in progress at a move destination
        self.finished = False  # GAME_OVER reached and the last event shown
        self.version = 0  # bumps whenever tokens/overlays/panels may have changed
        self._hover_key: tuple | None = None
        self._told_marks: list[Any] = []  # the view's marks while events play back (its told_marks)
        self._overlays: list[Overlay] = []
        self._overlay_key: tuple | None = None
        self._tokens: list[TokenView] = []
        self._token_key: int = -1
        self._last_player = view.acting_player(game)
        # the turn and side the screen is showing: while events play back the rules may be a turn ahead
        self.shown_turn: int | None = next((t for t in map(view.turn_of, reversed(game.log)) if t), None)
        self.opponent_shown = False
        # the screen shows the game's own side act (the zombies): from the first event the rule set calls its own
        # (its view's ``rules_acting``, else ``opponent_moved``) till the playback is over (the turn camera)
        self.rules_acting = False
        self.sides_passed = 0  # bumps as the table passes to another side on screen (the tape is put away)
        self.phase_shown: str | None = None  # the top bar while busy: the view's line for the phase shown
        self.acting_shown: tuple[int | None, str] | None = None  # the roster's acting side while busy (the view's)
        self._objective_shown = ""  # the objective line as last shown in step with the turn on screen
        self._pending_hover: Point | None = None
        self._away = False  # the pointer went off the table since the last frame
        self._aimed_from_roster: tuple[str, str | None] | None = None  # the name clicked while aiming, and why
        self._resyncs = 0
        self._actions: dict[str, list[Action]] = {}
        self._actions_key: tuple | None = None
        self._names: tuple[int, dict[str, str]] = (-1, {})  # (figures counted, each one's name by his id)
        self._marked: tuple[tuple, list[Overlay]] = ((), [])  # the table's overlays with the named marked, and why
        self._named: tuple[tuple, list[str]] = ((), [])  # the figures the words on screen name, and those words
        self.log_lines_for(game.log)
        last_roll = next((d for d in map(dice_of, reversed(game.log)) if d is not None), None)
        if last_roll is not None:  # a loaded game shows its last roll in the tray
            self.dice = DiceShown(last_roll.faces, self.words(last_roll.meaning), last_roll.failed)
        self.status = f"Click one of your {view.figure_noun}s (or Tab) to select them."

    def _animation(self, event: Any) -> Any:
        """The step ``event`` makes on the screen: the view's, told the game where it reads it (a fight's blows
        are held longer than a shot's: ``animation_in``)."""
        paced = getattr(self.view, "animation_in", None)
        return paced(self.game, event) if paced is not None else self.view.animation(event)

    def _is_zombie(self, fid: str) -> bool:
        """Whether ``fid`` is one of the zombies (its token's side): their moves keep a followable pace."""
        look = self.looks.get(fid)
        try:
            return look is not None and self.view.token(self.game, fid, look).side == "zombie"
        except KeyError:
            return False

    def _radius(self, fid: str) -> float:
        """``fid``'s base radius in inches (as its token is drawn): whose glides meet on the screen."""
        look = self.looks.get(fid)
        try:
            return self.view.token(self.game, fid, look).base_radius if look is not None else 0.5
        except KeyError:
            return 0.5

    # ---- input ---------------------------------------------------------------------------------

    def hover(self, point: Point | None) -> None:
        """The pointer is over ``point`` (inches), or off the table (None); worked out once a frame."""
        self._pending_hover = point
        self._away = point is None

    def click(self, point: Point, shift: bool = False, face_toward: Point | None = None) -> None:
        if self.playback.holding:  # the pause before the rules go on: a click goes on at once
            self.skip()
            return
        self.face_toward, self._aimed_from_roster = None, None
        self._answer(self.controller.handle(Click(point, shift, face_toward)))

    def cancel(self) -> None:
        """A right click on the table: back out of the choice in hand (what Cancel does); with no choice in hand
        it does nothing (it said "Nothing to undo": undo is Ctrl+Z's, never a stray right click's)."""
        if self.controller.mode in CHOOSING:
            self.button("cancel")

    def drag_turns(self) -> str | None:
        """The selected figure a left drag from his own base turns, no M first (else it measures): where the view
        says so (``drag_faces``) and a click on the ground would move him. None while aiming (any drag faces)."""
        ctl = self.controller
        if not getattr(self.view, "drag_faces", False) or ctl.mode != Mode.SELECTED or ctl.selected is None:
            return None
        kind = ctl.kinds.get(self.view.default_action(self.game, ctl.selected, None) or "")
        return ctl.selected if kind is not None and kind.aim == "path" else None

    def face(self, point: Point | None) -> None:
        """A drag at the destination: the figure will end facing ``point`` (None: let go of it)."""
        self.face_toward = point
        self.version += 1

    def tooltip(self, token: TokenView) -> str:
        """The hovered figure's tooltip in the rule set's words (none while a preview's plate explains it)."""
        try:
            look = self.looks.get(token.id) or self.view.look(self.game, token.id)
            if self.explaining(token.id):
                return ""  # the preview's plate already says what matters about the target
            return "\n".join(self.view.tooltip(self.game, token.id, look))
        except KeyError:
            return token.label

    def figure_words(self, fid: str) -> str:
        """A figure's whole entry in the rule set's words (his tooltip on the table): the roster's hover."""
        try:
            look = self.looks.get(fid) or self.view.look(self.game, fid)
            return "\n".join(self.view.tooltip(self.game, fid, look))
        except KeyError:
            return ""

    def select(self, fid: str) -> None:
        """A name clicked on the roster: select him; while aiming (an ORDER, a shot), the first click on a name
        shows what aiming at him would do, with its odds, as hovering him on the table does, and the second
        sends it (a click on a name never acts unseen); a name the aim cannot take (a shot at a friend) selects
        him when he may act."""
        f = self.game.figure(fid)
        ctl = self.controller
        aim = (fid, ctl.action)
        if ctl.mode == Mode.AIMING and self._aimed_from_roster != aim:
            ctl.handle(Hover(f.position))
            if (ctl.preview is None or not ctl.preview.legal) and self.actions(fid):
                ctl.handle(Button("cancel"))  # no target for this aim but one of his to act: a name selects him
            else:
                self._aimed_from_roster = aim
                self.say(*self._aim_words(fid))
                return
        self._aimed_from_roster = None
        self.click(f.position)

    def _aim_words(self, fid: str) -> tuple[str, bool]:
        """What aiming at ``fid`` would do, as the table's plate says it, and the click that sends it."""
        ctl = self.controller
        preview = ctl.preview
        if ctl.preview_command is None or preview is None:
            return f"{self.name(fid)}: nothing to do to him with this.", True
        if not preview.legal:
            return self.words(preview.reason), True
        drawn = self.view.drawing(self.game, ctl.preview_command, preview)
        plate = next((p.text for p in drawn if isinstance(p, Plate)), "")
        lines = [line for line in plate.splitlines() if line.strip()]
        lines = lines if lines and "%" in lines[0] else lines[1:]  # (a head says what the ask says, but its odds)
        said = "; ".join(sorted(lines, key=lambda line: "%" not in line))  # the odds first, before the cut
        kind = ctl.kinds.get(ctl.action or "")
        act = kind.label.upper() if kind is not None else "act"
        ask = f"Click {self.name(fid)} again to {act}"  # first: a long plate is cut at the status line's end
        return f"{ask}: {said}" if said else f"{ask}.", False

    def button(self, name: str) -> None:
        self._aimed_from_roster = None
        if name == "skip":
            self.skip()
            return
        guarded = self._guard > 0 and not self.playback.busy and not self.controller.orders_elsewhere()
        if name == "end_turn" and guarded:
            self._guard = 0.0  # asked once: the next E ends the phase
            self.say(self._just_begun_words())
            return
        one = self.one_for(name) if self.controller.selected is None else None
        if one is not None:  # pressed with nobody selected: the one unit it can be for takes it
            self.select(one)
        self._answer(self.controller.handle(Button(name)))

    def one_for(self, key: str) -> str | None:
        """The figure a unit's own action (``whole_unit``, acting at once) is for when it is pressed with nobody
        selected: the first of the acting player's figures who may take it now, when they are all of one unit (a
        Zombie 40,000 squad's power-up choice: "press 1 or 2" did nothing till a model was clicked); None when it
        could be for more than one unit, or for nobody, or is a model's own (a Duct Tape's)."""
        kind = next((k for k in self.view.action_kinds if k.key == key), None)
        if kind is None or not kind.whole_unit or kind.aim != "now" or self.controller.mode != Mode.IDLE:
            return None
        able = [
            f for f in self.game.figures if not self.view.selectable(self.game, f.id) and key in self.actions(f.id)
        ]
        units = {getattr(f, "unit", None) or f.id for f in able}
        return able[0].id if len(units) == 1 else None

    def _just_begun_words(self) -> str:
        """What an E says in the moment after a phase began: "... Shooting began just now: press E again to end
        it.", with the question the E would ask anyway (models who have not acted), asked here once."""
        line = self.view.turn_line(self.game)
        question = self.controller.ask_to_end()
        began = JUST_BEGUN.split(":")[0] if self._by_itself else "began just now"
        if not question:
            return f"{line} {began}: press E again to end it."
        return f"{line} {began}, and {question[0].lower()}{question[1:]}"

    def hand_to_bots(self, bot: Callable[[Any], Any], players: Iterable[int]) -> None:
        """The bots play every one of ``players`` from here to the game's end (the players leave the table:
        a campaign chapter they let the bots finish); what they do is shown like a click's."""
        ctl = self.controller
        ctl.bots.update({p: bot for p in players})
        self.hot_seat, self.hand_over = False, None  # nobody left at the screen to hand the table to
        for _ in range(4):  # a half-made move or aim is dropped (waypoints, aim, selection), not played
            if ctl.mode in (Mode.SELECTED, Mode.AIMING):
                ctl.handle(Button("cancel"))
        if ctl.mode == Mode.IDLE:  # else the bots take over once the dice or the zombies stop
            self._answer(ctl.play_bots())

    def send(self, cmd: Any) -> Any:
        """Send a command made by a panel (the shop), shown like a click's; returns the controller's answer."""
        fb = self.controller.send(cmd)
        self._answer(fb)
        return fb

    def skip(self) -> None:
        """Show the rest of the events at once (Space / Skip); in the pause before the rules go on by
        themselves, go on now (their steps then play)."""
        if self.playback.holding:
            self.status = ""
            self._announce(self.playback.release())
            if not self.playback.busy:
                self._finish_playback()
        elif self.playback.busy:
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

    def heard(self, cmd: Any, events: Sequence[Any]) -> None:
        """A command the host applied to this copy of the game: ours (the one the controller sent) finishes
        as a click's would; another seat's is shown like a bot's."""
        if self.controller.sent is not None and same_command(cmd, self.controller.sent):
            self._answer(self.controller.arrived(cmd, list(events)))
        else:
            self.show(events)

    def refused(self, reason: str) -> None:
        """The host refused our command: its reason in the status line; the choice stays in hand."""
        self._answer(self.controller.refused(reason))

    def say(self, text: str, bad: bool = False) -> None:
        """Put ``text`` in the status line (saved, loaded, why undo is refused)."""
        self.status, self.status_bad = text, bad
        self.version += 1

    def set_speed(self, speed: float) -> None:
        self.playback.speed = max(0.05, speed)

    # ---- the frame -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._guard = max(0.0, self._guard - dt)
        if self.notices and not self.playback.holding:  # a stop keeps its notices up until he goes on
            self._age_notices(dt)
        if self.handoff is not None and self.hand_over is None:
            text, left = self.handoff
            self.handoff = (text, left - dt) if left - dt > 0 else None
            self.version += 1
        if self.playback.busy:
            held = self.playback.holding
            self._announce(self.playback.update(dt))
            if self.playback.holding:
                self.status, self.status_bad = self._hold_words, False
            elif held and self.status == self._hold_words:  # the moment is over: the words go with it
                self.status = ""
            self.version += 1
            if not self.playback.busy:
                self._finish_playback()
        if self._pending_hover is not None or self._hover_key is not None or self._away:
            point, self._pending_hover = self._pending_hover, None
            if self._away:  # off the table: no preview stays up over the log or a panel
                self._away = False
                self.controller.handle(Away())
            if point is not None:
                self.controller.handle(Hover(point, self.face_toward))  # (a drag to face: what letting go sends)
                self._question_follows(point)
            key = (self.controller.preview_command, self.controller.hover_figure)
            if key != self._hover_key:
                self._hover_key = key
                self.version += 1

    # ---- what the scene draws ------------------------------------------------------------------

    def ready(self, here: bool = True) -> set[str]:
        """The acting player's figures who can still act (marked on the table and in the roster); ``here``: none
        on the table when they take their orders on another screen (the roster still says who may act)."""
        if (
            self.controller.sent is not None
        ):  # on its way to the host: the panels stay as they were till it is back
            return set(self._ready_kept.get(here, ()))
        if self.controller.mode in (*BUSY, Mode.GAME_OVER) or (here and self.controller.not_here()):
            self._ready_kept[here] = set()
            return set()
        self._ready_kept[here] = {
            f.id
            for f in self.game.figures
            if f.on_table and not self.view.selectable(self.game, f.id) and self.actions(f.id)
        }
        return set(self._ready_kept[here])

    def action_states(self, fid: str) -> list[Action]:
        """The view's actions for ``fid``, worked out once per command applied: the rules' state
        changes only then, so hovers and frames do not pay its sight checks again."""
        key = (len(self.game.commands), len(self.game.log))
        if key != self._actions_key:
            self._actions_key, self._actions = key, {}
        if fid not in self._actions:
            self._actions[fid] = self.view.actions(self.game, fid)
        return self._actions[fid]

    def actions(self, fid: str) -> list[str]:
        """The keys of the actions ``fid`` may take now."""
        return [a.key for a in self.action_states(fid) if a.available]

    def tokens(self) -> list[TokenView]:
        """Every figure as a token: markers of the dead first, then the fallen, then the standing; in each, the
        zombies under the humans (a fighter in base contact vanished under the zombie pile)."""
        if self._token_key == self.version and self._tokens:
            return self._tokens
        ready = self.ready()
        ctl = self.controller
        targets = set(ctl.preview_targets)
        out: list[tuple[int, TokenView]] = []
        for f in self.game.figures:
            look = self.looks.get(f.id) or self.view.look(self.game, f.id)
            t = self.view.token(self.game, f.id, look)
            if t.hidden:
                continue
            highlight = "selected" if f.id == ctl.selected else ("target" if f.id in targets else None)
            token = TokenView(
                id=f.id,
                sprite=t.sprite,
                position=look.position,
                facing=look.facing,
                base_radius=t.base_radius,
                side=t.side,
                state=t.state,
                badge=t.badge,
                highlight=highlight,
                label=t.label,
                ready=f.id in ready,
                player=t.player,
                mark=t.mark,
                kind=t.kind,
            )
            out.append((t.layer, token))
        # within a layer the zombies first: a man in a fight is drawn over the pile round him, not lost under it
        out.sort(key=lambda p: (p[0], p[1].side != "zombie"))
        self._tokens = [t for _, t in out]
        self._token_key = self.version
        return self._tokens

    def overlays(self) -> list[Overlay]:
        """The selection's reach and the hovered action's preview (rebuilt only when they change)."""
        ctl = self.controller
        key = (
            ctl.mode,
            ctl.action,
            ctl.selected,
            self.looks.get(ctl.selected or ""),
            ctl.preview_command,
            ctl.hover_figure,
            tuple(ctl.waypoints),
            self.face_toward,
            len(self.game.log),
            self._resyncs,  # the rules' state was read afresh (it may change without a new event)
            self.playback.tracer is not None and self.version,
            self.playback.busy,  # the table's standing marks wait for the figures to stand still
            tuple(self._told_marks),
        )
        if key == self._overlay_key:
            return self._overlays
        self._overlay_key = key
        out: list[Overlay] = self._table_marks()
        tracer = self.playback.tracer
        if tracer is not None:
            a, b, _ = tracer
            out.append(Line((a, b), TRACER_COLOUR, "solid", 3))
        if ctl.selected is not None and ctl.mode in CHOOSING:
            look = self.looks.get(ctl.selected)
            if look is not None:
                reach = self.view.reach(self.game, ctl.selected, look, self.action_states(ctl.selected))
                out.extend(previews.overlays_of(reach))
            if ctl.aim == "path":
                out.extend(previews.waypoint_overlays(ctl.path_so_far()))
            out.extend(self._preview_overlays())
        self._overlays = out
        return out

    def marked_overlays(self, read: str = "") -> list[Overlay]:
        """The table's overlays (:meth:`overlays`) with each model named on screen marked (a ring and his name): by
        a plate over the table, a notice, the status line or ``read``, the log line under the pointer. The same
        list while nothing of that changes."""
        base = self.overlays()
        words = (self.status, *(w for _, w in self.notices), read)
        key = (base, words, self.version)
        if key != self._marked[0]:
            plates = [o.text for o in base if isinstance(o, Label) and o.plate]
            if (base, words) != self._named[0]:  # (the words read again only when they change)
                self._named = ((base, words), named_in([*plates, *words], self.names()))
            where = {t.id: (t.position, t.base_radius) for t in self.tokens()}
            self._marked = (key, [*base, *named_marks(self._named[1], where, self.names())])
        return self._marked[1]

    def names(self) -> dict[str, str]:
        """Every figure's name as the view says it, by his id (asked again once figures come on)."""
        if self._names[0] != len(self.game.figures):
            self._names = (
                len(self.game.figures),
                {f.id: self.view.name(self.game, f.id) for f in self.game.figures},
            )
        return self._names[1]

    def _table_marks(self) -> list[Overlay]:
        """What the rule set marks on the table whatever is selected (a zombie's grab on a human), drawn once
        the figures stand where the rules have them: the view's optional ``table_marks(game, looks)``."""
        if self.playback.busy:
            return previews.overlays_of(self._told_marks)
        marks = getattr(self.view, "table_marks", None)
        if marks is None:
            return []
        return previews.overlays_of(marks(self.game, self.looks))

    def _preview_overlays(self) -> list[Overlay]:
        ctl = self.controller
        cmd, preview = ctl.preview_command, ctl.preview
        if (
            cmd is None
            and ctl.hover_figure
            and ctl.selected
            and (ctl.mode == Mode.SELECTED or ctl.aim == "figure")
        ):
            # a figure he cannot act on: still show what the rules see (a sight line) and why not
            cmd = self.view.explain(self.game, ctl.selected, ctl.hover_figure)
            preview = self.game.preview(cmd) if cmd is not None else None
        if cmd is None or preview is None:
            return []
        return previews.overlays_of(self.view.drawing(self.game, cmd, preview, self.face_toward))

    def explaining(self, fid: str) -> bool:
        """True when the table's preview plate already speaks of ``fid`` (its tooltip would repeat it)."""
        ctl = self.controller
        if fid in ctl.preview_targets:
            return True
        if ctl.selected and ctl.hover_figure == fid and ctl.preview_command is None:
            return self.view.explain(self.game, ctl.selected, fid) is not None
        return False

    def banner(self) -> str:
        """``Turn 3 — Player 2 (British)``: who acts now (who went first is on the objective line). While events
        play back, the phase they show where the view says it (``phase_line``): the rules may be further on."""
        if self.playback.busy and self.phase_shown is not None:
            return self.phase_shown
        if self.playback.busy:
            return self.view.turn_line(self.game, self.opponent_shown, self.shown_turn)
        return self.view.turn_line(self.game)

    def objective(self) -> str:
        """The objective line (turns left, who goes first): while the events of a turn still play, the line
        of that turn, not the next one the rules have already begun (it counted the turn early), nor a game over
        the last fight on screen has not yet reached."""
        ahead = self.shown_turn is not None and self.shown_turn != self._rules_turn()
        if self.playback.busy and (ahead or self.game.over):
            return self._objective_shown or self.view.objective_line(self.game)
        self._objective_shown = self.view.objective_line(self.game)
        return self._objective_shown

    def _rules_turn(self) -> int | None:
        """The turn the rules are in: the last one their log started."""
        return next((t for t in map(self.view.turn_of, reversed(self.game.log)) if t), None)

    def roster(self, fits: Any = None) -> str:
        """The roster panel's HTML; ``fits(text)`` (the scene's box) says whether a line fits unwrapped. While
        events play back it follows the screen, not the rules (:meth:`_as_shown`)."""
        groups = self.view.roster(self.game, self.looks, self.ready(here=False))
        if self.playback.busy and self._roster_still is not None:
            groups = self._as_shown(groups)
        else:
            self._roster_still = (groups, {fid: (look.state, look.words) for fid, look in self.looks.items()})
        if self.playback.busy:
            groups = self._acting_as_shown(groups)
        room = str(getattr(self.view, "roster_room", ""))  # the words a row may gain: room kept for them
        return roster_html(groups, self.controller.selected, fits, self._roster_under, room)

    def _as_shown(self, groups: Sequence[RosterGroup]) -> list[RosterGroup]:
        """The roster as the screen has shown it so far (issue 33: a model was dead in the roster, a power-up
        held, before the animation and the log came to it): each heading as it stood when the events began,
        each row's cells from its look (wounds, dead; the words the view's ``shown_looks`` changed as each event
        was shown) and its state word kept until its look changes."""
        still, states = self._roster_still or ((), {})
        before = {g.player: g for g in still}
        rows = {r.figure: r for g in still for r in g.rows}
        out = []
        for g in groups:
            kept = tuple(
                replace(r, status=rows[r.figure].status)
                if r.figure in rows
                and self.looks.get(r.figure)
                and (self.looks[r.figure].state, self.looks[r.figure].words) == states.get(r.figure)
                else r
                for r in g.rows
            )
            title = before[g.player].title if g.player in before else g.title
            out.append(replace(g, title=title, rows=kept))
        return out

    def _acting_as_shown(self, groups: Sequence[RosterGroup]) -> list[RosterGroup]:
        """The side acting on screen (the view's ``acting_shown``) marked acting and at the top; the game's own
        side (the zombies) as a heading of its own over the players'."""
        if self.acting_shown is None:
            return list(groups)
        player, words = self.acting_shown
        marked = [replace(g, acting=player is not None and g.player == player) for g in groups]
        marked.sort(key=lambda g: not g.acting)
        return [RosterGroup(words, True, ()), *marked] if player is None and words else marked

    def button_states(self) -> dict[str, tuple[bool, str]]:
        """Each action button: enabled, and the tooltip (why not, when disabled); as they were while our command
        is on its way to the host (they flipped grey for each command, and the clicks then seemed lost)."""
        ctl = self.controller
        if ctl.sent is not None and self._buttons_kept:
            return dict(self._buttons_kept)
        busy = ctl.mode in BUSY
        over = ctl.mode == Mode.GAME_OVER
        sel = ctl.selected
        states = {a.key: a for a in self.action_states(sel)} if sel and not busy and not over else {}
        out: dict[str, tuple[bool, str]] = {}
        own_hint = getattr(self.view, "button_hint", None)  # (a power-up's: what the one carried does)
        for kind in self.view.action_kinds:
            action = states.get(kind.key)
            told = own_hint(self.game, kind.key) if own_hint is not None and not over else ""
            if action is not None and action.available:
                out[kind.key] = (True, told or kind.hint)
            elif busy or over:
                out[kind.key] = (False, "Wait for the dice and the zombies." if busy else "The game is over.")
            elif sel is None and not busy and not over and self.one_for(kind.key) is not None:
                out[kind.key] = (True, told or kind.hint)  # a squad's own choice: no model to pick first
            elif sel is None:
                out[kind.key] = (False, f"Select one of your {self.view.figure_noun}s first.")
            else:
                out[kind.key] = (False, action.reason if action is not None else f"{sel} cannot do that now.")
            if told and not out[kind.key][0]:  # off: why first, then what it would do
                out[kind.key] = (False, f"{out[kind.key][1]} {told}")
        why_not = self.view.can_end_turn(self.game)
        allowed = not why_not and not busy and not over
        waiting = "Wait for the dice and the zombies." if busy else "The game is over."
        end = getattr(self.view, "end_words", "End turn")  # "End phase" where E ends less than a turn
        out["end_turn"] = (allowed, f"{end} (E / Enter)" if allowed else why_not or waiting)
        noun = self.view.figure_noun
        ready = not busy and not over and bool(self.ready())
        out["next"] = (
            ready,
            f"Select the next {noun} who can act (Tab)" if ready else f"No {noun} left who can act.",
        )
        choosing = ctl.mode in CHOOSING
        elsewhere = ctl.orders_elsewhere()
        if elsewhere:  # another seat's turn, or a watcher's screen: no order is this screen's to give
            out.update({key: (False, elsewhere) for key in (*(k.key for k in self.view.action_kinds), "next")})
            out["end_turn"] = (False, elsewhere)
        out["cancel"] = (
            choosing,
            "Step back: waypoint, mode, selection (Esc / right click)"
            if choosing
            else "Nothing to step back from.",
        )
        skip = "Skip to the end of the animation (Space)" if self.playback.busy else "Nothing is playing to skip."
        out["skip"] = (self.playback.busy, self._hold_words if self.playback.holding else skip)
        self._buttons_kept = out
        return out

    def name(self, fid: str) -> str:
        try:
            return self.view.name(self.game, fid)
        except KeyError:
            return fid

    def hint(self, fid: str) -> str:
        """``Sergeant us1-sgt G9``: the hint line's words for the selected figure."""
        summary = self.view.summary(self.game, fid)
        return f"{self.name(fid)} {summary}".strip()

    def _question_follows(self, point: Point) -> None:
        """The question a click asked leaves the status line while the pointer is on another target, and comes
        back on the spot it asked about (a newcomer pointed elsewhere and still read "Click again to move the
        rest ... Guardsman 6 stays" of the old target)."""
        at = self.controller.asked_at
        if at is None:  # answered or forgotten: it never comes back
            self._question = ""
        if not self._question:
            return
        elsewhere = math.dist(point, at) > self.controller.PICK_SLACK if at is not None else False
        if elsewhere and self.status == self._question:
            self.status = ""
            self.version += 1
        elif not elsewhere and not self.status:
            self.status, self.status_bad = self._question, False
            self.version += 1

    def words(self, text: str) -> str:
        """The rules' text (a roll's meaning, a refusal) as the player reads it: a view that names its
        figures apart from their ids (``player_words``) puts the names in."""
        reword = getattr(self.view, "player_words", None)
        return reword(self.game, text) if reword is not None and text else text

    # ---- answers and playback -----------------------------------------------------------------------

    def _answer(self, fb: Any) -> None:
        self._moved_on = self._moved_on or (bool(fb.events) and self.controller.moved_on)
        self._ended = self._ended or (bool(fb.events) and self.controller.ended_phase)
        if fb.message or not fb.accepted:
            self.status, self.status_bad = self.words(fb.message), not fb.accepted
        elif fb.events:
            self.status, self.status_bad = "", False
        asked = fb.accepted and not fb.events and self.controller.asked_at is not None
        self._question = self.status if asked else ""
        self.version += 1
        if fb.events:
            self.face_toward = None
            hold = getattr(self.view, "hold_before", None)  # the rules went on by themselves: pause first
            hold = None if self.controller.bots else hold  # (not while bots play here: nobody reads for them)
            at, words = hold(self.game, fb.events) if hold is not None else (None, "")
            waits = getattr(self.view, "hold_waits", False)  # (a phase passed by itself: he goes on, not a clock)
            self._announce(self.playback.add(fb.events, at, math.inf if waits else HOLD_SECONDS))
            if at:
                self._hold_words = words
                if self.playback.holding:  # his result took no time to show: the pause is on already
                    self.status, self.status_bad = words, False
            if not self.playback.busy:
                self._finish_playback()

    def _rules_act(self, event: Any) -> bool:
        """True when ``event`` is the game's own side acting, as the rule set tells (a view without
        ``rules_acting`` counts its opponent's moves)."""
        own = getattr(self.view, "rules_acting", None)
        return bool(own(event)) if own is not None else self.view.opponent_moved([event])

    def _announce(self, events: Sequence[Any], quiet: bool = False) -> None:
        """Events begin on screen: log lines, the dice tray, sounds, the hot-seat hand-off."""
        if not events:
            return
        self.log_lines_for(events)
        sounds: list[str] = []
        shown_looks = getattr(self.view, "shown_looks", None)
        for ev in events:
            if shown_looks is not None:  # the words the roster reads, as of this event (the rules may be ahead)
                self.looks.update(shown_looks(self.game, ev, self.looks))
            turn = self.view.turn_of(ev)
            if turn is not None:
                self.shown_turn, self.opponent_shown, self.phase_shown = turn, False, None  # no phase yet
                self.sides_passed += 1
            elif self.view.handoff(self.game, ev) is not None:  # the table goes back to a player
                self.opponent_shown = False
                self.sides_passed += 1
            elif self.view.opponent_moved([ev]):
                self.opponent_shown = True
                self.sides_passed += 1
            self.rules_acting = self.rules_acting or self._rules_act(ev)
            phase_line = getattr(self.view, "phase_line", None)
            line = phase_line(self.game, self.shown_turn, ev) if phase_line is not None else None
            if line is not None:
                self.phase_shown = line  # a phase or step begins: the top bar names it while events play
            acting = getattr(self.view, "acting_shown", None)
            who = acting(self.game, ev) if acting is not None else None
            if who is not None:
                self.acting_shown = who
            dice = self._dice_shown(ev)
            if dice is not None:
                self.dice = dice
            self._notice(ev)
            self._tell_marks(ev)
            if hasattr(self.view, "stop_words"):
                self._since_stop.append(ev)
            handoff = self.view.handoff(self.game, ev)
            if handoff is not None:
                player, text = handoff
                if text and player != self._last_player and player not in self.controller.bots:  # a bot's seat
                    # is no one's "your team" at this screen
                    self._hand_over_to(self.handoff_words(player, text))
                    if self.controller.selected is not None:  # a choice made in one player's turn stays there
                        self.controller._clear_selection()
                self._last_player = player
            sid = self.view.sound(self.game, ev)
            if sid and sid not in sounds:
                sounds.append(sid)
        for sid in sounds[-3:] if quiet else sounds:  # a skip does not fire a volley of sounds
            self.sound(sid)

    def _tell_marks(self, ev: Any) -> None:
        """The marks the table shows while ``ev`` is told, where the view says (its optional ``told_marks``: who
        fights whom as a fight's blows play); None from the view keeps those up."""
        told = getattr(self.view, "told_marks", None)
        marks = told(self.game, ev, self.looks) if told is not None else None
        if marks is not None:
            self._told_marks = list(marks)

    def _hand_over_to(self, words: str) -> None:
        """The table goes to the player ``words`` name: the banner that fades, and at a hot-seat screen first a
        card that waits for him (a newcomer missed the banner and did not notice whose turn it was)."""
        self.handoff = (words, HANDOFF_SECONDS)  # (at a hot-seat screen it fades once the card is put away)
        if self.hot_seat:
            self.hand_over = words

    def take_the_table(self) -> None:
        """The player named on the hand-over card clicked or pressed a key: his turn is his to play."""
        self.hand_over = None

    def _dice_shown(self, ev: Any) -> DiceShown | None:
        """The tray's roll for ``ev`` (None: no roll): as the log told it where the view folds rolls into one line
        (its ``dice_told``: the tray showed one zombie's pace under the log's line for them all), else the roll."""
        told = getattr(self.view, "dice_told", None)
        said = told(self.game, ev) if told is not None else None
        if said is not None:
            return DiceShown(said[0], said[1], False)
        dice = dice_of(ev)
        return None if dice is None else DiceShown(dice.faces, self.words(dice.meaning), dice.failed)

    def _notice(self, ev: Any) -> None:
        """A phase begun or skipped goes up over the table (the view's words; one of the same key replaces
        it: "Shooting skipped: ..." takes the place of "Shooting phase"). Each stays up its
        :data:`NOTICE_SECONDS`, however quickly the animation runs on: a fourth waits for room, and a later one
        takes its place there (issue 33: the skips of a squad locked in combat flashed by under the combat's
        animation; a zombies' turn still waiting once the next turn began would be stale news)."""
        notice = getattr(self.view, "phase_notice", None)
        said = notice(self.game, ev) if notice is not None else None
        if not said:
            return
        key = said[0]
        if key in self._notice_times:
            self.notices = [said if n[0] == key else n for n in self.notices]
            self._notice_times[key] = NOTICE_SECONDS
        elif any(n[0] == key for n in self._notice_queue):
            self._notice_queue = [said if n[0] == key else n for n in self._notice_queue]
        elif len(self.notices) < NOTICES_SHOWN:
            self.notices = [*self.notices, said]
            self._notice_times[key] = NOTICE_SECONDS
        else:
            self._notice_queue = [said]  # only the latest waits: one it replaces is no longer the news
        self.notice_left = max(self._notice_times.values(), default=0.0)
        self.version += 1

    def notice_times(self) -> dict[str, float]:
        """Each notice up (by its key): the seconds it still stays."""
        return dict(self._notice_times)

    @property
    def notice_waiting(self) -> tuple[str, str] | None:
        """The notice waiting for room over the table (the newest news while three are up), if any."""
        return self._notice_queue[-1] if self._notice_queue else None

    def _age_notices(self, dt: float) -> None:
        """The notices' time passes: those read long enough go, and the waiting ones take their place."""
        times = {k: t - dt for k, t in self._notice_times.items()}
        self.notices = [n for n in self.notices if times[n[0]] > 0]
        self._notice_times = {k: t for k, t in times.items() if t > 0}
        while self._notice_queue and len(self.notices) < NOTICES_SHOWN:
            said, *self._notice_queue = self._notice_queue
            self.notices.append(said)
            self._notice_times[said[0]] = NOTICE_SECONDS
        self.notice_left = max(self._notice_times.values(), default=0.0)
        self.version += 1

    def log_lines_for(self, events: Sequence[Any]) -> None:
        """The log lines of ``events``. Where the batch before ends with a line these events tell better (a run of
        zombie moves going on: "Zombie 7 lurches." then "3 zombies lurch."), that line is taken back and the two
        batches told as one, as a save's log is when read back whole ("4 zombies lurch toward ...")."""
        lines = self.view.log_lines(self.game, events)
        told, old = self._told, self._told_lines
        if (
            told
            and events
            and self.unlog is not None
            and len(told) + len(events) <= TOLD_MOST
            and self._follows(told, events)
        ):
            whole = self.view.log_lines(self.game, [*told, *events])
            same = next((i for i, (a, b) in enumerate(zip(old, whole)) if a != b), min(len(old), len(whole)))
            if whole != old + lines and same >= len(old) - 1 and self.unlog(old[same:]):
                self._told, self._told_lines = [*told, *events], whole
                for line in whole[same:]:
                    self.log(line)
                return
        self._told, self._told_lines = (list(events), lines) if len(events) <= TOLD_MOST else ([], [])
        for line in lines:
            self.log(line)

    def _follows(self, told: Sequence[Any], events: Sequence[Any]) -> bool:
        """Whether ``events`` come right after ``told`` in the game's log: only two parts of one run of it are
        told as one (a batch made up by hand, or one after a gap, is told alone)."""
        log = self.game.log
        k = next((k for k in range(len(log) - 1, 0, -1) if log[k] is events[0]), 0)
        return k > 0 and log[k - 1] is told[-1]

    def resync(self) -> None:
        """Show every figure exactly as the rules have it now (after playback, or a state set up by hand)."""
        for f in self.game.figures:
            self.looks[f.id] = self.view.look(self.game, f.id)
        self._actions_key = None  # and what each figure may do is asked afresh
        self._resyncs += 1
        self.version += 1

    def _finish_playback(self) -> None:
        # the rules' state is the truth: whatever the animation showed, end exactly there
        self.resync()
        self._told_marks = []  # (the table's standing marks are the rules' again)
        if self.controller.hover_point is not None:  # what is under the pointer now, not before the rules moved: a
            self._pending_hover = self.controller.hover_point  # pointer moved on meanwhile left a stale red plate
        fb = self.controller.handle(AnimationDone())
        if fb.events:
            self._answer(fb)
            return
        self.rules_acting = False  # all shown: the table is the player's again
        self.acting_shown = None  # (the rules' acting side is the one shown)
        if self.status == self.words(STILL_ROLLING):  # the dice have stopped: the refusal no longer holds
            self.status, self.status_bad = "", False
        if self._moved_on:  # the player sees the phase the game moved on to before an E ends it
            self._guard, self._by_itself = GUARD_SECONDS, True
        elif self._ended:  # his E began it: his second press at once was the same click's
            self._guard, self._by_itself = DOUBLE_PRESS_SECONDS, False
        self._moved_on = self._ended = False
        if fb.message:  # what the click or key kept while it was shown did (a survivor picked up): said
            self.status, self.status_bad = self.words(fb.message), not fb.accepted
        if self.controller.mode == Mode.GAME_OVER:
            self.finished = True
            self.status, self.status_bad = self.view.result(self.game)
        elif self.controller.mode in (Mode.IDLE, *CHOOSING):  # (a model may stay selected: he can act again)
            self._stopped()

    def _stopped(self) -> None:
        """The game waits for the player: the status line says what passed by itself while he watched (the
        view's ``stop_words``: a squad locked in combat lost its move and its shots), else what to do."""
        waited = getattr(self.view, "stop_words", None)
        shown, self._since_stop = self._since_stop, []
        if self.controller.orders_elsewhere():
            return  # the prompts are the acting player's, on his screen (this one says whose turn it is)
        said = waited(self.game, shown) if waited is not None else ""
        if said:
            self.status, self.status_bad = said, False
        elif not self.status and self.controller.mode == Mode.IDLE:
            noun = self.view.figure_noun
            end = getattr(self.view, "end_words", "End turn")  # "End phase" where E ends less than a turn
            self.status, self.status_bad = f"Click a {noun} (or Tab), or {end}.{self._kept_words()}", False

    def _kept_words(self) -> str:
        """What the grey buttons kept on the panel wait for, said where a player who uses only the mouse reads
        it (a Zombie 40,000 player thought his power-ups out of reach till he selected a model): " Select a model
        to use a power-up." while the view keeps such a button on the panel now."""
        kept = set(getattr(self.view, "kept_on_panel", ()))
        kinds_for = getattr(self.view, "kinds_for", None)
        if not kept or kinds_for is None or not kept & {k.key for k in kinds_for(self.game)}:
            return ""
        return f" Select a {self.view.figure_noun} to use {getattr(self.view, 'kept_words', 'the grey buttons')}."
