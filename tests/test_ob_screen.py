"""Outbreak on the screen's own machinery, headless (rules: Zombie Rules (Outbreak), played
through the rule-set contract): the controller and Match play whole games with the outbreak bot in
every seat (turn line, roster, tokens and overlays drawn from the view on the way), and a player
selects a character and runs him with two clicks."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import bot_for
from game.rules.core import get_ruleset
from game.rules.outbreak import Move
from game.scenario import load_scenario
from game.ui.match import Match

MAPS = Path(__file__).resolve().parent.parent / "maps"
RS = get_ruleset("outbreak")


@pytest.mark.parametrize("name", ["small_town", "hollow_creek_farm"])
def test_bots_play_a_whole_game_through_match(name):
    g = RS.new_game(load_scenario(MAPS / f"{name}.tmx"), {}, 5)
    bot = bot_for("outbreak")
    m = Match(g, RS.view(), speed=50.0, bots={p: bot for p in range(1, 5)})
    m._answer(m.controller.play_bots())
    for n in range(20000):
        if m.finished:
            break
        m.update(0.05)
        if n % 25 == 0:
            assert m.banner() and m.objective() and m.roster()
            m.tokens()
            m.overlays()
    assert m.finished and g.over and "game over" in m.banner()
    assert m.status.startswith("Game over")


def test_a_player_runs_a_character_with_the_mouse():
    g = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 5)
    m = Match(g, RS.view(), speed=50.0)
    pc = next(f for f in g.state.pcs() if "move" in g.actions_for(f.id))
    m.select(pc.id)
    goal = (pc.position[0] + 3.0, pc.position[1] - 3.0)
    before = len(g.commands)
    for _ in range(2):  # a click previews, the next (or the same) sends
        m.hover(goal)
        m.update(0.01)
        m.click(goal)
        if len(g.commands) > before:
            break
    assert len(g.commands) == before + 1 and isinstance(g.commands[-1], Move)
    assert g.commands[-1].figure == pc.id
