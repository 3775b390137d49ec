"""Shooting [7th, seed]: every model of the squad that sees a model of the target unit and has it in range
fires one ranged weapon. To hit by BS (Snap Shots on a 6), to wound S against T, one save (armour unless the
AP beats it, invulnerable, or cover: 5+ obscured or in clutter, 4+ in or behind ruins; sight and cover through
area terrain in :mod:`.sight`), Feel No Pain, Instant Death; wounds on the closest models first. Rapid Fire:
two shots at half range. Heavy: Snap Shots after moving. Pistol: one shot. Blast: a 3" marker that scatters
2D6 minus BS (none on a hit), hitting every model partly under it. Template: every model partly under the 8"
flame template is hit, no cover.

Players never shoot another player unless that player is within 8" of the escape vehicle or has shot at
them [seed]; a hit on a unit in close combat strikes it on 4+, else an enemy it fights [seed "randomise",
house how]; blasts and templates hit as they land. A squad that loses a quarter of its models to one volley
tests Morale [7th].

Firing from the escape vehicle (Coop Mode, where the game goes on once a model embarks): "Players embarked on
the Escape Vehicle may fire from its Access Points as if they were Firing Points" [seed]. A model embarks
anywhere along the vehicle's hull, so the whole hull is its access points [house]: every model aboard fires
with the usual rules, range and sight measured from the point of the hull nearest the target model [7th: from
the Fire Point], and the vehicle itself gives no cover or blocks no sight [house].

A Shoot reads here, start to end (:func:`check_shoot`, :func:`shoot`); the add-ons answer through
``world.hooks`` (:mod:`.hooks`): who may not fire at whom, extra shots, a power-up's own pool.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from game.rules.core import DiceRolled, IllegalCommand
from game.rules.zombie40k import attacks, charts, morale
from game.rules.zombie40k import sight as sights
from game.rules.zombie40k.attacks import Pool
from game.rules.zombie40k.commands import Shoot
from game.rules.zombie40k.data import Weapon
from game.rules.zombie40k.events import BlastPlaced, ShotsFired
from game.rules.zombie40k.movement import fall_back
from game.rules.zombie40k.state import ALIVE, DEAD, EMBARKED, PLAYERS, ZOMBIES, Model, Phase, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point, Terrain
from game.table.wording import in_words, terrain_words


@dataclass(frozen=True)
class Shooter:
    model: Model
    weapon: Weapon
    shots: int
    snap: bool
    aim_at: str  # the target model the shot (or marker, or template) goes at


@dataclass(frozen=True)
class Held:
    """A model of the firing squad who does not fire, and why (the preview says it, the view words it).

    ``why``: "fired" (already, this phase), "ran", "locked" (in close combat), "no_gun" (no ranged weapon),
    "out_of_range" (no target model within his longest-ranged ``weapon``), "no_sight" (every target model in
    range is behind ``blocked_by``, as the table names it: the one nearest him), "snap_blast" (his only
    ``weapon`` in range is a blast or a template, and he may fire only Snap Shots)."""

    model: str
    why: str
    weapon: str = ""  # a weapon key
    blocked_by: str = ""


@dataclass
class FirePlan:
    unit: Unit
    target: Unit
    shooters: list[Shooter]
    order: list[str]  # the target's models in allocation order (closest first)
    covers: dict[str, int]
    overwatch: bool = False
    aim: Point | None = None
    pools: list[Pool] = field(default_factory=list)
    held: list[Held] = field(default_factory=list)  # the models asked who do not fire, and why


def check_fire(
    world: World, unit_id: str, target_id: str, verb: str, from_vehicle: bool = False
) -> tuple[Unit, Unit]:
    """The active squad and the unit it fires at, for a Shoot or a thrown grenade (``verb`` "shoot", "throw
    grenades"), or IllegalCommand with the reason (rules: Player turn: Shooting; Mods: Coop Mode, Every
    Man For Himself). ``from_vehicle``: a squad locked in close combat may still fire with its models aboard
    the escape vehicle (Coop Mode), who are in no combat."""
    st = world.state
    unit = st.units.get(unit_id)
    if unit is None or unit.side != PLAYERS or unit.player != st.active_player:
        raise IllegalCommand(f"{unit_id!r} is not the squad of the player whose turn it is.")
    target = st.units.get(target_id)
    if target is None or not world.alive(target):
        raise IllegalCommand(f"There is no unit {target_id!r} on the table.")
    if target.id == unit.id:
        raise IllegalCommand(f"A squad does not {verb} at itself.")
    refused = world.hooks.attack_refused(world, unit, target) or world.hooks.frozen(world, unit)
    if refused:
        raise IllegalCommand(refused)
    if st.locked(unit.id) and not (from_vehicle and world.aboard(unit)):
        raise IllegalCommand(f"{unit.name} is locked in close combat and cannot {verb}.")
    reason = pvp_reason(world, unit, target)
    if reason:
        raise IllegalCommand(
            'You may never shoot at another player unless they are within 8" of the escape vehicle '
            f"or have shot at you: {reason}"
        )
    if unit.ran_turn == st.turn and not world.unit_has(unit, "Battle Focus"):
        raise IllegalCommand(f"{unit.name} ran this turn instead of shooting.")
    return unit, target


def shot_spent(world: World, m: Model) -> bool:
    """Whether model ``m`` has no shot left this shooting phase, whatever is in range: he fired, or his squad
    ran instead of shooting, or it has shot and has no second target left (Split Fire)."""
    unit = world.state.units[m.unit]
    focus = world.unit_has(unit, "Battle Focus")
    if m.fired or (m.ran or unit.ran_turn == world.state.turn) and not focus:
        return True
    return bool(unit.targets_shot) and (not world.unit_has(unit, "Split Fire") or len(unit.targets_shot) >= 2)


def check_shoot(world: World, cmd: Shoot) -> FirePlan:
    """Validate a Shoot without rolling; the fire plan or IllegalCommand with the reason."""
    st = world.state
    if st.phase != Phase.SHOOTING:
        raise IllegalCommand(f"Shooting is for the shooting phase; it is the {st.phase.value} phase.")
    unit, target = check_fire(world, cmd.unit, cmd.target, "shoot", from_vehicle=True)
    refused = world.hooks.shot_refused(world, unit, target)  # (a grenade thrown at another unit)
    if refused:
        raise IllegalCommand(refused)
    if unit.targets_shot:
        if not world.unit_has(unit, "Split Fire"):
            raise IllegalCommand(f"{unit.name} has already shot this phase.")
        if len(unit.targets_shot) >= 2 or target.id in unit.targets_shot:
            raise IllegalCommand("Split Fire allows one second target, once.")
    return plan(world, unit, target, cmd.models, aim=cmd.aim)


def shoot(world: World, cmd: Shoot) -> None:
    """Carry out a Shoot: check it, then fire."""
    fire(world, check_shoot(world, cmd))


def fire(world: World, p: FirePlan) -> None:
    """Roll a checked Shoot, note the target, then the target's Morale."""
    carry_out(world, p)
    p.unit.targets_shot.append(p.target.id)
    after_fire(world, p)


def after_fire(world: World, p: FirePlan) -> None:
    """A squad's fire is over (a Shoot, a thrown grenade): it has shot this turn; a player squad hit hard
    tests Morale."""
    p.unit.shot_turn = world.state.turn
    if p.target.side == PLAYERS:
        after_shooting(world, p.target)


def after_shooting(world: World, unit: Unit) -> None:
    """25% of the phase's models lost to shooting: test, and fall back on a failure [7th]."""
    if not world.alive(unit) or world.state.locked(unit.id) or unit.falling_back:
        return
    start = unit.phase_start_models
    if start and unit.phase_losses * 4 >= start and unit.phase_losses > 0:
        unit.phase_losses = 0  # one test for this volley
        unit.phase_start_models = len(world.alive(unit))
        if not morale.test(world, unit, 0, "25% casualties from shooting"):
            fall_back(world, unit)


def pvp_reason(world: World, unit: Unit, target: Unit) -> str | None:
    """Why ``unit`` may not shoot (or assault) the player squad ``target`` now [seed], else None."""
    if target.side != PLAYERS or unit.side != PLAYERS:
        return None
    reach = world.data.house.vehicle_pvp_range
    if world.unit_vehicle_distance(target) <= reach + 1e-9:
        return None
    if unit.player in world.state.shot_at.get(str(target.player), []):
        return None
    return f'{target.name} is not within {reach:g}" of the escape vehicle and has not shot at you.'


def fire_point(world: World, m: Model, at: Point) -> Point:
    """Where ``m``'s shots at ``at`` start: its base, or aboard the escape vehicle the hull point nearest."""
    return world.vehicle_point(at) if m.state == EMBARKED else m.position


def reach(world: World, m: Model, t: Model) -> float:
    """The range from a firer to a target model: base to base, or from its fire point aboard the vehicle."""
    if m.state == EMBARKED:
        return max(0.0, math.dist(world.vehicle_point(t.position), t.position) - t.radius)
    return world.edge(m, t)


def firers(world: World, unit: Unit) -> list[Model]:
    """The squad's models that may fire: those on the table (not while locked in close combat) and those
    aboard the vehicle."""
    return ([] if world.state.locked(unit.id) else world.alive(unit)) + world.aboard(unit)


def _unseen(unit: str, target: str, blocked_by: str | None) -> str:
    """Why no model of ``unit`` may shoot at ``target``: the nearest sight line in range and what blocks it
    (``blocked_by`` as the table says it), or none in range at all.

    >>> _unseen("Infantry Squad", "the Zombie Boss", "building 3 'Sealed bastion'")
    'No model of Infantry Squad can see the Zombie Boss: no line of sight: the Sealed bastion is in the way.'
    >>> _unseen("Infantry Squad", "Horde 2", None)
    'No model of Infantry Squad has Horde 2 within range of a weapon.'
    """
    if blocked_by is None:
        return f"No model of {unit} has {target} within range of a weapon."
    return f"No model of {unit} can see {target}: no line of sight: {what_blocks(blocked_by)} is in the way."


def what_blocks(blocked_by: str) -> str:
    """What blocks a sight line (``blocked_by`` as the table says it) in a player's words.

    >>> what_blocks("building 3 'Sealed bastion'"), what_blocks('clutter (2.4" crossed)'), what_blocks("")
    ('the Sealed bastion', 'area terrain (2.4" crossed)', 'terrain')
    """
    what = in_words(blocked_by)
    if what.startswith("clutter ("):  # (the house reading: too much area terrain crossed)
        what = "area terrain " + what[len("clutter ") :]
    return what or "terrain"


def cover_bonus(world: World, target: Unit) -> int:
    """Shrouded +2 and Stealth +1 to a unit's cover saves (the same for each of its models)."""
    return (2 if world.unit_has(target, "Shrouded") else 0) + (1 if world.unit_has(target, "Stealth") else 0)


def cover_of(world: World, shooter_models: list[Model], m: Model, target: Unit, bonus: int | None = None) -> int:
    """The cover save of a target model: 4+ inside ruins or behind one from the nearest firer (:mod:`.sight`:
    the house reading gives behind a ruin only the obscured 5+), 5+ in clutter or obscured; Shrouded +2 and
    Stealth +1 (or 5+ / 6+ in the open) [7th]. ``bonus``: :func:`cover_bonus`, when the caller has it for
    the whole unit."""
    d = world.data
    kinds = {t.kind for t in world.table.clutter_at(m.position)}  # what the target stands in
    if shooter_models:
        near = min(shooter_models, key=lambda s: reach(world, s, m))
        kinds |= sights.in_the_way(world, fire_point(world, near, m.position), m.position)
    cover = d.house.cover_ruin if "ruin" in kinds else d.house.cover_obscured if kinds else 0
    if bonus is None:
        bonus = cover_bonus(world, target)
    if bonus:
        cover = max(2, (cover or 7) - bonus)
    return cover


def cover_from(world: World, shooter_models: list[Model], m: Model, target: Unit) -> str:
    """What gives a target model the cover :func:`cover_of` finds, in a player's words: ``in the Shrine of the
    Lost``, ``behind a ruin``, ``in difficult ground``, ``obscured`` (the house reading), ``Shrouded`` (in the
    open); "" for none. A ruin before other area terrain, standing in before behind, as the save is counted."""
    found: list[tuple[Terrain, str]] = [(t, "in") for t in world.table.clutter_at(m.position)]
    obscured = False
    if shooter_models:
        near = min(shooter_models, key=lambda s: reach(world, s, m))
        firer = fire_point(world, near, m.position)
        found += [(t, "behind") for t in sights.pieces_in_the_way(world, firer, m.position)]
        obscured = bool(sights.in_the_way(world, firer, m.position))  # (the house reading names no piece)
    if found:
        piece, where = min(found, key=lambda tw: (tw[0].kind != "ruin", tw[1] != "in"))
        name = (piece.name or "").strip()
        what = terrain_words(piece.kind, name) if name or piece.kind != "clutter" else "difficult ground"
        return f"{where} {what}"
    if obscured:
        return "obscured"
    skills = [s for s in ("Shrouded", "Stealth") if world.unit_has(target, s)]
    return " and ".join(skills)


def _ranged(world: World, m: Model) -> list[Weapon]:
    ws = [world.data.weapon(w) for w in m.weapons if world.data.weapon(w).ranged]
    # an add-on's weapon first (a power-up Shotgun: at zombies it never misses much), a gun before a pistol
    first = world.hooks.weapons_first
    return sorted(ws, key=lambda w: (w.key not in first, w.type == "pistol"))


def choose_weapon(
    world: World, m: Model, unit: Unit, visible: list[tuple[float, Model]], snap_all: bool
) -> tuple[Weapon, int, bool, Model] | None:
    """The weapon a model fires at the nearest model it sees (``visible`` sorted by distance)."""
    if not visible:
        return None
    moved = unit.moved_turn == world.state.turn
    relentless = world.model_has(m, "Relentless") or world.unit_has(unit, "Slow and Purposeful")
    for w in _ranged(world, m):
        in_range = [(d, t) for d, t in visible if d <= w.range + 1e-9]
        if not in_range:
            continue
        d, t = in_range[0]
        snap = snap_all or (w.type == "heavy" and moved and not relentless)
        if snap and (w.blast or w.template):
            continue  # blasts and templates cannot fire Snap Shots [7th]
        shots = w.shots
        if w.type == "rapid_fire":
            shots = 2 if d <= w.range / 2 + 1e-9 else 1
        shots += world.hooks.extra_shots(world, m)  # (Duct Tape)
        return w, shots, snap, t
    return None


def _sights(
    world: World, m: Model, targets: list[Model], longest: float
) -> tuple[list[tuple[float, Model]], tuple[float, str] | None]:
    """The target models ``m`` sees within ``longest``, nearest first, and the nearest one in that range he
    cannot see, with what blocks it (None when none is hidden). Each firer looks from his own base (or his
    fire point aboard the vehicle); figures never block sight."""
    visible = []
    blocked: tuple[float, str] | None = None
    for t in targets:
        d = reach(world, m, t)
        if d > longest + 1e-9:
            continue
        seen_line = sights.line(world, fire_point(world, m, t.position), t.position)
        if seen_line.state != "blocked":
            visible.append((d, t))
        elif blocked is None or d < blocked[0]:
            blocked = (d, seen_line.blocked_by)
    visible.sort(key=lambda x: (x[0], x[1].id))
    return visible, blocked


def _held(
    m: Model, guns: list[Weapon], visible: list[tuple[float, Model]], blocked: tuple[float, str] | None
) -> Held:
    """Why ``m``, with a ranged weapon, has no shot at the target (:func:`choose_weapon` found none)."""
    if visible:  # in range and in sight, but only of a marker or a template he may not fire as Snap Shots
        near = visible[0][0]
        marker = next((w for w in guns if (w.blast or w.template) and near <= w.range + 1e-9), guns[0])
        return Held(m.id, "snap_blast", marker.key)
    if blocked is not None:
        return Held(m.id, "no_sight", blocked_by=blocked[1] or "")
    return Held(m.id, "out_of_range", max(guns, key=lambda w: w.range).key)


def plan(
    world: World,
    unit: Unit,
    target: Unit,
    models: tuple[str, ...] = (),
    overwatch: bool = False,
    aim: Point | None = None,
) -> FirePlan:
    """Who fires what at ``target``; IllegalCommand if nobody can."""
    st = world.state
    targets = world.alive(target)
    if not targets:
        raise IllegalCommand(f"{target.name} has no model on the table.")
    pool_models = [world.model(f) for f in models] if models else firers(world, unit)
    for m in pool_models:
        if m.unit != unit.id or m.state not in (ALIVE, EMBARKED):
            raise IllegalCommand(f"{m.id} is not a living model of {unit.name}.")
        if m.alive and st.locked(unit.id) and not overwatch:
            raise IllegalCommand(f"{m.id} is locked in close combat and cannot shoot.")
    snap_all = overwatch or unit.falling_back or unit.regrouped_turn == st.turn
    shooters: list[Shooter] = []
    # the models on the table when the squad, locked in close combat, fires only from the vehicle
    held = [Held(m.id, "locked") for m in world.alive(unit)] if not models and st.locked(unit.id) else []
    seen: set[str] = set()
    walled: tuple[float, str] | None = None  # the nearest target in range out of sight, and what blocks it
    for m in pool_models:
        if m.fired or m.ran and not world.unit_has(unit, "Battle Focus"):
            held.append(Held(m.id, "fired" if m.fired else "ran"))
            continue
        guns = _ranged(world, m)
        longest = max((w.range for w in guns), default=0.0)
        if longest <= 0:
            held.append(Held(m.id, "no_gun"))
            continue
        visible, blocked = _sights(world, m, targets, longest)
        if blocked is not None and (walled is None or blocked[0] < walled[0]):
            walled = blocked
        choice = choose_weapon(world, m, unit, visible, snap_all)
        if choice is None:
            held.append(_held(m, guns, visible, blocked))
            continue
        w, shots, snap, t = choice
        shooters.append(Shooter(m, w, shots, snap, t.id))
        seen.update(t.id for d, t in visible if d <= w.range + 1e-9)
    if not shooters:
        raise IllegalCommand(_unseen(unit.name, target.name, walled[1] if walled else None))
    firing = [s.model for s in shooters]
    order = sorted(seen, key=lambda f: (min(reach(world, s, world.model(f)) for s in firing), f))
    bonus = cover_bonus(world, target)
    covers = {f: cover_of(world, firing, world.model(f), target, bonus) for f in order}
    p = FirePlan(unit, target, shooters, order, covers, overwatch, aim, held=held)
    p.pools = pools(world, p)
    return p


def _rerolls(world: World, unit: Unit) -> str:
    return "ones" if world.unit_has(unit, "Preferred Enemy") else ""


def pools(world: World, p: FirePlan) -> list[Pool]:
    """The shooters' ordinary (not blast, not template) shots, grouped as they are rolled."""
    groups: dict[tuple, list[Shooter]] = {}
    for s in p.shooters:
        if s.weapon.blast or s.weapon.template:
            continue
        bs = (
            1
            if s.model.unit and world.unit(s.model.unit).blinded_until >= world.state.turn
            else world.profile(s.model).bs
        )
        groups.setdefault((s.weapon.key, bs, s.snap, world.profile(s.model).s), []).append(s)
    out = []
    pe = _rerolls(world, p.unit)
    for (wkey, bs, snap, user_s), ss in groups.items():
        w = world.data.weapon(wkey)
        pool = Pool(
            label=w.name,
            attacks=sum(s.shots for s in ss),
            need_hit=charts.to_hit_ranged(world.data, bs, snap),
            s=w.strength(user_s),
            ap=w.ap,
            reroll_hit="fail" if "Twin-linked" in w.rules else pe,  # Twin-linked: every miss again [7th]
            reroll_wound=pe,
            six_ap2="Bladestorm" in w.rules,
            six_wounds="Gauss" in w.rules,
            gets_hot="Gets Hot" in w.rules,
            rending="Rending" in w.rules or "Sniper" in w.rules,  # a Rending gun (assault cannon); Sniper [7th]
            poison=4 if "Sniper" in w.rules else 0,  # Sniper: wounds on 4+ whatever the Toughness [7th]
            # Graviton: wounds on the armour save most of the target's models have [7th; house: the majority]
            graviton=attacks.graviton_need(world.majority(p.target, "sv")) if "Graviton" in w.rules else 0,
            shooters=tuple(s.model.id for s in ss),
            weapon=wkey,
        )
        out.append(world.hooks.shot_pool(world, pool, p.target))  # (the power-up Shotgun's own to-hit)
    return out


def carry_out(world: World, p: FirePlan) -> None:
    """Roll the shooting: ordinary shots (randomised into a close combat), then each marker and template."""
    st = world.state
    unit, target = p.unit, p.target
    world.emit(
        ShotsFired(
            unit.id, target.id, tuple(s.model.id for s in p.shooters), any(s.snap for s in p.shooters), p.overwatch
        )
    )
    for s in p.shooters:
        s.model.fired = True
    if unit.side == PLAYERS and target.side == PLAYERS:
        lst = st.shot_at.setdefault(str(unit.player), [])
        if target.player not in lst:
            lst.append(target.player)
    cause = f"{unit.id} shooting"
    for pool in p.pools:
        hits, first = attacks.roll_hits(world, unit, target, pool)
        if pool.gets_hot:
            attacks.gets_hot(world, pool, first)
        split = _into_combat(world, unit, target, hits)
        for victim, n in split:
            if n <= 0 or not world.alive(victim):
                continue
            if victim is target:
                order, covers = p.order, p.covers
            else:
                firing = [s.model for s in p.shooters]
                order = sorted(
                    (m.id for m in world.alive(victim)),
                    key=lambda f: min(reach(world, s, world.model(f)) for s in firing),
                )
                bonus = cover_bonus(world, victim)
                covers = {f: cover_of(world, firing, world.model(f), victim, bonus) for f in order}
            if world.hooks.direct(world, pool, victim):
                attacks.direct_wounds(world, unit, victim, pool.label, n, order, cause)
                continue
            struck = graviton_on(world, pool, victim) if victim is not target else pool
            wounds = attacks.roll_wounds(world, unit, victim, struck, n)
            res = attacks.allocate(world, unit, victim, struck, wounds, order, covers, cause)
            if res.unsaved and pool.weapon and "Concussive" in world.data.weapon(pool.weapon).rules:
                victim.concussed_until = world.state.turn + 1  # [7th] Initiative 1 until the end of the next turn
    for s in p.shooters:
        if s.weapon.blast and s.model.state != DEAD:
            blast(world, unit, s, p.aim)
        elif s.weapon.template and s.model.state != DEAD:
            template(world, unit, s)


def graviton_on(world: World, pool: Pool, victim: Unit) -> Pool:
    """``pool`` as it wounds ``victim``: a Graviton weapon wounds on the armour save most of the models it
    strikes have [7th; house: the majority], so hits that go into another unit (into a close combat, under a
    marker) wound on that unit's save, not the target's."""
    weapon = world.data.weapon(pool.weapon) if pool.weapon else None
    if weapon is None or "Graviton" not in weapon.rules:
        return pool
    return replace(pool, graviton=attacks.graviton_need(world.majority(victim, "sv")))


def _into_combat(world: World, unit: Unit, target: Unit, hits: int) -> list[tuple[Unit, int]]:
    """Hits on a unit locked in close combat: each strikes it on 4+, else the nearest enemy unit it fights."""
    others = [world.unit(u) for u in world.state.engaged_with(target.id) if world.alive(u) and u != unit.id]
    if hits <= 0 or not others:
        return [(target, hits)]
    need = world.data.house.into_combat_hit
    faces = world.d6s(hits, f"{unit.id} hits into close combat", "")
    stay = sum(f >= need for f in faces)
    world.events[-1] = DiceRolled(
        f"{unit.id} hits into close combat",
        f"{hits}D6",
        tuple(faces),
        stay,
        f"{need}+ strikes {target.name}: {stay} of {hits}",
    )
    firing = world.alive(unit)
    other = min(others, key=lambda u: (world.unit_edge(u, unit) if firing else 0.0, u.id))
    return [(target, stay), (other, hits - stay)]


def scatter_centre(aim: Point, hit: bool, direction: float, distance: float) -> Point:
    if hit or distance <= 0:
        return aim
    a = math.radians(direction)
    return (aim[0] + distance * math.cos(a), aim[1] + distance * math.sin(a))


def blast_aim(world: World, s: Shooter, aim: Point | None) -> Point:
    return aim if aim is not None else world.model(s.aim_at).position


def units_under(world: World, centre: Point, radius: float) -> dict[str, list[str]]:
    """Models partly under a marker, by unit, nearest the centre first."""
    out: dict[str, list[str]] = {}
    for fid in world.table.figures_in_circle(centre, radius):
        m = world.state.models.get(fid)
        if m is not None and m.alive:
            out.setdefault(m.unit, []).append(fid)
    return out


def blast(world: World, unit: Unit, s: Shooter, aim: Point | None) -> None:
    """Place a 3" marker on the aim, scatter it 2D6 minus BS unless a hit is rolled, hit all under it [7th]."""
    d = world.data
    aim_pt = blast_aim(world, s, aim)
    sc = world.dice.scatter(f"{s.model.id} {s.weapon.name} scatter")
    roll = world.dice.log[-1]
    bs = world.profile(s.model).bs
    dist = 0 if sc.hit else max(0, sc.distance - bs)
    world.emit(
        DiceRolled(
            roll.purpose,
            roll.kind,
            roll.faces,
            dist,
            "scatter: HIT, the marker stays"
            if sc.hit
            else f'scatter {sc.distance} - BS {bs} = {dist}" toward {sc.direction_deg:.0f} deg',
        )
    )
    centre = scatter_centre(aim_pt, sc.hit, sc.direction_deg, dist)
    r = d.house.blast_diameter / 2
    under = units_under(world, centre, r)
    world.emit(
        BlastPlaced(
            unit.id,
            s.weapon.key,
            aim_pt,
            (round(centre[0], 4), round(centre[1], 4)),
            float(dist),
            r,
            tuple(f for fs in under.values() for f in fs),
        )
    )
    _hit_all(world, unit, s, under, ignores_cover=False, centre=centre)


def template_points(world: World, m: Model, toward: Point) -> list[Point]:
    """The flame template: 8" long from the firer's base edge, narrow at the firer, 3" wide near its end."""
    d = world.data
    length, width = d.house.template_length, d.house.template_width
    start = fire_point(world, m, toward)
    ang = math.atan2(toward[1] - start[1], toward[0] - start[0])
    ux, uy = math.cos(ang), math.sin(ang)
    px, py = -uy, ux
    edge = 0.0 if m.state == EMBARKED else m.radius  # aboard: the template touches the access point [7th]
    x0, y0 = start[0] + ux * edge, start[1] + uy * edge

    def at(t: float, half: float) -> Point:
        return (x0 + ux * t + px * half, y0 + uy * t + py * half)

    near = 0.25
    return [
        at(0, near),
        at(length * 0.8, width / 2),
        at(length, width / 4),
        at(length, -width / 4),
        at(length * 0.8, -width / 2),
        at(0, -near),
    ]


def template(world: World, unit: Unit, s: Shooter) -> None:
    pts = template_points(world, s.model, world.model(s.aim_at).position)
    under: dict[str, list[str]] = {}
    for fid in world.table.figures_in_polygon(pts):
        m = world.state.models.get(fid)
        if m is not None and m.alive and m.unit != unit.id:
            under.setdefault(m.unit, []).append(fid)
    for fs in under.values():
        fs.sort(key=lambda f: (reach(world, s.model, world.model(f)), f))
    world.emit(
        BlastPlaced(
            unit.id,
            s.weapon.key,
            world.model(s.aim_at).position,
            fire_point(world, s.model, world.model(s.aim_at).position),
            0.0,
            0.0,
            tuple(f for fs in under.values() for f in fs),
            tuple(pts),
        )
    )
    _hit_all(world, unit, s, under, ignores_cover=True, centre=None)


def marker_pool(world: World, unit: Unit, s: Shooter, n: int, ignores_cover: bool) -> Pool:
    """The ``n`` hits of a blast marker or template (``ignores_cover``) on one unit; the preview counts the
    same pool."""
    w = s.weapon
    return Pool(
        w.name,
        n,
        0,
        w.strength(world.profile(s.model).s),
        w.ap,
        "",
        _rerolls(world, unit),
        ignores_cover=ignores_cover,
        shooters=(s.model.id,),
        weapon=w.key,
    )


def _hit_all(
    world: World, unit: Unit, s: Shooter, under: dict[str, list[str]], ignores_cover: bool, centre: Point | None
) -> None:
    w = s.weapon
    for uid, fids in sorted(under.items()):
        victim = world.unit(uid)
        pool = graviton_on(world, marker_pool(world, unit, s, len(fids), ignores_cover), victim)
        if centre is not None:
            fids = sorted(fids, key=lambda f: (math.dist(world.model(f).position, centre), f))
        bonus = 0 if ignores_cover else cover_bonus(world, victim)
        covers = {
            f: (0 if ignores_cover else cover_of(world, [s.model], world.model(f), victim, bonus)) for f in fids
        }
        wounds = attacks.roll_wounds(world, unit, victim, pool, len(fids))
        attacks.allocate(world, unit, victim, pool, wounds, fids, covers, f"{unit.id} {w.name}")


def _walls_of_death(world: World, squad: Unit, charger: Unit) -> list[tuple[Model, Weapon]]:
    """The models with a template weapon that reaches the charger, each with the first such weapon."""
    flamers = []
    for m in world.alive(squad):
        for wk in m.weapons:
            w = world.data.weapon(wk)
            if w.template and min(world.edge(m, t) for t in world.alive(charger)) <= w.range:
                flamers.append((m, w))
                break
    return flamers


def overwatch(world: World, squad: Unit, charger: Unit) -> bool:
    """The charged unit fires Snap Shots at the charger, once a phase, unless it is locked in combat [7th].
    A flamer's Wall of Death: D3 automatic hits when the charger is within its range."""
    st = world.state
    key = f"{st.turn}/{st.phase.value}"
    if squad.side != PLAYERS or st.locked(squad.id) or squad.overwatch_phase == key or not world.alive(charger):
        return False
    saved = {m.id: m.fired for m in world.alive(squad)}
    for m in world.alive(squad):
        m.fired = False  # Overwatch is not the shooting phase: every model may fire
    squad.overwatch_phase = key
    flamers = _walls_of_death(world, squad, charger)
    try:
        # the models on the table (those aboard the vehicle were not charged), each firing one weapon: a model
        # that sets up a Wall of Death fires that instead of a Snap Shot [7th]
        walls = {m.id for m, _ in flamers}
        p = plan(
            world, squad, charger, tuple(m.id for m in world.alive(squad) if m.id not in walls), overwatch=True
        )
    except IllegalCommand:
        p = None
    if p is None and not flamers:
        for m in world.alive(squad):
            m.fired = saved.get(m.id, False)
        return False
    if p is not None:
        carry_out(world, p)
    for m, w in flamers:
        if not world.alive(charger):
            break
        n = world.d3(f"{m.id} Wall of Death")
        order = sorted((c.id for c in world.alive(charger)), key=lambda f: (world.edge(m, world.model(f)), f))[:n]
        pool = Pool(
            w.name, n, 0, w.strength(world.profile(m).s), w.ap, ignores_cover=True, shooters=(m.id,), weapon=w.key
        )
        wounds = attacks.roll_wounds(world, squad, charger, pool, n)
        attacks.allocate(world, squad, charger, pool, wounds, order, {}, f"{squad.id} Wall of Death")
    for m in world.alive(squad):
        m.fired = saved.get(m.id, False)
    return True


def zombie_target(world: World, horde: Unit, gun: Model, weapon: Weapon) -> Unit | None:
    """The nearest unengaged player squad the gun can shoot, else the nearest squad [seed]."""
    squads = [u for u in world.state.squads() if world.alive(u)]

    def reach(u: Unit) -> float:
        best = math.inf
        for m in world.alive(u):
            d = world.edge(gun, m)
            if d <= weapon.range and d < best and sights.line(world, gun.position, m.position).state != "blocked":
                best = d
        return best

    dist = sorted((reach(u), u.id) for u in squads)
    dist = [(d, uid) for d, uid in dist if d < math.inf]
    free = [uid for d, uid in dist if not world.state.locked(uid)]
    if free:
        return world.unit(free[0])
    return world.unit(dist[0][1]) if dist else None


__all__ = [
    "check_shoot",
    "shoot",
    "plan",
    "carry_out",
    "overwatch",
    "pvp_reason",
    "FirePlan",
    "Held",
    "Shooter",
    "ZOMBIES",
]
