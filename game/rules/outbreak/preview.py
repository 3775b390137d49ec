"""What a command would do, worked out without rolling (previews with exact odds).

- Move: the movement roll's odds (frozen / 6" / 8" while a zombie is within 8"), and the legal
  path at each allowance (points, where it is blocked, clutter crossed).
- Fire: the odds of the shot (destroyed / hit, not destroyed / jammed), the chance of each third,
  and where the zombie will be after each third (at 6" and at 8").
- Spot: the band and the chance; ClearJam: the chance to clear.
"""

from __future__ import annotations

from typing import Any

from game.rules.core import Command, IllegalCommand, Preview
from game.rules.outbreak import acting, movement, shooting, spotting
from game.rules.outbreak.commands import ClearJam, EndStep, Fire, Move, Spot
from game.rules.outbreak.state import Step
from game.rules.outbreak.world import World
from game.table import truncate_path


def preview(world: World, cmd: Command) -> Preview:
    try:
        if isinstance(cmd, Move):
            return _move(world, cmd)
        if isinstance(cmd, Fire):
            return _fire(world, cmd)
        if isinstance(cmd, Spot):
            return _spot(world, cmd)
        if isinstance(cmd, ClearJam):
            shooting.plan_clear(world, cmd)
            need = int(world.data.get("shooting", "clear_on"))
            return Preview(True, chances={"cleared": spotting.chance(need)}, details={"need": need})
        if isinstance(cmd, EndStep):
            if world.state.step not in (Step.HUMANS, Step.REACTION):
                raise IllegalCommand("It is not the humans' step.")
            return Preview(True)
    except IllegalCommand as exc:
        return Preview(False, exc.reason)
    return Preview(False, f"Zombie Rules (Outbreak) has no command {type(cmd).__name__}.")


def _move(world: World, cmd: Move) -> Preview:
    p = movement.plan(world, cmd)
    f = p.figure
    chances = movement.allowance_chances(world, f)
    details: dict[str, Any] = {"paths": {}}
    if len(p.points) >= 2:
        for inches in sorted({world.num("movement", "human_move"), world.num("movement", "human_rush")}):
            c = movement.way(world, f, p.points, inches)
            details["paths"][f'{inches:g}"'] = {
                "points": list(c.points),
                "length": movement.walked(c),
                "blocked_at": c.blocked_at,
                "blocked_by": c.blocked_by,
                "clutter": round(c.clutter_length, 3),
            }
    # a move that closes in to fight is no run, and nobody runs after it: judged on the way he walks (his 6"),
    # as the rules judge the walk made, not the way to the pointer (the plate said both "a run" and "not a run")
    walk = details["paths"].get(f'{world.num("movement", "human_move"):g}"')
    closes_on = movement.closing_on(world, tuple(tuple(q) for q in walk["points"])) if walk is not None else None
    runs = walk is not None and closes_on is None
    details["runs"] = runs
    details["followers"] = [g.id for g in p.followers] if runs else []
    if p.followers and closes_on is not None:  # (named: the zombie may be one the player had not looked at)
        details["nobody_follows"] = (
            f"closes in on {closes_on} (ends nearer it than he starts): not a run, so nobody follows"
        )
    details["roll_needed"] = movement.zombie_near(world, f)
    if details["paths"]:
        details["exits"] = _exits(world, p, details["paths"], details["followers"])
    return Preview(True, chances=chances, details=details)


def _exits(world: World, p: movement.MovePlan, paths: dict[str, Any], followers: list[str]) -> dict[str, Any]:
    """Who this move takes off the table: the runner at each allowance, and the followers who reach the
    exit at their 6" (each rolls his own); ``stays`` when the runner ends in an exit he may not leave by."""
    st = world.state
    f = p.figure
    leader = {k: movement.leaves_at(world, f, tuple(v["points"][-1])) for k, v in paths.items()}
    walk = f'{world.num("movement", "human_move"):g}"'
    end = tuple(paths.get(walk, list(paths.values())[-1])["points"][-1])
    in_zone = world.exit_under(end, f.radius) is not None
    out_before = st.escaped if st.objective == "escape" else st.rescued
    led: list[str] = []
    for gid in followers:
        g = world.state.figures[gid]
        route = movement.follow_route(world, g, end, f.id)
        c = movement.way(world, g, route, world.num("movement", "human_move"))
        if in_zone and movement.leaves_at(world, g, c.end):
            led.append(gid)
    return {
        "leader": leader,
        "stays": in_zone and not leader.get(walk, False),
        # toward the objective: the runner in an escape, the bystanders led out in a rescue (one led out in an
        # escape is rescued, and counts for nothing there)
        "out": out_before + (int(leader.get(walk, False)) if st.objective == "escape" else len(led)),
        "needed": st.exit_count,
        "objective": st.objective,
        "led": led,
    }


def _fire(world: World, cmd: Fire) -> Preview:
    p = shooting.plan(world, cmd)
    f, t = p.figure, p.target
    chances = shooting.outcome_chances(world, f.thirds_used)
    thirds = shooting.third_chances(f.thirds_used)
    advance: dict[str, dict[int, tuple[float, float]]] = {}
    route = world.table.find_path(t.position, f.position, t.radius) or [t.position]
    paces = (world.num("movement", "zombie_move"), world.num("movement", "zombie_rush"))
    for inches in (t.allowance,) if t.allowance > 0 else paces:
        whole = inches  # a zombie under fire goes for the shooter at its hunting pace, aware or not
        at = {}
        for third in (1, 2, 3):
            upto = max(0.0, whole * third / 3 - t.moved_inches)
            c = world.table.check_path(truncate_path(route, upto), t.radius, mover=t.id)
            at[third] = c.end
        advance[f'{inches:g}"'] = at
    details = {
        "distance": round(p.distance, 3),
        "range": world.data.ranged(f.ranged).range,
        "sight": p.sight,
        "shot": f.thirds_used + 1,
        "shots_left": acting.shots_left(world, f),
        "third_chances": thirds,
        "zombie_after_third": advance,
        "friends_in_line": [h.id for h in shooting.friends_in_line(world, f, t)],
    }
    return Preview(True, chances=chances, details=details)


def _spot(world: World, cmd: Spot) -> Preview:
    f, z = plan_spot(world, cmd)
    if z is None:
        return Preview(True, chances={"spotted": 0.0}, details={"target": None})
    dist = world.edge_distance(f, z)
    band = world.data.spot_band(dist)
    return Preview(
        True,
        chances={"spotted": spotting.chance(band.need)},
        details={"target": z.id, "distance": round(dist, 3), "band": band.name, "need": band.need},
    )


def plan_spot(world: World, cmd: Spot):  # type: ignore[no-untyped-def]
    f = acting.figure(world, cmd.figure)
    if world.state.step != Step.HUMANS:
        raise IllegalCommand("Only a move may answer the first attack.")
    if f.acted:
        raise IllegalCommand(f"{f.id} has already taken his option this step ({f.acted}).")
    if f.aware:
        raise IllegalCommand(f"{f.id} has already spotted the zombies.")
    return f, spotting.spot_target(world, f)
