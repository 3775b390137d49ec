"""One game being played, as the UI holds it: apply commands, autosave, undo, save, resume.

Undo follows the one mechanism of docs/ARCHITECTURE.md: the game is rebuilt from its scenario, seed and commands
minus the last one. Only a command that rolled no dice may be taken back, so undo never lets a
player re-roll; choices that never reach the rules (selection, waypoints, a move preview) are the
controller's to forget. (The examples need a game: tests/test_session.py runs them on one.)

>>> s = Session(game)  # doctest: +SKIP
>>> s.can_undo()  # doctest: +SKIP
False
>>> s.undo_refusal()  # doctest: +SKIP
'Nothing to undo yet.'
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.core import RULESETS, Command, DiceRolled, Event, Game
from game.saves import (
    Autosaves,
    SavedGame,
    SaveError,
    crash_folder,
    describe_error,
    read_save,
    restore,
    save_game,
    snapshot,
)


class UndoRefused(ValueError):
    """Undo is not allowed now; the message says why (for the status line)."""


class Session:
    """A game plus its autosaves and the record of which commands rolled dice."""

    def __init__(
        self,
        game: Game,
        autosaves: Autosaves | None = None,
        rolled: list[bool] | None = None,
        scenario_name: str = "",
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.autosaves = autosaves
        # what the game's saves keep besides the game (where it stands with its turn files), carried from
        # the save it was loaded from into every save and autosave of it; its turn is the game's own, and a
        # chapter's campaign is kept by its autosaves once checked (see resume)
        self.extra: dict[str, Any] = {k: v for k, v in (extra or {}).items() if k not in ("turn", "campaign")}
        # rolled[i]: did commands[i] roll dice? (a resumed game learns this while replaying)
        self.rolled: list[bool] = list(rolled) if rolled is not None else [True] * len(game.commands)
        self.last_autosave: Path | None = None
        # a command in the player's words (the rule set's view); the class name where none is given
        self.words: Callable[[Command], str] = lambda cmd: type(cmd).__name__
        self.last_crash_report: Path | None = None
        # why the last autosave failed (a full disk, a read-only folder), "" once one succeeds again;
        # the screen shows it, so a player never plays on believing the game is kept
        self.autosave_error: str = ""

    # -- playing
    def apply(self, cmd: Command) -> list[Event]:
        """Hand ``cmd`` to the rules; autosave once it is resolved.

        IllegalCommand goes back to the caller with the game unchanged. Any other error is a bug:
        the game and the command are saved as a bug report (see :attr:`last_crash_report`) and
        the error is raised again.
        """
        from game.rules.core import IllegalCommand

        try:
            events = self.game.apply(cmd)
        except IllegalCommand:
            raise
        except Exception as exc:
            self.last_crash_report = self._report(cmd, exc)
            try:  # the error may have struck half-way: go on from the last good state
                self.game = self._rebuild(len(self.game.commands))
            except Exception:
                pass
            raise
        self.rolled.append(any(isinstance(e, DiceRolled) for e in events))
        self.autosave()
        return events

    def on_command(self, cmd: Command, events: list[Event]) -> None:
        """The Controller's ``on_command`` hook when the controller applies commands itself."""
        self.rolled.append(any(isinstance(e, DiceRolled) for e in events))
        self.autosave()

    def autosave(self) -> Path | None:
        """Autosave the game now; a failure is kept in :attr:`autosave_error`, never raised (a full disk
        must not stop the game, and the old autosaves are intact: writes are atomic)."""
        if self.autosaves is None:
            return None
        try:
            self.autosaves.extra.update(self.extra)  # what its saves keep besides the game
            self.last_autosave = self.autosaves.write(self.game)
        except OSError as exc:
            self.autosave_error = (
                f"Autosave failed ({exc.strerror or exc}); the newest autosave is {self._kept()}. "
                "Free some disk space, or save the game elsewhere with Ctrl+S."
            )
            return None
        self.autosave_error = ""
        return self.last_autosave

    def _kept(self) -> str:
        return self.last_autosave.name if self.last_autosave is not None else "the start"

    def _report(self, cmd: Command, exc: Exception) -> Path | None:
        folder = self.autosaves.folder.parent / "crash" if self.autosaves is not None else crash_folder()
        path = folder / f"crash-{len(self.game.commands):05d}-{type(exc).__name__}.json"
        try:
            return save_game(self.game, path, error=describe_error(exc), failed=cmd)
        except (OSError, TypeError, ValueError):
            return None

    # -- undo
    def undo_refusal(self) -> str:
        """Why undo is refused now, or "" when it is allowed."""
        if not self.game.commands:
            return "Nothing to undo yet."
        if len(self.game.commands) <= self.shared():
            return (
                "The last action went by turn file to the other player (or came from him); "
                "undo never takes back what the other player has."
            )
        if self.rolled[-1]:
            return (
                f"The last action ({self.words(self.game.commands[-1])}) rolled dice; "
                "undo never goes back before a dice roll."
            )
        return ""

    def shared(self) -> int:
        """How many of the game's actions the other players have by turn file (sent or received)."""
        from game.turn_file import shared_actions

        return shared_actions(self.extra)

    def can_undo(self) -> bool:
        return not self.undo_refusal()

    def undo_to_last_roll(self) -> Game:
        """Take back the trailing commands that rolled no dice, back to just after the last roll.

        Raises :class:`UndoRefused` (with the reason) when the last command rolled dice.
        """
        reason = self.undo_refusal()
        if reason:
            raise UndoRefused(reason)
        keep = len(self.rolled)
        while keep > self.shared() and not self.rolled[keep - 1]:
            keep -= 1
        self.game = self._rebuild(keep)
        self.rolled = self.rolled[:keep]
        self.autosave()
        return self.game

    def undo(self) -> Game:
        """Take back the last command only (it must have rolled no dice)."""
        reason = self.undo_refusal()
        if reason:
            raise UndoRefused(reason)
        self.game = self._rebuild(len(self.game.commands) - 1)
        self.rolled.pop()
        self.autosave()
        return self.game

    def _rebuild(self, n: int) -> Game:
        saved = snapshot(self.game)
        return restore(saved, scenario=self.game.scenario, upto=n)

    # -- files
    def save(self, path: Path | str) -> Path:
        """Save the game to ``path`` (atomic), with what its autosaves keep (the campaign of a chapter) and its
        own record (turn files)."""
        return save_game(self.game, path, extra={**getattr(self.autosaves, "extra", {}), **self.extra})

    def saved(self) -> SavedGame:
        return snapshot(self.game, extra=self.extra)

    @classmethod
    def resume(cls, path: Path | str, autosaves: Autosaves | None = None) -> Session:
        """Load a save (or autosave) and carry on from it. Raises :class:`SaveError`."""
        path = Path(path)
        saved = read_save(path)
        session = cls.from_saved(saved, autosaves, path.name)
        if autosaves is not None:  # an autosave resumed: this game is that one, carried on
            autosaves.carry_on(path)
        return session

    @classmethod
    def from_saved(cls, saved: SavedGame, autosaves: Autosaves | None = None, name: str = "save") -> Session:
        rolled: list[bool] = []
        game = restore(
            saved,
            name,
            on_applied=lambda cmd, events: rolled.append(any(isinstance(e, DiceRolled) for e in events)),
        )
        session = cls(game, autosaves, rolled, extra=saved.extra)
        campaign = saved.extra.get("campaign")
        if autosaves is not None and isinstance(campaign, str) and 0 < len(campaign) <= 1000:
            autosaves.extra["campaign"] = campaign  # a campaign's chapter carries on as its chapter
        return session

    @staticmethod
    def resumable(autosaves: Autosaves) -> tuple[Path, str] | None:
        """The interrupted game start-up should offer, and a line describing it; None if none."""
        try:
            path = autosaves.resumable()
            if path is None:
                return None
            saved = read_save(path)
        except (SaveError, OSError):  # a damaged autosave never stops the game from starting
            return None
        return path, describe_save(saved)


def describe_save(saved: SavedGame) -> str:
    """One line for a load menu, e.g. ``Normandy Village (<rule set>), 42 actions, 2024-05-01 20:13``."""

    when = format_time(saved.saved_at, "%Y-%m-%d %H:%M", "unknown time")
    title = Path(saved.scenario_path).stem.replace("_", " ").title()[:60]
    status = " (finished)" if saved.over else ""
    rules = RULESETS.get(saved.ruleset)
    return f"{title} ({rules.name if rules else saved.ruleset[:40]}), {progress(saved)}, {when}{status}"


def format_time(seconds: float, pattern: str, unknown: str) -> str:
    """``seconds`` since 1970 as local time, or ``unknown`` for a time no clock can show (a save is
    hostile data: 1e20, NaN or infinity would raise OverflowError or ValueError here)."""
    import time

    if not seconds:
        return unknown
    try:
        return time.strftime(pattern, time.localtime(seconds))
    except (OverflowError, ValueError, OSError):
        return unknown


def progress(saved: SavedGame) -> str:
    """How far a saved game got: ``turn 3, 42 actions`` (the actions alone in a save that does not
    keep its turn).

    >>> from game.saves import SavedGame
    >>> progress(SavedGame("some_rules", "m.tmx", "", {}, 1, [], extra={"turn": 3}))
    'turn 3, 0 actions'
    >>> progress(SavedGame("some_rules", "m.tmx", "", {}, 1, []))
    '0 actions'
    """
    n = actions(len(saved.commands))
    rules = RULESETS.get(saved.ruleset)
    return n if saved.turn is None else f"{rules.turn_word if rules else 'turn'} {saved.turn}, {n}"


def actions(n: int) -> str:
    """``1 action``, ``2 actions``: how much of a game a save holds, in words."""
    return f"{n} action" if n == 1 else f"{n} actions"
