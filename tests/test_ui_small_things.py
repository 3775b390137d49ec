"""Small things a player notices (issue "Club-night play", item 7)."""

from __future__ import annotations

import pytest

from game.cli import main as cli
from game.rules.zombiekrieg.report import AfterAction
from game.rules.zombiekrieg.testing import rigged_game


def test_demo_help_says_the_game_always_plays_the_zombies(capsys) -> None:
    with pytest.raises(SystemExit):
        cli(["demo", "--help"])
    out = capsys.readouterr().out
    assert "always plays" in out and "zombies" in out


def test_the_end_screen_names_men_by_the_rosters_ranks() -> None:
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (14, 20, 270)}, zombies=[(2, 2)])
    names = {s.id: s.name for s in AfterAction.from_game(g).soldiers}
    assert names == {"us1-sgt": "Sgt us1-sgt", "us1-r1": "Rfn us1-r1"}  # as the roster writes them
