"""The plain data of an Outbreak game: figures, generation points and where the move sequence is.

The Table is derived from this (positions); the dice are the only randomness. ``to_data`` gives
plain JSON.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.rules.kit.figure import ZOMBIES, KitFigure
from game.rules.kit.plain import jsonable

PLAYERS, BYSTANDERS = "players", "bystanders"  # PCs, NPCs (and the zombies: ZOMBIES)
STANDING, DEAD, EXITED, TURNED = "standing", "dead", "exited", "turned"


class Step(str, Enum):
    """Where the move is (rules: Outbreak, The move sequence). See :mod:`.sequence`."""

    GENERATION = "generation"  # before step 1: the generation points roll
    TURNING = "turning"  # 1. bitten humans test for turning (and bite checks)
    ZOMBIES_SPOT = "zombies_spot"  # 2.
    HUMANS = "humans"  # 3. waiting for the active player's commands
    BYSTANDERS = "bystanders"  # 3. the NPCs' options, driven by the rules
    ZOMBIES_MOVE = "zombies_move"  # 4.
    REACTION = "reaction"  # the quiet start ends: the humans who spotted the first attack react
    STRIKE = "strike"  # 5. humans strike with close combat weapons
    GRAPPLE = "grapple"  # 6.
    END_OF_MOVE = "end_of_move"  # sealing, exits, winning and losing
    OVER = "over"


STEP_NUMBERS = {
    Step.GENERATION: 0,
    Step.TURNING: 1,
    Step.ZOMBIES_SPOT: 2,
    Step.HUMANS: 3,
    Step.BYSTANDERS: 3,
    Step.ZOMBIES_MOVE: 4,
    Step.REACTION: 4,
    Step.STRIKE: 5,
    Step.GRAPPLE: 6,
    Step.END_OF_MOVE: 6,
    Step.OVER: 6,
}


@dataclass(eq=False)  # figures are compared by identity: a horde is searched often
class Figure(KitFigure):
    """One figure: a player character, a bystander or a zombie."""

    name: str = ""
    player: int = 0  # the PC's player (1..4); 0 for NPCs and zombies
    ranged: str = ""  # weapon key or ""
    melee: str = ""  # weapon key (or any club-type name) or ""
    state: str = STANDING
    aware: bool = False  # a human: knows of the zombies; a zombie: has spotted a human
    following: str | None = None  # a zombie following the zombie that spotted
    target: str | None = None  # a turned human's first victim
    # this move
    acted: str = ""  # step 3 option taken: move | fire | spot | clear | wait ("" = not yet)
    reacted: bool = False  # took his reaction to the first attack
    frozen: bool = False
    tired: bool = False
    ran: bool = False  # moved this move (caught running: no first blow)
    thirds_used: int = 0  # shooting: thirds of the zombies' move already gone
    hidden: bool = False  # in cover and not spotted again this move
    moved_inches: float = 0.0  # a zombie: how far it has moved this move (shot zombies move early)
    allowance: float = 0.0  # a zombie: its move this move (0 = not yet rolled)
    fought: bool = False  # in a combat this move and alive after it: tests for a bite next move
    # across moves
    jammed: bool = False
    has_moved: bool = False  # tiredness is rolled from the move after the first
    bite_check: bool = False
    bitten: bool = False
    turns_on: int | None = None  # the move a bitten human turns
    turned_into: str = ""  # a turned human: his zombie's id
    turned_from: str = ""  # a zombie that was a human

    @property
    def on_table(self) -> bool:
        return self.state == STANDING

    @property
    def is_human(self) -> bool:
        return self.side != ZOMBIES

    @property
    def is_pc(self) -> bool:
        return self.side == PLAYERS


@dataclass
class Spawn:
    """A zombie generation point (a map ``spawn`` zone) and its dice."""

    id: str
    name: str
    dice: int
    sealed: bool = False


@dataclass
class ObState:
    """Everything that changes during a game."""

    figures: dict[str, Figure] = field(default_factory=dict)
    spawns: list[Spawn] = field(default_factory=list)
    players: int = 1
    move: int = 0
    step: Step = Step.GENERATION
    active_player: int | None = None
    outbreak: bool = False  # the first victim has been attacked
    outbreak_move: int | None = None
    all_aware: bool = True  # after the first spotting both sides know of each other (the option's reading)
    attack_at: tuple[float, float] | None = None
    engaged: dict[str, list[str]] = field(default_factory=dict)  # human -> zombies engaging him this move
    objective: str = "escape"
    turn_limit: int = 10
    exit_count: int = 1
    escaped: int = 0  # PCs out through the exit
    rescued: int = 0  # NPCs led out
    next_zombie: int = 1
    winner: str | None = None
    reason: str = ""

    def to_data(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["step"] = self.step.value
        out["figures"] = [dataclasses.asdict(f) for f in self.figures.values()]
        return jsonable(out)

    # -- small queries used everywhere
    def pcs(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == PLAYERS]

    def npcs(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == BYSTANDERS]

    def humans(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side != ZOMBIES]

    def zombies(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == ZOMBIES]

    def pcs_of(self, player: int) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == PLAYERS and f.player == player]

    @property
    def turn(self) -> int:
        """The move number (the screen's turn line)."""
        return self.move


PLAYERS_WIN, ZOMBIES_WIN = PLAYERS, ZOMBIES  # the winner is a side
