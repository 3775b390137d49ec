"""The plain data of a Zombiekrieg game: figures and the turn record (JSON-ready via ``to_data``).

The Table is derived from this (positions); the dice are the only randomness.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.numerals import digits_in
from game.rules.kit.figure import ZOMBIES, KitFigure
from game.rules.kit.plain import jsonable

ALLIES = "allies"
STANDING, KNOCKED_DOWN, DEAD, EXITED = "standing", "knocked_down", "dead", "exited"
NCO_ROLES = ("sergeant", "corporal")


class Phase(str, Enum):
    """Where the turn is (rules: Zombiekrieg 848, The turn)."""

    START_OF_TURN = "start_of_turn"  # knocked-down zombies stand up
    INITIATIVE = "initiative"
    ALLIED = "allied"  # waiting for the active player's commands
    AXIS = "axis"  # the zombies move and attack
    END_OF_TURN = "end_of_turn"  # victory and defeat
    OVER = "over"


@functools.cache
def figure_number(fid: str) -> int:
    """The number in a figure's id, for putting figures in a steady order (``"z12"`` -> 12; 0 for
    none). Kept per id: a horde's turn sorts by it several times over.

    >>> figure_number("z12"), figure_number("sgt")
    (12, 0)
    """
    return digits_in(fid)


@dataclass
class Figure(KitFigure):
    """One figure on the table (an Allied soldier or a zombie)."""

    player: int = 0  # Allied player number (1..4); 0 for zombies
    nation: str = ""
    role: str = "zombie"  # sergeant, corporal, rifleman, smg, lmg, zombie
    weapon: str = ""
    guts: int = 0
    guts_start: int = 0
    state: str = STANDING
    knocked_down_on: int | None = None  # the turn a zombie was knocked down
    acted_this_turn: bool = False
    ordered_this_turn: bool = False

    @property
    def on_table(self) -> bool:
        return self.state in (STANDING, KNOCKED_DOWN)

    @property
    def standing(self) -> bool:
        return self.state == STANDING

    @property
    def is_nco(self) -> bool:
        return self.role in NCO_ROLES


@dataclass
class Section:
    """One player's section."""

    player: int
    nation: str
    prefix: str  # figure id prefix, e.g. "us1"


@dataclass
class ZkState:
    """Everything that changes during a game."""

    figures: dict[str, Figure] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    turn: int = 0
    phase: Phase = Phase.START_OF_TURN
    first: str = ALLIES  # who moves first this turn
    allied_done: bool = False
    axis_done: bool = False
    active_player: int | None = None
    reaction_bonus: int = 0  # +1 after a Critical Failure on initiative
    free_order_for: str | None = None  # the lead NCO's free ORDER after a Critical Success
    noise: tuple[float, float] | None = None  # where the last Allied figure to fire stood
    objective: str = "survive"
    turn_limit: int = 10
    exit_count: int = 0
    exited: int = 0
    winner: str | None = None
    reason: str = ""

    def to_data(self) -> dict[str, Any]:
        # field by field, in their order: ``asdict(self)`` would copy every figure twice
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "figures":
                # a figure's fields are plain values (the position a pair of numbers): read one by
                # one, as asdict would copy them, without its deep copy of each
                value = [{name: getattr(fig, name) for name in _FIGURE_FIELDS} for fig in value.values()]
            elif f.name == "sections":
                value = [dataclasses.asdict(section) for section in value]
            elif f.name == "phase":
                value = value.value
            out[f.name] = value
        return jsonable(out)  # type: ignore[no-any-return]

    # -- small queries used everywhere
    def allied(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == ALLIES]

    def zombies(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == ZOMBIES]

    def section_of(self, player: int) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == ALLIES and f.player == player]


_FIGURE_FIELDS = tuple(f.name for f in dataclasses.fields(Figure))
