"""The Zombie 40,000 tables, read from ``game/data/zombie40k.toml`` and the roster ``zombie40k_roster.toml``.

Every chart, weapon, profile, point cost and house value lives in the TOML (tables, not code).
A broken entry is reported with its file, its entry and its field. The player's own roster
(``<data folder>/rosters/zombie40k_roster.toml``, written by ``deadground roster import``) is merged in:
there a broken entry is skipped and listed in ``user_problems`` (file, entry, field), so one bad unit
never locks a player out of the game.

>>> d = load_data()
>>> d.weapon("boltgun").range, d.weapon("boltgun").ap
(24.0, 5)
>>> d.profile("zombie").fnp
5
>>> d.unit("tactical_squad").model_cost
14.0
"""

from __future__ import annotations

import logging
import math
import os
import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.assets import data_file, user_data_folder
from game.rules.kit.data import DataError, typed
from game.safe_xml import Unreadable, read_bounded

WEAPON_TYPES = ("rapid_fire", "assault", "pistol", "heavy", "melee")
STATS = ("ws", "bs", "s", "t", "w", "i", "a", "ld")
USER_ROSTER = "zombie40k_roster.toml"  # the player's own roster, under <data folder>/rosters
USER_ROSTER_BYTES = 1 << 20  # hundreds of units fit in well under this
MAX_NAME = 60  # [house] characters in a name or key: the longest codex name is about 40
MAX_LIST = 40  # [house] names in one list (wargear, rules): a codex unit lists about 10
MAX_MODELS = 100  # [house] models in one squad: no 7th-edition infantry unit takes more than 50
MAX_COST = 10_000  # [house] points in one cost: a codex squad costs a few hundred
MAX_RANGE = 240.0  # [house] inches: the longest 7th-edition infantry gun reaches 72"
MAX_BASE = 6.0  # [house] inches across a base: the widest infantry base is 60 mm (about 2.4")
MAX_SHOTS = 20  # [house] shots of one weapon: Assault 10 is the most a codex infantry gun fires
LONG_DIGITS = 4300  # Python reads no whole number longer than this from text
_LONG_NUMBER = re.compile(rf"[0-9][0-9_]{{{LONG_DIGITS},}}")
_TOO_LONG = 10 ** (LONG_DIGITS - 1)  # what a number too long to read is read as (see read_user_roster)
GRAVITON_S = "*"  # [7th] a Graviton weapon's Strength: none, it wounds on the target's armour save
_STRENGTH = re.compile(r"[+x][0-9]{1,2}")  # "+1", "x2": ASCII digits only (a superscript is no number)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Weapon:
    """One weapon profile [7th]: range, S (a number, ``user``, ``+N`` or ``xN``), AP (0 = none) and type.

    >>> Weapon("x", "X", 24, "user", 5, "rapid_fire").strength(4)
    4
    >>> Weapon("x", "X", 0, "x2", 2, "melee").strength(4)
    8
    """

    key: str
    name: str
    range: float
    s: int | str
    ap: int
    type: str
    shots: int = 1
    blast: bool = False
    template: bool = False
    rules: tuple[str, ...] = ()

    def strength(self, user: int) -> int:
        """The weapon's Strength in the hands of a model of Strength ``user`` (never above 10); 0 for a
        Graviton weapon's "*" (its wound roll is the target's armour save: never Instant Death)."""
        if isinstance(self.s, int):
            return self.s
        if self.s == GRAVITON_S:
            return 0
        if self.s == "user":
            return user
        if self.s.startswith("+"):
            return min(10, user + int(self.s[1:]))
        return min(10, user * int(self.s[1:]))

    @property
    def ranged(self) -> bool:
        return self.type != "melee"

    @property
    def profile(self) -> str:
        """Range, Strength, AP, type and rules as a player reads them.

        >>> Weapon("b", "Boltgun", 24, 4, 5, "rapid_fire").profile
        '24" S4 AP5 Rapid Fire'
        >>> Weapon("c", "Close combat weapon", 0, "user", 0, "melee").profile
        'S user AP- Melee'
        """
        rng = f'{self.range:g}" ' if self.ranged else ""
        strength = "S user" if self.s == "user" else f"S{self.s}"
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{rng}{strength} AP{self.ap or '-'} {self.label}{rules}"

    @property
    def label(self) -> str:
        kind = {"rapid_fire": "Rapid Fire", "assault": "Assault", "pistol": "Pistol", "heavy": "Heavy"}.get(
            self.type, "Melee"
        )
        if self.type in ("assault", "heavy"):
            kind += f" {self.shots}"
        if self.blast:
            kind += ", Blast"
        if self.template:
            kind += ", Template"
        return kind


@dataclass(frozen=True)
class Profile:
    """A model's characteristics [7th]; sv/inv/fnp are the dice needed (0 = none)."""

    key: str
    name: str
    ws: int
    bs: int
    s: int
    t: int
    w: int
    i: int
    a: int
    ld: int
    sv: int = 0
    inv: int = 0
    fnp: int = 0
    base: float = 1.0
    rules: tuple[str, ...] = ()


SQUAD_OPTIONS = ("", "all", "one")  # how far an option reaches: one model, the whole squad, a squad upgrade


@dataclass(frozen=True)
class Option:
    """A wargear change a unit entry allows: ``replaces`` weapon keys go, ``with`` keys come, for ``cost``; a
    sergeant's option may instead (or also) change his ``profile`` (the Veteran Sergeant upgrade)."""

    key: str
    name: str
    replaces: tuple[str, ...]
    with_: tuple[str, ...]
    cost: int
    profile: str = ""
    min_models: int = 0  # offered only to a team of at least this many models (a heavy weapon with ten)
    squad: str = ""  # "": one model's change; "all": every model but the sergeant; "one": a squad upgrade
    each: int = 0  # points a model on top of ``cost`` (a change the whole mob makes)
    alone_below: int = 0  # in a team smaller than this, not with any of the options ``apart`` names
    apart: tuple[str, ...] = ()
    choice: str = ""  # the unit's choice it is one of ("Special Weapon"): at most ``choice_max`` of them a team
    choice_max: int = 0  # 0: no limit


@dataclass(frozen=True)
class Sergeant:
    name: str
    cost: int
    profile: str
    wargear: tuple[str, ...] | None  # None: the unit's own wargear
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class UnitEntry:
    """One codex unit of the roster."""

    key: str
    name: str
    army: str
    type: str
    squad_cost: int
    squad_size: int
    max_models: int
    model: str
    wargear: tuple[str, ...]
    rules: tuple[str, ...] = ()
    sergeant: Sergeant | None = None
    weapon_options: tuple[Option, ...] = ()

    @property
    def model_cost(self) -> float:
        """The squad's cost divided by its size [seed]."""
        return self.squad_cost / self.squad_size


@dataclass(frozen=True)
class Usr:
    name: str
    list: str  # unit | model | other | forbidden
    effect: str
    why: str = ""
    close_combat_only: bool = False
    team_note: bool = False  # a rule of the whole team the builder names with its unit (Chapter Tactics)
    carried_only: bool = False  # a weapon with this rule is carried, never used here (melta bombs)

    @property
    def has_effect(self) -> bool:
        return self.effect != "none"


@dataclass(frozen=True)
class Z40House:
    """The ``[house]`` values of zombie40k.toml, each of its kind; the file gives each one's provenance
    (``[seed]``, ``[house]``...) beside it."""

    fall_back_turns: tuple[float, ...]
    fall_back_sidesteps: tuple[float, ...]
    zombie_sidesteps: tuple[float, ...]
    points: int
    move: float
    run_dice: int
    charge_dice: int
    difficult_terrain_dice: int
    pile_in: float
    consolidate_dice: str
    fall_back_dice: int
    contact: float
    fight_reach: float
    coherency: float
    enemy_gap: float
    clutter_los_limit: float
    cover_obscured: int
    cover_ruin: int
    blast_diameter: float
    template_length: float
    template_width: float
    overwatch_bs: int
    overwatch_per: str
    vehicle_pvp_range: float
    embark_reach: float
    deploy_edge: float
    deploy_apart: float
    deploy_spacing: float
    deploy_lane: float
    horde_squads: int
    horde_size: int
    horde_clearance: float
    horde_spacing: float
    boss_base: float
    base: float
    turn_limit: int
    surrounded_contacts: int
    into_combat_hit: int
    respawn_distance: float
    horde_drop_gap: float
    chainsaw_hits: int
    chainsaw_fuel_out: int
    shotgun_hits: int
    speed_inches: float
    speed_initiative: int
    duct_tape_bonus: int
    speed_pack_max: int
    fleet_reroll_run_at_most: int
    chuck_reroll_move_at_most: int
    push_back_dice: int
    campaign_heal: int


@dataclass(frozen=True)
class Z40Data:
    """Everything the rules read from the TOML, plain and frozen."""

    house: Z40House
    to_hit_ranged: tuple[int, ...]
    ws_chart: tuple[tuple[int, ...], ...]
    to_wound: tuple[tuple[int, ...], ...]
    weapons: dict[str, Weapon]
    profiles: dict[str, Profile]
    units: dict[str, UnitEntry]
    usrs: dict[str, Usr]
    zombies: dict[str, Any] = field(default_factory=dict)
    files: tuple[str, ...] = ()
    user_units: tuple[str, ...] = ()  # the units that came from the player's own roster
    user_weapons: tuple[str, ...] = ()  # ... and its weapons and profiles
    user_profiles: tuple[str, ...] = ()
    user_problems: tuple[str, ...] = ()  # the player's entries skipped, each with file, entry and field
    mods: dict[str, dict[str, Any]] = field(default_factory=dict)  # [mods.<id>] tables (issue 15)
    power_up_table: dict[int, dict[str, str]] = field(default_factory=dict)  # 2D6 -> key, name, effect
    killing_floor: dict[str, Any] = field(default_factory=dict)  # the Killing Floor mod's shop (issue 15)

    def shipped_units(self) -> list[str]:
        """The keys of the units the game ships, in the roster's order (demos, default and dealt teams and so
        replays stay the same on every machine, whatever the player imported)."""
        return [k for k in self.units if k not in self.user_units]

    def weapon(self, key: str) -> Weapon:
        return self.weapons[key]

    def profile(self, key: str) -> Profile:
        return self.profiles[key]

    def unit(self, key: str) -> UnitEntry:
        return self.units[key]

    def fought_with(self, key: str) -> bool:
        """Whether a model uses the weapon ``key`` in this game: not one only carried (melta bombs, for
        vehicles and Monstrous Creatures this game has none of)."""
        rules = self.weapons[key].rules
        return not any(r in self.usrs and self.usrs[r].carried_only for r in rules)

    def usr_choices(self) -> list[Usr]:
        """The rules the team builder offers: the seed's Unit and Model lists."""
        return [u for u in self.usrs.values() if u.list in ("unit", "model")]


# -- reading, with a precise complaint for anything broken ---------------------------------------------


class _Reader:
    def __init__(self, file: str, where: str, table: Any) -> None:
        # an entry's key is in every message: a hostile 9,000-character key is cut, and refused by _key
        self.file, self.where, self.t = file, where if len(where) <= 120 else where[:117] + "...", table
        if not isinstance(table, dict):
            raise DataError(f"{file}: {self.where}: must be a table")

    def err(self, key: str, what: str) -> DataError:
        return DataError(f"{self.file}: {self.where}: field {key!r}: {what}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., check: Any = None) -> Any:
        if key not in self.t:
            if default is ...:
                raise self.err(key, "is missing")
            return default
        v = self.t[key]
        if isinstance(v, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.err(key, f"must be {getattr(kind, '__name__', kind)}, not {_shown(v)}")
        if not isinstance(v, kind):
            raise self.err(key, f"must be {getattr(kind, '__name__', kind)}, not {_shown(v)}")
        if check is not None:
            problem = check(v)
            if problem:
                raise self.err(key, problem)
        return v

    def name(self, key: str, default: Any = ...) -> str:
        """A name the screen shows: a line of printable text, at most :data:`MAX_NAME` characters."""
        return str(self.get(key, str, default, check=name_problem))

    def number(self, key: str, low: float, high: float, default: Any = ...) -> float:
        """A finite number from ``low`` to ``high`` (inches, mostly)."""

        def bounded(v: float) -> str:
            if isinstance(v, int) and abs(v) >= _TOO_LONG:  # no float holds it (OverflowError)
                return f"is a whole number thousands of digits long; must be a number from {low:g} to {high:g}"
            return "" if math.isfinite(v) and low <= v <= high else f"must be a number from {low:g} to {high:g}"

        return float(self.get(key, (int, float), default, check=bounded))

    def whole(self, key: str, low: int, high: int, default: Any = ...) -> int:
        """A whole number from ``low`` to ``high``."""
        return int(self.get(key, int, default, check=lambda v: "" if low <= v <= high else _range(low, high, v)))

    def keys(self, key: str, known: dict[str, Any] | None, default: Any = ...) -> tuple[str, ...]:
        v = self.get(key, (list, str), default)
        items = [v] if isinstance(v, str) else list(v)
        if len(items) > MAX_LIST:
            raise self.err(key, f"lists {len(items)} names (at most {MAX_LIST})")
        for x in items:
            if not isinstance(x, str):
                raise self.err(key, f"must list names, not {_shown(x)}")
            problem = name_problem(x)
            if problem:
                raise self.err(key, f"a name in it {problem}")
            if known is not None and x not in known:
                raise self.err(key, f"unknown {x!r}; known: {some_of(sorted(known))}")
        return tuple(items)

    def one(self, key: str, known: dict[str, Any]) -> str:
        """Exactly one known name (a profile): ``"space_marine"`` or ``["space_marine"]``."""
        items = self.keys(key, known)
        if len(items) != 1:
            raise self.err(key, f"must name one entry, not {len(items)}")
        return items[0]


def name_problem(text: str) -> str:
    """Why ``text`` is no name the screen can show (empty when it is one).

    >>> name_problem("Tactical Squad")
    ''
    >>> name_problem("x" * 61)
    'is 61 characters long (a name is at most 60)'
    """
    if len(text) > MAX_NAME:
        return f"is {len(text)} characters long (a name is at most {MAX_NAME})"
    if not text.strip():
        return "is empty"
    if not text.isprintable():
        return "holds a control character (a name is one line of printable text)"
    return ""


def _shown(value: Any) -> str:
    """A value for a message, cut short (a hostile value can be a megabyte)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def some_of(names: list[str], shown: int = 20) -> str:
    """The first ``shown`` of ``names`` and how many more (a message stays a few lines)."""
    more = f" (and {len(names) - shown} more)" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


def _range(low: int, high: int, v: int) -> str:
    if abs(v) >= _TOO_LONG:
        return f"is a whole number thousands of digits long; must be {low} to {high}"
    return f"must be {low} to {high}, not {_shown(v)}"


def _dice(v: Any) -> str:
    return "" if 0 <= v <= 6 else "must be a dice target 2..6 (0 for none)"


def _read_weapon(file: str, key: str, t: Any) -> Weapon:
    r = _Reader(file, f"weapons.{key}", t)
    kind = r.get("type", str, check=lambda v: "" if v in WEAPON_TYPES else f"must be one of {WEAPON_TYPES}")
    s = r.get("s", (int, str))
    if s == GRAVITON_S and "Graviton" not in r.keys("rules", None, ()):
        raise r.err(
            "s", '"*" is a Graviton weapon\'s Strength: give it the rule "Graviton" (rules = ["Graviton"])'
        )
    if isinstance(s, str) and not (s in ("user", GRAVITON_S) or _STRENGTH.fullmatch(s)):
        raise r.err("s", f'must be a number, "user", "+N", "xN" (digits 0-9) or "*" (Graviton), not {_shown(s)}')
    if isinstance(s, int):
        s = r.whole("s", 1, 10)
    return Weapon(
        key=_key(r, key),
        name=r.name("name"),
        range=r.number("range", 0, MAX_RANGE, 0 if kind == "melee" else ...),
        s=s,
        ap=r.get("ap", int, 0, check=lambda v: "" if 0 <= v <= 6 else "must be 1..6 (0 for none)"),
        type=kind,
        shots=r.whole("shots", 1, MAX_SHOTS, 1),
        blast=r.get("blast", bool, False),
        template=r.get("template", bool, False),
        rules=r.keys("rules", None, ()),
    )


def _key(r: _Reader, key: str) -> str:
    """The entry's own key: a name like any other (it is shown as ``unit:<key>``)."""
    problem = name_problem(key)
    if problem:
        raise DataError(f"{r.file}: {r.where}: its key {problem}")
    return key


PSYKER_REFUSED = "a Psyker cannot be played: this game has no psychic powers, so there is no Psychic phase "


def _read_profile(file: str, key: str, t: Any) -> Profile:
    r = _Reader(file, f"profiles.{key}", t)
    stats = {k: r.get(k, int, check=lambda v: "" if 1 <= v <= 10 else "must be 1..10") for k in STATS}
    if "Psyker" in r.keys("rules", None, ()):
        raise r.err("rules", PSYKER_REFUSED)
    return Profile(
        key=_key(r, key),
        name=r.name("name"),
        sv=r.get("sv", int, 0, check=_dice),
        inv=r.get("inv", int, 0, check=_dice),
        fnp=r.get("fnp", int, 0, check=_dice),
        base=r.number("base", 0.1, MAX_BASE, 1.0),
        rules=r.keys("rules", None, ()),
        **stats,
    )


def _read_option(
    file: str, where: str, t: Any, weapons: dict[str, Weapon], profiles: dict[str, Profile] | None = None
) -> Option:
    """A weapon option, or with ``profiles`` a sergeant's option, which may be an upgrade of his profile
    (then ``replaces`` and ``with`` may be left out)."""
    r = _Reader(file, where, t)
    upgrade = profiles is not None and "profile" in t
    if "profile" in t and profiles is None:
        raise r.err("profile", "only a sergeant's option may change the model's profile")
    return Option(
        key=r.name("key"),
        name=r.name("name"),
        replaces=r.keys("replaces", weapons, () if upgrade else ...),
        with_=r.keys("with", weapons, () if upgrade else ...),
        cost=r.whole("cost", 0, MAX_COST),
        profile=r.one("profile", profiles) if upgrade and profiles is not None else "",
        min_models=r.whole("min_models", 0, MAX_MODELS, 0),
        squad=r.get(
            "squad", str, "", check=lambda v: "" if v in SQUAD_OPTIONS else f"must be one of {SQUAD_OPTIONS}"
        ),
        each=r.whole("each", 0, MAX_COST, 0),
        alone_below=r.whole("alone_below", 0, MAX_MODELS, 0),
        apart=r.keys("apart", None, ()),
        choice=r.get("choice", str, "")[:60],
        choice_max=r.whole("choice_max", 0, MAX_MODELS, 0),
    )


def _read_unit(
    file: str, key: str, t: Any, weapons: dict[str, Weapon], profiles: dict[str, Profile], usrs: dict[str, Usr]
) -> UnitEntry:
    where = f"units.{key}"
    r = _Reader(file, where, t)
    sergeant = None
    if "sergeant" in t:
        rs = _Reader(file, f"{where}.sergeant", t["sergeant"])
        opts = rs.get("options", list, [])
        if len(opts) > MAX_LIST:
            raise rs.err("options", f"lists {len(opts)} options (at most {MAX_LIST})")
        sergeant = Sergeant(
            name=rs.name("name"),
            cost=rs.whole("cost", 0, MAX_COST),
            profile=rs.one("profile", profiles),
            wargear=rs.keys("wargear", weapons) if "wargear" in t["sergeant"] else None,
            options=tuple(
                _read_option(file, f"{where}.sergeant.options[{i}]", o, weapons, profiles)
                for i, o in enumerate(opts)
            ),
        )
    options = r.get("weapon_options", list, [])
    if len(options) > MAX_LIST:
        raise r.err("weapon_options", f"lists {len(options)} options (at most {MAX_LIST})")
    entry = UnitEntry(
        key=_key(r, key),
        name=r.name("name"),
        army=r.name("army"),
        type=r.name("type"),
        squad_cost=r.whole("squad_cost", 1, MAX_COST),
        squad_size=r.whole("squad_size", 1, MAX_MODELS),
        max_models=r.whole("max_models", 1, MAX_MODELS),
        model=r.one("model", profiles),
        wargear=r.keys("wargear", weapons),
        rules=r.keys("rules", usrs, ()),
        sergeant=sergeant,
        weapon_options=tuple(
            _read_option(file, f"{where}.weapon_options[{i}]", o, weapons) for i, o in enumerate(options)
        ),
    )
    checks = [(o, entry.wargear) for o in entry.weapon_options]
    if sergeant is not None:
        checks += [(o, sergeant.wargear or entry.wargear) for o in sergeant.options]
    for o, have in checks:
        missing = [w for w in o.replaces if w not in have]
        if missing:
            raise DataError(
                f"{file}: {where}: option {o.key!r}: field 'replaces': {missing[0]!r} is not in its wargear"
            )
    return entry


def load_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path.name}: not valid TOML: {exc}") from None


def build_data(
    core: dict[str, Any],
    roster: dict[str, Any],
    core_name: str,
    roster_name: str,
    user: dict[str, Any] | None = None,
    user_name: str = USER_ROSTER,
) -> Z40Data:
    """Check and assemble the two parsed TOML files (tests feed broken ones here), and the player's own
    roster ``user`` if any: its broken entries are skipped and listed, and it may not replace a shipped key."""
    usrs: dict[str, Usr] = {}
    for name, t in core.get("usr", {}).items():
        r = _Reader(core_name, f"usr.{name}", t)
        usrs[name] = Usr(
            name=name,
            list=r.get("list", str),
            effect=r.get("effect", str),
            why=r.get("why", str, ""),
            close_combat_only=r.get("close_combat_only", bool, False),
            team_note=r.get("team_note", bool, False),
            carried_only=r.get("carried_only", bool, False),
        )
    weapons: dict[str, Weapon] = {}
    for file, src in ((core_name, core), (roster_name, roster)):
        for key, t in src.get("weapons", {}).items():
            weapons[key] = _read_weapon(file, key, t)
    profiles: dict[str, Profile] = {}
    for file, src in ((core_name, core), (roster_name, roster)):
        for key, t in src.get("profiles", {}).items():
            profiles[key] = _read_profile(file, key, t)
    units = {
        key: _read_unit(roster_name, key, t, weapons, profiles, usrs) for key, t in roster.get("units", {}).items()
    }
    problems: list[str] = []
    mine: dict[str, list[str]] = {"units": [], "weapons": [], "profiles": []}
    if user is not None:
        mine = _merge_user(user, user_name, weapons, profiles, units, usrs, problems)
    charts = core.get("charts", {})
    to_hit = tuple(charts.get("to_hit_ranged", ()))
    if len(to_hit) != 10:
        raise DataError(f"{core_name}: charts: field 'to_hit_ranged': needs 10 numbers (BS 1..10)")
    grids = []
    for name in ("ws_chart", "to_wound"):
        g = charts.get(name, ())
        if len(g) != 10 or any(len(row) != 10 for row in g):
            raise DataError(f"{core_name}: charts: field {name!r}: needs 10 rows of 10 numbers")
        grids.append(tuple(tuple(int(x) for x in row) for row in g))
    mods = _read_mods(core_name, core.get("mods", {}), weapons, profiles)
    return Z40Data(
        house=typed(Z40House, core.get("house", {}), "house", core_name),
        to_hit_ranged=tuple(int(x) for x in to_hit),
        ws_chart=grids[0],
        to_wound=grids[1],
        weapons=weapons,
        profiles=profiles,
        units=units,
        usrs=usrs,
        zombies=dict(core.get("zombies", {})),
        files=(core_name, roster_name, *((user_name,) if user is not None else ())),
        user_units=tuple(mine["units"]),
        user_weapons=tuple(mine["weapons"]),
        user_profiles=tuple(mine["profiles"]),
        user_problems=tuple(problems),
        mods=mods,
        power_up_table=_power_up_table(core, core_name),
        killing_floor=dict(core.get("killing_floor", {})),
    )


def _read_mods(
    file: str, tables: Any, weapons: dict[str, Weapon], profiles: dict[str, Profile]
) -> dict[str, dict[str, Any]]:
    """The ``[mods.<id>]`` tables: each needs a name and a summary; a profile or weapons it names must exist."""
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(tables, dict):
        raise DataError(f"{file}: mods: must be a table")
    for key, t in tables.items():
        r = _Reader(file, f"mods.{key}", t)
        r.get("name", str)
        r.get("summary", str)
        r.get("show", str, "")
        if "profile" in t:
            r.keys("profile", profiles)
        if "weapons" in t:
            r.keys("weapons", weapons)
        out[key] = dict(t)
    return out


def _power_up_table(core: dict[str, Any], file: str) -> dict[int, dict[str, str]]:
    """The 2D6 power-up table [seed]: every result 2..12 with its key, name and effect."""
    out: dict[int, dict[str, str]] = {}
    for k, t in core.get("power_up_table", {}).items():
        r = _Reader(file, f"power_up_table.{k}", t)
        if not re.fullmatch("[0-9]{1,2}", str(k)) or not 2 <= int(k) <= 12:
            raise DataError(f"{file}: power_up_table.{k}: must be a 2D6 result 2..12")
        out[int(k)] = {"key": r.get("key", str), "name": r.get("name", str), "effect": r.get("effect", str)}
    if out and sorted(out) != list(range(2, 13)):
        raise DataError(f"{file}: power_up_table: needs every result 2..12")
    return out


def _merge_user(
    user: dict[str, Any],
    file: str,
    weapons: dict[str, Weapon],
    profiles: dict[str, Profile],
    units: dict[str, UnitEntry],
    usrs: dict[str, Usr],
    problems: list[str],
) -> dict[str, list[str]]:
    """Add the player's weapons, profiles and units to the shipped ones, entry by entry; what is broken
    (or would replace a shipped entry) goes to ``problems`` with its file, entry and field."""

    def section(name: str) -> dict[str, Any]:
        t = user.get(name, {})
        if isinstance(t, dict):
            return t
        problems.append(f"{file}: {name}: must be a table")
        return {}

    def merge(name: str, into: dict[str, Any], read: Any) -> list[str]:
        added = []
        for key, t in section(name).items():
            if key in into:
                problems.append(f"{file}: {name}.{key}: the game ships an entry of this key; give yours another")
                continue
            try:
                into[key] = read(key, t)
            except DataError as exc:
                problems.append(str(exc))
                continue
            except (TypeError, ValueError, LookupError, AttributeError, ArithmeticError, RecursionError) as exc:
                # a last guard: an entry this reader has no words for yet is still skipped, never fatal
                why = f"{type(exc).__name__}: {exc}"[:200]
                problems.append(f"{file}: {name}.{key[:MAX_NAME]}: cannot be read ({why})")
                continue
            added.append(key)
        return added

    return {
        "weapons": merge("weapons", weapons, lambda k, t: _read_weapon(file, k, t)),
        "profiles": merge("profiles", profiles, lambda k, t: _read_profile(file, k, t)),
        "units": merge("units", units, lambda k, t: _read_unit(file, k, t, weapons, profiles, usrs)),
    }


def user_roster_file() -> Path:
    """Where the player's own roster lives: ``<data folder>/rosters/zombie40k_roster.toml``."""
    return user_data_folder() / "rosters" / USER_ROSTER


def read_user_roster(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The player's roster as parsed TOML (None when there is none), or None and the reason it was not
    read: it is read as hostile (an ordinary file, no symlink, at most 1 MB)."""
    if not os.path.lexists(path):
        return None, ""
    try:
        raw = read_bounded(str(path), USER_ROSTER_BYTES, "the limit for a roster", symlinks=False)
        text = raw.decode("utf-8")
        try:
            return tomllib.loads(text), ""
        except ValueError as exc:  # tomllib's own errors are ValueErrors too: only Python's limit is ours
            if "limit" not in str(exc) or isinstance(exc, tomllib.TOMLDecodeError):
                raise
        # A whole number too long for Python to read (a typo, or a hostile file) would lose the whole roster:
        # it is read as a number just as long as Python reads, which the entry's check refuses by name. The
        # problem stays listed, so an import does not write the file back with the number changed.
        first = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, first.start()) + 1 if first else 0
        problem = f"{path.name}: line {line}: a whole number over {LONG_DIGITS:,} digits long"
        return tomllib.loads(_LONG_NUMBER.sub(str(_TOO_LONG), text)), problem
    except Unreadable as exc:
        return None, f"{path.name}: {exc}"
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        return None, f"{path.name}: not valid TOML: {exc}"


def roster_stamp(path: Path | None) -> tuple[int, ...] | None:
    """What changes when the player's roster file is written again, replaced or removed (None: no file)."""
    if path is None:
        return None
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


@lru_cache(maxsize=4)
def _load_data(
    core_path: str | None, roster_path: str | None, user_path: str | None, stamp: tuple[int, ...] | None
) -> Z40Data:
    cp = Path(core_path) if core_path else data_file("zombie40k.toml")
    rp = Path(roster_path) if roster_path else data_file("zombie40k_roster.toml")
    up = Path(user_path) if user_path else None
    user, problem = read_user_roster(up) if up is not None else (None, "")
    data = build_data(load_toml(cp), load_toml(rp), cp.name, rp.name, user, up.name if up else USER_ROSTER)
    if problem:
        data = replace(data, user_problems=(problem, *data.user_problems))
    for line in data.user_problems:  # the command line shows these; the set-up screen lists them too
        log.warning("your Zombie 40,000 roster: skipped %s", line)
    return data


class _DataLoader:
    """``load_data``: the tables, read once and kept; read again when the player's roster file changes (an
    import from the set-up screen, or ``deadground roster import`` while the game is open)."""

    def __call__(
        self, core_path: str | None = None, roster_path: str | None = None, user_path: str | None = None
    ) -> Z40Data:
        """Read and check the shipped tables (or the given files), with the player's own roster merged in
        (``user_path``, or the one in the data folder when no file is given at all)."""
        up = Path(user_path) if user_path else None
        if up is None and core_path is None and roster_path is None:
            up = user_roster_file()
        return _load_data(core_path, roster_path, str(up) if up else None, roster_stamp(up))

    @staticmethod
    def cache_clear() -> None:
        """Forget every table read (tests that change the data folder)."""
        _load_data.cache_clear()


load_data = _DataLoader()
