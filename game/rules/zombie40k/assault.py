"""Close combat [7th, seed]: the 2D6 charge (3D6 drop the highest through difficult terrain) after the
target's Overwatch; pile in 3"; blows by Initiative step from 10 to 1; to hit on the WS chart; +1 Attack on
the charge (zombies too [seed]) and +1 with two close combat weapons; combat result by unsaved wounds; the
loser tests Morale at Ld minus the difference; Sweeping Advance (D6 + I, equal or higher catches and destroys
the loser); the winner consolidates D3" [house reading].

Players charge only another player's squad within 8" of the escape vehicle that is not already in a close
combat [seed]; zombies' charges come from their shamble (:mod:`.zombie_turn`). The add-ons answer through
``world.hooks`` (:mod:`.hooks`): charges refused, inches, Attacks and Initiative added, re-rolls, a
power-up's own blows.
"""

from __future__ import annotations

import math
from collections import defaultdict

from game.rules.core import IllegalCommand
from game.rules.zombie40k import attacks, charts, coherency, morale, shooting
from game.rules.zombie40k.attacks import Pool
from game.rules.zombie40k.commands import Charge
from game.rules.zombie40k.data import Weapon
from game.rules.zombie40k.events import (
    ChargeDeclared,
    ChargeFailed,
    CombatBrokenOff,
    CombatResolved,
    Engaged,
    MoveRolled,
    SweepingAdvance,
)
from game.rules.zombie40k.movement import back_off, check_embark, fall_back
from game.rules.zombie40k.state import PLAYERS, ZOMBIES, Model, Phase, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point

CHARGE_RANGE = 12.0  # [7th] 2D6 can never reach further
IN_THEIR_TURN = "zombies are fought in their turn [seed]"
ONLY_PLAYERS = f"In a player turn you may only assault another player's squad; {IN_THEIR_TURN}."
# what the set-up says of a game with one team: nobody it may charge, ever (the rule that refuses the charge)
SOLO_NOTE = f"Solo game: your squad never charges (no other player's squad to assault). {ONLY_PLAYERS}"


def plan_charge(world: World, cmd: Charge) -> tuple[Unit, Unit, float]:
    st = world.state
    if st.phase != Phase.ASSAULT:
        raise IllegalCommand(f"Charges are for the assault phase; it is the {st.phase.value} phase.")
    unit = st.units.get(cmd.unit)
    target = st.units.get(cmd.target)
    if unit is None or unit.side != PLAYERS or unit.player != st.active_player:
        raise IllegalCommand(f"{cmd.unit!r} is not the squad of the player whose turn it is.")
    if target is None or not world.alive(target):
        raise IllegalCommand(f"There is no unit {cmd.target!r} on the table.")
    if target.side != PLAYERS or target.id == unit.id:
        raise IllegalCommand(ONLY_PLAYERS)
    refused = world.hooks.attack_refused(world, unit, target) or world.hooks.frozen(world, unit)
    if refused:
        raise IllegalCommand(refused)
    if st.locked(unit.id):
        raise IllegalCommand(f"{unit.name} is already in a close combat.")
    if st.locked(target.id):
        raise IllegalCommand(
            f"{target.name} is already in a close combat: you may not join another player's assault [seed]."
        )
    reach = world.data.house.vehicle_pvp_range
    if world.unit_vehicle_distance(target) > reach + 1e-9:
        raise IllegalCommand(
            f'You may only assault another player within {reach:g}" of the escape vehicle [seed].'
        )
    if unit.ran_turn == st.turn:
        raise IllegalCommand(f"{unit.name} ran this turn and may not charge.")
    if unit.falling_back or unit.regrouped_turn == st.turn:
        raise IllegalCommand(f"{unit.name} is falling back or has just regrouped.")
    if unit.shot_turn == st.turn and unit.targets_shot and unit.targets_shot[-1] != target.id:
        raise IllegalCommand(f"{unit.name} may only charge the unit it shot at.")
    for m in world.alive(unit):
        if m.fired:
            for wk in m.weapons:
                w = world.data.weapon(wk)
                if w.type in ("rapid_fire", "heavy") and not world.model_has(m, "Relentless"):
                    if not world.unit_has(unit, "Slow and Purposeful"):
                        raise IllegalCommand(
                            f"{m.id} fired a {w.label} weapon this turn; the squad may not charge [7th]."
                        )
    dist = world.unit_edge(unit, target)
    reach = CHARGE_RANGE + world.hooks.move_bonus(world, unit)  # (the Speed Pack)
    if dist > reach:
        raise IllegalCommand(f'{target.name} is {dist:.1f}" away: a charge reaches at most {reach:g}".')
    return unit, target, dist


def through_difficult(world: World, unit: Unit, target: Unit) -> bool:
    if world.hooks.moves_as_difficult(world, unit):
        return True  # (a Banana Peel: the squad moves as if through difficult terrain this turn)
    for m in world.alive(unit):
        t = min(world.alive(target), key=lambda o: world.edge(m, o))
        if world.table.clutter_on_path([m.position, t.position]) > 0:
            return True
    return False


def charge_roll(world: World, unit: Unit, difficult: bool, need: float) -> int:
    """2D6 (3D6 drop the highest through difficult terrain); Fleet re-rolls a failing 2D6 charge once
    [codex]; a plug-in may re-roll a charge still short of ``need`` (the Blessing of Chuck Norris, after
    Fleet's re-roll too: a re-roll of the re-roll)."""
    return _charge_roll(world, unit, difficult, need)[0]


FLEET = "Fleet"


def charge_rerolls(world: World, unit: Unit, difficult: bool) -> tuple[str, ...]:
    """What re-rolls a charge still short, whole, in order: Fleet (not through difficult terrain), then a
    plug-in (the Blessing of Chuck Norris). The dice and the Charge preview read this one list."""
    fleet = (FLEET,) if not difficult and world.unit_has(unit, FLEET) else ()
    why = world.hooks.reroll(world, unit, "charge")
    return fleet + ((why,) if why else ())


def _charge_roll(world: World, unit: Unit, difficult: bool, need: float) -> tuple[int, str]:
    """The charge roll, and what re-rolled it last ("" when nothing or Fleet did)."""
    total = _charge_dice(world, unit, difficult, need, f"{unit.id} charge")
    last = ""
    for why in charge_rerolls(world, unit, difficult):
        if total >= need:
            break
        last = "" if why == FLEET else why
        purpose = f"{unit.id} charge" if why == FLEET else f"{unit.id} re-roll charge ({why})"
        total = _charge_dice(world, unit, difficult, need, purpose)
    return total, last


def _charge_dice(world: World, unit: Unit, difficult: bool, need: float, purpose: str) -> int:
    n = 3 if difficult else world.data.house.charge_dice
    r = world.dice.roll(n, purpose)
    faces = sorted(r.faces)
    total = sum(faces[:2]) if difficult else sum(faces)
    from game.rules.core import DiceRolled

    world.emit(
        DiceRolled(
            purpose,
            r.kind,
            r.faces,
            total,
            f'charge {"3D6 drop highest" if difficult else "2D6"} = {total}" (need {need:.1f}")',
        )
    )
    return total


def charge(world: World, unit: Unit, target: Unit, dist: float) -> bool:
    """Declare, take Overwatch, roll, and move in: True when the charge went home."""
    world.emit(ChargeDeclared(unit.id, target.id, round(dist, 3)))
    shooting.overwatch(world, target, unit)
    if not world.alive(unit):
        return False
    dist = world.unit_edge(unit, target)
    bonus = world.hooks.move_bonus(world, unit)  # (the Speed Pack adds to the charge)
    roll, why = _charge_roll(world, unit, through_difficult(world, unit, target), dist - bonus)
    roll += int(bonus)
    world.emit(MoveRolled(unit.id, f"charge (re-rolled: {why})" if why else "charge", roll))
    if roll + 1e-9 < dist:
        world.emit(ChargeFailed(unit.id, target.id, "charge", roll, round(dist - roll, 3)))
        return False
    move_in(world, unit, target, float(roll), "charge")
    world.engage(unit, target)
    unit.charged_turn = world.state.turn
    world.emit(Engaged(unit.id, target.id, unit.id))
    return True


def move_in(world: World, unit: Unit, target: Unit, inches: float, how: str) -> None:
    """Each model up to ``inches`` straight at the nearest enemy model, stopping in base contact."""
    targets = world.alive(target)
    models = sorted(world.alive(unit), key=lambda m: min(world.edge(m, t) for t in targets))
    placed: list[Model] = []  # each model after the first ends within 2" of one placed before it [7th]
    for m in models:
        if not targets:
            return
        t = min(targets, key=lambda o: (world.edge(m, o), o.id))
        gap = world.edge(m, t)
        placed.append(m)
        if gap <= world.data.house.contact:
            continue
        goal = _contact_point(m, t)
        check = world.table.check_path([m.position, goal], m.radius, mover=m.id, max_length=inches)
        pts = coherency.keep_up(world, m, list(check.points), inches, placed)
        if len(pts) > 1:
            world.move_along(m, pts, how)
            check_embark(world, m)


def _contact_point(m: Model, t: Model) -> Point:
    d = math.dist(m.position, t.position)
    if d < 1e-9:
        return m.position
    k = (d - m.radius - t.radius + 0.001) / d
    return (
        m.position[0] + (t.position[0] - m.position[0]) * k,
        m.position[1] + (t.position[1] - m.position[1]) * k,
    )


# -- the fight ----------------------------------------------------------------------------------


def in_contact(world: World, m: Model, enemies: list[Model]) -> bool:
    c = world.data.house.contact
    return any(world.edge(m, e) <= c for e in enemies)


def pile_in(world: World, units: list[Unit]) -> None:
    """Every model of the combat not in base contact moves up to 3" toward the nearest enemy [7th]."""
    inches = world.data.house.pile_in
    for u in units:
        enemies = [e for v in units if world.enemies(u, v) for e in world.alive(v)]
        for m in world.alive(u):
            if not enemies or in_contact(world, m, enemies):
                continue
            t = min(enemies, key=lambda o: (world.edge(m, o), o.id))
            check = world.table.check_path(
                [m.position, _contact_point(m, t)], m.radius, mover=m.id, max_length=inches
            )
            if len(check.points) > 1:
                world.move_along(m, list(check.points), "pile in")


def melee_weapon(world: World, m: Model) -> Weapon:
    """A model's best close combat weapon (a pistol is used as a close combat weapon [7th])."""
    melee = [w for w in m.weapons if world.data.weapon(w).type == "melee" and world.data.fought_with(w)]
    ws = [world.data.weapon(w) for w in melee]
    special = [w for w in ws if w.key not in ("close_combat_weapon", "chainsword", "choppa")]
    first = world.hooks.weapons_first
    special.sort(key=lambda w: w.key not in first)  # an add-on's weapon first (a power-up Chainsaw)
    if special:
        return special[0]
    return ws[0] if ws else world.data.weapon("close_combat_weapon")


def two_weapons(world: World, m: Model) -> bool:
    """+1 Attack with two close combat weapons (pistols count); not for Two-handed weapons, and a
    Specialist Weapon only pairs with another [7th]."""
    ws = [
        world.data.weapon(w)
        for w in m.weapons
        if world.data.weapon(w).type in ("melee", "pistol") and world.data.fought_with(w)
    ]
    if len(ws) < 2:
        return False
    main = melee_weapon(world, m)
    if "Two-handed" in main.rules:
        return False
    if "Specialist Weapon" in main.rules:
        return sum("Specialist Weapon" in w.rules for w in ws) >= 2
    return True


def fighters(world: World, u: Unit, units: list[Unit]) -> list[Model]:
    """Models in base contact with an enemy, or within 2" of a friend who is [7th]."""
    enemies = [e for v in units if world.enemies(u, v) for e in world.alive(v)]
    ms = world.alive(u)
    touching = [m for m in ms if in_contact(world, m, enemies)]
    reach = world.data.house.fight_reach
    return [m for m in ms if m in touching or any(world.edge(m, t) <= reach for t in touching)]


def fight(world: World, group: list[str]) -> None:
    """Fight one close combat to its end for this phase: pile in, blows, result, morale, sweep, consolidate."""
    st = world.state
    units = [world.unit(u) for u in group if world.alive(u)]
    if len({world.side_key(u) for u in units}) < 2:
        return
    pile_in(world, units)
    if _broken_off(world, units):  # walled apart: it would be a draw every phase
        return
    caused: dict[str, int] = defaultdict(int)
    first_round = {u.id: (u.engaged_turn == st.turn) for u in units}
    counter = {u.id: counter_attacks(world, u, units, first_round[u.id]) for u in units}
    outnumbered = {}
    for u in units:
        mine = sum(len(world.alive(v)) for v in units if not world.enemies(u, v))
        theirs = sum(len(world.alive(v)) for v in units if world.enemies(u, v))
        outnumbered[u.id] = theirs > mine
    # Hammer of Wrath: charging models in contact, one automatic hit at I10 [7th]
    steps: dict[int, list[tuple[Unit, Model]]] = defaultdict(list)
    for u in units:
        for m in fighters(world, u, units):
            w = melee_weapon(world, m)
            concussed = u.concussed_until >= st.turn
            i = (
                1
                if "Unwieldy" in w.rules or concussed
                else world.profile(m).i + world.hooks.initiative_bonus(world, u)
            )
            steps[max(1, min(10, i))].append((u, m))
    for step in range(10, 0, -1):
        strikes: list[tuple[Unit, Unit, Pool, list[str]]] = []
        if step == 10:
            for u in units:
                if u.charged_turn != st.turn or not first_round[u.id]:
                    continue
                enemies = [e for v in units if world.enemies(u, v) for e in world.alive(v)]
                for m in world.alive(u):
                    if world.model_has(m, "Hammer of Wrath") and in_contact(world, m, enemies):
                        t = min(enemies, key=lambda o: world.edge(m, o))
                        strikes.append(_pool(world, u, world.unit(t.unit), [m], hammer=True))
        by: dict[tuple[str, str, str, str], list[Model]] = defaultdict(list)
        for u, m in steps.get(step, []):
            if not m.alive or m.unit != u.id:
                continue  # struck down at an earlier step (or risen to join the horde: Dead Men Walking)
            enemies = [e for v in units if world.enemies(u, v) for e in world.alive(v)]
            if not enemies:
                continue
            t = min(enemies, key=lambda o: (world.edge(m, o), o.id))
            wk = melee_weapon(world, m).key
            alone = wk in world.hooks.weapons_apart  # (each power-up Chainsaw its own fuel)
            by[(u.id, t.unit, wk, m.id if alone else m.profile)].append(m)
        for (uid, tid, _, _), ms in by.items():
            strikes.append(
                _pool(
                    world,
                    world.unit(uid),
                    world.unit(tid),
                    ms,
                    first=first_round[uid],
                    counter=counter.get(uid, False),
                    outnumbered=outnumbered[uid],
                )
            )
        # blows at one step are simultaneous: roll all, then remove
        rolled = []
        for u, tu, pool, order in strikes:
            hits, _ = attacks.roll_hits(world, u, tu, pool)
            direct = world.hooks.direct(world, pool, tu)  # (a power-up Chainsaw: each hit a wound)
            wounds = [] if direct else attacks.roll_wounds(world, u, tu, pool, hits)
            rolled.append((u, tu, pool, order, wounds, hits, direct))
        for u, tu, pool, order, wounds, hits, direct in rolled:
            if direct:
                res = attacks.direct_wounds(world, u, tu, pool.label, hits, order, f"{u.id} close combat")
            else:
                res = attacks.allocate(world, u, tu, pool, wounds, order, {}, f"{u.id} close combat")
            caused[world.side_key(u)] += res.unsaved
            if res.unsaved and any(world.model_has(world.model(f), "Concussive") for f in pool.shooters):
                tu.concussed_until = st.turn + 1  # [7th] Initiative 1 until the end of the next turn
            if hits and any(world.model_has(world.model(f), "Blind") for f in pool.shooters):
                _blind(world, tu)
    # the charge's bonuses (+1 Attack, Furious Charge, Hammer of Wrath, Hatred) last one fight only
    for u in units:
        u.charged_turn = -1
        u.engaged_turn = -1
    resolve(world, units, caused)
    still = [world.unit(u) for u in group if world.alive(u) and world.state.locked(u)]
    if len({world.side_key(u) for u in still}) > 1 and not any(fighters(world, u, still) for u in still):
        pile_in(world, still)  # the blows killed every model in contact: pile in now, not a turn later
        _broken_off(world, still)


def _broken_off(world: World, units: list[Unit]) -> bool:
    """After the pile-in no model fights (a wall between them, or too far): the units are no longer locked
    [house]. Checked as the combat ends too, so a squad whose models in contact were all killed is not held
    locked through its whole next turn (its move and its shots) by a combat nobody can fight."""
    if any(fighters(world, u, units) for u in units):
        return False
    for u in units:
        world.disengage(u.id)
    world.emit(CombatBrokenOff(tuple(u.id for u in units)))
    return True


def counter_attacks(world: World, u: Unit, units: list[Unit], first_round: bool) -> bool:
    """Counter-Attack [7th]: a unit charged by an enemy this turn, not already locked in combat when charged,
    has +1 Attack for the fight; no Leadership test (that was 5th edition)."""
    if u.charged_turn == world.state.turn or not first_round or not world.unit_has(u, "Counter-Attack"):
        return False
    return any(v.charged_turn == world.state.turn and world.enemies(u, v) for v in units)


def _blind(world: World, t: Unit) -> None:
    if not world.alive(t):
        return
    i = max(world.profile(m).i for m in world.alive(t))
    face = world.d6(f"{t.id} Blind Initiative test")
    if face == 6 or face > i:
        t.blinded_until = world.state.turn + 1


def _pool(
    world: World,
    u: Unit,
    t: Unit,
    ms: list[Model],
    hammer: bool = False,
    first: bool = False,
    counter: bool = False,
    outnumbered: bool = False,
) -> tuple[Unit, Unit, Pool, list[str]]:
    st = world.state
    m0 = ms[0]
    prof = world.profile(m0)
    charged = u.charged_turn == st.turn and first
    order = sorted(
        (x.id for x in world.alive(t)), key=lambda f: (min(world.edge(a, world.model(f)) for a in ms), f)
    )
    if hammer:
        return u, t, Pool("Hammer of Wrath", len(ms), 0, prof.s, 0, shooters=tuple(m.id for m in ms)), order
    w = melee_weapon(world, m0)
    s_user = prof.s + (1 if charged and world.model_has(m0, "Furious Charge") else 0)
    n = 0
    if charged and world.hooks.charge_bonus_denied(world, t):
        charged = False  # (defensive grenades: no bonus Attack for charging them [7th])
    for m in ms:
        a = world.profile(m).a
        if charged:
            a += 2 if world.model_has(m, "Rage") else 1
        if two_weapons(world, m):
            a += 1
        a += world.hooks.extra_attacks(world, m)  # (Duct Tape)
        if counter:
            a += 1
        if outnumbered and world.model_has(m, "Rampage"):
            a += world.d3(f"{m.id} Rampage")
        n += a
    ws = 1 if u.blinded_until >= st.turn else prof.ws
    t_ws = 1 if t.blinded_until >= st.turn else world.majority(t, "ws")
    pe = world.unit_has(u, "Preferred Enemy")
    ap = w.ap
    if world.model_has(m0, "Smash") and (ap == 0 or ap > 2):
        ap = 2
    pool = Pool(
        label=w.name,
        attacks=n,
        need_hit=charts.to_hit_melee(world.data, ws, t_ws),
        s=w.strength(s_user),
        ap=ap,
        reroll_hit="fail" if first and world.model_has(m0, "Hatred") else ("ones" if pe else ""),
        reroll_wound="fail" if world.model_has(m0, "Shred") else ("ones" if pe else ""),
        rending=world.model_has(m0, "Rending"),
        poison=4 if world.model_has(m0, "Poisoned") else 0,
        fleshbane=world.model_has(m0, "Fleshbane") or "Fleshbane" in w.rules,
        ignores_cover=True,
        shooters=tuple(m.id for m in ms),
        weapon=w.key,
    )
    return u, t, pool, order


def initiative(world: World, unit: Unit) -> int:
    if unit.concussed_until >= world.state.turn:
        return 1
    return world.majority(unit, "i") + world.hooks.initiative_bonus(world, unit)


def resolve(world: World, units: list[Unit], caused: dict[str, int]) -> None:
    """Combat result, Morale, Sweeping Advance and consolidation [7th]."""
    st = world.state
    alive = [u for u in units if world.alive(u)]
    sides = {world.side_key(u) for u in units}
    tally = tuple(sorted((s, caused.get(s, 0)) for s in sides))
    best = max(caused.get(s, 0) for s in sides)
    top = [s for s in sides if caused.get(s, 0) == best]
    winner = top[0] if len(top) == 1 else ""
    margin = best - min(caused.get(s, 0) for s in sides)
    world.emit(CombatResolved(tuple(u.id for u in units), tally, winner, margin))
    if winner:
        for loser in [u for u in alive if world.side_key(u) != winner]:
            diff = best - caused.get(world.side_key(loser), 0)
            if morale.test(world, loser, -diff, f"lost the combat by {diff}"):
                continue
            winners = [
                world.unit(v)
                for v in st.engaged_with(loser.id)
                if world.side_key(world.unit(v)) == winner and world.alive(v)
            ]
            sweep(world, winners, loser)
    # units no longer locked with an enemy consolidate
    for u in alive:
        if world.alive(u) and not st.locked(u.id) and not u.falling_back:
            consolidate(world, u)


def sweep(world: World, winners: list[Unit], loser: Unit) -> None:
    """Each side rolls D6 + Initiative; a winner equal or higher catches and destroys the loser [7th].
    Slow and Purposeful squads cannot sweep; zombies may [seed]. And They Shall Know No Fear falls back.
    A plug-in may re-roll a losing D6 (the Blessing of Chuck Norris): a winner's below the loser's, the
    loser's when it is caught (against the winners' rolls as they stand)."""
    able = [w for w in winners if w.side == ZOMBIES or not world.unit_has(w, "Slow and Purposeful")]
    loser_roll = world.d6(f"{loser.id} Sweeping Advance") + initiative(world, loser)
    rolls: list[tuple[Unit, int]] = []
    for w in able:
        bonus = world.d3(f"{w.id} Crusader") if world.unit_has(w, "Crusader") else 0
        roll = world.d6(f"{w.id} Sweeping Advance") + initiative(world, w) + bonus
        why = world.hooks.reroll(world, w, "sweep") if roll < loser_roll else ""
        if why:
            roll = world.d6(f"{w.id} re-roll Sweeping Advance ({why})") + initiative(world, w)
            roll += bonus
        rolls.append((w, roll))
    doomed = not world.unit_has(loser, "And They Shall Know No Fear")  # (else caught only falls back)
    why = world.hooks.reroll(world, loser, "sweep") if doomed and any(r >= loser_roll for _, r in rolls) else ""
    if why:
        loser_roll = world.d6(f"{loser.id} re-roll Sweeping Advance ({why})")
        loser_roll += initiative(world, loser)
    caught = False
    for w, roll in rolls:
        hit = roll >= loser_roll
        world.emit(SweepingAdvance(w.id, loser.id, roll, loser_roll, hit))
        caught = caught or hit
    if caught and doomed:
        catchers = ", ".join(w.id for w, roll in rolls if roll >= loser_roll)  # the kill is theirs, not the missed
        world.destroy(loser, f"caught by a Sweeping Advance ({catchers})")
        return
    fall_back(world, loser)


def consolidate(world: World, unit: Unit) -> None:
    """D3" [house reading]: zombies toward the nearest player squad [seed], players toward the vehicle;
    never into contact (they stop 1" short)."""
    if not world.alive(unit):
        return
    if unit.side == ZOMBIES and not any(world.alive(u) for u in world.state.squads()):
        return
    inches = world.d3(f"{unit.id} consolidate")
    world.emit(MoveRolled(unit.id, "consolidate", inches))
    placed: list[Model] = []
    for m in world.alive(unit):
        placed.append(m)
        if unit.side == ZOMBIES:
            squads = [x for u in world.state.squads() for x in world.alive(u)]
            if not squads:
                return
            goal = min(squads, key=lambda o: world.edge(m, o)).position
        else:
            from game.rules.zombie40k.setup import vehicle_centre

            goal = vehicle_centre(world)
        check = world.table.check_path([m.position, goal], m.radius, mover=m.id, max_length=float(inches))
        pts = back_off(world, m, coherency.keep_up(world, m, list(check.points), float(inches), placed))
        if len(pts) > 1:
            world.move_along(m, pts, "consolidate")
            check_embark(world, m)
            if world.state.winner:
                return
