"""Shooting in thirds (rules: Outbreak, Shooting in thirds).

A gun fires up to three times a move, one shot for each third of the zombies' move. Each shot is
one D6 on the shooting table (data): 6 hit and killed in the first third; 4-5 hit in the second
third, roll again, 4-6 destroys it; 2-3 hit in the third third, roll again; 1 jammed, no more
firing this move. Thirds are used up in order: a shot can land no earlier than the third after the
last one used (so after a 6, a second 6 lands in the second third) and the gun has as many shots
left as thirds. The zombie moves its share of its move (one, two or three thirds, less what it has
moved already) toward the shooter [house] before the hit lands, so it can drop at the shooter's
feet; one that reaches him makes the gun a close combat weapon (no more shots; the thirds left are
its blows). The target must be in LOS and range when the shot is fired. A zombie hit but not
destroyed carries on its full move in step 4 [house]. Clearing a jam, instead of firing next move,
takes a 4-6.

Choices [house]: a shooter must have spotted the zombies (be aware); figures see all round (no
arcs in these rules); a zombie that is shot becomes aware of the shooter.

>>> third_chances(0)
{1: 0.16666666666666666, 2: 0.3333333333333333, 3: 0.3333333333333333}
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.core import IllegalCommand
from game.rules.outbreak import acting, movement
from game.rules.outbreak.commands import ClearJam, Fire
from game.rules.outbreak.data import load_data
from game.rules.outbreak.events import DestroyRolled, Fired, JamCleared, Jammed
from game.rules.outbreak.state import Figure, Step
from game.rules.outbreak.world import World
from game.table.wording import in_words


@dataclass(frozen=True)
class FirePlan:
    figure: Figure
    target: Figure
    distance: float
    sight: str


def shot_reason(world: World, f: Figure, tid: str) -> str | None:
    """Why ``f`` may not shoot ``tid`` now (ignoring whose step it is), or None."""
    t = world.state.figures.get(tid)
    if t is None:
        return f"There is no figure {tid!r}."
    if not t.is_zombie:
        return "Only zombies are shot at."
    if not t.on_table:
        return f"{tid} is {t.state} and no longer on the table."
    reason = shooter_reason(world, f)
    if reason:
        return reason
    w = world.data.ranged(f.ranged)
    dist = world.edge_distance(f, t)
    if dist > w.range + 1e-9:
        return f'{tid} is out of range: {dist:.1f}" away, the {w.name} reaches {w.range:g}".'
    sight = world.sight(f, t)
    if sight.state == "blocked":
        return f"{f.id} has no line of sight to {tid}: blocked by {in_words(sight.blocked_by) or 'terrain'}."
    return None


def shooter_reason(world: World, f: Figure) -> str | None:
    """Why ``f`` may not shoot at all now (whatever the target), or None."""
    if not f.ranged:
        return f"{f.id} has no ranged weapon."
    if f.jammed:
        return f"{f.id}'s gun is jammed; clear it (4-6) instead of firing."
    if acting.shots_left(world, f) <= 0:
        return f"{f.id} has no shots left this move (one shot a third of the move, three a move)."
    if not f.aware:
        return f"{f.id} has not spotted the zombies yet."
    if acting.in_combat(world, f):
        return f"{f.id} is in contact with a zombie: the gun is a close combat weapon now."
    return None


def friends_in_line(world: World, f: Figure, t: Figure) -> list[Figure]:
    """The humans whose bases the line of fire from ``f`` to ``t`` crosses. The rules neither refuse nor
    penalise a shot past them [house: the source has no rule for it]; the preview names them so a player
    knows."""
    ax, ay = f.position
    bx, by = t.position
    span = (bx - ax) ** 2 + (by - ay) ** 2 or 1.0
    out = []
    for h in world.state.humans():
        if h.id == f.id or not h.on_table:
            continue
        k = max(0.0, min(1.0, ((h.position[0] - ax) * (bx - ax) + (h.position[1] - ay) * (by - ay)) / span))
        if math.dist(h.position, (ax + k * (bx - ax), ay + k * (by - ay))) < h.radius:
            out.append(h)
    return out


def targets_in_reach(world: World, f: Figure) -> list[Figure]:
    """The zombies ``f`` may shoot now, nearest first: ``shot_reason`` is None for exactly these
    (what concerns the shooter asked once, then range and sight for each zombie in reach)."""
    if shooter_reason(world, f) is not None:
        return []
    zs = world.within(f, world.data.ranged(f.ranged).range, zombies=True)
    return [z for z in zs if world.sight(f, z).state != "blocked"]


def plan(world: World, cmd: Fire) -> FirePlan:
    f = acting.figure(world, cmd.figure)
    if world.state.step != Step.HUMANS:
        raise IllegalCommand("Only a move may answer the first attack.")
    if f.acted not in ("", "fire"):
        raise IllegalCommand(f"{f.id} has already taken his option this step ({f.acted}).")
    reason = shot_reason(world, f, cmd.target)
    if reason:
        raise IllegalCommand(reason)
    t = world.fig(cmd.target)
    return FirePlan(f, t, world.edge_distance(f, t), world.sight(f, t).state)


def share(world: World, z: Figure, third: int) -> float:
    """How far ``z`` has gone by the end of ``third`` (rolling its pace if not yet rolled)."""
    z.aware = True
    return movement.zombie_allowance(world, z) * third / 3


def carry_out(world: World, p: FirePlan) -> None:
    f, t = p.figure, p.target
    data = world.data
    f.acted = "fire"
    shot_no = f.thirds_used + 1
    roll = world.d6(f"{f.id} shoots {t.id}")
    row = data.shot_row(roll)
    if row.third == 0:
        f.jammed = True
        world.explain(f"D6 = {roll}: {row.name}; no more firing this move")
        world.emit(Fired(f.id, t.id, shot_no, roll, 0, "jammed"))
        world.emit(Jammed(f.id))
        return
    third = max(row.third, f.thirds_used + 1)
    f.thirds_used = third
    world.explain(f"D6 = {roll}: {row.name}" + (f" (lands in third {third})" if third != row.third else ""))
    world.emit(Fired(f.id, t.id, shot_no, roll, third, "killed" if row.kills else "hit"))
    movement.advance_share(world, t, f, share(world, t, third))
    if row.kills:
        world.kill(t, f"shot by {f.id}")
        return
    need = int(data.get("shooting", "destroy_on"))
    second = world.d6(f"{f.id} destroys {t.id}?")
    destroyed = second >= need
    world.explain(f"D6 = {second} vs {need}+: {t.id} {'destroyed' if destroyed else 'hit but not destroyed'}")
    world.emit(DestroyRolled(f.id, t.id, second, destroyed))
    if destroyed:
        world.kill(t, f"shot by {f.id}")


def plan_clear(world: World, cmd: ClearJam) -> Figure:
    f = acting.figure(world, cmd.figure)
    if world.state.step != Step.HUMANS:
        raise IllegalCommand("Only a move may answer the first attack.")
    if not f.jammed:
        raise IllegalCommand(f"{f.id}'s gun is not jammed.")
    if f.acted:
        raise IllegalCommand(f"{f.id} has already taken his option this step ({f.acted}).")
    return f


def clear(world: World, f: Figure) -> None:
    f.acted = "clear"
    need = int(world.data.get("shooting", "clear_on"))
    roll = world.d6(f"{f.id} clears the jam")
    f.jammed = roll < need
    world.explain(f"D6 = {roll} vs {need}+: {'cleared' if not f.jammed else 'still jammed'}")
    world.emit(JamCleared(f.id, roll, not f.jammed))


def third_chances(thirds_used: int) -> dict[int, float]:
    """The chance a shot lands in each third (the rest is a jam)."""
    out: dict[int, float] = {}
    for row in load_data().shots:
        if row.third:
            t = max(row.third, thirds_used + 1)
            out[t] = out.get(t, 0.0) + len(row.faces) / 6
    return out


def outcome_chances(world: World, thirds_used: int) -> dict[str, float]:
    """Exact odds of one shot: jammed, destroyed, hit but not destroyed."""
    p_destroy = (7 - int(world.data.get("shooting", "destroy_on"))) / 6
    jam = killed = survive = 0.0
    for row in world.data.shots:
        p = len(row.faces) / 6
        if row.third == 0:
            jam += p
        elif row.kills:
            killed += p
        else:
            killed += p * p_destroy
            survive += p * (1 - p_destroy)
    return {"destroyed": killed, "hit, not destroyed": survive, "jammed": jam}
