"""docs/ARCHITECTURE.md: a game is its scenario, seed and commands; rules: Common: every roll through one seeded dice."""

from __future__ import annotations

import json

from game.ai.zombiekrieg_bot import choose_command
from game.rules.core import from_data, get_ruleset, replay, to_data
from game.rules.zombiekrieg import new_game
from game.rules.zombiekrieg.commands import COMMANDS
from game.rules.zombiekrieg.events import DiceRolled
from game.rules.zombiekrieg.testing import tiny_scenario


def test_replay_gives_the_same_state():
    """Replaying the same scenario, options, seed and commands reproduces the game exactly."""
    sc = tiny_scenario(clutter=[(8, 10, 6, 3)], walls=[((2, 14), (8, 14))])
    g = new_game(sc, {"sections": ["american"]}, 11)
    while not g.over and len(g.commands) < 80:
        g.apply(choose_command(g))
    saved = json.loads(json.dumps([to_data(c) for c in g.commands]))
    cmds = [from_data(d, COMMANDS) for d in saved]
    again = replay(get_ruleset("zombiekrieg"), sc, {"sections": ["american"]}, 11, cmds)
    assert again.state_data() == g.state_data()
    assert [to_data(e) for e in again.log] == [to_data(e) for e in g.log]


def test_every_roll_is_an_event():
    """Dice: every roll is recorded and shown with its meaning."""
    g = new_game(tiny_scenario(), {}, 4)
    while not g.over and g.state.turn < 3:
        g.apply(choose_command(g))
    rolled = [e for e in g.log if isinstance(e, DiceRolled)]
    assert len(rolled) == len(g.dice.log)
    assert all(e.meaning for e in rolled)
