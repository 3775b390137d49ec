"""What a command would do, worked out without rolling (for the screen's hints and the bot).

>>> # see tests/test_zk_preview.py for worked examples
"""

from __future__ import annotations

from typing import Any

from game.rules.core import Command, IllegalCommand, Preview
from game.rules.zombiekrieg import fire, move, order
from game.rules.zombiekrieg.commands import EndTurn, Fire, Move, Order
from game.rules.zombiekrieg.geometry import within
from game.rules.zombiekrieg.guts import outcome_chances
from game.rules.zombiekrieg.world import Modifiers, World


def _mods(mods: Modifiers) -> list[dict[str, Any]]:
    return [{"reason": r, "value": v} for r, v in mods]


def preview(world: World, cmd: Command) -> Preview:
    try:
        if isinstance(cmd, Move):
            return _move(world, move.plan(world, cmd))
        if isinstance(cmd, Fire):
            return _fire(world, fire.plan(world, cmd))
        if isinstance(cmd, Order):
            return _order(world, order.plan(world, cmd))
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
    return Preview(True, chances=outcome_chances(mg), details=details)


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


def fire_geometry(world: World, fid: str, tid: str) -> dict[str, Any]:
    """LOS, range and arc of a shot even when it is not legal (for drawing a refused shot)."""
    from game.table import in_front_arc

    f, t = world.state.figures[fid], world.state.figures[tid]
    s = world.table.line_of_sight(f.position, t.position, float(world.data.house("clutter_los_limit")))
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
