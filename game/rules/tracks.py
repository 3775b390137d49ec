"""Following the players' figures through a game's events, for the simulator's :class:`Footprints`.

Each rule set reads its own events and tells a :class:`Tracker` what they mean: a figure was set up
(:meth:`Tracker.place`), walked a path (:meth:`~Tracker.move`), fought in close combat
(:meth:`~Tracker.fight`), was killed (:meth:`~Tracker.died`), got away or reached the objective
(:meth:`~Tracker.reached`), a turn ended (:meth:`~Tracker.end_turn`). The tracker keeps where each
figure stands, where the players' figures died and stalled, and the nearest any of them came to the
objective's place. The screen animates the same events, so every move a figure makes is in them.

Why a figure stalled is what its rule set noted of its turn (:meth:`~Tracker.note`) (a failed test, a shot,
an ORDER); a figure with no note that walked a little was blocked, one that did nothing held the
objective when it stands in it, else took no action. At each turn's end the tracker also keeps the
nearest any player figure stands to the objective, where bystanders fell
(:meth:`~Tracker.add_bystander`), and the zombies each spawn point brought on (:meth:`~Tracker.arrived`).

>>> from game.scenario.model import Area
>>> t = Tracker(players={"a", "b"}, targets=(Area.rect(10, 0, 2, 2),), objective="the exit zone")
>>> t.place("a", (1.0, 1.0)); t.place("b", (1.0, 5.0)); t.place("z", (6.0, 1.0))
>>> t.move("a", ((1.0, 1.0), (7.0, 1.0)))
>>> t.died("b"); t.end_turn()
>>> f = t.footprints()
>>> f.died, f.stalled, f.nearest, f.reached
(((1.0, 5.0),), (), 3.0, False)
>>> t.end_turn(); t.footprints().stalled, t.footprints().stall_causes, t.footprints().distances
(((7.0, 1.0),), ('waited',), (3.0, 3.0))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from game.rules.contract import STALL_CAUSES, STALL_INCHES, Footprints
from game.scenario.geometry import leg_distance
from game.scenario.model import Area, Point

Reader = Callable[[Any], None]  # what one event means to the tracker


class Tracker:
    """Where every figure stands, and the players' figures' deaths, stalls and nearest approach.

    ``players`` are the ids of the human players' figures (others are followed but not counted);
    ``targets`` the objective's places (an empty tuple: the objective has none, ``nearest`` is None).
    The nearest approach and the distance by turn are the players' figures', or those of ``approachers``
    when a rule set names them (Outbreak's rescue: the bystanders, who are the ones to get there).
    """

    def __init__(self, players: Iterable[str] = (), targets: Sequence[Area] = (), objective: str = "") -> None:
        self.players = set(players)
        self.targets = tuple(targets)
        self.objective = objective
        self.at: dict[str, Point] = {}
        self.on_table: set[str] = set()
        self._turn_start: dict[str, Point] = {}
        self._fought: set[str] = set()
        self._died: list[Point] = []
        self._stalled: list[Point] = []
        self._causes: list[str] = []
        self._notes: dict[str, str] = {}  # this turn's worst cause noted for each figure
        self._walked: set[str] = set()  # figures that moved at all this turn
        self._distances: list[float] = []
        self.bystanders: set[str] = set()
        self._bystanders_died: list[Point] = []
        self._arrivals: dict[str, int] = {}
        self._nearest = math.inf
        self._reached = False
        self.approachers: set[str] | None = None  # whose approach counts; None: the players' figures

    def _approaching(self) -> set[str]:
        return self.players if self.approachers is None else self.approachers

    def read(self, log: Iterable[Any], side: str, own: Mapping[str, Reader]) -> None:
        """Follow a rule set's log. The events every log has are read alike: a figure placed (of ``side``:
        a player's), moved (``Moved``, ``ZombieMoved``) or killed; ``own`` reads the rule set's other
        events by class name, and may read a shared one its own way."""
        readers: dict[str, Reader] = {
            "FigurePlaced": lambda e: self.placed(e.figure, e.position, e.side == side),
            "Moved": lambda e: self.move(e.figure, e.path),
            "ZombieMoved": lambda e: self.move(e.figure, e.path),
            "Killed": lambda e: self.died(e.figure),
            **own,
        }
        for e in log:
            reader = readers.get(type(e).__name__)
            if reader is not None:
                reader(e)

    def placed(self, fid: str, p: Point, player: bool) -> None:
        """A figure was set up at ``p``, one of the players' if ``player``."""
        if player:
            self.add_player(fid)
        self.place(fid, p)

    def add_player(self, fid: str) -> None:
        """``fid`` is one of the players' figures (learnt from its set-up event)."""
        self.players.add(fid)

    def _near(self, a: Point, b: Point) -> None:
        if not self.targets or self._nearest <= 0.0:  # once there, nothing comes nearer
            return
        lo_x, hi_x = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
        lo_y, hi_y = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        for t in self.targets:
            x0, y0, x1, y1 = t.bounds
            # the gap between the two boxes is never more than the leg's own distance: a target
            # whose box is no nearer than the best so far (by more than rounding) cannot lower it
            gap = math.hypot(max(0.0, x0 - hi_x, lo_x - x1), max(0.0, y0 - hi_y, lo_y - y1))
            if gap - 1e-9 < self._nearest:
                self._nearest = min(self._nearest, leg_distance(a, b, t))

    def place(self, fid: str, p: Point) -> None:
        """``fid`` was set up (or appeared) at ``p``."""
        p = (float(p[0]), float(p[1]))
        self.at[fid] = p
        self.on_table.add(fid)
        self._turn_start.setdefault(fid, p)
        if fid in self._approaching():
            self._near(p, p)

    def move(self, fid: str, path: Sequence[Point]) -> None:
        """``fid`` walked ``path`` (from where it stood to where it stops)."""
        if not path:
            return
        pts = [(float(x), float(y)) for x, y in path]
        self._walked.add(fid)
        if fid in self._approaching():
            for a, b in zip(pts, pts[1:] or pts):
                self._near(a, b)
        self.at[fid] = pts[-1]
        self._turn_start.setdefault(fid, pts[0])

    def note(self, fid: str, cause: str) -> None:
        """``fid`` did ``cause`` (a :data:`STALL_CAUSES` key) this turn: should it stall, this is why
        (the worst noted cause wins)."""
        order = list(STALL_CAUSES)
        held = self._notes.get(fid)
        if held is None or order.index(cause) < order.index(held):
            self._notes[fid] = cause

    def add_bystander(self, fid: str) -> None:
        """``fid`` is a bystander (an NPC the players protect or lead out): where it falls is counted."""
        self.bystanders.add(fid)

    def arrived(self, spawn: str, count: int = 1) -> None:
        """``count`` zombies came onto the table at the spawn point named ``spawn``."""
        self._arrivals[spawn] = self._arrivals.get(spawn, 0) + count

    def fight(self, fid: str) -> None:
        """``fid`` fought in close combat this turn (it is held, not stalled)."""
        self._fought.add(fid)

    def died(self, fid: str) -> None:
        """``fid`` was killed where it stands (or turned: it is lost to its player all the same)."""
        if fid in self.players and fid in self.on_table and fid in self.at:
            self._died.append(self.at[fid])
        if fid in self.bystanders and fid in self.on_table and fid in self.at:
            self._bystanders_died.append(self.at[fid])
        self.on_table.discard(fid)

    def reached(self, fid: str) -> None:
        """``fid`` got to the objective (left by the exit, embarked): when it is a player figure, the
        players reached it."""
        if fid in self.players:
            self.got_there()

    def got_there(self) -> None:
        """The players reached the objective (a bystander they led out counts)."""
        self._reached = True
        if self.targets:
            self._nearest = 0.0

    def left(self, fid: str) -> None:
        """``fid`` is off the table (got away, embarked) without dying."""
        self.on_table.discard(fid)

    def end_turn(self) -> None:
        """A turn ended: every player figure on the table that moved less than :data:`STALL_INCHES`
        since the turn began, and did not fight, stalled where it stands."""
        for fid in sorted(self.on_table & self.players):
            here, start = self.at.get(fid), self._turn_start.get(fid)
            if here is None or start is None or fid in self._fought:
                continue
            if math.dist(here, start) < STALL_INCHES:
                self._stalled.append(here)
                self._causes.append(self._cause(fid, here))
        self._keep_distance()
        self._turn_start = {fid: self.at[fid] for fid in self.on_table if fid in self.at}
        self._fought.clear()
        self._notes.clear()
        self._walked.clear()

    def _cause(self, fid: str, here: Point) -> str:
        """Why ``fid`` stalled this turn: what the rule set noted, else what the tracker saw."""
        if fid in self._notes:
            return self._notes[fid]
        if fid in self._walked:
            return "blocked"
        if any(t.contains(here) for t in self.targets):
            return "at_objective"
        return "waited"

    def _keep_distance(self) -> None:
        """The turn's nearest approach: 0 once the players got there, else the player figure on the
        table nearest the objective; nothing when the objective has no place or no figure is left."""
        if not self.targets:
            return
        if self._reached:
            self._distances.append(0.0)
            return
        here = [self.at[f] for f in self.on_table & self._approaching() if f in self.at]
        if here:
            self._distances.append(round(min(leg_distance(p, p, t) for p in here for t in self.targets), 2))

    def spawned(self, zones: Sequence[Any], p: Point, elsewhere: str, reach: float = 0.0) -> None:
        """A zombie came on at ``p``: one arrival for the spawn zone nearest it within ``reach`` inches
        (0: the one it stands in; by its name, else ``spawn N``), or for ``elsewhere`` when none is."""
        near = [(leg_distance(p, p, z.area), n, z) for n, z in enumerate(zones, start=1)]
        best = min(near, key=lambda d: d[:2], default=None)
        if best is None or best[0] > reach + 1e-9:
            self.arrived(elsewhere)
        else:
            self.arrived(best[2].name or f"spawn {best[1]}")

    def footprints(self) -> Footprints:
        """What the players' figures did so far."""
        nearest = None if not self.targets or self._nearest == math.inf else round(self._nearest, 3)
        if self._reached and self.targets:
            nearest = 0.0
        return Footprints(
            died=tuple(self._died),
            stalled=tuple(self._stalled),
            nearest=nearest,
            reached=self._reached,
            objective=self.objective,
            stall_causes=tuple(self._causes),
            distances=tuple(self._distances),
            bystanders_died=tuple(self._bystanders_died),
            arrivals=dict(self._arrivals),
        )
