"""The working context a rule set's modules act on, as far as every rule set shares it: the scenario, the
rules' data, the dice, the state and the table, and the events of the command being carried out.

A rule set's ``World`` subclasses :class:`KitWorld`, naming its data and state types and adding its own
fields (with defaults) and helpers. Modules change the game only through these helpers, so the table always
follows the figures and every roll becomes a ``DiceRolled`` event.

>>> from game.dice import ScriptedDice
>>> w = KitWorld(None, None, ScriptedDice([3, 4]), None, None)  # type: ignore[arg-type]
>>> w.roll(2, "a test").total
7
>>> w.events[-1].meaning
'2D6 = 3+4 = 7'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from game.dice import Dice, Roll
from game.rules.core import DiceRolled, Event
from game.rules.kit.events import GameOver
from game.rules.kit.figure import EXITED
from game.scenario.model import Point, Scenario
from game.table import Table, edge_distance_between

DataT = TypeVar("DataT")
StateT = TypeVar("StateT")


class Based(Protocol):
    """What the kit reads of a figure: an id and a round base at a place on the table."""

    id: str
    position: tuple[float, float]
    radius: float


@dataclass
class KitWorld(Generic[DataT, StateT]):
    scenario: Scenario
    data: DataT
    dice: Dice
    state: StateT
    table: Table
    events: list[Event] = field(default_factory=list)

    # -- events and dice
    def emit(self, ev: Event) -> None:
        self.events.append(ev)

    def roll(self, n: int, purpose: str, meaning: str = "") -> Roll:
        """nD6 added up, logged as a DiceRolled event (its meaning the faces and total unless given)."""
        r = self.dice.roll(n, purpose)
        if not meaning:
            meaning = f"{n}D6 = {'+'.join(map(str, r.faces))} = {r.total}" if n > 1 else f"D6 = {r.total}"
        self.emit(DiceRolled(purpose, r.kind, r.faces, r.total, meaning))
        return r

    def end(self, winner: str, reason: str) -> None:
        """The game is won: the state's ``winner`` and ``reason`` set, and a GameOver logged."""
        self.state.winner, self.state.reason = winner, reason  # type: ignore[attr-defined]
        self.emit(GameOver(winner, reason))

    def finish(self, over: Any, winner: str, reason: str) -> None:
        """The game is won once, in a rule set whose state has a ``phase``: it becomes ``over`` and no player
        acts (a later win in the same command is ignored), then :meth:`end`."""
        st: Any = self.state
        if st.phase == over:
            return
        st.phase, st.active_player = over, None
        self.end(winner, reason)

    # -- the table follows the figures
    def set_position(self, f: Any, p: Point) -> None:
        """Put figure ``f`` at ``p``, on its record and on the table alike."""
        f.position = (float(p[0]), float(p[1]))
        self.table.move(f.id, f.position)

    def place(self, *figures: Based) -> None:
        """Put each figure's base on the table where its record stands (a figure set up, or back on it)."""
        for f in figures:
            self.table.place(f.id, f.position, f.radius)

    def take_off(self, f: Any, state: str = EXITED) -> None:
        """Take figure ``f`` off the table with the state word ``state`` (by default: left by an exit)."""
        f.state = state
        if f.id in self.table:
            self.table.remove(f.id)

    @staticmethod
    def edge_distance(a: Based, b: Based) -> float:
        """Inches between two bases, edge to edge (negative when they overlap)."""
        return edge_distance_between(a.position, a.radius, b.position, b.radius)
