"""Outbreak playtest, the log's words: a generation was told twice ("Generation at Open grave: 1D6 = 3: 3
zombies appear at Open grave" and "3 zombies come out of Open grave (3 rolled)"), and a bite check read
"Shop assistant bitten?: D6 = 3"."""

from __future__ import annotations

import re
from pathlib import Path

from game.rules.core import DiceRolled, get_ruleset
from game.rules.outbreak.view import OutbreakView
from game.scenario.loader import load_scenario

MAPS = Path(__file__).resolve().parents[1] / "maps"


def plain(lines: list[str]) -> list[str]:
    return [re.sub(r"<[^>]*>", "", line) for line in lines]


def test_a_generation_is_one_line_with_its_dice() -> None:
    game = get_ruleset("outbreak").new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    lines = plain(OutbreakView().log_lines(game, game.log))
    told = [line for line in lines if "Open grave" in line]
    assert told[0] == "2 zombies come out of Open grave (1D6 = 2)."  # seed 3: the first move's roll is a 2
    assert not any(line.lower().startswith("generation at") for line in lines)


def test_a_bite_check_reads_as_the_figures_roll() -> None:
    game = get_ruleset("outbreak").new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    npc = next(f for f in game.state.figures.values() if f.name == "Shop assistant")
    roll = DiceRolled(f"{npc.id} bitten?", "D6", (5,), 5, f"D6 = 5: {npc.id} was not bitten")
    line = plain(OutbreakView().log_lines(game, [roll]))[0]
    assert line == "Shop assistant's bite check: D6 = 5: Shop assistant was not bitten"
