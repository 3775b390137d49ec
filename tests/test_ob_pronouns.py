"""Outbreak playtest (Small Town): women were called "he": "Trina gets away... leads Paperboy, Mrs Pearson
out with him", Trina's tired badge "he cannot move this move", and the prompt "Click one of your survivors
to select him". The characters' data says no one's sex, so these words are neutral now."""

from __future__ import annotations

import re

from test_ob_exit_preview import plates_over_exit

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.rules.outbreak.view import BADGE_LEGEND
from game.ui.match import Match

HE = re.compile(r"\b(he|him|his)\b", re.IGNORECASE)


def test_leading_bystanders_out_says_them_not_him() -> None:
    text = plates_over_exit("escape", npcs={"npc1": (14, 6)})
    assert "leads npc1 out with them (rescued)" in text, text


def test_the_badges_call_no_one_he() -> None:
    assert not [words for words in BADGE_LEGEND.values() if HE.search(words)]


def test_the_prompt_to_pick_a_survivor_calls_no_one_him() -> None:
    match = Match(rigged_game(), get_ruleset("outbreak").view())
    assert not HE.search(match.status), match.status
