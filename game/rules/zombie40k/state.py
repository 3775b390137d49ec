"""The plain data of a Zombie 40,000 game: models, units and the turn record (JSON-ready via ``to_data``).

Every model is a figure on the table (``id``, ``side``, ``position``, ``facing``, ``radius``, ``state``,
``on_table``); a unit (a player's squad, a zombie horde, the Zombie Boss) groups them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.rules.kit.plain import jsonable

PLAYERS, ZOMBIES = "players", "zombies"
ALIVE, DEAD, EMBARKED = "alive", "dead", "embarked"
SQUAD, HORDE, BOSS = "squad", "horde", "boss"


class Phase(str, Enum):
    """Where the game turn is (rules: Zombie 40,000: Player turn, Zombie turn)."""

    ORDER = "order"  # players roll off for their order
    MOVEMENT = "movement"
    PSYCHIC = "psychic"  # only when a psyker is present
    SHOOTING = "shooting"
    ASSAULT = "assault"
    ZOMBIES = "zombies"  # the zombie turn: shamble, shooting, assault
    OVER = "over"


@dataclass
class Model:
    """One model on the table (a player's model, a zombie or the Zombie Boss)."""

    id: str
    side: str
    unit: str
    profile: str
    position: tuple[float, float]
    facing: float = 270.0
    radius: float = 0.5
    wounds: int = 1
    weapons: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()  # the model's own special rules (its USR among them)
    unit_rules: tuple[str, ...] = ()  # Unit Rules this model lends its squad while it lives
    sergeant: bool = False
    state: str = ALIVE
    player: int = 0
    moved: bool = False  # this phase
    fired: bool = False  # this shooting phase
    ran: bool = False

    @property
    def on_table(self) -> bool:
        return self.state == ALIVE

    @property
    def alive(self) -> bool:
        return self.state == ALIVE


@dataclass
class Unit:
    """A player's squad (all its models form one squad [seed]), a zombie horde, or the Zombie Boss."""

    id: str
    side: str
    kind: str  # squad | horde | boss
    name: str
    models: list[str] = field(default_factory=list)
    player: int = 0
    entry: str = ""  # roster entry of a squad
    start_size: int = 0
    charged_turn: int = -1  # the turn it last charged (or was counted as charging)
    engaged_turn: int = -1  # the turn its current close combat began
    falling_back: bool = False
    regrouped_turn: int = -1
    moved_turn: int = -1  # a model moved this turn (Heavy weapons then Snap Shots)
    shot_turn: int = -1
    ran_turn: int = -1
    targets_shot: list[str] = field(default_factory=list)  # this shooting phase (Split Fire)
    overwatch_phase: str = ""  # "turn/phase" it last fired Overwatch
    difficult_roll: int | None = None  # this phase's keep-highest roll through difficult terrain
    run_roll: int | None = None
    blinded_until: int = -1
    phase_start_models: int = 0  # models at the start of the phase (25% casualties)
    phase_losses: int = 0
    wiped_out: bool = False
    power_ups: list[str] = field(default_factory=list)  # issue 15: the power-ups it carries (keys, repeated)
    # power-ups at work (power_ups.py): key -> 0 "waiting for the next Shamble / the squad's next turn", or
    # the game turn in which it works (Speed Pack, Banana Peel, the Blessing of Chuck Norris)
    power_up_effects: dict[str, int] = field(default_factory=dict)
    power_up_choices: int = 0  # rolls owed to the squad furthest from the vehicle: roll twice or push back
    power_up_offer: list[int] = field(default_factory=list)  # the two results rolled, one to keep
    respawns: int = 0  # times this squad came back (Hardcore Mode: once only)
    out_for_good: str = ""  # why a wiped-out squad may not respawn (Instant Death, Hardcore, Coop Mode)
    watching_turn: int = -1  # Every Man For Himself: the turn it froze, watching for betrayal
    concussed_until: int = -1  # Concussive (the Patriarch): strikes at Initiative 1 until the end of this turn
    came_near_vehicle: bool = False  # Coop Mode: this squad has been within 8" of the escape vehicle


@dataclass
class Z40State:
    """Everything that changes during a game."""

    models: dict[str, Model] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    engagements: list[list[str]] = field(default_factory=list)  # pairs of unit ids locked in close combat
    players: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # this turn's player order
    order_index: int = 0
    turn: int = 0
    phase: Phase = Phase.ORDER
    active_player: int | None = None
    shot_at: dict[str, list[int]] = field(default_factory=dict)  # "2" -> players squad 2 has shot at
    # Killing Floor (issue 15 mods): points to spend by player ("2"), shop wares by model, grenades by squad
    kf_points: dict[str, int] = field(default_factory=dict)
    kf_wares: dict[str, list[str]] = field(default_factory=dict)
    kf_grenades: dict[str, list[str]] = field(default_factory=dict)
    kf_thrown: dict[str, list[Any]] = field(default_factory=dict)  # squad -> [turn, target] of its last grenade
    vehicle: list[list[float]] = field(default_factory=list)  # the escape vehicle's outline
    turn_limit: int = 12
    winner: str | None = None  # "player 2" | "zombies"
    reason: str = ""
    kills: dict[str, int] = field(default_factory=dict)  # unit id -> zombies killed (report, issue 15)
    mods: list[str] = field(default_factory=list)  # the mods switched on in the set-up (issue 15, mods.py)
    ruins_block_sight: bool = False  # the house reading of area terrain (sight.py); False: 7th edition's

    def to_data(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["phase"] = self.phase.value
        out["models"] = [dataclasses.asdict(m) for m in self.models.values()]
        out["units"] = [dataclasses.asdict(u) for u in self.units.values()]
        return jsonable(out)

    # -- small queries
    def unit_of(self, model: Model) -> Unit:
        return self.units[model.unit]

    def alive(self, unit: Unit) -> list[Model]:
        # asked thousands of times a game: one look-up a model, the state compared directly
        return [m for m in map(self.models.__getitem__, unit.models) if m.state == ALIVE]

    def squads(self) -> list[Unit]:
        return [u for u in self.units.values() if u.kind == SQUAD]

    def squad_of(self, player: int) -> Unit:
        return self.units[f"p{player}"]

    def zombie_units(self) -> list[Unit]:
        return [u for u in self.units.values() if u.side == ZOMBIES]

    def engaged_with(self, uid: str) -> list[str]:
        return [b if a == uid else a for a, b in self.engagements if uid in (a, b)]

    def locked(self, uid: str) -> bool:
        return any(uid in pair for pair in self.engagements)
