"""A resolved BattleScribe unit (:mod:`game.rules.zombie40k.bs_data`) as a Zombie 40,000 roster unit, or the
reason it cannot join a Zombie Survival Team.

A unit is what a 40k player calls one: its models (found through its groups), each with its own profile. The
model there are most of is the trooper; a model of at most one with a profile of its own is the sergeant; a
model with the trooper's profile but other guns ("Space Marine (Special Weapon)") gives the weapon changes
two models of the team may make. Each model's wargear is what it carries when added: the entries it must
take and each group's default; the other choices of a group replace the default, at their points. A
dedicated transport (a unit inside the unit) is never the unit.

Who may join (one rule for every catalogue, :func:`refusal`): a single squad, not a formation or detachment;
no HQ choice, Lord of War or fortification, and no Independent Character whatever slot he is filed under; only
Infantry (no vehicle, walker, bike, jump, jet pack, cavalry, beast, monstrous creature or artillery); no psyker
(this game has no Psychic phase).

Costs are whole points, read as the codex prices a unit: its own cost (the base) plus each model's, a model
costing what it must take with it too (see :func:`price`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from game.rules.zombie40k.bs_data import Entry, Profile, TooMuchWork
from game.rules.zombie40k.bs_tables import Tables, kind, short_name, slug, thrown
from game.rules.zombie40k.data import PSYKER_REFUSED

MAX_OPTIONS = 40  # weapon changes kept per list: the real Space Marine sergeant has 34 (the set-up lists them all)
MAX_MODELS = 50  # "any number" of models is bounded: a 75-point team never reaches it
NOT_INFANTRY = (
    "only Infantry may join a Zombie Survival Team (no HQ, Artillery, Beasts, Bikes, Jetbikes, Cavalry, "
    "Gargantuan or Monstrous Creatures, Jet Pack or Jump units, Vehicles) [seed]"
)
# categories refused as such, and why
CATEGORIES = {
    "hq": f"an HQ choice: {NOT_INFANTRY}",
    "lords of war": "a Lord of War: too big for a Zombie Survival Team [seed: infantry only]",
    "lord of war": "a Lord of War: too big for a Zombie Survival Team [seed: infantry only]",
    "fortification": "a fortification: a building, not a squad",
    "fortifications": "a fortification: a building, not a squad",
    "formation": "a formation: several units, and a team is one squad",
    "detachment": "a detachment: several units, and a team is one squad",
}
NOT_READ = " (it may be in a file not read: import the game system .gst with the catalogue)"
CHARACTER = (
    "an Independent Character: a leader who joins other units, as the HQ choices are, whatever slot the catalogue "
    "files him under (No Force Org Slot, Elites); no HQ may join a Zombie Survival Team [seed; house reading]"
)


# -- the models of a unit ----------------------------------------------------------------------------------


MAX_READS = 100_000  # profiles read for wargear in one catalogue (see Maker.spend); the real ones need under 2,000


@dataclass(frozen=True)
class Model:
    """A kind of model in a unit: its entry, its profile, how many the unit takes (``lo``..``hi``)."""

    entry: Entry
    profile: Profile
    lo: int
    hi: int
    group: Entry | None = (
        None  # the group it is one choice of (an Infantry Squad's "Special Weapons", one a squad)
    )


def _cap(hi: int | None) -> int:
    return MAX_MODELS if hi is None else min(hi, MAX_MODELS)


def models_of(unit: Entry, picks: Picks = None) -> tuple[list[Model], list[Entry]]:
    """The unit's models with their counts, and the units inside it (dedicated transports); ``picks`` gives
    each entry's :func:`squads` (a catalogue's :class:`Squads`, else worked out here)."""
    picks = picks or Squads()
    found: list[Model] = []
    inner: list[Entry] = []
    own = [p for p in unit.profiles if kind(p) == "unit"]

    def walk(e: Entry, group: Entry | None, fill: str = "", depth: int = 0) -> None:
        squad = chosen_squad(e, picks)
        for c in e.visible():
            if c.kind == "unit" and not typed_unit(c):
                inner.append(c)
            elif c.group:
                bounded = within(c, group) if group is not None else c
                sole = not any(is_model(o) and o.lo >= 1 for o in e.visible() if o is not c)  # none beside
                walk(
                    bounded, bounded, filler(bounded, sole), depth
                )  # once a group: a hostile one may hold thousands
            elif c in picks(e):  # one squad of a pick of squads (Deathwatch Veterans): its models, once
                if c is squad and depth < 2:
                    walk(c, None, "", depth + 1)
            else:  # a model; some catalogues type a model "upgrade" (a Ratling): its Unit profile tells
                profile = next((p for p in c.profiles if kind(p) in ("unit", "vehicle")), None)
                if profile is None and c.kind == "model":  # a model with no profile: the unit is not whole
                    profile = Profile(c.name, "", {})
                if profile is None and group is not None and len(own) == 1 and named_after(c.name, own[0].name):
                    profile = own[0]  # "Veteran w/ Lasgun", an upgrade of the unit's Veteran profile
                if profile is None or (c.kind != "model" and kind(profile) != "unit"):
                    continue
                lo, hi = c.lo, c.hi
                if group is not None:  # the group's default model makes up the group's minimum
                    if fill and fill in c.ids:  # "4-9 Storm Troopers", the entry's own minimum 2
                        lo = max(lo, group.lo)  # (real Forge World data)
                    hi = group.hi if hi is None else (hi if group.hi is None else min(hi, group.hi))
                found.append(Model(c, profile, lo, _cap(hi), group))

    walk(unit, None)
    found = [_faced(m, found, own) for m in found]  # first: a Wraithblade has the unit's profile
    if any(kind(m.profile) == "unit" for m in found):  # a transport typed as a model is not the unit
        found = [m for m in found if kind(m.profile) != "vehicle"]
    found = [m for m in found if kind(m.profile) != "other" or m.lo >= 1]  # an optional model left unwritten
    if not found:
        single = next((p for p in unit.profiles if kind(p) in ("unit", "vehicle")), None)
        if single is not None:  # a one-model unit (a single model entry, or a unit with its own profile)
            found.append(Model(unit, single, 1, 1))
    return found, inner


def is_model(e: Entry) -> bool:
    """Whether a child of a unit is a model of it (typed so, or with a Unit profile), not its wargear."""
    return not e.group and (e.kind == "model" or any(kind(p) == "unit" for p in e.profiles))


def squads(e: Entry) -> list[Entry]:
    """The upgrades under ``e`` that hold a squad's models but are no model themselves: the real Deathwatch
    Veterans pick a "Veteran Squad" (5-10 Veterans in a group) or Squad Crull; the default, else the first, is
    the unit read."""
    return [
        c
        for c in e.visible()
        if c.kind == "upgrade"
        and not any(kind(p) in ("unit", "vehicle") for p in c.profiles)
        and any(
            g.group and any(any(kind(p) == "unit" for p in m.profiles) for m in g.visible()) for g in c.children
        )
    ]


class Squads:
    """:func:`squads` of each entry, worked out once per catalogue (the catalogue's :class:`Maker` keeps one):
    reading a unit asks it of every entry it walks and again for each of its children.

    >>> picks = Squads()
    >>> unit = Entry("u", "Veterans", "unit")
    >>> picks(unit), picks(unit) is picks(unit)
    ([], True)
    """

    def __init__(self) -> None:
        # by the entry's id; the entry is kept with its squads, so no id is reused while the catalogue is read
        self._known: dict[int, tuple[Entry, list[Entry]]] = {}

    def __call__(self, e: Entry) -> list[Entry]:
        known = self._known.get(id(e))
        if known is None:
            known = self._known[id(e)] = (e, squads(e))
        return known[1]


Picks = Squads | None  # a catalogue's squads as worked out so far; None: none yet


def chosen_squad(e: Entry, picks: Picks = None) -> Entry | None:
    """The squad of :func:`squads` the unit is read as: the default, else the first."""
    return next(iter(sorted((picks or Squads())(e), key=lambda c: e.default not in c.ids)), None)


def picked_squads(e: Entry, picks: Picks = None, depth: int = 0) -> list[Entry]:
    """Every squad of :func:`chosen_squad` in the unit's groups: its rules are the unit's (the Deathwatch
    Veteran Squad's And They Shall Know No Fear)."""
    picks = picks or Squads()
    inner = [q for c in e.visible() if c.group and depth < 3 for q in picked_squads(c, picks, depth + 1)]
    own = chosen_squad(e, picks)
    return [*inner, own] if own is not None else inner


def filler(group: Entry, sole: bool = False) -> str:
    """The id of the model that makes up a group's minimum: its default, else its one model there may be
    more than one of (Forge World's Devastators: "4-9 Marines" with a Space Marine of up to 9 and one-only
    Imperial Space Marine, no default named), else, in a group beside which the unit must take no model (``sole``),
    the cheapest of several kits of one model (the real Heavy Weapons Squad: exactly 3 of six teams of one
    profile, each at its gun's points; the mortar team at 5 is the codex's squad, the others its upgrades);
    "" when none is."""
    if group.default:
        return group.default
    many = [c for c in group.visible() if not c.group and c.kind != "unit" and (c.hi is None or c.hi > 1)]
    many = [c for c in many if any(kind(p) == "unit" for p in c.profiles)]
    if group.lo < 1 or not many:
        return ""
    if len(many) > 1 and (not sole or len({p.name for c in many for p in c.profiles if kind(p) == "unit"}) > 1):
        return ""  # troopers beside the group, or several kinds of model: none is the squad's own
    return min(many, key=as_added).ids[-1]


def typed_unit(e: Entry) -> bool:
    """Whether an entry typed "unit" inside a unit is its models: a Unit profile and no model inside it (the
    Ynnari's "5-10 Wraithguard" typed unit; a dedicated transport has a Vehicle profile, a platoon's squad its
    models, a Cyclops its Guardsman operator)."""
    return any(kind(p) == "unit" for p in e.profiles) and not any(
        c.kind in ("model", "unit") or c.group or any(kind(p) == "unit" for p in c.profiles) for c in e.children
    )


def within(inner: Entry, outer: Entry) -> Entry:
    """A group inside a group, bounded by the outer one: at most its maximum; the outer group's minimum made
    up by the inner group with no maximum of its own and no default of the outer's, from its default or else
    its first model (the real Corsair band's "Basic Weapons" of its 5-20 "Members") [house reading]."""
    hi = outer.hi if inner.hi is None else (inner.hi if outer.hi is None else min(inner.hi, outer.hi))
    fills = inner.hi is None and inner.lo == 0 and outer.lo >= 1 and not filler(outer)
    first = next((c for c in inner.visible() if c.kind == "model"), None)
    if not fills or first is None:
        return replace(inner, hi=hi)
    return replace(inner, lo=outer.lo, hi=hi, default=inner.default or first.ids[-1])


def carried(variant: str) -> str:
    """What a trooper variant carries, from his name: "Space Marine w/ Multi-melta" carries a "Multi-melta".

    >>> carried("Space Marine w/ Multi-melta"), carried("Guardsman with Flamer"), carried("Heavy Gunner")
    ('Multi-melta', 'Flamer', 'Heavy Gunner')
    """
    return re.sub(r"^.*?\s(?:w/|with)\s+", "", variant, count=1, flags=re.IGNORECASE) or variant


def named_after(entry: str, profile: str) -> bool:
    """Whether an entry's name is a profile's name and the gun he carries: the real Astra Militarum data writes
    its Veterans as "Veteran w/ Lasgun" and "Veteran w/ Flamer", upgrades of the unit's one Veteran profile.

    >>> named_after("Veteran w/ Lasgun", "Veteran"), named_after("Veterans", "Veteran")
    (True, False)
    >>> named_after("Obliterator Weapon Chart", "Obliterator")
    False
    """
    low, base = entry.lower(), profile.lower().strip()
    return bool(base) and any(low.startswith(f"{base} {word} ") for word in ("w/", "with"))


def shared_choice(v: Model, variants: list[Model]) -> dict[str, Any]:
    """The team builder's bound on a trooper variant picked from a group of them: the real Infantry Squad's
    "Special Weapons" group (at most 1) holds the Guardsman w/ Flamer, w/ Meltagun...: one a squad, where two
    were taken. A variant of at most so many of its own bounds the guns it offers as tightly: the real Scout
    Squad's one "Scout (Heavy Weapon)" gives a heavy bolter or a missile launcher, one a squad, where two heavy
    bolters were taken; the group's bound when it is as tight (the variants share it)."""
    g = v.group
    shared = g is not None and bool(g.hi) and sum(1 for w in variants if w.group is g) >= 2
    if g is not None and shared and g.hi is not None and g.hi <= v.hi:
        return {"choice": g.name[:60], "choice_max": g.hi}
    if v.hi < MAX_MODELS:
        return {"choice": v.entry.name[:60], "choice_max": v.hi}
    return {"choice": g.name[:60], "choice_max": g.hi} if g is not None and shared else {}


def _faced(m: Model, models: list[Model], own: list[Profile]) -> Model:
    """A model the data gives no profile takes the unit's own (Chosen: the profile is the unit's), or that of
    the model whose name his starts with ("Kabalite Warrior with special weapon") [house reading]."""
    if kind(m.profile) != "other":
        return m
    if len(own) == 1:
        return replace(m, profile=own[0])
    low = m.entry.name.lower()
    for other in models:
        base = other.entry.name.split("(")[0].strip().lower()
        if other is not m and kind(other.profile) == "unit" and base and low.startswith(base):
            return replace(m, profile=other.profile)
    return m


def max_models(unit: Entry, picks: Picks = None) -> int:
    """How many models the unit may have at most: each group bounds the models inside it, and a model whose
    places come off another's maximum (see :func:`~game.rules.zombie40k.bs_data.shares_max`) adds none."""

    known = picks or Squads()

    def cap(e: Entry) -> int:
        total = 0
        shared = {i for c in e.visible() for i in c.shares}
        for c in e.visible():
            if shared & set(c.ids):  # its models take the places of another's (Sternguard: 9 in all, not 9 + 2)
                continue
            if (c.kind == "model" and not c.profiles) or (
                any(kind(p) == "unit" for p in c.profiles) and (c.kind != "unit" or typed_unit(c))
            ):
                total += 0 if c.lo == 0 and psyker(c) else _cap(c.hi)  # an optional psyker is left out
            elif c.group:  # a pick of squads counts squads, not models
                total += cap(c) if known(c) else min(cap(c), _cap(c.hi))
        picked = chosen_squad(e, known)
        return min(total + (cap(picked) if picked is not None else 0), MAX_MODELS)

    return cap(unit) or 1


# -- who may join a Zombie Survival Team ---------------------------------------------------------------------


def refusal(unit: Entry, models: list[Model], inner: list[Entry]) -> tuple[str, str] | None:
    """Why ``unit`` may not join a Zombie Survival Team, as (field, reason), or None: the one rule for every
    catalogue."""
    name = unit.name.lower()
    for word in ("formation", "detachment"):
        if name.startswith(word) or any(word in c.lower() for c in unit.categories):
            return "category", CATEGORIES[word]
    for c in unit.categories:
        why = CATEGORIES.get(c.strip().lower())
        if why:
            return "category", why
    if independent(unit, models):
        return "rules", CHARACTER
    if not models:
        if inner:
            return "entries", "units inside it (a platoon, a squadron): each is read on its own"
        if any(kind(p) == "vehicle" for p in unit.profiles) or holds_vehicle(unit):
            return "profile", f"a vehicle (armour values, no Toughness): {NOT_INFANTRY}"
        if not unit.profiles and not any(c.kind in ("unit", "model") or c.group for c in unit.children):
            return "profiles", "not a unit: no model in it (a switch or a note of the catalogue)"
        return "profiles", f"no model with a Unit profile{NOT_READ}"
    for m in models:
        if kind(m.profile) == "vehicle":
            return "profile", f"a vehicle (armour values, no Toughness): {NOT_INFANTRY}"
    own = _own_kind(unit) or _required_kind(unit)
    if own is not None:
        return own
    for m in models:
        if kind(m.profile) == "other":
            return "profiles", f"its model {m.entry.name!r} has no Unit profile{NOT_READ}"
    for m in [m for m in models if m.lo >= 1] or models:  # optional drones and turrets are only left out
        utype = m.profile.get("Unit Type", "Type")
        if utype is not None and not infantry(utype):
            return "Unit Type", f"it is {utype!r}: {NOT_INFANTRY}"
    if all(m.profile.get("Unit Type", "Type") is None for m in models) and not any(
        "infantry" in c.lower() for c in unit.categories
    ):
        return "Unit Type", "the characteristic is missing, so the game cannot tell it is Infantry"
    if psyker(unit) or any(psyker(m.entry) for m in models):
        return "rules", PSYKER_REFUSED
    return None


def holds_vehicle(unit: Entry) -> bool:
    """Whether a unit of no model holds vehicles in its groups, typed as upgrades (the real Ravenwing Land
    Speeders and Chaos Vindicators: "1-5 Land Speeders", each an upgrade with a Vehicle profile)."""
    return any(kind(p) == "vehicle" for g in unit.visible() if g.group for c in g.visible() for p in c.profiles)


def psyker(e: Entry) -> bool:
    """Whether the entry is a psyker when added (its own rules or what it must take)."""
    psychic = r"(psyker|psycher|brotherhood of psy|psychic (discipline|brood))"
    return any(re.match(psychic, r.lower()) for r in carried_rules(e))


def independent(unit: Entry, models: list[Model]) -> bool:
    """Whether the unit, or a model it must have, is an Independent Character (the real Techmarine and Cypher,
    filed under no HQ slot); a character a squad may add (Arjac in a Wolf Guard pack) does not count."""
    rules = [*carried_rules(unit), *(r for m in models if m.lo >= 1 for r in carried_rules(m.entry))]
    return any(r.lower().startswith("independent character") for r in rules)


def _own_kind(unit: Entry) -> tuple[str, str] | None:
    """Why a unit whose own profile is a model the team cannot have is refused, whatever models it holds:
    the real Cyclops is a unit of Artillery whose only model entry is its Guardsman operator."""
    for p in unit.profiles:
        if kind(p) == "vehicle":
            return "profile", f"a vehicle (armour values, no Toughness): {NOT_INFANTRY}"
        utype = p.get("Unit Type", "Type") if kind(p) == "unit" else None
        if utype is not None and not infantry(utype):
            return "Unit Type", f"it is {utype!r}: {NOT_INFANTRY}"
    return None


def _required_kind(unit: Entry) -> tuple[str, str] | None:
    """Why a unit that must take one of a group of pieces the team cannot have is refused: the real Death Korps
    Field Artillery Battery must take 1-4 guns (each typed a unit, of Unit Type Artillery) and came in as its
    crew alone."""
    for g in unit.visible():
        if not g.group or g.lo < 1:
            continue
        members = list(g.visible())
        types = [p.get("Unit Type", "Type") for c in members if c.kind == "unit" for p in c.profiles[:1]]
        if types and len(types) == len(members) and not any(t is None or infantry(t) for t in types):
            return "Unit Type", f"it is {types[0]!r} (it must take one of its {g.name!r}): {NOT_INFANTRY}"
    return None


NOT_INFANTRY_WORDS = {"jump", "jet", "pack", "bike", "bikes", "jetbike", "jetbikes", "cavalry", "beast", "beasts"}
NOT_INFANTRY_WORDS |= {
    "monstrous",
    "monsterous",
    "creature",
    "artillery",
    "artilery",
    "vehicle",
    "walker",
    "turret",
}


def infantry(utype: str) -> bool:
    """Whether a Unit Type is Infantry (the data's spellings too: "Infantry (Character)", "Unique, Infantry").

    The words in brackets are a note, the words after them still count: the real data's Cyclops is
    "Infantry - Special (Cyclops) Artillery".

    >>> infantry("Infantry (Character)"), infantry("Unique, Infantry"), infantry("Jump Infantry")
    (True, True, False)
    >>> infantry("Infantry - Special (Cyclops) Artillery"), infantry("Infantry (Artillery crew)")
    (False, True)
    """
    words = set(re.findall(r"[a-z]+", re.sub(r"\([^)]*\)", " ", utype.lower())))
    return "infantry" in words and not words & NOT_INFANTRY_WORDS


def playable(m: Model) -> bool:
    """Whether a model may be in a team: Infantry, or of no stated type."""
    utype = m.profile.get("Unit Type", "Type")
    return utype is None or infantry(utype)


def carried_rules(e: Entry) -> list[str]:
    """The rules an entry has when added: its own, and those of what it must take (a psyker's mastery level
    is the default of a group it must choose from)."""
    fixed, choices, _ = kit(e)
    rules = list(e.rules)
    for c in fixed:
        rules += c.rules
    for ch in choices:
        if ch.must and ch.default is not None:
            rules += ch.default.rules
    return rules


# -- wargear ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A group of wargear a model picks from: its default (None: the first when it must take one) and the
    rest; ``must`` when the model has to take one."""

    group: Entry
    default: Entry | None
    others: tuple[Entry, ...]
    must: bool


def not_wargear(e: Entry) -> bool:
    """A model or a vehicle typed as an upgrade (a Chaos Rhino, a Veteran Sergeant) is not a weapon to carry."""
    return any(kind(p) in ("unit", "vehicle") for p in e.profiles)


def leaves(group: Entry, depth: int = 0) -> list[Entry]:
    """The entries a group offers, its sub-groups flattened."""
    out: list[Entry] = []
    for c in group.visible():
        if c.group and depth < 6:
            out += leaves(c, depth + 1)
        elif c.kind not in ("unit", "model") and not not_wargear(c):
            out.append(c)
    return out


def kit(model: Entry, pick_first: bool = True) -> tuple[list[Entry], list[Choice], list[Entry]]:
    """What ``model`` carries for certain, the groups it chooses from (a group it must choose from and
    that names no default: the first choice, with ``pick_first``), and the extras it may add."""
    fixed: list[Entry] = []
    choices: list[Choice] = []
    extras: list[Entry] = []
    for c in model.visible():
        if c.kind in ("unit", "model") or not_wargear(c):
            continue
        if c.group:
            offered = leaves(c)
            default = next((e for e in offered if c.default and c.default in e.ids), None)
            must = c.lo >= 1
            if default is None and must and offered and pick_first:
                default = offered[0]
            if offered:
                choices.append(Choice(c, default, tuple(e for e in offered if e is not default), must))
        elif c.lo >= 1:
            fixed.append(c)
        else:
            extras.append(c)
    return fixed, choices, extras


# -- points ----------------------------------------------------------------------------------------------------


def as_added(e: Entry, depth: int = 0) -> float:
    """What an entry costs as BattleScribe adds it: its own points and those of what it must take (Sly
    Marbo's melta bombs, a group's default it must choose)."""
    fixed, choices, _ = kit(e, pick_first=False)  # a group that names no default: BattleScribe picks none
    must = [ch.default for ch in choices if ch.must and ch.default is not None]
    if depth >= 3:
        return e.points
    return (
        e.points
        + sum(max(1, c.lo) * as_added(c, depth + 1) for c in fixed)
        + sum(as_added(c, depth + 1) for c in must)
    )


def price(unit: Entry, trooper: Model, sergeant: Model | None, team: list[Model]) -> tuple[int, int, float]:
    """(points a model, the sergeant's points, the exact points a model) in whole points.

    The codex prices a unit as its own cost plus each model's: Bullgryns are 55 points with the Bone 'ead and
    45 a Bullgryn, so three cost 145. A team pays per model, so a trooper costs his own 45 and a sergeant the
    unit must have (the Bone 'ead) carries the rest, +10: three with him cost 145 again. With no such
    sergeant, troopers that cost nothing of their own (Veterans: 60 points for the squad) or a rest larger
    than a trooper's cost, the squad's cost is shared out over its models, rounded (house reading), and a
    sergeant costs what he costs more than a trooper."""
    base = unit.points if unit is not trooper.entry else 0.0
    counts = {id(m): m.lo for m in team}
    if not any(counts.values()):  # no model the unit must have (a group of any of them): one trooper
        counts[id(trooper)] = 1
    size = sum(counts.values())
    total = base + sum(counts[id(m)] * as_added(m.entry) for m in team)
    own = as_added(trooper.entry)
    in_squad = sergeant is not None and sergeant.lo >= 1
    if in_squad and own >= 1 and 0 <= total - round(own) * size <= own:
        per_model, exact = round(own), own
    else:
        per_model, exact = round(total / size), total / size
    if sergeant is None:
        return per_model, 0, exact
    if in_squad:
        return per_model, max(0, round(total - per_model * size)), exact
    return per_model, max(0, round(as_added(sergeant.entry) - own)), exact


# -- the converter -------------------------------------------------------------------------------------------


@dataclass
class Maker(Tables):
    """A catalogue's units into its roster tables (:class:`Tables`), or listed with the reason they are not.
    ``characters`` are the ids of the catalogue's root entries: an optional model of a unit that is one of
    them is a named character the unit may take (Arjac Rockfist in a Wolf Guard pack), never its sergeant."""

    characters: frozenset[str] = frozenset()

    @cached_property
    def picks(self) -> Squads:
        """The catalogue's :func:`squads`, each entry's worked out once."""
        return Squads()

    def spend(self, reads: int) -> None:
        """Count profiles read for wargear; past :data:`MAX_READS` the file is refused as no real one is."""
        self.reads = getattr(self, "reads", 0) + reads
        if self.reads > MAX_READS:
            raise TooMuchWork(
                f"{self.cat.file}: its wargear needs more than {MAX_READS:,} profiles read (the 7th-edition "
                "catalogues need far fewer): links that lead to one list over and over, a broken or hostile file"
            )

    # one unit

    def unit(self, unit: Entry, depth: int = 0) -> None:
        """``unit`` into the catalogue's tables, or listed as skipped with the field and the reason."""
        models, inner = models_of(unit, self.picks)
        for m in [m for m in models if m.lo == 0 and psyker(m.entry)]:  # a Guardian squad's optional Warlock
            self.cat.note(
                f"{self.cat.file}: {unit.name!r}: the model {m.entry.name!r} is left out: {PSYKER_REFUSED}"
            )
            models.remove(m)
        why = refusal(unit, models, inner)
        if why is not None and why[0] == "entries" and depth < 2:  # a platoon: its squads one by one
            self.cat.note(f"{self.cat.file}: {unit.name!r}: units inside it: each is read on its own")
            for e in inner:
                self.unit(e, depth + 1)
            return
        if why is not None:
            self.cat.skip(unit.name, *why)
            return
        if any("transport" in e.name.lower() or kind_of_unit(e) == "vehicle" for e in inner):
            self.cat.note(f"{self.cat.file}: {unit.name!r}: its dedicated transport is left out (never the unit)")
        for m in [m for m in models if not playable(m)]:
            self.cat.note(
                f"{self.cat.file}: {unit.name!r}: the model {m.entry.name!r} is left out: {NOT_INFANTRY}"
            )
        trooper, sergeant, variants, others = self.roles([m for m in models if playable(m)])
        for m in others:
            self.cat.note(
                f"{self.cat.file}: {unit.name!r}: the model {m.entry.name!r} is left out (a team has one kind of "
                "trooper and one sergeant)"
            )
        made = self.unit_profile(unit.name, trooper.profile)
        if made is None:
            return
        table = self.table(unit, trooper, sergeant, variants, models, made)
        if table is not None:
            self.cat.units[self.key(self.cat.units, slug(unit.name), table)] = table

    def roles(self, models: list[Model]) -> tuple[Model, Model | None, list[Model], list[Model]]:
        """The trooper (the model there may be most of, the group default first), the sergeant (a model of at
        most one with a profile of its own, a required one first), the trooper's variants (his profile, other
        guns) and the models left out."""
        # a model the unit must have several of first: the Wolf Guard's 4, not his one Pack Leader whose
        # maximum the data leaves open
        trooper = max(models, key=lambda m: (m.lo > 1, m.hi, m.lo))
        base = trooper.entry.name.split("(")[0].strip().lower()

        def variant(m: Model) -> bool:
            return m.profile.name == trooper.profile.name or m.entry.name.lower().startswith(base + " (")

        rest = [m for m in models if m is not trooper]
        variants = [m for m in rest if variant(m)]
        # a leader's profile is his own: five optional weapons teams of one profile are no sergeant
        # (Renegades); a leader the unit must have may come in several kits (a Bullgryn Bone 'ead)
        names = [m.profile.name for m in rest]
        shared = {p for p in names if names.count(p) > 1}
        shared -= {m.profile.name for m in rest if m.lo >= 1}
        leaders = sorted(
            (
                m
                for m in rest
                if not variant(m) and m.hi <= 1 and not self.character(m) and m.profile.name not in shared
            ),
            key=lambda m: -m.lo,
        )
        sergeant = leaders[0] if leaders else None
        others = [m for m in rest if m is not sergeant and m not in variants]
        return trooper, sergeant, variants, others

    def character(self, m: Model) -> bool:
        """Whether ``m`` is a named character the unit may take: an optional entry the catalogue also lists
        on its own (one the unit must have, a Warboss leading his Council, is the unit's own)."""
        return m.lo == 0 and bool(m.entry.ids) and m.entry.ids[-1] in self.characters

    def table(
        self,
        unit: Entry,
        trooper: Model,
        sergeant: Model | None,
        variants: list[Model],
        models: list[Model],
        made: tuple[str, dict[str, Any]],
    ) -> dict[str, Any] | None:
        name = unit.name
        wargear, options = self.gear(name, trooper.entry)
        wide = unit is not trooper.entry and not wargear  # a trooper with no gun of his own: the unit's
        if wide:
            wargear, options = self.unit_weapons(name, unit, wargear, options)
        for v in variants:  # each tagged with its model, to tell which exclude which (see apart)
            one_of = shared_choice(v, variants)
            options += [{**o, **one_of, "_from": v.entry} for o in self.variant_options(name, v, trooper, wargear)]
        if unit is not trooper.entry:
            leader = sergeant.lo if sergeant is not None else 0
            options += self.squad_options(name, unit, wargear, {id(m.entry) for m in models}, leader, wide)
            options += self.mob_changes(name, unit, trooper.entry, max(1, sum(m.lo for m in models)))
        if not wargear and sergeant is not None and not self.armed(trooper.entry):
            wargear, options = self.sergeants_guns(name, sergeant, options)
        if not wargear and self.armed(trooper.entry):
            self.cat.skip(name, "wargear", "none of its weapons is one this game plays (each is listed above)")
            return None
        if not wargear:  # every model may fight: the shipped roster's close combat weapon is the least
            wargear = ["close_combat_weapon"]
            self.cat.note(f"{self.cat.file}: {name!r}: the data gives its models no weapon: a close combat weapon")
        team = [m for m in models if m in (trooper, sergeant) or m in variants]
        size = max(1, sum(m.lo for m in team))
        per_model, sarge_cost, exact = price(unit, trooper, sergeant, team)
        if not math.isclose(per_model, exact):
            self.cat.note(
                f"{self.cat.file}: {name!r}: {exact:g} points a model, rounded to {per_model} (whole points)"
            )
        if per_model <= 0:
            self.cat.skip(name, "pts", "it has no points cost")
            return None
        table: dict[str, Any] = {
            "name": name,
            "army": self.cat.army,
            "type": "infantry",
            "squad_cost": per_model * size,
            "squad_size": size,
            "max_models": max(size, min(max_models(unit, self.picks), sum(m.hi for m in team))),
            "model": made[0],
            "wargear": wargear,
            "rules": self.known_rules(
                name,
                [
                    *unit.rules,
                    *(r for q in picked_squads(unit, self.picks) for r in q.rules),
                    *trooper.entry.rules,
                ],
            ),
            "source": self.cat.file,
        }
        if sergeant is not None:
            sarge = self.sergeant(name, sergeant, sarge_cost, wargear)
            if sarge is not None:
                table["sergeant"] = sarge
        table["weapon_options"] = apart(unique(options, wargear), sergeant.lo if sergeant is not None else 0)
        return table

    @staticmethod
    def armed(model: Entry) -> bool:
        """Whether the data gives ``model`` a weapon profile of its own or in what it must carry."""
        fixed, choices, _ = kit(model)
        carried = [model, *fixed, *(c.default for c in choices if c.must and c.default is not None)]
        return any(kind(p) == "weapon" and not thrown(p.name) for e in carried for p in e.profiles)

    def sergeant(self, unit: str, m: Model, cost: int, trooper_gear: list[str]) -> dict[str, Any] | None:
        made = self.unit_profile(f"{unit} / {m.entry.name}", m.profile)
        if made is None:
            return None
        gear, options = self.gear(unit, m.entry)
        sarge: dict[str, Any] = {"name": m.entry.name, "cost": cost, "profile": made[0]}
        if gear and gear != trooper_gear:
            sarge["wargear"] = gear
        sarge["options"] = [*self.promotions(unit, m.entry), *unique(options, gear or trooper_gear)]
        return sarge

    def promotions(self, unit: str, sergeant: Entry) -> list[dict[str, Any]]:
        """The sergeant's upgrades to another profile (the real Tactical Sergeant's Veteran Sergeant, an
        upgrade with a Unit profile of its own), as options that change his profile, at their points."""
        out = []
        for e in sergeant.visible():
            profile = next((p for p in e.profiles if kind(p) == "unit"), None)
            if e.kind != "upgrade" or profile is None:
                continue
            made = self.unit_profile(f"{unit} / {e.name}", profile)
            if made is not None:
                name = f"Upgrade to {e.name}"
                out.append({"key": slug(e.name), "name": name[:60], "profile": made[0], "cost": round(e.points)})
        return out

    # wargear of one model

    def weapons(self, unit: str, e: Entry, depth: int = 0) -> list[str]:
        """The weapon keys an entry brings: its weapon profiles and those of what it must take with it (worked
        out once an entry: links lead to one shared entry many times)."""
        memo: dict[tuple[int, int], list[str]] = self.__dict__.setdefault("_weapons_of", {})
        if (id(e), depth) not in memo:
            memo[(id(e), depth)] = self._weapons(unit, e, depth)
        return list(memo[(id(e), depth)])

    def _weapons(self, unit: str, e: Entry, depth: int) -> list[str]:
        self.spend(len(e.profiles))
        keys: dict[str, None] = {}  # in order, each once (a dict: links may bring thousands)
        for p in e.profiles:
            if kind(p) == "weapon":
                key = self.weapon(unit, p)
                if key is not None:
                    keys[key] = None
        if depth < 3:
            for c in e.visible():
                if c.kind not in ("unit", "model") and not c.group and c.lo >= 1:
                    keys.update(dict.fromkeys(self.weapons(unit, c, depth + 1)))
        return list(keys)

    def gear(self, unit: str, model: Entry, pick_first: bool = True) -> tuple[list[str], list[dict[str, Any]]]:
        """A model's wargear and the changes it may make: each group's other choices replace its default (or
        the weapon the group's name says it replaces), an extra entry adds its weapon."""
        fixed, choices, extras = kit(model, pick_first)
        worn = dict.fromkeys(self.weapons(unit, model))  # in order, each once
        for e in fixed:
            worn.update(dict.fromkeys(self.weapons(unit, e)))
        for c in choices:
            if c.default is not None and (c.must or c.group.default):
                worn.update(dict.fromkeys(self.weapons(unit, c.default)))
        wargear = list(worn)
        options: list[dict[str, Any]] = []
        for c in choices:
            carried = c.default is not None and (c.must or bool(c.group.default))
            replaces = self.weapons(unit, c.default) if carried and c.default is not None else []
            if not replaces:  # "may replace his boltgun with one of": the weapon named in the group's name
                low = c.group.name.lower()
                replaces = [w for w in wargear if self.weapon_name(w).lower() in low][:1]
            for e in c.others if carried else (*((c.default,) if c.default else ()), *c.others):
                got = self.weapons(unit, e)
                if got and got != replaces:
                    options.append(self.option(e.name, tuple(replaces), got, e.points))
        for e in extras:
            got = self.weapons(unit, e)
            if got:
                options.append(self.option(e.name, (), got, e.points))
        return wargear, options

    def variant_options(
        self, unit: str, v: Model, trooper: Model, trooper_gear: list[str]
    ) -> list[dict[str, Any]]:
        """A trooper variant's guns as weapon changes: what the trooper carries that the variant does not is
        replaced by each choice of the variant, at its points and the variant's extra cost."""
        gear, options = self.gear(unit, v.entry, pick_first=False)
        missing = [w for w in trooper_gear if w not in gear]
        added = [w for w in gear if w not in trooper_gear]
        extra = max(0.0, v.entry.points - trooper.entry.points)
        out = []
        if added:
            out.append(self.option(v.entry.name, tuple(missing), added, extra))
        for o in options:
            from_added = [w for w in o["replaces"] if w in added]
            replaces = [*missing, *(w for w in o["replaces"] if w not in added)]
            kept = [w for w in added if w not in from_added]
            name = o["name"].split(" for the ")[0]
            if kept:  # the variant's gun and this choice: named by both, not by the choice alone
                name = f"{carried(v.entry.name)} and {name.split(',')[0].strip()}"
            out.append(self.option(name, tuple(replaces), [*kept, *o["with"]], o["cost"] + extra))
        return out

    def squad_options(
        self,
        unit: str,
        entry: Entry,
        trooper_gear: list[str],
        models: set[int],
        leader: int = 0,
        wide: bool = False,
    ) -> list[dict[str, Any]]:
        """The unit's own wargear choices ("one Chaos Space Marine may replace his boltgun with ..."): each
        replaces the weapon its name or its group's names, else the trooper's weapon of the same kind (a
        pistol for a pistol, the basic gun for any other gun). The unit's models (``id`` s of their entries:
        a "Veteran w/ Flamer" is a model, not wargear) are offered as models, not here."""
        out = []
        for c in entry.visible():
            if c.kind in ("unit", "model") or "transport" in c.name.lower() or not_wargear(c):
                continue
            if wide and unit_wide(c):  # the whole unit's weapon, offered by unit_weapons
                continue
            offered = leaves(c) if c.group else ([c] if c.lo == 0 else [])
            for e in (e for e in offered if id(e) not in models):
                got = self.weapons(unit, e)
                if got:
                    replaces = self.named(f"{e.name} {c.name}", trooper_gear) or self.same_kind(got, trooper_gear)
                    label = e.name if not e.name.lower().startswith("swap ") else self.weapon_name(got[0])
                    if squad_upgrade(c, e):  # Demolitions: the squad's, adding, replacing nothing
                        out.append({**self.option(label, (), got, e.points), "squad": "one"})
                        continue
                    option = self.option(label, tuple(replaces), got, e.points)
                    least = max(team_size(x.needs, leader) for x in (c, e) if not x.apart)
                    option = {**option, "min_models": least} if least else option
                    if c.group and c.hi:  # the Dark Angels' "Special Weapon": one a squad
                        option = {**option, "choice": c.name[:60], "choice_max": c.hi}
                    # tagged with what it is offered from, to tell which exclude which (see apart)
                    out.append({**option, "_from": e if e.needs[0] or c is e else c})
        return out

    def unit_weapons(
        self, unit: str, entry: Entry, wargear: list[str], options: list[dict[str, Any]]
    ) -> tuple[list[str], list[dict[str, Any]]]:
        """The weapon the whole unit carries, chosen once for it (the real Immortals' "Unit Weapons": gauss
        blasters, or tesla carbines for all): the default is every trooper's, each other choice a change
        every model but the sergeant makes."""
        gear, out = list(wargear), list(options)
        for c in (c for c in entry.visible() if unit_wide(c)):
            offered = leaves(c)
            default = next((e for e in offered if c.default in e.ids), None)
            if default is None:
                continue
            worn = [w for w in self.weapons(unit, default) if w not in gear]
            gear += worn
            for e in offered:
                got = self.weapons(unit, e)
                if e is not default and got and got != worn:
                    out.append({**self.option(e.name, tuple(worn), got, e.points), "squad": "all"})
        return gear, out

    def mob_changes(self, unit: str, entry: Entry, trooper: Entry, size: int) -> list[dict[str, Any]]:
        """The unit's own switches that change every trooper's wargear: "Shootas For Mob" shows the Boy's
        Shoota profile and hides his Slugga's. Its points, which rise with the mob, are shared per model
        (house reading: 10 points for the 10 Boyz it starts with, 1 a Boy)."""
        fixed, choices, _ = kit(trooper)
        carried = [trooper, *fixed, *(c.default for c in choices if c.default is not None)]
        out = []
        for c in entry.visible():
            if c.group or c.kind in ("unit", "model") or c.lo > 0 or self.weapons(unit, c):
                continue
            flips = [(p, shown) for e in carried for cid, p, shown in e.switches if cid in c.ids]
            gone = [k for p, shown in flips if not shown and (k := self.weapon(unit, p)) is not None]
            got = [k for p, shown in flips if shown and (k := self.weapon(unit, p)) is not None]
            if got:
                each = round(c.points / size)
                out.append({**self.option(c.name, tuple(gone), got, 0), "squad": "all", "each": each})
        return out

    def named(self, text: str, gear: list[str]) -> list[str]:
        low = text.lower()
        return [w for w in gear if self.weapon_name(w).lower() in low][:1]

    def weapon_kind(self, w: str) -> str:
        """ "pistol", "melee" or "gun"."""
        t = self.cat.weapons[w]["type"] if w in self.cat.weapons else self.data.weapons[w].type
        return "pistol" if t == "pistol" else ("melee" if t == "melee" else "gun")

    def same_kind(self, got: list[str], gear: list[str]) -> list[str]:
        wanted = self.weapon_kind(got[0])
        return [w for w in gear if self.weapon_kind(w) == wanted][:1]

    def sergeants_guns(
        self, unit: str, sergeant: Model, options: list[dict[str, Any]]
    ) -> tuple[list[str], list[dict[str, Any]]]:
        """[house] A trooper the data gives no weapon at all (the real Blood Angels and Dark Angels Tactical
        Marines: a profile and a cost, nothing else) carries his sergeant's default guns, and a gun the squad may
        take without naming what it gives up takes the place of the first of them."""
        gear, _ = self.gear(unit, sergeant.entry)
        guns = [w for w in gear if self.weapon_kind(w) == "gun"]
        if not guns:
            return [], options
        self.cat.note(
            f"{self.cat.file}: {unit!r}: the data gives its models no weapon: they carry their sergeant's "
            f"{', '.join(self.weapon_name(w) for w in guns)} [house]"
        )
        swapped = [
            {**o, **self.option(o["name"], (guns[0],), o["with"], o["cost"])}
            if not o["replaces"] and o["with"] and all(self.weapon_kind(w) == "gun" for w in o["with"])
            else o
            for o in options
        ]
        return guns, swapped

    def option(self, name: str, replaces: tuple[str, ...], with_: list[str], cost: float) -> dict[str, Any]:
        return {
            "key": slug(name),
            "name": short_name(name, [self.weapon_name(w) for w in replaces]),
            "replaces": list(replaces),
            "with": with_,
            "cost": round(cost),
        }

    def known_rules(self, unit: str, rules: list[str]) -> list[str]:
        """The Universal Special Rules this game knows; the others are noted as left out."""
        known: list[str] = []
        # looked up by name, not searched: a hostile unit has thousands of rules (the first in order wins)
        usrs = {u.lower(): (i, u) for i, u in reversed(list(enumerate(self.data.usrs)))}
        for r in dict.fromkeys(rules):
            base = r.split("(")[0].strip().lower()
            usr = min((usrs[k] for k in (r.lower(), base) if k in usrs), default=(0, None))[1]
            if usr is None:
                self.cat.note(f"{self.cat.file}: {unit!r}: the rule {r!r} is not in this game: left out")
            elif usr not in known and self.data.usrs[usr].list != "forbidden":
                known.append(usr)
        return known


def apart(options: list[dict[str, Any]], leader: int) -> list[dict[str, Any]]:
    """The options of a trooper variant the data forbids while the unit is small and has another variant (the
    real Tactical Squad: below ten models a heavy weapon or a special weapon, not both) name the other's
    options and the size; the tags :meth:`Maker.table` put on them are taken off."""
    out = []
    for o in options:
        made = {k: v for k, v in o.items() if k != "_from"}
        e = o.get("_from")
        if isinstance(e, Entry) and e.needs[0]:
            others = [
                p["key"]
                for p in options
                if p is not o and isinstance(p.get("_from"), Entry) and e.apart in p["_from"].ids
            ]
            if not e.apart:
                made["min_models"] = team_size(e.needs, leader)
            elif others:
                made |= {"alone_below": team_size(e.needs, leader), "apart": others}
        out.append(made)
    return out


def unit_wide(c: Entry) -> bool:
    """Whether a unit's own group is the weapon the whole unit carries: one it must choose, a default named."""
    return c.group and c.lo >= 1 and c.hi == 1 and bool(c.default)


def squad_upgrade(c: Entry, e: Entry) -> bool:
    """Whether a unit's own entry is a squad upgrade: one a unit (not in a group), carrying no weapon of its
    own, only what it must take (the real Veterans' Demolitions: melta bombs for the squad and a demolition
    charge, 30 points)."""
    return c is e and e.hi == 1 and not any(kind(p) == "weapon" for p in e.profiles)


def team_size(needs: tuple[int, str], leader: int) -> int:
    """The models a team needs for an option the data offers from ``needs`` (count, entry id) on: that many
    models ("model"), or that many of one kind of model and the leader the unit must have (nine Chaos
    Space Marines and their Aspiring Champion: ten)."""
    count, child = needs
    if count <= 0:
        return 0
    return count if child == "model" else count + leader


def kind_of_unit(e: Entry) -> str:
    """The kind of an inner unit's first profile (a transport's is "vehicle")."""
    return next((kind(p) for p in e.profiles if kind(p) in ("unit", "vehicle")), "other")


def unique(options: list[dict[str, Any]], gear: list[str]) -> list[dict[str, Any]]:
    """Options with unique keys whose replaced weapons the model has, the same change once, none that gives
    back the weapons it takes (a Renegade with a vox-caster keeps his lasgun), at most :data:`MAX_OPTIONS`."""
    out: list[dict[str, Any]] = []
    keys: set[str] = set()
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for o in options:
        change = (tuple(o["replaces"]), tuple(o["with"]))
        if any(w not in gear for w in o["replaces"]) or change in seen:
            continue
        if sorted(o["with"]) == sorted(o["replaces"]):  # a lasgun for the lasgun: paying for gear not played
            continue
        seen.add(change)
        key, n = o["key"], 2
        while key in keys:
            key, n = f"{o['key']}_{n}", n + 1
        keys.add(key)
        out.append({**o, "key": key})
    return out[:MAX_OPTIONS]
