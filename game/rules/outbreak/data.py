"""The Outbreak tables and house values, read from ``game/data/outbreak.toml``.

Nothing in the rules hard-codes a number a club might want to change: it lives in the TOML and
arrives here as :class:`ObData` (plain, frozen).

>>> d = load_data()
>>> d.ranged("shotgun").range, d.melee_kills_on("knife"), d.melee_kills_on("frying pan")
(9.0, 5, 4)
>>> d.spot_need(8.0), d.spot_need(8.5), d.spot_need(16.0), d.spot_need(16.1)
(1, 3, 3, 5)
>>> d.shot_row(5).third, d.shot_row(1).third
(2, 0)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.assets import data_file
from game.rules.kit.data import DataError, KitData, need, typed

NO_WEAPON = ("", "none")


@dataclass(frozen=True)
class Ranged:
    key: str
    name: str
    range: float


@dataclass(frozen=True)
class ShotRow:
    """One row of the shooting table (rules: Shooting in thirds)."""

    faces: tuple[int, ...]
    third: int  # the third of the zombie's move the hit lands in; 0 = jammed
    kills: bool
    destroy_roll: bool
    name: str


@dataclass(frozen=True)
class Band:
    upto: float
    need: int
    name: str


@dataclass(frozen=True)
class ObHouse:
    """The ``[house]`` values of outbreak.toml, each of its kind; the file gives each one's provenance
    (``[seed]``, ``[house]``...) beside it."""

    base_size: float
    contact: float
    clutter_los_limit: float
    deploy_spacing: float
    deploy_file_spacing: float
    zombie_spacing: float
    hiding_group_gap: float
    shuffle_directions: int
    turned_attacks_nearest: bool
    generate_before_outbreak: bool
    seal_only_for_clear: bool
    all_aware_after_outbreak_move: bool
    npc_flee_within: float
    npc_shoots: bool
    shot_zombie_toward_shooter: bool
    hit_zombie_moves_rest: bool
    tired_can_fire: bool
    clearing_is_the_action: bool


@dataclass(frozen=True)
class ObData(KitData):
    """Every Outbreak table and [house] value."""

    FILE = "outbreak.toml"
    house: ObHouse
    ranged_weapons: dict[str, Ranged]
    melee_weapons: dict[str, tuple[str, int]]  # key -> (name, kills on)
    bands: tuple[Band, ...]
    shots: tuple[ShotRow, ...]

    def get(self, table: str, key: str) -> Any:
        return _need(_need(self.raw, table, "top"), key, table)

    def ranged(self, key: str) -> Ranged:
        return self.entry(self.ranged_weapons, key, "ranged weapon")

    def melee_kills_on(self, key: str) -> int:
        """What a close combat weapon needs to kill: a knife 5+, any other 4+ [seed]."""
        if key in self.melee_weapons:
            return self.melee_weapons[key][1]
        return int(self.raw["melee"]["other_kills_on"])

    def melee_name(self, key: str) -> str:
        return self.melee_weapons[key][0] if key in self.melee_weapons else key

    def spot_band(self, distance: float) -> Band:
        for b in self.bands:
            if distance <= b.upto + 1e-9:
                return b
        return self.bands[-1]

    def spot_need(self, distance: float) -> int:
        """The D6 score to spot at an edge-to-edge distance (1 = automatic)."""
        return self.spot_band(distance).need

    def shot_row(self, face: int) -> ShotRow:
        for row in self.shots:
            if face in row.faces:
                return row
        raise DataError(f"the shooting table has no row for a roll of {face}")


def _need(table: dict[str, Any], key: str, where: str) -> Any:
    return need(table, key, where, "outbreak.toml")


def parse_data(raw: dict[str, Any]) -> ObData:
    """Check and convert the TOML tables (raises :class:`DataError` naming what is wrong)."""
    ranged = {
        k: Ranged(k, str(v.get("name", k)), float(_need(v, "range", f"ranged.{k}")))
        for k, v in _need(raw, "ranged", "top").items()
    }
    melee = {
        k: (str(v.get("name", k)), int(_need(v, "kills_on", f"melee.{k}")))
        for k, v in _need(raw, "melee", "top").items()
        if isinstance(v, dict)
    }
    _need(raw["melee"], "other_kills_on", "melee")
    bands = tuple(Band(float(b["upto"]), int(b["need"]), str(b["name"])) for b in raw["spotting"]["bands"])
    if not bands:
        raise DataError("outbreak.toml: [spotting] needs at least one band")
    shots = tuple(
        ShotRow(
            tuple(int(f) for f in r["faces"]),
            int(r["third"]),
            bool(r["kills"]),
            bool(r["destroy_roll"]),
            r["name"],
        )
        for r in raw["shooting"]["table"]
    )
    covered = sorted(f for r in shots for f in r.faces)
    if covered != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"outbreak.toml: the shooting table must cover the faces 1-6 once each, not {covered}")
    for section in ("house", "forces", "generation", "movement", "close_combat", "bites", "objective"):
        _need(raw, section, "top")
    return ObData(raw, typed(ObHouse, raw["house"], "house", "outbreak.toml"), ranged, melee, bands, shots)


@lru_cache(maxsize=4)
def load_data(path: str | None = None) -> ObData:
    """The shipped tables (or another TOML file, for a club's variant)."""
    p = Path(path) if path else data_file("outbreak.toml")
    with open(p, "rb") as fh:
        return parse_data(tomllib.load(fh))
