"""Replays: step a saved game forward and back, and check that a save reproduces its game.

A replay is a bug report: the save's scenario, seed and commands rebuild the game
exactly, and a save that recorded an error (the command that raised it) replays to the same error.
The text of a game (``deadground replay SAVE``) is its rule set's log lines, without their markup;
watching it on screen is the UI's, which the CLI hands in (nothing here imports the UI).

>>> from game.saves import snapshot                                  # doctest: +SKIP
>>> r = Replay(snapshot(game), scenario=game.scenario)               # doctest: +SKIP
>>> events = r.forward()                                             # doctest: +SKIP
>>> r.position, r.game.state_data() == game.state_data()            # doctest: +SKIP
(1, True)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from game.rules.core import DiceRolled, Event, Game, get_ruleset
from game.rules.core import replay as rebuild
from game.saves import SavedGame, SaveError, describe_error, find_scenario, read_save, restore, state_hash
from game.scenario.model import Scenario

CHECKPOINT_EVERY = 10


def fork(game: Game) -> Game:
    """An independent copy of ``game`` (so a checkpoint is never changed by playing on).

    A rule set's game may offer a cheap ``fork()``; any other is rebuilt from its scenario, options,
    seed and commands, which gives the same game (a game is those four things).
    """
    own = getattr(game, "fork", None)
    if callable(own):
        return own()  # type: ignore[no-any-return]
    return rebuild(get_ruleset(game.ruleset), game.scenario, dict(game.options), game.seed, list(game.commands))


class Replay:
    """A saved game played back: ``forward()`` gives the next command's events to animate, ``back()``
    and ``seek(n)`` rebuild an earlier moment from the nearest checkpoint.

    The whole game is replayed once on creation (recording each step's events and a checkpoint
    every ``every`` commands). ``error`` is the recorded error reproduced by the failed command,
    shown as the last step (``failed_step``), or "" for a save without one.
    """

    def __init__(
        self, saved: SavedGame, scenario: Scenario | None = None, every: int = CHECKPOINT_EVERY, name: str = "save"
    ) -> None:
        self.saved = saved
        self.scenario = scenario if scenario is not None else find_scenario(saved, name)
        self.every = max(1, int(every))
        self._events: list[list[Event]] = []
        self._checkpoints: dict[int, Game] = {}
        game = restore(saved, name, self.scenario, upto=0)
        self.opening: list[Event] = list(game.log)  # set-up: figures placed, first turn
        self._checkpoints[0] = fork(game)
        for n, cmd in enumerate(saved.commands, start=1):
            try:
                self._events.append(game.apply(cmd))
            except Exception as exc:
                raise SaveError(
                    f"{name} does not replay: command {n} ({type(cmd).__name__}) failed with {describe_error(exc)}"
                ) from None
            if n % self.every == 0:
                self._checkpoints[n] = fork(game)
        self.final_hash = state_hash(game)
        self.error = ""
        if saved.failed is not None:
            try:
                fork(game).apply(saved.failed)
            except Exception as exc:  # the point of a bug report: reproduce whatever it raised
                self.error = describe_error(exc)
        self.game: Game = fork(self._checkpoints[0])
        self.position = 0

    @property
    def length(self) -> int:
        """How many commands the game holds."""
        return len(self.saved.commands)

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    def events_of(self, step: int) -> list[Event]:
        """The events of step ``step`` (1-based); step 0 is the game's set-up."""
        return list(self.opening) if step == 0 else list(self._events[step - 1])

    def forward(self) -> list[Event]:
        """Play the next command; its events, to animate (empty at the end)."""
        if self.at_end:
            return []
        cmd = self.saved.commands[self.position]
        self.game.apply(cmd)
        self.position += 1
        return self.events_of(self.position)

    def back(self) -> Game:
        """Go back one command (no animation: the UI redraws the state)."""
        return self.seek(self.position - 1)

    def seek(self, step: int) -> Game:
        """The game just after command ``step`` (0 = the start), rebuilt from the nearest checkpoint."""
        step = max(0, min(self.length, int(step)))
        if step < self.position or step - self.position > self.every:
            base = max(c for c in self._checkpoints if c <= step)
            self.game, self.position = fork(self._checkpoints[base]), base
        while self.position < step:
            self.game.apply(self.saved.commands[self.position])
            self.position += 1
        return self.game

    def turns(self) -> Iterator[tuple[int, list[tuple[int, Event]]]]:
        """(turn, [(step, event) ...]) for the whole game, set-up included, turn by turn."""
        turn = 0
        batch: list[tuple[int, Event]] = []
        for step in range(self.length + 1):
            for ev in self.events_of(step):
                t = getattr(ev, "turn", None)
                if type(ev).__name__ == "TurnStarted" and isinstance(t, int):
                    if batch:
                        yield turn, batch
                    turn, batch = t, []
                batch.append((step, ev))
        if batch:
            yield turn, batch


def verify(path: Path | str) -> tuple[bool, str]:
    """Replay a save and say whether it reproduces the game (and its recorded error, if any)."""
    path = Path(path)
    try:
        saved = read_save(path)
        replay = Replay(saved, name=path.name)
    except SaveError as exc:
        return False, str(exc)
    return check(saved, replay)


def check(saved: SavedGame, replay: Replay) -> tuple[bool, str]:
    """Compare a replay with what the save recorded."""
    n = replay.length
    if saved.state_hash and replay.final_hash != saved.state_hash:
        return (
            False,
            f"the replay of {n} commands does not reproduce the saved state ({replay.final_hash} != {saved.state_hash})",
        )
    if saved.failed is not None:
        if not replay.error:
            return (
                False,
                f"the failed command {type(saved.failed).__name__} no longer raises (expected {saved.error})",
            )
        if replay.error != saved.error:
            return False, f"the failed command now raises {replay.error} (the save recorded {saved.error})"
        return (
            True,
            f"{n} commands replay exactly, then {type(saved.failed).__name__} raises the same error: {saved.error}",
        )
    return True, f"{n} commands replay exactly" + (" to the same state" if saved.state_hash else "")


# -- a turn-by-turn text of a game (``deadground replay SAVE``) --------------------------


def plain(line: str) -> str:
    """A log line without its markup: tags dropped (a ``<br>`` breaks the line), entities read.

    >>> plain('<font color="#9BD77A"><b>z4 is killed</b> (shot &amp; down).</font>')
    'z4 is killed (shot & down).'
    """
    line = re.sub(r"<br\s*/?>", "\n", line, flags=re.IGNORECASE)
    return html.unescape(re.sub(r"<[^>]+>", "", line)).replace("\xa0", " ").strip()


def describe(ev: Event) -> str:
    """One line for an event of a rule set that has no view: a roll's meaning, else its fields."""
    if isinstance(ev, DiceRolled):
        return ev.meaning or f"{ev.purpose}: {ev.total}"
    try:
        parts = ", ".join(f"{f.name}={getattr(ev, f.name)!r}" for f in fields(ev))  # type: ignore[arg-type]
    except TypeError:
        parts = ""
    return f"{type(ev).__name__}({parts})"


def event_lines(game: Game, events: Sequence[Event]) -> list[str]:
    """Plain lines for a batch of events, as the rule set logs them (its view), else :func:`describe`."""
    view = get_ruleset(game.ruleset).view
    if view is None:
        return [describe(ev) for ev in events]
    out: list[str] = []
    for line in view().log_lines(game, events):
        out.extend(text for text in plain(line).split("\n") if text.strip())
    return out


def summary(replay: Replay, detail: bool = False) -> list[str]:
    """The game turn by turn as the rule set logs it (the dice too with ``detail``), then the result."""
    game = replay.seek(replay.length)  # every figure of the game is here, to be named
    lines: list[str] = []
    for turn, items in replay.turns():
        lines.append("Set-up" if turn == 0 else f"Turn {turn}")
        events = [ev for _, ev in items[1 if turn else 0 :]]  # a turn's first event starts it: its heading
        if not detail:
            events = [ev for ev in events if not isinstance(ev, DiceRolled)]
        lines.extend(f"  {text}" for text in event_lines(game, events))
    if game.over:
        lines.append(f"Result: {game.winner} win after {replay.length} commands.")
    else:
        lines.append(f"Result: unfinished after {replay.length} commands.")
    if replay.saved.failed is not None:
        lines.append(f"Then {type(replay.saved.failed).__name__} raised: {replay.error or '(nothing: fixed?)'}")
    return lines


# what ``--watch`` shows the replay with: the UI's, handed in by the CLI (pygame lives there)
Watch = Callable[[Replay], int]


def main(save: str, detail: bool = False, out: Any = None, watch: Watch | None = None) -> int:
    """``deadground replay SAVE [--detail]``: print the game, check it reproduces; with ``watch``
    (``--watch``) show it on screen instead."""
    import sys

    out = out or sys.stdout
    path = Path(save)
    try:
        saved = read_save(path)
        replay = Replay(saved, name=path.name)
    except SaveError as exc:
        print(f"deadground replay: {exc}", file=sys.stderr)
        return 2
    if watch is not None:
        return int(watch(replay) or 0)
    for line in summary(replay, detail):
        print(line, file=out)
    ok, message = check(saved, replay)
    print(("Verified: " if ok else "NOT REPRODUCED: ") + message, file=out)
    return 0 if ok else 1
