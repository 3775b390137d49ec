"""Events as log lines a player reads (pygame_gui HTML), newest at the bottom of the log.

>>> from game.rules.zombiekrieg.events import KnockedDown
>>> plain(line_of(KnockedDown("z4"), lambda fid: f"Zombie {fid}"))
'Zombie z4 is knocked down.'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import Any

Namer = Callable[[str], str]

COLOURS = {"good": "#9BD77A", "bad": "#F08A6E", "dice": "#E4CE84", "turn": "#8FC3F0", "zombie": "#D98C8C"}
OUTCOME_COLOUR = {"critical_success": "good", "success": "good", "failure": "bad", "critical_failure": "bad"}
ACTION_WORDS = {"move": "MOVE", "fire": "FIRE", "order": "ORDER", "initiative": "initiative", "melee": "melee"}


def _c(kind: str, text: str) -> str:
    return f'<font color="{COLOURS[kind]}">{text}</font>'


def _e(text: Any) -> str:
    return html.escape(str(text))


def plain(line: str | None) -> str:
    """A log line without its markup (for tests and the status line)."""
    return html.unescape(re.sub(r"<[^>]+>", "", line or ""))


def line_of(ev: Any, name: Namer) -> str | None:
    """One event as one HTML line, or None for an event that is not worth a line of its own."""
    kind = type(ev).__name__
    n = lambda fid: _e(name(fid))  # noqa: E731
    if kind == "FigurePlaced":
        return None
    if kind == "TurnStarted":
        return _c("turn", f"<b>Turn {ev.turn}</b>")
    if kind == "StoodUp":
        return _c("zombie", f"{n(ev.figure)} stands up and rejoins the unit.")
    if kind == "InitiativeRolled":
        first = "the Allies go first" if ev.first == "allies" else "the zombies go first"
        extra = "; a free ORDER for the lead NCO" if ev.free_order else ""
        extra += f"; zombies +{ev.reaction_bonus} on the reaction roll" if ev.reaction_bonus else ""
        return _c("turn", f"Initiative ({n(ev.figure)}): {_e(ev.outcome.replace('_', ' '))}: {first}{extra}.")
    if kind == "PhaseStarted":
        if ev.side == "allies":
            who = f"Player {ev.player}" if ev.player else "The Allies"
            return _c("turn", f"{who}: your section acts.")
        return _c("zombie", "The zombies' turn.")
    if kind == "DiceRolled":
        what = ev.purpose or "dice"
        return _c("dice", f"Dice, {_e(what)}: {_e(ev.meaning or ev.total)}")
    if kind == "GutsTested":
        if not ev.modifiers:
            return None
        mods = ", ".join(f"{_e(r)} {v:+d}" for r, v in ev.modifiers)
        return f"&nbsp;&nbsp;(modifiers: {mods})"
    if kind == "GutsChanged":
        tone = "good" if ev.new > ev.old else "bad"
        return _c(tone, f"{n(ev.figure)}: GUTS {ev.old} to {ev.new} for good ({_e(ev.reason)}).")
    if kind == "Moved":
        return f'{n(ev.figure)} moves {ev.length:.1f}".'
    if kind == "Turned":
        return f"{n(ev.figure)} turns to face {ev.facing:.0f} degrees."
    if kind == "Fired":
        shot = f" (shot {ev.shot})" if ev.shot > 1 else ""
        return f"{n(ev.figure)} fires at {n(ev.target)}{shot}: {_e(ev.sight)} sight, {_e(ev.band)} range."
    if kind == "NoEffect":
        return f"{n(ev.figure)}: no effect ({_e(ev.reason)})."
    if kind == "KnockedDown":
        return _c("good" if name(ev.figure).startswith("Zombie") else "bad", f"{n(ev.figure)} is knocked down.")
    if kind == "Killed":
        zombie = name(ev.figure).startswith("Zombie")
        return _c("good" if zombie else "bad", f"<b>{n(ev.figure)} is killed</b> ({_e(ev.cause)}).")
    if kind == "Ordered":
        if ev.success:
            free = " (the free ORDER)" if ev.free else ""
            return _c("good", f"{n(ev.figure)} ORDERs {n(ev.target)}{free}: +2 GUTS for his action this turn.")
        return _c("bad", f"{n(ev.figure)} fails to ORDER {n(ev.target)}.")
    if kind == "ReactionRolled":
        return _c("zombie", f"Zombie reaction D6 = {ev.roll} ({_e(ev.column)}): {_e(ev.result)}.")
    if kind == "ZombieMoved":
        return _c("zombie", f"{n(ev.figure)} moves.")
    if kind == "MeleeAttack":
        return _c("bad", f"{n(ev.zombie)} attacks {n(ev.soldier)}!")
    if kind == "Exited":
        return _c("good", f"{n(ev.figure)} leaves the table through the exit.")
    if kind == "GameOver":
        tone = "good" if ev.winner == "allies" else "bad"
        return _c(tone, f"<b>Game over: the {_e(ev.winner)} win.</b> {_e(ev.reason)}")
    fields = ", ".join(f"{k}={v}" for k, v in vars(ev).items()) if hasattr(ev, "__dict__") else ""
    return _e(f"{kind} {fields}")


def lines_of(events: Iterable[Any], name: Namer) -> list[str]:
    """Log lines for a batch of events; a run of zombie moves is one line, not one per zombie."""
    out: list[str] = []
    run = 0
    for ev in events:
        if type(ev).__name__ == "ZombieMoved":
            run += 1
            continue
        if run:
            out.append(_zombies_move(run))
            run = 0
        line = line_of(ev, name)
        if line:
            out.append(line)
    if run:
        out.append(_zombies_move(run))
    return out


def _zombies_move(run: int) -> str:
    return _c("zombie", f"{run} zombie{'s' if run > 1 else ''} move{'' if run > 1 else 's'}.")
