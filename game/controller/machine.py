"""The turn controller: an explicit state machine from UI intents to rules commands.

It tracks the selection, the waypoints and the previews, and refuses what the rules would refuse
with the rules' own reason. It never works out a rule itself: it asks the game (``actions_for``,
``fire_targets``, ``order_targets``, ``preview``) and sends commands to ``apply``.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg import new_game
>>> ctl = Controller(new_game(tiny_scenario(), {"sections": ["american"]}, seed=3))
>>> ctl.mode in (Mode.IDLE, Mode.GAME_OVER)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.controller.intents import AnimationDone, Button, Click, Hover, Intent, Point
from game.rules.core import Command, Event, IllegalCommand, Preview


class Mode(str, Enum):
    """Where the controller is. Transitions are in :meth:`Controller.handle` (one method a mode)."""

    IDLE = "idle"  # nothing selected
    SELECTED = "selected"  # a figure is selected: hovering previews the obvious action
    MOVE = "move"  # choosing a move path (shift-click adds waypoints)
    FIRE = "fire"  # choosing a target to shoot
    ORDER = "order"  # choosing a soldier to order
    RESOLVING = "resolving"  # the screen is showing an action's dice and results
    ZOMBIE_TURN = "zombie_turn"  # the screen is playing the zombies' turn
    GAME_OVER = "game_over"


@dataclass
class Feedback:
    """What the screen should show after an intent: a message (why something was refused, or
    what happened) and the new events to animate and log."""

    accepted: bool = True
    message: str = ""
    events: list[Event] = field(default_factory=list)


# The commands of a rule set, found by the figure actions the controller offers.
CommandFactory = Callable[..., Command]


class Controller:
    """Turns intents into commands for one game.

    ``bots`` maps a player number to a function choosing that player's next command (demo mode,
    or a computer ally); the controller plays them when their part of the turn comes.
    """

    PICK_SLACK = 0.25  # inches around a base that still count as clicking it

    def __init__(
        self,
        game: Any,
        bots: dict[int, Callable[[Any], Command]] | None = None,
        on_command: Callable[[Command, list[Event]], None] | None = None,
    ) -> None:
        self.game = game
        self.bots = dict(bots or {})
        self.on_command = on_command  # e.g. the autosave
        self.mode = Mode.GAME_OVER if game.over else Mode.IDLE
        self.selected: str | None = None
        self.waypoints: list[Point] = []
        self.first_target: str | None = (
            None  # an LMG's first shot, chosen by shift-click; the next click is the second
        )
        self.hover_point: Point | None = None
        self.hover_figure: str | None = None
        self.preview: Preview | None = None
        self.preview_command: Command | None = None
        self.message = ""
        self._after_resolve = Mode.IDLE
        self._commands = _commands_of(game)

    # -- queries for the screen
    @property
    def active_player(self) -> int | None:
        return getattr(self.game.state, "active_player", None)

    def figure_at(self, point: Point) -> str | None:
        """The figure whose base is under ``point`` (living ones first)."""
        hits = self.game.table.figures_in_circle(point, self.PICK_SLACK)
        living = [h for h in hits if self.game.figure(h).on_table]
        return living[0] if living else None

    def path_so_far(self) -> list[Point]:
        if self.selected is None:
            return []
        return [self.game.figure(self.selected).position, *self.waypoints]

    # -- the state machine
    def handle(self, intent: Intent) -> Feedback:
        """Take one intent; returns what to show. Never raises for a wrong click."""
        if isinstance(intent, AnimationDone):
            return self._animation_done()
        if self.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
            if isinstance(intent, Button) and intent.name == "skip":
                return self._animation_done()
            if isinstance(intent, Hover):
                self.hover_point = intent.point
                return Feedback()
            return self._refuse("Wait: the dice are still rolling (Space skips).")
        if self.mode == Mode.GAME_OVER:
            if isinstance(intent, Hover):
                return Feedback()
            return self._refuse("The game is over.")
        if isinstance(intent, Hover):
            return self._hover(intent.point)
        if isinstance(intent, Button):
            return self._button(intent.name)
        if isinstance(intent, Click):
            return self._click(intent)
        return self._refuse(f"Nothing happens on {type(intent).__name__}.")

    # -- hover: previews from the rules
    def _hover(self, point: Point) -> Feedback:
        self.hover_point = point
        self.hover_figure = self.figure_at(point)
        cmd = self._command_for(point, shift=False, face_toward=None)
        if cmd != self.preview_command:
            self.preview_command = cmd
            self.preview = self.game.preview(cmd) if cmd is not None else None
        return Feedback()

    def _command_for(self, point: Point, shift: bool, face_toward: Point | None) -> Command | None:
        """The command a click at ``point`` would send in the current mode, or None."""
        if self.selected is None or self.mode == Mode.IDLE:
            return None
        target = self.figure_at(point)
        actions = self.game.actions_for(self.selected)
        mode = self.mode
        if mode == Mode.SELECTED:  # the obvious action for what is under the pointer
            if target is not None and target != self.selected:
                t = self.game.figure(target)
                if t.is_zombie and "fire" in actions:
                    mode = Mode.FIRE
                elif not t.is_zombie and "order" in actions and target in self.game.order_targets(self.selected):
                    mode = Mode.ORDER
                else:
                    return None
            elif target is None and "move" in actions:
                mode = Mode.MOVE
            else:
                return None
        if mode == Mode.MOVE:
            if shift:
                return None
            path = tuple(self.waypoints) + (point,)
            facing = None
            if face_toward is not None and math.dist(face_toward, point) > 0.2:
                facing = math.degrees(math.atan2(face_toward[1] - point[1], face_toward[0] - point[0])) % 360
            return self._commands["move"](self.selected, path, facing)
        if mode == Mode.FIRE and target is not None:
            if self.first_target is not None:
                return self._commands["fire"](self.selected, self.first_target, target)
            return self._commands["fire"](self.selected, target)
        if mode == Mode.ORDER and target is not None:
            return self._commands["order"](self.selected, target)
        return None

    # -- clicks
    def _click(self, click: Click) -> Feedback:
        target = self.figure_at(click.point)
        if self.mode == Mode.IDLE:
            return self._select(target)
        if self.mode == Mode.MOVE and click.shift:
            self.waypoints.append(click.point)
            self.preview_command = None
            return Feedback(message=f"Waypoint {len(self.waypoints)} set; click the destination.")
        if (
            click.shift
            and self.mode in (Mode.SELECTED, Mode.FIRE)
            and target is not None
            and self.game.figure(target).is_zombie
        ):
            return self._first_shot(target)
        cmd = self._command_for(click.point, click.shift, click.face_toward)
        if cmd is None:
            if target is not None and target != self.selected and not self.game.figure(target).is_zombie:
                return self._select(target)
            if target == self.selected:
                return Feedback(message="Selected. Hover to preview; click to act.")
            return self._refuse(self._why_not(target))
        return self._send(cmd)

    def _first_shot(self, target: str) -> Feedback:
        """Shift-click on a zombie: the first shot of a weapon that fires twice goes there; the next
        click picks the second shot's zombie (the same one, or one near it as the rules allow)."""
        assert self.selected is not None
        if "fire" not in self.game.actions_for(self.selected):
            return self._refuse(self._cannot("fire"))
        shots = self.game.preview(self._commands["fire"](self.selected, target)).details.get("shots", [])
        if len(shots) < 2:
            return self._refuse("Only a weapon that fires twice (an LMG) picks a second target: click to fire.")
        self.first_target = target
        self.mode = Mode.FIRE
        self.preview_command = None
        return Feedback(
            message=f"First shot at {target}. Click the second shot's zombie (the same one, or one near it)."
        )

    def _why_not(self, target: str | None) -> str:
        if self.selected is None:
            return "Select one of your soldiers first."
        if self.mode == Mode.FIRE:
            return "Click a zombie to fire at." if target is None else "That is not a zombie."
        if self.mode == Mode.ORDER:
            return "Click one of your soldiers to order."
        actions = self.game.actions_for(self.selected)
        if not actions:
            return self._figure_reason(self.selected)
        if target is not None and self.game.figure(target).is_zombie and "fire" not in actions:
            cmd = self._commands["fire"](self.selected, target)
            return self.game.preview(cmd).reason or "He cannot fire now."
        return "Nothing to do there."

    def _figure_reason(self, fid: str) -> str:
        f = self.game.figure(fid)
        if f.is_zombie:
            return "The zombies are moved by the game."
        if getattr(f, "acted_this_turn", False):
            return f"{fid} has already acted this turn."
        cmd = self._commands["move"](fid, (), None)
        return self.game.preview(cmd).reason or f"{fid} cannot act now."

    def _select(self, fid: str | None) -> Feedback:
        if fid is None:
            self._clear_selection()
            return Feedback(message="")
        f = self.game.figure(fid)
        if f.is_zombie:
            self._clear_selection()
            return self._refuse("The zombies are moved by the game; select one of your soldiers.")
        self._clear_selection()
        self.selected = fid
        actions = self.game.actions_for(fid)
        self.mode = Mode.SELECTED
        if not actions:
            return self._refuse(self._figure_reason(fid), keep_mode=True)
        return Feedback(message=f"{fid} selected: " + ", ".join(a.upper() for a in actions) + ".")

    def _clear_selection(self) -> None:
        self.selected = None
        self.waypoints = []
        self.first_target = None
        self.preview = None
        self.preview_command = None
        self.mode = Mode.IDLE

    # -- buttons and keys
    def _button(self, name: str) -> Feedback:
        if name == "end_turn":
            return self._send(self._commands["end_turn"]())
        if name in ("cancel", "undo"):
            return self._back()
        if name in ("move", "fire", "order"):
            if self.selected is None:
                return self._refuse("Select one of your soldiers first.")
            if name not in self.game.actions_for(self.selected):
                return self._refuse(self._cannot(name))
            self.mode = Mode(name)
            self.waypoints = []
            self.first_target = None
            self.preview_command = None
            self.preview = None
            return Feedback(
                message={
                    "move": "Click where to move (shift-click for waypoints).",
                    "fire": "Click a zombie to fire at.",
                    "order": "Click a soldier to order.",
                }[name]
            )
        if name == "next":
            return self._select_next()
        if name == "skip":
            return Feedback()
        return self._refuse(f"Unknown button {name!r}.")

    def _cannot(self, action: str) -> str:
        assert self.selected is not None
        if not self.game.actions_for(self.selected):
            return self._figure_reason(self.selected)
        if action == "fire":
            return f"{self.selected} has no zombie in sight, in arc and in range."
        if action == "order":
            return f"{self.selected} cannot ORDER now (only a living NCO, with a soldier in command range)."
        return f"{self.selected} cannot {action.upper()} now."

    def _select_next(self) -> Feedback:
        """Select the next soldier of the active player who may still act."""
        ready = [f.id for f in self.game.figures if not f.is_zombie and self.game.actions_for(f.id)]
        if not ready:
            return self._refuse("Nobody else can act: End turn.")
        i = ready.index(self.selected) + 1 if self.selected in ready else 0
        return self._select(ready[i % len(ready)])

    def _back(self) -> Feedback:
        """Undo the last choice that rolled no dice: a waypoint, a mode, the selection."""
        if self.mode == Mode.MOVE and self.waypoints:
            self.waypoints.pop()
            self.preview_command = None
            return Feedback(message="Waypoint removed.")
        if self.mode == Mode.FIRE and self.first_target is not None:
            self.first_target = None
            self.preview_command = None
            return Feedback(message="First target dropped.")
        if self.mode in (Mode.MOVE, Mode.FIRE, Mode.ORDER):
            self.mode = Mode.SELECTED
            self.preview = None
            self.preview_command = None
            return Feedback(message="Back to the selection.")
        if self.mode == Mode.SELECTED:
            self._clear_selection()
            return Feedback(message="Selection cleared.")
        return self._refuse("Nothing to undo: dice already rolled stay rolled.")

    # -- sending commands
    def _send(self, cmd: Command) -> Feedback:
        try:
            events = self.game.apply(cmd)
        except IllegalCommand as exc:
            return self._refuse(exc.reason, keep_mode=True)
        if self.on_command is not None:
            self.on_command(cmd, events)
        acted = self.selected
        self.waypoints = []
        self.first_target = None
        self.preview = None
        self.preview_command = None
        zombie_turn = any(type(e).__name__ in ("ReactionRolled", "ZombieMoved") for e in events)
        self.mode = Mode.ZOMBIE_TURN if zombie_turn else Mode.RESOLVING
        self._after_resolve = Mode.SELECTED if acted and not zombie_turn and self._can_act(acted) else Mode.IDLE
        if not self._can_act(acted):
            self.selected = None
        self.message = ""
        return Feedback(True, "", events)

    def _can_act(self, fid: str | None) -> bool:
        return fid is not None and bool(self.game.actions_for(fid))

    def _animation_done(self) -> Feedback:
        if self.mode not in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
            return Feedback()
        if self.game.over:
            self.mode = Mode.GAME_OVER
            return Feedback()
        self.mode = self._after_resolve if self.selected else Mode.IDLE
        return self.play_bots()

    def play_bots(self) -> Feedback:
        """If the part of the turn now belongs to a bot, play its next command."""
        player = self.active_player
        if self.game.over or player not in self.bots:
            return Feedback()
        cmd = self.bots[player](self.game)
        self.selected = getattr(cmd, "figure", None)
        return self._send(cmd)

    def _refuse(self, reason: str, keep_mode: bool = True) -> Feedback:
        self.message = reason
        return Feedback(False, reason)


def _commands_of(game: Any) -> dict[str, CommandFactory]:
    """The rule set's command classes for the controller's four actions."""
    module = __import__(type(game).__module__.rsplit(".", 1)[0] + ".commands", fromlist=["*"])
    return {"move": module.Move, "fire": module.Fire, "order": module.Order, "end_turn": module.EndTurn}
