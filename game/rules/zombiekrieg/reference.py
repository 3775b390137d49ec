"""The rules of Zombiekrieg 848 as a reader's reference, written from the numbers in force.

Every number comes from :class:`~game.rules.zombiekrieg.data.ZkData` (``game/data/zombiekrieg.toml``),
so a club that edits the file reads its own values. Which values are house rules comes from the
file's comments: ``# [house]`` or ``# [seed]`` on a key's line, or on a comment just above a table
(:func:`comment_notes`). The result is plain data (no pygame): sections of paragraphs and tables
whose text runs say whether they are a house value; the UI decides how to mark them.
:func:`reference` hands them to the screen as the rule-set contract's sections
(:class:`game.rules.contract.Section`).

>>> ref = rules_reference()
>>> [s.title for s in ref][:3]
['Forces', 'GUTS', 'The turn']
>>> any(r.house and r.key == "guts.max" for p in ref[1].paragraphs if isinstance(p, Paragraph) for r in p.runs)
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from game.assets import data_file
from game.rules import contract
from game.rules.zombiekrieg import carried, forces, horde, objectives
from game.rules.zombiekrieg.data import ZkData, load_data, parse_data
from game.rules.zombiekrieg.readings import chosen, readings
from game.scenario.model import Scenario

TAG = re.compile(r"\[(house|seed|7th)[^\]]*\]")

RESULTS = ("critical_success", "success", "failure", "critical_failure")
RESULT_NAMES = {
    "critical_success": "Critical Success",
    "success": "Success",
    "failure": "Failure",
    "critical_failure": "Critical Failure",
}


# -- the plain data the UI renders -------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """A piece of text; ``house`` when it is a house value, ``key`` the TOML path it came from."""

    text: str
    house: bool = False
    key: str = ""


@dataclass(frozen=True)
class Paragraph:
    """A line of the reference. ``kind``: text, bullet, step (numbered) or subheading.

    ``house_rule`` marks a statement that is itself a house rule (a choice where the source is
    silent) even when it carries no number.
    """

    runs: tuple[Run, ...]
    kind: str = "text"
    house_rule: bool = False
    number: int = 0

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)

    @property
    def house(self) -> bool:
        """Whether the UI should tag this line as a house rule."""
        return self.house_rule or any(r.house for r in self.runs)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(r.key for r in self.runs if r.key)


@dataclass(frozen=True)
class Table:
    """A small table: a caption, a header row and body rows of plain cells."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    house: bool = False
    key: str = ""
    notes: tuple[Paragraph, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: list[Paragraph | Table] = field(default_factory=list)

    @property
    def text(self) -> str:
        """Everything in the section as plain text (for search and tests)."""
        out: list[str] = []
        for p in self.paragraphs:
            if isinstance(p, Table):
                out += [p.caption, " | ".join(p.header)] + [" | ".join(r) for r in p.rows]
                out += [n.text for n in p.notes]
            else:
                out.append(p.text)
        return "\n".join(out)


# -- the comments of the TOML -----------------------------------------------------------------


def comment_notes(text: str) -> dict[str, str]:
    """``{"table.key": comment}`` and ``{"table": comment}`` from a TOML file's tagged comments.

    A key's own comment must carry a tag; a comment block just above a table header belongs to
    that table (above the first ``[a.b]`` of a family with no ``[a]`` yet, to ``a``); a blank line
    ends a comment block (so the file's header belongs to nothing).

    >>> comment_notes('[guts]\\nmax = 10  # [house] never above 10\\n')
    {'guts.max': '[house] never above 10'}
    """
    notes: dict[str, str] = {}
    table = ""
    pending: list[str] = []
    seen: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        header = re.match(r"^\[\[?\s*([^\]]+?)\s*\]\]?", line)
        if header:
            table = header.group(1)
            # a comment above the first [a.b] of a family that has no [a] of its own describes all of a
            parent = table.rsplit(".", 1)[0] if "." in table else ""
            owner = parent if parent and parent not in seen else table
            seen.update({table, parent} - {""})
            if pending and owner not in notes:
                notes[owner] = " ".join(pending)
            pending = []
            continue
        if line.startswith("#"):
            pending.append(line.lstrip("#").strip())
            continue
        if not line:
            pending = []
            continue
        pending = []
        m = re.match(r"^([A-Za-z0-9_\-\"']+)\s*=.*?#\s*(.*)$", line)
        if m and TAG.search(m.group(2)):
            notes[f"{table}.{m.group(1)}" if table else m.group(1)] = m.group(2).strip()
    return notes


def tag_of(note: str) -> str:
    """The first tag of a comment: ``house``, ``seed``, ``7th`` or ``""``."""
    m = TAG.search(note)
    return m.group(1) if m else ""


def house_keys(notes: Mapping[str, str]) -> list[str]:
    """The TOML paths (keys or whole tables) whose comment marks them [house], in file order."""
    return [k for k, note in notes.items() if tag_of(note) == "house"]


def shipped_notes() -> dict[str, str]:
    """The tagged comments of the shipped ``zombiekrieg.toml`` ({} when it cannot be read)."""
    try:
        return comment_notes(data_file("zombiekrieg.toml").read_text(encoding="utf-8"))
    except OSError:
        return {}


def load_reference(
    path: Path, scenario: Scenario | None = None, options: Mapping[str, Any] | None = None
) -> list[Section]:
    """The reference for a club's own TOML file: its numbers and its house markers (and, given a
    scenario and game options, the numbers that scenario plays: :func:`scenario_reference`)."""
    import tomllib

    text = path.read_text(encoding="utf-8")
    return scenario_reference(scenario, options, parse_data(tomllib.loads(text)), comment_notes(text))


# -- formatting -------------------------------------------------------------------------------


def num(x: Any) -> str:
    """12.0 -> '12', 1.5 -> '1.5'."""
    return f"{x:g}" if isinstance(x, (int, float)) and not isinstance(x, bool) else str(x)


def inches(x: Any) -> str:
    return f'{num(x)}"'


def mod(x: Any) -> str:
    """A modifier as a wargamer writes it: +1, -1, 0."""
    n = int(x)
    return f"+{n}" if n > 0 else str(n)


def share(fraction: Any) -> str:
    """0.5 -> 'half'; 0.25 -> 'a quarter of'... read before "the Allied figures"."""
    f = float(fraction)
    words = {0.5: "half", 0.25: "a quarter of", 0.75: "three quarters of", 1.0: "all", 1 / 3: "a third of"}
    for value, word in words.items():
        if math.isclose(f, value):
            return word
    return f"{num(f)} x"


def faces(fs: tuple[int, ...]) -> str:
    """(1, 2) -> '1-2'; (4,) -> '4'; (1, 3) -> '1, 3'."""
    fs = tuple(sorted(fs))
    if len(fs) > 1 and fs == tuple(range(fs[0], fs[-1] + 1)):
        return f"{fs[0]}-{fs[-1]}"
    return ", ".join(map(str, fs))


Part = str | Run


class _Writer:
    """Turns TOML paths into runs (value text + house mark) and parts into paragraphs. With a
    ``scenario`` (and the game's ``options``) it also writes the numbers that scenario plays."""

    def __init__(
        self,
        data: ZkData,
        notes: Mapping[str, str],
        scenario: Scenario | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.data = data
        self.notes = notes
        self.scenario = scenario
        self.options = dict(options or {})

    def allied(self) -> int:
        """How many Allied figures the game's sections field (one American section when not said, or
        when the options are not yet a game's: the rules help is read during the set-up too)."""
        try:
            sections, _ = forces.check_options(self.data, self.options)
        except ValueError:
            sections = ["american"]
        return sum(forces.section_size(self.data, s) for s in sections)

    def horde(self) -> str:
        """The horde size the game's options choose (normal while a set-up is still choosing a bad one)."""
        try:
            return horde.chosen(self.data, self.options)
        except ValueError:
            return horde.NORMAL

    def tag(self, path: str) -> str:
        """A path's own tag, else its nearest tagged table's."""
        parts = path.split(".")
        while parts:
            note = self.notes.get(".".join(parts))
            if note is not None:
                return tag_of(note)
            parts.pop()
        return ""

    def is_house(self, path: str) -> bool:
        return self.tag(path) == "house"

    def get(self, path: str) -> Any:
        value: Any = self.data.raw
        for part in path.split("."):
            value = value[part]
        return value

    def v(self, path: str, fmt: Callable[[Any], str] = num) -> Run:
        """The value at a TOML path, formatted, marked house or not."""
        return Run(fmt(self.get(path)), self.is_house(path), path)

    def text(self, path: str, text: str) -> Run:
        """Words that stand for a TOML value (a switch, a derived number), marked like it."""
        return Run(text, self.is_house(path), path)

    @staticmethod
    def p(*parts: Part, kind: str = "text", house_rule: bool = False, number: int = 0) -> Paragraph:
        return Paragraph(tuple(Run(x) if isinstance(x, str) else x for x in parts), kind, house_rule, number)

    def b(self, *parts: Part, house_rule: bool = False) -> Paragraph:
        return self.p(*parts, kind="bullet", house_rule=house_rule)


# -- the sections ------------------------------------------------------------------------------

ROLE_WORDS = {
    "rifleman": ("rifleman", "riflemen"),
    "lmg": ("LMG gunner", "LMG gunners"),
    "smg": ("soldier with", "soldiers with"),
}


def _member(data: ZkData, role: str, weapon: str, count: int) -> str:
    one, many = ROLE_WORDS.get(role, (role.replace("_", " "), role.replace("_", " ") + "s"))
    name = data.weapon(weapon).name
    word = one if count == 1 else many
    return f"{count} {word} {name}" if word.endswith(" with") else f"{count} {word} ({name})"


def _forces(w: _Writer) -> Section:
    d = w.data
    rows = []
    for spec in d.sections.values():
        by_role = {m.role: m for m in spec.members}
        sgt = d.weapon(by_role["sergeant"].weapon).name if "sergeant" in by_role else "-"
        cpl_keys = spec.corporal_weapons or ((by_role["corporal"].weapon,) if "corporal" in by_role else ())
        cpl = " or ".join(d.weapon(k).name for k in cpl_keys) or "-"
        others = ", ".join(
            _member(d, m.role, m.weapon, m.count) for m in spec.members if m.role not in ("sergeant", "corporal")
        )
        rows.append((spec.name, sgt, cpl, others))
    return Section(
        "Forces",
        [
            w.p(
                "One to four players, each with one section, all on the Allied side; solo is one player. "
                "The game plays the zombies (Abteilung 848)."
            ),
            Table(
                "The sections",
                ("section", "Sergeant", "Corporal", "others"),
                tuple(rows),
                w.is_house("sections"),
                "sections",
            ),
            *_zombie_numbers(w),
            w.p(
                "A soldier's base is ",
                w.v("house.base_size", inches),
                " across, a zombie's ",
                w.v("zombies.base_size", inches),
                '. Distances are measured base edge to base edge; "in contact" is within ',
                w.v("house.contact", inches),
                ".",
            ),
        ],
    )


def _guts(w: _Writer) -> Section:
    d = w.data
    start = Table(
        "Starting GUTS (every soldier but the Sergeant rolls 1D6)",
        ("D6", "GUTS"),
        tuple((faces(fs), str(g)) for fs, g in d.starting),
        w.is_house("guts.starting"),
        "guts.starting",
    )
    return Section(
        "GUTS",
        [
            w.p(
                "Every soldier has a GUTS score, always shown. The Sergeant starts with ",
                w.v("guts.sergeant"),
                "; every other soldier rolls on the table below.",
            ),
            start,
            w.p("GUTS never rises above ", w.v("guts.max"), " nor falls below ", w.v("guts.min"), "."),
            w.p("Every action is a test: roll 2D6 against the figure's GUTS plus modifiers."),
            w.b("Success: the total is at most the modified GUTS. The action succeeds."),
            w.b(
                "Critical Success: a double at most the modified GUTS. The action succeeds and GUTS changes by ",
                w.v("guts.critical_success_change", mod),
                " for good.",
            ),
            w.b("Failure: the total is above the modified GUTS. The action fails."),
            w.b(
                "Critical Failure: a double above the modified GUTS. The action fails and GUTS changes by ",
                w.v("guts.critical_failure_change", mod),
                " for good.",
            ),
            w.p("Modifiers that last for one test:"),
            w.b(w.v("house.order_bonus", mod), " when ORDERed this turn (MOVE or FIRE)."),
            w.b(
                w.v("house.zombie_near_modifier", mod),
                " when any standing zombie is within ",
                w.v("house.zombie_near", inches),
                " of the figure.",
            ),
            w.b(
                "FIRE: the weapon's range-band modifier; ",
                w.v("house.obscured_modifier", mod),
                " more if the target is obscured.",
            ),
            w.b("Melee defence: the weapon's melee modifier."),
        ],
    )


def _turn(w: _Writer) -> Section:
    d = w.data
    lie = int(w.get("house.knocked_down_turns"))
    top = int(w.get("house.max_reaction_roll"))
    rows = []
    for key in RESULTS:
        r = d.initiative.get(key)
        if r is None:
            continue
        bonus = f"{mod(r.reaction_bonus)} ({top} at most)" if r.reaction_bonus else "-"
        rows.append(
            (
                RESULT_NAMES[key],
                "the Allies" if r.first == "allies" else "the zombies",
                "yes" if r.free_order else "-",
                bonus,
            )
        )
    init = Table(
        "Initiative",
        ("result", "who goes first", "free ORDER", "reaction roll"),  # never "the Allies goes first"
        tuple(rows),
        w.is_house("initiative"),
        "initiative",
    )
    step = 0

    def s(*parts: Part, house_rule: bool = False) -> Paragraph:
        nonlocal step
        step += 1
        return w.p(*parts, kind="step", house_rule=house_rule, number=step)

    return Section(
        "The turn",
        [
            s(
                "Stand-up: knocked-down zombies that have lain still a whole move stand up and rejoin the unit "
                "(knocked down in turn T, a zombie stands up at the start of turn T+",
                w.text("house.knocked_down_turns", str(lie)),
                ").",
            ),
            s(
                "Initiative: the lead NCO tests 2D6 against his GUTS, with no modifiers. The lead NCO is the NCO "
                "who may give orders now (the Sergeant, or the Corporal once the Sergeant is dead or gone); with "
                "several sections, the one of these with the highest GUTS (ties: the lower section number)."
            ),
            init,
            w.p(
                "A critical initiative roll changes the lead NCO's GUTS like any other. The free ORDER comes only "
                "with a Critical Success on initiative: that turn the lead NCO may give one ORDER without using his "
                "action (his first ORDER, before or after his own action). Any other turn an ORDER is the NCO's one "
                "action."
            ),
            s(
                "Allied turn: player by player, each figure of the section may take one action. Press End turn "
                "when done."
            ),
            s("Axis turn: the reaction roll, the zombies move, then melee."),
            w.p("Steps 3 and 4 come in the order initiative gave."),
            s(
                "End of turn: reach, survive and the turn limit are checked. The rest end the game at once, in "
                "the middle of a turn if need be: the last soldier needed leaving by the exit, the last zombie "
                "killed, every NCO dead, too few left to make the exit, no Allied figure left on the table (what is "
                "left of the turn is not played)."
            ),
        ],
    )


def _actions(w: _Writer) -> Section:
    return Section(
        "Actions",
        [
            w.p(
                "Each Allied figure takes at most one action a turn: MOVE, FIRE, or (NCOs only) ORDER. "
                "Every action is a GUTS test. Allied figures never start a melee."
            ),
            w.b(
                "MOVE: on a success the figure moves up to ",
                w.v("house.move_distance", inches),
                "; when the path enters clutter, up to ",
                w.v("house.clutter_move_dice", lambda n: f'{n}D6"'),
                " instead (rolled after the test). Turning at the end of a move is free.",
            ),
            w.b(
                "FIRE: the target must be in line of sight, in the 180-degree front arc and within the weapon's "
                "range. A Success knocks a standing zombie down; a Critical Success kills it. A zombie already "
                "down is affected only by a Critical Success, which kills it. Firing makes noise."
            ),
            w.b(
                "An LMG fires ",
                w.v("weapon_classes.lmg.shots"),
                " shots, each its own test; the second goes at the same zombie or one within ",
                w.v("house.lmg_second_shot_radius", inches),
                " of it.",
            ),
            w.b(
                "ORDER: the Sergeant orders any soldier of his section within ",
                w.v("command_range.sergeant", inches),
                "; the Corporal within ",
                w.v("command_range.corporal", inches),
                ", and only while his Sergeant is dead or has left the table. On a successful test the soldier "
                "gets ",
                w.v("house.order_bonus", mod),
                " GUTS for his MOVE or FIRE this turn. An NCO cannot order himself.",
            ),
            w.b(
                "The free ORDER: after a Critical Success on initiative the lead NCO may ORDER once without using "
                "his action; his first ORDER that turn is the free one, given before or after his own action.",
                house_rule=True,
            ),
        ],
    )


def short_weapon_name(name: str) -> str:
    """'Thompson SMG' -> 'Thompson', 'Bren gun' -> 'Bren' (the class column says the rest)."""
    for tail in (" light machine gun", " SMG", " rifle", " gun"):
        if name.endswith(tail):
            return name[: -len(tail)]
    return name


def _weapons(w: _Writer) -> Section:
    d = w.data
    rows = []
    for key, c in d.raw["weapon_classes"].items():
        names = [short_weapon_name(x.name) for x in d.weapons.values() if x.klass == key]
        rows.append(
            (
                str(c.get("name", key)),
                ", ".join(names),
                inches(c["range"]),
                inches(c["short"]),
                mod(c["short_mod"]),
                mod(c["long_mod"]),
                num(c["shots"]),
                mod(c["melee_mod"]),
            )
        )
    table = Table(
        "Weapons",
        ("class", "weapons", "range", "short", "short mod", "long mod", "shots", "melee mod"),
        tuple(rows),
        w.is_house("weapon_classes"),
        "weapon_classes",
    )
    return Section(
        "Weapons",
        [
            table,
            w.p(
                "Range is measured base edge to base edge. A target within short range takes the short modifier, "
                "a target beyond it the long modifier. Each shot is its own test."
            ),
        ],
    )


def _firing(w: _Writer) -> Section:
    """FIRE for a newcomer, in the order it happens: the target, the range, the roll, what a hit does (the
    How to play page's primer shows it; the numbers are the rules data's, house ones marked)."""
    ranges: list[Part] = ["Range, measured base edge to base edge: "]
    for i, (key, c) in enumerate(w.data.raw["weapon_classes"].items()):
        at = f"weapon_classes.{key}"
        ranges += ["; " if i else "", f"{c.get('name', key)} ", w.v(f"{at}.range", inches), " ("]
        ranges += [w.v(f"{at}.short_mod", mod), " within ", w.v(f"{at}.short", inches), ", "]
        ranges += [w.v(f"{at}.long_mod", mod), " beyond)"]
    return Section(
        "Firing, step by step",
        [
            w.p(
                "Select a soldier, press F (or the Fire button) and click a zombie. It must be in his line of "
                "sight, in his 180-degree front arc and within his weapon's range. FIRE is his action for the turn."
            ),
            w.p(*ranges, "."),
            w.p(
                "The shot is a GUTS test: roll 2D6; it hits when the total is at most his GUTS plus the range "
                "modifier, ",
                w.v("house.obscured_modifier", mod),
                " if the target is obscured, ",
                w.v("house.zombie_near_modifier", mod),
                " with a standing zombie within ",
                w.v("house.zombie_near", inches),
                " of him, and ",
                w.v("house.order_bonus", mod),
                " when ORDERed this turn.",
            ),
            w.p(
                "A hit (Success) knocks a standing zombie down; it stands up two turns later. A Critical Success "
                "(a double that hits) kills it, and is the only hit that touches a zombie already down; it also "
                "gives him ",
                w.v("guts.critical_success_change", mod),
                " GUTS for good. A double that misses costs him ",
                w.v("guts.critical_failure_change", mod),
                " GUTS. Hit or miss, the shot makes noise that draws the zombies.",
            ),
            w.p(
                "An LMG fires ",
                w.v("weapon_classes.lmg.shots"),
                " shots, each its own test; the second goes at the same zombie or one within ",
                w.v("house.lmg_second_shot_radius", inches),
                " of it. A click fires both at the zombie clicked; to split them, Shift-click the first shot's "
                "zombie, then click the second's.",
            ),
        ],
    )


GOALS = {
    "nearest": "toward the nearest Allied figure",
    "nearest_seen": "toward the nearest seen",
    "noise": "toward the noise",
}


def _cell(move: str, distance: Any, goal: str) -> str:
    if move == "none":
        return "mill about (no move)"
    return " ".join(x for x in (move, inches(distance), goal) if x)


def reaction_table(w: _Writer) -> Table:
    """The 6 x columns reaction table; a goal shared by a whole column is said once, in its heading."""
    d = w.data
    titles = d.raw["reaction"].get("titles", {})
    header = ["D6"]
    goals: dict[str, bool] = {}
    for col in d.reaction_columns:
        cells = d.reaction[col]
        shared = {c.toward for c in cells if c.move != "none"}
        one = len(shared) == 1
        goals[col] = one
        title = str(titles.get(col, col))
        header.append(f"{title}: {GOALS.get(next(iter(shared)), '')}" if one else title)
    rows = []
    for roll in range(1, 7):
        row = [str(roll)]
        for col in d.reaction_columns:
            c = d.reaction_cell(col, roll)
            row.append(_cell(c.move, c.distance, "" if goals[col] else GOALS.get(c.toward, c.toward)))
        rows.append(tuple(row))
    return Table(
        "Reaction table (1D6, the furthest-left column that applies)",
        tuple(header),
        tuple(rows),
        w.is_house("reaction"),
        "reaction",
    )


def _zombies(w: _Writer) -> Section:
    lie = int(w.get("house.knocked_down_turns"))
    return Section(
        "The zombies",
        [
            w.p(
                "The zombies are one big unit. Each stays within ",
                w.v("house.cohesion", inches),
                " of another zombie of the unit, except a zombie within ",
                w.v("house.break_off", inches),
                " of an Allied figure, which goes for the nearest Allied figure instead.",
            ),
            w.p(
                "Cohesion: after the Axis move every zombie not within ",
                w.v("house.break_off", inches),
                " of an Allied figure is within ",
                w.v("house.cohesion", inches),
                " of another zombie, wherever the walls allow. A zombie that would end further away stops on its "
                "path where it is still that close (or stays where it was); a zombie that starts out of touch "
                "(set-up, or left behind) spends its move rejoining the nearest zombie instead.",
                house_rule=True,
            ),
            w.p(
                "Axis turn: roll 1D6 on the reaction table (plus any initiative bonus, ",
                w.v("house.max_reaction_roll"),
                " at most); where more than one column applies, the furthest left applies.",
            ),
            reaction_table(w),
            w.p(
                '"The noise" is where the last Allied figure to fire stood, or the nearest Allied figure if '
                "none has fired.",
                house_rule=w.is_house("reaction"),
            ),
            w.b(
                "Clutter: a zombie whose path enters clutter moves up to ",
                w.v("zombies.clutter_dice", lambda n: f'{n}D6"'),
                " instead, or ",
                w.v("zombies.clutter_charge_dice", lambda n: f'{n}D6"'),
                " on a charge, and never further than the table says. One roll serves the whole unit each turn.",
                house_rule=True,
            ),
            w.b(
                "In open ground a zombie walks straight at its target; zombies go around walls (they path-find), "
                "never through them. The unit moves nearest the goal first, so the front does not block the back."
            ),
            w.b(
                "A zombie stopped short by another base (a zombie lying knocked down, one that has already moved, "
                "a soldier it is not going for) goes round it toward where it was going, as far as its move allows.",
                house_rule=True,
            ),
            w.b(
                "A zombie sees in every direction (line of sight, not arc). Only standing zombies count for the ",
                w.v("house.break_off", inches),
                ' break-off, for "seen" and for the unit.',
                house_rule=True,
            ),
            w.b(
                "Hits: a knocked-down zombie lies still for the whole next move, whatever the table says. At the "
                "start of the move after that (turn T+",
                w.text("house.knocked_down_turns", str(lie)),
                " for a zombie knocked down in turn T), before initiative, it stands up and rejoins the unit.",
            ),
        ],
    )


def _melee(w: _Writer) -> Section:
    applies = bool(w.get("house.melee_zombie_near_applies"))
    near = (
        f"the {mod(w.get('house.zombie_near_modifier'))} for a zombie within "
        f"{inches(w.get('house.zombie_near'))} {'applies' if applies else 'does not apply'}"
    )
    return Section(
        "Melee",
        [
            w.p(
                "After the zombies move, each standing zombie within ",
                w.v("house.melee_reach", inches),
                " of an Allied soldier attacks him (the nearest soldier). For each attacker the soldier tests 2D6 "
                "against his GUTS with his weapon's melee modifier (",
                w.text("house.melee_zombie_near_applies", near),
                ").",
            ),
            w.b("Success: the zombie is knocked down."),
            w.b("Critical Success: the zombie is killed."),
            w.b("Failure (critical or not): the soldier is killed."),
            w.p(
                "The test is not an action, and criticals change GUTS as in every test. Attackers go nearest "
                "first; an attacker whose soldier has already died goes for the nearest other soldier still within "
                "reach.",
                house_rule=True,
            ),
            w.p("Allied figures never start a melee."),
        ],
    )


def _sight(w: _Writer) -> Section:
    return Section(
        "Line of sight and clutter",
        [
            w.p(
                "Line of sight is the straight line between the two bases' centres. Walls and buildings block it."
            ),
            w.p(
                "Clutter (woods, rubble) blocks it where the line runs through more than ",
                w.v("house.clutter_los_limit", inches),
                " of clutter in total. A target inside clutter, or seen through up to that much, is obscured (",
                w.v("house.obscured_modifier", mod),
                " to FIRE).",
            ),
            w.p("Figures never block line of sight.", house_rule=True),
            w.p(
                "Front arc: the 180 degrees centred on a figure's facing. A move whose path runs inside a cluttered "
                "area enters clutter."
            ),
        ],
    )


def _winning(w: _Writer) -> Section:
    return Section(
        "Winning and losing",
        [
            w.p(
                "A section whose Sergeant and Corporal are both dead gives no more orders. When every section has "
                "lost both NCOs, the Allies have lost."
            ),
            w.p(
                "Each map sets its objective and how many turns the game lasts (a map that does not say lasts ",
                w.v("objective.turn_limit"),
                " turns); its card in New game and the top bar say both.",
            ),
            w.b(
                "exit: move a number of figures off the table through the exit zone (the map says how many; if it "
                "does not, ",
                w.text("objective.exit_fraction", share(w.get("objective.exit_fraction"))),
                " the Allied figures, rounded up). The game is won the moment the last of them leaves (what is left "
                "of the turn, the zombies' half too, is not played); too few left on the table to make it is a "
                "defeat at once.",
            ),
            w.b("survive: an NCO is still alive at the end of the last turn."),
            w.b("exterminate: every zombie killed (a win at once)."),
            w.b("reach: an Allied figure ends a turn in the objective zone."),
            w.p(
                "Missing the objective by the end of the turn limit, or having no Allied figure left on the table, "
                "is a defeat."
            ),
            *_scenario_objective(w),
        ],
    )


def _campaigns(w: _Writer) -> Section:
    """What a section carries from one chapter of a campaign into the next, one bullet per carry rule (the
    key a campaign file's ``carry`` list names it by)."""
    out: list[Paragraph | Table] = [
        w.p(
            "A campaign is a chain of games on its chapters' maps. The first chapter's section is the "
            "campaign's; after each chapter it carries over as follows (a campaign file's carry list names the "
            "rules it plays, all of them unless it says). The rolls between chapters are made when the next "
            "chapter is set up and show in its dice log."
        )
    ]
    for rule in carried.carry_rules(w.data):
        out.append(w.b(f"{rule.key}: {rule.words}", house_rule=rule.house))
    return Section("Campaigns", out)


def _zombie_numbers(w: _Writer) -> list[Paragraph | Table]:
    """How many zombies: the data file's default, and with a scenario the numbers it plays."""
    out: list[Paragraph | Table] = [
        w.p(
            "The zombies outnumber the Allies ",
            w.v("zombies.ratio"),
            " to one, never fewer than ",
            w.v("zombies.count_min"),
            " (a map may set its own ratio and least number).",
        ),
        w.p(
            "Horde size, a choice in the new-game set-up: light plays ",
            w.v("horde.light"),
            " zombies to each Allied figure, normal the map's own ratio, heavy ",
            w.v("horde.heavy"),
            " (the source's two or three to one); the minimum holds whatever the size. A new game plays ",
            w.v("horde.default"),
            ".",
        ),
    ]
    if w.scenario is None:
        return out
    size = w.horde()
    ratio, least = forces.zombie_numbers(w.data, w.scenario.properties, size)
    allied = w.allied()
    count = forces.zombies_for(w.data, w.scenario.properties, allied, size)
    # the map's own numbers, in a player's words (never its property names)
    said = {"zombie_ratio": "the ratio", "zombies_min": "the least number"}
    own = [said[k] for k in said if k in w.scenario.properties and (k != "zombie_ratio" or size == horde.NORMAL)]
    whose = f" (the map sets {' and '.join(own)})" if own else " (the data file's numbers)"
    out.append(
        w.p(
            f"This scenario ({w.scenario.title or 'untitled'}) plays ",
            # a light or heavy horde's ratio is the data file's (its own tag); a normal one the map's
            w.text(f"horde.{size}", num(ratio))
            if size != horde.NORMAL
            else Run(num(ratio), False, "scenario.zombie_ratio"),
            " zombies to each Allied figure, never fewer than ",
            Run(num(least), False, "scenario.zombies_min"),
            f": {count} zombies against {allied} Allied figures"
            + whose
            + (f"; this game plays the {size} horde." if size != horde.NORMAL else "."),
        )
    )
    return out


# each objective but exit (whose count the scenario gives) as the rules help says it to a player
OBJECTIVE_GOALS = {
    "survive": "an NCO must still be alive at the end of the last turn",
    "exterminate": "every zombie must be killed",
    "reach": "an Allied figure must end a turn in the objective zone",
}


def _scenario_objective(w: _Writer) -> list[Paragraph | Table]:
    """With a scenario: the objective, turn limit and exit count it plays."""
    if w.scenario is None:
        return []
    objective, turn_limit, exit_count = objectives.scenario_objective(w.data, w.scenario, w.allied())
    goal = (
        f"{exit_count} figures must leave through the exit" if objective == "exit" else OBJECTIVE_GOALS[objective]
    )
    return [
        w.p(
            "This scenario: ",
            Run(goal, False, "scenario.exit_count" if objective == "exit" else "scenario.objective"),
            "; the game ends after ",
            Run(str(turn_limit), False, "scenario.turn_limit"),
            " turns.",
        )
    ]


def _readings(w: _Writer) -> Section:
    """The source's literal readings: each switch, its house reading (the default) and the literal one; with
    a game's options, which of the two it plays."""
    try:
        in_force = chosen(w.data, w.options) if w.options.get("readings") or w.scenario is not None else None
    except ValueError:  # switches a set-up is still choosing: say what each does, not which is chosen
        in_force = None
    out: list[Paragraph | Table] = [
        w.p(
            "Where the house reads a sentence of the source one way and the sentence can be read literally, the "
            "literal reading is a switch in the new-game set-up, saved with the game. Off, the default, plays the "
            "house reading.",
            house_rule=w.is_house("readings"),
        )
    ]
    for r in readings(w.data):
        out.append(w.p(r.label, kind="subheading"))
        out.append(w.p(f'The source: "{r.source}"'))
        out.append(
            w.b(
                Run("House reading (the default): ", True, f"readings.{r.key}"),
                r.house,
                house_rule=True,
            )
        )
        out.append(w.b("Literal reading: ", r.literal))
        if in_force is not None:
            played = "the literal reading" if in_force[r.key] else "the house reading"
            out.append(w.p(f"This game plays {played}."))
    return Section("Readings", out)


# One line per house key the rules know; a key the game does not know yet is listed from its comment.
HOUSE_LINES: dict[str, Callable[[_Writer], tuple[Part, ...]]] = {
    "house.base_size": lambda w: ("A soldier's base is ", w.v("house.base_size", inches), " across."),
    "house.contact": lambda w: ('"In contact" is within ', w.v("house.contact", inches), "."),
    "house.clutter_los_limit": lambda w: (
        "More than ",
        w.v("house.clutter_los_limit", inches),
        " of clutter crossed blocks sight.",
    ),
    "house.zombie_near": lambda w: (
        "The zombie-nearby modifier counts standing zombies within ",
        w.v("house.zombie_near", inches),
        ".",
    ),
    "house.zombie_near_modifier": lambda w: (
        "A standing zombie nearby gives ",
        w.v("house.zombie_near_modifier", mod),
        " to the test.",
    ),
    "house.obscured_modifier": lambda w: (
        "FIRE at an obscured target: ",
        w.v("house.obscured_modifier", mod),
        ".",
    ),
    "house.lmg_second_shot_radius": lambda w: (
        "An LMG's second shot: the same zombie or one within ",
        w.v("house.lmg_second_shot_radius", inches),
        " of it.",
    ),
    "house.melee_zombie_near_applies": lambda w: (
        "Melee defence: the zombie-nearby modifier ",
        w.text(
            "house.melee_zombie_near_applies",
            "applies" if w.get("house.melee_zombie_near_applies") else "does not apply",
        ),
        ".",
    ),
    "house.max_reaction_roll": lambda w: (
        "The initiative bonus never takes the reaction roll above ",
        w.v("house.max_reaction_roll"),
        ".",
    ),
    "house.deploy_spacing": lambda w: (
        "A section deploys with its figures ",
        w.v("house.deploy_spacing", inches),
        " apart, centre to centre.",
    ),
    "house.deploy_file_spacing": lambda w: (
        "Its files stand ",
        w.v("house.deploy_file_spacing", inches),
        " apart, so every man can walk out down the lane between two; sections sharing a zone take a"
        " block of it each.",
    ),
    "house.zombie_spacing": lambda w: (
        "Zombies are placed in a spawn zone ",
        w.v("house.zombie_spacing", inches),
        " apart, centre to centre.",
    ),
    "house.deploy_edge_strip": lambda w: (
        "A map without a deploy zone: the sections deploy along the bottom edge, ",
        w.v("house.deploy_edge_strip", inches),
        " deep.",
    ),
    "house.spawn_edge_strip": lambda w: (
        "A map without a spawn zone: the zombies fill the table edge strip furthest from the Allies, ",
        w.v("house.spawn_edge_strip", inches),
        " deep.",
    ),
    "zombies.ratio": lambda w: (
        "The zombies outnumber the Allied figures ",
        w.v("zombies.ratio"),
        " to one, unless the map sets its own ratio.",
    ),
    "zombies.base_size": lambda w: ("A zombie's base is ", w.v("zombies.base_size", inches), " across."),
    "horde.default": lambda w: (
        "A new game plays the ",
        w.v("horde.default"),
        " horde size (the map's own zombie ratio); light and heavy are a set-up choice (Forces section).",
    ),
    "objective.default": lambda w: (
        "A game set up without an objective (a map must name its own) plays ",
        w.v("objective.default"),
        ".",
    ),
    "objective.turn_limit": lambda w: (
        "A map that sets no turn limit plays ",
        w.v("objective.turn_limit"),
        " turns.",
    ),
    "objective.exit_fraction": lambda w: (
        "A map that does not say how many must leave by the exit asks for ",
        w.text("objective.exit_fraction", share(w.get("objective.exit_fraction"))),
        " the Allied figures, rounded up.",
    ),
    "campaign.rejoin_on": lambda w: (
        "Campaigns: a soldier cut off when a chapter was lost rejoins on a D6 of ",
        w.v("campaign.rejoin_on"),
        " or more.",
    ),
    "campaign.replacements_up_to": lambda w: (
        "Campaigns: a section with fewer men ready gets green riflemen up to ",
        w.v("campaign.replacements_up_to"),
        " men.",
    ),
    "campaign.green_guts": lambda w: (
        "Campaigns: a green replacement rolls his starting GUTS like any new soldier, changed by ",
        w.v("campaign.green_guts", mod),
        ".",
    ),
    "campaign.horde_growth": lambda w: (
        "Campaigns: each chapter after the first adds ",
        w.v("campaign.horde_growth"),
        " zombies per Allied figure to the map's ratio, never above ",
        w.v("campaign.horde_cap"),
        " to one.",
    ),
    "campaign.horde_cap": lambda w: (
        "Campaigns: the horde never grows past ",
        w.v("campaign.horde_cap"),
        " to one.",
    ),
    "guts.min": lambda w: ("GUTS never falls below ", w.v("guts.min"), "."),
    "guts.max": lambda w: ("GUTS never rises above ", w.v("guts.max"), "."),
    "guts.critical_success_change": lambda w: (
        "A Critical Success changes GUTS by ",
        w.v("guts.critical_success_change", mod),
        " for good.",
    ),
    "guts.critical_failure_change": lambda w: (
        "A Critical Failure changes GUTS by ",
        w.v("guts.critical_failure_change", mod),
        " for good.",
    ),
    "guts.starting": lambda w: (
        "Starting GUTS: ",
        w.text("guts.starting", ", ".join(f"{faces(fs)} gives {g}" for fs, g in w.data.starting)),
        " (GUTS section).",
    ),
    "weapon_classes": lambda w: (
        w.text("weapon_classes", "The weapons table"),
        ": every range, short range, modifier and shot count (Weapons section).",
    ),
    "initiative": lambda w: (
        w.text("initiative", "The initiative table"),
        ": who goes first, the free ORDER, the reaction bonus (The turn section).",
    ),
    "reaction": lambda w: (w.text("reaction", "The reaction table"), ' and "the noise" (The zombies section).'),
    "readings": lambda w: (
        w.text("readings", "The readings"),
        ": each sentence read the house's way by default, the literal way as a set-up choice (Readings section).",
    ),
}

# Choices the rules modules make where the rules are silent (their docstrings say [house]).
CHOICES: tuple[Callable[[_Writer], tuple[Part, ...]], ...] = (
    lambda w: ("Initiative is unmodified: the lead NCO tests against his GUTS alone, with no modifier.",),
    lambda w: (
        "The lead NCO is the NCO who may give orders now (each section's Sergeant, or its Corporal once the "
        "Sergeant is dead or gone); with several sections the one of these with the highest GUTS, ties to the "
        "lower section number; with no NCO on the table the soldier with the highest GUTS rolls.",
    ),
    lambda w: ("The free ORDER is the lead NCO's first ORDER that turn, before or after his own action.",),
    lambda w: (
        "An ORDER to a soldier who has already acted, or has already been ORDERed this turn, is refused; "
        "the NCO's ",
        w.v("house.zombie_near_modifier", mod),
        " for a zombie within ",
        w.v("house.zombie_near", inches),
        " applies to his ORDER test.",
    ),
    lambda w: ("The Corporal orders once his Sergeant has left by the exit, as when he is dead.",),
    lambda w: (
        "A failed MOVE leaves the figure where it was; a MOVE with no path only turns the figure "
        "(it is still an action and a test).",
    ),
    lambda w: (
        "A section may move together, in one go, as its soldiers' own MOVEs: the front soldiers first, each "
        "testing his GUTS and spending his action. One who fails stays; one whose way a section-mate now blocks "
        "goes round him, or moves up behind him where no way round reaches further; one whose MOVE is refused "
        "stays and may still act.",
    ),
    lambda w: (
        "An LMG's second shot without a chosen target goes at the same zombie; a second shot whose "
        "zombie the first killed is lost.",
    ),
    lambda w: (
        "Melee: the test is not an action; attackers go nearest first; the ",
        w.v("house.zombie_near_modifier", mod),
        " for a zombie nearby ",
        w.text(
            "house.melee_zombie_near_applies",
            "applies" if w.get("house.melee_zombie_near_applies") else "is not applied",
        ),
        ".",
    ),
    lambda w: (
        "Knocked down in turn T: still through turn T+",
        w.text("house.knocked_down_turns", str(int(w.get("house.knocked_down_turns")) - 1)),
        ", up at the start of turn T+",
        w.v("house.knocked_down_turns"),
        ", before initiative.",
    ),
    lambda w: (
        "A knocked-down zombie does not select the close column: only standing zombies count for the ",
        w.v("house.break_off", inches),
        ' column, for "seen" and for the unit. Zombies see in every direction.',
    ),
    lambda w: (
        "Objectives: exterminate wins at once; exit wins at once when the last soldier needed leaves, and loses "
        "at once when too few are left to make it; under exit a figure whose move ends in the exit zone leaves "
        "the table.",
    ),
    lambda w: (
        "Set-up: each section deploys in its player's deploy zone on a grid from its centre, facing the "
        "table centre; zombies are dealt out over the spawn zones, each facing the nearest Allied figure.",
    ),
)


def _house(w: _Writer) -> Section:
    out: list[Paragraph | Table] = [
        w.p(
            "Where the source text is silent the club has chosen these values; change them in "
            "game/data/zombiekrieg.toml."
        ),
        w.p("Values", kind="subheading"),
    ]
    for key in house_keys(w.notes):
        line = HOUSE_LINES.get(key)
        if line is not None:
            out.append(w.b(*line(w)))
        else:  # a key this reference does not know: its comment says what it is
            value = w.get(key) if _has(w.data.raw, key) else "?"
            note = TAG.sub("", w.notes[key]).strip(" :;")
            shown = num(value) if not isinstance(value, (dict, list)) else "(table)"
            out.append(w.b(f"{key} = ", Run(shown, True, key), f": {note}" if note else ""))
    out.append(w.p("Choices where the rules are silent", kind="subheading"))
    out += [w.b(*choice(w), house_rule=True) for choice in CHOICES]
    return Section("House rules in force", out)


def _has(raw: dict[str, Any], path: str) -> bool:
    value: Any = raw
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return False
        value = value[part]
    return True


def rules_reference(data: ZkData | None = None, notes: Mapping[str, str] | None = None) -> list[Section]:
    """The rules of Zombiekrieg 848, section by section, with the numbers of ``data``.

    ``notes`` are the tagged comments of the TOML (:func:`comment_notes`); by default those of the
    shipped file, which is also where ``data`` comes from by default.
    """
    return _sections(_Writer(data if data is not None else load_data(), _notes(notes)))


def scenario_reference(
    scenario: Scenario | None,
    options: Mapping[str, Any] | None = None,
    data: ZkData | None = None,
    notes: Mapping[str, str] | None = None,
) -> list[Section]:
    """The rules as a scenario plays them with these game options: the data file's rules, plus the
    scenario's own numbers (zombie ratio and minimum, zombies against soldiers, objective, turn limit,
    exit count) and which reading each switch plays. Without a scenario, :func:`rules_reference`."""
    d = data if data is not None else load_data()
    return _sections(_Writer(d, _notes(notes), scenario, options))


def _notes(notes: Mapping[str, str] | None) -> Mapping[str, str]:
    return notes if notes is not None else shipped_notes()


def _sections(w: _Writer) -> list[Section]:
    return [
        _forces(w),
        _guts(w),
        _turn(w),
        _actions(w),
        _weapons(w),
        _firing(w),
        _zombies(w),
        _melee(w),
        _sight(w),
        _winning(w),
        _campaigns(w),
        _readings(w),
        _house(w),
    ]


# -- the contract's reference ----------------------------------------------------------------------


def _contract_paragraph(p: Paragraph) -> contract.Paragraph:
    runs = tuple(contract.Run(r.text, r.house) for r in p.runs)
    # the kinds are the contract's four; the writer's helpers only ever make those
    return contract.Paragraph(p.text, p.house, cast(Any, p.kind), p.number, runs)


def _contract_table(t: Table) -> contract.Table:
    return contract.Table(t.header, t.rows, caption=t.caption, house=t.house)


def contract_sections(sections: list[Section]) -> list[contract.Section]:
    """The reference as the rule-set contract's plain data (what the rules help renders)."""
    return [
        contract.Section(
            s.title,
            tuple(_contract_table(p) if isinstance(p, Table) else _contract_paragraph(p) for p in s.paragraphs),
        )
        for s in sections
    ]


def reference(
    scenario: Scenario | None = None, options: Mapping[str, Any] | None = None
) -> list[contract.Section]:
    """The rules help of Zombiekrieg 848 (``RuleSet.reference``): the shipped data's numbers and house marks,
    and with a scenario and game options the numbers that scenario plays and the readings chosen.

    A club's edited data file is read as shipped. A data file that cannot be read raises (the rules
    help says so).
    """
    return contract_sections(load_reference(data_file("zombiekrieg.toml"), scenario, options))


def reference_for(path: Path) -> contract.ReferenceMaker:
    """A reference maker reading a club's own TOML file at ``path`` (for the rules help of a variant)."""

    def make(scenario: Scenario | None, options: dict[str, Any]) -> list[contract.Section]:
        return contract_sections(load_reference(path, scenario, options))

    return make
