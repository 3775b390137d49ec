"""A squad bot for Zombie 40,000 (demo mode, the simulator, whole-game tests, hand-over).

One command per call, for the active player, always one the rules accept (each is checked with the rules'
own validation before it is returned):
1. Movement: every model (the one nearest the escape vehicle first, so the front does not block the back)
   walks 6" along the walking route to the vehicle, sidestepping friends and keeping 1" from enemies; a
   model whose step the squad's coherency refuses is tried again once a squad-mate has moved.
2. Shooting: a squad near the vehicle runs for it; otherwise it shoots the nearest threat (a player squad
   within 8" of the vehicle it may shoot, else the nearest zombie unit within 12"), and with no threat it runs.
   In Coop Mode, while the Zombie Boss stands (no one may embark), the Boss is shot first whenever it can be;
   a squad whose models are all aboard the vehicle shoots from it at the zombie unit nearest a team still
   outside.
3. Assault: it charges another player's squad by the vehicle when the charge is more likely than not.
4. Then EndPhase.

Power-ups come first in any phase: owed a choice, it pushes back a rival within 12" of the vehicle, else it
rolls twice and keeps the result it likes best; it gives a Chainsaw to the model with the most Attacks, a
Shotgun to the worst shot, Duct Tape as a second barrel (or a fist with no gun), brings the dead back with the
Defibrillator and turns the Speed Pack on at the start of a movement phase it can move in.

With the Killing Floor mod, at the start of its turn (before the first move) it shops: a basic gun for each
model that has none, the best the points buy (plasma gun, storm bolter, flamer, shotguns, boltgun: every one
fired on the move, which the bot always makes, so no heavy weapons), then defensive grenades for the squad.
Before its squad shoots, one model throws the squad's best grenade at the same target when it is within 8".

>>> from game.rules.zombie40k.testing import small_scenario
>>> from game.rules.zombie40k import new_game
>>> g = new_game(small_scenario(), {"teams": ["ork_boyz"]}, seed=1)
>>> type(choose_command(g)).__name__ in ("Move", "EndPhase")
True
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from game.rules.core import Command, IllegalCommand
from game.rules.zombie40k import killing_floor, mods, movement, power_ups
from game.rules.zombie40k.commands import (
    Buy,
    Charge,
    EndPhase,
    Move,
    PowerUpChoice,
    Run,
    Shoot,
    Throw,
    UsePowerUp,
)
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.setup import vehicle_centre
from game.rules.zombie40k.state import Phase
from game.table import truncate_path

THREAT_RANGE = 12.0  # a zombie unit this close (edge to edge) is worth shooting rather than running
RUN_FOR_IT = 8.0  # this close to the vehicle, run rather than shoot
CHARGE_ODDS = 0.5
SIDESTEPS = (20.0, -20.0, 40.0, -40.0, 70.0, -70.0)
LENGTHS = (1.0, 0.75, 0.5, 0.25)

# Killing Floor: the guns the bot buys, best first (S6+ is Instant Death to a zombie: no Feel No Pain)
SHOP_GUNS = ("plasma_gun", "storm_bolter", "flamer", "astartes_shotgun", "boltgun", "imperial_shotgun")
SHOP_SQUAD = ("defensive_grenades",)

_memory: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def _mem(game: Zombie40kGame) -> dict[str, Any]:
    mem = _memory.get(game)
    if mem is None:
        mem = _memory[game] = {"skip": set(), "key": None, "field": None}
    key = (game.state.turn, game.state.phase, game.state.active_player)
    if mem["key"] != key:
        mem["key"], mem["skip"] = key, set()
    return mem


def _field(game: Zombie40kGame, radius: float) -> Any:
    mem = _mem(game)
    if mem["field"] is None:
        mem["field"] = game.table.distance_field([vehicle_centre(game.world)], radius)
    return mem["field"]


def _route(game: Zombie40kGame, m: Any, length: float) -> list[tuple[float, float]]:
    return _field(game, m.radius).step(m.position, length)


def _try_step(game: Zombie40kGame, m: Any, kind: type, length: float) -> Command | None:
    """A legal Move or Run of up to ``length`` toward the vehicle, or None."""
    path = _route(game, m, length)
    if len(path) < 2:
        return None
    full = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
    candidates: list[list[tuple[float, float]]] = []
    for f in LENGTHS:
        candidates.append(truncate_path(path, full * f))
    (x0, y0), (x1, y1) = path[0], path[1]
    base = math.atan2(y1 - y0, x1 - x0)
    for turn in SIDESTEPS:
        a = base + math.radians(turn)
        leg = min(length, 3.0)
        candidates.append([path[0], (x0 + leg * math.cos(a), y0 + leg * math.sin(a))])
    field = _field(game, m.radius)
    here = field.distance(m.position)
    for pts in candidates:
        if len(pts) < 2 or math.dist(pts[0], pts[-1]) < 0.2:
            continue
        if game.table.legal_part(pts, m.radius, mover=m.id).blocked:  # the rules' own check follows
            continue
        if field.distance(pts[-1]) >= here - 0.1:
            continue  # no progress
        cmd = kind(m.id, tuple((round(x, 4), round(y, 4)) for x, y in pts[1:]))
        try:
            movement.plan_move(game.world, cmd)
        except IllegalCommand:
            continue
        return cmd
    return None


def _nearest_threat(game: Zombie40kGame, squad: Any) -> Any:
    w, st = game.world, game.state
    # a rival about to escape comes first
    rivals = [u for u in st.squads() if u.id != squad.id and w.alive(u)]
    rivals.sort(key=lambda u: w.unit_vehicle_distance(u))
    for r in rivals:
        if w.unit_vehicle_distance(r) <= w.data.house.vehicle_pvp_range:
            try:
                game.check_shoot(Shoot(squad.id, r.id))
                return r
            except IllegalCommand:
                pass
    zombies = sorted((w.unit_edge(squad, u), u.id) for u in st.zombie_units() if w.alive(u))
    for d, uid in zombies:
        if d > THREAT_RANGE:
            break
        try:
            game.check_shoot(Shoot(squad.id, uid))
            return st.units[uid]
        except IllegalCommand:
            continue
    return None


def _from_the_vehicle(game: Zombie40kGame, squad: Any) -> Any:
    """Coop Mode, the squad's models aboard (all of them, or the rest locked in close combat): the zombie unit
    nearest a team still outside that they may shoot, else None."""
    w, st = game.world, game.state
    outside = [u for u in st.squads() if w.alive(u)]
    zombies = sorted(
        (min((w.unit_edge(z, u) for u in outside), default=math.inf), z.id)
        for z in st.zombie_units()
        if w.alive(z)
    )
    for _, uid in zombies:
        try:
            game.check_shoot(Shoot(squad.id, uid))
            return st.units[uid]
        except IllegalCommand:
            continue
    return None


def _boss_first(game: Zombie40kGame, squad: Any) -> Any:
    """Coop Mode while the Zombie Boss stands: the Boss, when this squad may shoot it now; else None."""
    if not mods.has_mod(game, "coop") or not mods.boss_alive(game.world):
        return None
    for u in game.state.units.values():
        if u.kind == "boss" and game.world.alive(u):
            try:
                game.check_shoot(Shoot(squad.id, u.id))
                return u
            except IllegalCommand:
                return None
    return None


PUSH_BACK_RANGE = 12.0  # a rival this close to the vehicle is worth pushing back rather than rolling twice


def _power_up_command(game: Zombie40kGame, squad: Any) -> Command | None:
    """The power-up choice owed, or an item worth giving or using now; None when there is none."""
    w, st = game.world, game.state
    if power_ups.waiting(w, squad):
        if squad.power_up_offer:
            worth = [power_ups.WORTH.get(power_ups.entry(w, r)["key"], 0) for r in squad.power_up_offer]
            return PowerUpChoice(squad.id, 1 if worth[0] >= worth[1] else 2)
        leader = power_ups.closest_other(w, squad)
        push = leader is not None and w.unit_vehicle_distance(leader) <= PUSH_BACK_RANGE
        return PowerUpChoice(squad.id, 2 if push else 1)
    options = power_ups.usable(w, squad)
    if not options:
        return None
    prof = w.profile

    def ranged(m: Any) -> bool:
        return any(w.data.weapon(k).ranged for k in m.weapons)

    for cmd in options:
        if cmd.item == power_ups.DEFIBRILLATOR:
            return cmd
        if cmd.item == power_ups.SPEED_PACK and st.phase == Phase.MOVEMENT and not st.locked(squad.id):
            if not any(m.moved for m in w.alive(squad)):
                return cmd
    by_item: dict[str, list[UsePowerUp]] = {}
    for cmd in options:
        by_item.setdefault(cmd.item, []).append(cmd)
    if power_ups.CHAINSAW in by_item:
        return max(by_item[power_ups.CHAINSAW], key=lambda c: (prof(game.figure(c.figure)).a, c.figure))
    if power_ups.SHOTGUN in by_item:
        return min(by_item[power_ups.SHOTGUN], key=lambda c: (prof(game.figure(c.figure)).bs, c.figure))
    if power_ups.DUCT_TAPE in by_item:
        cmds = by_item[power_ups.DUCT_TAPE]
        return min(
            cmds,
            key=lambda c: (c.bonus != ("shot" if ranged(game.figure(c.figure)) else "attack"), c.figure, c.bonus),
        )
    return None


def choose_command(game: Zombie40kGame) -> Command:
    """The next command for the active player (EndPhase when nothing useful is left)."""
    if game.over:
        raise ValueError("The game is over; there is nothing to choose.")
    st, w = game.state, game.world
    if st.active_player is None:
        return EndPhase()
    squad = st.squad_of(st.active_player)
    cmd = _power_up_command(game, squad)
    if cmd is not None:
        return cmd
    mem = _mem(game)
    stepped = sum(m.moved or m.ran for m in w.alive(squad))
    if mem.get("stepped") != stepped:  # a squad-mate moved: one refused for the squad's coherency may go now
        mem["stepped"], mem["skip"] = stepped, set()
    models = [m for m in w.alive(squad) if m.id not in mem["skip"]]
    field = _field(game, 0.5)
    models.sort(key=lambda m: (field.distance(m.position), m.id))
    if st.phase == Phase.MOVEMENT:
        purchase = _shopping(game, st.active_player)
        if purchase is not None:
            return purchase
        for m in models:
            if m.moved:
                continue
            cmd = _try_step(game, m, Move, w.data.house.move + w.hooks.move_bonus(w, squad))
            if cmd is not None:
                return cmd
            mem["skip"].add(m.id)
        return EndPhase()
    if st.phase == Phase.SHOOTING:
        if st.locked(squad.id):  # (Coop Mode: those aboard still fire from the vehicle)
            threat = _from_the_vehicle(game, squad) if w.aboard(squad) and not squad.targets_shot else None
            return Shoot(squad.id, threat.id) if threat is not None else EndPhase()
        near = w.unit_vehicle_distance(squad) <= RUN_FOR_IT
        threat = None if near else _nearest_threat(game, squad)
        boss = _boss_first(game, squad)  # Coop Mode: the Boss bars the vehicle
        if boss is not None:
            threat = boss
        if not w.alive(squad):  # Coop Mode: all aboard, firing from the vehicle
            threat = _from_the_vehicle(game, squad)
        if threat is not None and not squad.targets_shot and squad.ran_turn != st.turn:
            return _throw(game, squad, threat) or Shoot(squad.id, threat.id)
        if not squad.targets_shot or w.unit_has(squad, "Battle Focus"):
            for m in models:
                if m.ran:
                    continue
                reach = (float(squad.run_roll) if squad.run_roll is not None else 6.0) + w.hooks.move_bonus(
                    w, squad
                )
                cmd = _try_step(game, m, Run, reach)
                if cmd is not None:
                    return cmd
                mem["skip"].add(m.id)
        return EndPhase()
    if st.phase == Phase.ASSAULT:
        for r in sorted(st.squads(), key=lambda u: w.unit_vehicle_distance(u)):
            if r.id == squad.id or not w.alive(r):
                continue
            cmd = Charge(squad.id, r.id)
            p = game.preview(cmd)
            if p.legal and p.chances.get("charge succeeds", 0) > CHARGE_ODDS:
                return cmd
    return EndPhase()


def _shopping(game: Zombie40kGame, player: int) -> Command | None:
    """Killing Floor: the next purchase worth making now, or None (the shop is closed, or nothing fits)."""
    w = game.world
    if killing_floor.shop_closed(w, player):
        return None
    wanted: list[Buy] = []
    for m in sorted(w.alive(w.state.squad_of(player)), key=lambda m: m.id):
        if killing_floor.held_in(w, m, "gun") is None:
            wanted += [Buy(player, m.id, k) for k in SHOP_GUNS]
    wanted += [Buy(player, "", k) for k in SHOP_SQUAD]
    for cmd in wanted:
        try:
            killing_floor.check_buy(w, cmd)
        except (IllegalCommand, KeyError):
            continue
        return cmd
    return None


def _throw(game: Zombie40kGame, squad: Any, target: Any) -> Command | None:
    """Killing Floor: the squad's best grenade at ``target`` before it shoots (None when none may be thrown)."""
    kinds = killing_floor.throwable(game.world, squad)
    if not kinds:
        return None
    cmd = Throw(squad.id, target.id, kinds[0])
    try:
        killing_floor.plan_throw(game.world, cmd)
    except IllegalCommand:
        return None
    return cmd
