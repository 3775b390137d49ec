"""Hand-made tables for a rule set's tests: a :class:`Sketch` numbers the pieces in the order they are drawn
(as Tiled would) and makes the scenario.

>>> s = Sketch()
>>> s.walls([[(0, 5), (10, 5)]])
>>> s.terrain_rects("rubble", "clutter", [(2, 2, 3, 3)])
>>> s.zone_rects("exit", "exit", [(0, 20, 24, 4)])
>>> sc = s.scenario("zombiekrieg", 24, objective="exit")
>>> [t.name for t in sc.terrain], [z.name for z in sc.zones], sc.width
(['wall 0', 'rubble 0'], ['exit 0'], 24)

A rule set's tiny table takes the parts every one has by keyword (:class:`TinyTable`) and draws its own:

>>> table: TinyTable = {"walls": [[(0, 5), (10, 5)]], "exits": [(0, 20, 24, 4)], "turn_limit": 6}
>>> s = sketched(table, "hedge")
>>> s.zone_rects("exit", "exit", table.get("exits", ()))
>>> sc = finished(s, "outbreak", "escape", table)
>>> [t.name for t in sc.terrain], sc.turn_limit, sc.width
(['wall 0'], 6, 24)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from game.scenario.model import Area, Placement, Point, Scenario, Terrain, Zone

Rect = tuple[float, float, float, float]


class TinyTable(TypedDict, total=False):
    """The parts of a tiny table every rule set's tests may give, by keyword (each rule set adds its own
    pieces): the turn limit (10), walls as polylines, clutter and exits as rectangles (x, y, w, h), the
    table's size in inches (24, square) and more map properties."""

    turn_limit: int
    walls: Sequence[Sequence[Point]]
    clutter: Sequence[Rect]
    exits: Sequence[Rect]
    size: float
    properties: dict[str, Any] | None


def sketched(table: TinyTable, clutter: str) -> Sketch:
    """A sketch with the table's walls drawn, then its clutter (named ``clutter`` 0, 1 ...)."""
    sketch = Sketch()
    sketch.walls(table.get("walls", ()))
    sketch.terrain_rects(clutter, "clutter", table.get("clutter", ()))
    return sketch


def finished(sketch: Sketch, ruleset: str, objective: str, table: TinyTable) -> Scenario:
    """The scenario of what ``sketch`` holds, with the table's size, turn limit and properties."""
    size, turns = table.get("size", 24), table.get("turn_limit", 10)
    return sketch.scenario(ruleset, size, objective, turns, table.get("properties"))


class Sketch:
    """A table being drawn: terrain, zones and figures' placements, ids 1, 2, 3 ... in drawing order."""

    def __init__(self) -> None:
        self._ids = iter(range(1, 1000))
        self.terrain: list[Terrain] = []
        self.zones: list[Zone] = []
        self.placements: list[Placement] = []

    def next_id(self) -> int:
        return next(self._ids)

    def walls(self, walls: Sequence[Sequence[Point]]) -> None:
        """Walls as polylines, named "wall 0", "wall 1" ..."""
        for i, w in enumerate(walls):
            line = Area(tuple((float(p[0]), float(p[1])) for p in w), is_line=True, shape="polyline")
            self.terrain.append(Terrain(self.next_id(), f"wall {i}", "wall", line))

    def terrain_rects(self, name: str, kind: str, rects: Sequence[Rect]) -> None:
        """Rectangles (x, y, w, h) of terrain of one kind, named "``name`` 0", "``name`` 1" ..."""
        self.terrain += [Terrain(self.next_id(), f"{name} {i}", kind, Area.rect(*r)) for i, r in enumerate(rects)]

    def zone_rects(self, name: str, kind: str, rects: Sequence[Rect], properties: Sequence[dict] = ()) -> None:
        """Rectangular zones of one kind, named "``name`` 0" ..., each with its properties if given."""
        for i, r in enumerate(rects):
            self.zone(f"{name} {i}", kind, Area.rect(*r), dict(properties[i]) if i < len(properties) else {})

    def zone(self, name: str, kind: str, area: Area, properties: dict[str, Any] | None = None) -> None:
        self.zones.append(Zone(self.next_id(), name, kind, area, properties or {}))

    def scenario(
        self,
        ruleset: str,
        size: float,
        objective: str,
        turn_limit: int | None = None,
        properties: dict[str, Any] | None = None,
        title: str = "Tiny table",
        path: str = "<tiny>",
    ) -> Scenario:
        """The square table of ``size`` inches drawn so far, its objective and turn limit among its properties."""
        props: dict[str, Any] = {"objective": objective}
        if turn_limit is not None:
            props["turn_limit"] = turn_limit
        return Scenario(
            path=path,
            ruleset=ruleset,
            title=title,
            width=size,
            height=size,
            objective=objective,
            turn_limit=turn_limit,
            properties={**props, **(properties or {})},
            terrain=tuple(self.terrain),
            zones=tuple(self.zones),
            placements=tuple(self.placements),
        )
