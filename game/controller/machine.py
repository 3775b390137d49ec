"""The turn controller: an explicit state machine from UI intents to rules commands.

It tracks the selection, the aiming (waypoints, picked targets) and the previews, and refuses what
the rules would refuse with the rules' own reason. It never works out a rule itself: it asks the
rule set's view (:class:`~game.rules.contract.View`: the actions, the obvious action under the
pointer, the command an aim makes) and the game (``preview``), and sends commands to ``apply``.

The modes and what moves between them:

- ``IDLE`` -> click a figure of yours -> ``SELECTED`` (hovering previews the obvious action);
- ``SELECTED`` -> an action's button or key -> ``AIMING`` (``action`` says which);
- ``SELECTED``/``AIMING`` -> a click that makes a command -> ``RESOLVING`` (or ``ZOMBIE_TURN`` when
  the events include the game's own side moving) -> ``AnimationDone`` -> ``SELECTED`` or ``IDLE``;
- any -> the game ends -> ``GAME_OVER``.

>>> from game.controller.machine import Mode
>>> [m.value for m in Mode][:3]
['idle', 'selected', 'aiming']
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.controller.intents import AnimationDone, Away, Button, Click, Hover, Intent, Point
from game.controller.outlet import ApplyHere, Outlet
from game.rules.contract import Action, ActionKind, Aim, View
from game.rules.core import Command, Event, Game, IllegalCommand, Preview

STILL_ROLLING = "Wait: the dice are still rolling (Space skips)."  # a refusal that holds only while they roll
CLICK_WAITS = "Sending to the host... your click follows once it answers."
SENT = "Sent to the host..."  # a networked game's command on its way: the host applies it, or refuses it


class Mode(str, Enum):
    """Where the controller is. Transitions are in :meth:`Controller.handle` (one method a mode)."""

    IDLE = "idle"  # nothing selected
    SELECTED = "selected"  # a figure is selected: hovering previews the obvious action
    AIMING = "aiming"  # choosing where an action goes (``Controller.action`` says which)
    RESOLVING = "resolving"  # the screen is showing an action's dice and results
    ZOMBIE_TURN = "zombie_turn"  # the screen is playing the game's own side (the zombies)
    GAME_OVER = "game_over"


CHOOSING = (Mode.SELECTED, Mode.AIMING)  # the player is choosing: Esc steps back, not to the menu
BUSY = (Mode.RESOLVING, Mode.ZOMBIE_TURN)
MOVED_ON = "Not ended: the game moved on by itself. See the new phase, then press E to end it."
# buttons a player may press while his own dice roll, done once they stop (not in the zombies' turn: an
# End turn pressed then would end the next turn before he saw it)
KEPT_WHILE_ROLLING = frozenset({"end_turn"})
NO_ORDER = frozenset({"skip", "cancel", "undo"})  # the buttons any screen may press, its turn or not


@dataclass
class Feedback:
    """What the screen should show after an intent: a message (why something was refused, or
    what happened) and the new events to animate and log."""

    accepted: bool = True
    message: str = ""
    events: list[Event] = field(default_factory=list)


class Controller:
    """Turns intents into commands for one game, through its rule set's view.

    ``bots`` maps a player number to a function choosing that player's next command (demo mode,
    or a computer ally); the controller plays them when their part of the turn comes. ``outlet`` is where
    its commands go (:mod:`game.controller.outlet`): applied here, or sent to a host that sends them back.
    """

    PICK_SLACK = 0.25  # inches around a base that still count as clicking it

    def __init__(
        self,
        game: Game,
        view: View[Game],
        bots: dict[int, Callable[[Any], Command]] | None = None,
        on_command: Callable[[Command, list[Event]], None] | None = None,
        outlet: Outlet | None = None,
    ) -> None:
        self.game = game
        self.view = view
        self.outlet: Outlet = outlet or ApplyHere()
        self.sent: Command | None = None  # a command on its way to the host (the screen waits for it)
        self.bots = dict(bots or {})
        self.on_command = on_command  # e.g. the autosave
        # why the acting player's figures take no orders on this screen ("" when they do): in a networked game
        # another seat's are looked at here, ordered on their player's screen
        self.not_here: Callable[[], str] = lambda: ""
        self.watching = ""  # why this screen gives no orders at all ("" when it plays): a spectator's words
        self.kinds: dict[str, ActionKind] = {k.key: k for k in view.action_kinds}
        self.mode = Mode.GAME_OVER if game.over else Mode.IDLE
        self.action: str | None = None  # the action being aimed (AIMING)
        self.selected: str | None = None
        self.last_selected: str | None = None  # Tab goes on from him after his action cleared the selection
        self.waypoints: list[Point] = []
        self.picked: list[str] = []  # targets chosen by shift-click before the last (an LMG's first shot)
        self.hover_point: Point | None = None
        self.hover_figure: str | None = None
        self.preview: Preview | None = None
        self.preview_command: Command | None = None
        self.preview_targets: tuple[str, ...] = ()  # the figures the previewed command aims at
        self.message = ""
        self._after_resolve = Mode.IDLE
        self._aim_again: str | None = (
            None  # the action aimed again once the command's events have played (aims_again)
        )
        self._confirming: Command | None = None  # a command whose first click asked a question
        self._confirming_at: Point | None = None  # where that click was: a second click there sends it
        self._queued: tuple[str, int | None] | None = None  # (button, its player) pressed while the dice rolled
        self._queued_click: Click | None = None  # a click made while our command went to the host: it follows
        self._end_asked = False  # E pressed once with figures who had not acted: the next E ends
        # the last command moved the game on further than asked (a move that ended the phase by itself, an E
        # that ran on through skipped phases): an E pressed before the player has seen where is not kept
        self.moved_on = False
        # the last command was an E that began the next phase (nothing of the other side's to watch between): a
        # second E at once is a double click's, and the screen asks before it ends the phase just begun
        self.ended_phase = False
        self._ending = False  # the command in flight is the end of a turn or phase (read before it applied)

    # -- queries for the screen
    @property
    def active_player(self) -> int | None:
        return self.view.acting_player(self.game)

    @property
    def aim(self) -> str:
        """How the current action is aimed: ``path``, ``figure``, ``now``, or "" when not aiming."""
        kind = self.kinds.get(self.action or "")
        return kind.aim if kind is not None and self.mode == Mode.AIMING else ""

    @property
    def asked_at(self) -> Point | None:
        """Where the click stood whose question waits for a second click there (None when none waits): the
        screen's question is about that spot, not the one the pointer is on."""
        return self._confirming_at if self._confirming is not None else None

    def figure_at(self, point: Point, mine_first: bool = False) -> str | None:
        """The figure whose base is under ``point``: the nearest of the living on the table.

        ``mine_first``: where bases overlap (a zombie standing over a soldier), one the acting player may
        select wins over the nearer enemy -- a click meant to pick up one's own model does so."""
        hits = self.game.table.figures_in_circle(point, self.PICK_SLACK)
        living = [h for h in hits if self.game.figure(h).on_table]
        if mine_first and len(living) > 1:
            living.sort(key=lambda h: bool(self.view.selectable(self.game, h)))  # stable: nearest of each kind
        return living[0] if living else None

    def path_so_far(self) -> list[Point]:
        if self.selected is None:
            return []
        return [self.game.figure(self.selected).position, *self.waypoints]

    def orders_elsewhere(self) -> str:
        """Why this screen gives no orders now ("" when it does): it watches, or it is another seat's turn."""
        return self.watching or self.not_here()

    def available(self, fid: str) -> list[str]:
        """The actions ``fid`` may take now (keys)."""
        return [a.key for a in self.view.actions(self.game, fid) if a.available]

    def _action(self, fid: str, key: str) -> Action | None:
        return next((a for a in self.view.actions(self.game, fid) if a.key == key), None)

    # -- the state machine
    def handle(self, intent: Intent) -> Feedback:
        """Take one intent; returns what to show. Never raises for a wrong click."""
        if isinstance(intent, AnimationDone):
            return self._animation_done()
        if isinstance(intent, Away):
            return self._away()
        if isinstance(intent, Button) and intent.name not in NO_ORDER:
            elsewhere = self.orders_elsewhere()
            if elsewhere:  # (before any question: E asks nothing on a screen whose turn it is not)
                self._end_asked = False
                return self._refuse(elsewhere)
        if self.mode in BUSY:
            if isinstance(intent, Button) and intent.name == "skip":
                return self._animation_done()
            if isinstance(intent, Button) and intent.name in KEPT_WHILE_ROLLING and self.mode == Mode.RESOLVING:
                return self._keep(intent.name)
            if isinstance(intent, Hover):
                self.hover_point = intent.point
                return Feedback()
            if isinstance(intent, Click) and self.sent is not None:
                self._queued_click = intent  # (the latest: a player who clicks twice meant the second)
                return Feedback(True, CLICK_WAITS)
            if isinstance(intent, Click) and self._picks_up_later(intent):
                self._queued_click = intent  # his first click on him counts: never "still rolling" for it
                who = self.view.name(self.game, str(self.figure_at(intent.point, mine_first=True)))
                return Feedback(True, f"Selecting {who} once this is shown (Space skips).")
            return self._refuse(SENT if self.sent is not None else STILL_ROLLING)
        if self.mode == Mode.GAME_OVER:
            if isinstance(intent, Hover):
                return Feedback()
            return self._refuse("The game is over.")
        if isinstance(intent, Hover):
            return self._hover(intent.point, intent.face_toward)
        if not (isinstance(intent, Button) and intent.name == "end_turn"):
            self._end_asked = False  # anything else done between: the question is asked afresh
        if isinstance(intent, Button):
            return self._button(intent.name)
        if isinstance(intent, Click):
            return self._click(intent)
        return self._refuse(f"Nothing happens on {type(intent).__name__}.")

    def _picks_up_later(self, click: Click) -> bool:
        """Whether ``click``, made while the player's own command is still being shown, picks up another of his
        own figures once it is: a newcomer who moved one survivor and clicked the next one while the first still
        walked was told "the dice are still rolling" and had to click him again. A click on the ground or an
        enemy still orders nothing until the table is his again."""
        if self.mode != Mode.RESOLVING or self.active_player in self.bots or self.orders_elsewhere():
            return False
        mine = self.figure_at(click.point, mine_first=True)
        return mine is not None and mine != self.selected and not self.view.selectable(self.game, mine)

    def _away(self) -> Feedback:
        """The pointer is off the table: the preview goes (the selection and the aim stay)."""
        self.hover_point = self.hover_figure = None
        self.preview = self.preview_command = None
        self.preview_targets = ()
        return Feedback()

    # -- hover: previews from the rules
    def _hover(self, point: Point, face_toward: Point | None = None) -> Feedback:
        self.hover_point = point
        self.hover_figure = self.figure_at(point)
        cmd, targets = self._command_for(point, shift=False, face_toward=face_toward)
        if cmd != self.preview_command:
            self.preview_command = cmd
            self.preview_targets = targets
            self.preview = self.game.preview(cmd) if cmd is not None else None
        return Feedback()

    def _command_for(
        self, point: Point, shift: bool, face_toward: Point | None
    ) -> tuple[Command | None, tuple[str, ...]]:
        """The command a click at ``point`` would send in the current mode (or None), and its targets."""
        if self.selected is None or self.mode == Mode.IDLE:
            return None, ()
        target = self.figure_at(point)
        action = self.action if self.mode == Mode.AIMING else None
        if action is None:  # only selected: the obvious action for what is under the pointer
            action = self.view.default_action(self.game, self.selected, target)
            if action is None and face_toward is not None and target == self.selected:
                # a drag from his own base (where the view lets it face: drag_faces): the turn a path aim makes
                action = self.view.default_action(self.game, self.selected, None)
            if action is None:
                return None, ()
        kind = self.kinds.get(action)
        if kind is None:
            return None, ()
        if kind.aim == "path":
            if shift:
                return None, ()
            facing = None
            if face_toward is not None and math.dist(face_toward, point) > 0.2:
                facing = math.degrees(math.atan2(face_toward[1] - point[1], face_toward[0] - point[0])) % 360
            aim = Aim(path=(*self.waypoints, point), facing=facing)
            return self.view.command(self.game, self.selected, action, aim), ()
        if kind.aim == "figure" and target is not None:
            targets = (*self.picked, target)
            return self.view.command(self.game, self.selected, action, Aim(targets=targets)), targets
        if kind.aim == "now" and self.mode == Mode.AIMING:  # its question is asked: a click anywhere answers
            return self.view.command(self.game, self.selected, action, Aim()), ()
        return None, ()

    # -- clicks
    def _click(self, click: Click) -> Feedback:
        target = self.figure_at(click.point)
        if self.mode == Mode.IDLE:  # nothing to act on yet: the click picks up one's own model
            return self._select(self.figure_at(click.point, mine_first=True))
        if self.mode == Mode.SELECTED and click.shift and target is None and self.selected is not None:
            action = self.view.default_action(self.game, self.selected, None)
            kind = self.kinds.get(action or "")
            if kind is not None and kind.aim == "path":  # waypoints straight after selecting, no M first
                self.mode, self.action, self.waypoints, self.picked = Mode.AIMING, kind.key, [], []
        if self.aim == "path" and click.shift:
            self.waypoints.append(click.point)
            self.preview_command = None
            return Feedback(message=f"Waypoint {len(self.waypoints)} set; click the destination.")
        if click.shift and target is not None and self.selected is not None:
            action = self.action if self.mode == Mode.AIMING else None
            action = action or self.view.default_action(self.game, self.selected, target)
            kind = self.kinds.get(action or "")
            if kind is not None and kind.aim == "figure" and kind.targets > len(self.picked) + 1:
                return self._pick(kind.key, target)
        answers = self._again(click)  # the same spot as the click that asked: its answer, whoever stands there
        if self._confirming is not None and not click.shift and not answers:  # elsewhere: his model is picked up
            mine = self.figure_at(click.point, mine_first=True)
            if mine is not None and mine != self.selected and not self.view.selectable(self.game, mine):
                return self._select(mine)  # (the question is forgotten with the selection)
        cmd, _ = self._command_for(click.point, click.shift, click.face_toward)
        if answers:  # the same spot as the click that asked, a pixel off: its command
            cmd = self._confirming
        if cmd is not None:
            preview = self.preview if cmd == self.preview_command and self.preview else self.game.preview(cmd)
            question = self.view.confirm(self.game, cmd, preview)
            if question and cmd != self._confirming:  # never spend an action on less than was asked
                self._confirming, self._confirming_at = cmd, click.point
                return Feedback(message=question)
        self._confirming = self._confirming_at = None
        if cmd is None:
            mine = self.figure_at(click.point, mine_first=True)  # the click does nothing to the enemy on top:
            if mine is not None and mine != self.selected and not self.view.selectable(self.game, mine):
                return self._select(mine)  # it picks up one's own model under it
            if target == self.selected:
                return Feedback(message="Selected. Hover to preview; click to act.")
            return self._refuse(self._miss(target))
        return self._send(cmd)

    def _again(self, click: Click) -> bool:
        """Whether ``click`` answers the question the last click asked: a plain click where that one was."""
        at, cmd = self._confirming_at, self._confirming
        if at is None or cmd is None or click.shift or click.face_toward is not None:
            return False
        mover = getattr(cmd, "figure", self.selected)  # (a squad's move names no one figure: the selection's)
        return mover == self.selected and math.dist(click.point, at) <= self.PICK_SLACK

    def _pick(self, action: str, target: str) -> Feedback:
        """Shift-click: ``target`` becomes one of the action's earlier targets (an LMG's first shot);
        the next click picks the last one."""
        assert self.selected is not None
        taken, message = self.view.first_pick(self.game, self.selected, action, target)
        if not taken:
            return self._refuse(message)
        self.picked.append(target)
        self.action = action
        self.mode = Mode.AIMING
        self.preview_command = None
        return Feedback(message=message)

    def _miss(self, target: str | None) -> str:
        if self.selected is None:
            return f"Select one of your {self.view.figure_noun}s first."
        action = self.action if self.mode == Mode.AIMING else None
        return self.view.miss(self.game, self.selected, action, target)

    def _select(self, fid: str | None) -> Feedback:
        if fid is None:
            self._clear_selection()
            return Feedback(message="")
        why_not = self.orders_elsewhere() or self.view.selectable(self.game, fid)
        self._clear_selection()
        if why_not:
            return self._refuse(why_not)
        self.selected = self.last_selected = fid
        self.mode = Mode.SELECTED
        actions = self.view.actions(self.game, fid)
        available = [a.key for a in actions if a.available]
        if not available:
            return self._refuse(next((a.reason for a in actions if a.reason), f"{fid} cannot act now."))
        words = ", ".join(action_words(self.view, available))
        extra = self._extra_left(fid)
        if extra:  # he has acted: say what is left to him, not "selected: ORDER" as if he had not
            return Feedback(message=f"{self.view.name(self.game, fid)} {extra}")
        held = getattr(self.view, "held_words", None)  # why an action he usually has is not among them
        why = held(self.game, fid) if held is not None else ""
        return Feedback(
            message=f"{self.view.name(self.game, fid)} selected: {words}" + (f" ({why})." if why else ".")
        )

    def _clear_selection(self) -> None:
        self._confirming = self._confirming_at = None
        self.selected = None
        self.action = None
        self.waypoints = []
        self.picked = []
        self.preview = None
        self.preview_command = None
        self.preview_targets = ()
        self.mode = Mode.IDLE

    # -- buttons and keys
    def _button(self, name: str) -> Feedback:
        if name == "end_turn":
            question = "" if self._end_asked else self._end_question()
            self._end_asked = bool(question)
            return Feedback(message=question) if question else self._send(self.view.end_turn(self.game))
        if name in ("cancel", "undo"):
            return self._back()
        if name in self.kinds:
            return self._start_aiming(self.kinds[name])
        if name == "next":
            return self._select_next()
        if name == "skip":
            return Feedback()
        return self._refuse(f"Unknown button {name!r}.")

    def _stood_for(self, key: str) -> str | None:
        """The figure the view says button ``key`` stands for with none selected (a squad's power-up choice),
        selected now; None when it names none (or he may not be selected)."""
        stands_for = getattr(self.view, "acts_for", None)
        fid = stands_for(self.game, key) if stands_for is not None else None
        if fid is None or not self._select(fid).accepted:
            self._clear_selection()
            return None
        return str(fid)

    def _start_aiming(self, kind: ActionKind) -> Feedback:
        selected = self.selected or self._stood_for(kind.key)
        if selected is None:
            return self._refuse(f"Select one of your {self.view.figure_noun}s first.")
        action = self._action(selected, kind.key)
        if action is None or not action.available:
            reason = action.reason if action is not None else f"{self.selected} cannot do that."
            if kind.key in getattr(self.view, "aim_when_refused", ()) and self.available(selected):
                self._aim(kind)  # the mode he asked for stays: his next click on a target says why, never a move
                return self._refuse(f"{reason} (Still aiming: Esc steps back.)")
            return self._refuse(reason)
        if kind.aim == "now":
            return self._now(kind)
        self._aim(kind)
        return Feedback(message=kind.prompt)

    def _aim(self, kind: ActionKind) -> None:
        """Aim ``kind``: the clicks that follow pick where it goes or at whom."""
        self.mode = Mode.AIMING
        self.action = kind.key
        self._confirming = self._confirming_at = None
        self.waypoints = []
        self.picked = []
        self.preview_command = None
        self.preview = None

    def _now(self, kind: ActionKind) -> Feedback:
        """A button that acts at once; when the rules ask a question first (a Spot's odds), the first press
        shows its preview and asks, and the same button again (or a click) sends it."""
        assert self.selected is not None
        cmd = self.view.command(self.game, self.selected, kind.key, Aim())
        if cmd is None:
            return self._refuse(f"{kind.label}: nothing to do now.")
        preview = self.game.preview(cmd)
        question = self.view.confirm(self.game, cmd, preview)
        if question and cmd != self._confirming:  # never roll before the odds were shown
            self.mode, self.action, self.waypoints, self.picked = Mode.AIMING, kind.key, [], []
            self.preview_command, self.preview, self.preview_targets = cmd, preview, ()
            self._confirming, self._confirming_at = cmd, None
            return Feedback(message=question)
        self._confirming = self._confirming_at = None
        return self._send(cmd)

    def not_acted(self) -> list[str]:
        """The acting player's figures on the table who may act and have not yet (their token not ``acted``).
        A figure whose only actions are ones he need not take (the view's ``optional_actions``: Zombie 40,000's
        run and power-ups) is not counted: nobody had a shot, nobody is asked about (issue 33)."""
        out = []
        optional = set(getattr(self.view, "optional_actions", ()))
        for f in self.game.figures:
            if not f.on_table or self.view.selectable(self.game, f.id):
                continue
            if not set(self.available(f.id)) - optional:
                continue
            if self.view.token(self.game, f.id, self.view.look(self.game, f.id)).state != "acted":
                out.append(f.id)
        return out

    def ask_to_end(self) -> str:
        """The screen asks before an E ends the phase (it began just now): the question the first E would ask
        ("8 models have not acted: press E again to end the phase.", or ""), taken as asked, so the next E ends
        the phase and is not asked about twice."""
        question = self._end_question()
        self._end_asked = True
        return question

    def _end_question(self) -> str:
        """Where the rule set asks (``ask_before_ending``), the question the first E asks while figures have not
        acted: "2 survivors have not acted: press E again to end the step." Else ""."""
        if not getattr(self.view, "ask_before_ending", False):
            return ""
        n = len(self.not_acted())
        if not n:
            return ""
        noun = self.view.figure_noun if n == 1 else f"{self.view.figure_noun}s"
        end = getattr(self.view, "end_words", "End turn").lower().replace("end ", "end the ", 1)
        warning = getattr(self.view, "end_warning", None)  # (Zombie 40,000: the squad is out of coherency)
        more = warning(self.game) if warning is not None else ""
        also = f", and {more}" if more else ""
        return f"{n} {noun} {'has' if n == 1 else 'have'} not acted{also}: press E again to {end}."

    def _select_next(self) -> Feedback:
        """Select the next figure of the acting player who may still act, in the roster's order and on from the
        one last selected (his action clears the selection): Tab never keeps coming back to the first man ready."""
        elsewhere = self.orders_elsewhere()
        if elsewhere:
            return self._refuse(elsewhere)
        ready = [
            f.id for f in self.game.figures if not self.view.selectable(self.game, f.id) and self.available(f.id)
        ]
        if not ready:
            end = getattr(self.view, "end_words", "End turn")  # the button's words ("End step": a turn of steps)
            return self._refuse(f"Nobody else can act: {end}.")
        roster = [f.id for f in self.game.figures]
        after = self.selected or self.last_selected
        if after in ready:
            i = ready.index(after) + 1
        else:  # on from where he stands in the roster
            i = (
                bisect.bisect_left([roster.index(fid) for fid in ready], roster.index(after))
                if after in roster
                else 0
            )
        return self._select(ready[i % len(ready)])

    def _extra_left(self, fid: str) -> str:
        """What the view says ``fid`` has left once his own action is spent ("" when he has his action, or a
        view that has no such extras)."""
        extra = getattr(self.view, "extra_left", None)
        return str(extra(self.game, fid)) if extra is not None else ""

    def _back(self) -> Feedback:
        """Undo the last choice that rolled no dice: a waypoint, a picked target, the aiming, the selection."""
        self._confirming = self._confirming_at = None  # a question asked is forgotten
        if self.mode == Mode.AIMING and self.waypoints:
            self.waypoints.pop()
            self.preview_command = None
            return Feedback(message="Waypoint removed.")
        if self.mode == Mode.AIMING and self.picked:
            self.picked.pop()
            self.preview_command = None
            return Feedback(message="First target dropped.")
        if self.mode == Mode.AIMING:
            self.mode = Mode.SELECTED
            self.action = None
            self.preview = None
            self.preview_command = None
            return Feedback(message="Back to the selection.")
        if self.mode == Mode.SELECTED:
            self._clear_selection()
            return Feedback(message="Selection cleared.")
        return self._refuse("Nothing to undo: dice already rolled stay rolled.")

    # -- sending commands
    def send(self, cmd: Command) -> Feedback:
        """A command made outside the table (a shop's Buy), sent as a click's would be; refused while the
        dice roll or once the game is over."""
        if self.mode in BUSY:
            return self._refuse(STILL_ROLLING)
        if self.mode == Mode.GAME_OVER:
            return self._refuse("The game is over.")
        return self._send(cmd)

    def _send(self, cmd: Command) -> Feedback:
        if self.sent is not None:
            return self._refuse(SENT)
        self._ending = cmd == self.view.end_turn(self.game)  # read before the command changes the game
        try:
            events = self.outlet(self.game, cmd)
        except IllegalCommand as exc:
            return self._refuse(exc.reason)
        if events is None:  # on its way to the host: the screen waits (busy) for it to come back, or not
            self.sent, self.mode = cmd, Mode.RESOLVING
            self._after_resolve = Mode.SELECTED if self.selected else Mode.IDLE
            return Feedback(True, SENT)
        return self.arrived(cmd, events)

    def arrived(self, cmd: Command, events: list[Event]) -> Feedback:
        """``cmd`` was applied (here, or by the host and then to this copy): show its ``events``."""
        self.sent = None
        begun = self.phases_begun(events)
        self.moved_on = begun > (1 if self._ending else 0)
        self.ended_phase = self._ending and begun > 0 and not self.view.opponent_moved(events)
        self._ending = False
        if self.on_command is not None:
            self.on_command(cmd, events)
        acted, aimed = self.selected, self.action if self.mode == Mode.AIMING else None
        self._confirming = self._confirming_at = None  # a question asked is about the table before this command
        self.waypoints = []
        self.picked = []
        self.action = None
        self.preview = None
        self.preview_command = None
        self.preview_targets = ()
        opponent = self.view.opponent_moved(events)
        self.mode = Mode.ZOMBIE_TURN if opponent else Mode.RESOLVING
        keep = acted is not None and not opponent and self._can_act(acted)
        self._after_resolve = Mode.SELECTED if keep else Mode.IDLE
        if not keep:  # after the other side's move the turn starts fresh: no selection carried into it
            self.selected = None
        self._aim_again = aimed if keep and aimed in getattr(self.view, "aims_again", ()) else None
        self.message = ""
        return Feedback(True, "", events)

    def refused(self, reason: str) -> Feedback:
        """The host refused the command we sent (nothing was applied): back to the choice it came from."""
        self.sent, self._ending = None, False
        self._queued_click = None  # (made on the table the refused command would have changed)
        if self.mode == Mode.RESOLVING:
            self.mode = Mode.SELECTED if self.selected else Mode.IDLE
        return self._refuse(reason)

    def phases_begun(self, events: list[Event]) -> int:
        """How many phases (or turns) these events begin or pass, as the view's notices count them (a skipped
        phase's start and skip are one)."""
        notice = getattr(self.view, "phase_notice", None)
        if notice is None:
            return 0
        return len({said[0] for said in (notice(self.game, e) for e in events) if said})

    def _can_act(self, fid: str | None) -> bool:
        return fid is not None and not self.not_here() and bool(self.available(fid))

    def _animation_done(self) -> Feedback:
        if self.mode not in BUSY or self.sent is not None:  # (a command on its way: still waiting for it)
            return Feedback()
        if self.game.over:
            self.mode = Mode.GAME_OVER
            return Feedback()
        self.mode = self._after_resolve if self.selected else Mode.IDLE
        again, self._aim_again = self._aim_again, None
        if again is not None and self.mode == Mode.SELECTED and again in self.available(self.selected or ""):
            self._aim(self.kinds[again])  # a shooter with shots left: still in Fire, the next click fires again
        click, self._queued_click = self._queued_click, None
        if click is not None and self.active_player not in self.bots and not self.orders_elsewhere():
            return self.handle(click)  # the click made while the command was on its way, now it is back
        queued, self._queued = self._queued, None
        if queued is not None and queued[1] == self.active_player and self.active_player not in self.bots:
            # the key pressed while the dice rolled, now they stopped: an E said "End turn once the dice stop"
            # and is not asked again (the question would be lost under the roll's last words)
            self._end_asked = self._end_asked or queued[0] == "end_turn"
            return self.handle(Button(queued[0]))
        return self.play_bots()

    def _keep(self, button: str) -> Feedback:
        """A button pressed while the player's own dice still roll: remembered, pressed once they stop; but
        not an E when the command being shown moved the game on by itself: it was meant for the phase before,
        and would end one the player has not seen."""
        if button == "end_turn" and self.moved_on:
            return self._refuse(MOVED_ON)
        self._queued = (button, self.active_player)
        self.message = "End turn once the dice stop." if button == "end_turn" else ""
        return Feedback(True, self.message)

    def play_bots(self) -> Feedback:
        """If the part of the turn now belongs to a bot, play its next command."""
        player = self.active_player
        if self.game.over or player not in self.bots:
            return Feedback()
        cmd = self.bots[player](self.game)
        self.selected = self._on_table(getattr(cmd, "figure", None))
        return self._send(cmd)

    def _on_table(self, fid: object) -> str | None:
        """``fid`` when it names a figure on the table, else None: a bot's command may name nobody (Zombie
        40,000's Speed Pack: ``figure`` "") or a dead model (the Defibrillator), and neither can be selected."""
        ids = {f.id for f in self.game.figures if f.on_table}
        return fid if isinstance(fid, str) and fid in ids else None

    def _refuse(self, reason: str) -> Feedback:
        self.message = reason
        return Feedback(False, reason)


def action_words(view: View, keys: list[str]) -> list[str]:
    """The actions ``keys`` in the buttons' words, never the keys: as the buttons print them ("Move") where the
    view says so (``button_words``), else in capitals, as a rule book names its actions ("MOVE")."""
    plain = bool(getattr(view, "button_words", False))
    labels = {k.key: k.label if plain else k.label.upper() for k in view.action_kinds}
    return [labels.get(a, a if plain else a.upper()) for a in keys]
