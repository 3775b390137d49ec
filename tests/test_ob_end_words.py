"""The Outbreak end screen's words: no "Best survivor: ... 0 zombies" after a game in which no survivor
killed a zombie."""

from __future__ import annotations

from pathlib import Path

from game.rules.core import get_ruleset
from game.scenario import load_scenario

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_no_best_survivor_when_no_survivor_killed_a_zombie() -> None:
    rules = get_ruleset("outbreak")
    game = rules.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    kills = rules.report(game).data["kills"]
    assert not any(kills.get(p.id) for p in game.state.pcs())  # the quiet start: only an NPC may have one
    assert rules.report(game).citation == ""


def test_one_zombie_appears_and_comes_out() -> None:
    """The log said "1 zombie appear at Open grave" and "1 zombie come out of Open grave"."""
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.view import OutbreakView

    game = get_ruleset("outbreak").new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    spawn = game.state.spawns[0]
    one = OutbreakView().log_lines(game, [ev.ZombiesGenerated(spawn.id, 1, ("z99",))])
    assert "1 zombie comes out of" in one[0], one
