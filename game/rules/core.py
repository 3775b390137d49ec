"""What every rule set shares: commands, events, the game interface and the registry.

A game is its scenario, its seed and its list of commands. Commands ask, events
answer; both are plain dataclasses that turn into JSON-ready dicts and back. Each rule set keeps
its own :class:`Registry` of command and event classes, so two rule sets may both have a ``Move``.

>>> COMMANDS = Registry()
>>> @record(COMMANDS)
... class Wave(Command):
...     figure: str
>>> data = to_data(Wave("sgt-1"))
>>> data
{'type': 'Wave', 'figure': 'sgt-1'}
>>> from_data(data, COMMANDS)
Wave(figure='sgt-1')
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from game.rules.builtin import load_builtin  # the built-in rule sets are named there, not here
from game.rules.plays import Command, Event, Preview
from game.scenario.model import Point, Scenario
from game.scenario.problems import Problem

if TYPE_CHECKING:  # the contract's types, for the RuleSet's fields (the contract imports nothing of core)
    from game.rules.contract import (
        CampaignRules,
        FootprintsMaker,
        ForcePicker,
        Invariants,
        OutcomeMaker,
        ReferenceMaker,
        ReportMaker,
        RosterImporter,
        Setup,
        View,
    )
    from game.scenario.refusals import ForceFacts
    from game.table import Table

T = TypeVar("T")


class Registry(dict[str, type]):
    """One rule set's command (or event) classes by name: saves and logs name them this way."""

    def add(self, cls: type[T]) -> type[T]:
        """Class decorator: register ``cls`` under its class name (refuses a second of that name)."""
        if cls.__name__ in self and self[cls.__name__] is not cls:
            raise ValueError(f"{cls.__name__} is registered twice")
        self[cls.__name__] = cls
        return cls


@typing.dataclass_transform(frozen_default=True)
def record(registry: Registry) -> Callable[[type[T]], type[T]]:
    """Class decorator: ``cls`` as a frozen dataclass (a command or an event is plain data that never
    changes), registered in ``registry`` under its class name. One line for the two every command and
    event needs (see the module's example)."""

    def declare(cls: type[T]) -> type[T]:
        return registry.add(dataclass(frozen=True)(cls))

    return declare


class IllegalCommand(ValueError):
    """The rules refuse a command; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CannotStart(ValueError):
    """The rules cannot set a game up from this scenario and these options; the message says why, in words a
    player or designer can act on. The screen and the simulator show it as ``Cannot start: <reason>``."""


def quoted(value: Any, limit: int = 40) -> str:
    """A value a refusal quotes, cut short: options and saves are the player's files, and a value in them may
    be 10,000 characters long (or a number too long for Python to write out).

    >>> quoted("british"), quoted("N" * 100), quoted([1, 2])
    ("'british'", "'NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN...", '[1, 2]')
    """
    try:
        text = repr(value)
    except ValueError:  # an int past Python's 4,300 digits
        return "a number thousands of digits long"
    return text if len(text) <= limit else text[: limit - 3] + "..."


MAX_REASON = 400  # characters of a start error shown: a few lines of the screen's log


def start_error(exc: BaseException) -> str:
    """Why a game did not start, for ``Cannot start: <reason>``: the rules' own sentence, or a fault's kind.

    >>> start_error(CannotStart("no room for the Zombie Boss"))
    'no room for the Zombie Boss'
    >>> start_error(IndexError("list index out of range"))
    'IndexError: list index out of range'
    """
    if isinstance(exc, ValueError):
        reason = str(exc)
    elif isinstance(exc, KeyError) and exc.args:
        reason = str(exc.args[0])
    else:
        reason = f"{type(exc).__name__}: {exc}"
    # a refusal may quote what it refused (a name 10,000 characters long): the screen shows a few lines
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 3] + "..."


MAX_NUMBER = 1e6  # [house] inches, degrees, counts: no table is wider than a few hundred inches
MAX_ITEMS = 1000  # [house] points in a path, figures named in one command
MAX_TEXT = 200  # [house] characters in a figure's, unit's or item's id


def check_command(cmd: Command) -> None:
    """Refuse (:class:`IllegalCommand`) a command whose fields are not what its class says: a number that is
    not finite or is absurd (a move to 1e308"), a text far too long, a point of three numbers. Every rule set's
    ``apply`` asks this first, so no rule ever sees such a command from a save or a replay.

    >>> @dataclass(frozen=True)
    ... class Walk(Command):
    ...     figure: str
    ...     path: tuple[tuple[float, float], ...]
    >>> check_command(Walk("p1-1", ((1.5, 2.0),)))
    >>> check_command(Walk("p1-1", ((1e308, 1e308),)))
    Traceback (most recent call last):
    ...
    game.rules.core.IllegalCommand: Walk: field 'path': 1e+308 is not a number from -1e+06 to 1e+06
    """
    if not dataclasses.is_dataclass(cmd):
        return
    hints = _hints(type(cmd))
    for f in dataclasses.fields(cmd):
        problem = _value_problem(getattr(cmd, f.name), hints.get(f.name, Any))
        if problem:
            raise IllegalCommand(f"{type(cmd).__name__}: field {f.name!r}: {problem}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # a hint that does not resolve: the field is not checked, the rules still are
        return {}


def _value_problem(value: Any, hint: Any) -> str:
    """Why ``value`` does not fit the type ``hint`` (empty when it does)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        problems = [_value_problem(value, a) for a in args]
        return "" if not all(problems) else problems[0]
    if hint is type(None):
        return "" if value is None else f"{_shown(value)} is not empty"
    if origin is tuple:
        if not isinstance(value, tuple):
            return f"{_shown(value)} is not a list"
        if len(value) > MAX_ITEMS:
            return f"lists {len(value)} items (at most {MAX_ITEMS})"
        if len(args) == 2 and args[1] is Ellipsis:
            return next((p for p in (_value_problem(v, args[0]) for v in value) if p), "")
        if args and len(args) != len(value):
            return f"{_shown(value)} does not have {len(args)} items"
        return next((p for p in (_value_problem(v, a) for v, a in zip(value, args)) if p), "")
    if hint is bool:
        return "" if isinstance(value, bool) else f"{_shown(value)} is not true or false"
    if hint in (int, float):
        ok = isinstance(value, (int, float) if hint is float else int) and not isinstance(value, bool)
        if not ok or not (math.isfinite(value) and -MAX_NUMBER <= value <= MAX_NUMBER):
            return f"{_shown(value)} is not a number from {-MAX_NUMBER:g} to {MAX_NUMBER:g}"
        return ""
    if hint is str:
        if not isinstance(value, str):
            return f"{_shown(value)} is not a text"
        return "" if len(value) <= MAX_TEXT else f"a text {len(value)} characters long (at most {MAX_TEXT})"
    return ""


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def to_data(obj: Any) -> dict[str, Any]:
    """A command or event as a JSON-ready dict with its ``type``."""
    out: dict[str, Any] = {"type": type(obj).__name__}
    for f in dataclasses.fields(obj):
        out[f.name] = _plain(getattr(obj, f.name))
    return out


def _typed(value: Any, annotation: Any) -> Any:
    # Lists from JSON become tuples where the dataclass expects tuples (points, paths).
    if isinstance(value, list):
        text = str(annotation)
        if "tuple" in text:
            return tuple(_typed(v, "tuple") if isinstance(v, list) else v for v in value)
    return value


def from_data(data: dict[str, Any], registry: dict[str, type]) -> Any:
    """Rebuild a command or event from :func:`to_data`; refuses unknown types and fields."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"not a command or event: {data!r}")
    kind = data["type"]
    cls = registry.get(kind)
    if cls is None:
        raise ValueError(f"unknown type {kind!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise ValueError(f"{kind} has no field {key!r}")
        kwargs[key] = _typed(value, fields[key].type)
    return cls(**kwargs)


@dataclass(frozen=True)
class DiceRolled(Event):
    """Dice were rolled: what for, the faces, the total, and what it meant (for the dice tray)."""

    purpose: str
    kind: str
    faces: tuple[int, ...]
    total: int
    meaning: str = ""  # e.g. "2D6 = 4+4 = 8 vs GUTS 9: Critical Success, GUTS 10"


class Piece(Protocol):
    """A figure as the screen finds it on the table: its id, where its base stands, whether it is on the table."""

    @property
    def id(self) -> str: ...

    @property
    def position(self) -> Point: ...

    @property
    def on_table(self) -> bool: ...


@runtime_checkable
class Game(Protocol):
    """One game in progress. Created by a :class:`RuleSet`; changed only by :meth:`apply`."""

    ruleset: ClassVar[str]
    scenario: Scenario
    options: dict[str, Any]  # what was chosen at set-up (forces, mods): part of a save
    seed: int
    commands: list[Command]  # every accepted command, in order: the game's history
    log: list[Event]  # every event so far, including those of the game's creation

    def apply(self, cmd: Command) -> list[Event]:
        """Carry out a command or raise :class:`IllegalCommand` leaving the game unchanged."""

    def legal_commands(self, figure_id: str | None = None) -> list[Command]:
        """What may be done now (by one figure, or by anyone)."""

    def preview(self, cmd: Command) -> Preview:
        """What ``cmd`` would do, without rolling or changing anything."""

    def state_data(self) -> dict[str, Any]:
        """The whole state as plain JSON-ready data."""

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> str | None: ...

    @property
    def table(self) -> Table:
        """The table in inches: the screen finds the base under the pointer there."""

    @property
    def figures(self) -> Sequence[Piece]:
        """Every figure of the game, on the table or not."""

    def figure(self, fid: str) -> Piece:
        """The figure ``fid``."""


@dataclass(frozen=True)
class RuleSet:
    """A rule set plugin: its key and name, how to start a game, and what it hands the screen.

    Only ``key``, ``name``, ``new_game`` and the registries are needed to play headless; the rest is
    the rule-set contract (:mod:`game.rules.contract`) that the screen, the set-up, the rules help,
    the end screen, the simulator, the demo and the soak read. A rule set without a ``view`` can
    be simulated but not played on screen; the menus say so.
    """

    key: str
    name: str
    new_game: Callable[..., Game]  # new_game(scenario, options: dict, seed: int, dice: Dice | None = None)
    commands: Registry  # command classes by name (saves, replays)
    events: Registry  # event classes by name (logs)
    options_help: str = ""
    view: Callable[[], View[Any]] | None = None  # a fresh view object for one game on screen
    setup: Setup | None = None
    reference: ReferenceMaker | None = None  # the rules help for a scenario (or none) and options
    report: ReportMaker | None = None  # the after-action report of a game
    outcome: OutcomeMaker | None = None  # one finished game's figures for the simulator
    outcome_labels: dict[str, str] = dataclasses.field(default_factory=dict)  # figure key -> words
    demo_forces: ForcePicker | None = None  # random options for a demo game on a scenario
    invariants: Invariants | None = None  # what must hold after every event (soak, tests)
    # what `check` warns about a map: sentences ("what — fix") or Problems naming the object
    scenario_warnings: Callable[[Scenario], Sequence[str | Problem]] | None = None
    footprints: FootprintsMaker | None = None  # where the players' figures died and stalled (simulator)
    force_facts: Callable[[Scenario | None], ForceFacts] | None = None  # the forces a map makes room for (`check`)
    roster_import: RosterImporter | None = None  # an army-builder file into the player's roster (`roster import`)
    mods: tuple[str, ...] = ()  # the rule set's mod ids (the "mods" option; simulate and demo --mods)
    turn_word: str = "turn"  # what the rules call a round of play ("move" in Outbreak): load lists, saves
    about: str = ""  # what the game is, in a sentence for a newcomer: the rules help's first line
    turn_limit: Callable[[Scenario], int] | None = None  # the turns a game on a map lasts (the scenario card)
    campaign: CampaignRules[Any] | None = None  # what carries from chapter to chapter; None: no campaigns


RULESETS: dict[str, RuleSet] = {}


def register(ruleset: RuleSet) -> RuleSet:
    """Make a rule set known: saves, menus and maps (their ``ruleset`` property) find it by its key."""
    from game.scenario.schema import allow_ruleset

    RULESETS[ruleset.key] = ruleset
    allow_ruleset(ruleset.key)
    return ruleset


def get_ruleset(key: str) -> RuleSet:
    """The rule set for a scenario's ``ruleset`` property; loads the built-in ones on demand."""
    if key not in RULESETS:
        load_builtin(key)
        if key not in RULESETS:  # the refusal lists every rule set there is
            load_builtin()
    try:
        return RULESETS[key]
    except KeyError:
        raise KeyError(f"no rule set {key!r}; known: {', '.join(sorted(RULESETS)) or 'none'}") from None


def known_rulesets() -> list[str]:
    """The keys of every registered rule set (the built-in ones load on first ask)."""
    load_builtin()
    return sorted(RULESETS)


def replay(
    ruleset: RuleSet, scenario: Scenario, options: dict[str, Any], seed: int, commands: list[Command]
) -> Game:
    """Rebuild a game from its scenario, options, seed and commands (saves, undo, replays)."""
    game = ruleset.new_game(scenario, options, seed)
    for cmd in commands:
        game.apply(cmd)
    return game
