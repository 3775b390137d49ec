"""The Zombie 40,000 tables, read from ``game/data/zombie40k.toml`` and the roster ``zombie40k_roster.toml``.

Every chart, weapon, profile, point cost and house value lives in the TOML (DESIGN.md: tables, not code).
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

import os
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.assets import data_file, user_data_folder
from game.numerals import whole
from game.safe_xml import Unreadable, read_bounded

WEAPON_TYPES = ("rapid_fire", "assault", "pistol", "heavy", "melee")
STATS = ("ws", "bs", "s", "t", "w", "i", "a", "ld")
USER_ROSTER = "zombie40k_roster.toml"  # the player's own roster, under <data folder>/rosters
USER_ROSTER_BYTES = 1 << 20  # hundreds of units fit in well under this


class DataError(ValueError):
    """A data file is broken; the message names the file, the entry and the field."""


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
        """The weapon's Strength in the hands of a model of Strength ``user`` (never above 10)."""
        if isinstance(self.s, int):
            return self.s
        if self.s == "user":
            return user
        if self.s.startswith("+"):
            return min(10, user + int(self.s[1:]))
        return min(10, user * int(self.s[1:]))

    @property
    def ranged(self) -> bool:
        return self.type != "melee"

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


@dataclass(frozen=True)
class Option:
    """A wargear change a unit entry allows: ``replaces`` weapon keys go, ``with`` keys come, for ``cost``."""

    key: str
    name: str
    replaces: tuple[str, ...]
    with_: tuple[str, ...]
    cost: int


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

    @property
    def has_effect(self) -> bool:
        return self.effect != "none"


@dataclass(frozen=True)
class Z40Data:
    """Everything the rules read from the TOML, plain and frozen."""

    house: dict[str, Any]
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

    def h(self, key: str) -> Any:
        """A house value."""
        try:
            return self.house[key]
        except KeyError:
            raise DataError(f"zombie40k.toml: [house] has no {key!r}") from None

    def weapon(self, key: str) -> Weapon:
        return self.weapons[key]

    def profile(self, key: str) -> Profile:
        return self.profiles[key]

    def unit(self, key: str) -> UnitEntry:
        return self.units[key]

    def usr_choices(self) -> list[Usr]:
        """The rules the team builder offers: the seed's Unit and Model lists."""
        return [u for u in self.usrs.values() if u.list in ("unit", "model")]


# -- reading, with a precise complaint for anything broken ---------------------------------------------


class _Reader:
    def __init__(self, file: str, where: str, table: Any) -> None:
        self.file, self.where, self.t = file, where, table
        if not isinstance(table, dict):
            raise DataError(f"{file}: {where}: must be a table")

    def err(self, key: str, what: str) -> DataError:
        return DataError(f"{self.file}: {self.where}: field {key!r}: {what}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., check: Any = None) -> Any:
        if key not in self.t:
            if default is ...:
                raise self.err(key, "is missing")
            return default
        v = self.t[key]
        if isinstance(v, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.err(key, f"must be {getattr(kind, '__name__', kind)}, not {v!r}")
        if not isinstance(v, kind):
            raise self.err(key, f"must be {getattr(kind, '__name__', kind)}, not {v!r}")
        if check is not None:
            problem = check(v)
            if problem:
                raise self.err(key, problem)
        return v

    def keys(self, key: str, known: dict[str, Any] | None, default: Any = ...) -> tuple[str, ...]:
        v = self.get(key, (list, str), default)
        items = [v] if isinstance(v, str) else list(v)
        for x in items:
            if not isinstance(x, str):
                raise self.err(key, f"must list names, not {x!r}")
            if known is not None and x not in known:
                raise self.err(key, f"unknown {x!r}; known: {', '.join(sorted(known))}")
        return tuple(items)


def _positive(v: Any) -> str:
    return "" if v > 0 else "must be above 0"


def _dice(v: Any) -> str:
    return "" if 0 <= v <= 6 else "must be a dice target 2..6 (0 for none)"


def _read_weapon(file: str, key: str, t: Any) -> Weapon:
    r = _Reader(file, f"weapons.{key}", t)
    kind = r.get("type", str, check=lambda v: "" if v in WEAPON_TYPES else f"must be one of {WEAPON_TYPES}")
    s = r.get("s", (int, str))
    if isinstance(s, str) and not (s == "user" or (s[:1] in "+x" and whole(s[1:], signed=False) is not None)):
        raise r.err("s", f'must be a number, "user", "+N" or "xN", not {s!r}')
    return Weapon(
        key=key,
        name=r.get("name", str),
        range=float(r.get("range", (int, float), 0 if kind == "melee" else ...)),
        s=s,
        ap=r.get("ap", int, 0, check=lambda v: "" if 0 <= v <= 6 else "must be 1..6 (0 for none)"),
        type=kind,
        shots=r.get("shots", int, 1, check=_positive),
        blast=r.get("blast", bool, False),
        template=r.get("template", bool, False),
        rules=r.keys("rules", None, ()),
    )


PSYKER_REFUSED = (
    "a Psyker cannot be played: this game has no psychic powers, so there is no Psychic phase "
    "(RULES.md: a roster without psykers skips it)"
)


def _read_profile(file: str, key: str, t: Any) -> Profile:
    r = _Reader(file, f"profiles.{key}", t)
    stats = {k: r.get(k, int, check=lambda v: "" if 1 <= v <= 10 else "must be 1..10") for k in STATS}
    if "Psyker" in r.keys("rules", None, ()):
        raise r.err("rules", PSYKER_REFUSED)
    return Profile(
        key=key,
        name=r.get("name", str),
        sv=r.get("sv", int, 0, check=_dice),
        inv=r.get("inv", int, 0, check=_dice),
        fnp=r.get("fnp", int, 0, check=_dice),
        base=float(r.get("base", (int, float), 1.0, check=_positive)),
        rules=r.keys("rules", None, ()),
        **stats,
    )


def _read_option(file: str, where: str, t: Any, weapons: dict[str, Weapon]) -> Option:
    r = _Reader(file, where, t)
    return Option(
        key=r.get("key", str),
        name=r.get("name", str),
        replaces=r.keys("replaces", weapons),
        with_=r.keys("with", weapons),
        cost=r.get("cost", int, check=lambda v: "" if v >= 0 else "must be 0 or more"),
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
        sergeant = Sergeant(
            name=rs.get("name", str),
            cost=rs.get("cost", int, check=lambda v: "" if v >= 0 else "must be 0 or more"),
            profile=rs.keys("profile", profiles)[0],
            wargear=rs.keys("wargear", weapons) if "wargear" in t["sergeant"] else None,
            options=tuple(
                _read_option(file, f"{where}.sergeant.options[{i}]", o, weapons) for i, o in enumerate(opts)
            ),
        )
    size = r.get("squad_size", int, check=_positive)
    entry = UnitEntry(
        key=key,
        name=r.get("name", str),
        army=r.get("army", str),
        type=r.get("type", str),
        squad_cost=r.get("squad_cost", int, check=_positive),
        squad_size=size,
        max_models=r.get("max_models", int, check=lambda v: "" if v >= 1 else "must be 1 or more"),
        model=r.keys("model", profiles)[0],
        wargear=r.keys("wargear", weapons),
        rules=r.keys("rules", usrs, ()),
        sergeant=sergeant,
        weapon_options=tuple(
            _read_option(file, f"{where}.weapon_options[{i}]", o, weapons)
            for i, o in enumerate(r.get("weapon_options", list, []))
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
        house=dict(core.get("house", {})),
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
        if whole(str(k), signed=False) is None or not 2 <= int(k) <= 12:
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
        return tomllib.loads(raw.decode("utf-8")), ""
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
