"""Roster tables from BattleScribe profiles: a Unit profile as a Zombie 40,000 profile, a Weapon profile as a
weapon (a shipped one when it is the same gun), with the reason for anything this game cannot play, and the
keys they go by in the player's roster. :mod:`game.rules.zombie40k.bs_units` builds units on it.

House readings (each noted in the import's notes): a Salvo X/Y gun fires X shots as an Assault weapon (this
game has no halved ranges); random shots (Heavy D3) and a random AP (a Snazzgun's D6) are their average,
rounded; a sniper rifle's Strength X is the shipped sniper rifle's 3 (its Sniper rule wounds on 4+);
"+1/User*" is its ordinary value, the last one; a Large Blast is a Blast; grenades and bombs are thrown only
in the Killing Floor mod, melta bombs carried with the rule "Melta Bomb" (never used here: no vehicles). A
Graviton weapon's Strength "*" is kept: it wounds on the target's armour save [7th].

>>> str(Skipped("x.cat", "Rhino", "Unit Type", "a vehicle"))
"x.cat: 'Rhino': field 'Unit Type': a vehicle"
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.numerals import decimal, whole
from game.rules.zombie40k.bs_data import MAX_LISTED, Profile
from game.rules.zombie40k.data import GRAVITON_S, MAX_NAME, STATS, Z40Data

KINDS = {"rapid fire": "rapid_fire", "assault": "assault", "pistol": "pistol", "heavy": "heavy", "melee": "melee"}
TEMPLATE_RANGE = 8.0  # a template's length [7th]; the shipped flamer has the same
VEHICLE_TYPES = ("vehicle", "walker", "flyer", "super-heavy", "knight")
WEAPON_FIELDS = ("Type", "Range", "Strength", "AP")  # the fields a weapon is left out for
GRENADES_LEFT_OUT = "grenades are thrown only in the Killing Floor mod here (house reading): left out"


@dataclass(frozen=True)
class Skipped:
    """One thing the import left out: the file, the entry, the field and why.

    >>> str(Skipped("x.cat", "Rhino", "Unit Type", "a vehicle"))
    "x.cat: 'Rhino': field 'Unit Type': a vehicle"
    """

    file: str
    entry: str
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.entry!r}: field {self.field!r}: {self.reason}"


@dataclass
class Catalogue:
    """The roster tables made from one catalogue, and what was left out."""

    file: str
    army: str
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    profiles: dict[str, dict[str, Any]] = field(default_factory=dict)
    weapons: dict[str, dict[str, Any]] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # rules left out, links into other files
    unlisted: int = 0  # weapons left out past MAX_LISTED, counted and not listed
    _seen: set[Skipped | str] = field(default_factory=set, repr=False, compare=False)
    _weapons_listed: int = field(default=0, repr=False, compare=False)

    def skip(self, entry: str, fld: str, reason: str) -> None:
        item = Skipped(self.file, entry, fld, reason)
        if item in self._seen:  # a weapon two models carry is listed once (a set: thousands in a bad file)
            return
        self._seen.add(item)
        if fld in WEAPON_FIELDS:  # a unit's own refusal is always listed; its weapons up to a bound
            if self._weapons_listed >= MAX_LISTED:
                self.unlisted += 1
                return
            self._weapons_listed += 1
        self.skipped.append(item)

    def note(self, text: str) -> None:
        if text not in self._seen:
            self._seen.add(text)
            if len(self.notes) < MAX_LISTED:
                self.notes.append(text)

    def left_out(self) -> list[str]:
        """What was left out, one line each, the ones past :data:`MAX_LISTED` counted in a last line."""
        more = [f"{self.file}: and {self.unlisted:,} more weapons left out (not listed)"] if self.unlisted else []
        return [*(str(s) for s in self.skipped), *more]


def slug(text: str) -> str:
    """A roster key from a name.

    >>> slug("Tactical Squad (2015)")
    'tactical_squad_2015'
    """
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40] or "entry"


def short_name(name: str, replaced: list[str], limit: int = MAX_NAME) -> str:
    """An option's name as the roster keeps it (at most ``limit`` characters): "X for the A, B" whole, else
    with only the first weapon it replaces, else cut at a word with an ellipsis; what it gives is always
    named first, and the set-up's tooltip tells the whole (its weapons and what it replaces).

    >>> short_name("Splinter Rifle and Dissonance Pistol", ["Lasblaster", "Close combat weapon"])
    'Splinter Rifle and Dissonance Pistol for the Lasblaster…'
    >>> short_name("Bullgryn w/ Power Maul & Brute Shield", ["Grenadier Gauntlet"])
    'Bullgryn w/ Power Maul & Brute Shield for the Grenadier…'
    >>> short_name("Corsair Malevolent w/ Venom Blade and Pistols", ["Lasblaster", "Close combat weapon"])
    'Corsair Malevolent w/ Venom Blade and Pistols…'
    >>> short_name("Flamer", ["Boltgun"])
    'Flamer for the Boltgun'
    """
    whole = f"{name} for the {', '.join(replaced)}" if replaced else name
    if len(whole) <= limit:
        return whole
    first = f"{name} for the {replaced[0]}…" if len(replaced) > 1 else ""
    if first and len(first) <= limit:
        return first
    cut = whole[: limit - 1]
    cut = cut.rsplit(" ", 1)[0] if " " in cut else cut
    words = cut.split(" ")
    while len(words) > 1 and words[-1].lower().strip(",:;") in _JOINERS:  # never "... for the…"
        words.pop()
    return " ".join(words).rstrip(",&/:; ") + "…"


_JOINERS = ("for", "the", "and", "&", "w/", "with", "or")  # words an option's name never ends on when cut


def _read_characteristic(label: str, text: str) -> tuple[int, str] | None:
    """A characteristic written otherwise than one number, as (value, why), or None.

    >>> _read_characteristic("Ld", "8/5"), _read_characteristic("Ld", "D6+4"), _read_characteristic("A", "D6")
    ((8, 'the first of two'), (7, 'rolled: its average'), (3, 'rolled: its average'))
    >>> _read_characteristic("Ld", "-"), _read_characteristic("BS", "0"), _read_characteristic("T", "-")
    ((10, 'it never tests'), (1, 'it has no such attack'), None)
    """
    two = re.fullmatch(r"(\d+)\s*/\s*\d+", text)
    if two:
        return int(two.group(1)), "the first of two"
    rolled = re.fullmatch(r"(\d?)[dD](3|6)\s*(?:\+\s*(\d))?", text)
    if rolled:
        dice, sides, plus = int(rolled.group(1) or 1), int(rolled.group(2)), int(rolled.group(3) or 0)
        return int(dice * (sides + 1) / 2) + plus, "rolled: its average"
    if label == "Ld" and text in NONE_WRITTEN:
        return 10, "it never tests"
    if label in ("WS", "BS") and text in ("0", *NONE_WRITTEN):
        return 1, "it has no such attack"
    return None


NONE_WRITTEN = ("-", "–", "—")


def kind(profile: Profile) -> str:
    """ "unit", "vehicle", "weapon" or "other", from the profile's type or, unnamed, its characteristics."""
    known = _KINDS.get(id(profile))
    if known is not None and known[0] is profile:
        return known[1]
    found = _kind(profile)
    if len(_KINDS) > 100_000:
        _KINDS.clear()
    _KINDS[id(profile)] = (profile, found)
    return found


_KINDS: dict[int, tuple[Profile, str]] = {}  # a profile's kind, asked of it again for every link to it


def _kind(profile: Profile) -> str:
    keys = profile.low  # looked up, never listed: a hostile profile has thousands of characteristics
    if profile.type.startswith(VEHICLE_TYPES) or all(k in keys for k in ("front", "side", "rear")):
        return "vehicle"
    if profile.type in ("unit", "model", "infantry") or all(k in keys for k in ("ws", "t", "w")):
        return "unit"
    if profile.type.startswith("weapon") or all(k in keys for k in ("range", "ap")):
        return "weapon"
    return "other"


def melta_bomb(name: str) -> bool:
    """Melta bombs, by name (the real data calls them "Melta Bomb", "Melta Bombs", "Melta bombs").

    >>> melta_bomb("Melta Bombs"), melta_bomb("Meltagun")
    (True, False)
    """
    return "melta bomb" in name.lower()


def thrown(name: str) -> bool:
    """A grenade or a bomb (left out: thrown only in the Killing Floor mod), not a gun that fires them.

    >>> thrown("Frag Grenades"), thrown("Melta bombs"), thrown("Grenade Launcher (Frag)")
    (True, True, False)
    """
    low = name.lower()
    return ("grenade" in low or "bomb" in low) and not any(w in low for w in ("launcher", "gun", "cannon"))


# -- roster tables


@dataclass
class Tables:
    """Roster tables for one catalogue: profiles and weapons by key, and what was left out and why."""

    cat: Catalogue
    data: Z40Data
    shipped: set[str] = field(default_factory=set, init=False)  # keys an import never takes
    # each weapon profile is read once, however many links lead to it (a hostile file links one armoury of
    # thousands of guns a thousand times)
    read: dict[int, str | None] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.prefix = slug(self.cat.army)
        mine = {*self.data.user_weapons, *self.data.user_profiles, *self.data.user_units}
        self.shipped = {k for k in (*self.data.weapons, *self.data.profiles, *self.data.units) if k not in mine}

    def weapon_name(self, key: str) -> str:
        if key in self.cat.weapons:
            return str(self.cat.weapons[key]["name"])
        return self.data.weapons[key].name

    # profiles and weapons as roster tables

    def key(self, into: dict[str, dict[str, Any]], base: str, table: dict[str, Any]) -> str:
        """A key for ``table`` in ``into``: the army's prefix, never a shipped key; the same table, the same key;
        never longer than the roster takes (a 62-character cyclone missile key was refused as the roster loaded,
        and the Terminator Squad that carried it with it)."""
        stem = f"{self.prefix}_{base}"[: MAX_NAME - 4].rstrip("_")  # room for "_99"
        n = 1
        while True:
            candidate = stem if n == 1 else f"{stem}_{n}"
            if candidate not in self.shipped and (candidate not in into or into[candidate] == table):
                into[candidate] = table
                return candidate
            n += 1

    def unit_profile(self, entry: str, profile: Profile) -> tuple[str, dict[str, Any]] | None:
        """A Unit profile as a roster profile (its key and table), or None with the reason listed."""
        table: dict[str, Any] = {"name": profile.name or entry}
        for stat in STATS:
            label = "Ld" if stat == "ld" else stat.upper()
            raw = profile.get(stat)
            if raw is None:
                self.cat.skip(entry, label, "the characteristic is missing")
                return None
            value = self.characteristic(entry, label, raw)
            if value is None:
                self.cat.skip(entry, label, f"{raw!r} is not a characteristic from 1 to 10")
                return None
            table[stat] = value
        save = profile.get("Save", "Sv")
        if save is None:
            self.cat.skip(entry, "Save", "the characteristic is missing")
            return None
        # "3+" an armour save, "4++" an invulnerable one (the 7th-edition data sets write both so), "3+/5++"
        m = re.fullmatch(r"(?:([2-6])\+?|[-–—])?\s*/?\s*(?:([2-6])\+\+)?", save.replace(" ", ""))
        if save not in ("-", "–", "—", "") and (m is None or not (m.group(1) or m.group(2))):
            self.cat.skip(entry, "Save", f"{save!r} is not a save (2+ to 6+, 4++ invulnerable, or -)")
            return None
        table["sv"] = int(m.group(1)) if m and m.group(1) else 0
        if m and m.group(2):
            table["inv"] = int(m.group(2))
        return self.key(self.cat.profiles, slug(table["name"]), table), table

    def characteristic(self, entry: str, label: str, raw: str) -> int | None:
        """A characteristic from 1 to 10, or None; the data's other ways of writing one are read so [house,
        noted]: "8/5" (a Corsair's Leadership: the second only for Regroup tests) as the first, a rolled "D6+4"
        (a Renegade's Leadership) as its average rounded down, a Leadership of "-" (a Plague Zombie never
        tests) as 10, a WS or BS of 0 or "-" (a Genestealer has no gun to fire) as 1."""
        text = raw.strip().rstrip("*").strip()
        value = whole(text, signed=False)  # ASCII digits: "²" is a digit to isdigit, not to int
        if value is not None and 1 <= value <= 10:
            return value
        read = _read_characteristic(label, text)
        if read is not None and 1 <= read[0] <= 10:
            self.cat.note(
                f"{self.cat.file}: {entry!r}: {label} {raw!r} is played as {read[0]} ({read[1]}) [house]"
            )
            return read[0]
        return None

    def weapon(self, entry: str, profile: Profile) -> str | None:
        """A Weapon profile as a weapon key (a shipped one when it is the same weapon), or None with the
        reason listed (once: the profile is read once)."""
        if id(profile) not in self.read:
            self.read[id(profile)] = self._weapon(entry, profile)
        return self.read[id(profile)]

    def _weapon(self, entry: str, profile: Profile) -> str | None:
        name = profile.name or "weapon"
        where = f"{entry} / {name}"
        if melta_bomb(name):
            table = self.bomb_table(where, name, profile)
        elif thrown(name):
            self.cat.note(f"{self.cat.file}: {where!r}: {GRENADES_LEFT_OUT}")
            return None
        else:
            table = self.weapon_table(where, name, profile)
        if table is None:
            return None
        same = self.shipped_weapon(table)
        return same if same is not None else self.key(self.cat.weapons, slug(name), table)

    def weapon_table(self, where: str, name: str, profile: Profile) -> dict[str, Any] | None:
        kind_text = profile.get("Type")
        if kind_text is None:
            self.cat.skip(where, "Type", "the characteristic is missing")
            return None
        parts = [p.strip() for p in kind_text.split(",") if p.strip()]
        salvo = re.fullmatch(r"salvo\s+([0-9]+)\s*/\s*([0-9]+)", (parts[0] if parts else "").lower())
        if salvo:  # no halved ranges here: a Salvo gun fires what it fires on the move [house reading]
            parts[0] = f"Assault {salvo.group(1)}"
            self.cat.note(
                f"{self.cat.file}: {where!r}: {kind_text.split(',')[0]!r} is played as {parts[0]} [house]"
            )
        dice = re.fullmatch(r"(assault|heavy)\s+(2?d[36])", (parts[0] if parts else "").lower())
        if dice:  # random shots are played as their average, rounded [house reading]
            average = {"d3": 2, "d6": 4, "2d3": 4, "2d6": 7}[dice.group(2)]
            self.cat.note(f"{self.cat.file}: {where!r}: {parts[0]!r} is played as {average} shots [house]")
            parts[0] = f"{dice.group(1)} {average}"
        m = re.fullmatch(
            r"(rapid fire|assault|pistol|heavy|melee)(?:\s+([0-9]+))?", (parts[0] if parts else "").lower()
        )
        if m is None:
            self.cat.skip(
                where, "Type", f"{kind_text!r} is not a weapon type this game plays (Rapid Fire, Assault N, Pistol, "
                "Heavy N, Melee)"
            )  # fmt: skip
            return None
        wkind, shots = KINDS[m.group(1)], int(m.group(2) or 1)
        if not 1 <= shots <= 10:
            self.cat.skip(where, "Type", f"{shots} shots is not a number of shots this game plays (1 to 10)")
            return None
        words = {p.lower() for p in parts[1:]}
        if "large blast" in words:
            self.cat.note(f'{self.cat.file}: {where!r}: a Large Blast is played as a Blast (3") here')
        table: dict[str, Any] = {"name": name, "type": wkind}
        rng = self.weapon_range(where, kind_text, wkind, profile.get("Range") or "")
        raw_s, raw_ap = profile.get("Strength", "S"), profile.get("AP")
        if raw_s in ("X", "x", "*") and any(p.lower() == "sniper" for p in parts):
            raw_s = (
                "3"  # S X: the Sniper rule wounds on 4+ whatever the Toughness (the shipped sniper rifle's S 3)
            )
        raw_s, raw_ap = self.ordinary(where, "Strength", raw_s), self.ordinary(where, "AP", raw_ap)
        graviton = raw_s == GRAVITON_S and any(p.lower() == "graviton" for p in parts)
        s = GRAVITON_S if graviton else self.weapon_strength(where, raw_s)  # S *: wounds on the save [7th]
        ap = self.weapon_ap(where, raw_ap)
        if rng is None or s is None or ap is None:
            return None
        table.update(s=s, ap=ap)
        if wkind != "melee" or rng:
            table["range"] = rng
        if shots != 1:
            table["shots"] = shots
        if words & {"blast", "large blast"}:
            table["blast"] = True
        if "template" in words or (profile.get("Range") or "").strip().lower() == "template":
            table["template"] = True
        rules = [p for p in parts[1:] if p.lower() not in ("blast", "large blast", "template")]
        if rules:
            table["rules"] = rules
        return table

    def bomb_table(self, where: str, name: str, profile: Profile) -> dict[str, Any] | None:
        """Melta bombs (S 8, AP 1, "Armourbane, Unwieldy": no weapon type of their own) as a close combat
        weapon carried with the rule "Melta Bomb": used only against vehicles and Monstrous Creatures [7th],
        so never here, but the model has them (and paid for them) as the codex says [house]."""
        s = self.weapon_strength(where, profile.get("Strength", "S"))
        ap = self.weapon_ap(where, profile.get("AP"))
        if s is None or ap is None:
            return None
        kinds = [p.strip() for p in (profile.get("Type") or "").split(",") if p.strip()]
        rules = ["Melta Bomb", *(k for k in kinds if k.lower() not in ("melee", "melta bomb"))]
        return {"name": name, "type": "melee", "s": s, "ap": ap, "rules": rules}

    def ordinary(self, where: str, field_name: str, raw: str | None) -> str | None:
        """A characteristic written "+1/User*" (a power lance: the first on the charge) as its ordinary value,
        the last one [house reading, noted]."""
        if raw is None or "/" not in raw:
            return raw
        plain = raw.split("/")[-1].strip().rstrip("*").strip()
        self.cat.note(f"{self.cat.file}: {where!r}: {field_name} {raw!r} is played as {plain!r} [house]")
        return plain

    def weapon_range(self, where: str, kind_text: str, wkind: str, raw: str) -> float | None:
        text = raw.replace('"', "").replace("''", "").strip().lower()
        if text == "template":
            return TEMPLATE_RANGE
        if text in ("", "-", "–", "—", "melee", "n/a"):
            if wkind != "melee":
                self.cat.skip(where, "Range", f"a {kind_text} weapon needs a range, not {raw!r}")
                return None
            return 0.0
        rng = decimal(text)
        if rng is None:
            self.cat.skip(where, "Range", f"{raw!r} is not a range in inches")
            return None
        if not 0 < rng <= 240:
            self.cat.skip(where, "Range", f"{rng:g} is not a range this game plays")
            return None
        return rng

    def weapon_strength(self, where: str, raw: str | None) -> int | str | None:
        if raw is None:
            self.cat.skip(where, "Strength", "the characteristic is missing")
            return None
        low = raw.lower().replace("×", "x").replace(" ", "")
        if low in ("user", "u"):
            return "user"
        if re.fullmatch(r"\+[1-9]", low) or re.fullmatch(r"x[2-3]", low):
            return low
        strength = whole(low, signed=False)
        if strength is not None and 1 <= strength <= 10:
            return strength
        self.cat.skip(where, "Strength", f"{raw!r} is not a Strength this game plays (1 to 10, User, +N, xN)")
        return None

    def weapon_ap(self, where: str, raw: str | None) -> int | None:
        if raw is None:
            self.cat.skip(where, "AP", "the characteristic is missing")
            return None
        if raw in ("-", "–", "—", ""):
            return 0
        ap = whole(raw, signed=False)
        if ap is not None and 1 <= ap <= 6:
            return ap
        rolled = {"d3": 2, "d6": 4}.get(raw.strip().lower())  # a Snazzgun's AP rolled: its average, rounded
        if rolled is not None:
            self.cat.note(f"{self.cat.file}: {where!r}: AP {raw!r} is played as {rolled} [house]")
            return rolled
        self.cat.skip(where, "AP", f"{raw!r} is not an AP this game plays (1 to 6, or -)")
        return None

    def shipped_weapon(self, table: dict[str, Any]) -> str | None:
        """The shipped weapon this one is (same name and numbers), so the rules that know it by key still do."""
        mine = (
            str(table["name"]).lower(),
            float(table.get("range", 0)),
            table["s"],
            table["ap"],
            table["type"],
            table.get("shots", 1),
            table.get("blast", False),
            table.get("template", False),
        )
        for key, w in self.data.weapons.items():
            if key in self.shipped and (
                (w.name.lower(), w.range, w.s, w.ap, w.type, w.shots, w.blast, w.template) == mine
            ):
                return key
        return None

    def tidy(self) -> None:
        """Keep only the profiles and weapons a kept unit uses (a refused unit may have made some)."""
        units = self.cat.units.values()
        used_p = {u["model"] for u in units} | {u["sergeant"]["profile"] for u in units if "sergeant" in u}
        used_p |= {o["profile"] for u in units for o in u.get("sergeant", {}).get("options", []) if "profile" in o}
        self.cat.profiles = {k: v for k, v in self.cat.profiles.items() if k in used_p}
        used_w: set[str] = set()
        for u in units:
            used_w.update(u["wargear"])
            sarge = u.get("sergeant", {})
            used_w.update(sarge.get("wargear", []))
            for o in [*u.get("weapon_options", []), *sarge.get("options", [])]:
                used_w.update(o.get("with", []))  # (a Veteran Sergeant upgrade changes the profile only)
        self.cat.weapons = {k: v for k, v in self.cat.weapons.items() if k in used_w}
