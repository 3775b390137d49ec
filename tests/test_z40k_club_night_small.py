"""Zombie 40,000 at club night (issue 33), the small findings of a newcomer's whole game: How to play listed T
twice (Grenade and the tape measure), showed the heading "Zombie 40,000 in short" with nothing under it, and the
Blight grenade's wound lines did not say on whom they rolled."""

from __future__ import annotations

import html
import re
from collections import Counter

import pygame

from game.rules.core import get_ruleset
from game.rules.zombie40k import log_words, zombie_turn
from game.rules.zombie40k.testing import rigged_game
from game.ui.how_to_play import keys_html
from game.ui.keymap import KEYMAP, VIEW_KEYS, with_actions


def _keys(page: str) -> list[str]:
    """The keys How to play lists, one per row (``<b>T</b>: ...``)."""
    return [html.unescape(k) for k in re.findall(r"&nbsp;&nbsp;<b>([^<]+)</b>:", page)]


def test_how_to_play_lists_each_key_for_one_thing_and_the_tape_keeps_t() -> None:
    kinds = get_ruleset("zombie40k").view().action_kinds
    twice = [k for k, n in Counter(_keys(keys_html(get_ruleset("zombie40k")))).items() if n > 1]
    assert not twice, twice
    # the view's own keys win: T is the tape measure, never an action's hotkey in the game's keymap
    keymap = with_actions(KEYMAP, [(k.hotkey, k.key) for k in kinds])
    assert (pygame.K_t, False) not in keymap and any(key == "T" for key, _ in VIEW_KEYS)
    grenade = next(k for k in kinds if k.key == "throw")
    assert keymap[(getattr(pygame, "K_" + grenade.hotkey), False)] == "press throw"


def test_the_short_rules_heading_has_words_under_it(app) -> None:
    app.show_how_to_play("zombie40k")
    app.run_frames(2)
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", app.scene.text.html_text)).split())
    after = page.split("Zombie 40,000 in short")[1]
    assert not after.strip().startswith("The game"), after[:200]  # a line of its own before the first section


def test_the_blight_grenades_wound_line_names_its_target() -> None:
    # the marker's roll hits (1, 1: no scatter), the wound roll is a 6 on 4+, the armour save a 6
    g = rigged_game({1: [(10, 26)]}, boss=(10, 20), dice=[1, 1, 1, 6, 6] + [1] * 10)
    zombie_turn.zombie_shooting(g.world)
    lines = [log_words.line(g, e) for e in g.world.events]
    assert any("The Zombie Boss against Infantry Squad, Blight grenade: 1 of 1 wound on 4+" in x for x in lines), (
        lines
    )
