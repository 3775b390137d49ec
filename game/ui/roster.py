"""The roster panel: every soldier with GUTS now/at start, weapon, state and whether he has acted.

Each name is a link (pygame_gui ``<a href>``): clicking it selects the soldier.
"""

from __future__ import annotations

import html
from typing import Any

from game.ui.figures import Look, weapon_name

SHORT_ROLE = {"sergeant": "Sgt", "corporal": "Cpl", "rifleman": "Rfn", "smg": "SMG", "lmg": "LMG"}


def short_weapon(name: str) -> str:
    """``Thompson SMG`` -> ``Thompson``: the roster line fits the panel."""
    for suffix in (" SMG", " rifle", " LMG"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def roster_html(game: Any, looks: dict[str, Look], selected: str | None, ready: set[str]) -> str:
    """One line per soldier, grouped by player; in hot-seat the acting player's section comes first,
    so nobody scrolls to find his own men (the others keep their order)."""
    lines: list[str] = []
    active = getattr(game.state, "active_player", None)
    sections = sorted(getattr(game.state, "sections", []), key=lambda s: s.player != active)
    for section in sections:
        mark = " - acting" if section.player == active else ""
        lines.append(
            f'<b><font color="#E4CE84">Player {section.player}: {section.nation.capitalize()}</font></b>{mark}'
        )
        for f in game.state.section_of(section.player):
            look = looks.get(f.id)
            guts = look.guts if look else f.guts
            state = look.state if look else f.state
            name = f"{SHORT_ROLE.get(f.role, f.role)} {html.escape(f.id)}"
            if state == "dead":
                status, colour = "DEAD", "#F08A6E"
            elif state == "exited":
                status, colour = "exited", "#9BD77A"
            elif state == "knocked_down":
                status, colour = "down", "#F0B070"
            elif f.acted_this_turn:
                status, colour = "acted", "#8A8A78"
            elif f.id in ready:
                status, colour = "ready", "#9BD77A"
            else:
                status, colour = "waits", "#A9A68E"
            sel = "<b>&gt;</b> " if f.id == selected else ""
            guts_txt = f"G{guts}/{f.guts_start}"
            if guts != f.guts_start:
                guts_txt = f"<b>{guts_txt}</b>"
            lines.append(
                f'{sel}<a href="{html.escape(f.id)}">{name}</a> {guts_txt} '
                f'<font color="#A9A68E">{html.escape(short_weapon(weapon_name(game, f)))}</font> '
                f'<font color="{colour}">{status}</font>'
            )
    return "<br>".join(lines)
