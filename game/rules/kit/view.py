"""A view with the kit's defaults: what a new rule set's screen gets for free, so its view states only what
differs (its action buttons, its command, its turn and objective lines).

The defaults read a game on the kit (:class:`Kitted`): one human player against the game's zombies, the kit's
shared events (:mod:`game.rules.kit.events`) worded, heard and shown alike. A rule set adds or replaces an
event's words, sound or animation in its view's ``WORDS``, ``SOUNDS`` and ``SHOWN`` tables (looked up by the
event's class, else its nearest base class).

>>> from game.rules.kit.events import GameOver
>>> words_of(KitView.WORDS, GameOver)(KitView(), None, GameOver("zombies", "Time ran out."))
'<b>The zombies win.</b> Time ran out.'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from game.rules.contract import (
    Action,
    Animation,
    Cell,
    Look,
    Played,
    RosterGroup,
    RosterRow,
    TokenLook,
    View,
    toned,
)
from game.rules.core import DiceRolled, Event
from game.rules.kit.events import Exited, GameOver, Killed, Moved
from game.rules.kit.figure import ZOMBIES
from game.rules.kit.sounds import SoundTable, sound_of


class Kitted(Played, Protocol):
    """What the kit's view reads of a game: a :class:`Played` with its state, its figures and, for each
    figure, the keys of the actions it has now."""

    @property
    def winner(self) -> str | None: ...

    @property
    def state(self) -> Any: ...

    @property
    def figures(self) -> list[Any]: ...

    def actions_for(self, figure_id: str) -> list[str]: ...


K = TypeVar("K", bound=Kitted)
Words = Callable[[Any, Any, Any], str | None]  # (the view, the game, the event) -> a log line, or None


def words_of(table: Mapping[type, Words], kind: type) -> Words | None:
    """The words of an event class by ``table``: its own entry, else its nearest base class's."""
    return next((table[k] for k in kind.__mro__ if k in table), None)


def _dice(view: KitView[Any], game: Kitted, ev: DiceRolled) -> str:
    return toned("dice", f"Dice, {html.escape(ev.purpose)}: {html.escape(ev.meaning)}")


def _moved(view: KitView[Any], game: Kitted, ev: Moved) -> str:
    tone = "enemy" if game.figure(ev.figure).side == ZOMBIES else "plain"  # the game's own move, or his
    return toned(tone, f'{html.escape(view.name(game, ev.figure))} moves {ev.length:.0f}".')


def _killed(view: KitView[Any], game: Kitted, ev: Killed) -> str:
    return toned("bad", f"<b>{html.escape(view.name(game, ev.figure))} falls</b> ({html.escape(ev.cause)}).")


def _exited(view: KitView[Any], game: Kitted, ev: Exited) -> str:
    return toned("good", f"{html.escape(view.name(game, ev.figure))} gets away.")


def _over(view: KitView[Any], game: Kitted, ev: GameOver) -> str:
    return f"<b>The {html.escape(ev.winner)} win.</b> {html.escape(ev.reason)}"


def _shown(ev: Event) -> Animation | None:
    """The kit's events on the table: a move glides, a kill falls, an exit leaves, a roll pauses."""
    if isinstance(ev, Moved):
        return Animation("move", ev.figure, ev.path, facing=ev.facing)
    if isinstance(ev, Killed | Exited):
        return Animation("state", ev.figure, state="dead" if isinstance(ev, Killed) else "exited", seconds=0.3)
    return Animation("pause", seconds=0.4) if isinstance(ev, DiceRolled) else None


class KitView(View[K]):
    """The contract's view with the kit's defaults for a one-player game against the zombies (see the module)."""

    WORDS: ClassVar[Mapping[type, Words]] = {
        DiceRolled: _dice,
        Moved: _moved,
        Killed: _killed,
        Exited: _exited,
        GameOver: _over,
    }
    SOUNDS: ClassVar[SoundTable[Any]] = {DiceRolled: "dice", Moved: "shamble", Killed: "hit"}

    # -- the panels
    def turn_line(self, game: K, opponent_moving: bool = False, turn: int | None = None) -> str:
        """``Turn 3 — Your turn`` (``Game over`` once it is)."""
        return f"Turn {turn or game.state.turn} \u2014 " + ("Game over" if game.over else "Your turn")

    def roster(self, game: K, looks: dict[str, Look], ready: set[str]) -> list[RosterGroup]:
        """The player's figures (every one not a zombie), each ready or with its state word."""
        rows = tuple(
            RosterRow(
                f.id,
                self.name(game, f.id),
                (),
                Cell("ready", "good")
                if f.id in ready
                else Cell(looks[f.id].state if f.id in looks else f.state, "muted"),
            )  # fmt: skip
            for f in game.figures
            if f.side != ZOMBIES
        )
        return [RosterGroup("Player 1", True, rows)]

    def acting_player(self, game: K) -> int | None:
        """The one player, until the game is over."""
        return None if game.over else 1

    def result(self, game: K) -> tuple[str, bool]:
        """``The zombies win: Time ran out.``, bad news unless a side other than the zombies won."""
        return f"The {game.winner} win: {game.state.reason}", game.winner in (None, ZOMBIES)

    # -- figures
    def token(self, game: K, fid: str, look: Look) -> TokenLook:
        """A zombie's or a survivor's token, lying as a marker once dead (under the standing)."""
        zombie, dead = game.figure(fid).side == ZOMBIES, look.state == "dead"
        sprite = ("dead_zombie" if dead else "zombie_1") if zombie else ("dead_soldier" if dead else "character_1")
        return TokenLook(f"tokens.{sprite}", "zombie" if zombie else "allies", look.state,
                         label=self.name(game, fid), layer=0 if dead else 2)  # fmt: skip

    def selectable(self, game: K, fid: str) -> str:
        """The player's own figures; the zombies are the game's."""
        return "The zombies are moved by the game." if game.figure(fid).side == ZOMBIES else ""

    # -- actions and aiming
    def actions(self, game: K, fid: str) -> list[Action]:
        """Each button: available when the game lists its key for the figure now."""
        now = game.actions_for(fid)
        return [Action(k.key, k.key in now, "" if k.key in now else "Not now.") for k in self.action_kinds]

    def default_action(self, game: K, fid: str, target: str | None) -> str | None:
        """The first button aimed at a figure that ``fid`` has now, when pointing at a figure of another side
        (none over open ground or his own side)."""
        if target is None or game.figure(target).side == game.figure(fid).side:
            return None
        now = game.actions_for(fid)
        return next((k.key for k in self.action_kinds if k.aim == "figure" and k.key in now), None)

    def miss(self, game: K, fid: str, action: str | None, target: str | None) -> str:
        """The action's prompt again (else: pick an action)."""
        kind = next((k for k in self.action_kinds if k.key == action), None)
        return kind.prompt if kind and kind.prompt else "Pick an action."

    # -- events
    def log_lines(self, game: K, events: Sequence[Event]) -> list[str]:
        """Each event's line by ``WORDS`` (an event without words only shows)."""
        lines = (words(self, game, ev) for ev in events if (words := words_of(self.WORDS, type(ev))))
        return [line for line in lines if line]

    def sound(self, game: K, event: Event) -> str | None:
        return sound_of(self.SOUNDS, game, event)

    def animation(self, event: Event) -> Animation | None:
        return _shown(event)

    def opponent_moved(self, events: Sequence[Event]) -> bool:
        """Whether the zombies' own turn is among ``events``: none is marked as such by default."""
        return False
