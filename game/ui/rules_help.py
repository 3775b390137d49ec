"""The rules in force, as pygame_gui HTML.

Zombiekrieg 848 is written out as a reader's reference (:mod:`game.rules.zombiekrieg.reference`):
the turn, GUTS, actions, weapons, the zombies, melee, winning and losing, with the numbers of the
data file and every house value marked "[house]" (in amber, but never by colour alone). Tables are
laid out in a monospaced face, each column wrapped to fit the width in characters the screen gives.
A rule set whose rules are not written in the game yet says so (and lists its data file's values,
if there is one).

>>> help = rules_help("zombiekrieg")
>>> "[house]" in help.html and "Reaction table" in help.html
True
>>> help.titles[0]
'Forces'
"""

from __future__ import annotations

import html
import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.assets import data_file
from game.rules.zombiekrieg.data import DataError
from game.rules.zombiekrieg.reference import (
    TAG,
    Paragraph,
    Section,
    Table,
    comment_notes,
    load_reference,
    tag_of,
)

__all__ = [
    "HOUSE",
    "RULESET_TITLES",
    "RulesHelp",
    "comment_notes",
    "reference_html",
    "rules_help",
    "rules_html",
    "table_lines",
]

AMBER = "#E8B04A"
HEADING = "#C8D29A"
TABLE_HEAD = "#B9B59A"
MONO = "fira_code_symbols"  # pygame_gui's bundled Fira Code: monospaced, so table columns line up
HOUSE = f"<font color='{AMBER}'><b>[house]</b></font>"
COLUMNS = 110  # characters of table width when the screen does not say

RULESET_TITLES = {
    "zombiekrieg": "Zombiekrieg 848",
    "outbreak": "Zombie Rules (Outbreak)",
    "zombie40k": "Zombie 40,000",
}
WRITTEN = {"zombiekrieg"}  # rule sets whose rules the game plays and this help writes out

# The fonts the help uses (a screen preloads them so pygame_gui does not warn on first use).
FONTS = [
    {"name": "noto_sans", "point_size": 24, "style": "bold"},
    {"name": "noto_sans", "point_size": 20, "style": "bold"},
    {"name": "noto_sans", "point_size": 18, "style": "bold"},
    {"name": "noto_sans", "point_size": 18, "style": "italic"},
    {"name": "noto_sans", "point_size": 16, "style": "bold"},
    {"name": MONO, "point_size": 14, "style": "regular"},
]


@dataclass(frozen=True)
class RulesHelp:
    """The help page: its HTML and its section titles (for a contents list)."""

    html: str
    titles: tuple[str, ...]


def _esc(text: str) -> str:
    """Text for the HTML body (quotes stay as they are: 12" reads 12" in the source too)."""
    return html.escape(text, quote=False)


# -- tables -----------------------------------------------------------------------------------


def _widths(table: Table, columns: int) -> list[int]:
    """Each column's width in characters, the table at most ``columns`` wide where it can be.

    Natural widths if they fit. Else the body keeps its cells on one line and the headings wrap,
    the spare width going round the columns whose heading is still too long; only a body too wide
    by itself wraps too, its widest columns first, never breaking a word.
    """
    n = len(table.header)
    budget = columns - 2 * (n - 1)
    natural = [max(len(r[i]) for r in (table.header, *table.rows)) for i in range(n)]
    if sum(natural) <= budget:
        return natural
    word = [max(len(w) for r in (table.header, *table.rows) for w in (r[i].split() or [""])) for i in range(n)]
    widths = [max(word[i], max((len(r[i]) for r in table.rows), default=0)) for i in range(n)]
    while sum(widths) < budget and any(w < nat for w, nat in zip(widths, natural)):
        for i in range(n):
            if widths[i] < natural[i] and sum(widths) < budget:
                widths[i] += 1
    while sum(widths) > budget:
        i = max(range(n), key=lambda k: widths[k] - word[k])
        if widths[i] <= word[i]:
            break  # cannot fit: let the line run long rather than break words
        widths[i] -= 1
    return widths


def table_lines(table: Table, columns: int = COLUMNS) -> list[str]:
    """The table as plain monospaced lines: header, a rule, the rows; long cells wrap in their column.

    >>> t = Table("t", ("D6", "result"), (("1", "mill about"), ("2", "shamble 2\\"")))
    >>> table_lines(t)
    ['D6  result', '--  ----------', '1   mill about', '2   shamble 2"']
    """
    widths = _widths(table, columns)

    def lines_of(row: tuple[str, ...]) -> list[str]:
        wrapped = [textwrap.wrap(cell, w, break_long_words=False) or [""] for cell, w in zip(row, widths)]
        depth = max(len(c) for c in wrapped)
        return [
            "  ".join((c[k] if k < len(c) else "").ljust(w) for c, w in zip(wrapped, widths)).rstrip()
            for k in range(depth)
        ]

    head = lines_of(table.header)
    body = [lines_of(r) for r in table.rows]
    spaced = any(len(b) > 1 for b in body)  # a wrapped row needs air between rows to read
    out = head + ["  ".join("-" * w for w in widths)]
    for k, b in enumerate(body):
        if spaced and k:
            out.append("")
        out += b
    return out


def _mono(line: str, colour: str | None = None) -> str:
    text = _esc(line).replace(" ", "&nbsp;") or "&nbsp;"
    return f"<font color='{colour}'>{text}</font>" if colour else text


def _table_html(table: Table, columns: int) -> str:
    lines = table_lines(table, columns)
    rule = next(k for k, line in enumerate(lines) if line and set(line) <= {"-", " "})
    caption = f"<b>{_esc(table.caption)}</b>{' ' + HOUSE if table.house else ''}<br>"
    body = "<br>".join(_mono(line, TABLE_HEAD if k <= rule else None) for k, line in enumerate(lines))
    return f"{caption}<font face='{MONO}' size=4>{body}</font><br>"


# -- paragraphs -------------------------------------------------------------------------------


def _paragraph_html(p: Paragraph) -> str:
    text = "".join(f"<font color='{AMBER}'>{_esc(r.text)}</font>" if r.house else _esc(r.text) for r in p.runs)
    tag = f"&nbsp;{HOUSE}" if p.house else ""  # the tag never starts a line on its own
    if p.kind == "subheading":
        return f"<br><font size=4.5><b>{text}</b></font><br>"
    if p.kind == "bullet":
        return f"&nbsp;&nbsp;•&nbsp;{text}{tag}<br>"
    if p.kind == "step":
        return f"<b>{p.number}.</b>&nbsp;{text}{tag}<br>"
    return f"{text}{tag}<br>"


def reference_html(sections: list[Section], columns: int = COLUMNS) -> str:
    """The sections as HTML: a heading each, then its paragraphs and tables."""
    out: list[str] = []
    for s in sections:
        out.append(f"<br><font size=5.5 color='{HEADING}'><b>{_esc(s.title)}</b></font><br>")
        for p in s.paragraphs:
            out.append(_table_html(p, columns) if isinstance(p, Table) else _paragraph_html(p))
    return "".join(out)


# -- any other rule set: the data file's values, as they are ------------------------------------


def _note(note: str) -> str:
    if not note:
        return ""
    rest = _esc(TAG.sub("", note).strip(" :;"))
    tag = f" {HOUSE}" if tag_of(note) == "house" else ""
    return f"{tag} <i>{rest}</i>" if rest else tag


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(str(v) for v in value)
    return str(value)


def _dump(name: str, data: dict[str, Any], notes: dict[str, str], depth: int, out: list[str]) -> None:
    for key, value in data.items():
        if not isinstance(value, dict) and not _is_rows(value):
            path = f"{name}.{key}" if name else key
            out.append(
                f"{'&nbsp;' * 2 * depth}{_esc(key.replace('_', ' '))}: "
                f"<b>{_esc(_value(value))}</b>{_note(notes.get(path, ''))}<br>"
            )
    for key, value in data.items():
        path = f"{name}.{key}" if name else key
        if isinstance(value, dict):
            out.append(f"<br><b>{_esc(key.replace('_', ' ').capitalize())}</b>{_note(notes.get(path, ''))}<br>")
            _dump(path, value, notes, depth + 1, out)
        elif _is_rows(value):
            out.append(f"<br><b>{_esc(key.replace('_', ' ').capitalize())}</b>{_note(notes.get(path, ''))}<br>")
            for number, row in enumerate(value, 1):
                cells = "; ".join(f"{_esc(k.replace('_', ' '))} {_esc(_value(v))}" for k, v in row.items())
                out.append(f"{'&nbsp;' * 2 * (depth + 1)}{number}. {cells}<br>")


# -- the page ---------------------------------------------------------------------------------


def _head(title: str, filename: str) -> str:
    return (
        f"<font size=6><b>{_esc(title)}</b></font><br>"
        f"Numbers come from game/data/{_esc(filename)}; {HOUSE} marks the club's house rules "
        f"(their values in <font color='{AMBER}'>amber</font>): the source text is silent there, "
        "and a club may change them in the data file.<br>"
    )


def rules_help(ruleset: str, path: Path | None = None, columns: int = COLUMNS) -> RulesHelp:
    """The rules help for one rule set; a missing or unreadable data file says so plainly."""
    title = RULESET_TITLES.get(ruleset, ruleset)
    path = path if path is not None else data_file(f"{ruleset}.toml")
    head = _head(title, path.name)
    if ruleset not in WRITTEN:
        head += (
            f"<br>The rules of {_esc(title)} are not written in the game yet: "
            "it cannot be played, and this help has no rules to show.<br>"
        )
    try:
        text = path.read_text(encoding="utf-8")
        if ruleset in WRITTEN:
            sections = load_reference(path)
            return RulesHelp(head + reference_html(sections, columns), tuple(s.title for s in sections))
        data = tomllib.loads(text)
    except FileNotFoundError:
        return RulesHelp(
            head + f"<br>The rules data for {_esc(title)} is not installed yet ({_esc(path.name)}).", ()
        )
    except (OSError, tomllib.TOMLDecodeError, DataError, KeyError, TypeError, ValueError) as exc:
        return RulesHelp(
            head + f"<br>The rules data file {_esc(path.name)} cannot be read: "
            f"{_esc(str(exc) or type(exc).__name__)}",
            (),
        )
    out = [head, "<br>Its data file holds these values:<br>"]
    _dump("", data, comment_notes(text), 0, out)
    return RulesHelp("".join(out), ())


def rules_html(ruleset: str, path: Path | None = None, columns: int = COLUMNS) -> str:
    """Just the HTML of :func:`rules_help`."""
    return rules_help(ruleset, path, columns).html
