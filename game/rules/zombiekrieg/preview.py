"""What a command would do, worked out without rolling (for the screen's hints and the bot).

>>> # see tests/test_zk_preview.py for worked examples
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from game.rules.core import Command, IllegalCommand, Preview
from game.rules.kit import group_move
from game.rules.zombiekrieg import fire, move, order, section_move
from game.rules.zombiekrieg.commands import EndTurn, Fire, Move, MoveSection, Order
from game.rules.zombiekrieg.geometry import within
from game.rules.zombiekrieg.guts import (
    CRITICAL_SUCCESS,
    OUTCOMES,
    SUCCESS,
    changed_guts,
    outcome_chances,
    outcome_fractions,
    success_chance,
)
from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import Modifiers, World


def _mods(mods: Modifiers) -> list[dict[str, Any]]:
    return [{"reason": r, "value": v} for r, v in mods]


def preview(world: World, cmd: Command, move_plan: Callable[[Move], move.MovePlan] | None = None) -> Preview:
    """What ``cmd`` would do now (``move_plan``: how a MOVE is planned, ``move.plan`` unless the game
    keeps its plans)."""
    try:
        if isinstance(cmd, Move):
            return _move(world, move_plan(cmd) if move_plan else move.plan(world, cmd))
        if isinstance(cmd, Fire):
            return _fire(world, fire.plan(world, cmd))
        if isinstance(cmd, Order):
            return _order(world, order.plan(world, cmd))
        if isinstance(cmd, MoveSection):
            return _section(world, cmd)
        if isinstance(cmd, EndTurn):
            from game.rules.zombiekrieg.state import Phase

            if world.state.phase != Phase.ALLIED:
                raise IllegalCommand("It is not the Allied turn.")
            return Preview(True, details={"player": world.state.active_player})
        raise IllegalCommand(f"Zombiekrieg 848 has no command {type(cmd).__name__}.")
    except IllegalCommand as exc:
        return Preview(False, exc.reason)


def _move(world: World, p: move.MovePlan) -> Preview:
    f, c = p.figure, p.check
    mods = world.modifiers(f, "move")
    mg = f.guts + sum(v for _, v in mods)
    details = {
        "points": [list(pt) for pt in c.points],
        "length": c.length,
        "requested_length": c.requested_length,
        "blocked_at": list(c.blocked_at) if c.blocked_at else None,
        "blocked_by": c.blocked_by,
        "clutter_length": c.clutter_length,
        "enters_clutter": c.enters_clutter,
        "warning": 'The path enters clutter: the figure moves only 1D6" (rolled after the test).'
        if c.enters_clutter
        else "",
        "guts": f.guts,
        "modifiers": _mods(mods),
        "modified_guts": mg,
    }
    if c.length > 1e-9 and move.leaves_table(world, (c.points[-1][0], c.points[-1][1])):
        # a success takes him off the table: the count toward the objective, his exit included
        details["exits"] = {"out": world.state.exited + 1, "needed": world.state.exit_count}
    return Preview(True, chances=outcome_chances(mg), details=details)


def _section(world: World, cmd: MoveSection) -> Preview:
    """Where each soldier of a section's move would stand if his test succeeds, who stays and why
    (:mod:`.section_move`), each one's odds of passing his MOVE test, and how many are expected to move."""
    steps = section_move.walk(world, cmd)
    group_move.some_move(steps)
    chances = [0.0 if s.reason else _move_chance(world, world.state.figures[s.figure]) for s in steps]
    rows = [
        {"figure": s.figure, "end": list(s.end), "reason": s.reason, "clutter": s.difficult, "chance": c}
        for s, c in zip(steps, chances)
    ]
    details = {"steps": rows, "moving": sum(1 for s in steps if not s.reason), "expected": round(sum(chances), 6)}
    return Preview(True, details=details)


def _move_chance(world: World, f: Figure) -> float:
    """The chance ``f`` passes his MOVE test now."""
    return round(success_chance(f.guts + sum(v for _, v in world.modifiers(f, "move"))), 6)


def _fire(world: World, p: fire.FirePlan) -> Preview:
    f = p.figure
    shots = []
    chances: dict[str, float] = {}
    for n, s in enumerate(p.shots, start=1):
        mods = world.modifiers(f, "fire") + list(s.modifiers)
        mg = f.guts + sum(v for _, v in mods)
        ch = outcome_chances(mg)
        if n == 1:
            chances = ch
        else:  # the odds as the second shot will be rolled, after whatever the first does
            ch, by_first = second_shot_odds(world, f, p.shots[0], s)
        shots.append(
            {
                "target": s.target.id,
                "sight": s.sight.state,
                "clutter_length": s.sight.clutter_length,
                "blocked_at": None,
                "distance": s.distance,
                "band": s.band,
                "modifiers": _mods(mods),
                "modified_guts": mg,
                "chances": ch,
                "effects": {
                    "critical_success": "kills",
                    "success": "knocks down" if s.target.standing else "no effect",
                    "failure": "misses",
                    "critical_failure": "misses, GUTS -1",
                },
            }
        )
        if n > 1:
            shots[-1]["modified_guts_after_first"] = by_first
    first = shots[0]
    details = {
        "shots": shots,
        "sight": first["sight"],
        "band": first["band"],
        "distance": first["distance"],
        "modifiers": first["modifiers"],
        "modified_guts": first["modified_guts"],
        "guts": f.guts,
    }
    return Preview(True, chances=chances, details=details)


def second_shot_odds(
    world: World, f: Figure, first: fire.Shot, second: fire.Shot
) -> tuple[dict[str, float], dict[str, int | None]]:
    """The exact odds of an LMG's second shot as it will be rolled, over the four outcomes of the first:
    a critical changes the gunner's GUTS for good; a first shot that knocks down or kills the only
    standing zombie within 3" takes the -1 away; a zombie the first shot killed takes the second
    shot with it ("lost"). Also the second shot's modified GUTS after each first outcome (None: lost)."""
    g = world.data.raw["guts"]
    first_mods = world.modifiers(f, "fire") + list(first.modifiers)
    first_odds = outcome_fractions(f.guts + sum(v for _, v in first_mods))
    odds: dict[str, Fraction] = {o: Fraction(0) for o in OUTCOMES}
    odds["lost"] = Fraction(0)
    by_first: dict[str, int | None] = {}
    for o1, p1 in first_odds.items():
        down = o1 in (SUCCESS, CRITICAL_SUCCESS) and (o1 == CRITICAL_SUCCESS or first.target.standing)
        if o1 == CRITICAL_SUCCESS and second.target is first.target:
            odds["lost"] += p1
            by_first[o1] = None
            continue
        guts = changed_guts(
            f.guts,
            o1,
            world.data.guts_min,
            world.data.guts_max,
            int(g["critical_success_change"]),
            int(g["critical_failure_change"]),
        )
        mods = world.modifiers(f, "fire", down=first.target.id if down else None) + list(second.modifiers)
        mg = guts + sum(v for _, v in mods)
        by_first[o1] = mg
        for o2, p2 in outcome_fractions(mg).items():
            odds[o2] += p1 * p2
    return {o: float(v) for o, v in odds.items()}, by_first


def fire_geometry(world: World, fid: str, tid: str) -> dict[str, Any]:
    """LOS, range and arc of a shot even when it is not legal (for drawing a refused shot)."""
    from game.table import in_front_arc

    f, t = world.state.figures[fid], world.state.figures[tid]
    s = world.table.line_of_sight(f.position, t.position, world.data.house.clutter_los_limit)
    w = world.data.weapon(f.weapon)
    d = world.edge_distance(f, t)
    return {
        "sight": s.state,
        "blocked_at": s.blocked_at,
        "blocked_by": s.blocked_by,
        "distance": d,
        "in_range": within(d, w.range),
        "band": w.band(d)[0],
        "in_arc": in_front_arc(f.position, f.facing, t.position),
    }


def _order(world: World, p: order.OrderPlan) -> Preview:
    f = p.figure
    mods = world.modifiers(f, "order")
    mg = f.guts + sum(v for _, v in mods)
    details = {
        "distance": world.edge_distance(f, p.target),
        "range": order.command_range(world, f),
        "free": p.free,
        "guts": f.guts,
        "modifiers": _mods(mods),
        "modified_guts": mg,
    }
    return Preview(True, chances=outcome_chances(mg), details=details)
