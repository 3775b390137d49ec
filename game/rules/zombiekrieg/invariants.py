"""What must hold in every Zombiekrieg game, whatever the dice and the bots did (``deadground soak``).

:func:`invariants` returns each broken rule as a sentence (an empty list when all hold). It checks the
state as it is now, and the events from ``since`` on against it: no base in a wall or on another base,
the dead never act, one Allied figure acts per command, the figures add up, GUTS within its bounds.
``replayed=True`` also rebuilds the game from its scenario, options, seed and commands and compares the
states (costly: soak does it at checkpoints and at the end of each game).

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg import new_game
>>> invariants(new_game(tiny_scenario(), {}, seed=3), replayed=True)
[]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.rules.zombiekrieg import events as ev
from game.rules.zombiekrieg.geometry import base_clear, edges, segment_distance
from game.rules.zombiekrieg.state import ALLIES, DEAD, EXITED, KNOCKED_DOWN, STANDING, ZOMBIES, Phase
from game.scenario.model import Terrain

if TYPE_CHECKING:  # the game is imported where it is replayed, not when the invariants load
    from game.rules.zombiekrieg.game import ZombiekriegGame

OVERLAP = 1e-6  # inches two bases may overlap by rounding alone
DEFAULT_THICKNESS = 0.25  # a polyline wall without a "thickness" (as the table reads it)


def wall_overlap(terrain: Terrain, p: tuple[float, float], radius: float) -> float:
    """How far a base of ``radius`` at ``p`` reaches into a wall or building (0 when clear)."""
    area = terrain.area
    if area.is_line:
        half = float(terrain.properties.get("thickness", DEFAULT_THICKNESS)) / 2
        gap = min(segment_distance(p, a, b) for a, b in edges(area.points, False))
        return max(0.0, radius + half - gap)
    gap = min(segment_distance(p, a, b) for a, b in edges(area.points, True))
    return radius + gap if area.contains(p) else max(0.0, radius - gap)


_STATES = (STANDING, KNOCKED_DOWN, DEAD, EXITED)


def _actor(event: Any) -> str | None:
    """The figure that acts in an event, if any (placing, dying, being knocked down are not acting)."""
    if isinstance(event, (ev.Moved, ev.Turned, ev.Fired, ev.ZombieMoved, ev.Exited, ev.Ordered)):
        return event.figure
    if isinstance(event, ev.MeleeAttack):
        return event.zombie
    return None


def invariants(
    game: ZombiekriegGame, since: int | None = None, replayed: bool = False, step: bool = True
) -> list[str]:
    """Every invariant ``game`` breaks now, as sentences; events checked from ``game.log[since:]``
    (default: the last event). ``step`` says those events are one command's (so one Allied figure acts)."""
    problems: list[str] = []
    state = game.state
    scenario = game.scenario
    data = game.data
    figures = state.figures
    lo, hi = int(data.raw["guts"]["min"]), int(data.raw["guts"]["max"])
    blockers = _blocker_boxes(scenario)

    # -- the figures add up
    if any(f.state not in _STATES for f in figures.values()):
        problems.append(f"a figure is in an unknown state: {sorted({f.state for f in figures.values()})}")
    if any(f.side not in (ALLIES, ZOMBIES) for f in figures.values()):
        problems.append("a figure is on neither side")
    if any(fid != f.id for fid, f in figures.items()):
        problems.append("a figure is filed under another figure's id")
    exited = sum(1 for f in figures.values() if f.side == ALLIES and f.state == EXITED)
    if exited != state.exited:
        problems.append(f"{exited} Allied figures have exited but the state counts {state.exited}")
    if any(f.side == ZOMBIES and f.state == EXITED for f in figures.values()):
        problems.append("a zombie has left the table by the exit")
    section_players = {s.player for s in state.sections}
    strays = [f.id for f in state.allied() if f.player not in section_players]
    if strays:
        problems.append(f"Allied figures {strays[:5]} belong to no section")
    if state.phase == Phase.OVER and state.winner not in (ALLIES, ZOMBIES):
        problems.append(f"the game is over but the winner is {state.winner!r}")
    if state.phase != Phase.OVER and state.winner is not None:
        problems.append(f"the game goes on though {state.winner} have won")

    # -- GUTS in bounds
    for f in state.allied():
        if f.state == DEAD:
            continue
        if not lo <= f.guts <= hi:
            problems.append(f"{f.id} has GUTS {f.guts}, outside {lo}..{hi}")
        if not lo <= f.guts_start <= hi:
            problems.append(f"{f.id} started with GUTS {f.guts_start}, outside {lo}..{hi}")
    if any(f.guts != 0 for f in state.zombies()):
        problems.append("a zombie has GUTS")

    # -- bases: on the table, in no wall, on no other base
    on_table = [f for f in figures.values() if f.on_table]
    for f in on_table:
        x, y = f.position
        if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(f.facing)):
            problems.append(f"{f.id} stands at a position that is not a number: {f.position}, facing {f.facing}")
            continue
        r = f.radius + _BOX_MARGIN
        near = [t for t, x0, y0, x1, y1 in blockers if x0 - r <= x <= x1 + r and y0 - r <= y <= y1 + r]
        if not base_clear(near, scenario.width, scenario.height, f.position, f.radius - OVERLAP):
            problems.append(f"{f.id}'s base at ({x:.3f}, {y:.3f}) is in a wall or building, or off the table")
        for t in near:  # walls with their thickness and rounded ends (rules: Common, Movement)
            deep = wall_overlap(t, f.position, f.radius)
            if deep > OVERLAP:
                problems.append(f"{f.id} overlaps {t.kind} {t.id} '{t.name}' by {deep:.3f}\"")
    problems += _overlaps(on_table)

    # -- the events of the last step
    log = game.log
    start = _last_step(log) if since is None else since
    died_here = {e.figure for e in log[start:] if isinstance(e, ev.Killed)}
    dead = {f.id for f in figures.values() if f.state == DEAD} - died_here
    allied_actors: set[str] = set()
    for e in log[start:]:
        who = _actor(e)
        if who is not None and who in dead:
            problems.append(f"{who} is dead but acts: {type(e).__name__}")
        if isinstance(e, ev.Killed):
            if e.figure in dead:
                problems.append(f"{e.figure} is killed twice")
            dead.add(e.figure)
        if isinstance(e, ev.TurnStarted):
            allied_actors.clear()
        if isinstance(e, (ev.Moved, ev.Fired)) and figures.get(e.figure) and figures[e.figure].side == ALLIES:
            allied_actors.add(e.figure)
    if step and len(allied_actors) > 1:
        problems.append(f"one command made {len(allied_actors)} Allied figures act: {sorted(allied_actors)}")
    for fid in died_here:
        if fid in figures and figures[fid].state != DEAD:
            problems.append(f"{fid} was killed but is {figures[fid].state}")

    if replayed:
        problems += _replays(game)
    return problems


_BOXES: dict[int, tuple[Any, list[tuple[Terrain, float, float, float, float]]]] = {}
_BOX_MARGIN = 0.01  # inches: a base whose edge is further than this from a piece's box cannot touch it


def _blocker_boxes(scenario: Any) -> list[tuple[Terrain, float, float, float, float]]:
    """The walls and buildings with their bounding boxes grown by half the wall's thickness, worked out
    once per scenario: a base whose edge stays outside a box touches neither the piece nor its ends."""
    kept = _BOXES.get(id(scenario))
    if kept is not None and kept[0] is scenario:
        return kept[1]
    boxes = []
    for t in scenario.terrain:
        if t.blocks_movement:
            xs = [p[0] for p in t.area.points]
            ys = [p[1] for p in t.area.points]
            grow = float(t.properties.get("thickness", DEFAULT_THICKNESS)) / 2
            boxes.append((t, min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow))
    if len(_BOXES) > 16:
        _BOXES.clear()
    _BOXES[id(scenario)] = (scenario, boxes)
    return boxes


def _last_step(log: list[Any]) -> int:
    """The last event (the contract calls ``invariants(game)`` after every event; soak passes ``since``)."""
    return max(0, len(log) - 1)


def _overlaps(on_table: list[Any]) -> list[str]:
    """Bases that overlap, found through a grid of cells as large as the largest base."""
    if not on_table:
        return []
    size = max(2 * f.radius for f in on_table) or 1.0
    cells: dict[tuple[int, int], list[Any]] = {}
    found: list[str] = []
    for f in on_table:
        cx, cy = int(f.position[0] // size), int(f.position[1] // size)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for g in cells.get((cx + dx, cy + dy), ()):
                    if math.dist(f.position, g.position) < f.radius + g.radius - OVERLAP:
                        found.append(f"the bases of {g.id} and {f.id} overlap")
        cells.setdefault((cx, cy), []).append(f)
    return found


def _replays(game: ZombiekriegGame) -> list[str]:
    """The game rebuilt from its scenario, options, seed and commands has the same state and log."""
    from game.rules.zombiekrieg.game import ZombiekriegGame

    again = ZombiekriegGame(game.scenario, dict(game.options), game.seed)
    for cmd in game.commands:
        again.apply(cmd)
    problems = []
    if again.state_data() != game.state_data():
        problems.append("the game replayed from its commands has another state")
    if again.log != game.log:
        problems.append("the game replayed from its commands has other events")
    return problems
