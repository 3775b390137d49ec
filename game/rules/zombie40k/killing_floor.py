"""The Killing Floor mod (rules: "Zombie 40,000: Mods" [seed]; prices [house], in ``[killing_floor]`` of
``zombie40k.toml``).

Players buy no weapons or upgrades in the team builder (a sergeant is an upgrade too), every model starts with
a bolt pistol, a close combat weapon and assault grenades, and each zombie a squad kills is a point for its
player. Points are spent in a shop, open at the start of the player's own turn: in the movement phase, before
any model of the squad has moved (a squad locked in close combat or falling back passes that phase, and so
does not shop that turn). Anything bought sells back for half its price, rounded up [seed].

What one model carries [house]: one pistol, one melee weapon, one basic or heavy weapon. A bought pistol or
melee weapon takes the place of the bolt pistol or close combat weapon, which comes back when it is sold; a
slot holding something bought must be sold before another is bought for it. Grenades are bought once for the
whole squad. Psyker-only items (*) are refused to every model that is not a Psyker (and this game has no
psykers). A wiped-out squad keeps its points and its wares when it respawns [house].

Grenades [7th]: in the shooting phase one model may throw one of the squad's grenades instead of firing its own
weapon, once a phase (``Throw``): assault grenades are frag grenades, krak and plasma grenades their own
profiles. Defensive grenades take the chargers' bonus Attack away. Charging through cover costs no Initiative
here and there are no vehicles, so grenades do nothing else.

It plugs into the core through :class:`KillingFloor` (:mod:`.hooks`), played when the mod is on.

>>> from game.rules.zombie40k.data import load_data
>>> shop = Shop.of(load_data())
>>> shop.item("boltgun").slot, shop.item("boltgun").price, shop.sell_price("boltgun")
('gun', 3, 2)
>>> shop.item("witchblade").psyker_only
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.rules.core import Command, IllegalCommand, Preview
from game.rules.zombie40k import preview as previews
from game.rules.zombie40k import shooting, sight
from game.rules.zombie40k.commands import Buy, Sell, Throw
from game.rules.zombie40k.data import DataError, Z40Data
from game.rules.zombie40k.events import GrenadeThrown, PointScored, ShopKit, WareBought, WareSold
from game.rules.zombie40k.hooks import Plugin, register
from game.rules.zombie40k.state import PLAYERS, Model, Phase, Unit, Z40State
from game.rules.zombie40k.team_builder import default_team

if TYPE_CHECKING:
    from game.rules.zombie40k.shooting import FirePlan
    from game.rules.zombie40k.world import World

MOD = "killing_floor"
LISTS = ("pistols", "melee", "basic", "heavy", "grenades")  # the seed's tables, in its order
LIST_TITLES = {
    "pistols": "Pistols",
    "melee": "Melee weapons",
    "basic": "Basic weapons",
    "heavy": "Heavy weapons",
    "grenades": "Grenades (for the whole squad)",
}
SLOT_OF_LIST = {"pistols": "pistol", "melee": "melee", "basic": "gun", "heavy": "gun", "grenades": "squad"}
SLOT_WORDS = {"pistol": "pistol", "melee": "melee weapon", "gun": "basic or heavy weapon", "squad": "grenades"}


def killing_floor_on(state: Z40State) -> bool:
    """Whether the game plays the Killing Floor mod (the new-game option ``"mods"``)."""
    return MOD in state.mods


@dataclass(frozen=True)
class Item:
    """One thing the shop sells: a weapon (its key in ``[weapons]``) or a squad's grenades."""

    key: str
    name: str
    list: str  # pistols | melee | basic | heavy | grenades
    price: int
    psyker_only: bool = False
    note: str = ""  # what grenades do here (or why they do nothing)

    @property
    def slot(self) -> str:
        return SLOT_OF_LIST[self.list]

    @property
    def label(self) -> str:
        return f"{self.name}{'*' if self.psyker_only else ''}"


@dataclass(frozen=True)
class Shop:
    """The price lists, read from ``[killing_floor]``."""

    items: dict[str, Item]
    start_points: int
    per_zombie: int
    start_wargear: tuple[str, ...]
    start_grenades: tuple[str, ...]
    sell_fraction: float
    grenade_names: dict[str, str]

    @staticmethod
    def of(data: Z40Data) -> Shop:
        return _shop(data)

    def item(self, key: str) -> Item:
        return self.items[key]

    def listed(self, lst: str) -> list[Item]:
        return sorted((i for i in self.items.values() if i.list == lst), key=lambda i: (i.price, i.name))

    def sell_price(self, key: str) -> int:
        """Half the points back, rounded up [seed]."""
        return math.ceil(self.items[key].price * self.sell_fraction - 1e-9)


_SHOPS: dict[int, tuple[Z40Data, Shop]] = {}  # by the data's id (the data is kept, so the id stays its own)


def _shop(data: Z40Data) -> Shop:
    cached = _SHOPS.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    kf = data.killing_floor
    where = "zombie40k.toml: killing_floor"
    if not kf:
        raise DataError(f"{where}: the section is missing")
    psyker = set(kf.get("psyker_only", ()))
    rules = kf.get("grenade_rules", {})
    items: dict[str, Item] = {}
    for lst in LISTS:
        for key, price in kf.get(lst, {}).items():
            if isinstance(price, bool) or not isinstance(price, int) or price < 1:
                raise DataError(
                    f"{where}.{lst}: field {key!r}: the price must be a whole number of points, 1 or more"
                )
            if lst == "grenades":
                name, note = _grenade(rules, key, where)
            else:
                if key not in data.weapons:
                    raise DataError(f"{where}.{lst}: field {key!r}: no such weapon in [weapons]")
                w = data.weapons[key]
                kind_ok = (
                    (lst == "pistols" and w.type == "pistol")
                    or (lst == "melee" and w.type == "melee")
                    or (lst in ("basic", "heavy") and w.type not in ("pistol", "melee"))
                )
                if not kind_ok:
                    raise DataError(f"{where}.{lst}: field {key!r}: a {w.type} weapon is not on this list")
                name, note = w.name, ""
            items[key] = Item(key, name, lst, price, key in psyker, note)
    for key in kf.get("start_wargear", ()):
        if key not in data.weapons:
            raise DataError(f"{where}: field 'start_wargear': no weapon {key!r}")
    start_grenades = tuple(kf.get("start_grenades", ()))
    shop = Shop(
        items=items,
        start_points=int(kf.get("start_points", 0)),
        per_zombie=int(kf.get("points_per_zombie", 1)),
        start_wargear=tuple(kf.get("start_wargear", ("bolt_pistol", "close_combat_weapon"))),
        start_grenades=start_grenades,
        sell_fraction=float(kf.get("sell_fraction", 0.5)),
        grenade_names={k: str(v.get("name", k)) for k, v in rules.items()},
    )
    _SHOPS[id(data)] = (data, shop)
    return shop


def _grenade(rules: dict[str, Any], key: str, where: str) -> tuple[str, str]:
    r = rules.get(key)
    if not isinstance(r, dict) or "name" not in r or "effect" not in r:
        raise DataError(f"{where}.grenade_rules: {key!r} needs a name and an effect")
    note = str(r["effect"]) if r["effect"] != "none" else str(r.get("why", "no effect in this game"))
    return str(r["name"]), note


# -- set-up ------------------------------------------------------------------------------------------------

TEAM_REFUSED = (
    "Killing Floor: players may not purchase weapons or upgrades for their units [seed] (every model starts "
    "with a bolt pistol, close combat weapon and assault grenades, and buys more in the shop)"
)


def team_refusal(spec: Any) -> str:
    """Why a team table is refused under Killing Floor (empty when it is not): weapon changes, a sergeant
    or sergeant wargear are all bought upgrades."""
    if not isinstance(spec, dict):
        return ""
    bought = [k for k in ("weapons", "sergeant_options") if spec.get(k)]
    if spec.get("sergeant"):
        bought.insert(0, "sergeant")
    if not bought:
        return ""
    return f"{TEAM_REFUSED}; this team asks for: {', '.join(bought)}"


def plain_team(spec: dict[str, Any]) -> dict[str, Any]:
    """A team table without its bought upgrades (the dealt default teams, under Killing Floor)."""
    return {k: v for k, v in spec.items() if k not in ("weapons", "sergeant", "sergeant_options")}


def set_up(world: World) -> None:
    """Killing Floor's start: 0 points each, and every model's wargear replaced [seed]."""
    st = world.state
    if not killing_floor_on(st):
        return
    shop = Shop.of(world.data)
    for squad in st.squads():
        st.kf_points[str(squad.player)] = shop.start_points
        st.kf_grenades[squad.id] = list(shop.start_grenades)
        for fid in squad.models:
            st.models[fid].weapons = shop.start_wargear
            st.kf_wares[fid] = []
        world.emit(
            ShopKit(squad.player, squad.id, shop.start_wargear, tuple(shop.start_grenades), shop.start_points)
        )


# -- points ------------------------------------------------------------------------------------------------


def points(state: Z40State, player: int) -> int:
    return int(state.kf_points.get(str(player), 0))


def zombie_killed(world: World, zombie: Model, killer: str) -> None:
    """A zombie died to squad ``killer`` (``p2``): a point for its player [seed]."""
    st = world.state
    if not killing_floor_on(st) or zombie.side == PLAYERS:
        return
    squad = st.units.get(killer)
    if squad is None or squad.side != PLAYERS:
        return
    gain = Shop.of(world.data).per_zombie
    key = str(squad.player)
    st.kf_points[key] = st.kf_points.get(key, 0) + gain
    world.emit(PointScored(squad.player, zombie.id, gain, st.kf_points[key]))


# -- the shop ----------------------------------------------------------------------------------------------


def shop_closed(world: World, player: int) -> str:
    """Why ``player`` may not shop now (empty when the shop is open to them)."""
    st = world.state
    if not killing_floor_on(st):
        return "The shop is part of the Killing Floor mod, which this game does not play."
    if st.phase == Phase.OVER:
        return "The game is over."
    if st.active_player != player:
        who = f"player {st.active_player}'s turn" if st.active_player else "the zombies' turn"
        return f"Player {player} shops at the start of their own turn; it is {who}."
    if st.phase != Phase.MOVEMENT:
        return f"The shop is open at the start of your turn, before movement; it is the {st.phase.value} phase."
    squad = st.squad_of(player)
    if any(m.moved for m in world.alive(squad)):
        return "The shop closes once a model of your squad has moved; it opens again next turn."
    return ""


def _model_for(world: World, player: int, fid: str, item: Item | None) -> Model | None:
    st = world.state
    squad = st.squad_of(player)
    if item is not None and item.slot == "squad" and not fid:
        return None
    m = st.models.get(fid)
    if m is None or m.unit != squad.id:
        raise IllegalCommand(f"{fid!r} is not a model of player {player}'s squad.")
    if not m.alive:
        raise IllegalCommand(f"{fid} is not on the table: only living models shop.")
    return m


def _item(world: World, key: str) -> Item:
    shop = Shop.of(world.data)
    item = shop.items.get(key)
    if item is None:
        raise IllegalCommand(f"The shop sells no {key!r}.")
    return item


def slot_of(world: World, key: str) -> str:
    """A weapon's slot on a model: pistol, melee or gun (basic or heavy)."""
    t = world.data.weapon(key).type
    return "pistol" if t == "pistol" else "melee" if t == "melee" else "gun"


def held_in(world: World, m: Model, slot: str) -> str | None:
    return next((k for k in m.weapons if slot_of(world, k) == slot), None)


def is_psyker(world: World, m: Model) -> bool:
    return world.model_has(m, "Psyker")


def check_buy(world: World, cmd: Buy) -> tuple[Item, Model | None, Unit]:
    """The item, the model and the squad of a legal purchase; IllegalCommand with the reason otherwise."""
    st = world.state
    reason = shop_closed(world, cmd.player)
    if reason:
        raise IllegalCommand(reason)
    item = _item(world, cmd.item)
    squad = st.squad_of(cmd.player)
    m = _model_for(world, cmd.player, cmd.model, item)
    have = points(st, cmd.player)
    if item.slot == "squad":
        if item.key in st.kf_grenades.get(squad.id, []):
            raise IllegalCommand(f"{squad.name} already has {item.name}.")
    else:
        assert m is not None
        if item.psyker_only and not is_psyker(world, m):
            raise IllegalCommand(f"{item.name} may only be taken by psykers [seed]; {m.id} is not a Psyker.")
        held = held_in(world, m, item.slot)
        if held == item.key:
            raise IllegalCommand(f"{m.id} already carries a {item.name}.")
        if held is not None and held in st.kf_wares.get(m.id, []):
            raise IllegalCommand(
                f"{m.id} carries one {SLOT_WORDS[item.slot]} [house]: sell the "
                f"{world.data.weapon(held).name} first."
            )
    if item.price > have:
        raise IllegalCommand(f"Not enough points: {item.name} {item.price}, player {cmd.player} has {have}.")
    return item, m, squad


def buy(world: World, cmd: Buy) -> None:
    st = world.state
    item, m, squad = check_buy(world, cmd)
    key = str(cmd.player)
    st.kf_points[key] = points(st, cmd.player) - item.price
    if m is None:
        st.kf_grenades.setdefault(squad.id, []).append(item.key)
    else:
        held = held_in(world, m, item.slot)
        kept = tuple(k for k in m.weapons if k != held)
        m.weapons = _ordered(world, (*kept, item.key))
        st.kf_wares.setdefault(m.id, []).append(item.key)
    world.emit(WareBought(cmd.player, m.id if m else "", squad.id, item.key, item.price, st.kf_points[key]))


def check_sell(world: World, cmd: Sell) -> tuple[Item, Model | None, Unit]:
    st = world.state
    reason = shop_closed(world, cmd.player)
    if reason:
        raise IllegalCommand(reason)
    shop = Shop.of(world.data)
    if cmd.item in shop.start_wargear or cmd.item in shop.start_grenades:
        name = (
            world.data.weapons[cmd.item].name if cmd.item in world.data.weapons else shop.grenade_names[cmd.item]
        )
        raise IllegalCommand(f"{name}: starting wargear [seed]; only what was bought in the shop sells.")
    item = _item(world, cmd.item)
    squad = st.squad_of(cmd.player)
    m = _model_for(world, cmd.player, cmd.model, item)
    if m is None or item.slot == "squad":
        if item.key not in st.kf_grenades.get(squad.id, []):
            raise IllegalCommand(f"{squad.name} has no bought {item.name} to sell.")
        return item, None, squad
    if item.key not in st.kf_wares.get(m.id, []):
        raise IllegalCommand(f"{m.id} carries no {item.name} bought in the shop; only what was bought sells.")
    return item, m, squad


def sell(world: World, cmd: Sell) -> None:
    st = world.state
    item, m, squad = check_sell(world, cmd)
    shop = Shop.of(world.data)
    back = shop.sell_price(item.key)
    key = str(cmd.player)
    st.kf_points[key] = points(st, cmd.player) + back
    if m is None:
        st.kf_grenades[squad.id].remove(item.key)
    else:
        st.kf_wares[m.id].remove(item.key)
        weapons = [k for k in m.weapons if k != item.key]
        start = next((k for k in shop.start_wargear if slot_of(world, k) == item.slot), None)
        if start is not None:  # the bolt pistol or close combat weapon comes back
            weapons.append(start)
        m.weapons = _ordered(world, tuple(weapons))
    world.emit(WareSold(cmd.player, m.id if m else "", squad.id, item.key, back, st.kf_points[key]))


def _ordered(world: World, weapons: tuple[str, ...]) -> tuple[str, ...]:
    """Gun, pistol, melee: the order the roster shows (and the gun is fired before the pistol)."""
    rank = {"gun": 0, "pistol": 1, "melee": 2}
    return tuple(sorted(weapons, key=lambda k: rank[slot_of(world, k)]))


def has_grenades(world: World, unit: Unit, key: str) -> bool:
    """Whether a squad carries ``key`` grenades (Killing Floor only: the core gives out none)."""
    return killing_floor_on(world.state) and key in world.state.kf_grenades.get(unit.id, [])


# -- thrown grenades [7th] -------------------------------------------------------------------------------------


def thrown_weapon(data: Z40Data, grenade: str) -> str | None:
    """The weapon key one model throws for a squad's ``grenade`` (None when it is not thrown here)."""
    r = data.killing_floor.get("grenade_rules", {}).get(grenade, {})
    key = r.get("thrown") if isinstance(r, dict) else None
    return str(key) if key and key in data.weapons else None


def throwable(world: World, unit: Unit) -> list[str]:
    """The squad's grenades that may be thrown, in the data's ``throw_order`` (the best first)."""
    have = world.state.kf_grenades.get(unit.id, []) if killing_floor_on(world.state) else []
    order = list(world.data.killing_floor.get("throw_order", ()))
    keys = [g for g in have if thrown_weapon(world.data, g)]
    return sorted(keys, key=lambda g: (order.index(g) if g in order else len(order), g))


def plan_throw(world: World, cmd: Throw) -> FirePlan:
    """One model of the active squad throws one of the squad's grenades at ``cmd.target`` instead of firing its
    own weapon, once a shooting phase [7th]; the fire plan, or IllegalCommand with the reason."""
    st = world.state
    if not killing_floor_on(st):
        raise IllegalCommand("Thrown grenades come with the Killing Floor mod, which this game does not play.")
    if st.phase != Phase.SHOOTING:
        raise IllegalCommand(f"Grenades are thrown in the shooting phase; it is the {st.phase.value} phase.")
    unit, target = shooting.check_fire(world, cmd.unit, cmd.target, "throw grenades")
    weapon_key = thrown_weapon(world.data, cmd.grenade)
    if cmd.grenade not in st.kf_grenades.get(unit.id, []) or weapon_key is None:
        have = ", ".join(Shop.of(world.data).grenade_names.get(g, g) for g in throwable(world, unit)) or "none"
        raise IllegalCommand(f"{unit.name} has no {cmd.grenade!r} to throw; it may throw: {have}.")
    thrown = st.kf_thrown.get(unit.id)
    if thrown and thrown[0] == st.turn:
        raise IllegalCommand(
            f"{unit.name} has thrown its grenade this phase: one a squad each shooting phase [7th]."
        )
    split = world.unit_has(unit, "Split Fire")
    if unit.targets_shot and target.id not in unit.targets_shot and not split:
        raise IllegalCommand(f"{unit.name} shot at {unit.targets_shot[0]}: its grenade goes at the same unit.")
    weapon = world.data.weapon(weapon_key)
    if weapon.blast and (unit.falling_back or unit.regrouped_turn == st.turn):
        raise IllegalCommand(f"{unit.name} fires only Snap Shots this turn, and a blast cannot be snapped [7th].")

    def seen(m: Model) -> list[tuple[float, Model]]:
        out = []
        for t in world.alive(target):
            d = world.edge(m, t)
            if d <= weapon.range + 1e-9 and sight.line(world, m.position, t.position).state != "blocked":
                out.append((d, t))
        return sorted(out, key=lambda x: (x[0], x[1].id))

    if cmd.model:
        m = st.models.get(cmd.model)
        if m is None or m.unit != unit.id or not m.alive:
            raise IllegalCommand(f"{cmd.model!r} is not a living model of {unit.name}.")
        if m.fired:
            raise IllegalCommand(f"{m.id} has fired this phase.")
        throwers = [m]
    else:
        throwers = [m for m in world.alive(unit) if not m.fired]
    choices = [(v[0][0], m.id, m, v) for m in throwers if (v := seen(m))]
    if not choices:
        who = cmd.model or f"No model of {unit.name}"
        raise IllegalCommand(f'{who} can see {target.name} within the {weapon.range:g}" a grenade is thrown.')
    _, _, m, visible = min(choices, key=lambda c: (c[0], c[1]))
    shooter = shooting.Shooter(m, weapon, weapon.shots, False, visible[0][1].id)
    order = [t.id for _, t in visible]
    covers = {f: shooting.cover_of(world, [m], world.model(f), target) for f in order}
    plan = shooting.FirePlan(unit, target, [shooter], order, covers)
    plan.pools = shooting.pools(world, plan)
    return plan


def mark_throw(world: World, plan: FirePlan, grenade: str) -> None:
    """The throw is made: the squad's one grenade this phase is spent (the grenades themselves are not)."""
    st = world.state
    st.kf_thrown[plan.unit.id] = [st.turn, plan.target.id]
    s = plan.shooters[0]
    world.emit(GrenadeThrown(plan.unit.id, s.model.id, grenade, s.weapon.key, plan.target.id))


def shoot_after_throw(world: World, unit: Unit, target: Unit) -> str:
    """Why ``unit`` may not shoot ``target`` after throwing its grenade at another unit this phase ("" if it may)."""
    thrown = world.state.kf_thrown.get(unit.id)
    if not thrown or thrown[0] != world.state.turn or thrown[1] == target.id or world.unit_has(unit, "Split Fire"):
        return ""
    return f"{unit.name} threw its grenade at {thrown[1]}: the squad shoots at the same unit."


def throw_refusal(world: World, fid: str) -> str:
    """Why model ``fid`` may not throw a grenade now at any unit ("" when it may, at some)."""
    st = world.state
    m = st.models.get(fid)
    if m is None or not killing_floor_on(st):
        return "Thrown grenades come with the Killing Floor mod."
    unit = st.units[m.unit]
    kinds = throwable(world, unit)
    if not kinds:
        return f"{unit.name} has no grenades to throw."
    why = ""
    for other in sorted(st.units.values(), key=lambda u: world.unit_edge(unit, u) if world.alive(u) else 1e9):
        if other.id == unit.id or not world.alive(other):
            continue
        try:
            plan_throw(world, Throw(unit.id, other.id, kinds[0], fid))
            return ""
        except IllegalCommand as exc:
            why = why or exc.reason
    return why or "There is nothing to throw at."


# -- what a player (or a bot) may buy now ------------------------------------------------------------------


def offers(world: World, player: int, fid: str) -> list[tuple[Item, str]]:
    """Every item, with why model ``fid`` may not have it now (empty when it may)."""
    out = []
    for lst in LISTS:
        for item in Shop.of(world.data).listed(lst):
            try:
                check_buy(world, Buy(player, "" if item.slot == "squad" else fid, item.key))
                why = ""
            except IllegalCommand as exc:
                why = exc.reason
            out.append((item, why))
    return out


def shop_has_something(world: World, squad: Unit) -> bool:
    """The shop is open to the squad's player and he may buy or sell something in it now."""
    if not killing_floor_on(world.state) or shop_closed(world, squad.player):
        return False
    models = world.alive(squad)
    if any(wares(world, squad.player, m.id) for m in models):
        return True
    return any(not why for m in models for _, why in offers(world, squad.player, m.id))


def wares(world: World, player: int, fid: str) -> list[Item]:
    """What can be sold now for ``fid``: its bought weapons, then the squad's bought grenades."""
    st = world.state
    shop = Shop.of(world.data)
    out = [shop.items[k] for k in st.kf_wares.get(fid, []) if k in shop.items]
    squad = st.squad_of(player)
    out += [shop.items[k] for k in st.kf_grenades.get(squad.id, []) if k in shop.items]
    return out


# -- the plug-in -------------------------------------------------------------------------------------------

NOT_PLAYED = "{what} the Killing Floor mod, which this game does not play."


@register
class KillingFloor(Plugin):
    """The Killing Floor mod's answers to the core: its kit, points, shop and thrown grenades."""

    order = 30
    commands = (Throw, Buy, Sell)

    @classmethod
    def wanted(cls, mods: Any) -> bool:
        return MOD in mods

    @classmethod
    def refusal(cls, cmd: Command) -> str:
        what = "Thrown grenades come with" if isinstance(cmd, Throw) else "The shop is part of"
        return NOT_PLAYED.format(what=what)

    @classmethod
    def check_team(cls, data: Z40Data, mods: Any, points: int, spec: Any, dealt: bool) -> tuple[Any, str]:
        """No weapons or upgrades bought in the builder: a default team (none built) goes without them."""
        if dealt or (
            isinstance(spec, dict)
            and spec.get("unit") in data.units
            and spec == default_team(data, str(spec.get("unit")), points)
        ):
            return plain_team(spec), ""
        return spec, team_refusal(spec)

    def apply(self, world: Any, cmd: Command) -> None:
        if isinstance(cmd, Throw):
            plan = plan_throw(world, cmd)
            mark_throw(world, plan, cmd.grenade)
            shooting.carry_out(world, plan)
            shooting.after_fire(world, plan)
        elif isinstance(cmd, Buy):
            buy(world, cmd)
        elif isinstance(cmd, Sell):
            sell(world, cmd)

    def preview(self, world: Any, cmd: Command) -> Preview:
        if isinstance(cmd, Throw):  # one grenade, previewed as the shot it is
            return previews.fire_preview(world, plan_throw(world, cmd))
        if isinstance(cmd, Buy):
            item, _, _ = check_buy(world, cmd)
            return Preview(True, details={"price": item.price})
        assert isinstance(cmd, Sell)
        item, _, _ = check_sell(world, cmd)
        return Preview(True, details={"refund": Shop.of(world.data).sell_price(item.key)})

    def squads_deployed(self, world: Any) -> None:
        set_up(world)

    def has_choice(self, world: Any, squad: Unit) -> bool:
        """The shop is open and has something for the squad: the movement phase waits for the player even
        when the squad may not move (locked in close combat, falling back)."""
        return shop_has_something(world, squad)

    def zombie_killed(self, world: Any, zombie: Model, killer: str) -> None:
        zombie_killed(world, zombie, killer)

    def shot_refused(self, world: Any, unit: Unit, target: Unit) -> str:
        return shoot_after_throw(world, unit, target)

    def charge_bonus_denied(self, world: Any, target: Unit) -> bool:
        return has_grenades(world, target, "defensive_grenades")


__all__ = [
    "MOD",
    "KillingFloor",
    "killing_floor_on",
    "Shop",
    "Item",
    "set_up",
    "zombie_killed",
    "shop_closed",
    "buy",
    "sell",
    "check_buy",
    "check_sell",
    "offers",
    "wares",
    "has_grenades",
    "plan_throw",
    "throwable",
]


def reference_section(data: Z40Data) -> Any:
    """The rules help's Killing Floor section: what the mod changes, the carrying rule and the price lists, every
    price marked as a house value (the seed lost them all)."""
    from game.rules.contract import Paragraph, Section, Table

    shop = Shop.of(data)
    rows = []
    for lst in LISTS:
        for item in shop.listed(lst):
            if item.slot == "squad":
                words = item.note
            else:
                w = data.weapon(item.key)
                words = w.profile
            rows.append((LIST_TITLES[lst], item.label, str(item.price), str(shop.sell_price(item.key)), words))
    return Section(
        "Mod: Killing Floor",
        (
            Paragraph(
                "A switch in the new-game set-up [seed]. Players buy no weapons or upgrades in the team builder "
                f"(a sergeant is an upgrade too) and begin with {shop.start_points} points; every model's wargear "
                "is replaced by a bolt pistol, a close combat weapon and assault grenades. Each zombie a squad kills "
                f"gives its player {shop.per_zombie} point [house: the seed lost the digit].",
                False,
                "text",
            ),
            Paragraph(
                "The shop is open at the start of the player's own turn: in the movement phase, before any model "
                "of the squad moves (a squad locked in combat or falling back passes that phase, and shops next "
                "turn). One model carries one pistol, one melee weapon and one basic or heavy weapon; a bought "
                "pistol or melee weapon replaces the bolt pistol or close combat weapon, which comes back when it is "
                "sold [house]. Grenades are bought for the whole squad; * items only for psykers (this game has "
                "none) [seed]. Anything bought sells for half its price, rounded up [seed]. A wiped-out squad keeps "
                "its points and wares when it respawns [house].",
                True,
                "text",
            ),
            Table(
                ("List", "Item", "Price", "Sells for", "Profile [7th]"),
                tuple(rows),
                caption="The shop's price lists [house prices: the seed lost every number]",
                house=True,
            ),
        ),
    )
