"""Play by file: a turn's actions sent to the other players in a small file, the way VASSAL's play-by-email
logs work, for those who cannot be at the table, nor online, together.

A turn file is a save cut short: the game's identity (rule set, scenario and its content hash, options,
seed), how many actions the sender's game had before the turn (``after``), the turn's actions, and the
state's fingerprint after them. It is written and read by the saves' own code (:mod:`game.saves`), with
its own format name and smaller limits. Receiving one checks that it is for this game and follows it,
plays its actions through the rules on a copy of the game, and keeps the copy only when every action
is legal and the copy's fingerprint is the sender's (the replay's check); otherwise nothing changes.

Where a game stands with its turn files (:class:`Exchange`) is kept in its save's ``extra``, so a game
saved, loaded or autosaved goes on sending the right actions under the right number.

>>> Exchange.from_extra({"turn_files": {"number": 3, "at": 57, "sent": False, "shared": 57}})
Exchange(number=3, at=57, sent=False, shared=57)
>>> Exchange.from_extra({"turn_files": "rubbish"})
Exchange(number=0, at=0, sent=False, shared=0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeGuard

from game.replay import event_lines, fork, plain
from game.rules.core import Command, DiceRolled, Event, Game, IllegalCommand, get_ruleset
from game.saves import (
    MAX_COMMANDS,
    SAVE_FIELDS,
    FileKind,
    SavedGame,
    SaveError,
    describe_error,
    read_document,
    read_save,
    restore,
    save_game,
    saved_from,
    snapshot,
    state_hash,
    write_atomic,
)

SUFFIX = ".deadground-turn"
FORMAT = "deadground-turn"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024  # a turn is a few dozen actions (a few kB); a whole game stays far below
MAX_ACTIONS = 5000  # more than a whole bot game holds: past it a file is damage or an attack
TURN_FILE = FileKind(
    FORMAT, VERSION, "turn file", (SAVE_FIELDS - {"error", "failed"}) | {"after", "number"}, MAX_BYTES, MAX_ACTIONS
)
EXTRA_KEY = "turn_files"  # where a save keeps its game's Exchange


class TurnRefused(SaveError):
    """A turn file that does not fit this game (another game's, out of turn, an illegal action, another
    state); the message names the file and why, and the game was not changed."""


@dataclass(frozen=True)
class Exchange:
    """Where a game stands with its turn files: ``number`` is the last turn file it sent or received
    (0: none yet), ``at`` how many actions the game had when it last received one (its next turn starts
    there), ``sent`` whether ``number`` is its own file, sent from ``at`` (sent again, it keeps its number),
    ``shared`` how many of its actions the other players have (sent or received): undo never takes them back.

    >>> Exchange().to_extra({"turn": 4})
    {'turn': 4, 'turn_files': {'number': 0, 'at': 0, 'sent': False, 'shared': 0}}
    """

    number: int = 0
    at: int = 0
    sent: bool = False
    shared: int = 0

    @classmethod
    def from_extra(cls, extra: dict[str, Any]) -> Exchange:
        """The exchange a save's ``extra`` keeps; a save without one (or with nonsense: a save is the
        player's file) has sent and received nothing."""
        kept = extra.get(EXTRA_KEY)
        if not isinstance(kept, dict):
            return cls()
        number, at, sent, shared = (kept.get(k) for k in ("number", "at", "sent", "shared"))
        if not (_count(number) and _count(at) and isinstance(sent, bool) and _count(shared)):
            return cls()
        return cls(number, at, sent, shared)

    def to_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        """``extra`` with this exchange kept in it (a new dict)."""
        kept = {"number": self.number, "at": self.at, "sent": self.sent, "shared": self.shared}
        return {**extra, EXTRA_KEY: kept}

    def next_number(self) -> int:
        """The number the next turn file sent gets: its own again when it is sent again, else the next."""
        return self.number if self.sent else self.number + 1


def _count(value: Any) -> TypeGuard[int]:
    """A whole number of actions or turns a file may hold (not True, not negative, not absurd)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COMMANDS


@dataclass(frozen=True)
class TurnFile:
    """One turn sent by file: the sender's game (``game.commands`` are the turn's actions only, its
    ``state_hash`` the state after them), the actions it had before them, and the file's number."""

    game: SavedGame
    after: int
    number: int

    @property
    def file_name(self) -> str:
        """The name it is written under: its scenario's and its number.

        >>> TurnFile(SavedGame("some_rules", "/maps/small_town.tmx", "", {}, 1, []), 0, 3).file_name
        'small_town-turn-3.deadground-turn'
        """
        return f"{Path(self.game.scenario_path).stem or 'game'}-turn-{self.number}{SUFFIX}"

    def to_json(self) -> bytes:
        data = {**self.game.to_data(), "format": FORMAT, "version": VERSION}
        for unused in ("error", "failed"):  # a turn file is no bug report
            data.pop(unused)
        data.update(after=self.after, number=self.number)
        return json.dumps(data, indent=1).encode("utf-8")


# -- sending ------------------------------------------------------------------------------------------


def turn_to_send(game: Game, exchange: Exchange) -> TurnFile:
    """The actions played since ``game`` last received a turn file, as the next turn file.

    Raises :class:`TurnRefused` when there is nothing to send."""
    actions = game.commands[exchange.at :]
    if not actions:
        raise TurnRefused(
            "Nothing to send: no action has been played since "
            + (f"turn file {exchange.number} was received." if exchange.number else "the game began.")
        )
    whole = snapshot(game)
    name = Path(whole.scenario_path).name  # its folder is the sender's business (his home's name, say)
    turn = replace(whole, scenario_path=name, commands=list(actions), extra={})
    return TurnFile(turn, exchange.at, exchange.next_number())


def sent(turn: TurnFile, exchange: Exchange) -> Exchange:
    """The exchange once ``turn`` is sent."""
    return Exchange(turn.number, exchange.at, sent=True, shared=turn.after + len(turn.game.commands))


def shared_actions(extra: dict[str, Any]) -> int:
    """How many of a game's actions (its save's ``extra``) the other players have by file: undo stops there.

    >>> shared_actions({}), shared_actions(Exchange(2, 40, True, 52).to_extra({}))
    (0, 52)
    """
    return Exchange.from_extra(extra).shared


def write_turn(turn: TurnFile, where: Path) -> Path:
    """Write ``turn`` atomically into the folder ``where`` under its own name, or to the file ``where``."""
    path = where / turn.file_name if where.is_dir() else where
    write_atomic(path, turn.to_json())
    return path


# -- receiving ----------------------------------------------------------------------------------------


def read_turn(path: Path | str) -> TurnFile:
    """Read and check a turn file as hostile (bounded, JSON only, every field's type); nothing is played.
    Raises :class:`~game.saves.SaveError` naming the file and the place."""
    path = Path(path)
    data = read_document(path, TURN_FILE)
    game = saved_from(data, path, TURN_FILE)
    after, number = data.get("after"), data.get("number")
    if not _count(after) or not _count(number) or not number:
        raise SaveError(
            f"{path.name[:80]} is damaged (its 'after' and 'number' are not counts of actions and turns); "
            "the file was left untouched."
        )
    return TurnFile(game, after, number)


@dataclass(frozen=True)
class Received:
    """A turn file played into a game: the game after it, each action's events, and the new exchange."""

    game: Game
    events: list[list[Event]]
    exchange: Exchange

    def rolled(self) -> list[bool]:
        """Whether each action rolled dice (what undo needs to know)."""
        return [any(isinstance(e, DiceRolled) for e in events) for events in self.events]


def receive(game: Game, turn: TurnFile, exchange: Exchange, name: str) -> Received:
    """Play the turn file ``name`` into a copy of ``game``: refused (:class:`TurnRefused`, ``game`` as it
    was) unless it is this game's, follows it, every action is legal and the state is the sender's."""
    name = name if len(name) <= 80 else name[:77] + "..."  # a file's name may be 255 characters of noise
    belongs(game, turn, name)
    follows(game, turn, exchange, name)
    copy = fork(game)
    events = [_play(copy, cmd, n, turn, name) for n, cmd in enumerate(turn.game.commands, start=1)]
    mine = state_hash(copy)
    if mine != turn.game.state_hash:
        raise TurnRefused(
            f"{name}: turn {turn.number}'s actions do not reproduce the sender's game (the sender's state "
            f"{turn.game.state_hash[:16]}, yours after them {mine}); your game was not changed."
        )
    return Received(copy, events, Exchange(turn.number, len(copy.commands), shared=len(copy.commands)))


def belongs(game: Game, turn: TurnFile, name: str) -> None:
    """Refuse a turn file of another game: another rule set, scenario, set-up or seed."""
    mine, theirs = snapshot(game), turn.game
    why = ""
    if theirs.ruleset != mine.ruleset:
        why = f"the rule set {theirs.ruleset[:40]!r}, yours is {mine.ruleset!r}"
    elif theirs.scenario_hash != mine.scenario_hash:
        why = f"the scenario {theirs.scenario_name[:60]}, yours is {mine.scenario_name}, or another version of it"
    elif theirs.options != mine.options:
        why = "other forces and options chosen at the set-up"
    elif theirs.seed != mine.seed:
        why = f"the dice seed {theirs.seed}, yours is {mine.seed}"
    if why:
        raise TurnRefused(f"{name}: this turn file is for another game ({why}); your game was not changed.")


def follows(game: Game, turn: TurnFile, exchange: Exchange, name: str) -> None:
    """Refuse a turn file that does not start where ``game`` stands: one missing before it, one already
    received, or one sent before actions this game has played since."""
    have, after = len(game.commands), turn.after
    if after == have:
        return
    if after > have:
        missing = list(range(exchange.number + 1, turn.number))
        raise TurnRefused(
            f"{name}: you are missing {_turns(missing)} (this is turn {turn.number}'s, sent after {after} actions; "
            f"your game has {have}); receive it first. Your game was not changed."
        )
    if game.commands[after : after + len(turn.game.commands)] == turn.game.commands:
        raise TurnRefused(f"{name}: turn {turn.number}'s file is already in your game; nothing to do.")
    raise TurnRefused(
        f"{name}: turn {turn.number}'s file was sent after {after} actions, but your game has {have}: it does "
        "not follow your game (were actions played here after the last turn file, or a turn played twice?); "
        "your game was not changed."
    )


def _turns(numbers: list[int]) -> str:
    """``turn 3's file``, ``turns 2 and 3's files``, ``turns 2 to 5's files``, ``the turn files before it``

    >>> _turns([3]), _turns([2, 3]), _turns([2, 3, 4, 5]), _turns([])
    ("turn 3's file", "turns 2 and 3's files", "turns 2 to 5's files", 'the turn files before it')
    """
    if not numbers:
        return "the turn files before it"
    if len(numbers) == 1:
        return f"turn {numbers[0]}'s file"
    join = " and " if len(numbers) == 2 else " to "
    return f"turns {numbers[0]}{join}{numbers[-1]}'s files"


def _play(game: Game, cmd: Command, n: int, turn: TurnFile, name: str) -> list[Event]:
    """Action ``n`` of the turn through the rules; a refusal names it, its place and the rules' reason."""
    place = f"{name}: action {n} of {len(turn.game.commands)} ({words(game, cmd)})"
    try:
        return game.apply(cmd)
    except IllegalCommand as exc:
        reason = exc.reason.rstrip()
        stop = "" if reason.endswith((".", "!", "?")) else "."
        raise TurnRefused(f"{place} is refused by the rules: {reason}{stop} Your game was not changed.") from None
    except Exception as exc:  # a file is data: whatever it makes the rules raise is a refusal, not a crash
        raise TurnRefused(f"{place} fails: {describe_error(exc)[:300]}; your game was not changed.") from None


def words(game: Game, cmd: Command) -> str:
    """An action in the player's words (its rule set's view), else its kind."""
    view = get_ruleset(game.ruleset).view
    try:
        return view().command_words(game, cmd) if view is not None else type(cmd).__name__
    except Exception:  # a hostile action the view cannot word: its kind names it
        return type(cmd).__name__


def story(game: Game, events: list[list[Event]]) -> list[str]:
    """What happened in a turn, as the rule set logs it (without the dice)."""
    plain = [ev for batch in events for ev in batch if not isinstance(ev, DiceRolled)]
    return event_lines(game, plain)


def standing(game: Game) -> str:
    """Where the game stands now, in its own words: ``Turn 3 - Player 2 (British)``, or who won."""
    view = get_ruleset(game.ruleset).view
    if view is None:
        return "over" if game.over else f"{len(game.commands)} actions played"
    if game.over:
        return plain(view().result(game)[0])
    return plain(view().turn_line(game))


# -- ``deadground turn export SAVE`` and ``deadground turn import SAVE TURNFILE`` ----------------------------


def send_from_save(save: Path, out: Path | None = None) -> tuple[Path, TurnFile, list[str]]:
    """Write the turn a save's game has played since its last exchange (into ``out``, a folder or a file;
    by default beside the save) and keep in the save that it was sent. Returns the turn file's path, the
    turn and its story. Raises :class:`~game.saves.SaveError` (and so :class:`TurnRefused`)."""
    saved = read_save(save)
    events: list[list[Event]] = []
    game = restore(saved, save.name, on_applied=lambda cmd, happened: events.append(happened))
    exchange = Exchange.from_extra(saved.extra)
    turn = turn_to_send(game, exchange)
    path = write_turn(turn, out if out is not None else save.parent)
    save_game(game, save, extra=sent(turn, exchange).to_extra(_kept(saved)))
    return path, turn, story(game, events[turn.after :])


def receive_into_save(save: Path, turn_path: Path) -> tuple[Received, TurnFile, list[str]]:
    """Play the turn file at ``turn_path`` into the save's game and write the save with it (atomically);
    a refusal changes neither file."""
    saved = read_save(save)
    turn = read_turn(turn_path)
    game = restore(saved, save.name)
    done = receive(game, turn, Exchange.from_extra(saved.extra), turn_path.name)
    save_game(done.game, save, extra=done.exchange.to_extra(_kept(saved)))
    return done, turn, story(done.game, done.events)


def _kept(saved: SavedGame) -> dict[str, Any]:
    """A save's extra as a new save of its game keeps it (the turn is counted again)."""
    return {k: v for k, v in saved.extra.items() if k != "turn"}


def export_main(save: str, out: str | None = None, stream: Any = None) -> int:
    """``deadground turn export SAVE [--out F]``: write the turn file and say what it holds."""
    import sys

    stream = stream or sys.stdout
    try:
        path, turn, lines = send_from_save(Path(save), Path(out) if out else None)
    except SaveError as exc:
        print(f"deadground turn export: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a folder that cannot be made or written: the save was not changed
        print(
            f"deadground turn export: cannot write {exc.filename or out}: {exc.strerror or exc}", file=sys.stderr
        )
        return 1
    n = len(turn.game.commands)
    print(f"Turn file {turn.number} written to {path}: {n} action{'' if n == 1 else 's'}.", file=stream)
    for line in lines:
        print(f"  {line}", file=stream)
    print(
        f"Send it to the other player; they receive it with: deadground turn import THEIR_SAVE {path.name}",
        file=stream,
    )
    return 0


def import_main(save: str, turn_file: str, stream: Any = None) -> int:
    """``deadground turn import SAVE TURNFILE``: play the turn into the save, verified, and say what happened."""
    import sys

    stream = stream or sys.stdout
    try:
        done, turn, lines = receive_into_save(Path(save), Path(turn_file))
    except SaveError as exc:
        print(f"deadground turn import: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the save cannot be written: it is as it was (writes are atomic)
        print(
            f"deadground turn import: cannot write {exc.filename or save}: {exc.strerror or exc}", file=sys.stderr
        )
        return 1
    n = len(turn.game.commands)
    print(
        f"Turn file {turn.number} received into {save}: {n} action{'' if n == 1 else 's'} played and verified "
        "(the same state as the sender's).",
        file=stream,
    )
    for line in lines:
        print(f"  {line}", file=stream)
    print(f"Now: {standing(done.game)}", file=stream)
    return 0
