"""The working context every rule module acts on: state, table, tables (TOML) and dice, plus the
events of the command being carried out.

Modules take a :class:`World` and change it only through these few helpers (the kit's emit, roll and
set_position among them), so the Table always follows the figures and every roll becomes a ``DiceRolled`` event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.core import DiceRolled
from game.rules.kit import KitWorld
from game.rules.zombiekrieg import guts
from game.rules.zombiekrieg.data import ZkData
from game.rules.zombiekrieg.events import GutsChanged, GutsTested, Killed, KnockedDown
from game.rules.zombiekrieg.geometry import within_reach
from game.rules.zombiekrieg.state import ALLIES, DEAD, KNOCKED_DOWN, ZOMBIES, Figure, ZkState

Modifiers = list[tuple[str, int]]


@dataclass
class World(KitWorld[ZkData, ZkState]):
    readings: dict[str, bool] = field(default_factory=dict)  # the set-up's literal readings (readings.py)
    # (figures dict, its size, the Allied ids in it): see allied_ids
    _allied: tuple[int, int, tuple[str, ...]] = field(default=(0, -1, ()), init=False, repr=False, compare=False)
    # While the game answers a question (a preview), the memo of the present state: what a figure's
    # tests share is worked out once for all the commands asked about (None while one is carried out)
    memo: dict | None = field(default=None, init=False, repr=False, compare=False)

    def reading(self, key: str) -> bool:
        """Is the source's literal reading ``key`` chosen for this game (else the house reading)?"""
        return bool(self.readings.get(key, False))

    def fig(self, fid: str) -> Figure:
        return self.state.figures[fid]

    # -- the GUTS test
    def modifiers(self, f: Figure, action: str, down: str | None = None) -> Modifiers:
        """The one-test modifiers every test shares (ORDER bonus, a zombie close by); ``down`` names a
        zombie to count as no longer standing (what a test would be after a shot at it)."""
        if self.memo is None:
            return self._modifiers(f, action, down)
        key = ("modifiers", f.id, f.position, f.radius, f.ordered_this_turn, action, down)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._modifiers(f, action, down)
        return list(found)

    def _modifiers(self, f: Figure, action: str, down: str | None) -> Modifiers:
        mods: Modifiers = []
        if f.ordered_this_turn and action in ("move", "fire"):
            mods.append(("ORDERed this turn", self.data.house.order_bonus))
        if action != "melee" or self.data.house.melee_zombie_near_applies:
            if self.standing_zombie_near(f, self.data.house.zombie_near, down):
                mods.append(
                    (
                        f'standing zombie within {self.data.house.zombie_near:g}"',
                        self.data.house.zombie_near_modifier,
                    )
                )
        return mods

    def test(self, f: Figure, action: str, mods: Modifiers) -> str:
        """Roll 2D6 against the figure's GUTS plus ``mods``; apply the critical's GUTS change."""
        modified = f.guts + sum(v for _, v in mods)
        r = self.dice.roll(2, f"{f.id} {action}")
        result = guts.outcome(r.faces, modified)
        g = self.data.raw["guts"]
        new = guts.changed_guts(
            f.guts,
            result,
            self.data.guts_min,
            self.data.guts_max,
            int(g["critical_success_change"]),
            int(g["critical_failure_change"]),
        )
        self.emit(
            DiceRolled(
                f"{f.id} {action}", r.kind, r.faces, r.total, guts.meaning(r.faces, f.guts, modified, result, new)
            )
        )
        self.emit(GutsTested(f.id, action, r.faces, r.total, modified, result, tuple(mods)))
        if new != f.guts:
            old, f.guts = f.guts, new
            self.emit(GutsChanged(f.id, old, new, f"{guts.NAMES[result]} on {action}"))
        return result

    # -- the table follows the figures
    def kill(self, f: Figure, cause: str) -> None:
        f.state = DEAD
        self.table.remove(f.id)
        self.emit(Killed(f.id, cause))

    def knock_down(self, f: Figure) -> None:
        f.state = KNOCKED_DOWN
        f.knocked_down_on = self.state.turn
        self.emit(KnockedDown(f.id))

    # -- queries
    def is_standing_zombie(self, fid: str) -> bool:
        f = self.state.figures.get(fid)
        return f is not None and f.side == ZOMBIES and f.standing

    def is_zombie(self, fid: str) -> bool:
        f = self.state.figures.get(fid)
        return f is not None and f.side == ZOMBIES and f.on_table

    def allied_ids(self) -> tuple[str, ...]:
        """Every Allied figure's id, on the table or not: the few to ask about instead of looking
        through a horde for them (``Table.any_of_in_circle``, ``Table.nearest_of``). Worked out again
        only when figures are added or removed; a figure never changes side."""
        figures = self.state.figures
        known, size, ids = self._allied
        if known != id(figures) or size != len(figures):
            ids = tuple(fid for fid, f in figures.items() if f.side == ALLIES)
            self._allied = (id(figures), len(figures), ids)
        return ids

    def is_allied(self, fid: str) -> bool:
        f = self.state.figures.get(fid)
        return f is not None and f.side == ALLIES and f.on_table

    def standing_zombie_near(self, f: Figure, within: float, down: str | None = None) -> bool:
        """Is a standing zombie (other than ``down``) within ``within`` of ``f`` (exactly that far counts)?"""
        return self.table.any_figure_in_circle(
            f.position,
            within_reach(f.radius, within),
            where=lambda fid: fid != down and self.is_standing_zombie(fid),
        )
