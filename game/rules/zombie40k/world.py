"""The working context every rule module acts on: state, table, data and dice, plus the events of the
command being carried out. Modules change the game only through these helpers, so the Table always follows
the models and every roll becomes a ``DiceRolled`` event.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.rules.core import DiceRolled
from game.rules.kit import KitWorld
from game.rules.zombie40k.data import Profile, Z40Data
from game.rules.zombie40k.events import Killed, Moved, UnitDestroyed, Wounded
from game.rules.zombie40k.hooks import Hooks
from game.rules.zombie40k.state import ALIVE, DEAD, EMBARKED, PLAYERS, ZOMBIES, Model, Unit, Z40State
from game.scenario.model import Point
from game.table import edge_distance_between


@dataclass
class World(KitWorld[Z40Data, Z40State]):
    hooks: Hooks = field(default_factory=Hooks)
    chapter: Any = None  # a campaign chapter's carried force (veterans.Chapter, which imports this module)

    # -- events and dice (emit: the kit's) --------------------------------------------------------
    def d6s(self, n: int, purpose: str, meaning: str = "") -> list[int]:
        """Roll n D6 as one handful (to-hit, to-wound...), logged as one ``DiceRolled``."""
        if n <= 0:
            return []
        r = self.dice.roll(n, purpose)
        self.emit(
            DiceRolled(purpose, r.kind, r.faces, r.total, meaning or f"{n}D6: {' '.join(map(str, r.faces))}")
        )
        return list(r.faces)

    def d6(self, purpose: str, meaning: str = "") -> int:
        v = self.dice.d6(purpose)
        self.emit(DiceRolled(purpose, "D6", (v,), v, meaning or f"D6 = {v}"))
        return v

    def d3(self, purpose: str) -> int:
        v = self.dice.d3(purpose)
        roll = self.dice.log[-1]
        self.emit(DiceRolled(purpose, "D3", roll.faces, v, f"D3 = {v} (D6 {roll.faces[0]})"))
        return v

    def sum_d6(self, n: int, purpose: str) -> int:
        r = self.dice.roll(n, purpose)
        self.emit(
            DiceRolled(purpose, r.kind, r.faces, r.total, f"{n}D6 = {'+'.join(map(str, r.faces))} = {r.total}")
        )
        return r.total

    def best_of(self, n: int, purpose: str) -> int:
        r = self.dice.best_of(n, purpose)
        self.emit(DiceRolled(purpose, r.kind, r.faces, r.total, f"{n}D6 keep highest: {r.faces} -> {r.total}"))
        return r.total

    # -- lookups --------------------------------------------------------------------------------
    def model(self, fid: str) -> Model:
        return self.state.models[fid]

    def unit(self, uid: str) -> Unit:
        return self.state.units[uid]

    def alive(self, unit: Unit | str) -> list[Model]:
        u = self.state.units[unit] if isinstance(unit, str) else unit
        return self.state.alive(u)

    def aboard(self, unit: Unit) -> list[Model]:
        """The unit's models embarked on the escape vehicle (only Coop Mode plays on once a model embarks)."""
        return [m for m in map(self.state.models.__getitem__, unit.models) if m.state == EMBARKED]

    def profile(self, m: Model) -> Profile:
        return self.data.profile(m.profile)

    def side_key(self, unit: Unit) -> str:
        """Whose side in a fight: ``zombies`` or ``player N``."""
        return ZOMBIES if unit.side == ZOMBIES else f"player {unit.player}"

    def enemies(self, a: Unit, b: Unit) -> bool:
        return self.side_key(a) != self.side_key(b)

    def model_has(self, m: Model, rule: str) -> bool:
        return rule in m.rules or rule in self.profile(m).rules

    def unit_has(self, unit: Unit, rule: str) -> bool:
        """A unit rule: any living model lends it (a Unit Rule USR, or a rule every model has)."""
        return any(rule in m.unit_rules or self.model_has(m, rule) for m in self.alive(unit))

    def fearless(self, unit: Unit) -> bool:
        if self.unit_has(unit, "Fearless"):
            return True
        models = self.alive(unit)
        # Mob Rule [Ork codex]: Fearless with ten or more models, only if every model has it
        return len(models) >= 10 and all(self.model_has(m, "Mob Rule") for m in models)

    def majority(self, unit: Unit, stat: str) -> int:
        """The characteristic most models of the unit share (Toughness for wounding [7th])."""
        values = Counter(getattr(self.profile(m), stat) for m in self.alive(unit))
        return max(values.items(), key=lambda kv: (kv[1], -kv[0]))[0] if values else 0

    def edge(self, a: Model, b: Model) -> float:
        return edge_distance_between(a.position, a.radius, b.position, b.radius)

    def unit_edge(self, a: Unit, b: Unit) -> float:
        """Closest edge-to-edge distance between two units' living models."""
        bs = [(n.position, n.radius) for n in self.alive(b)]
        best = math.inf
        dist = math.dist
        for m in self.alive(a):
            p, r = m.position, m.radius
            for q, rq in bs:
                d = dist(p, q) - r - rq
                if d < best:
                    best = d
        return max(0.0, best)

    def vehicle_distance(self, p: Point, radius: float = 0.0) -> float:
        """Edge distance from a base to the escape vehicle's outline (0 when touching or inside)."""
        pts = self.state.vehicle
        if not pts:
            return math.inf
        box = _axis_box(pts)
        if box is not None:  # the usual case: a rectangle drawn in Tiled, measured directly
            dx = max(box[0] - p[0], 0.0, p[0] - box[2])
            dy = max(box[1] - p[1], 0.0, p[1] - box[3])
            return max(0.0, math.hypot(dx, dy) - radius)
        if _inside(p, pts):
            return 0.0
        best = math.inf
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
            best = min(best, _seg_dist(p, (x1, y1), (x2, y2)))
        return max(0.0, best - radius)

    def within_embark_reach(self, p: Point, radius: float) -> bool:
        """Whether a base of ``radius`` at ``p`` is near enough to the escape vehicle to board it."""
        return self.vehicle_distance(p, radius) <= self.data.house.embark_reach + 1e-9

    def vehicle_point(self, p: Point) -> Point:
        """The point of the escape vehicle's outline nearest ``p`` (``p`` itself inside it)."""
        pts = self.state.vehicle
        box = _axis_box(pts)
        if box is not None:
            return (min(max(p[0], box[0]), box[2]), min(max(p[1], box[1]), box[3]))
        if _inside(p, pts):
            return p
        return min(
            (_seg_point(p, (x1, y1), (x2, y2)) for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1])),
            key=lambda q: math.dist(p, q),
        )

    def unit_vehicle_distance(self, unit: Unit) -> float:
        return min((self.vehicle_distance(m.position, m.radius) for m in self.alive(unit)), default=math.inf)

    # -- changes (set_position: the kit's) --------------------------------------------------------
    def move_along(self, m: Model, path: list[Point], how: str, facing: float | None = None) -> None:
        pts = [m.position, *path[1:]] if path and path[0] == m.position else [m.position, *path]
        length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
        if length < 1e-9 and facing is None:
            return
        if facing is None and length > 1e-9:
            (x0, y0), (x1, y1) = pts[-2], pts[-1]
            facing = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360 if (x0, y0) != (x1, y1) else m.facing
        m.facing = float(facing if facing is not None else m.facing)
        self.set_position(m, pts[-1])
        self.emit(
            Moved(
                m.id, tuple((round(x, 4), round(y, 4)) for x, y in pts), round(m.facing, 3), round(length, 4), how
            )
        )

    def wound(self, m: Model, cause: str, n: int = 1) -> bool:
        """Take ``n`` wounds off; True when the model died."""
        m.wounds -= n
        if m.wounds <= 0:
            self.kill(m, cause)
            return True
        self.emit(Wounded(m.id, m.wounds))
        return False

    def kill(self, m: Model, cause: str) -> None:
        if not m.alive:
            return
        if self.hooks.instead_of_death(self, m, cause):
            return  # (Dead Men Walking: he rises with the horde that killed him)
        m.state, m.wounds = DEAD, 0
        self.table.remove(m.id)
        unit = self.state.units[m.unit]
        unit.phase_losses += 1
        self.emit(Killed(m.id, cause))
        if m.side == ZOMBIES and cause.startswith("p"):
            killer = cause.split()[0]
            self.state.kills[killer] = self.state.kills.get(killer, 0) + 1
            self.hooks.zombie_killed(self, m, killer)
        if not self.alive(unit):
            if self.aboard(unit):  # (Coop Mode: a team with a model aboard lives on, in no combat)
                self.state.engagements = [p for p in self.state.engagements if unit.id not in p]
            else:
                self.destroy(unit, cause)

    def destroy(self, unit: Unit, cause: str) -> None:
        """The unit has no model left: out of every combat; the plug-ins hear of it."""
        if self.hooks.instead_of_destruction(self, unit, cause):
            return  # (Dead Men Walking: the caught models rose into the horde, and the squad was destroyed there)
        for m in self.alive(unit):
            m.state, m.wounds = DEAD, 0
            self.table.remove(m.id)
            self.emit(Killed(m.id, cause))
        self.state.engagements = [p for p in self.state.engagements if unit.id not in p]
        unit.falling_back = False
        unit.wiped_out = True
        self.emit(UnitDestroyed(unit.id, cause))
        if unit.side == PLAYERS:
            self.hooks.squad_wiped_out(self, unit)
        else:
            self.hooks.horde_destroyed(self, unit, cause.split()[0] if cause.startswith("p") else "")

    def embark(self, m: Model) -> None:
        m.state = EMBARKED
        self.table.remove(m.id)
        unit = self.state.units[m.unit]
        if not self.alive(unit):  # the squad's last model aboard: nobody is left in its combats
            self.state.engagements = [p for p in self.state.engagements if unit.id not in p]

    def engage(self, a: Unit, b: Unit) -> bool:
        """Lock two units in close combat; False if they already were."""
        pair = sorted([a.id, b.id])
        if pair in self.state.engagements:
            return False
        for u in (a, b):
            if not self.state.locked(u.id):
                u.engaged_turn = self.state.turn
        self.state.engagements.append(pair)
        return True

    def disengage(self, uid: str) -> None:
        self.state.engagements = [p for p in self.state.engagements if uid not in p]

    def combats(self) -> list[list[str]]:
        """Units locked together, each close combat as one sorted group (connected by engagements)."""
        groups: list[set[str]] = []
        for a, b in self.state.engagements:
            joined = [g for g in groups if a in g or b in g]
            merged = {a, b}.union(*joined) if joined else {a, b}
            groups = [g for g in groups if g not in joined] + [merged]
        return sorted((sorted(g) for g in groups), key=lambda g: g[0])

    def is_alive_model(self, fid: str) -> bool:
        m = self.state.models.get(fid)
        return m is not None and m.state == ALIVE


_BOXES: dict[tuple, tuple[float, float, float, float] | None] = {}


def _axis_box(pts: list[list[float]]) -> tuple[float, float, float, float] | None:
    """The (x0, y0, x1, y1) of an axis-aligned rectangle outline, else None."""
    key = tuple(tuple(p) for p in pts)
    if key not in _BOXES:
        xs = sorted({round(p[0], 9) for p in pts})
        ys = sorted({round(p[1], 9) for p in pts})
        _BOXES[key] = (xs[0], ys[0], xs[-1], ys[-1]) if len(pts) == 4 and len(xs) == 2 and len(ys) == 2 else None
    return _BOXES[key]


def _inside(p: Point, pts: list[list[float]]) -> bool:
    x, y = p
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _seg_point(p: Point, a: Point, b: Point) -> Point:
    """The point of segment a-b nearest p."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return (ax + t * dx, ay + t * dy)


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    return math.dist(p, _seg_point(p, a, b))


__all__ = ["World", "DEAD"]
