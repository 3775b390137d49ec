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
from collections.abc import Sequence

from game.rules.contract import TONE_COLOURS, Cell, RosterGroup
from game.ui.tokens import player_hex


def cell_html(cell: Cell) -> str:
    text = html.escape(cell.text)
    if cell.bold:
        text = f"<b>{text}</b>"
    colour = TONE_COLOURS.get(cell.tone)
    return f'<font color="{colour}">{text}</font>' if colour else text


def roster_html(groups: Sequence[RosterGroup], selected: str | None) -> str:
    """A heading per group (``- acting`` on the one whose turn it is), then one line per figure."""
    lines: list[str] = []
    for group in groups:
        mark = " - acting" if group.acting else ""
        colour = player_hex(group.player) if group.player else TONE_COLOURS["gold"]
        lines.append(f'<b><font color="{colour}">{html.escape(group.title)}</font></b>{mark}')
        for row in group.rows:
            sel = "<b>&gt;</b> " if row.figure == selected else ""
            cells = " ".join(cell_html(c) for c in (*row.cells, row.status))
            lines.append(f'{sel}<a href="{html.escape(row.figure)}">{html.escape(row.name)}</a> {cells}')
    return "<br>".join(lines)
