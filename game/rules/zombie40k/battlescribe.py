"""Zombie 40,000 roster entries from a BattleScribe catalogue (rules: "Building a team": players may add
their own units; the issue "Rosters from the tools 40k players already use").

A catalogue is the XML (``.cat``, or ``.catz``: a zip holding one ``.cat``) of the public 7th-edition data
sets; it draws on the game system (``.gst``/``.gstz``) and the catalogues it links, read with it: given
together on the command line, or the game system found beside the catalogue. The library of files is
resolved the way BattleScribe does (:mod:`game.rules.zombie40k.bs_data`) and each unit made a roster unit or
refused with its reason (:mod:`game.rules.zombie40k.bs_units`): the shape ``zombie40k_roster.toml`` has (a
trooper profile, his wargear, points per model, the sergeant upgrade, weapon swaps, the Universal Special
Rules this game knows); everything left out is listed with the file, the entry, the field and why.

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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from game.assets import data_file
from game.rules.contract import RosterImport
from game.rules.zombie40k.bs_data import Entry, Library, TooMuchWork
from game.rules.zombie40k.bs_tables import Catalogue, Skipped
from game.rules.zombie40k.bs_units import Maker

__all__ = [
    "Catalogue",
    "CatalogueError",
    "Skipped",
    "convert",
    "read_catalogue",
    "read_game_system",
    "roster_import",
]
from game.rules.zombie40k.data import (
    USER_ROSTER,
    Z40Data,
    build_data,
    load_data,
    load_toml,
    read_user_roster,
)
from game.rules.zombie40k.team_builder import counted
from game.safe_xml import Unreadable, parse_xml, read_bounded

MAX_BYTES = 4 * 1024 * 1024  # the largest 7th-edition catalogues are about 2 MB
MAX_MEMBERS = 8  # a .catz holds one .cat; a few more names are tolerated, never read
MAX_DEPTH = 128  # selectionEntry > selectionEntryGroups > ... nests about 40 deep in real files
MAX_ELEMENTS = 500_000
ROSTER_FOLDER = "rosters"
MAX_UNIT_TREE = 100_000  # entries in one unit's tree; the largest real one has about 9,000
MAX_TREES = 1_000_000  # ... and in all of a catalogue's units; the largest real catalogue about 50,000
MAX_UNITS = 2000  # root entries looked at in one file (the largest real catalogue has about 500)
MAX_FILES = 64  # files read together for one import (the 7th-edition set is 44 catalogues and a .gst)
SYSTEM_SUFFIXES = (".gst", ".gstz")
CATALOGUE_SUFFIXES = (".cat", ".catz")


class CatalogueError(ValueError):
    """A catalogue file refused as a whole; the message names the file and the fix."""


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


def _unzip(name: str, raw: bytes, inner: str = ".cat") -> bytes:
    """The one ``inner`` file (``.cat`` in a ``.catz``, ``.gst`` in a ``.gstz``): at most a few members, no
    paths, no encryption, at most 4 MB unpacked, whatever the zip's headers claim and whichever compression
    the zip uses (see :func:`_unpack`). Every refusal names the file, and the member once there is one."""
    members = raw.count(_CENTRAL_ENTRY)  # counted before the zip reader makes an object of each of them
    if members > MAX_MEMBERS:
        raise CatalogueError(f"{name}: {_many(members, inner)}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        raise CatalogueError(
            f"{name}: not a readable {_zipped(inner)} (a zip archive): {exc}; save it again from BattleScribe"
        ) from None
    with zf:
        infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise CatalogueError(f"{name}: {_many(len(infos), inner)}")
    info = _the_member(name, infos, inner)
    member = f"the member {_clean(info.filename, 60)!r}"
    if info.flag_bits & 0x1:
        raise CatalogueError(f"{name}: its {inner} ({member}) is encrypted; save it again from BattleScribe")
    bomb = f"a zip bomb, or not a {'catalogue' if inner == '.cat' else 'game system'}"
    if info.file_size > MAX_BYTES:
        raise CatalogueError(
            f"{name}: its {inner} unpacks to {info.file_size:,} bytes, over the {MAX_BYTES:,}-byte limit "
            f"({member}: {bomb})"
        )
    try:
        return _unpack(raw, info, MAX_BYTES)
    except _TooBig:
        raise CatalogueError(
            f"{name}: its {inner} unpacks to more than {MAX_BYTES:,} bytes ({member}: {bomb})"
        ) from None
    except (ValueError, EOFError, OSError, lzma.LZMAError, zlib.error) as exc:
        raise CatalogueError(
            f"{name}: its {inner} cannot be unpacked ({member}: {exc}); save it again from BattleScribe"
        ) from None


def _the_member(name: str, infos: list[zipfile.ZipInfo], inner: str) -> zipfile.ZipInfo:
    """The one ``inner`` member of a zip, a plain name with no path; :class:`CatalogueError` otherwise."""
    found = [i for i in infos if i.filename.lower().endswith(inner)]
    for info in found:
        member = info.filename
        if "/" in member or "\\" in member or member.startswith(".") or ":" in member or "\0" in member:
            raise CatalogueError(
                f"{name}: its member {_clean(member, 60)!r} has a path; a {_zipped(inner)} holds one plain "
                f"{inner} (unpack it and import the {inner})"
            )
    if len(found) != 1:
        raise CatalogueError(
            f"{name}: a {_zipped(inner)} holds one {inner}, this one holds {len(found)} {inner} files; unpack it and "
            f"import the {inner} you mean"
        )
    return found[0]


def _zipped(inner: str) -> str:
    return f"{inner}z"


_CENTRAL_ENTRY = b"PK\x01\x02"  # begins each member's entry in a zip's directory (never in XML text)
_LOCAL_ENTRY = b"PK\x03\x04"


def _many(count: int, inner: str = ".cat") -> str:
    return f"holds {count} files; a {_zipped(inner)} holds one {inner} (unpack it and import the {inner})"


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


# -- the game system and the catalogues a catalogue links ---------------------------------------------------


def read_game_system(path: Path) -> ET.Element:
    """The root element of the game system (``.gst``, or ``.gstz``: a zip holding one ``.gst``), read with the
    same care as a catalogue; :class:`CatalogueError` names the file and the fix."""
    path = Path(path)
    name, suffix = path.name, path.suffix.lower()
    if suffix not in SYSTEM_SUFFIXES:
        raise CatalogueError(f"{name}: not a BattleScribe game system (.gst or .gstz)")
    try:
        raw = read_bounded(str(path), MAX_BYTES, f"the limit for a game system is {MAX_BYTES:,}", symlinks=False)
    except Unreadable as exc:
        raise CatalogueError(f"{name}: {exc}") from None
    if suffix == ".gstz":
        raw = _unzip(name, raw, ".gst")
    try:
        root = parse_xml(raw, MAX_DEPTH, writer="BattleScribe", max_elements=MAX_ELEMENTS)
    except Unreadable as exc:
        raise CatalogueError(f"{name}: {exc}") from None
    if _local(root.tag) != "gameSystem":
        raise CatalogueError(f"{name}: its root is <{_local(root.tag)[:40]}>, not <gameSystem>; not a game system")
    return root


def _is_system(path: Path) -> bool:
    return path.suffix.lower() in SYSTEM_SUFFIXES


_SYSTEMS: dict[tuple[str, int, int], ET.Element] = {}  # the last game system read (a CLI run reads it once)


def _read_any(path: Path) -> ET.Element:
    if not _is_system(path):
        return read_catalogue(path)
    try:
        st = path.stat()
        key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    except OSError:
        return read_game_system(path)
    if key not in _SYSTEMS:
        _SYSTEMS.clear()
        _SYSTEMS[key] = read_game_system(path)
    return _SYSTEMS[key]


def companions_of(source: Path, given: tuple[Path, ...] = ()) -> tuple[Path, ...]:
    """The files read with ``source``: those given with it, else the game system beside it (the one
    ``.gst``/``.gstz`` in its folder)."""
    others = tuple(p for p in given if Path(p) != Path(source))
    if any(_is_system(Path(p)) for p in others):
        return others
    try:
        beside = sorted(p for p in Path(source).parent.iterdir() if p.suffix.lower() in SYSTEM_SUFFIXES)
    except OSError:
        beside = []
    return (*others, *beside[:1])


def linked(root: ET.Element, files: Sequence[Path]) -> list[Path]:
    """The files worth reading with a catalogue: the game systems, and the catalogues its ``catalogueLink`` s
    name (matched by file name; all given, when none matches), at most :data:`MAX_FILES`."""
    wanted = {slug(link.get("name") or "") for link in _kids(root, "catalogueLinks", "catalogueLink")}
    cats = [p for p in files if not _is_system(p)]
    named = [p for p in cats if slug(p.stem) in wanted]
    return [*(p for p in files if _is_system(p)), *(named or (cats if wanted else []))][:MAX_FILES]


def library_files(
    root: ET.Element, file: str, companions: list[tuple[str, ET.Element]]
) -> list[tuple[str, ET.Element]]:
    """The catalogue first, then the catalogues its ``catalogueLink`` s name (by id, or by name), then the game
    systems: the order in which an id is looked up."""
    files = [(file, root)]
    by_id = {r.get("id"): (n, r) for n, r in companions if _local(r.tag) == "catalogue"}
    by_name = {
        (r.get("name") or "").strip().lower(): (n, r) for n, r in companions if _local(r.tag) == "catalogue"
    }
    for link in _kids(root, "catalogueLinks", "catalogueLink"):
        found = by_id.get(link.get("targetId")) or by_name.get((link.get("name") or "").strip().lower())
        if found is not None and found[1] is not root and found not in files:
            files.append(found)
    files += [(n, r) for n, r in companions if _local(r.tag) == "gameSystem"]
    return files


def _read_units(units: list[Entry], maker: Maker) -> None:
    """The catalogue's root entries into ``maker``'s tables. An entry BattleScribe shows only in some armies
    (a chapter's own squad) is taken all the same, a team being of no chapter [house reading], unless an
    entry of the same name is the one shown."""
    cat = maker.cat
    maker.characters = frozenset(u.ids[-1] for u in units if u.ids and u.kind in ("unit", "model"))
    shown = {u.name for u in units if not u.hidden}
    walked = 0
    for unit in units[:MAX_UNITS]:
        if unit.kind not in ("unit", "model"):
            continue
        if unit.size > MAX_UNIT_TREE:
            cat.skip(
                unit.name, "entries", f"{unit.size:,} entries in it: no real unit has more than {MAX_UNIT_TREE:,}"
            )
            continue
        walked += unit.size
        if walked > MAX_TREES:
            raise CatalogueError(
                f"{cat.file}: its units hold more than {MAX_TREES:,} entries (no real catalogue does): a broken file"
            )
        if unit.hidden and (unit.name in shown or not unit.shown_somewhere):
            why = "another entry of this name is the one shown" if unit.name in shown else "never shown"
            cat.skip(unit.name, "hidden", f"hidden in the catalogue ({why})")
            continue
        if unit.hidden:
            cat.note(f"{cat.file}: {unit.name!r}: BattleScribe shows it only in some armies: taken all the same")
        maker.unit(unit)
    if len(units) > MAX_UNITS:
        cat.note(f"{cat.file}: only the first {MAX_UNITS} of {len(units)} entries were read")


def convert(
    root: ET.Element, file: str, data: Z40Data, companions: list[tuple[str, ET.Element]] | None = None
) -> Catalogue:
    """The roster tables for the infantry units of a parsed catalogue, read with the files it draws on
    (``companions``: the game system and other catalogues, parsed), and what was left out and why."""
    army = _clean(root.get("name") or Path(file).stem)
    cat = Catalogue(file=file, army=army)
    if _local(root.tag) != "catalogue":
        return cat
    library = Library(library_files(root, file, companions or []))
    if not any(_local(r.tag) == "gameSystem" for _, r in library.files):
        cat.note(f"{file}: read without its game system (.gst): links into it are not followed")
    maker = Maker(cat, data)
    try:
        _read_units(library.units(), maker)
    except TooMuchWork as exc:
        raise CatalogueError(str(exc)) from None
    cat.notes[:0] = library.notes
    maker.tidy()
    cat.notes = list(dict.fromkeys(cat.notes))
    return cat


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
        f"{unit['name']} ({unit['army']}): {per:g} points a model, {unit['squad_size']} to "
        f"{counted(unit['max_models'])}{sarge}, {swaps} weapon change{'s' if swaps != 1 else ''}"
    )


def _read_companions(
    root: ET.Element, source: Path, given: tuple[Path, ...]
) -> tuple[list[tuple[str, ET.Element]], list[str]]:
    """The files read with ``source``, parsed, and notes for a game system found beside it that could not be
    read (the import goes on without it; a file the player named is refused with its reason)."""
    others: list[tuple[str, ET.Element]] = []
    unread: list[str] = []
    for p in linked(root, companions_of(source, given)):
        try:
            others.append((p.name, _read_any(p)))
        except CatalogueError as exc:
            if p in given:
                raise
            unread.append(f"{exc}: read without it")
    return others, unread


def roster_import(source: Path, data_dir: Path, companions: Sequence[Path] = ()) -> RosterImport:
    """``deadground roster import FILE...``: the units of one catalogue merged into the player's roster under
    ``data_dir`` (the text to write, what was taken, what was left out and why), read with ``companions`` (the
    game system and the catalogues given with it) or else the game system beside it. Raises
    :class:`CatalogueError` for a file refused as a whole, or a roster of the player's the game cannot read
    (it is never overwritten)."""
    source, path = Path(source), roster_path(data_dir)
    existing, problem = read_user_roster(path)
    if problem:
        raise CatalogueError(f"your roster {problem}; mend it or move it away ({path}), then import again")
    if _is_system(source):
        read_game_system(source)  # checked, so a broken one is refused by name
        return RosterImport(
            file=source.name, path=path, text="", imported=(), skipped=(),
            notes=(f"{source.name}: the game system: read with the catalogues imported with it",),
        )  # fmt: skip
    data = load_data(None, None, str(path))
    root = read_catalogue(source)
    others, unread = _read_companions(root, source, tuple(Path(p) for p in companions))
    cat = convert(root, source.name, data, others)
    cat.notes[:0] = unread
    doc, refused = merge(existing, cat)
    taken = [k for k in cat.units if k in doc["units"]]
    return RosterImport(
        file=source.name,
        path=path,
        text=HEADER + dumps(doc) if taken else "",
        imported=tuple(f"{describe(cat.units[k])} (unit:{k})" for k in taken),
        skipped=tuple([*cat.left_out(), *refused]),
        notes=tuple(cat.notes),
        names=tuple(str(cat.units[k]["name"]) for k in taken),
    )
