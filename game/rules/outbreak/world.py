"""The working context every rule module acts on: state, table, tables (TOML) and dice, plus the
events of the command being carried out.

Modules take a :class:`World` and change it only through these helpers, so the Table always
follows the figures and every roll becomes a ``DiceRolled`` event with its meaning.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.dice import Roll
from game.rules.core import DiceRolled
from game.rules.kit import KitWorld
from game.rules.outbreak.data import ObData
from game.rules.outbreak.events import Killed
from game.rules.outbreak.state import DEAD, ZOMBIES, Figure, ObState
from game.scenario.model import Area, Point, Zone
from game.table import Sight, edge_distance_between
from game.table.index import BaseGrid

EPS = 1e-9
HUMAN_ID = re.compile(r"\b(?:pc|npc)\d+\b")  # a character's or bystander's id in a text


@dataclass
class World(KitWorld[ObData, ObState]):
    # -- events and dice (emit and roll: the kit's)
    def d6(self, purpose: str) -> int:
        return self.roll(1, purpose).total

    def roll_told(self, n: int, purpose: str, tell: Callable[[Roll], str]) -> Roll:
        """nD6 added up, logged with the meaning ``tell`` gives the roll: the same event as
        :meth:`roll` then :meth:`explain`, made once (a horde rolls hundreds a move)."""
        r = self.dice.roll(n, purpose)
        self.emit(DiceRolled(purpose, r.kind, r.faces, r.total, HUMAN_ID.sub(self._name_of, tell(r))))
        return r

    def best_of(self, n: int, purpose: str) -> Roll:
        r = self.dice.best_of(n, purpose)
        self.emit(DiceRolled(purpose, r.kind, r.faces, r.total, f"{n}D6 keep highest = {r.total}"))
        return r

    def explain(self, text: str) -> None:
        """Give the last dice event its meaning ("D6 = 4: 6\" move"), with characters and bystanders
        called by their names (the dice tray shows the meaning as it is)."""
        text = HUMAN_ID.sub(self._name_of, text)
        for i in range(len(self.events) - 1, -1, -1):
            if isinstance(self.events[i], DiceRolled):
                ev = self.events[i]
                assert isinstance(ev, DiceRolled)
                self.events[i] = replace(ev, meaning=text)
                return

    def _name_of(self, m: re.Match[str]) -> str:
        f = self.state.figures.get(m.group(0))
        return (f.name or f.id) if f is not None else m.group(0)

    def fig(self, fid: str) -> Figure:
        return self.state.figures[fid]

    def num(self, table: str, key: str) -> float:
        return float(self.data.get(table, key))

    # -- the table follows the figures (set_position: the kit's)
    def kill(self, f: Figure, cause: str) -> None:
        f.state = DEAD
        if f.id in self.table:
            self.table.remove(f.id)
        self.emit(Killed(f.id, cause))

    # -- queries
    def is_zombie(self, fid: str) -> bool:
        f = self.state.figures.get(fid)
        return f is not None and f.side == ZOMBIES and f.on_table

    def is_human(self, fid: str) -> bool:
        f = self.state.figures.get(fid)
        return f is not None and f.side != ZOMBIES and f.on_table

    def in_contact(self, a: Figure, b: Figure) -> bool:
        return self.edge_distance(a, b) <= self.data.house.contact + EPS

    def contacts(self, f: Figure, zombies: bool) -> list[Figure]:
        """Figures of the other kind in contact with ``f``, nearest first."""
        reach = f.radius + self.data.house.contact + EPS
        where = self.is_zombie if zombies else self.is_human
        found = self.table.figures_in_circle(f.position, reach, where=where)
        return [self.fig(fid) for fid in found if fid != f.id and self.in_contact(f, self.fig(fid))]

    def within(self, f: Figure, inches: float, zombies: bool) -> list[Figure]:
        """Figures of one kind within ``inches`` of ``f`` edge to edge, nearest first."""
        where = self.is_zombie if zombies else self.is_human
        found = self.table.figures_in_circle(f.position, f.radius + inches + EPS, where=where)
        out = [self.fig(fid) for fid in found if fid != f.id]
        return [g for g in out if self.edge_distance(f, g) <= inches + EPS]

    def any_within(self, f: Figure, inches: float, zombies: bool) -> bool:
        """``bool(within(f, inches, zombies))``, stopping at the first one found."""
        kind = self.is_zombie if zombies else self.is_human
        fig, reach = self.state.figures, inches + EPS

        def near(fid: str) -> bool:
            return fid != f.id and kind(fid) and self.edge_distance(f, fig[fid]) <= reach

        return self.table.any_figure_in_circle(f.position, f.radius + inches + EPS, where=near)

    def sight(self, a: Figure, b: Figure) -> Sight:
        return self.table.line_of_sight(a.position, b.position, self.data.house.clutter_los_limit)

    def crowd(self, zombies: bool, where: Callable[[Figure], bool] | None = None) -> Crowd:
        """The figures of one kind on the table now (passing ``where``), indexed for a step's queries."""
        figs = self.state.zombies() if zombies else self.state.humans()
        return Crowd(self, [f for f in figs if f.on_table and (where is None or where(f))])

    def in_clutter(self, f: Figure) -> bool:
        return self.table.in_clutter(f.position)

    def exit_zones(self) -> tuple[Zone, ...]:
        return self.scenario.zones_of("exit")

    def in_exit(self, f: Figure) -> bool:
        return any(z.area.contains(f.position) for z in self.exit_zones())

    def exit_under(self, position: Point, radius: float) -> Zone | None:
        """The exit zone a base of ``radius`` at ``position`` stands on, None when none: any part of the base on
        the zone counts, as on a tabletop [house] (only the centre counted, and a newcomer saw a survivor whose
        base stood on the exit stay behind)."""
        return next((z for z in self.exit_zones() if base_on(z.area, position, radius)), None)

    def spawn_zone(self, sid: str) -> Zone:
        for z in self.scenario.zones_of("spawn"):
            if f"spawn{z.id}" == sid:
                return z
        raise KeyError(sid)


class Crowd:
    """Figures of one kind held in their own spatial index (the table's :class:`BaseGrid`) for the
    many queries of one step in which none of them moves or leaves: the zombies asking which
    humans they touch, or which leader is near. Its answers are :meth:`World.contacts` and
    :meth:`World.within` restricted to these figures, in the same order."""

    def __init__(self, world: World, figures: list[Figure]) -> None:
        self.world = world
        self.figures = figures
        self.by_id = {f.id: f for f in figures}
        # the [house] contact distance, read once: a horde's step asks hundreds of times
        self._contact = world.data.house.contact
        self.grid = BaseGrid()
        for f in figures:
            self.grid.put(f.id, f.position[0], f.position[1], f.radius)

    def _near(self, f: Figure, reach: float) -> list[Figure]:
        hits = self.grid.within(f.position, reach)
        hits.sort()
        return [self.by_id[fid] for _, fid in hits if fid != f.id]

    def contacts(self, f: Figure) -> list[Figure]:
        """These figures in contact with ``f``, nearest first."""
        contact = self._contact
        near = self._near(f, f.radius + contact + EPS)
        if not near:
            return near
        at, r = f.position, f.radius
        # World.in_contact's own test, with the distance read once
        return [g for g in near if edge_distance_between(at, r, g.position, g.radius) <= contact + EPS]

    def within(self, f: Figure, inches: float) -> list[Figure]:
        """These figures within ``inches`` of ``f`` edge to edge, nearest first."""
        w = self.world
        return [g for g in self._near(f, f.radius + inches + EPS) if w.edge_distance(f, g) <= inches + EPS]


def angle_to(a: Point, b: Point) -> float:
    """Degrees from a toward b (0 along +x, 90 along +y), in [0, 360)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def base_on(area: Area, p: Point, radius: float) -> bool:
    """Whether a base of ``radius`` at ``p`` touches or overlaps ``area``: its centre inside, or the outline
    within a radius of it.

    >>> base_on(Area.rect(0, 0, 4, 2), (2.0, 2.4), 0.5), base_on(Area.rect(0, 0, 4, 2), (2.0, 2.6), 0.5)
    (True, False)
    """
    if area.contains(p):
        return True
    pts = area.points
    return not area.is_line and min(_to_edge(p, a, b) for a, b in zip(pts, (*pts[1:], pts[0]))) <= radius


def _to_edge(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))
