"""Zombie 40,000 roster entries from a BattleScribe catalogue (RULES.md, "Building a team": players may add
their own units; the issue "Rosters from the tools 40k players already use").

A catalogue is the XML (``.cat``, or ``.catz``: a zip holding one ``.cat``) of the public 7th-edition data
sets: ``selectionEntry`` elements of type ``unit`` or ``model``, ``profile`` elements whose type is ``Unit``
(WS BS S T W I A Ld Save, Unit Type) or ``Weapon`` (Range, Strength, AP, Type), costs named ``pts``, and
``entryLink`` / ``infoLink`` elements pointing at ``sharedSelectionEntries``, shared profiles and rules. Links
are followed within the file only; a link into another file (the game system, a library) is listed as
unresolved. Each infantry unit becomes a roster unit of the shape ``zombie40k_roster.toml`` has (a trooper
profile, his wargear, points per model, the sergeant upgrade, weapon swaps, the Universal Special Rules this
game knows); everything the team builder cannot use is listed with the file, the entry, the field and why.

The file is read as hostile: an ordinary file (never a symlink, folder or device) of at most 4 MB, XML with no
DOCTYPE or ENTITY declaration, nesting and element counts bounded; a ``.catz`` may hold at most a few
members, one ``.cat`` of at most 4 MB unpacked, and no paths.

>>> from game.rules.zombie40k.data import load_data
>>> xml = b'''<catalogue name="Space Marines" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
... <selectionEntries><selectionEntry id="u1" name="Scout Squad" type="unit"><selectionEntries>
...  <selectionEntry id="m1" name="Scout" type="model">
...   <constraints><constraint field="selections" scope="parent" value="5" type="min"/>
...    <constraint field="selections" scope="parent" value="10" type="max"/></constraints>
...   <profiles><profile id="p1" name="Scout" typeName="Unit"><characteristics>
...    <characteristic name="Unit Type">Infantry</characteristic><characteristic name="WS">3</characteristic>
...    <characteristic name="BS">3</characteristic><characteristic name="S">4</characteristic>
...    <characteristic name="T">4</characteristic><characteristic name="W">1</characteristic>
...    <characteristic name="I">4</characteristic><characteristic name="A">1</characteristic>
...    <characteristic name="Ld">8</characteristic><characteristic name="Save">4+</characteristic>
...   </characteristics></profile></profiles>
...   <costs><cost name="pts" value="11.0"/></costs></selectionEntry>
... </selectionEntries></selectionEntry></selectionEntries></catalogue>'''
>>> cat = convert(parse_catalogue(xml, "scouts.cat"), "scouts.cat", load_data(None, None, "no-user-roster"))
>>> unit = cat.units["space_marines_scout_squad"]
>>> unit["squad_cost"], unit["squad_size"], unit["max_models"], cat.profiles[unit["model"]]["sv"]
(55, 5, 10, 4)
"""

from __future__ import annotations

import bz2
import io
import json
import lzma
import math
import re
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.assets import data_file
from game.numerals import decimal, whole
from game.rules.contract import RosterImport
from game.rules.zombie40k.data import (
    PSYKER_REFUSED,
    STATS,
    USER_ROSTER,
    Z40Data,
    build_data,
    load_data,
    load_toml,
    read_user_roster,
)
from game.safe_xml import Unreadable, parse_xml, read_bounded

MAX_BYTES = 4 * 1024 * 1024  # the largest 7th-edition catalogues are about 2 MB
MAX_MEMBERS = 8  # a .catz holds one .cat; a few more names are tolerated, never read
MAX_DEPTH = 128  # selectionEntry > selectionEntryGroups > ... nests about 40 deep in real files
MAX_ELEMENTS = 500_000
MAX_UNITS = 1000  # unit entries looked at in one file
MAX_OPTIONS = 12  # weapon changes kept per list (the set-up lists them all)
MAX_STEPS = 250_000  # work in one file (see _Converter.spend); the 44 7th-edition catalogues take under 4,000
ROSTER_FOLDER = "rosters"

# the 7th-edition weapon types this game plays, and how BattleScribe spells them
KINDS = {"rapid fire": "rapid_fire", "assault": "assault", "pistol": "pistol", "heavy": "heavy", "melee": "melee"}
TEMPLATE_RANGE = 8.0  # a template's length [7th]; the shipped flamer has the same
NOT_INFANTRY = (
    "only Infantry may join a Zombie Survival Team (no HQ, Artillery, Beasts, Bikes, Jetbikes, Cavalry, "
    "Gargantuan or Monstrous Creatures, Jet Pack or Jump units, Vehicles) [seed]"
)
FORBIDDEN_CATEGORIES = {"hq": "an HQ choice", "lords of war": "a Lord of War"}


class CatalogueError(ValueError):
    """A catalogue file refused as a whole; the message names the file and the fix."""


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

    def skip(self, entry: str, fld: str, reason: str) -> None:
        item = Skipped(self.file, entry, fld, reason)
        if item not in self.skipped:  # a weapon two models carry is listed once
            self.skipped.append(item)


# -- reading the file, as hostile ----------------------------------------------------------------------------


def read_catalogue(path: Path) -> ET.Element:
    """The root element of the ``.cat`` or ``.catz`` at ``path``; :class:`CatalogueError` names the file and
    the fix for anything refused."""
    path = Path(path)
    name = path.name
    suffix = path.suffix.lower()
    if suffix not in (".cat", ".catz"):
        raise CatalogueError(
            f"{name}: not a BattleScribe catalogue (.cat or .catz); point the game at the army's catalogue file"
        )
    try:
        raw = read_bounded(str(path), MAX_BYTES, f"the limit for a catalogue is {MAX_BYTES:,}", symlinks=False)
    except Unreadable as exc:
        raise CatalogueError(f"{name}: {exc}") from None
    if suffix == ".catz":
        raw = _unzip(name, raw)
    return parse_catalogue(raw, name)


def _unzip(name: str, raw: bytes) -> bytes:
    """The one ``.cat`` inside a ``.catz``: at most a few members, no paths, no encryption, at most 4 MB
    unpacked, whatever the zip's headers claim and whichever compression the zip uses (see :func:`_unpack`)."""
    members = raw.count(_CENTRAL_ENTRY)  # counted before the zip reader makes an object of each of them
    if members > MAX_MEMBERS:
        raise CatalogueError(f"{name}: {_many(members)}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        raise CatalogueError(
            f"{name}: not a readable .catz (a zip archive): {exc}; save it again from BattleScribe"
        ) from None
    with zf:
        infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise CatalogueError(f"{name}: {_many(len(infos))}")
    cats = [i for i in infos if i.filename.lower().endswith(".cat")]
    for info in cats:
        member = info.filename
        if "/" in member or "\\" in member or member.startswith(".") or ":" in member or "\0" in member:
            raise CatalogueError(
                f"{name}: its member {member[:60]!r} has a path; a .catz holds one plain .cat "
                "(unpack it and import the .cat)"
            )
    if len(cats) != 1:
        raise CatalogueError(
            f"{name}: holds {len(cats)} .cat files, not one; unpack it and import the .cat you mean"
        )
    info = cats[0]
    if info.flag_bits & 0x1:
        raise CatalogueError(f"{name}: its .cat is encrypted; save it again from BattleScribe")
    if info.file_size > MAX_BYTES:
        raise CatalogueError(
            f"{name}: its .cat unpacks to {info.file_size:,} bytes, over the {MAX_BYTES:,}-byte limit "
            "(a zip bomb, or not a catalogue)"
        )
    try:
        return _unpack(raw, info, MAX_BYTES)
    except _TooBig:
        raise CatalogueError(
            f"{name}: its .cat unpacks to more than {MAX_BYTES:,} bytes (a zip bomb, or not a catalogue)"
        ) from None
    except (ValueError, EOFError, OSError, lzma.LZMAError, zlib.error) as exc:
        raise CatalogueError(
            f"{name}: its .cat cannot be unpacked ({exc}); save it again from BattleScribe"
        ) from None


_CENTRAL_ENTRY = b"PK\x01\x02"  # begins each member's entry in a zip's directory (never in XML text)
_LOCAL_ENTRY = b"PK\x03\x04"


def _many(count: int) -> str:
    return f"holds {count} files; a .catz holds one .cat (unpack it and import the .cat)"


class _TooBig(Exception):
    """A member unpacks to more than the limit."""


def _unpack(raw: bytes, info: zipfile.ZipInfo, limit: int) -> bytes:
    """A zip member's bytes, unpacked by the game itself so that no more than ``limit`` + 1 bytes are ever
    made, whatever the headers claim: the zip reader bounds its reads for deflate only, and unpacked a
    bzip2 or LZMA member whole (3 KB became 2.4 GB). Every method a zip may use is read here (stored,
    deflate, bzip2, LZMA); :class:`_TooBig` past the limit, ValueError for anything else amiss.

    >>> import io, zipfile
    >>> out = io.BytesIO()
    >>> with zipfile.ZipFile(out, "w", zipfile.ZIP_BZIP2) as zf:
    ...     zf.writestr("a.cat", b"<catalogue/>" * 100)
    >>> raw = out.getvalue()
    >>> len(_unpack(raw, zipfile.ZipFile(io.BytesIO(raw)).infolist()[0], 5000))
    1200
    """
    at = info.header_offset
    head = raw[at : at + 30]
    if len(head) < 30 or not head.startswith(_LOCAL_ENTRY):
        raise ValueError("its entry in the zip is damaged")
    start = at + 30 + int.from_bytes(head[26:28], "little") + int.from_bytes(head[28:30], "little")
    packed = raw[start : start + info.compress_size]
    if len(packed) < info.compress_size:
        raise ValueError("the zip is cut short")
    method = info.compress_type
    if method == zipfile.ZIP_STORED:
        data = packed[: limit + 1]
    elif method == zipfile.ZIP_DEFLATED:
        data = zlib.decompressobj(-zlib.MAX_WBITS).decompress(packed, limit + 1)
    elif method == zipfile.ZIP_BZIP2:
        data = bz2.BZ2Decompressor().decompress(packed, limit + 1)
    elif method == zipfile.ZIP_LZMA:
        data = _zip_lzma(packed, limit)
    else:
        raise ValueError(f"it is compressed with zip method {method}, which BattleScribe never uses")
    if len(data) > limit:
        raise _TooBig
    if len(data) != info.file_size or zlib.crc32(data) != info.CRC:
        raise ValueError("its size or checksum is not what the zip says")
    return data


def _zip_lzma(packed: bytes, limit: int) -> bytes:
    """A zip's LZMA member (a 4-byte version and length, the LZMA properties, then the raw stream) unpacked
    to at most ``limit`` + 1 bytes. The dictionary is never made bigger than the limit: the unpacked text
    is no longer, so no match reaches further back, and a header asking for 4 GB gets no more."""
    size = int.from_bytes(packed[2:4], "little")
    props = packed[4 : 4 + size]
    if size != 5 or len(props) != 5 or props[0] >= 9 * 5 * 5:
        raise ValueError("its LZMA header is damaged")
    lc, rest = props[0] % 9, props[0] // 9
    asked = int.from_bytes(props[1:5], "little")
    dict_size = max(4096, min(asked, limit + 1))
    lzma_filter = {"id": lzma.FILTER_LZMA1, "lc": lc, "lp": rest % 5, "pb": rest // 5, "dict_size": dict_size}
    return lzma.LZMADecompressor(lzma.FORMAT_RAW, filters=[lzma_filter]).decompress(packed[4 + size :], limit + 1)


def parse_catalogue(raw: bytes, name: str) -> ET.Element:
    """Parse catalogue XML the careful way (:func:`game.safe_xml.parse_xml`) and check it is a catalogue."""
    try:
        root = parse_xml(raw, MAX_DEPTH, writer="BattleScribe", max_elements=MAX_ELEMENTS)
    except Unreadable as exc:
        raise CatalogueError(f"{name}: {exc}") from None
    if _local(root.tag) != "catalogue":
        raise CatalogueError(
            f"{name}: its root is <{_local(root.tag)[:40]}>, not <catalogue>; point the game at an army's "
            ".cat file (not the game system .gst or a roster .ros)"
        )
    if _first(root, "entries") is not None and _first(root, "selectionEntries") is None:
        raise CatalogueError(
            f"{name}: an old BattleScribe 1.x catalogue (<entries>); open it in BattleScribe 2 and save it again"
        )
    return root


# -- the XML, namespace-blind --------------------------------------------------------------------------------


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _first(el: ET.Element, name: str) -> ET.Element | None:
    return next((c for c in el if _local(c.tag) == name), None)


def _kids(el: ET.Element, container: str, kind: str) -> Iterator[ET.Element]:
    for box in el:
        if _local(box.tag) == container:
            yield from (c for c in box if _local(c.tag) == kind)


def _clean(text: Any, limit: int = 60) -> str:
    """A name from the file as the game shows it: no control characters, spaces collapsed, not too long."""
    text = "".join(ch for ch in str(text or "") if ch.isprintable())
    return " ".join(text.split())[:limit]


def slug(text: str) -> str:
    """A roster key from a name.

    >>> slug("Tactical Squad (2015)")
    'tactical_squad_2015'
    """
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40] or "entry"


class _Index:
    """Everything in the file that has an id (for links), and the names of profile types and categories."""

    def __init__(self, root: ET.Element) -> None:
        self.by_id: dict[str, ET.Element] = {}
        self.type_names: dict[str, str] = {}
        self.categories: dict[str, str] = {}
        for el in root.iter():
            i = el.get("id")
            if i and i not in self.by_id:
                self.by_id[i] = el
            tag = _local(el.tag)
            if tag == "profileType" and i:
                self.type_names[i] = (el.get("name") or "").strip().lower()
            elif tag == "categoryEntry" and i:
                self.categories[i] = (el.get("name") or "").strip().lower()


@dataclass(frozen=True)
class _Node:
    """A selection entry (or group) as the unit sees it: the element, and the link that brought it, whose own
    name, constraints and costs win."""

    el: ET.Element
    link: ET.Element | None = None

    @property
    def name(self) -> str:
        own = (self.link.get("name") if self.link is not None else "") or ""
        return _clean(own.strip() or self.el.get("name") or "(no name)")

    @property
    def type(self) -> str:
        return (self.el.get("type") or "").strip().lower()

    def part(self, container: str, kind: str) -> list[ET.Element]:
        if self.link is not None:
            mine = list(_kids(self.link, container, kind))
            if mine:
                return mine
        return list(_kids(self.el, container, kind))

    def counts(self) -> tuple[int, int | None]:
        """(min, max) selections within the parent (max None when unbounded)."""
        lo, hi = 0, None
        for c in self.part("constraints", "constraint"):
            if (c.get("field") or "selections") != "selections" or (c.get("scope") or "parent") != "parent":
                continue
            v = decimal(c.get("value"))
            if v is None or v > 10_000:
                continue
            if c.get("type") == "min":
                lo = max(0, int(v))
            elif c.get("type") == "max" and v >= 0:
                hi = int(v)
        return lo, hi

    def points(self) -> float:
        for c in self.part("costs", "cost"):
            if (c.get("name") or "").strip().lower() in ("pts", "points", "pt"):
                v = decimal(c.get("value") or "0")
                return v if v is not None and 0 <= v < 100_000 else 0.0
        return 0.0

    def category_words(self, index: _Index) -> list[str]:
        words = []
        for owner in (self.link, self.el):
            if owner is None:
                continue
            cid = owner.get("categoryEntryId")
            if cid and cid in index.categories:
                words.append(index.categories[cid])
            for c in _kids(owner, "categoryLinks", "categoryLink"):
                words.append((c.get("name") or "").strip().lower())
                words.append(index.categories.get(c.get("targetId") or "", ""))
        return [w for w in words if w]


@dataclass(frozen=True)
class _WeaponRead:
    """What one Weapon profile comes to, worked out once: its key, or the field and reason it is refused."""

    key: str | None
    problem: tuple[str, str] | None = None
    large_blast: bool = False  # played as a Blast, which each unit carrying it is told


_Model = tuple[_Node, ET.Element, int, int | None]  # a model entry, its Unit profile, min and max in the unit


# -- one file's units ----------------------------------------------------------------------------------------


class _Converter:
    def __init__(self, root: ET.Element, file: str, data: Z40Data) -> None:
        self.index = _Index(root)
        self.data = data
        self.root = root
        army = _clean(root.get("name") or Path(file).stem)
        self.cat = Catalogue(file=file, army=army)
        self.prefix = slug(army)
        self.unresolved: set[str] = set()
        self.steps = 0  # links followed, entries and profiles read, weapons handed out: see spend()
        self.read_chars: dict[ET.Element, dict[str, str]] = {}
        self.read_weapons: dict[ET.Element, _WeaponRead] = {}
        self.weapons_found: dict[tuple[str, ET.Element, ET.Element | None], list[str]] = {}
        mine = {*data.user_weapons, *data.user_profiles, *data.user_units}  # replaced when imported again
        self.shipped = {k for k in (*data.weapons, *data.profiles, *data.units) if k not in mine}

    # the work done, bounded

    def spend(self, steps: int) -> None:
        """Count ``steps`` of work and stop past :data:`MAX_STEPS`: a small file can link one entry from a
        thousand places, and what is read once is remembered, but the links themselves still cost."""
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise CatalogueError(
                f"{self.cat.file}: its links lead to the same entries over and over: importing it would take "
                f"more than {MAX_STEPS:,} steps (links followed, entries and profiles read; the limit work). "
                "BattleScribe's own catalogues need a few thousand; import the army's own .cat"
            )

    def counts(self, node: _Node) -> tuple[int, int | None]:
        """The entry's (min, max) in its parent (:meth:`_Node.counts`), its constraints counted as work."""
        self.spend(len(node.part("constraints", "constraint")))
        return node.counts()

    def points(self, node: _Node) -> float:
        """The entry's points (:meth:`_Node.points`), its costs counted as work."""
        self.spend(len(node.part("costs", "cost")))
        return node.points()

    # links and children

    def resolve(self, link: ET.Element, wanted: tuple[str, ...]) -> ET.Element | None:
        self.spend(1)
        target = self.index.by_id.get(link.get("targetId") or "")
        if target is None or _local(target.tag) not in wanted:
            tid = _clean(link.get("targetId"), 40)
            if tid not in self.unresolved:
                self.unresolved.add(tid)
                self.cat.notes.append(
                    f"{self.cat.file}: link {_clean(link.get('name'), 40) or tid!r} (target {tid!r}) points into "
                    "another file (the game system or a library catalogue): not followed"
                )
            return None
        return target

    def entries(self, node: _Node) -> list[_Node]:
        out = [_Node(e) for e in _kids(node.el, "selectionEntries", "selectionEntry")]
        self.spend(len(out))
        for link in _kids(node.el, "entryLinks", "entryLink"):
            if (link.get("type") or "selectionEntry") == "selectionEntry":
                target = self.resolve(link, ("selectionEntry",))
                if target is not None:
                    out.append(_Node(target, link))
        return out

    def groups(self, node: _Node) -> list[_Node]:
        out = [_Node(g) for g in _kids(node.el, "selectionEntryGroups", "selectionEntryGroup")]
        self.spend(len(out))
        for link in _kids(node.el, "entryLinks", "entryLink"):
            if link.get("type") == "selectionEntryGroup":
                target = self.resolve(link, ("selectionEntryGroup",))
                if target is not None:
                    out.append(_Node(target, link))
        return out

    def profiles(self, node: _Node) -> list[ET.Element]:
        found = list(_kids(node.el, "profiles", "profile"))
        self.spend(len(found))
        for owner in (node.link, node.el):
            if owner is None:
                continue
            for link in _kids(owner, "infoLinks", "infoLink"):
                if link.get("type") == "profile":
                    target = self.resolve(link, ("profile",))
                    if target is not None:
                        found.append(target)
        return found

    def rule_names(self, node: _Node) -> list[str]:
        names = [_clean(r.get("name")) for r in _kids(node.el, "rules", "rule")]
        for owner in (node.link, node.el):
            if owner is None:
                continue
            for link in _kids(owner, "infoLinks", "infoLink"):
                if link.get("type") == "rule":
                    target = self.resolve(link, ("rule",))
                    names.append(_clean(target.get("name") if target is not None else link.get("name")))
        return [n for n in names if n and n != "New InfoLink"]

    # profiles

    def kind(self, profile: ET.Element, chars: dict[str, str]) -> str:
        tname = (profile.get("profileTypeName") or profile.get("typeName") or "").strip().lower()
        if not tname:
            tname = self.index.type_names.get(profile.get("profileTypeId") or profile.get("typeId") or "", "")
        keys = {k.lower() for k in chars}
        if tname.startswith(("vehicle", "walker", "flyer")) or {"front", "side", "rear"} <= keys:
            return "vehicle"
        if tname in ("unit", "model", "infantry") or {"ws", "t", "w"} <= keys:
            return "unit"
        if tname.startswith("weapon") or ({"range", "ap"} <= keys):
            return "weapon"
        return "other"

    def chars(self, profile: ET.Element) -> dict[str, str]:
        """A profile's characteristics by name (read once, remembered: shared profiles are met many times)."""
        out = self.read_chars.get(profile)
        if out is None:
            out = {}
            for c in _kids(profile, "characteristics", "characteristic"):
                value = c.get("value")
                if value is None:
                    value = c.text or ""
                out[_clean(c.get("name"), 30)] = _clean(value, 40)
            self.read_chars[profile] = out
        return out

    def unit_profile(self, entry: str, profile: ET.Element) -> tuple[str, dict[str, Any]] | None:
        """A Unit profile as a roster profile (its key and table), or None with the reason listed."""
        chars = {k.lower(): v for k, v in self.chars(profile).items()}
        name = _clean(profile.get("name")) or entry
        table: dict[str, Any] = {"name": name}
        for stat_key in STATS:
            spelled = {"ld": "ld"}.get(stat_key, stat_key)
            raw = chars.get(spelled)
            if raw is None:
                self.cat.skip(
                    entry, stat_key.upper() if stat_key != "ld" else "Ld", "the characteristic is missing"
                )
                return None
            value = whole(raw, signed=False)  # ASCII digits only: "²".isdigit(), but int("²") fails
            if value is None or not 1 <= value <= 10:
                self.cat.skip(
                    entry,
                    stat_key.upper() if stat_key != "ld" else "Ld",
                    f"{raw!r} is not a characteristic from 1 to 10",
                )
                return None
            table[stat_key] = value
        save = chars.get("save", chars.get("sv"))
        if save is None:
            self.cat.skip(entry, "Save", "the characteristic is missing")
            return None
        # "3+" an armour save, "4++" an invulnerable one (the 7th-edition data sets write both so), "3+/5++"
        m = re.fullmatch(r"(?:([2-6])\+?)?\s*/?\s*(?:([2-6])\+\+)?", save.replace(" ", ""))
        if save not in ("-", "–", "—", "") and (m is None or not (m.group(1) or m.group(2))):
            self.cat.skip(entry, "Save", f"{save!r} is not a save (2+ to 6+, 4++ invulnerable, or -)")
            return None
        table["sv"] = int(m.group(1)) if m and m.group(1) else 0
        if m and m.group(2):
            table["inv"] = int(m.group(2))
        return self.key(self.cat.profiles, slug(name), table), table

    def key(self, into: dict[str, dict[str, Any]], base: str, table: dict[str, Any]) -> str:
        """A key for ``table`` in ``into``: the army's prefix, never a shipped key; the same table, the same key."""
        key = f"{self.prefix}_{base}"
        n = 1
        while True:
            candidate = key if n == 1 else f"{key}_{n}"
            shipped = candidate in self.shipped
            if not shipped and (candidate not in into or into[candidate] == table):
                into[candidate] = table
                return candidate
            n += 1

    # weapons

    def weapon(self, entry: str, profile: ET.Element) -> str | None:
        """A Weapon profile as a weapon key (a shipped one when it is the same weapon), or None with the
        reason listed for the unit ``entry``. The profile is read once, however many units carry it."""
        read = self.read_weapons.get(profile)
        if read is None:
            read = self.read_weapons[profile] = self.read_weapon(profile)
        self.spend(1)
        where = f"{entry} / {_clean(profile.get('name')) or 'weapon'}"
        if read.large_blast:
            self.cat.notes.append(f'{self.cat.file}: {where!r}: a Large Blast is played as a Blast (3") here')
        if read.problem is not None:
            self.cat.skip(where, *read.problem)
        return read.key

    def read_weapon(self, profile: ET.Element) -> _WeaponRead:
        """What a Weapon profile says, in this game's terms, or the first field it cannot use and why."""
        chars = {k.lower(): v for k, v in self.chars(profile).items()}
        name = _clean(profile.get("name")) or "weapon"
        kind_text = chars.get("type")
        if kind_text is None:
            return _WeaponRead(None, ("Type", "the characteristic is missing"))
        parts = [p.strip() for p in kind_text.split(",") if p.strip()]
        head = (parts[0] if parts else "").lower()
        m = re.fullmatch(r"(rapid fire|assault|pistol|heavy|melee)(?:\s+([0-9]{1,3}))?", head)
        if m is None:
            kinds = "Rapid Fire, Assault N, Pistol, Heavy N, Melee"
            return _WeaponRead(None, ("Type", f"{kind_text!r} is not a weapon type this game plays ({kinds})"))
        kind = KINDS[m.group(1)]
        shots = int(m.group(2) or 1)
        if not 1 <= shots <= 10:
            return _WeaponRead(None, ("Type", f"{shots} shots is not a number of shots this game plays (1 to 10)"))
        extras = parts[1:]
        words = {p.lower() for p in extras}
        blast = bool(words & {"blast", "large blast"})
        template = "template" in words
        rules = tuple(p for p in extras if p.lower() not in ("blast", "large blast", "template"))
        large = "large blast" in words
        raw_range = chars.get("range", "").replace('"', "").replace("''", "").strip().lower()
        if raw_range == "template":
            template, rng = True, TEMPLATE_RANGE
        elif raw_range in ("", "-", "–", "—", "melee", "n/a"):
            rng = 0.0
            if kind != "melee":
                return _WeaponRead(
                    None, ("Range", f"a {kind_text} weapon needs a range, not {chars.get('range', '')!r}"), large
                )
        else:
            found = decimal(raw_range)
            if found is None:
                return _WeaponRead(None, ("Range", f"{chars.get('range')!r} is not a range in inches"), large)
            rng = found
            if not 0 < rng <= 240:
                return _WeaponRead(None, ("Range", f"{rng:g} is not a range this game plays"), large)
        raw_s = chars.get("strength", chars.get("s"))
        if raw_s is None:
            return _WeaponRead(None, ("Strength", "the characteristic is missing"), large)
        s: int | str
        low_s = raw_s.lower().replace("×", "x").replace(" ", "")
        if low_s in ("user", "u"):
            s = "user"
        elif re.fullmatch(r"\+[1-9]", low_s) or re.fullmatch(r"x[2-3]", low_s):
            s = low_s
        elif (value := whole(low_s, signed=False)) is not None and 1 <= value <= 10:
            s = value
        else:
            return _WeaponRead(
                None, ("Strength", f"{raw_s!r} is not a Strength this game plays (1 to 10, User, +N, xN)"), large
            )
        raw_ap = chars.get("ap")
        if raw_ap is None:
            return _WeaponRead(None, ("AP", "the characteristic is missing"), large)
        if raw_ap in ("-", "–", "—", ""):
            ap = 0
        elif (value := whole(raw_ap, signed=False)) is not None and 1 <= value <= 6:
            ap = value
        else:
            return _WeaponRead(None, ("AP", f"{raw_ap!r} is not an AP this game plays (1 to 6, or -)"), large)
        table: dict[str, Any] = {"name": name, "type": kind, "s": s, "ap": ap}
        if kind != "melee" or rng:
            table["range"] = rng
        if shots != 1:
            table["shots"] = shots
        if blast:
            table["blast"] = True
        if template:
            table["template"] = True
        if rules:
            table["rules"] = list(rules)
        same = self.shipped_weapon(table)
        return _WeaponRead(
            same if same is not None else self.key(self.cat.weapons, slug(name), table), None, large
        )

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
            if (
                key in self.shipped
                and (w.name.lower(), w.range, w.s, w.ap, w.type, w.shots, w.blast, w.template) == mine
            ):
                return key
        return None

    def weapons_of(self, entry: str, node: _Node) -> list[str]:
        """The weapons of an entry, for the unit ``entry``: worked out once for each entry (and the link that
        brought it, when the link has profiles of its own), as a thousand links may bring the same one."""
        link = node.link if node.link is not None and _first(node.link, "infoLinks") is not None else None
        memo = (entry, node.el, link)
        keys = self.weapons_found.get(memo)
        if keys is None:
            found = (self.weapon(entry, p) for p in self.profiles(node) if self.kind(p, self.chars(p)) == "weapon")
            keys = list(dict.fromkeys(k for k in found if k is not None))  # in order, each once
            self.weapons_found[memo] = keys
        self.spend(len(keys))
        return list(keys)

    # wargear and options of one model

    def gear(self, unit: str, model: _Node, extra: list[_Node]) -> tuple[list[str], list[dict[str, Any]]]:
        """A model's wargear and the weapon changes it may take: from the model's own entries and groups and
        the unit's (``extra``). A group's default choice is wargear, its other choices replace it; an optional
        entry adds its weapon."""
        wargear = self.weapons_of(unit, model)
        options: list[dict[str, Any]] = []
        owners = [model, *extra]
        for owner in owners:
            for e in self.entries(owner):
                if e.type == "model":
                    continue
                got = self.weapons_of(unit, e)
                if not got:
                    continue
                lo, _ = self.counts(e)
                if lo >= 1:
                    _add(wargear, got)
                else:
                    options.append(self.option(e.name, (), got, self.points(e)))
        for owner in owners:
            for g in self.groups(owner):
                choices = [e for e in self.entries(g) if e.type != "model"]
                default_id = g.el.get("defaultSelectionEntryId") or ""
                default = next((c for c in choices if default_id and default_id in _ids(c)), None)
                replaces: list[str] = []
                if default is not None:
                    replaces = self.weapons_of(unit, default)
                    _add(wargear, replaces)
                else:  # "may replace his boltgun with one of": the replaced weapon named in the group
                    low = g.name.lower()
                    replaces = [w for w in wargear if self.weapon_name(w).lower() in low][:1]
                for c in choices:
                    if c is default:
                        continue
                    got = self.weapons_of(unit, c)
                    if got:
                        options.append(self.option(c.name, tuple(replaces), got, self.points(c)))
        return wargear, options

    def weapon_name(self, key: str) -> str:
        if key in self.cat.weapons:
            return str(self.cat.weapons[key]["name"])
        return self.data.weapons[key].name

    def option(self, name: str, replaces: tuple[str, ...], with_: list[str], cost: float) -> dict[str, Any]:
        self.spend(len(replaces))
        label = f"{name} for the {', '.join(self.weapon_name(w) for w in replaces)}" if replaces else name
        return {
            "key": slug(name),
            "name": _clean(label),
            "replaces": list(replaces),
            "with": with_,
            "cost": round(cost),
        }

    # one unit

    def unit(self, node: _Node) -> None:
        """One unit entry into the roster's units, or skipped with the field and reason."""
        found = self.models(node)
        if found is None or not self.infantry(node, found[0][1]):
            return
        known = self.known_rules(node, found)
        if known is not None:
            self.squad(node, found, known)

    def models(self, node: _Node) -> list[_Model] | None:
        """The unit's models, each with its Unit profile and how many it may have (None: skipped, and why)."""
        name = node.name
        words = node.category_words(self.index)
        self.spend(len(words))
        for word in words:
            if word in FORBIDDEN_CATEGORIES:
                self.cat.skip(name, "category", f"{FORBIDDEN_CATEGORIES[word]}: {NOT_INFANTRY}")
                return None
        models = [node] if node.type == "model" else [e for e in self.entries(node) if e.type == "model"]
        if node.type != "model":  # some catalogues keep the models in a group ("Squad", "Models")
            models += [e for g in self.groups(node) for e in self.entries(g) if e.type == "model"]
        own = [p for p in self.profiles(node) if self.kind(p, self.chars(p)) in ("unit", "vehicle")]
        if not models and own:
            models = [node]
        if not models:
            self.cat.skip(name, "profiles", "no model with a Unit profile (it may be in another file)")
            return None
        found: list[_Model] = []
        for m in models:
            profiles = [p for p in self.profiles(m) if self.kind(p, self.chars(p)) in ("unit", "vehicle")]
            if not profiles and m is not node and len(own) == 1:
                profiles = own
            if not profiles:
                self.cat.skip(
                    name, "profiles", f"its model {m.name!r} has no Unit profile (it may be in another file)"
                )
                return None
            p = profiles[0]
            if self.kind(p, self.chars(p)) == "vehicle":
                self.cat.skip(name, "profile", f"a vehicle (armour values, no Toughness): {NOT_INFANTRY}")
                return None
            lo, hi = (1, 1) if m is node else self.counts(m)
            found.append((m, p, lo, hi))
        return found

    def infantry(self, node: _Node, first: ET.Element) -> bool:
        """Whether the unit is Infantry, by its first model's Unit Type (or its category); skipped if not."""
        name = node.name
        utype = {k.lower(): v for k, v in self.chars(first).items()}.get("unit type")
        if utype is None:
            utype = "Infantry" if "infantry" in node.category_words(self.index) else None
        if utype is None:
            self.cat.skip(
                name, "Unit Type", "the characteristic is missing, so the game cannot tell it is Infantry"
            )
            return False
        base = utype.split("(")[0].strip().lower()
        if base != "infantry":
            self.cat.skip(name, "Unit Type", f"it is {utype!r}: {NOT_INFANTRY}")
            return False
        return True

    def known_rules(self, node: _Node, found: list[_Model]) -> list[str] | None:
        """The Universal Special Rules of the unit this game knows (the others noted as left out); None,
        skipped, for a psyker."""
        name = node.name
        rules = list(
            dict.fromkeys([*self.rule_names(node), *(r for m, _, _, _ in found for r in self.rule_names(m))])
        )
        if any(r.lower().startswith(("psyker", "brotherhood of psykers")) for r in rules):
            self.cat.skip(name, "rules", PSYKER_REFUSED)
            return None
        known = []
        for r in rules:
            base_rule = r.split("(")[0].strip()
            usr = next((u for u in self.data.usrs if u.lower() in (r.lower(), base_rule.lower())), None)
            if usr is not None:
                if usr not in known:
                    known.append(usr)
            else:
                self.cat.notes.append(f"{self.cat.file}: {name!r}: the rule {r!r} is not in this game: left out")
        return known

    def squad(self, node: _Node, found: list[_Model], known: list[str]) -> None:
        """The roster unit: the trooper (the model there are most of), at most one sergeant (a different
        model of at most one), their wargear and weapon changes, the points; skipped with the reason."""
        name = node.name
        found.sort(key=lambda f: -(f[3] if f[3] is not None else 10_000))
        trooper, tprofile, tlo, thi = found[0]
        sergeant = next((f for f in found[1:] if (f[3] or 0) <= 1), None)
        for other in found[1:]:
            if other is not sergeant:
                self.cat.notes.append(
                    f"{self.cat.file}: {name!r}: the model {other[0].name!r} is left out (a team has one kind of "
                    "trooper and one sergeant)"
                )
        made = self.unit_profile(name, tprofile)
        if made is None:
            return
        extra = [node] if trooper is not node else []
        wargear, options = self.gear(name, trooper, extra)
        if not wargear:  # every model may fight; the shipped roster's close combat weapon is the bare minimum
            wargear = ["close_combat_weapon"]
            self.cat.notes.append(f"{self.cat.file}: {name!r}: no weapon this game plays: a close combat weapon")
        size = max(1, tlo + (sergeant[2] if sergeant else 0))
        top = thi if thi is not None and thi >= tlo else max(tlo, 1)
        squad = self.points(node) if trooper is not node else 0.0
        squad += self.points(trooper) * max(tlo, 1 if not sergeant else tlo)
        if sergeant is not None:
            squad += self.points(sergeant[0]) * sergeant[2]
        squad_cost = round(squad)
        if squad_cost <= 0:
            self.cat.skip(name, "pts", "it has no points cost")
            return
        table: dict[str, Any] = {
            "name": name,
            "army": self.cat.army,
            "type": "infantry",
            "squad_cost": squad_cost,
            "squad_size": size,
            "max_models": max(size, top + (1 if sergeant else 0)),
            "model": made[0],
            "wargear": wargear,
            "rules": known,
            "source": self.cat.file,
        }
        if sergeant is not None:
            sarge = self.sergeant(name, sergeant, squad_cost / size, wargear)
            if sarge is not None:
                table["sergeant"] = sarge
        table["weapon_options"] = _unique(options, wargear)
        key = self.key(self.cat.units, slug(name), table)
        self.cat.units[key] = table

    def sergeant(self, unit: str, sergeant: _Model, per_model: float, wargear: list[str]) -> dict[str, Any] | None:
        """The sergeant's table (his name, upgrade cost, profile, wargear and weapon changes), or None when
        his profile is skipped."""
        model, profile, lo, _ = sergeant
        sp = self.unit_profile(f"{unit} / {model.name}", profile)
        if sp is None:
            return None
        sgear, sopts = self.gear(unit, model, [])
        cost = 0 if lo >= 1 else max(0, round(self.points(model) - per_model))
        sarge: dict[str, Any] = {"name": model.name, "cost": cost, "profile": sp[0]}
        if sgear:
            sarge["wargear"] = sgear
        sarge["options"] = _unique(sopts, sgear or wargear)
        return sarge

    def run(self) -> Catalogue:
        tops = [_Node(e) for e in _kids(self.root, "selectionEntries", "selectionEntry")]
        for link in _kids(self.root, "entryLinks", "entryLink"):
            if (link.get("type") or "selectionEntry") == "selectionEntry":
                target = self.resolve(link, ("selectionEntry",))
                if target is not None:
                    tops.append(_Node(target, link))
        units = [t for t in tops if t.type in ("unit", "model")]
        for node in units[:MAX_UNITS]:
            self.unit(node)
        if len(units) > MAX_UNITS:
            self.cat.notes.append(f"{self.cat.file}: only the first {MAX_UNITS} of {len(units)} units were read")
        # keep only the profiles and weapons a kept unit uses (a skipped unit may have made some)
        used_p = {u["model"] for u in self.cat.units.values()} | {
            u["sergeant"]["profile"] for u in self.cat.units.values() if "sergeant" in u
        }
        self.cat.profiles = {k: v for k, v in self.cat.profiles.items() if k in used_p}
        used_w: set[str] = set()
        for u in self.cat.units.values():
            used_w.update(u["wargear"])
            for o in [*u.get("weapon_options", []), *u.get("sergeant", {}).get("options", [])]:
                used_w.update(o["with"])
            used_w.update(u.get("sergeant", {}).get("wargear", []))
        self.cat.weapons = {k: v for k, v in self.cat.weapons.items() if k in used_w}
        self.cat.notes = list(dict.fromkeys(self.cat.notes))
        return self.cat


def _ids(node: _Node) -> tuple[str, ...]:
    """The ids a group's ``defaultSelectionEntryId`` may name: the entry's, or its link's."""
    return tuple(i for i in (node.el.get("id"), node.link.get("id") if node.link is not None else None) if i)


def _add(gear: list[str], more: list[str]) -> None:
    """``more`` added to ``gear``, each weapon once, in order (a set for the look-ups: lists may be long)."""
    have = set(gear)
    gear += [w for w in dict.fromkeys(more) if w not in have]


def _unique(options: list[dict[str, Any]], gear: list[str]) -> list[dict[str, Any]]:
    """Options with unique keys whose replaced weapons the model has, at most :data:`MAX_OPTIONS`."""
    out: list[dict[str, Any]] = []
    keys: set[str] = set()
    for o in options:
        if len(out) == MAX_OPTIONS:
            break
        if any(w not in gear for w in o["replaces"]):
            continue
        key, n = o["key"], 2
        while key in keys:
            key, n = f"{o['key']}_{n}", n + 1
        keys.add(key)
        out.append({**o, "key": key})
    return out[:MAX_OPTIONS]


def convert(root: ET.Element, file: str, data: Z40Data) -> Catalogue:
    """The roster tables for the infantry units of a parsed catalogue, and what was left out and why."""
    return _Converter(root, file, data).run()


# -- into the player's roster --------------------------------------------------------------------------------


def merge(existing: dict[str, Any] | None, cat: Catalogue) -> tuple[dict[str, Any], list[str]]:
    """The player's roster with ``cat``'s entries added (an entry of the same key is replaced, so importing
    a file again updates it), checked by the game's own loader over the shipped tables: an entry it refuses
    is left out, with the loader's words (file, entry, field); a broken entry the player wrote by hand is
    kept as it is and reported the same way (the game skips it when it loads)."""
    doc: dict[str, Any] = {k: dict(v) for k, v in (existing or {}).items() if isinstance(v, dict)}
    for section in ("weapons", "profiles", "units"):
        doc.setdefault(section, {})
        doc[section].update(getattr(cat, section))
    core, shipped = load_toml(data_file("zombie40k.toml")), load_toml(data_file("zombie40k_roster.toml"))
    refused: list[str] = []
    for _ in range(len(cat.units) + len(cat.weapons) + len(cat.profiles) + 1):
        built = build_data(core, shipped, "zombie40k.toml", "zombie40k_roster.toml", doc, USER_ROSTER)
        bad = [
            (section, key, problem)
            for section in ("weapons", "profiles", "units")
            for key in getattr(cat, section)
            if key in doc[section]
            for problem in built.user_problems
            if re.search(rf"\b{section}\.{re.escape(key)}[.:]", problem)
        ]
        if not bad:  # what is still wrong is the player's own hand-edited entries: reported, left alone
            refused += [p for p in built.user_problems if p not in refused]
            break
        for section, key, problem in bad:
            doc[section].pop(key, None)
            if problem not in refused:
                refused.append(problem)
    return doc, refused


def dumps(doc: dict[str, Any]) -> str:
    """The roster as TOML (tables of names, numbers, lists and inline tables: all a roster needs).

    >>> print(dumps({"units": {"a": {"name": 'Say "hi"', "n": 3, "opts": [{"key": "x"}]}}}), end="")
    [units.a]
    name = "Say \\"hi\\""
    n = 3
    opts = [{ key = "x" }]
    """
    lines: list[str] = []

    def table(path: list[str], t: dict[str, Any]) -> None:
        plain = {k: v for k, v in t.items() if not isinstance(v, dict)}
        subs = {k: v for k, v in t.items() if isinstance(v, dict)}
        if path and (plain or not subs):
            lines.append(f"[{'.'.join(_key(p) for p in path)}]")
        for k, v in plain.items():
            lines.append(f"{_key(k)} = {_value(v)}")
        if path and (plain or not subs):
            lines.append("")
        for k, v in subs.items():
            table([*path, k], v)

    table([], doc)
    return "\n".join(lines).rstrip("\n") + "\n"


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _string(k)


def _string(s: str) -> str:
    # TOML basic strings take JSON's escapes; DEL and the other control characters are dropped first
    return json.dumps(
        "".join(ch for ch in s if ch == "\t" or (ord(ch) >= 32 and ord(ch) != 127)), ensure_ascii=False
    )


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v) if math.isfinite(v) else "0.0"
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    return _string(str(v))


HEADER = (
    "# Zombie 40,000: your own roster units, written by `deadground roster import` (BattleScribe catalogues).\n"
    "# Same shape as the shipped zombie40k_roster.toml; importing a file again replaces its units. A broken\n"
    "# entry is skipped and reported with this file, the entry and the field.\n\n"
)


def roster_path(data_dir: Path) -> Path:
    """The player's roster file under the data folder."""
    return Path(data_dir) / ROSTER_FOLDER / USER_ROSTER


def describe(unit: dict[str, Any]) -> str:
    """One line for an imported unit, in the team builder's words."""
    per = unit["squad_cost"] / unit["squad_size"]
    sarge = f", sergeant {unit['sergeant']['name']}" if "sergeant" in unit else ""
    swaps = len(unit.get("weapon_options", []))
    return (
        f"{unit['name']} ({unit['army']}): {per:g} points a model, {unit['squad_size']} to {unit['max_models']} "
        f"models{sarge}, {swaps} weapon change{'s' if swaps != 1 else ''}"
    )


def roster_import(source: Path, data_dir: Path) -> RosterImport:
    """``deadground roster import FILE``: the units of one catalogue merged into the player's roster under
    ``data_dir`` (the text to write, what was taken, what was left out and why). Raises
    :class:`CatalogueError` for a file refused as a whole, or a roster of the player's the game cannot read
    (it is never overwritten)."""
    source, path = Path(source), roster_path(data_dir)
    existing, problem = read_user_roster(path)
    if problem:
        raise CatalogueError(f"your roster {problem}; mend it or move it away ({path}), then import again")
    data = load_data(None, None, str(path))
    cat = convert(read_catalogue(source), source.name, data)
    doc, refused = merge(existing, cat)
    taken = [k for k in cat.units if k in doc["units"]]
    return RosterImport(
        file=source.name,
        path=path,
        text=HEADER + dumps(doc) if taken else "",
        imported=tuple(f"{describe(cat.units[k])} (unit:{k})" for k in taken),
        skipped=tuple([*(str(x) for x in cat.skipped), *refused]),
        notes=tuple(cat.notes),
        names=tuple(str(cat.units[k]["name"]) for k in taken),
    )
