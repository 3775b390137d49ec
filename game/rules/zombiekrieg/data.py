"""The Zombiekrieg 848 tables and house values, read from ``game/data/zombiekrieg.toml``.

Nothing in the rules hard-codes a number that a club might want to change: it lives in the TOML
and arrives here as :class:`ZkData` (plain, frozen).

>>> d = load_data()
>>> d.weapon("bar").shots, d.weapon("thompson").melee_mod
(2, 1)
>>> d.starting_guts(4)
7
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.assets import data_file
from game.rules.kit.data import DataError, KitData, need, typed
from game.rules.zombiekrieg.geometry import within


@dataclass(frozen=True)
class Weapon:
    """One weapon with its class's stats (rules: Weapons table)."""

    key: str
    name: str
    klass: str
    range: float
    short: float
    short_mod: int
    long_mod: int
    shots: int
    melee_mod: int
    roster: str = ""  # the short name the roster shows ("M1"), the name when none is given

    def band(self, distance: float) -> tuple[str, int]:
        """The range band (``short``/``long``) and its modifier for an edge-to-edge distance."""
        # "within" includes exactly the short range (rules: Common); the same rule as geometry.within
        return ("short", self.short_mod) if within(distance, self.short) else ("long", self.long_mod)


@dataclass(frozen=True)
class Member:
    role: str
    weapon: str
    count: int
    tag: str


@dataclass(frozen=True)
class SectionSpec:
    key: str
    name: str
    prefix: str
    members: tuple[Member, ...]
    corporal_weapons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reaction:
    """One cell of the reaction table: how the unit moves, how far, toward what."""

    move: str  # none | shamble | wander | lurch | charge
    distance: int | str  # inches, or "2D6"
    toward: str  # nearest | nearest_seen | noise

    def describe(self) -> str:
        if self.move == "none":
            return "mill about (no move)"
        dist = f'{self.distance}"'  # inches or "2D6", both read with an inch mark
        goal = {
            "nearest": "toward the nearest Allied figure",
            "nearest_seen": "toward the nearest seen",
            "noise": "toward the noise",
        }[self.toward]
        return f"{self.move} {dist} {goal}"


@dataclass(frozen=True)
class InitiativeResult:
    first: str  # allies | zombies
    free_order: bool
    reaction_bonus: int


@dataclass(frozen=True)
class ZkHouse:
    """The ``[house]`` values of zombiekrieg.toml, each of its kind; the file gives each one's provenance
    (``[seed]``, ``[house]``...) beside it."""

    base_size: float
    contact: float
    clutter_los_limit: float
    move_distance: float
    clutter_move_dice: int
    zombie_near: float
    zombie_near_modifier: int
    obscured_modifier: int
    order_bonus: int
    lmg_second_shot_radius: float
    cohesion: float
    break_off: float
    melee_reach: float
    melee_zombie_near_applies: bool
    knocked_down_turns: int
    max_reaction_roll: int
    deploy_spacing: float
    deploy_file_spacing: float
    zombie_spacing: float
    deploy_edge_strip: float
    spawn_edge_strip: float


@dataclass(frozen=True)
class ZkData(KitData):
    """Every Zombiekrieg table and [house] value."""

    FILE = "zombiekrieg.toml"
    house: ZkHouse
    weapons: dict[str, Weapon]
    sections: dict[str, SectionSpec]
    reaction: dict[str, tuple[Reaction, ...]]
    reaction_columns: tuple[str, ...]
    initiative: dict[str, InitiativeResult]
    starting: tuple[tuple[tuple[int, ...], int], ...]

    def weapon(self, key: str) -> Weapon:
        return self.entry(self.weapons, key, "weapon")

    def command_range(self, role: str) -> float:
        """How far (edge to edge) an NCO of ``role`` orders: the Sergeant 12", the Corporal 6"."""
        return float(self.raw["command_range"][role])

    @property
    def guts_min(self) -> int:
        return int(self.raw["guts"]["min"])

    @property
    def guts_max(self) -> int:
        return int(self.raw["guts"]["max"])

    def starting_guts(self, face: int) -> int:
        for faces, guts in self.starting:
            if face in faces:
                return guts
        raise DataError(f"the starting GUTS table has no row for a roll of {face}")

    def reaction_cell(self, column: str, roll: int) -> Reaction:
        return self.reaction[column][roll - 1]


def _need(table: dict[str, Any], key: str, where: str) -> Any:
    return need(table, key, where, "zombiekrieg.toml")


def parse_data(raw: dict[str, Any]) -> ZkData:
    """Check and convert the TOML tables (raises :class:`DataError` naming what is wrong)."""
    classes = _need(raw, "weapon_classes", "top")
    weapons: dict[str, Weapon] = {}
    for key, w in _need(raw, "weapons", "top").items():
        klass = _need(w, "class", f"weapons.{key}")
        c = classes.get(klass)
        if c is None:
            raise DataError(f"zombiekrieg.toml: weapon {key!r} names unknown class {klass!r}")
        weapons[key] = Weapon(
            key,
            w.get("name", key),
            klass,
            float(c["range"]),
            float(c["short"]),
            int(c["short_mod"]),
            int(c["long_mod"]),
            int(c["shots"]),
            int(c["melee_mod"]),
            str(w.get("roster", "")),
        )
    sections: dict[str, SectionSpec] = {}
    for key, s in _need(raw, "sections", "top").items():
        members = tuple(Member(m["role"], m["weapon"], int(m.get("count", 1)), m["tag"]) for m in s["members"])
        for m in members:
            if m.weapon not in weapons:
                raise DataError(f"zombiekrieg.toml: section {key!r} uses unknown weapon {m.weapon!r}")
        sections[key] = SectionSpec(
            key, s.get("name", key), s["prefix"], members, tuple(s.get("corporal_weapons", ()))
        )
    rt = _need(raw, "reaction", "top")
    columns = tuple(rt["columns"])
    reaction: dict[str, tuple[Reaction, ...]] = {}
    for col in columns:
        rows = tuple(Reaction(r["move"], r["distance"], r["toward"]) for r in _need(rt, col, "reaction"))
        if len(rows) != 6:
            raise DataError(f"zombiekrieg.toml: reaction column {col!r} needs 6 rows, has {len(rows)}")
        reaction[col] = rows
    initiative = {
        k: InitiativeResult(v["first"], bool(v["free_order"]), int(v["reaction_bonus"]))
        for k, v in _need(raw, "initiative", "top").items()
    }
    starting = tuple((tuple(r["faces"]), int(r["guts"])) for r in raw["guts"]["starting"])
    return ZkData(
        raw,
        typed(ZkHouse, _need(raw, "house", "top"), "house", "zombiekrieg.toml"),
        weapons,
        sections,
        reaction,
        columns,
        initiative,
        starting,
    )


@lru_cache(maxsize=4)
def load_data(path: str | None = None) -> ZkData:
    """The shipped tables (or another TOML file, for a club's variant)."""
    p = Path(path) if path else data_file("zombiekrieg.toml")
    with open(p, "rb") as fh:
        try:
            raw = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"{p.name} is not valid TOML ({exc})") from None
    try:
        return parse_data(raw)
    except DataError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        # a club's variant is a hand-edited file: a value of the wrong kind is a refusal, not a crash
        raise DataError(
            f"{p.name}: a table or value is missing or of the wrong kind ({type(exc).__name__}: {exc})"
        ) from None
