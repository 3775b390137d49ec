"""Shared helpers for the Outbreak rules tests (tests/test_ob_*.py)."""

from __future__ import annotations

import pytest

from game.rules.core import IllegalCommand


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def unchanged(g, cmd):
    """An illegal command raises and changes nothing (no die rolled either)."""
    before = g.state_data()
    n, c, e = len(g.dice.log), len(g.commands), len(g.log)
    with pytest.raises(IllegalCommand) as err:
        g.apply(cmd)
    assert g.state_data() == before and len(g.dice.log) == n and len(g.commands) == c and len(g.log) == e
    return err.value.reason


def events_of(g):
    """The events a module function left on the world (direct calls of one step)."""
    out, g.world.events = g.world.events, []
    return out


def failed_spot():
    """An unaware PC 1 who looks for Zombie 1, 11" away (3+ to spot), rolls a 1 and finds nobody, shown
    through the screen's Match: the match and the log lines it wrote."""
    from game.rules.core import get_ruleset
    from game.rules.outbreak import Spot
    from game.rules.outbreak.testing import rigged_game
    from game.ui.match import Match

    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (22, 22)}, zombies=[(12, 8)], dice=[1] * 20)
    game.state.figures["pc1"].aware = False
    logged: list[str] = []
    match = Match(game, get_ruleset("outbreak").view(), log=logged.append)
    match.send(Spot("pc1"))
    for _ in range(100):
        match.update(0.1)
    return match, logged


def grab_lines(match):  # noqa: ANN001, ANN201  (a Match; its Line overlays)
    """The lines the table draws from each grabbing zombie to the human it holds (the bad colour's lines)."""
    from game.ui.overlays import Line
    from game.ui.previews import BAD_COLOUR

    return [o for o in match.overlays() if isinstance(o, Line) and o.colour == BAD_COLOUR]
