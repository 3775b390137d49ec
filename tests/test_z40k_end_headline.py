"""The end screen's headline fits the screen, icons and all, however long the winner's name (issue 33: a Zombie
40,000 headline was cut at the left)."""

from __future__ import annotations

import pygame

from game.ui.scenes.end import headline_size, headline_width

LONG = "Player 2 (Guardian Defenders of the Ulthwe Strike Force) escapes!"


def test_a_long_headline_is_set_smaller_until_it_fits_and_a_short_one_keeps_its_size() -> None:
    pygame.font.init()
    big = headline_size(LONG, 90, 1280, True)
    assert big < 90 and headline_width(LONG, big, True) <= 1280 * 0.94
    assert headline_size("Victory!", 90, 1280, True) == 90
