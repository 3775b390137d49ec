"""Power-ups (rules: Zombie 40,000: Power-ups [seed]; missing digits [house] in ``zombie40k.toml``).

When a squad destroys the last model of a zombie horde, and when a wiped-out squad respawns, it rolls 2D6 on
the power-up table (``[power_up_table]`` in the data). The squad furthest from the escape vehicle (with at
least one other squad on the table [house]) is owed a choice instead (command ``PowerUpChoice``): roll
twice and keep one, or move the squad closest to the vehicle D6" straight back from it, with the zombies
fighting it. A wiped-out team loses every power-up, the Ork Boy who tagged along and the weapons and tape
its models were given.

What the squad carries is ``Unit.power_ups`` (keys, one per item); what is at work is
``Unit.power_up_effects`` (key -> 0 "waiting", or the game turn it works in). Used by choice, in the squad's
turn (command ``UsePowerUp``): give the Chainsaw, the Shotgun or Duct Tape to a model, activate the Speed
Pack, bring a dead model back with the Defibrillator. The Medpack is used by itself on the squad's first
unsaved wound (there is never a reason to keep it); the Defibrillator counts as a Medpack only when the
wound would kill the squad's last model, otherwise it is kept for bringing someone back.

The Blessing of Chuck Norris, read for the rules: until the end of the squad's next turn every roll it makes
that clearly fails is re-rolled once, by the rules (no button): to-hit (Overwatch's Snap Shots included),
to-wound, saving throws and Feel No Pain; Morale tests (the regroup too); a charge short of its target; a
Run or a difficult-terrain move (2D6 keep highest) of ``chuck_reroll_move_at_most`` or less [house 3"]; a
Sweeping Advance that loses (the squad's as winner, or as loser when it is caught); the Chainsaw's to-hit 1
that runs it out of fuel. Where a re-roll already applies (Preferred Enemy, Hatred, Shred, Fleet's charge,
the Chainsaw's own), what still fails after it is re-rolled again. Each re-roll goes through ``world.dice``
and says "Blessing of Chuck Norris" in its dice-tray purpose and in its log line (``AttackStep.note``,
``MoveRolled.what``, ``MoraleTested.why``).

The mods (Hardcore Mode, Coop Mode) switch the roll and the double roll off through
:func:`may_gain_power_ups` and :func:`may_roll_twice`. Everything plugs into the core through
:class:`PowerUps` (:mod:`.hooks`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.rules.core import Command, IllegalCommand, Preview
from game.rules.zombie40k import attacks, mods
from game.rules.zombie40k.commands import PowerUpChoice, UsePowerUp
from game.rules.zombie40k.events import (
    AttackStep,
    FigurePlaced,
    PowerUpChoiceOffered,
    PowerUpGained,
    PowerUpLost,
    PowerUpRolled,
    PowerUpUsed,
    PushedBack,
)
from game.rules.zombie40k.hooks import Plugin, register
from game.rules.zombie40k.setup import spots_near, vehicle_centre
from game.rules.zombie40k.state import ALIVE, DEAD, HORDE, PLAYERS, SQUAD, ZOMBIES, Model, Phase, Unit
from game.rules.zombie40k.world import World
from game.scenario.model import Point

ZOMBIE_BILE, BANANA_PEEL, ORK_BOY, DUCT_TAPE = "zombie_bile", "banana_peel", "ork_boy", "duct_tape"
CHAINSAW, MEDPACK, SHOTGUN, SPEED_PACK = "chainsaw", "medpack", "shotgun", "speed_pack"
DEFIBRILLATOR, AVIATOR_SHADES, CHUCK_NORRIS = "defibrillator", "aviator_shades", "chuck_norris"

CARRIED = (DUCT_TAPE, CHAINSAW, MEDPACK, SHOTGUN, SPEED_PACK, DEFIBRILLATOR)  # kept in Unit.power_ups
GIVEN = (CHAINSAW, SHOTGUN, DUCT_TAPE)  # given to one model by choice
WEAPON = {CHAINSAW: "chainsaw", SHOTGUN: "power_up_shotgun"}  # the weapon a given item becomes
TAPE_RULE = {"attack": "Duct Tape (+1 Attack)", "shot": "Duct Tape (+1 shot)"}
ORK_PROFILE, ORK_WEAPONS = "ork_boy_tag_along", ("slugga", "choppa")
# how much the bot likes each result when it keeps one of two
WORTH = {
    CHUCK_NORRIS: 9,
    SHOTGUN: 8,
    CHAINSAW: 8,
    SPEED_PACK: 7,
    ORK_BOY: 7,
    DEFIBRILLATOR: 6,
    MEDPACK: 5,
    DUCT_TAPE: 5,
    AVIATOR_SHADES: 4,
    BANANA_PEEL: 1,
    ZOMBIE_BILE: 0,
}


# -- the mods' switches ---------------------------------------------------------------------------------


def may_gain_power_ups(world: World, squad: Unit) -> bool:
    """Whether the squad may roll on the power-up table at all (Hardcore Mode says never [seed])."""
    return mods.may_gain_power_ups(world, squad)


def may_roll_twice(world: World, squad: Unit) -> bool:
    """Whether the furthest squad may roll twice or push back (Coop Mode says no [seed])."""
    return mods.furthest_may_roll_twice(world)


# -- the table ------------------------------------------------------------------------------------------


def entry(world: World, roll: int) -> dict[str, str]:
    return world.data.power_up_table[roll]


def name_of(world: World, key: str) -> str:
    return next((e["name"] for e in world.data.power_up_table.values() if e["key"] == key), key)


def effect_of(world: World, key: str) -> str:
    return next((e["effect"] for e in world.data.power_up_table.values() if e["key"] == key), "")


# -- who is furthest ------------------------------------------------------------------------------------


def on_table(world: World) -> list[Unit]:
    return [u for u in world.state.squads() if world.alive(u)]


def furthest(world: World, squad: Unit) -> bool:
    """The squad is the one furthest from the vehicle (ties count), with another squad on the table."""
    others = [u for u in on_table(world) if u.id != squad.id]
    if not others or not world.alive(squad):
        return False
    mine = world.unit_vehicle_distance(squad)
    return all(mine >= world.unit_vehicle_distance(u) - 1e-9 for u in others)


def closest_other(world: World, squad: Unit) -> Unit | None:
    """The squad closest to the escape vehicle other than ``squad`` (the one a push back moves)."""
    others = [u for u in on_table(world) if u.id != squad.id]
    return min(others, key=lambda u: (world.unit_vehicle_distance(u), u.id), default=None)


# -- earning and rolling --------------------------------------------------------------------------------


def earn(world: World, squad: Unit, why: str) -> None:
    """The squad has earned a power-up roll: rolled now, or a choice owed when it is the furthest."""
    if not world.alive(squad) or not may_gain_power_ups(world, squad):
        return
    if furthest(world, squad) and may_roll_twice(world, squad):
        squad.power_up_choices += 1
        offer_choice(world, squad)
        return
    roll(world, squad, why)


def offer_choice(world: World, squad: Unit) -> None:
    """Tell the player what the power-up buttons 1 and 2 do now."""
    world.emit(PowerUpChoiceOffered(squad.id, squad.player, choice_options(world, squad)))


def choice_options(world: World, squad: Unit) -> tuple[str, ...]:
    """What the power-up buttons 1 and 2 do now for ``squad``: keep one of two rolls, or roll twice or push."""
    if squad.power_up_offer:
        return tuple(f"keep {r} {entry(world, r)['name']}" for r in squad.power_up_offer)
    leader = closest_other(world, squad)
    push = f'move {leader.name} ({leader.id}) D6" back' if leader else "push back (nobody to push)"
    return ("roll twice and keep one", push)


def roll(world: World, squad: Unit, why: str, kept: bool = True) -> int:
    r = world.sum_d6(2, f"{squad.id} power-up")
    e = entry(world, r)
    world.emit(PowerUpRolled(squad.id, r, e["key"], e["name"], why, kept))
    if kept:
        gain(world, squad, r)
    return r


def gain(world: World, squad: Unit, result: int) -> None:
    """The effect of a result on the table [seed]."""
    e = entry(world, result)
    key, name = e["key"], e["name"]
    if key in (ZOMBIE_BILE, AVIATOR_SHADES, BANANA_PEEL, CHUCK_NORRIS):
        squad.power_up_effects[key] = 0  # the next Shamble / the squad's next turn
        world.emit(PowerUpGained(squad.id, key, name, e["effect"]))
        return
    if key == ORK_BOY:
        boy = add_ork_boy(world, squad)
        if boy is None:
            world.emit(PowerUpLost(squad.id, (key,), "no room beside the squad for the Ork Boy"))
        else:
            world.emit(PowerUpGained(squad.id, key, name, f"{boy.id} joins {squad.name}"))
        return
    if key == SPEED_PACK and squad.power_ups.count(SPEED_PACK) >= world.data.house.speed_pack_max:
        world.emit(PowerUpLost(squad.id, (key,), "a squad carries at most one Speed Pack"))
        return
    squad.power_ups.append(key)
    world.emit(PowerUpGained(squad.id, key, name, e["effect"], squad.power_ups.count(key)))


def add_ork_boy(world: World, squad: Unit) -> Model | None:
    """An Ork Boy joins the squad beside its model nearest the vehicle [seed]."""
    st = world.state
    near = min(world.alive(squad), key=lambda m: (world.vehicle_distance(m.position, m.radius), m.id))
    prof = world.data.profile(ORK_PROFILE)
    r = prof.base / 2 if prof.base != 1.0 else world.data.house.base / 2
    spot = _spot_beside(world, squad, near.position, r)
    if spot is None:
        return None
    k = len(squad.models) + 1
    while f"{squad.id}-{k}" in st.models:
        k += 1
    goal = vehicle_centre(world)
    m = Model(
        id=f"{squad.id}-{k}",
        side=PLAYERS,
        unit=squad.id,
        profile=ORK_PROFILE,
        position=spot,
        facing=math.degrees(math.atan2(goal[1] - spot[1], goal[0] - spot[0])) % 360,
        radius=r,
        wounds=prof.w,
        weapons=ORK_WEAPONS,
        player=squad.player,
    )
    st.models[m.id] = m
    squad.models.append(m.id)
    squad.start_size += 1
    world.place(m)
    world.emit(FigurePlaced(m.id, m.side, squad.id, m.position, m.facing, m.radius))
    return m


def _spot_beside(world: World, squad: Unit, centre: Point, r: float) -> Point | None:
    gap = world.data.house.enemy_gap

    def clear(p: Point) -> bool:
        if not world.table.on_table(p, r):
            return False
        for fid in world.table.figures_in_circle(p, r + gap + 1.0):
            o = world.state.models.get(fid)
            if o is not None and o.alive and o.side == ZOMBIES and math.dist(o.position, p) < r + o.radius + gap:
                return False
        return True

    spots = spots_near(world, centre, 1, r, world.data.house.deploy_spacing, clear)
    return (float(spots[0][0]), float(spots[0][1])) if spots else None


# -- the furthest player's choice -----------------------------------------------------------------------


def waiting(world: World, squad: Unit) -> bool:
    """The squad owes a choice (roll twice or push back, or which roll to keep)."""
    return bool(squad.power_up_offer) or squad.power_up_choices > 0


def must_choose_first(world: World) -> None:
    """Refuse the active player's other commands while their squad owes a power-up choice."""
    st = world.state
    if st.active_player is None or st.phase == Phase.OVER:
        return
    squad = st.squad_of(st.active_player)
    if waiting(world, squad):
        what = "which roll to keep" if squad.power_up_offer else "roll twice (1) or push back (2)"
        raise IllegalCommand(f"{squad.name} first chooses for its power-up roll: {what}.")


def check_choice(world: World, cmd: PowerUpChoice) -> Unit:
    st = world.state
    squad = st.units.get(cmd.unit)
    if squad is None or squad.kind != SQUAD or squad.player != st.active_player or st.phase == Phase.OVER:
        raise IllegalCommand(f"{cmd.unit!r} is not the squad of the player whose turn it is.")
    if not waiting(world, squad):
        raise IllegalCommand(f"{squad.name} has no power-up choice to make.")
    if cmd.option not in (1, 2):
        raise IllegalCommand("Choose 1 or 2.")
    if not squad.power_up_offer and cmd.option == 2 and closest_other(world, squad) is None:
        raise IllegalCommand("There is no other squad on the table to push back: roll twice (1).")
    return squad


def choose(world: World, cmd: PowerUpChoice) -> None:
    squad = check_choice(world, cmd)
    if squad.power_up_offer:
        keep = squad.power_up_offer[cmd.option - 1]
        squad.power_up_offer = []
        world.emit(PowerUpRolled(squad.id, keep, entry(world, keep)["key"], entry(world, keep)["name"], "kept"))
        gain(world, squad, keep)
    elif cmd.option == 1:
        squad.power_up_choices -= 1
        squad.power_up_offer = [roll(world, squad, "roll twice", kept=False) for _ in range(2)]
    else:
        squad.power_up_choices -= 1
        leader = closest_other(world, squad)
        assert leader is not None
        push_back(world, squad, leader)
    if waiting(world, squad):
        offer_choice(world, squad)


def push_back(world: World, by: Unit, leader: Unit) -> None:
    """Move the squad closest to the vehicle D6" straight away from it, with the zombies fighting it [seed]."""
    st = world.state
    inches = world.d6(f"{leader.id} pushed back", "")
    goal = vehicle_centre(world)
    ms = world.alive(leader)
    cx, cy = sum(m.position[0] for m in ms) / len(ms), sum(m.position[1] for m in ms) / len(ms)
    d = math.dist((cx, cy), goal)
    ux, uy = ((cx - goal[0]) / d, (cy - goal[1]) / d) if d > 1e-9 else (0.0, 1.0)
    movers = list(ms)
    for uid in st.engaged_with(leader.id):
        if st.units[uid].side == ZOMBIES:
            movers += world.alive(uid)
    movers.sort(key=lambda m: (-(m.position[0] * ux + m.position[1] * uy), m.id))  # the back ones first
    moved: list[str] = []
    for m in movers:
        end = (m.position[0] + ux * inches, m.position[1] + uy * inches)
        check = world.table.check_path([m.position, end], m.radius, mover=m.id)
        pts = list(check.points)
        if len(pts) > 1 and math.dist(pts[0], pts[-1]) > 1e-6:
            world.move_along(m, pts, "pushed back", m.facing)
            moved.append(m.id)
    world.emit(PushedBack(leader.id, by.id, inches, tuple(moved)))


# -- using what is carried ------------------------------------------------------------------------------


def check_use(world: World, cmd: UsePowerUp) -> Unit:
    """Validate a UsePowerUp without changing anything; the squad or IllegalCommand."""
    st = world.state
    squad = st.units.get(cmd.unit)
    if squad is None or squad.kind != SQUAD or squad.player != st.active_player:
        raise IllegalCommand(f"{cmd.unit!r} is not the squad of the player whose turn it is.")
    if st.phase not in (Phase.MOVEMENT, Phase.PSYCHIC, Phase.SHOOTING, Phase.ASSAULT):
        raise IllegalCommand("Power-ups are used in the squad's own turn.")
    if waiting(world, squad):
        raise IllegalCommand("First choose for the power-up roll (1 or 2).")
    if cmd.item == MEDPACK:
        raise IllegalCommand("A Medpack is used by itself on the squad's first unsaved wound.")
    if cmd.item not in squad.power_ups:
        raise IllegalCommand(f"{squad.name} carries no {name_of(world, cmd.item)}.")
    if cmd.item in GIVEN:
        m = st.models.get(cmd.figure)
        if m is None or m.unit != squad.id or not m.alive:
            raise IllegalCommand(f"Give the {name_of(world, cmd.item)} to a living model of {squad.name}.")
        if cmd.item in WEAPON and WEAPON[cmd.item] in m.weapons:
            raise IllegalCommand(f"{m.id} already has a {name_of(world, cmd.item)}.")
        if cmd.item == DUCT_TAPE:
            if cmd.bonus not in TAPE_RULE:
                raise IllegalCommand('Duct Tape gives "attack" (+1 Attack) or "shot" (+1 shot).')
            if TAPE_RULE[cmd.bonus] in m.rules:
                raise IllegalCommand(f"{m.id} already has {TAPE_RULE[cmd.bonus]}.")
            if cmd.bonus == "shot" and not any(world.data.weapon(w).ranged for w in m.weapons):
                raise IllegalCommand(f"{m.id} has no gun to tape a second barrel to.")
    elif cmd.item == SPEED_PACK:
        if speed_active(world, squad):
            raise IllegalCommand("The Speed Pack is already at work this turn.")
    elif cmd.item == DEFIBRILLATOR:
        dead = st.models.get(cmd.figure)
        if dead is None or dead.unit != squad.id or dead.state != DEAD:
            raise IllegalCommand(f"The Defibrillator brings back a dead model of {squad.name}.")
        if not world.alive(squad):
            raise IllegalCommand(f"{squad.name} has nobody left to use the Defibrillator.")
        if cmd.near:
            n = st.models.get(cmd.near)
            if n is None or n.unit != squad.id or not n.alive:
                raise IllegalCommand(f"Bring {dead.id} back beside a living model of {squad.name}.")
        near = st.models[cmd.near] if cmd.near else world.alive(squad)[0]
        if _spot_beside(world, squad, near.position, dead.radius) is None:
            raise IllegalCommand(f"There is no room beside {near.id} to bring {dead.id} back.")
    return squad


def use(world: World, cmd: UsePowerUp) -> None:
    squad = check_use(world, cmd)
    st = world.state
    name = name_of(world, cmd.item)
    if cmd.item in GIVEN:
        m = st.models[cmd.figure]
        if cmd.item == DUCT_TAPE:
            m.rules = (*m.rules, TAPE_RULE[cmd.bonus])
            what = f"{m.id} gets {TAPE_RULE[cmd.bonus]}, permanently"
        else:
            m.weapons = (*m.weapons, WEAPON[cmd.item])
            what = f"{m.id} is armed with the {name}"
        squad.power_ups.remove(cmd.item)
        world.emit(PowerUpUsed(squad.id, cmd.item, m.id, what))
    elif cmd.item == SPEED_PACK:
        squad.power_ups.remove(SPEED_PACK)
        squad.power_up_effects[SPEED_PACK] = st.turn
        inches, ini = world.data.house.speed_inches, world.data.house.speed_initiative
        world.emit(
            PowerUpUsed(squad.id, SPEED_PACK, "", f'+{inches:g}" to moves, runs and charges, +{ini} Initiative')
        )
    elif cmd.item == DEFIBRILLATOR:
        dead = st.models[cmd.figure]
        near = st.models[cmd.near] if cmd.near else world.alive(squad)[0]
        spot = _spot_beside(world, squad, near.position, dead.radius)
        assert spot is not None  # checked above
        squad.power_ups.remove(DEFIBRILLATOR)
        dead.state, dead.wounds = ALIVE, 1
        dead.moved = dead.fired = dead.ran = False
        dead.position = spot
        world.table.place(dead.id, dead.position, dead.radius)
        world.emit(FigurePlaced(dead.id, dead.side, squad.id, dead.position, dead.facing, dead.radius))
        world.emit(PowerUpUsed(squad.id, DEFIBRILLATOR, dead.id, f"{dead.id} is back with one wound"))


def dead_models(world: World, squad: Unit) -> list[Model]:
    """The squad's dead, the one most worth bringing back first: the sergeant, then the toughest."""
    dead = [world.state.models[f] for f in squad.models if world.state.models[f].state == DEAD]
    return sorted(dead, key=lambda m: (not m.sergeant, -world.profile(m).w, squad.models.index(m.id)))


def usable(world: World, squad: Unit) -> list[UsePowerUp]:
    """Every UsePowerUp the squad could give now (a sample: each item to each model, each dead model back)."""
    out: list[UsePowerUp] = []
    alive = world.alive(squad)
    for item in dict.fromkeys(squad.power_ups):
        if item in (CHAINSAW, SHOTGUN):
            out += [UsePowerUp(squad.id, item, m.id) for m in alive]
        elif item == DUCT_TAPE:
            out += [UsePowerUp(squad.id, item, m.id, b) for m in alive for b in TAPE_RULE]
        elif item == SPEED_PACK:
            out.append(UsePowerUp(squad.id, item))
        elif item == DEFIBRILLATOR:
            out += [UsePowerUp(squad.id, item, m.id) for m in dead_models(world, squad)]
    good = []
    for c in out:
        try:
            check_use(world, c)
        except IllegalCommand:
            continue
        good.append(c)
    return good


# -- the effects the other rules ask for ----------------------------------------------------------------


def _turn_over(world: World, squad: Unit) -> bool:
    """This game turn's player turn of the squad is over (or it is the zombies' turn)."""
    st = world.state
    if st.phase == Phase.ZOMBIES:
        return True
    return squad.player in st.order and st.order.index(squad.player) < st.order_index


def speed_active(world: World, unit: Unit) -> bool:
    return unit.power_up_effects.get(SPEED_PACK, -1) == world.state.turn


def move_bonus(world: World, unit: Unit) -> float:
    """Inches the Speed Pack adds to every move, run and charge this turn [house 3"]."""
    return world.data.house.speed_inches if speed_active(world, unit) else 0.0


def initiative_bonus(world: World, unit: Unit) -> int:
    return world.data.house.speed_initiative if speed_active(world, unit) else 0


def slippery(world: World, unit: Unit) -> bool:
    """Banana Peel: in this, its next turn, the squad moves as if through difficult terrain."""
    t = unit.power_up_effects.get(BANANA_PEEL, -1)
    return t == world.state.turn and world.state.active_player == unit.player


def blessed(world: World, unit: Unit) -> bool:
    """The Blessing of Chuck Norris is on the squad (from the roll to the end of its next turn)."""
    t = unit.power_up_effects.get(CHUCK_NORRIS, -1)
    return t == 0 or (t == world.state.turn and not _turn_over(world, unit))


BLESSING = "Blessing of Chuck Norris"
BLESSING_NOTE = f"re-rolled: {BLESSING}"


def blessed_move_reroll(world: World, unit: Unit, inches: int) -> bool:
    """The Blessing re-rolls a Run or a difficult-terrain move of ``chuck_reroll_move_at_most`` or less
    [house 3"]."""
    return inches <= world.data.house.chuck_reroll_move_at_most and blessed(world, unit)


def extra_attacks(world: World, m: Model) -> int:
    return world.data.house.duct_tape_bonus if TAPE_RULE["attack"] in m.rules else 0


def extra_shots(world: World, m: Model) -> int:
    return world.data.house.duct_tape_bonus if TAPE_RULE["shot"] in m.rules else 0


def shamble_candidates(world: World, squads: list[Unit]) -> list[Unit]:
    """Zombie Bile: those squads are the only targets; Sweet Aviator Shades: those squads are ignored."""
    bile = [u for u in squads if ZOMBIE_BILE in u.power_up_effects]
    if bile:
        return bile
    return [u for u in squads if AVIATOR_SHADES not in u.power_up_effects]


def shamble_over(world: World) -> None:
    """Zombie Bile and the Shades last one Shamble."""
    for u in world.state.squads():
        for key in (ZOMBIE_BILE, AVIATOR_SHADES):
            if u.power_up_effects.pop(key, None) is not None:
                world.emit(PowerUpLost(u.id, (key,), "its Shamble is over"))


def start_of_turn(world: World, squad: Unit) -> None:
    """The squad's turn begins: the Banana Peel and the Blessing wait no longer; yesterday's effects end
    (when the turn's end did not end them)."""
    st = world.state
    fx = squad.power_up_effects
    for key in (BANANA_PEEL, CHUCK_NORRIS):
        if fx.get(key) == 0:
            fx[key] = st.turn
    wear_off(world, squad, st.turn - 1)


def wear_off(world: World, squad: Unit, turn: int) -> None:
    """The effects that last a turn (the Banana Peel, the Blessing, the Speed Pack) end once turn ``turn`` is
    over: said when it ends, before the next turn begins."""
    fx = squad.power_up_effects
    for key in [k for k, t in fx.items() if k in (BANANA_PEEL, CHUCK_NORRIS, SPEED_PACK) and 0 < t <= turn]:
        del fx[key]
        world.emit(PowerUpLost(squad.id, (key,), "its turn is over"))


def medpack(world: World, m: Model, lethal: bool = False) -> bool:
    """An unsaved wound on a squad model (``lethal``: Instant Death): a carried Medpack ignores it; the
    Defibrillator does when the wound would kill the squad's last model and no Medpack is left."""
    if m.side != PLAYERS:
        return False
    squad = world.state.units[m.unit]
    if MEDPACK in squad.power_ups:
        key = MEDPACK
    elif DEFIBRILLATOR in squad.power_ups and (lethal or m.wounds <= 1) and len(world.alive(squad)) == 1:
        key = DEFIBRILLATOR
    else:
        return False
    squad.power_ups.remove(key)
    world.emit(PowerUpUsed(squad.id, key, m.id, f"{m.id} ignores an unsaved wound"))
    return True


def chainsaw_pool(pool: attacks.Pool, target: Unit) -> bool:
    return pool.weapon == WEAPON[CHAINSAW] and target.side == ZOMBIES


def shotgun_pool(pool: attacks.Pool, target: Unit) -> bool:
    return pool.weapon == WEAPON[SHOTGUN] and target.side == ZOMBIES


def chainsaw_hits(world: World, unit: Unit, target: Unit, pool: attacks.Pool) -> int:
    """The chainsaw's blows [seed, house 2+]: a 1 runs it out of fuel after this round, unless a re-roll
    (the squad's own, or the Blessing) turns it into something else."""
    need = world.data.house.chainsaw_hits
    out = world.data.house.chainsaw_fuel_out
    faces = world.d6s(pool.attacks, f"{unit.id} to hit (Chainsaw)", "")
    hits = sum(f >= need for f in faces)
    ones = sum(f <= out for f in faces)
    note = ""
    for again, why in ((bool(pool.reroll_hit), ""), (blessed(world, unit), " (Blessing of Chuck Norris)")):
        if ones and again:
            faces = world.d6s(ones, f"{unit.id} re-roll to hit (Chainsaw){why}")
            note = f"{ones} {BLESSING_NOTE}" if why else note
            hits += sum(f >= need for f in faces)
            ones = sum(f <= out for f in faces)
    world.emit(AttackStep(unit.id, target.id, "Chainsaw", "hit", need, pool.attacks, hits, note))
    if ones:
        for fid in pool.shooters:
            m = world.model(fid)
            if WEAPON[CHAINSAW] in m.weapons:
                m.weapons = tuple(w for w in m.weapons if w != WEAPON[CHAINSAW])
                world.emit(PowerUpLost(unit.id, (CHAINSAW,), f"{m.id}'s Chainsaw ran out of fuel"))
    return hits


def take_given(m: Model) -> list[str]:
    """Take from ``m`` the power-ups given to it (the Chainsaw, the Shotgun, Duct Tape); their keys."""
    lost = []
    for key, wk in WEAPON.items():
        if wk in m.weapons:
            m.weapons = tuple(w for w in m.weapons if w != wk)
            lost.append(key)
    tape = [r for r in m.rules if r in TAPE_RULE.values()]
    if tape:
        m.rules = tuple(r for r in m.rules if r not in TAPE_RULE.values())
        lost += [DUCT_TAPE] * len(tape)
    return lost


def lose_all(world: World, squad: Unit) -> None:
    """A wiped-out team loses its power-ups [seed]: the carried, those at work, the given and the Ork Boy."""
    st = world.state
    lost = list(squad.power_ups) + list(squad.power_up_effects)
    for fid in list(squad.models):
        m = st.models[fid]
        lost += take_given(m)
        if m.profile == ORK_PROFILE:
            squad.models.remove(fid)  # he does not come back with the team
            squad.start_size = max(0, squad.start_size - 1)
            lost.append(ORK_BOY)
    squad.power_ups = []
    squad.power_up_effects = {}
    squad.power_up_choices = 0
    squad.power_up_offer = []
    if lost:
        world.emit(PowerUpLost(squad.id, tuple(lost), f"{squad.name} was wiped out"))


@register
class PowerUps(Plugin):
    """The power-up rolls (issue 15 item 2) [seed] and what the items do, answered to the core."""

    order = 20
    commands = (PowerUpChoice, UsePowerUp)
    weapons_first = (WEAPON[SHOTGUN], WEAPON[CHAINSAW])
    weapons_apart = (WEAPON[CHAINSAW],)  # each Chainsaw its own fuel

    def apply(self, world: Any, cmd: Command) -> None:
        if isinstance(cmd, PowerUpChoice):
            choose(world, cmd)
        elif isinstance(cmd, UsePowerUp):
            use(world, cmd)

    def preview(self, world: Any, cmd: Command) -> Preview:
        if isinstance(cmd, PowerUpChoice):
            check_choice(world, cmd)
        elif isinstance(cmd, UsePowerUp):
            check_use(world, cmd)
        return Preview(True)

    def before_command(self, world: Any, cmd: Command) -> None:
        if not isinstance(cmd, self.commands):
            must_choose_first(world)

    def player_respawn_phase(self, world: Any, player: int) -> None:
        squad = world.state.squad_of(player)
        start_of_turn(world, squad)
        if waiting(world, squad):
            offer_choice(world, squad)  # owed since another turn: say again what buttons 1 and 2 do

    def squad_respawned(self, world: Any, squad: Unit) -> None:
        earn(world, squad, "respawned")

    def turn_over(self, world: Any) -> None:
        for squad in world.state.squads():
            wear_off(world, squad, world.state.turn)

    def has_choice(self, world: Any, squad: Unit) -> bool:
        if waiting(world, squad):
            return True  # the furthest player chooses for a power-up roll before anything else
        # something carried may be given or used (even by a squad locked in combat)
        return world.state.phase == Phase.MOVEMENT and bool(usable(world, squad))

    def shamble_targets(self, world: Any, squads: list[Unit]) -> list[Unit]:
        return shamble_candidates(world, squads)

    def shamble_over(self, world: Any) -> None:
        shamble_over(world)

    def move_bonus(self, world: Any, unit: Unit) -> float:
        return move_bonus(world, unit)

    def initiative_bonus(self, world: Any, unit: Unit) -> int:
        return initiative_bonus(world, unit)

    def extra_attacks(self, world: Any, m: Model) -> int:
        return extra_attacks(world, m)

    def extra_shots(self, world: Any, m: Model) -> int:
        return extra_shots(world, m)

    def moves_as_difficult(self, world: Any, unit: Unit) -> bool:
        return slippery(world, unit)

    def reroll(self, world: Any, unit: Unit, roll: str, value: int = 0) -> str:
        """The Blessing of Chuck Norris: every roll that still fails; a move only when short [house]."""
        if roll == "move":
            return BLESSING if blessed_move_reroll(world, unit, value) else ""
        return BLESSING if blessed(world, unit) else ""

    def shot_pool(self, world: Any, pool: attacks.Pool, target: Unit) -> attacks.Pool:
        if shotgun_pool(pool, target):  # whatever the firer's BS [seed, house 2+]
            return replace(pool, need_hit=world.data.house.shotgun_hits, direct=True)
        return pool

    def roll_hits(self, world: Any, unit: Unit, target: Unit, pool: attacks.Pool) -> int | None:
        return chainsaw_hits(world, unit, target, pool) if chainsaw_pool(pool, target) else None

    def direct(self, world: Any, pool: attacks.Pool, target: Unit) -> bool:
        return shotgun_pool(pool, target) or chainsaw_pool(pool, target)

    def ignore_wound(self, world: Any, m: Model, lethal: bool) -> bool:
        return medpack(world, m, lethal)

    def model_joined_horde(self, world: Any, m: Model, squad: Unit) -> None:
        lost = take_given(m)  # Dead Men Walking: the risen model "loses any Power Ups" [seed]
        if lost:
            world.emit(PowerUpLost(squad.id, tuple(lost), "a model that joins the horde loses its power-ups"))

    def horde_destroyed(self, world: Any, horde: Unit, by_unit: str) -> None:
        squad = world.state.units.get(by_unit)
        if horde.kind == HORDE and squad is not None and squad.kind == SQUAD and world.alive(squad):
            earn(world, squad, f"destroyed {horde.name}")

    def squad_wiped_out(self, world: Any, squad: Unit) -> None:
        lose_all(world, squad)


__all__ = ["PowerUps", "may_gain_power_ups", "may_roll_twice", "earn", "choose", "use", "PowerUpChoice"]
