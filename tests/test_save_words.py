"""A save is listed in its rule set's words: an Outbreak game saved in Move 3 reads "move 3" on the Load list
and the title screen's Resume, not "turn 3", and names its rules "Zombie Rules (Outbreak)", not "outbreak"."""

from __future__ import annotations

from pathlib import Path

from game.ai import bot_for
from game.rules.core import get_ruleset
from game.saves import snapshot
from game.scenario import load_scenario
from game.session import describe_save

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_an_outbreak_save_says_move_and_the_rules_name() -> None:
    scenario = load_scenario(MAPS / "small_town.tmx")
    game = get_ruleset("outbreak").new_game(scenario, {}, 3)
    bot = bot_for("outbreak")
    while game.state.move < 3 and not game.over:
        game.apply(bot(game))
    line = describe_save(snapshot(game))
    assert f"move {game.state.move}," in line and "turn" not in line
    assert "(Zombie Rules (Outbreak))" in line and "(outbreak)" not in line


def test_a_zombiekrieg_save_still_says_turn() -> None:
    scenario = load_scenario(MAPS / "normandy_village.tmx")
    game = get_ruleset("zombiekrieg").new_game(scenario, {}, 3)
    assert "turn 1," in describe_save(snapshot(game))
