"""What a command would do, computed by the rules without rolling (previews with the odds).

Shooting previews are exact: hits, wounds and kills follow the same sequence as the dice (see
:mod:`.odds`); a blast marker's scatter is summed over every face of the scatter die and every 2D6 total.
An add-on's own commands are previewed by its plug-in (:mod:`.hooks`).
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.core import Command, IllegalCommand, Preview
from game.rules.zombie40k import assault, charts, odds, rerolls, shooting, squad_move
from game.rules.zombie40k.attacks import Pool, hit_rerolls, model_saves, wound_need, wound_rerolls
from game.rules.zombie40k.commands import Charge, EndPhase, Move, MoveSquad, Run, Shoot
from game.rules.zombie40k.movement import (
    MovePlan,
    boards_at,
    boards_from,
    difficult_dice,
    move_rerolls,
    plan_move,
    run_dice,
)
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.world import World
from game.table import markers

TWO_D6 = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}


def p_move_at_least(world: World, unit: Any, dice: int, need: float, run: bool = False) -> float:
    """P(a run or difficult-terrain roll - the highest of ``dice`` D6 - is at least ``need``), re-rolled
    where ``movement.move_rerolls`` re-rolls it (Fleet: a run of 3" or less; the Blessing of Chuck Norris),
    as ``movement`` rolls it."""
    first = {v: (v / 6) ** dice - ((v - 1) / 6) ** dice for v in range(1, 7)}
    final = dict(first)
    for ask in move_rerolls(world, unit, run, need):  # each re-roll is a fresh roll of the same dice
        again = sum(p for v, p in final.items() if ask(v))
        final = {v: (0.0 if ask(v) else p) + again * first[v] for v, p in final.items()}
    k = math.ceil(need - 1e-9)
    return sum(p for v, p in final.items() if v >= k)


def p_sum_at_least(need: float, difficult: bool = False) -> float:
    """P(2D6 >= need), or 3D6 drop the highest."""
    k = math.ceil(need - 1e-9)
    if not difficult:
        return sum(p for t, p in TWO_D6.items() if t >= k)
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                if sum(sorted((a, b, c))[:2]) >= k:
                    n += 1
    return n / 216


SCATTER_FACES = 360  # the scatter die's directions, a degree apart, as the preview sums them


def blast_hits(world: World, s: shooting.Shooter, aim: Any, target_unit: str) -> dict[int, float]:
    """The distribution of models of ``target_unit`` under one blast marker, over its scatter [7th].

    Every scattered marker is counted in one call (``Table.counts_in_circles``: the counts
    ``shooting.units_under`` gives marker by marker, at ``shooting.scatter_centre``'s centres), and the
    chances summed as the dice come, so the figures are exactly those of counting marker by marker."""
    r = world.data.house.blast_diameter / 2
    bs = world.profile(s.model).bs
    aim_pt = shooting.blast_aim(world, s, aim)
    mine = [f for f, m in world.state.models.items() if m.unit == target_unit and m.alive]
    dists = sorted({max(0, total - bs) for total in TWO_D6} - {0})
    on = int(world.table.counts_in_circles([aim_pt[0]], [aim_pt[1]], r, mine)[0])
    counts = world.table.counts_in_circles(*markers.scattered(aim_pt, dists, SCATTER_FACES), r, mine).tolist()
    out: dict[int, float] = {on: 2 / 6}
    for total, pt in TWO_D6.items():
        dist = max(0, total - bs)
        share = (1 - 2 / 6) * pt / SCATTER_FACES
        at = dists.index(dist) * SCATTER_FACES if dist else 0
        for h in counts[at : at + SCATTER_FACES] if dist else [on] * SCATTER_FACES:
            out[h] = out.get(h, 0.0) + share
    return out


def shoot_outlook(world: World, p: shooting.FirePlan) -> tuple[odds.Outlook, list[Pool]]:
    """The exact odds of a fire plan, every re-roll the dice would make counted from the same lists."""
    target = p.target
    models = [model_saves(world, world.model(f), p.covers.get(f, 0)) for f in p.order]
    t = world.majority(target, "t")
    pools: list[tuple[Pool, int]] = []
    again: list[odds.Rerolls] = []
    hits_dists: dict[int, dict[int, float]] = {}
    locked = bool(world.state.engaged_with(target.id))

    def add(pool: Pool) -> None:
        pools.append((pool, wound_need(world.data, pool, t)))
        again.append(odds.Rerolls(hit_rerolls(world, p.unit, pool), wound_rerolls(world, p.unit, pool)))

    for pool in p.pools:
        if locked:  # only a 4+ of the hits strikes a unit in close combat
            k = (7 - world.data.house.into_combat_hit) / 6
            h = odds.hit_chance(pool, odds.Rerolls(hit_rerolls(world, p.unit, pool))) * k
            dist = {}
            for n in range(pool.attacks + 1):
                dist[n] = math.comb(pool.attacks, n) * h**n * (1 - h) ** (pool.attacks - n)
            hits_dists[len(pools)] = dist
        add(pool)
    for s in p.shooters:
        w = s.weapon
        if not (w.blast or w.template):
            continue
        if w.blast:  # (a marker before a template, as the dice take them)
            hits_dists[len(pools)] = blast_hits(world, s, p.aim, target.id)
        else:
            pts = shooting.template_points(world, s.model, world.model(s.aim_at).position)
            n = sum(1 for f in world.table.figures_in_polygon(pts) if world.model(f).unit == target.id)
            hits_dists[len(pools)] = {n: 1.0}
        add(shooting.graviton_on(world, shooting.marker_pool(world, p.unit, s, 0, not w.blast), target))
    return odds.outlook(pools, models, hits_dists, again), [x for x, _ in pools]


def preview(world: World, cmd: Command) -> Preview:
    """What ``cmd`` would do now, or why it is refused (the same reason :meth:`apply` would give)."""
    try:
        world.hooks.before_command(world, cmd)  # (a power-up choice owed comes first)
        own = world.hooks.owner(cmd)
        if own is not None:
            return own.preview(world, cmd)
        if isinstance(cmd, (Move, Run)):
            return _move_preview(world, plan_move(world, cmd))
        if isinstance(cmd, MoveSquad):
            return _squad_preview(world, cmd)
        if isinstance(cmd, Shoot):
            return fire_preview(world, shooting.check_shoot(world, cmd))
        if isinstance(cmd, Charge):
            unit, target, dist = assault.plan_charge(world, cmd)
            difficult = assault.through_difficult(world, unit, target)
            p = p_sum_at_least(dist - world.hooks.move_bonus(world, unit), difficult)
            p = rerolls.p_whole(p, len(assault.charge_rerolls(world, unit, difficult)))  # Fleet, the Blessing
            return Preview(
                True,
                chances={"charge succeeds": round(p, 6)},
                details={"distance": round(dist, 3), "difficult_terrain": difficult},
            )
        if isinstance(cmd, EndPhase):
            if (
                world.state.phase not in (Phase.MOVEMENT, Phase.PSYCHIC, Phase.SHOOTING, Phase.ASSAULT)
                or world.state.active_player is None
            ):
                raise IllegalCommand("No player phase is waiting to end.")
            return Preview(True)
        world.hooks.refuse_absent(cmd)
        raise AssertionError("unreachable")  # pragma: no cover
    except IllegalCommand as exc:
        return Preview(False, exc.reason)


def _squad_preview(world: World, cmd: MoveSquad) -> Preview:
    """Where each model of a squad's move (or run) would stand, who stays and why (:mod:`.squad_move`), and the
    chance the squad's difficult-terrain (or run) roll lets every model go the whole way."""
    steps = squad_move.walk(world, cmd)
    if all(s.reason for s in steps):
        return Preview(False, squad_move.refusal(steps, cmd.run))
    unit = world.state.units[cmd.unit]
    through = squad_move.through_difficult(world, cmd.unit, steps)
    chance = 1.0
    if cmd.run:  # a run ignores difficult terrain; once rolled, the screen cuts each way at the roll
        need = max(s.length for s in steps if not s.reason) - world.hooks.move_bonus(world, unit)
        if unit.run_roll is None:
            dice = run_dice(world, unit)
            chance = p_move_at_least(world, unit, dice, need, run=True)
    elif through:
        # the squad rolls before its first model moves and the roll caps every model [7th]
        need = max(s.length for s in steps if not s.reason) - world.hooks.move_bonus(world, unit)
        if unit.difficult_roll is None:
            chance = p_move_at_least(world, unit, difficult_dice(world, unit), need)
        else:
            chance = 1.0 if unit.difficult_roll >= need - 1e-9 else 0.0
    details: dict[str, Any] = {
        "steps": [{"figure": s.figure, "end": list(s.end), "reason": s.reason} for s in steps],
        "moving": sum(1 for s in steps if not s.reason),
        "run": cmd.run,
        "through_difficult": through and not cmd.run,
        "crossing": [s.figure for s in steps if not s.reason and s.difficult],  # whose way makes the squad roll
        "boards": [s.figure for s in steps if not s.reason and boards_at(world, world.model(s.figure), s.end)],
    }
    return Preview(True, chances={"whole move": round(chance, 6)}, details=details)


def _move_preview(world: World, mp: MovePlan) -> Preview:
    """A move's (or run's) path and the chance its roll lets it go the whole way."""
    details: dict[str, Any] = {
        "path": [list(pt) for pt in mp.check.points],
        "length": round(mp.check.length, 3),
        "enters_difficult_terrain": mp.check.enters_clutter,
        "boards": boards_at(world, mp.model, mp.check.points[-1]),  # (the move's end: the vehicle won)
    }
    bonus = world.hooks.move_bonus(world, mp.unit)  # (the Speed Pack)
    chance = 1.0
    if mp.run and mp.unit.run_roll is None:
        dice = run_dice(world, mp.unit)
        details["run_dice"] = dice  # the squad's run is rolled with its first runner's move
        chance = p_move_at_least(world, mp.unit, dice, mp.check.length - bonus, run=True)
        if details["boards"]:  # a run short of the pointer may still end within reach of the vehicle
            details["boards_from"] = boards_from(world, mp.model, mp.check.points)
    if (mp.check.enters_clutter or world.hooks.moves_as_difficult(world, mp.unit)) and not mp.run:
        if mp.unit.difficult_roll is None:
            chance = p_move_at_least(world, mp.unit, difficult_dice(world, mp.unit), mp.check.length - bonus)
        else:
            chance = 1.0 if mp.unit.difficult_roll + bonus >= mp.check.length - 1e-9 else 0.0
    return Preview(True, chances={"whole move": round(chance, 6)}, details=details)


def saved_against(fp: shooting.FirePlan) -> set[tuple[int, bool]]:
    """The AP of the shots that allow a save, each with whether cover counts against it (a template: not);
    the power-up Shotgun's hits at zombies allow none [seed] and are left out."""
    out = {(pool.ap, not pool.ignores_cover) for pool in fp.pools if not pool.direct}
    return out | {(s.weapon.ap, not s.weapon.template) for s in fp.shooters if s.weapon.blast or s.weapon.template}


def target_saves(world: World, fp: shooting.FirePlan) -> list[tuple[int, str]]:
    """The save each target model takes (armour, invulnerable or cover) in the order wounds reach them, with
    its kind ("" for armour), (0, "") where he takes none: against the shots' one AP when they share it (AP 2
    beats a 5+ armour [7th]); the best before AP when their APs differ; none when no shot allows a save. The
    wounds the plate counts are rolled before these saves."""
    against = saved_against(fp)
    out = []
    for fid in fp.order:
        s = model_saves(world, world.model(fid), fp.covers.get(fid, 0))
        if len(against) == 1:
            ((ap, cover_ok),) = against
            v, k = charts.save_taken(s.sv, ap, s.inv, s.cover if cover_ok else 0)
            out.append((v, "" if k == "armour" else k))
        elif against:
            kinds = [(v, k) for v, k in ((s.sv, ""), (s.inv, "invulnerable"), (s.cover, "cover")) if v]
            out.append(min(kinds, default=(0, "")))
        else:
            out.append((0, ""))
    return out


def cover_sources(world: World, fp: shooting.FirePlan) -> dict[str, str]:
    """What gives each target model in cover its cover save (:func:`.shooting.cover_from`): ``in the Shrine of
    the Lost``, ``behind a ruin``; the models in the open are left out."""
    firing = [s.model for s in fp.shooters]
    return {
        f: shooting.cover_from(world, firing, world.model(f), fp.target) for f, save in fp.covers.items() if save
    }


def held_details(world: World, fp: shooting.FirePlan) -> list[dict[str, Any]]:
    """The squad's models who do not fire, each with why (:class:`.shooting.Held`): the weapon by its name
    and range, what blocks the sight as the table names it."""
    out = []
    for h in fp.held:
        w = world.data.weapon(h.weapon) if h.weapon else None
        out.append(
            {
                "figure": h.model,
                "why": h.why,
                "weapon": w.name if w else "",
                "range": w.range if w else 0.0,
                "blast": bool(w and w.blast),
                "blocked_by": h.blocked_by,
            }
        )
    return out


def fire_preview(world: Any, fp: Any) -> Preview:
    """A shooting's (or a thrown grenade's) expected hits, wounds and kills with their odds; how many of
    the squad's models fire, and why the others do not."""
    out, _ = shoot_outlook(world, fp)
    saves = target_saves(world, fp)
    details = {
        **out.as_dict(),
        "expected_ap2_wounds": round(out.ap2_wounds, 6),
        "shooters": [s.model.id for s in fp.shooters],
        "models": len(fp.shooters) + len(fp.held),  # the models asked: those who fire and those held
        "held": held_details(world, fp),
        "weapons": sorted({s.weapon.name for s in fp.shooters}),
        # who fires a Gets Hot weapon, and which: each 1 to hit may wound him [7th] (the plate warns)
        "gets_hot": [[s.model.id, s.weapon.name] for s in fp.shooters if "Gets Hot" in s.weapon.rules],
        "snap_shots": any(s.snap for s in fp.shooters),
        "covers": dict(fp.covers),
        "cover_from": cover_sources(world, fp),
        "cover_ignored": all(s.weapon.template for s in fp.shooters),  # a flame template: no cover
        "no_save": not saved_against(fp),  # no shot allows a save, cover or not (the power-up Shotgun at zombies)
        "kills_distribution": [round(x, 6) for x in out.kills_dist],
        "saves": [v for v, _ in saves],
        "save_kinds": [k for _, k in saves],
        # the target's models the wounds may go to (in range and sight of a firer): wounds past them are lost
        # [7th]; none counted where a blast or a template says who is hit
        "within_reach": None if any(s.weapon.blast or s.weapon.template for s in fp.shooters) else len(fp.order),
    }
    return Preview(
        True,
        chances={"at least one kill": round(out.p_any_kill, 6), "wipe out": round(out.p_wipe, 6)},
        details=details,
    )
