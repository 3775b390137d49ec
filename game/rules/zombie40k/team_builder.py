"""The Zombie Survival Team builder (rules: "Building a team" [seed]): pure functions over the roster.

A team is plain data (a dict, saved with the game)::

    {"unit": "infantry_squad", "models": 10, "sergeant": True, "sergeant_options": ["power_sword"],
     "weapons": ["flamer", "grenade_launcher"], "usr": "Feel No Pain", "usr_model": 0}

Up to 75 points; infantry only; each model costs the squad's cost divided by its size; one model may become
the sergeant (paying for it) and take sergeant wargear; two other models may change weapons as the unit entry
allows; one Universal Special Rule from the seed's lists goes to one model; Hit and Run is never allowed.

>>> from game.rules.zombie40k.data import load_data
>>> d = load_data()
>>> team_problems(d, {"unit": "tactical_squad", "models": 6})
['6 models of Tactical Squad cost 84 points: over the 75-point limit']
>>> cost(d, {"unit": "infantry_squad", "models": 10, "weapons": ["flamer"]})
55.0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.core import quoted
from game.rules.zombie40k.data import Option, UnitEntry, Usr, Z40Data, name_problem, some_of

FORBIDDEN_TYPES_NOTE = (
    "HQ, Artillery, Beasts, Bikes, Jetbikes, Cavalry, Gargantuan or Monstrous Creatures, Jet Pack or Jump units, "
    "Vehicles"
)


# What a Universal Special Rule is in a Zombie Survival Team, and why it costs nothing [seed]: the rules help
# says it, and the builder over the rules it offers (USR_HEADING)
USR_WORDS = (
    "Universal Special Rules (USR), free: once the team is bought, one of these rules is given to one model, "
    "at no points cost [seed]. A unit rule helps the whole squad while that model lives; a model rule helps "
    "that model alone."
)
USR_HEADING = USR_WORDS + " Hover one for what it does."


def usr_help(rule: Usr) -> str:
    """A rule's words in the builder: what it does here, or why it does nothing in this game."""
    words = rule.effect if rule.has_effect else rule.why
    return words[:1].upper() + words[1:]


# whose rule the two weapon changes are: a catalogue may allow a whole squad of sniper rifles, this game not
TWO_CHANGES = (
    "the rule of a Zombie Survival Team in Zombie 40,000 [seed], this game's, not the catalogue's (the unit's "
    "entry may allow more)"
)


def counted(n: object, noun: str = "model") -> str:
    """A count as the builder writes it: "1 model", "6 models" (a count that is not a number keeps "models")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


class TeamError(ValueError):
    """A team the builder refuses; the message is the reason."""


@dataclass(frozen=True)
class ModelSpec:
    """One model of a built team."""

    profile: str
    weapons: tuple[str, ...]
    rules: tuple[str, ...] = ()
    unit_rules: tuple[str, ...] = ()
    sergeant: bool = False
    label: str = ""


@dataclass(frozen=True)
class Team:
    entry: UnitEntry
    models: tuple[ModelSpec, ...]
    points: float
    spec: dict[str, Any] = field(default_factory=dict)


def _entry(data: Z40Data, spec: dict[str, Any]) -> UnitEntry:
    key = spec.get("unit")
    if not isinstance(key, str) or key not in data.units:
        raise TeamError(f"no unit {quoted(key)} in the roster; known: {some_of(sorted(data.units))}")
    return data.units[key]


def _option(options: tuple[Option, ...], key: Any, what: str, entry: UnitEntry) -> Option:
    for o in options:
        if o.key == key:
            return o
    known = ", ".join(o.key for o in options) or "none"
    raise TeamError(f"{entry.name} has no {what} {quoted(key)}; it allows: {known}")


def cost(data: Z40Data, spec: dict[str, Any]) -> float:
    """The team's points, without checking it (models x cost per model, sergeant, wargear)."""
    entry = _entry(data, spec)
    total = int(spec.get("models", 0)) * entry.model_cost
    if spec.get("sergeant") and entry.sergeant:
        total += entry.sergeant.cost
        for key in spec.get("sergeant_options", ()):
            total += next((o.cost for o in entry.sergeant.options if o.key == key), 0)
    n = int(spec.get("models", 0))
    for key in spec.get("weapons", ()):
        total += next((o.cost + o.each * n for o in entry.weapon_options if o.key == key), 0)
    return float(total)


def build_team(data: Z40Data, spec: dict[str, Any], points: int | None = None) -> Team:
    """Build the models of a legal team, or raise :class:`TeamError` with the reason."""
    limit = int(points if points is not None else data.house.points)
    if not isinstance(spec, dict):
        raise TeamError(f"a team is a table with a 'unit', not {quoted(spec)}")
    unknown = set(spec) - {"unit", "models", "sergeant", "sergeant_options", "weapons", "usr", "usr_model", "name"}
    if unknown:
        raise TeamError(f"a team has no field {quoted(sorted(unknown)[0])}")
    name = spec.get("name", "")
    if not isinstance(name, str) or (name and name_problem(name)):
        raise TeamError(f"a team's 'name' {name_problem(name) if isinstance(name, str) else 'must be text'}")
    _check_fields(spec)
    entry = _entry(data, spec)
    if entry.type != "infantry":
        raise TeamError(
            f"{entry.name} is {entry.type}: only Infantry may join a Zombie Survival Team (no {FORBIDDEN_TYPES_NOTE})"
        )
    n = spec.get("models", entry.squad_size)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise TeamError(f"a team needs at least 1 model, not {quoted(n)}")
    if n > entry.max_models:
        raise TeamError(f"{entry.name} has at most {counted(entry.max_models)}, not {quoted(n)}")
    sergeant = bool(spec.get("sergeant", False))
    if sergeant and entry.sergeant is None:
        raise TeamError(f"{entry.name} has no sergeant upgrade")
    sarge_opts = list(spec.get("sergeant_options", ()))
    if sarge_opts and not sergeant:
        raise TeamError("sergeant wargear needs the sergeant upgrade")
    squad, weapons = _chosen(entry, spec, n)
    if len(weapons) > 2:
        raise TeamError(f"only two models may change weapons, not {len(weapons)}: {TWO_CHANGES}")
    others = n - (1 if sergeant else 0)
    if len(weapons) > others:
        raise TeamError(
            f"{counted(len(weapons), 'weapon change')} need{'s' * (len(weapons) == 1)} {counted(len(weapons))} "
            f"besides the sergeant; the team has {others}"
        )
    models: list[ModelSpec] = []
    base_rules = tuple(r for r in entry.rules if r != "Hit and Run")  # never used in this game [seed]
    if sergeant:
        assert entry.sergeant is not None
        gear = list(entry.sergeant.wargear or entry.wargear)
        profile, label = entry.sergeant.profile, entry.sergeant.name
        for key in sarge_opts:
            o = _option(entry.sergeant.options, key, "sergeant option", entry)
            gear = _swap(gear, o, entry)
            if o.profile:  # an upgrade (the Veteran Sergeant): his own profile and name
                profile, label = o.profile, data.profile(o.profile).name
        models.append(ModelSpec(profile, tuple(gear), base_rules, (), True, label))
    for key in weapons:
        o = _option(entry.weapon_options, key, "weapon option", entry)
        models.append(
            ModelSpec(entry.model, tuple(_swap(list(entry.wargear), o, entry)), base_rules, (), False, o.name)
        )
    while len(models) < n:
        models.append(ModelSpec(entry.model, entry.wargear, base_rules, (), False, ""))
    models = _squad_changes(models, squad)
    usr = spec.get("usr")
    if usr is not None:
        if usr == "Hit and Run":
            raise TeamError("Hit and Run may not be used in this game [seed]")
        choice = data.usrs.get(usr)
        if choice is None or choice.list not in ("unit", "model"):
            names = ", ".join(u.name for u in data.usr_choices())
            raise TeamError(
                f"{quoted(usr)} is not on the seed's Universal Special Rule lists; choose one of: {names}"
            )
        i = spec.get("usr_model", 0)
        if not isinstance(i, int) or not 0 <= i < n:
            raise TeamError(f"usr_model must name one of the team's models (0..{n - 1}), not {quoted(i)}")
        m = models[i]
        if choice.list == "unit":
            models[i] = ModelSpec(m.profile, m.weapons, m.rules, (*m.unit_rules, usr), m.sergeant, m.label)
        else:
            models[i] = ModelSpec(m.profile, m.weapons, (*m.rules, usr), m.unit_rules, m.sergeant, m.label)
    total = cost(data, spec)
    if total > limit + 1e-9:
        raise TeamError(f"{counted(n)} of {entry.name} cost {total:g} points: over the {limit}-point limit")
    return Team(entry, tuple(models), total, dict(spec))


def _check_fields(spec: dict[str, Any]) -> None:
    """A team's option lists are lists of keys and its rule a name (a save is the player's file: a number or a
    table there would otherwise fail deep in the builder with no word of which field)."""
    for key in ("sergeant_options", "weapons"):
        given = spec.get(key, [])
        if not isinstance(given, (list, tuple)) or not all(isinstance(k, str) for k in given):
            raise TeamError(f"a team's {key!r} is a list of option keys, not {quoted(given)}")
    usr = spec.get("usr")
    if usr is not None and not isinstance(usr, str):
        raise TeamError(f"a team's 'usr' is the name of a Universal Special Rule, not {quoted(usr)}")


def _chosen(entry: UnitEntry, spec: dict[str, Any], n: int) -> tuple[list[Option], list[str]]:
    """The team's squad options and its models' weapon changes (keys), refused with the reason: a squad
    option taken twice, an option the squad is too small for (a heavy weapon only with ten)."""
    chosen = [_option(entry.weapon_options, key, "weapon option", entry) for key in spec.get("weapons", ())]
    squad = [o for o in chosen if o.squad]
    twice = next((o for o in squad if squad.count(o) > 1), None)
    if twice is not None:
        raise TeamError(f"{twice.name}: once a team (it is the squad's)")
    small = next((o for o in chosen if n < o.min_models), None)
    if small is not None:
        raise TeamError(f"{small.name}: only in a team of at least {counted(small.min_models)}, not {n}")
    crowded = next(
        (o for o in chosen if o.choice_max and sum(p.choice == o.choice for p in chosen) > o.choice_max), None
    )
    if crowded is not None:
        taken = ", ".join(p.name for p in chosen if p.choice == crowded.choice)
        raise TeamError(
            f"{crowded.choice}: at most {crowded.choice_max} a team ({taken}), as the unit's entry in its catalogue "
            "allows"
        )
    for o in chosen:
        other = next((p for p in chosen if p.key in o.apart), None)
        if other is not None and n < o.alone_below:
            raise TeamError(f"{o.name}: not with {other.name} in a team under {counted(o.alone_below)}")
    return squad, [o.key for o in chosen if not o.squad]


def _squad_changes(models: list[ModelSpec], squad: list[Option]) -> list[ModelSpec]:
    """The squad's own options: a change every model but the sergeant makes where he still has what it
    replaces (Shootas For Mob), and a squad upgrade's wargear carried by the first such model (Demolitions)."""
    out = list(models)
    for o in squad:
        troopers = [i for i, m in enumerate(out) if not m.sergeant]
        for i in troopers if o.squad == "all" else troopers[:1]:
            m = out[i]
            if all(w in m.weapons for w in o.replaces):
                gear = [w for w in m.weapons if w not in o.replaces]
                gear += [w for w in o.with_ if w not in gear]
                out[i] = ModelSpec(m.profile, tuple(gear), m.rules, m.unit_rules, m.sergeant, m.label)
    return out


def _swap(gear: list[str], o: Option, entry: UnitEntry) -> list[str]:
    missing = [w for w in o.replaces if w not in gear]
    if missing:
        raise TeamError(
            f"{o.name}: the model no longer has its {missing[0]} (two options replace the same weapon)"
        )
    out = [w for w in gear if w not in o.replaces]
    return out + [w for w in o.with_ if w not in out]


def team_problems(data: Z40Data, spec: dict[str, Any], points: int | None = None) -> list[str]:
    """Why a team is refused (empty when it is legal)."""
    try:
        build_team(data, spec, points)
    except TeamError as exc:
        return [str(exc)]
    return []


def default_team(data: Z40Data, unit: str, points: int | None = None) -> dict[str, Any]:
    """As many models of ``unit`` as the points allow, the sergeant when it is free or affordable, then the
    dearest weapon changes the points left still buy."""
    limit = int(points if points is not None else data.house.points)
    entry = data.units[unit]
    n = max(1, min(entry.max_models, int((limit + 1e-9) // entry.model_cost)))
    spec: dict[str, Any] = {"unit": unit, "models": n}
    if entry.sergeant is not None:
        with_sarge = {**spec, "sergeant": True}
        if not team_problems(data, with_sarge, limit):
            spec = with_sarge
    # then up to two weapon changes, the dearest that still fit (more punch for the points)
    for _ in range(2):
        fits = [
            o
            for o in entry.weapon_options
            if o.cost > 0
            and not team_problems(data, {**spec, "weapons": [*spec.get("weapons", []), o.key]}, limit)
        ]
        if not fits:
            break
        best = max(fits, key=lambda o: o.cost)
        spec = {**spec, "weapons": [*spec.get("weapons", []), best.key]}
    return spec


def points_left(data: Z40Data, spec: dict[str, Any], points: int | None = None) -> float:
    limit = int(points if points is not None else data.house.points)
    return limit - cost(data, spec)
