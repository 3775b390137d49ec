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
