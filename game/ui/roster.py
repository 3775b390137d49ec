"""The roster panel: the rule set's roster groups as pygame_gui HTML.

Each name is a link (pygame_gui ``<a href>``): clicking it selects the figure. The rule set says what
each line holds (:class:`~game.rules.contract.RosterGroup`); this module only writes it out.

>>> from game.rules.contract import Cell, RosterGroup, RosterRow
>>> row = RosterRow("a1", "Sgt a1", (Cell("G9/9"), Cell("Rifle", "muted")), Cell("ready", "good"))
>>> roster_html([RosterGroup("Player 1", True, (row,))], selected=None).count("<a href")
1
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.rules.contract import TONE_COLOURS, Cell, RosterGroup, RosterRow
from game.ui.tokens import player_hex

UNDER_INDENT = "&nbsp;" * 4  # a line under a figure's, his weapons: set in, so the names still lead


def cell_html(cell: Cell) -> str:
    text = html.escape(cell.text)
    if cell.bold:
        text = f"<b>{text}</b>"
    colour = TONE_COLOURS.get(cell.tone)
    return f'<font color="{colour}">{text}</font>' if colour else text


def fit_cells(name: str, cells: Sequence[Cell], status: Cell, fits: Callable[[str], bool]) -> tuple[Cell, ...]:
    """A roster line's cells shortened until the line fits its box (``fits`` says whether a text does),
    so the state word ("ready") never wraps onto a line of its own: the muted cells (a weapon) are cut
    short with an ellipsis, then left out, then the plain words, longest first, then a cell with a short form
    (:attr:`Cell.short`) takes it; the name, the counts (G9/9, 3 shots), the warnings, bold cells and the
    state are kept whole.

    >>> cells = (Cell("G9/9"), Cell("Shuriken catapult", "muted"))
    >>> [c.text for c in fit_cells("Guardian p3-1", cells, Cell("ready"), lambda t: len(t) <= 36)]
    ['G9/9', 'Shuriken c…']
    >>> [c.text for c in fit_cells("Guardian p3-1", cells, Cell("ready"), lambda t: len(t) <= 20)]
    ['G9/9']
    >>> aside = Cell("1 shot left (in contact)", "spent", short="1 shot")
    >>> [c.text for c in fit_cells("Deacon", (aside,), Cell("fired"), lambda t: len(t) <= 30)]
    ['1 shot']
    """
    cells = list(cells)

    def line() -> str:
        return " ".join([name, *(c.text for c in cells if c.text), status.text])

    muted = [i for i, c in enumerate(cells) if c.tone == "muted"][::-1]
    # then the plain words, longest first; a count (G9/9, 3 shots) is the game's state and is kept
    plain = [
        i
        for i, c in enumerate(cells)
        if c.tone == "plain" and not c.bold and not any(ch.isdigit() for ch in c.text)
    ]
    for i in muted + sorted(plain, key=lambda i: -len(cells[i].text)):
        text = cells[i].text
        keep = len(text)
        while not fits(line()) and keep > 0:
            keep -= 1
            cut = text[:keep].rstrip(" -,")
            # a word cut to a stub ("no…", "unar…") says nothing: whole, four letters and more, or gone
            cells[i] = Cell(cut + "…" if len(cut) >= 4 else "", cells[i].tone, cells[i].bold)
        if fits(line()):
            break
    # still too long: a cell's own short form ("1 shot left (in contact: ...)" reads "1 shot"), longest first;
    # the name's hover card says it whole
    for i in sorted((i for i, c in enumerate(cells) if c.short), key=lambda i: -len(cells[i].text)):
        if fits(line()):
            break
        cells[i] = replace(cells[i], text=cells[i].short)
    return tuple(c for c in cells if c.text)


def fit_row(
    name: str, cells: Sequence[Cell], status: Cell, fits: Callable[[str], bool]
) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """A roster line fitted to its box: (the cells on the figure's line, the cells on a line under it). A
    line too long for the box puts its muted cells (the weapons) whole on the line under it, never cut
    short (issue 33: "Bolt…" told a newcomer nothing); the other words are fitted by :func:`fit_cells`.

    >>> cells = (Cell("W1/1"), Cell("Boltgun, Bolt pistol", "muted"))
    >>> [[c.text for c in part] for part in fit_row("Space Marine Sergeant", cells, Cell("ready"), lambda t: len(t) <= 36)]
    [['W1/1'], ['Boltgun, Bolt pistol']]
    >>> [[c.text for c in part] for part in fit_row("Sergeant", cells, Cell("ready"), lambda t: len(t) <= 40)]
    [['W1/1', 'Boltgun, Bolt pistol'], []]
    """
    whole = " ".join([name, *(c.text for c in cells if c.text), status.text])
    under = tuple(c for c in cells if c.tone == "muted" and c.text)
    if fits(whole) or not under:
        return fit_cells(name, cells, status, fits), ()
    kept = [c for c in cells if c.tone != "muted"]
    return fit_cells(name, kept, status, fits), under


def row_words(row: RosterRow) -> str:
    """A figure's roster line whole, never shortened: the tooltip of his name in the roster."""
    return " ".join([row.name, *(c.text for c in row.cells if c.text), row.status.text])


def shared_cells(group: RosterGroup, fits: Callable[[str], bool] | None) -> tuple[Cell, ...]:
    """The muted cells (the weapons) every figure of ``group`` has alike, when a line with them would not fit
    its box: said once under the heading ("each: Shuriken catapult") rather than under every figure.

    >>> from game.rules.contract import RosterRow
    >>> rows = tuple(RosterRow(f"g{i}", f"Guardian {i}", (Cell("W1/1"), Cell("Shuriken catapult", "muted")),
    ...                        Cell("ready")) for i in (1, 2))
    >>> [c.text for c in shared_cells(RosterGroup("Player 1", True, rows), lambda t: len(t) <= 30)]
    ['Shuriken catapult']
    >>> shared_cells(RosterGroup("Player 1", True, rows), lambda t: True)
    ()
    """
    if fits is None or len(group.rows) < 2:
        return ()
    first = tuple(c for c in group.rows[0].cells if c.tone == "muted" and c.text)
    if not first or any(tuple(c for c in r.cells if c.tone == "muted" and c.text) != first for r in group.rows):
        return ()
    return first if not all(fits(row_words(r)) for r in group.rows) else ()


def roster_html(
    groups: Sequence[RosterGroup],
    selected: str | None,
    fits: Callable[[str], bool] | None = None,
    under_before: set[str] | None = None,
    room: str = "",
) -> str:
    """A heading per group (``- acting`` on the one whose turn it is), then one line per figure, each
    fitted to its box when ``fits`` says what fits (see :func:`fit_row`): weapons too long for a figure's
    line go whole under it, or once under the heading when the whole group carries the same.

    The rows keep their height as the player acts (a newcomer's row moved from under his pointer): a line is
    fitted as if selected (the "> " mark), and a figure in ``under_before`` (whose weapons went under his name
    once; he is added to it) keeps them there when his line is short again; a line is fitted with ``room`` (the
    words a row may gain as the game goes, the view's ``roster_room``) after its state, so the weapons that would
    go under once they came are there from the start and the rows do not move between turns."""
    lines: list[str] = []
    for group in groups:
        mark = " - acting" if group.acting else ""
        colour = player_hex(group.player) if group.player else TONE_COLOURS["gold"]
        lines.append(f'<b><font color="{colour}">{html.escape(group.title)}</font></b>{mark}')
        shared = shared_cells(group, fits)
        if shared:
            lines.append(UNDER_INDENT + "each: " + ", ".join(cell_html(c) for c in shared))
        for row in group.rows:
            sel = "<b>&gt;</b> " if row.figure == selected else ""
            own = tuple(c for c in row.cells if c not in shared)
            shown, under = (own, ()) if fits is None else _fitted(row, own, fits, under_before, room)
            cells = " ".join(cell_html(c) for c in (*shown, row.status))
            lines.append(f"{sel}{name_link(row)} {cells}")
            if under:  # the weapons whole, indented under the name
                lines.append(UNDER_INDENT + ", ".join(cell_html(c) for c in under))
    return "<br>".join(lines)


def _fitted(
    row: RosterRow,
    own: tuple[Cell, ...],
    fits: Callable[[str], bool],
    under_before: set[str] | None,
    room: str = "",
) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """:func:`fit_row` for ``row`` as if selected and with ``room`` after his state, its weapons kept under his
    name once they went there."""
    name = "> " + row.name  # the selection's mark: clicking a figure never wraps his line
    shown, under = fit_row(name, own, row.status, fits)
    weapons = tuple(c for c in own if c.tone == "muted" and c.text)
    roomy = replace(row.status, text=f"{row.status.text} {room}") if room else row.status
    kept_under = under_before is not None and row.figure in under_before
    if not under and weapons and (kept_under or (room and fit_row(name, own, roomy, fits)[1])):
        shown, under = fit_cells(name, [c for c in own if c.tone != "muted"], row.status, fits), weapons
    if under and under_before is not None:
        under_before.add(row.figure)
    return shown, under


def name_link(row: RosterRow) -> str:
    """A row's name as the link that selects (and, hovered, shows) its figure: the name proper only, what
    follows a " \u00b7 " (a rule he bears) plain after it. pygame_gui keeps only the last row of a link that
    wraps, so "Space Marine Sergeant \u00b7 Preferred Enemy" hovered on its first row showed no card.

    >>> name_link(RosterRow("p1-1", "Sergeant \u00b7 Feel No Pain", (), Cell("ready")))
    '<a href="p1-1">Sergeant</a> \u00b7 Feel No Pain'
    """
    name, dot, rest = row.name.partition(" \u00b7 ")
    return f'<a href="{html.escape(row.figure)}">{html.escape(name)}</a>{html.escape(dot + rest)}'
