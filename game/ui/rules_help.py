"""The rules in force, as pygame_gui HTML, for any rule set that writes its reference.

A rule set hands its rules as the contract's plain data (``RuleSet.reference`` ->
:class:`game.rules.contract.Section` list): the sections with their paragraphs and tables, every
house value marked. This module lays them out: headings, bullets and steps, the house values in
amber and tagged "[house]" (never by colour alone), tables in a monospaced face, each column
wrapped to fit the width in characters the screen gives. A rule set without a reference (or one
this build does not have) gets a plain page that says so; one whose reference fails to build says
why.

>>> from game.rules.contract import Paragraph, Run, Section
>>> ref = [Section("Moving", (Paragraph("Move 6 inches.", True, runs=(Run("Move "), Run("6", True), Run(" inches."))),))]
>>> "[house]" in reference_html(ref) and "<font color='#E8B04A'>6</font>" in reference_html(ref)
True
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.assets import data_file
from game.rules.contract import Paragraph, Run, Section, Table
from game.rules.core import RuleSet, get_ruleset, known_rulesets
from game.scenario.model import Scenario

__all__ = [
    "HOUSE",
    "TAGS_LEGEND",
    "TAGS_SHORT",
    "RulesHelp",
    "reference_html",
    "rules_help",
    "rules_html",
    "ruleset_title",
    "table_lines",
]

AMBER = "#E8B04A"
HEADING = "#C8D29A"
TABLE_HEAD = "#B9B59A"
MONO = "fira_code_symbols"  # pygame_gui's bundled Fira Code: monospaced, so table columns line up
HOUSE = f"<font color='{AMBER}'><b>[house]</b></font>"
COLUMNS = 110  # characters of table width when the screen does not say

# The fonts the help uses (a screen preloads them so pygame_gui does not warn on first use).
FONTS: list[dict[str, str | int | float]] = [
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

    >>> t = Table(("D6", "result"), (("1", "mill about"), ("2", "shamble 2\\"")))
    >>> table_lines(t)
    ['D6  result', '--  ----------', '1   mill about', '2   shamble 2"']
    """
    return [line for line, _ in _layout(table, columns)]


def _layout(table: Table, columns: int) -> list[tuple[str, int | None]]:
    """Each printed line of the table with the index of the body row it belongs to (None: header,
    rule, blank)."""
    widths = _widths(table, columns)
    head = _row_lines(table.header, widths)
    body = [_row_lines(r, widths) for r in table.rows]
    spaced = any(len(b) > 1 for b in body)  # a wrapped row needs air between rows to read
    out: list[tuple[str, int | None]] = [(line, None) for line in head]
    out.append(("  ".join("-" * w for w in widths), None))
    for k, b in enumerate(body):
        if spaced and k:
            out.append(("", None))
        out += [(line, k) for line in b]
    return out


def _row_lines(row: tuple[str, ...], widths: list[int]) -> list[str]:
    """One row's printed lines, each cell wrapped in its column."""
    wrapped = [textwrap.wrap(cell, w, break_long_words=False) or [""] for cell, w in zip(row, widths)]
    depth = max(len(c) for c in wrapped)
    return [
        "  ".join((c[k] if k < len(c) else "").ljust(w) for c, w in zip(wrapped, widths)).rstrip()
        for k in range(depth)
    ]


def _mono(line: str, colour: str | None = None) -> str:
    text = _esc(line).replace(" ", "&nbsp;") or "&nbsp;"
    return f"<font color='{colour}'>{text}</font>" if colour else text


def _table_html(table: Table, columns: int) -> str:
    layout = _layout(table, columns)
    rule = next(k for k, (line, _) in enumerate(layout) if line and set(line) <= {"-", " "})
    caption = f"<b>{_esc(table.caption)}</b>{' ' + HOUSE if table.house else ''}<br>" if table.caption else ""
    out: list[str] = []
    tagged: set[int] = set()
    for k, (line, row) in enumerate(layout):
        if k <= rule:
            out.append(_mono(line, TABLE_HEAD))
        elif row is not None and row in table.house_rows:
            # a house row: amber, and tagged once, on its first line (never colour alone)
            out.append(_mono(line, AMBER) + ("" if row in tagged else f"&nbsp;{HOUSE}"))
            tagged.add(row)
        else:
            out.append(_mono(line))
    body = "<br>".join(out)
    return f"{caption}<font face='{MONO}' size=4>{body}</font><br>"


# -- paragraphs -------------------------------------------------------------------------------


def _paragraph_html(p: Paragraph) -> str:
    runs = p.runs or (Run(p.text),)
    text = "".join(f"<font color='{AMBER}'>{_esc(r.text)}</font>" if r.house else _esc(r.text) for r in runs)
    tag = f"&nbsp;{HOUSE}" if p.house else ""  # the tag never starts a line on its own
    if p.kind == "subheading":
        return f"<br><font size=4.5><b>{text}</b></font><br>"
    if p.kind == "bullet":
        return f"&nbsp;&nbsp;•&nbsp;{text}{tag}<br>"
    if p.kind == "step":
        return f"<b>{p.number}.</b>&nbsp;{text}{tag}<br>"
    return f"{text}{tag}<br>"


def reference_html(sections: Sequence[Section], columns: int = COLUMNS) -> str:
    """The sections as HTML: a heading each, then its paragraphs and tables."""
    out: list[str] = []
    for s in sections:
        out.append(f"<br><font size=5.5 color='{HEADING}'><b>{_esc(s.title)}</b></font><br>")
        for p in s.body:
            out.append(_table_html(p, columns) if isinstance(p, Table) else _paragraph_html(p))
    return "".join(out)


# -- the page ---------------------------------------------------------------------------------


def ruleset_title(key: str) -> str:
    """A rule set's name for a menu: its registered name, else the key a map gave."""
    try:
        return get_ruleset(key).name
    except KeyError:
        return key


def tags_legend(house: str = HOUSE, seed: str = "[seed]") -> str:
    """What the tags beside the rules mean, in a line (the rules help's top; the set-up where they show)."""
    return (
        f"{house}: the club's reading where the source rules are silent (its values in amber); "
        f"{seed}: straight from the source rules."
    )


def untagged(text: str) -> str:
    """``text`` without its "[seed]" tags: a player choosing his team reads the rules' words, not where they come
    from (a 40k newcomer read "[seed]" in his Add list as jargon; the tags stay in the rules help for designers).

    >>> untagged("at no points cost [seed]. A unit rule [house: 1] helps")
    'at no points cost. A unit rule [house: 1] helps'
    """
    return re.sub(r"\s*\[seed\]", "", text)


TAGS_LEGEND = tags_legend("[house]")  # the same line in plain words
# ... and shorter, for a screen's top line
TAGS_SHORT = (
    "[house]: the club's reading where the source rules are silent \u00b7 [seed]: straight from the source rules"
)
HOUSE_SHORT = "[house]: the club's reading where the source rules are silent"  # the set-up's: it shows no [seed]


def _head(ruleset: RuleSet) -> str:
    """The title, what the game is in a sentence, then what the tags mean."""
    title = f"<font size=6><b>{_esc(ruleset.name)}</b></font><br>"
    about = f"<i>{_esc(ruleset.about)}</i><br>" if ruleset.about else ""
    amber = f"<font color='{AMBER}'>amber</font>"
    return f"{title}{about}{tags_legend().replace('amber', amber)}<br>"


def _designers(ruleset: RuleSet) -> str:
    """The end of the help, for a club that changes the game: where the numbers live."""
    if not data_file(f"{ruleset.key}.toml").exists():
        return ""
    where = _esc(f"game/data/{ruleset.key}.toml")
    return (
        f"<br><font size=5.5 color='{HEADING}'><b>For designers</b></font><br>"
        f"Numbers come from {where}; a club may change the {HOUSE} values there.<br>"
    )


def _not_written(title: str, playable: bool) -> RulesHelp:
    can = "" if playable else "it cannot be played, and "
    return RulesHelp(
        f"<font size=6><b>{_esc(title)}</b></font><br><br>The rules of {_esc(title)} are not written in "
        f"the game yet: {can}this help has no rules to show.<br>",
        (),
    )


def rules_help(
    ruleset: str | RuleSet,
    scenario: Scenario | None = None,
    options: dict[str, Any] | None = None,
    columns: int = COLUMNS,
) -> RulesHelp:
    """The rules help of one rule set (its key or itself), for a scenario and options when a game has them.

    A rule set this build lacks, or one that writes no reference, gets a page that says so; a
    reference that fails to build (an unreadable data file) says why instead of raising.
    """
    if isinstance(ruleset, str):
        key = ruleset
        try:
            ruleset = get_ruleset(key)
        except KeyError:
            return _not_written(key, playable=False)
    if ruleset.reference is None:
        return _not_written(ruleset.name, playable=ruleset.view is not None)
    head = _head(ruleset)
    try:
        sections = ruleset.reference(scenario, dict(options or {}))
    except Exception as exc:  # another package's data and code: its failure is shown, never a crash
        return RulesHelp(
            head + f"<br>The rules of {_esc(ruleset.name)} cannot be read: {_esc(str(exc) or type(exc).__name__)}",
            (),
        )
    return RulesHelp(
        head + reference_html(sections, columns) + _designers(ruleset), tuple(s.title for s in sections)
    )


def rules_html(
    ruleset: str | RuleSet,
    scenario: Scenario | None = None,
    options: dict[str, Any] | None = None,
    columns: int = COLUMNS,
) -> str:
    """Just the HTML of :func:`rules_help`."""
    return rules_help(ruleset, scenario, options, columns).html


def written_rulesets() -> list[RuleSet]:
    """Every registered rule set, by name (the rules help's chooser)."""
    return sorted((get_ruleset(k) for k in known_rulesets()), key=lambda r: r.name.lower())


def preload_help_fonts(manager: Any) -> None:
    """Load the rules help's fonts once (pygame_gui warns both on a font not preloaded and on a second
    preload); How to play lays its primer out with them too."""
    fonts = manager.get_theme().get_font_dictionary()
    missing = [
        f
        for f in FONTS
        if not fonts.check_font_preloaded(
            fonts.create_font_id(
                int(f["point_size"]), str(f["name"]), bold=f["style"] == "bold", italic=f["style"] == "italic"
            )
        )
    ]
    if missing:
        manager.preload_fonts(missing)
