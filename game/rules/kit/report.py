"""The after-game parts every rule set on the kit gets for free: the end screen's report, the simulator's
outcome and a rules help made from the rules' own docstrings. A rule set with more to say gives its own.

>>> def strike(world, cmd):
...     '''One D6: 5-6 the zombie falls.'''
>>> rules_help("The duel", strike)(None, {})[0].body[0].text
'One D6: 5-6 the zombie falls.'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from game.rules.contract import Outcome, Paragraph, ReferenceMaker, Report, RollRow, Section, Series
from game.rules.kit.figure import ZOMBIES
from game.rules.kit.game import KitGame

Ended = KitGame[Any, Any]  # any rule set's game on the kit: its state's turn and reason, its figures' sides


def _players(game: Ended) -> list[Any]:
    return [f for f in game.figures if f.side != ZOMBIES]


def report(game: Ended) -> Report:
    """VICTORY or DEFEAT with the state's reason, the turns and commands played, the player's figures still
    standing on the roll, and the figures standing at the start and the end."""
    won, turn, title = game.winner not in (None, ZOMBIES), game.state.turn, game.scenario.title
    return Report(
        ruleset=game.ruleset,
        scenario=title,
        winner=game.winner,
        victory=won if game.winner else None,
        headline="VICTORY" if won else "DEFEAT",
        reason=game.state.reason,
        subline=f"{title}  \u2014  turn {turn}",
        stats=(("Turns played", str(turn)), ("Commands", str(len(game.commands)))),
        roll=tuple(RollRow(getattr(f, "name", "") or f.id, 1, 1) for f in _players(game) if f.on_table),
        series_turns=(0, turn),
        series=(Series("Figures standing", (len(game.figures), sum(f.on_table for f in game.figures))),),
    )


def outcome(game: Ended) -> Outcome:
    """Who won and why, and how many of the player's figures are still on the table (``standing``)."""
    standing = float(sum(f.on_table for f in _players(game)))
    return Outcome(game.winner or "", game.winner not in (None, ZOMBIES), game.state.turn, game.state.reason,
                   figures={"standing": standing})  # fmt: skip


def rules_help(title: str, *rules: Callable[..., Any]) -> ReferenceMaker:
    """A rules help of one section, ``title``: a paragraph from each rule's docstring, in order."""
    body = tuple(Paragraph(inspect.getdoc(rule) or rule.__name__) for rule in rules)
    return lambda scenario, options: [Section(title, body)]
