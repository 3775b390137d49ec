"""A squad move that asks first ("... click again to move the rest") is sent by the second click on the same
spot, even when one of the squad stands there: a newcomer's second click landed on Ork Boy 6 under the pointer
and selected him, and the move never happened (session 46). A click elsewhere on one of his models still picks
that model up. Through the Match, the question asked as the view asks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.core import get_ruleset
from game.scenario import load_scenario
from game.ui.match import Match

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
Z40K = get_ruleset("zombie40k")


def _asked_on_a_mate(monkeypatch: pytest.MonkeyPatch) -> tuple[Match, str, str]:
    """A squad move pointed at the spot where a squad-mate stands, its first click asking a question: the match,
    the leader, the squad-mate."""
    g = Z40K.new_game(load_scenario(HIVE_STREET), {}, seed=1)
    m = Match(g, Z40K.view())
    monkeypatch.setattr(m.view, "confirm", lambda game, cmd, preview: "Ork Boy 4 stays: click again to move.")
    models = g.world.alive(g.state.squad_of(g.state.active_player))
    lead, mate = models[0], models[1]
    m.click(lead.position)
    m.button("squad")
    m.click(mate.position)
    assert "click again" in m.status and m.controller.selected == lead.id, m.status
    return m, lead.id, mate.id


def test_the_second_click_on_the_spot_sends_the_move_not_selects_the_mate_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m, lead, mate = _asked_on_a_mate(monkeypatch)
    sent = len(m.game.commands)
    m.click(m.game.figure(mate).position)
    assert m.controller.selected != mate, m.status  # not picked up: the click answered the question
    assert len(m.game.commands) == sent + 1, m.status  # the squad's move, sent


def test_a_click_on_another_of_his_models_still_picks_him_up(monkeypatch: pytest.MonkeyPatch) -> None:
    m, lead, mate = _asked_on_a_mate(monkeypatch)
    other = m.game.world.alive(m.game.state.squad_of(m.game.state.active_player))[2]
    m.click(other.position)
    assert m.controller.selected == other.id, m.status
