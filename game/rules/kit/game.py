"""The game every rule set plays the same way: a rule set's game subclasses :class:`KitGame`, states
what differs (its title, its table of commands, how the game runs on after one, when it is over) and
keeps only its own rules and questions.

A command is carried out in two parts, looked up in the game's :attr:`KitGame.RULES`: its check (the rules'
whole verdict and the plan, without rolling a die or changing anything; a refusal is an
:class:`IllegalCommand`) and its carrying out (the rolls and the changes). So a refused command leaves the
game as it was, in one place for every rule set. ``tests/toy_rules`` is a whole rule set on the kit in
one file.

>>> from dataclasses import dataclass
>>> from game.rules.core import Command
>>> @dataclass(frozen=True)
... class Wave(Command):
...     figure: str
>>> RULE = Rule(check=lambda world, cmd: cmd.figure, carry_out=lambda world, who: None)
>>> RULE.check(None, Wave("sgt-1"))
'sgt-1'
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from game.dice import Dice
from game.rules.core import Command, Event, IllegalCommand, Preview, check_command
from game.rules.kit.world import Based, KitWorld
from game.scenario.model import Point, Scenario
from game.table import Table


class KitState(Protocol):
    """What the kit reads of a rule set's state: who won (None while playing, or a draw) and its save data."""

    winner: str | None

    def to_data(self) -> dict[str, Any]: ...


StateT = TypeVar("StateT", bound=KitState)
FigureT = TypeVar("FigureT")


@dataclass(frozen=True)
class Rule:
    """How one kind of command is refused or carried out.

    ``check(world, cmd)`` gives the plan or raises :class:`IllegalCommand`; it rolls no die and changes
    nothing. ``carry_out(world, plan)`` rolls and changes the game."""

    check: Callable[[Any, Any], Any]
    carry_out: Callable[[Any, Any], None]


def as_given(world: Any, cmd: Any) -> Any:
    """The check of a command whose carrying out refuses it itself, before it rolls: the plan is the command."""
    return cmd


def end_of_turn(may_end: Callable[[Any], bool], refusal: str, end: Callable[[Any], None]) -> Rule:
    """The rule of the command that ends a player's part of the turn: refused with ``refusal`` unless
    ``may_end(world)``, carried out by ``end(world)`` (the turn machine then runs on)."""

    def check(world: Any, cmd: Command) -> Command:
        if not may_end(world):
            raise IllegalCommand(refusal)
        return cmd

    return Rule(check, lambda world, cmd: end(world))


class KitGame(Generic[StateT, FigureT]):
    """One game in progress; changed only by :meth:`apply`.

    A rule set's game sets ``ruleset``, ``title``, ``RULES`` and ``DATA`` and gives :meth:`set_up` (the world
    and the forces) and, where the defaults do not fit, :meth:`run_on` (the turn machine, also run once at the
    start) and :attr:`over`.
    ``ROSTER`` names the state's dict of figures by id."""

    ruleset: ClassVar[str]
    title: ClassVar[str]  # the rule set's name in a refusal: "Zombiekrieg 848 has no command Wave."
    RULES: ClassVar[Mapping[type[Command], Rule]]
    DATA: ClassVar[Callable[[], Any]]  # the rules' data loader (a game may be given its data instead)
    ROSTER: ClassVar[str] = "figures"
    world: KitWorld[Any, StateT]
    data: Any

    def __init__(
        self,
        scenario: Scenario,
        options: dict[str, Any] | None,
        seed: int,
        dice: Dice | None = None,
        data: Any = None,
        start: bool = True,
    ) -> None:
        self.scenario = scenario
        self.options = dict(options or {})
        self.seed = seed
        self.dice = dice if dice is not None else Dice(seed)
        self.commands: list[Command] = []
        self.log: list[Event] = []
        self.data = data or type(self).DATA()
        self.set_up()
        if start:  # else the game stays as set up: tests place a position by hand
            self.run_on()
        self._flush()

    def set_up(self) -> None:
        """Hook: check the options, build ``self.world`` and place the forces (the events go to the log)."""
        raise NotImplementedError

    # -- plumbing
    @property
    def state(self) -> StateT:
        return self.world.state

    @property
    def table(self) -> Table:
        return self.world.table

    def _flush(self) -> list[Event]:
        """The events since the last flush, now part of the log."""
        out, self.world.events = self.world.events, []
        self.log.extend(out)
        return out

    # -- the Game protocol
    @property
    def over(self) -> bool:
        """Hook: whether the game has ended; by default once someone has won (a game with draws or a phase
        of its own for the end says so)."""
        return self.winner is not None

    @property
    def winner(self) -> str | None:
        return self.state.winner

    def figure(self, fid: str) -> FigureT:
        return self._roster()[fid]

    @property
    def figures(self) -> list[FigureT]:
        return list(self._roster().values())

    def _roster(self) -> dict[str, FigureT]:
        return getattr(self.state, self.ROSTER)  # type: ignore[no-any-return]

    def apply(self, cmd: Command) -> list[Event]:
        """Check (IllegalCommand: nothing changed, no die rolled), carry out, then run the game on."""
        rule, plan = self.check(cmd)
        self._changing()
        rule.carry_out(self.world, plan)
        self.commands.append(cmd)
        self.run_on()
        self._changing()
        return self._flush()

    def check(self, cmd: Command) -> tuple[Rule, Any]:
        """The rule of ``cmd`` and its plan, or IllegalCommand; nothing is rolled or changed."""
        if self.over:
            raise IllegalCommand("The game is over.")
        check_command(cmd)  # its fields as its class says (a save's move to 1e308" stops here)
        return self.rule_for(cmd)

    def rule_for(self, cmd: Command) -> tuple[Rule, Any]:
        """Hook: the rule of a well-formed command and its plan (looked up in ``RULES``)."""
        for kind in type(cmd).__mro__:
            rule = self.RULES.get(kind)
            if rule is not None:
                return rule, self._plan(rule, cmd)
        raise IllegalCommand(f"{self.title} has no command {type(cmd).__name__}.")

    def preview(self, cmd: Command) -> Preview:
        """What ``cmd`` would do, rolling nothing: refused as :meth:`check` refuses it, else legal with the odds
        of :meth:`chances` (a rule set with more to show, a path or a sight line, gives its own)."""
        try:
            self.check(cmd)
        except IllegalCommand as exc:
            return Preview(False, exc.reason)
        return Preview(True, chances=self.chances(cmd))

    def chances(self, cmd: Command) -> dict[str, float]:
        """Hook: each outcome of a legal ``cmd`` and its chance, for the preview's plate (none by default)."""
        return {}

    def _plan(self, rule: Rule, cmd: Command) -> Any:
        """Hook: ``rule.check`` of ``cmd`` (a game that keeps its plans may look there first)."""
        return rule.check(self.world, cmd)

    def _changing(self) -> None:
        """Hook: the state is about to change (before carrying out) or has changed (after running on)."""

    def run_on(self) -> None:
        """Hook: run the game on after a command until a player must decide (the turn or phase machine); by
        default nothing runs between commands (all happens in carrying them out)."""

    def compass_moves(self, f: Based, reach: float, least: float = 0.01) -> list[Point]:
        """The ends of the eight compass moves of ``reach`` inches from ``f``, each cut to its legal part on
        the table, leaving out those shorter than ``least``: the sample moves of ``legal_commands``."""
        out: list[Point] = []
        for k in range(8):
            a = math.radians(45 * k)
            goal = (f.position[0] + reach * math.cos(a), f.position[1] + reach * math.sin(a))
            c = self.table.check_path([f.position, goal], f.radius, mover=f.id, max_length=reach)
            if c.length >= least:
                out.append((round(c.end[0], 4), round(c.end[1], 4)))
        return out

    def state_data(self) -> dict[str, Any]:
        data = self.state.to_data()
        data["ruleset"] = self.ruleset
        data["seed"] = self.seed
        data["rolls"] = len(self.dice.log)
        return data

    def fork(self) -> Self:
        """An independent copy (a replay's checkpoint), cheaper than replaying every command.

        The pymunk table cannot be deep-copied, so a fresh table with the same bases stands in for it;
        the scenario and the rules' data are shared (they never change).
        """
        table = self.world.table
        twin = type(table).from_scenario(self.scenario)
        for fid in table.figures():
            twin.place(fid, table.position(fid), table.radius(fid))
        data = self.world.data
        memo: dict[int, Any] = {id(table): twin, id(self.scenario): self.scenario, id(data): data}
        return copy.deepcopy(self, memo)
