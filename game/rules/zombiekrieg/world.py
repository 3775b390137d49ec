"""The working context every rule module acts on: state, table, tables (TOML) and dice, plus the
events of the command being carried out.

Modules take a :class:`World` and change it only through these few helpers, so the Table always
follows the figures and every roll becomes a ``DiceRolled`` event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.dice import Dice, Roll
from game.rules.core import DiceRolled, Event
from game.rules.zombiekrieg import guts
from game.rules.zombiekrieg.data import ZkData
from game.rules.zombiekrieg.events import GutsChanged, GutsTested, Killed, KnockedDown
from game.rules.zombiekrieg.geometry import within_reach
from game.rules.zombiekrieg.state import ALLIES, DEAD, EXITED, KNOCKED_DOWN, ZOMBIES, Figure, ZkState
from game.scenario.model import Point, Scenario
from game.table import Table

Modifiers = list[tuple[str, int]]


@dataclass
class World:
    scenario: Scenario
    data: ZkData
    dice: Dice
    state: ZkState
    table: Table
    events: list[Event] = field(default_factory=list)
    readings: dict[str, bool] = field(default_factory=dict)  # the set-up's literal readings (readings.py)
    # (figures dict, its size, the Allied ids in it): see allied_ids
    _allied: tuple[int, int, tuple[str, ...]] = field(default=(0, -1, ()), init=False, repr=False, compare=False)
    # While the game answers a question (a preview), the memo of the present state: what a figure's
    # tests share is worked out once for all the commands asked about (None while one is carried out)
    memo: dict | None = field(default=None, init=False, repr=False, compare=False)

    def reading(self, key: str) -> bool:
        """Is the source's literal reading ``key`` chosen for this game (else the house reading)?"""
        return bool(self.readings.get(key, False))

    # -- events and dice
    def emit(self, ev: Event) -> None:
        self.events.append(ev)

    def roll(self, n: int, purpose: str, meaning: str = "") -> Roll:
        r = self.dice.roll(n, purpose)
        if not meaning:
            meaning = f"{n}D6 = {'+'.join(map(str, r.faces))} = {r.total}" if n > 1 else f"D6 = {r.total}"
        self.emit(DiceRolled(purpose, r.kind, r.faces, r.total, meaning))
        return r

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
            mods.append(("ORDERed this turn", int(self.data.house("order_bonus"))))
        if action != "melee" or self.data.house("melee_zombie_near_applies"):
            if self.standing_zombie_near(f, float(self.data.house("zombie_near")), down):
                mods.append(
                    (
                        f'standing zombie within {self.data.house("zombie_near"):g}"',
                        int(self.data.house("zombie_near_modifier")),
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
    def set_position(self, f: Figure, p: Point) -> None:
        f.position = (float(p[0]), float(p[1]))
        self.table.move(f.id, f.position)

    def kill(self, f: Figure, cause: str) -> None:
        f.state = DEAD
        self.table.remove(f.id)
        self.emit(Killed(f.id, cause))

    def knock_down(self, f: Figure) -> None:
        f.state = KNOCKED_DOWN
        f.knocked_down_on = self.state.turn
        self.emit(KnockedDown(f.id))

    def take_off(self, f: Figure) -> None:
        f.state = EXITED
        self.table.remove(f.id)

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

    def edge_distance(self, a: Figure, b: Figure) -> float:
        from game.table import edge_distance_between

        return edge_distance_between(a.position, a.radius, b.position, b.radius)
