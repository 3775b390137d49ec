"""A power-up choice never looks like a stall (issue 33: a newcomer's game sat waiting for it, the buttons grey
until he happened to select a model). The choice is said big over the table and on the status line, and keys 1
and 2 (or the Power-up buttons) choose for the squad that owes it with nothing selected. Rules: Power-ups, the
furthest player rolls twice and keeps one, or pushes the closest back D6"."""

from __future__ import annotations

from game.controller import Button, Controller
from game.rules.core import get_ruleset
from game.rules.zombie40k.commands import PowerUpChoice
from game.rules.zombie40k.events import PowerUpChoiceOffered
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
GUARDS = {"unit": "infantry_squad", "models": 10}


def owing_a_choice():
    """Player 1's squad, furthest from the vehicle, has just destroyed a horde: it owes its choice."""
    g = rigged_game({1: [(10, 40)], 2: [(34, 20)]}, hordes=[[(40, 44)]], teams=[GUARDS, GUARDS], dice=[3, 4, 5, 6])
    for fid in list(g.state.units["h1"].models):
        g.world.kill(g.state.models[fid], "p1 test")
    offered = [e for e in g.world.events if isinstance(e, PowerUpChoiceOffered)]
    assert offered, "no choice offered"
    return g, offered[0]


def test_key_1_with_nothing_selected_chooses_for_the_squad_that_owes_the_choice() -> None:
    g, _ = owing_a_choice()
    ctl = Controller(g, Z40K.view())
    assert ctl.selected is None
    done = ctl.handle(Button("choice_1"))
    assert done.accepted, done.message
    assert g.commands[-1] == PowerUpChoice("p1", 1)
    assert g.state.units["p1"].power_up_offer  # rolled twice: now which to keep


def test_with_no_choice_owed_a_power_up_key_still_asks_for_a_model_first() -> None:
    g = rigged_game({1: [(10, 40)]}, teams=[GUARDS])
    ctl = Controller(g, Z40K.view())
    refused = ctl.handle(Button("choice_1"))
    assert not refused.accepted and "Select one of your models first" in ctl.message


def test_the_choice_is_said_over_the_table_and_on_the_status_line_in_the_players_words() -> None:
    g, offer = owing_a_choice()
    view = Z40K.view()
    key, words = view.phase_notice(g, offer)
    assert words.startswith("Power-up for ") and ": press 1 to roll twice and keep one, or 2 to move " in words
    assert "(p2)" not in words  # the squad by its name, not its id
    status = view.stop_words(g, [offer])
    assert "chooses its power-up first: press 1 to roll twice and keep one, or 2 to move " in status
    line = view.log_lines(g, [offer])[0]
    assert "chooses its power-up: press 1 to roll twice and keep one, or 2 to move " in line
