"""Replays: step a saved game forward and back, and check that a save reproduces its game.

A replay is a bug report (DESIGN.md): the save's scenario, seed and commands rebuild the game
exactly, and a save that recorded an error (the command that raised it) replays to the same error.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg import new_game, EndTurn
>>> from game.saves import snapshot
>>> g = new_game(tiny_scenario(), {}, seed=2)
>>> _ = g.apply(EndTurn())
>>> r = Replay(snapshot(g), scenario=g.scenario)
>>> r.length, r.position
(1, 0)
>>> events = r.forward()
>>> r.position, r.game.state_data() == g.state_data()
(1, True)
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

from game.rules.core import DiceRolled, Event, Game
from game.saves import SavedGame, SaveError, describe_error, find_scenario, read_save, restore, state_hash
from game.scenario.model import Scenario

CHECKPOINT_EVERY = 10


def fork(game: Game) -> Game:
    """An independent copy of ``game`` (so a checkpoint is never changed by playing on).

    The pymunk table cannot be deep-copied, so a fresh table with the same bases stands in for it;
    the scenario and the rules' tables are shared (they never change).
    """
    own = getattr(game, "fork", None)
    if callable(own):
        return own()
    world = getattr(game, "world", None)
    table = getattr(world, "table", None)
    if table is None:
        raise TypeError(f"cannot copy a {type(game).__name__}")
    twin = type(table).from_scenario(game.scenario)
    for fid in table.figures():
        twin.place(fid, table.position(fid), table.radius(fid))
    memo: dict[int, Any] = {id(table): twin, id(game.scenario): game.scenario}
    data = getattr(game, "data", None)
    if data is not None:
        memo[id(data)] = data
    return copy.deepcopy(game, memo)


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

_QUIET = {"DiceRolled", "GutsTested", "FigurePlaced", "PhaseStarted", "TurnStarted"}


def describe(ev: Event) -> str:
    """One line for an event, e.g. ``us1-sgt moves 5.5"``; unknown events show their fields."""
    name = type(ev).__name__
    g = lambda key: getattr(ev, key, "")  # noqa: E731
    known = {
        "Moved": lambda: f'{g("figure")} moves {float(g("length")):.1f}"',
        "Turned": lambda: f"{g('figure')} turns to face {float(g('facing')):.0f} degrees",
        "Fired": lambda: f"{g('figure')} fires at {g('target')} ({g('band')} range, {g('sight')})",
        "KnockedDown": lambda: f"{g('figure')} is knocked down",
        "Killed": lambda: f"{g('figure')} is killed ({g('cause')})",
        "Ordered": lambda: (
            f"{g('figure')} ORDERs {g('target')}: {'success' if g('success') else 'failure'}"
            + (" (free)" if g("free") else "")
        ),
        "InitiativeRolled": lambda: (
            f"initiative ({g('figure')}): {str(g('outcome')).replace('_', ' ')}, "
            f"{g('first')} first" + (", free ORDER" if g("free_order") else "")
        ),
        "ReactionRolled": lambda: f"zombies react ({g('column')}, {g('roll')}): {g('result')}",
        "ZombieMoved": lambda: f"{g('figure')} shambles",
        "MeleeAttack": lambda: f"{g('zombie')} attacks {g('soldier')}",
        "Exited": lambda: f"{g('figure')} gets away through the exit",
        "StoodUp": lambda: f"{g('figure')} stands up",
        "GutsChanged": lambda: f"{g('figure')} GUTS {g('old')} -> {g('new')} ({g('reason')})",
        "NoEffect": lambda: f"{g('figure')}: {g('reason')}",
        "GameOver": lambda: f"GAME OVER: {g('winner')} win. {g('reason')}",
    }
    if name in known:
        return known[name]()
    if isinstance(ev, DiceRolled):
        return ev.meaning or f"{ev.purpose}: {ev.total}"
    try:
        parts = ", ".join(f"{f.name}={getattr(ev, f.name)!r}" for f in fields(ev))  # type: ignore[arg-type]
    except TypeError:
        parts = ""
    return f"{name}({parts})"


def summary(replay: Replay, detail: bool = False) -> list[str]:
    """The game turn by turn: what happened (dice too with ``detail``), then the result."""
    lines: list[str] = []
    shambles = 0
    for turn, items in replay.turns():
        lines.append("Set-up" if turn == 0 else f"Turn {turn}")
        for _, ev in items:
            name = type(ev).__name__
            if name == "ZombieMoved" and not detail:
                shambles += 1
                continue
            if shambles:
                lines.append(f"  {shambles} zombies move")
                shambles = 0
            if name in _QUIET and not (detail and isinstance(ev, DiceRolled)):
                continue
            lines.append(f"  {describe(ev)}")
        if shambles:
            lines.append(f"  {shambles} zombies move")
            shambles = 0
    game = replay.seek(replay.length)
    if game.over:
        lines.append(f"Result: {game.winner} win after {replay.length} commands.")
    else:
        lines.append(f"Result: unfinished after {replay.length} commands.")
    if replay.saved.failed is not None:
        lines.append(f"Then {type(replay.saved.failed).__name__} raised: {replay.error or '(nothing: fixed?)'}")
    return lines


def main(save: str, watch: bool = False, detail: bool = False, out: Any = None) -> int:
    """``deadground replay SAVE [--watch] [--detail]``: print the game, check it reproduces."""
    import sys

    out = out or sys.stdout
    path = Path(save)
    try:
        saved = read_save(path)
        replay = Replay(saved, name=path.name)
    except SaveError as exc:
        print(f"deadground replay: {exc}", file=sys.stderr)
        return 2
    if watch:
        try:
            from game.ui import replay_scene  # type: ignore[attr-defined]  # the on-screen replay (UI helper)
        except ImportError:
            print(
                "deadground replay --watch: the on-screen replay is not built yet (game/ui/replay_scene.py); "
                "showing the text replay instead.",
                file=sys.stderr,
            )
        else:
            return int(replay_scene.run(replay) or 0)
    for line in summary(replay, detail):
        print(line, file=out)
    ok, message = check(saved, replay)
    print(("Verified: " if ok else "NOT REPRODUCED: ") + message, file=out)
    return 0 if ok else 1
