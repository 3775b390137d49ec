"""Outbreak's Spot shows what it looks for and its odds before it rolls (issue 33, item 8): S rolled at
once, with no preview. Now the first S (or the Spot button) draws the sight line to the zombie the look is
for and says the odds; S again, or a click, looks; Esc steps back without a roll. Through the screen's Match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import Spot
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label, Line

RS = get_ruleset("outbreak")


def unaware_match() -> Match:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 8)], dice=[5] + [3] * 30)
    game.state.figures["pc1"].aware = False
    match = Match(game, RS.view())
    match.select("pc1")
    return match


def test_the_first_spot_shows_the_odds_and_rolls_nothing() -> None:
    match = unaware_match()
    match.button("spot")
    assert match.game.commands == []
    assert match.status.startswith('Spot Zombie 1, 11.0" away: 3+ on a D6 (67%).') and "S again" in match.status
    match.hover((30.0, 30.0))  # the pointer moves on: the look's preview stays
    overlays = match.overlays()
    plates = [o.text for o in overlays if isinstance(o, Label) and o.plate]
    assert plates == ['Spot Zombie 1, 11.0" away: 3+ on a D6 (67%).']
    assert any(isinstance(o, Line) for o in overlays)  # the sight line to him


def test_spot_again_looks_and_esc_steps_back() -> None:
    match = unaware_match()
    match.button("spot")
    match.cancel()
    assert match.game.commands == [] and not match.game.state.figures["pc1"].aware
    match.button("spot")
    match.button("spot")
    assert match.game.commands[:1] == [Spot("pc1")] and match.game.state.figures["pc1"].aware  # the 5 spots


def test_a_click_answers_the_question_too() -> None:
    match = unaware_match()
    match.button("spot")
    match.click((20.0, 25.0))
    assert match.game.commands[:1] == [Spot("pc1")]


def test_the_tooltip_says_what_a_character_knows() -> None:
    match = unaware_match()
    view, game = match.view, match.game
    lines = view.tooltip(game, "pc1", match.looks["pc1"])
    assert "unaware: has not spotted a zombie (cannot fire; Spot, S, to look)" in lines
    assert "standing" in lines and not [x for x in lines if x.startswith("state:")], lines  # a player's word
    game.state.figures["pc1"].aware = True
    assert "knows the zombies are here" in view.tooltip(game, "pc1", match.looks["pc1"])
