"""Sight and cover through area terrain: 7th edition's reading (the default) or the house reading (a switch).

7th edition plays true line of sight. On this top-down table a ruin (like rubble or any other area terrain) is
drawn as its footprint on the ground, with no walls of its own: its broken walls are what its cover save stands
for. So, by default [7th]:

- area terrain never blocks sight; only walls and buildings do (and the table's edge of the world);
- a target model inside a ruin, or behind one (the line from the firer's base centre to it crosses a ruin the
  firer does not stand in), takes the ruin's 4+ cover save; in or behind other area terrain, 5+ (obscured).
  The piece a firer stands in is his own cover, not his target's.

The house reading (the set-up switch ``ruins_block_sight``, Zombie 40,000's reading before): more than 2" of area
terrain crossed blocks sight [house], a target inside a ruin takes 4+, and one behind it only the 5+ of an
obscured target.

>>> from game.rules.zombie40k.testing import rigged_game, small_scenario
>>> g = rigged_game({1: [(10, 30)]}, scenario=small_scenario(players=1, ruins=[(4, 20, 12, 4)]))
>>> line(g.world, (10, 30), (10, 14)).state, in_the_way(g.world, (10, 30), (10, 14))
('obscured', {'ruin'})
>>> g.state.ruins_block_sight = True
>>> line(g.world, (10, 30), (10, 14)).state
'blocked'
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.zombie40k.setup import OptionsError
from game.scenario.model import Point
from game.table import OBSCURED, Sight
from game.table.geometry import polygon_edges, segment_inside_intervals

OPTION = "ruins_block_sight"  # the set-up switch: True plays the house reading


def reading(options: dict[str, Any]) -> bool:
    """The house reading (True) or 7th edition's (False, the default) from a game's options; the game cannot
    start (naming the option) when it is not true or false."""
    value = options.get(OPTION, False)
    if not isinstance(value, bool):
        raise OptionsError(f"Option {OPTION!r} must be true or false, not {str(value)[:40]!r}.")
    return value


def limit(world: Any) -> float:
    """The inches of area terrain a sight line may cross before it is blocked: no limit [7th], or the house
    ``clutter_los_limit`` (2")."""
    return world.data.house.clutter_los_limit if world.state.ruins_block_sight else math.inf


def line(world: Any, a: Point, b: Point) -> Sight:
    """The sight line from ``a`` to ``b`` (base centres) under the game's reading."""
    return world.table.line_of_sight(a, b, limit(world))


def in_the_way(world: Any, firer: Point, target: Point) -> set[str]:
    """What stands between ``firer`` and ``target`` for their cover: the kinds of area terrain ("ruin",
    "clutter") the line crosses, leaving out the pieces the firer stands in (his own windows) [7th]; under the
    house reading, {"obscured"} when the sight line crosses any area terrain (behind a ruin is only obscured)."""
    if world.state.ruins_block_sight:
        return {"obscured"} if line(world, firer, target).state == OBSCURED else set()
    out: set[str] = set()
    for piece in world.scenario.terrain:
        if not piece.is_clutter or piece.kind in out or piece.area.is_line or piece.area.contains(firer):
            continue
        if segment_inside_intervals(firer, target, polygon_edges(piece.area.points)):
            out.add(piece.kind)
    return out


def pieces_in_the_way(world: Any, firer: Point, target: Point) -> list[Any]:
    """The pieces of area terrain :func:`in_the_way` counts, each by itself (a plate names what gives the
    cover); none under the house reading, where the cover is the sight line's being obscured."""
    if world.state.ruins_block_sight:
        return []
    return [
        piece
        for piece in world.scenario.terrain
        if piece.is_clutter
        and not piece.area.is_line
        and not piece.area.contains(firer)
        and segment_inside_intervals(firer, target, polygon_edges(piece.area.points))
    ]
