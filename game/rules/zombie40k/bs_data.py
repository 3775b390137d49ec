"""BattleScribe data read the way BattleScribe reads it: a catalogue, the catalogues it links and the game system
(``.gst``) as one library, and every selection entry of it resolved into a plain tree.

A ``selectionEntry`` (a unit, a model or an upgrade) holds profiles, rules, costs, constraints and children:
more entries, ``selectionEntryGroup`` s, and ``entryLink`` s to shared entries and groups; its ``infoLink`` s
name shared profiles and rules. Anything may live in any file of the library: the catalogue's own
``sharedSelectionEntries``, ``sharedSelectionEntryGroups``, ``sharedProfiles`` and ``sharedRules``, those of
the catalogues it links (``catalogueLink``) and those of the game system. A link's own name, constraints and
costs win over its target's.

Modifiers are read as BattleScribe shows a unit just added to an empty roster (house reading): a condition
counts no selections, so "at least one Carcharodons chapter" is false and "fewer than one" true, and an
``instanceOf`` condition (the unit in a formation) is false.

Each shared thing is resolved once (memoised), a link that loops back into itself is cut, and the work is
bounded (:data:`MAX_STEPS` entries and links followed), so a hostile file cannot keep the game busy.

>>> import xml.etree.ElementTree as ET
>>> cat = ET.fromstring('''<catalogue id="c" name="Army"><selectionEntries>
...   <selectionEntry id="u" name="Squad" type="unit"><entryLinks>
...     <entryLink id="l" targetId="m" type="selectionEntry" name="New EntryLink"/></entryLinks></selectionEntry>
... </selectionEntries><sharedSelectionEntries>
...   <selectionEntry id="m" name="Trooper" type="model"><costs><cost name="pts" value="10"/></costs>
...   </selectionEntry></sharedSelectionEntries></catalogue>''')
>>> unit = Library([("a.cat", cat)]).units()[0]
>>> unit.name, [(c.name, c.kind, c.points) for c in unit.children]
('Squad', [('Trooper', 'model', 10.0)])
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from game.numerals import decimal

MAX_STEPS = 400_000  # entries built and links followed for one catalogue; the largest real one needs ~60,000
MAX_DEPTH = 40  # links within links; real data nests about 8 deep
TREE_CAP = 10**9  # a tree's size is counted up to here (shared entries reached many ways multiply it)
MAX_LISTED = 2000  # notes, and things left out, listed for one catalogue; a real one has about 200 of each
NO_NAMES = ("", "new entrylink", "new infolink", "new selectionentry", "new selectionentrygroup")


class TooMuchWork(ValueError):
    """The library asked for more work than any real catalogue needs (a hostile or broken file)."""


@dataclass(frozen=True)
class Profile:
    """One profile: its name, its type's name in lower case ("unit", "weapon", "vehicle", ...) and its
    characteristics by name."""

    name: str
    type: str
    chars: dict[str, str]
    low: dict[str, str] = field(default_factory=dict, repr=False, compare=False)  # chars by lower-case name

    def __post_init__(self) -> None:
        # lowered once, and shared by the copies of a linked profile: a unit asks a profile of thousands of
        # characteristics for a dozen of them
        if self.chars and not self.low:
            object.__setattr__(self, "low", {k.lower(): v for k, v in self.chars.items()})

    def get(self, *names: str) -> str | None:
        """A characteristic by any of ``names``, case-blind."""
        return next((self.low[n.lower()] for n in names if n.lower() in self.low), None)


@dataclass(frozen=True)
class Entry:
    """A selection entry or group, resolved: ``kind`` is "unit", "model", "upgrade" or "group"; ``lo`` and
    ``hi`` its selections within its parent (``hi`` None: no limit); ``points`` its own cost; ``ids`` the
    entry's and its link's ids (a group's default names either); ``default`` a group's default choice."""

    id: str
    name: str
    kind: str
    lo: int = 0
    hi: int | None = None
    points: float = 0.0
    hidden: bool = False
    shown_somewhere: bool = True  # hidden only by a condition (some armies, some chapters) or not at all
    profiles: tuple[Profile, ...] = ()
    rules: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    children: tuple[Entry, ...] = ()
    default: str = ""
    ids: tuple[str, ...] = ()
    file: str = ""
    size: int = 1  # entries in the tree under it, a shared one counted each time it is reached
    needs: tuple[int, str] = (0, "")  # offered only with this many of an entry in the unit ("model": any)
    apart: str = ""  # ... unless the unit has no entry of this id (then offered at any size)
    # profiles an entry elsewhere in the unit shows or hides: (its id, the profile, shown when it is taken)
    switches: tuple[tuple[str, Profile, bool], ...] = ()
    shares: tuple[str, ...] = ()  # ids of entries each selection of which takes one off this one's maximum

    @property
    def group(self) -> bool:
        return self.kind == "group"

    def visible(self) -> Iterator[Entry]:
        """The children BattleScribe shows (not hidden, not forbidden by a maximum of 0)."""
        return (c for c in self.children if not c.hidden and c.hi != 0)


def local(tag: object) -> str:
    """An XML tag without its namespace."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def kids(el: ET.Element, container: str, kind: str) -> Iterator[ET.Element]:
    """The ``kind`` elements inside ``el``'s ``container`` element(s)."""
    for box in el:
        if local(box.tag) == container:
            yield from (c for c in box if local(c.tag) == kind)


def clean(text: object, limit: int = 60) -> str:
    """A name from the file as the game shows it: printable, spaces collapsed, not too long."""
    text = "".join(ch for ch in str(text or "") if ch.isprintable())
    return " ".join(text.split())[:limit]


def _number(text: object) -> float | None:
    v = decimal(str(text))  # ASCII digits only (float reads every Unicode digit)
    return v if v is not None and abs(v) < 100_000 else None


def _step(mods: dict[str, str], key: str) -> float:
    """What the increments (or decrements) of ``key`` add up to: 0 when none."""
    return _number(mods.get(key, "0")) or 0.0


_STEPS = ("increment:", "decrement:")  # the keys ``modified`` adds increments under, never a file's field


# -- modifiers, as on an empty roster ------------------------------------------------------------------------

_EMPTY = {
    "equalTo": lambda v: v == 0,
    "notEqualTo": lambda v: v != 0,
    "atLeast": lambda v: v <= 0,
    "atMost": lambda v: v >= 0,
    "greaterThan": lambda v: v < 0,
    "lessThan": lambda v: v > 0,
    "instanceOf": lambda v: False,
    "notInstanceOf": lambda v: True,
}


def _holds(cond: ET.Element) -> bool:
    v = _number(cond.get("value") or "0")
    test = _EMPTY.get(cond.get("type") or "")
    return bool(test and v is not None and test(v))


def _group_holds(group: ET.Element) -> bool:
    results = [_holds(c) for c in kids(group, "conditions", "condition")]
    results += [_group_holds(g) for g in kids(group, "conditionGroups", "conditionGroup")]
    if not results:
        return True
    return any(results) if group.get("type") == "or" else all(results)


def modified(el: ET.Element, at_start: Callable[[str], int | None] = lambda _: None) -> dict[str, str]:
    """The fields ``el``'s modifiers change on an empty roster: "hidden", "name", "points" (or a cost type's
    id) and constraint ids, to their new values (increments are added to the value they change).

    An increment that repeats for every N selections of an entry counts the selections the unit starts
    with, ``at_start(entry id)``: a Mob of at least 10 Boyz gets one more big shoota for every 10, a Veteran
    squad starts with no weapons team, so "one fewer Veteran for each weapons team" takes none away. An entry
    ``at_start`` does not know (a category, the force) counts as one repeat (house reading)."""
    out: dict[str, str] = {}
    for m in kids(el, "modifiers", "modifier"):
        if not _group_holds(m):
            continue
        fld, value, kind = m.get("field") or "", m.get("value") or "", m.get("type") or "set"
        if kind == "set" and not fld.startswith(_STEPS):
            out[fld] = value
        elif kind in ("increment", "decrement") and fld:
            step = (_number(value) or 0.0) * _times(m, at_start)
            out[f"{kind}:{fld}"] = str(_step(out, f"{kind}:{fld}") + step)
    return out


def size_needed(el: ET.Element) -> tuple[tuple[int, str], str, str] | None:
    """((count, entry id), field, apart) when a modifier forbids ``el`` (its maximum set to 0) while the unit
    holds fewer than ``count`` of an entry: a Chaos Space Marine squad's heavy weapon only with nine Marines.
    With ``apart`` (an entry id) only while the unit also holds that entry: the real Tactical Squad's heavy
    weapon and special weapon, not both below ten models. The option is kept; the team builder refuses it."""
    maxima = {c.get("id") for c in kids(el, "constraints", "constraint") if c.get("type") == "max"}
    for m in kids(el, "modifiers", "modifier"):
        fld = m.get("field") or ""
        if (
            (m.get("type") or "set") != "set"
            or _number(m.get("value") or "") != 0
            or any(kids(m, "repeats", "repeat"))
        ):
            continue
        conds = _all_of(m)
        size = [c for c in conds if c.get("type") == "lessThan" and (c.get("field") or "") == "selections"]
        size = [c for c in size if (c.get("scope") or "") not in ("roster", "force") and c.get("childId")]
        taken = [c for c in conds if c not in size and c.get("childId") and _taken(c)]
        count = _number(size[0].get("value") or "") if len(size) == 1 else None
        if count is None or len(taken) > 1 or len(size) + len(taken) != len(conds):
            continue
        if fld == "maxSelections" or fld in maxima:
            apart = taken[0].get("childId") or "" if taken else ""
            return (int(count), size[0].get("childId") or ""), fld, apart
    return None


def _taken(cond: ET.Element) -> bool:
    """Whether a condition asks that an entry be taken: "equal to 1", "at least 1", or (the real Blood
    Angels data) "greater than 0"."""
    v, kind = _number(cond.get("value") or ""), cond.get("type")
    return (kind in ("equalTo", "atLeast") and v == 1) or (kind == "greaterThan" and v == 0)


def one_at_a_time(el: ET.Element) -> tuple[int, str] | None:
    """(count, entry id) when a group's maximum of 1 is raised once the unit holds ``count`` of an entry: the
    real Dark Angels' and Forge World's Tactical Squads, one special or heavy weapon below ten models, one of
    each with ten. Below that size the group's choices exclude each other."""
    maxima = {
        c.get("id"): c
        for c in kids(el, "constraints", "constraint")
        if c.get("type") == "max" and _number(c.get("value") or "") == 1
    }
    for m in kids(el, "modifiers", "modifier"):
        conds = _all_of(m)
        if m.get("type") != "set" or m.get("field") not in maxima or len(conds) != 1:
            continue
        c, raised = conds[0], _number(m.get("value") or "")
        count = _number(c.get("value") or "")
        if raised is None or raised <= 1 or count is None or count < 2 or not c.get("childId"):
            continue
        if c.get("type") in ("equalTo", "atLeast") and (c.get("scope") or "") not in ("roster", "force"):
            return int(count), c.get("childId") or ""  # nine Marines (and the sergeant): ten
    return None


def shares_max(el: ET.Element) -> tuple[str, ...]:
    """The entries whose every selection takes one off ``el``'s maximum (a decrement of 1 repeated for each
    one selected, with no condition): the real Sternguard's Veterans, at most 9, one fewer for each Veteran
    with a special or heavy weapon. Those models take the places of ``el``'s: they share its maximum."""
    maxima = {c.get("id") for c in kids(el, "constraints", "constraint") if c.get("type") == "max"}
    out: list[str] = []
    for m in kids(el, "modifiers", "modifier"):
        if m.get("type") != "decrement" or m.get("field") not in maxima or _number(m.get("value") or "") != 1:
            continue
        if any(kids(m, "conditions", "condition")) or any(kids(m, "conditionGroups", "conditionGroup")):
            continue
        reps = list(kids(m, "repeats", "repeat"))
        if len(reps) == 1 and _number(reps[0].get("value") or "") == 1 and reps[0].get("childId"):
            out.append(reps[0].get("childId") or "")
    return tuple(out)


def apart_below(e: Entry, needs: tuple[int, str], group: str, depth: int = 0) -> Entry:
    """``e`` and the choices inside it marked as offered alone below a unit size (``needs``, as
    :func:`size_needed` gives it): apart from every other choice of ``group``, whose id each then carries."""
    if e.group and depth < 6:
        kids_ = tuple(apart_below(c, needs, group, depth + 1) for c in e.children)
        return replace(e, children=kids_, ids=(*e.ids, group))
    if e.needs[0]:
        return e
    return replace(e, needs=needs, apart=group, ids=(*e.ids, group))


def _all_of(modifier: ET.Element) -> list[ET.Element]:
    """A modifier's conditions when all must hold: its own, or those of its one "and" group; [] otherwise."""
    own = list(kids(modifier, "conditions", "condition"))
    groups = list(kids(modifier, "conditionGroups", "conditionGroup"))
    if not groups:
        return own
    g = groups[0]
    if own or len(groups) > 1 or g.get("type") != "and" or any(kids(g, "conditionGroups", "conditionGroup")):
        return []
    return list(kids(g, "conditions", "condition"))


def _times(modifier: ET.Element, at_start: Callable[[str], int | None]) -> int:
    """How often a repeating modifier applies to a unit just added (1 when it does not repeat)."""
    repeats = list(kids(modifier, "repeats", "repeat"))
    if not repeats:
        return 1
    total = 0
    for r in repeats:
        have = at_start(r.get("childId") or "")
        every = _number(r.get("value") or "1") or 0.0
        times = int(_number(r.get("repeats") or "1") or 0)
        if have is None or every <= 0:
            return 1
        whole = have / every
        total += (math.ceil(whole) if r.get("roundUp") == "true" else math.floor(whole)) * max(0, times)
    return min(total, 1000)


# -- the library -----------------------------------------------------------------------------------------------


@dataclass
class _Budget:
    steps: int = 0

    def spend(self, file: str) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TooMuchWork(
                f"{file}: needs more than {MAX_STEPS:,} entries and links resolved (no real catalogue does): "
                "a link loop or a broken file"
            )


@dataclass
class Library:
    """A catalogue with the files it draws on, first file first (its own ids win): ``files`` are
    ``(file name, root element)`` pairs, the catalogue, then the catalogues it links, then the game system."""

    files: list[tuple[str, ET.Element]]
    budget: _Budget = field(default_factory=_Budget)
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.by_id: dict[str, tuple[str, ET.Element]] = {}
        self.type_names: dict[str, str] = {}
        self.categories: dict[str, str] = {}
        self.cost_types: dict[str, str] = {}
        for file, root in self.files:
            for el in root.iter():
                i = el.get("id")
                if not i:
                    continue
                tag = local(el.tag)
                if tag in ("selectionEntry", "selectionEntryGroup", "profile", "rule", "infoGroup"):
                    self.by_id.setdefault(i, (file, el))
                elif tag == "profileType":
                    self.type_names.setdefault(i, (el.get("name") or "").strip().lower())
                elif tag == "categoryEntry":
                    self.categories.setdefault(i, clean(el.get("name")))
                elif tag == "costType":
                    self.cost_types.setdefault(i, (el.get("name") or "").strip().lower())
        self._memo: dict[int, Entry] = {}
        self._profiles: dict[int, Profile] = {}  # each profile element read once, however many links reach it
        self._at_start: dict[str, int | None] = {}
        self._busy: set[int] = set()
        self._missing: set[str] = set()
        self._noted: set[str] = set()

    @property
    def file(self) -> str:
        return self.files[0][0]

    def note(self, text: str) -> None:
        if text not in self._noted and len(self.notes) < MAX_LISTED:  # a hostile file makes thousands
            self._noted.add(text)
            self.notes.append(text)

    # the top of a catalogue

    def units(self) -> list[Entry]:
        """The catalogue's root entries (its own ``selectionEntries`` and root ``entryLinks``), resolved."""
        file, root = self.files[0]
        out = [self.entry(e, file) for e in kids(root, "selectionEntries", "selectionEntry")]
        for link in kids(root, "entryLinks", "entryLink"):
            got = self.link(link, file, 0)
            if got is not None:
                out.append(got)
        return out

    # one element into an Entry

    def entry(self, el: ET.Element, file: str, depth: int = 0) -> Entry:
        """``el`` (a selectionEntry or group) resolved, once per element."""
        key = id(el)
        if key in self._memo:
            return self._memo[key]
        self.budget.spend(self.file)
        if key in self._busy or depth > MAX_DEPTH:
            self.note(f"{file}: {clean(el.get('name'))!r}: a link loops back into itself: cut there")
            return Entry(id=el.get("id") or "", name=clean(el.get("name")), kind="upgrade", hidden=True)
        self._busy.add(key)
        try:
            made = self._build(el, file, depth)
        finally:
            self._busy.discard(key)
        self._memo[key] = made
        return made

    def _build(self, el: ET.Element, file: str, depth: int) -> Entry:
        mods = modified(el, self.at_start)
        needed = size_needed(el)
        if needed is not None:  # offered from a squad size on: its maximum as the data gives it
            mods.pop(needed[1], None)
        group = local(el.tag) == "selectionEntryGroup"
        children: list[Entry] = [
            self.entry(c, file, depth + 1) for c in kids(el, "selectionEntries", "selectionEntry")
        ]
        children += [
            self.entry(c, file, depth + 1) for c in kids(el, "selectionEntryGroups", "selectionEntryGroup")
        ]
        for link in kids(el, "entryLinks", "entryLink"):
            got = self.link(link, file, depth + 1)
            if got is not None:
                children.append(got)
        lo, hi = self.counts(el, mods)
        alone = one_at_a_time(el) if group else None
        if alone is not None:  # each choice inside: not with another of the group below that size
            children = [apart_below(c, alone, el.get("id") or "") for c in children]
        return Entry(
            id=el.get("id") or "",
            name=clean(mods.get("name") or el.get("name")) or "(no name)",
            kind="group" if group else (el.get("type") or "upgrade").strip().lower(),
            lo=lo,
            hi=hi,
            points=self.points(el, mods) or 0.0,
            hidden=self.hidden(el, mods),
            shown_somewhere=self.may_show(el),
            profiles=tuple(self.profiles(el, file)),
            rules=tuple(self.rules(el)),
            categories=tuple(self.category_names(el)),
            children=tuple(children),
            default=el.get("defaultSelectionEntryId") or "",
            ids=(el.get("id") or "",),
            file=file,
            size=min(TREE_CAP, 1 + sum(c.size for c in children)),
            needs=needed[0] if needed is not None else (0, ""),
            apart=needed[2] if needed is not None else "",
            switches=tuple(self.switches(el)),
            shares=shares_max(el),
        )

    def link(self, link: ET.Element, file: str, depth: int) -> Entry | None:
        """An ``entryLink`` as its target with the link's own name, counts, costs, profiles and rules."""
        self.budget.spend(self.file)
        tid = link.get("targetId") or ""
        found = self.by_id.get(tid)
        if found is None or local(found[1].tag) not in ("selectionEntry", "selectionEntryGroup"):
            self.missing(link, file)
            return None
        target = self.entry(found[1], found[0], depth)
        mods = modified(link, self.at_start)
        lo, hi = self.counts(link, mods, (target.lo, target.hi))
        own = clean(mods.get("name") or link.get("name"))
        points = self.points(link, mods, target.points)
        return replace(
            target,
            name=own if own.lower() not in NO_NAMES else target.name,
            lo=lo,
            hi=hi,
            points=target.points if points is None else points,
            hidden=self.hidden(link, mods) or target.hidden,
            shown_somewhere=self.may_show(link) and (target.shown_somewhere or self.unhides(link)),
            profiles=(*target.profiles, *self.profiles(link, file)),
            rules=(*target.rules, *(r for r in self.rules(link) if r not in target.rules)),
            categories=(*self.category_names(link), *target.categories),
            ids=(link.get("id") or "", *target.ids),
            switches=(*target.switches, *self.switches(link)),
            shares=(*target.shares, *shares_max(link)),
        )

    def missing(self, link: ET.Element, file: str) -> None:
        tid = clean(link.get("targetId"), 40)
        if tid not in self._missing:
            self._missing.add(tid)
            self.note(
                f"{file}: link {clean(link.get('name'), 40) or tid!r} (target {tid!r}) points into another file "
                "not read (import the game system .gst and the catalogues it links with it): not followed"
            )

    def at_start(self, entry_id: str) -> int | None:
        """How many of an entry a unit holds when just added: its minimum (a Mob's 10 Boyz, no weapons team);
        None for an id that is no entry here (a category, the force). Worked out once an id: a modifier may
        repeat for thousands of entries, each of thousands of constraints."""
        if entry_id not in self._at_start:
            self.budget.spend(self.file)
            self._at_start[entry_id] = self._lowest(entry_id)
        return self._at_start[entry_id]

    def _lowest(self, entry_id: str) -> int | None:
        found = self.by_id.get(entry_id)
        if found is None or local(found[1].tag) not in ("selectionEntry", "selectionEntryGroup"):
            return None
        lo = 0
        for c in kids(found[1], "constraints", "constraint"):
            v = _number(c.get("value") or "")
            if c.get("type") == "min" and (c.get("field") or "selections") == "selections" and v is not None:
                lo = max(lo, int(v))
        return lo

    # the parts of one element

    def counts(
        self, el: ET.Element, mods: dict[str, str], base: tuple[int, int | None] = (0, None)
    ) -> tuple[int, int | None]:
        """(min, max) selections within the parent: the element's own constraints, else ``base``."""
        lo, hi = base
        found = False
        for c in kids(el, "constraints", "constraint"):
            if (c.get("field") or "selections") != "selections" or (c.get("scope") or "parent") != "parent":
                continue
            cid = c.get("id") or ""
            v = _number(mods.get(cid, c.get("value") or ""))
            if v is not None:  # "one more for every ten models": as if the unit had its first ten
                v += _step(mods, f"increment:{cid}") - _step(mods, f"decrement:{cid}")
            if v is None or v < 0:
                continue
            if not found:
                lo, hi, found = 0, None, True
            if c.get("type") == "min":
                lo = int(v)
            elif c.get("type") == "max":
                hi = int(v)
        return lo, hi

    def points(self, el: ET.Element, mods: dict[str, str], base: float | None = None) -> float | None:
        """The element's points (None when it states none and no modifier changes them), after its
        modifiers; a link's modifiers change its target's points, ``base``, when the link states none (Sly
        Marbo's link to the melta bombs sets them to 0)."""
        for c in kids(el, "costs", "cost"):
            tid = c.get("typeId") or c.get("costTypeId") or ""
            name = (c.get("name") or self.cost_types.get(tid, "")).strip().lower()
            if name not in ("pts", "points", "pt") and tid != "points":
                continue
            value = mods.get(tid, c.get("value") or "0")
            if _number(mods.get("points", value)) is None:
                self.note(
                    f"{self.file}: {clean(el.get('name'))!r}: field 'pts': {clean(value, 20)!r} is not a number "
                    "(digits 0-9): read as no cost"
                )
            return self._after(mods, value)
        changed = [k for k in ("points", "increment:points", "decrement:points") if k in mods]
        if base is None or not changed:
            return None
        return self._after(mods, str(base))

    @staticmethod
    def _after(mods: dict[str, str], value: str) -> float:
        v = _number(mods.get("points", value))
        v = (v or 0.0) + _step(mods, "increment:points") - _step(mods, "decrement:points")
        return max(0.0, v)

    @staticmethod
    def may_show(el: ET.Element) -> bool:
        """Whether BattleScribe shows ``el`` in some roster: not hidden, or a modifier may show it."""
        if (el.get("hidden") or "false").strip().lower() != "true":
            return True
        return Library.unhides(el)

    @staticmethod
    def unhides(el: ET.Element) -> bool:
        """Whether a modifier of ``el`` shows it under some condition: on a link, it shows the hidden entry it
        links (the real Belisarius Cawl, hidden but for a Standard or Allied Detachment)."""
        return any(
            m.get("field") == "hidden" and m.get("value") == "false" for m in kids(el, "modifiers", "modifier")
        )

    @staticmethod
    def hidden(el: ET.Element, mods: dict[str, str]) -> bool:
        return (mods.get("hidden") or el.get("hidden") or "false").strip().lower() == "true"

    def profiles(self, el: ET.Element, file: str) -> Iterator[Profile]:
        for p in kids(el, "profiles", "profile"):
            yield self.profile(p)
        for link in kids(el, "infoLinks", "infoLink"):
            if (link.get("type") or "profile") != "profile":
                continue
            self.budget.spend(self.file)
            found = self.by_id.get(link.get("targetId") or "")
            if found is not None and local(found[1].tag) == "profile":
                if not self.hidden(link, modified(link)):
                    yield self.profile(found[1])
            else:
                self.missing(link, file)

    def switches(self, el: ET.Element) -> Iterator[tuple[str, Profile, bool]]:
        """The profiles of ``el`` that taking another entry shows or hides: the real Ork Boy's Slugga, whose
        profile is the Shoota's once the unit takes "Shootas For Mob" (a modifier setting the link's hidden
        on one condition, that entry taken)."""
        for link in kids(el, "infoLinks", "infoLink"):
            found = self.by_id.get(link.get("targetId") or "")
            if (link.get("type") or "profile") != "profile" or found is None or local(found[1].tag) != "profile":
                continue
            for m in kids(link, "modifiers", "modifier"):
                conds = list(kids(m, "conditions", "condition"))
                if (
                    m.get("field") != "hidden"
                    or len(conds) != 1
                    or any(kids(m, "conditionGroups", "conditionGroup"))
                ):
                    continue
                c = conds[0]
                taken = c.get("type") in ("equalTo", "atLeast") and _number(c.get("value") or "") == 1
                taken = taken or (c.get("type") == "greaterThan" and _number(c.get("value") or "") == 0)
                if taken and c.get("childId"):
                    yield c.get("childId") or "", self.profile(found[1]), m.get("value") == "false"

    def profile(self, p: ET.Element) -> Profile:
        """``p`` as a :class:`Profile`, its characteristics read once an element however many links reach
        it."""
        read = self._profiles.get(id(p))
        if read is None:
            self.budget.spend(self.file)
            read = self._profiles[id(p)] = self._read_profile(p)
        # a copy for each link, sharing the characteristics: what is left out of a weapon is listed under
        # each unit that links it, as the player looks for it
        return Profile(read.name, read.type, read.chars, read.low)

    def _read_profile(self, p: ET.Element) -> Profile:
        tname = (p.get("typeName") or p.get("profileTypeName") or "").strip().lower()
        if not tname:
            tname = self.type_names.get(p.get("typeId") or p.get("profileTypeId") or "", "")
        chars: dict[str, str] = {}
        for c in kids(p, "characteristics", "characteristic"):
            value = c.get("value")
            chars[clean(c.get("name"), 30)] = clean(c.text if value is None else value, 60)
        return Profile(clean(p.get("name")), tname, chars)

    def rules(self, el: ET.Element) -> Iterator[str]:
        for r in kids(el, "rules", "rule"):
            yield clean(r.get("name"))
        for link in kids(el, "infoLinks", "infoLink"):
            if link.get("type") != "rule":
                continue
            found = self.by_id.get(link.get("targetId") or "")
            own = clean(link.get("name"))
            if found is None:
                self.missing(link, self.file)
            name = clean(found[1].get("name")) if found is not None else own
            if name and name.lower() not in NO_NAMES:
                yield name

    def category_names(self, el: ET.Element) -> Iterator[str]:
        cid = el.get("categoryEntryId")
        if cid and cid in self.categories:
            yield self.categories[cid]
        for c in kids(el, "categoryLinks", "categoryLink"):
            name = self.categories.get(c.get("targetId") or "") or clean(c.get("name"))
            if name:
                yield name
