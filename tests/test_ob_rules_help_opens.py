"""Outbreak playtest: the title's Rules help opened on Zombie 40,000 after a game of Outbreak, and its
drop-down cut "Zombie Rules (Outbreak". It opens on the rule set played (or read) last, every name whole."""

from __future__ import annotations

from pathlib import Path

from game.rules.core import get_ruleset

MAPS = Path(__file__).resolve().parents[1] / "maps"


def test_the_rules_help_opens_on_the_rule_set_last_played(app) -> None:
    from game.ui.game_setup import GameSetup
    from game.ui.scenario_list import load_entry

    app.start_game(GameSetup(load_entry(MAPS / "small_town.tmx")), seed=3)
    app.run_frames(2)
    app.show_rules()  # as from the title: every rule set, to choose from
    app.run_frames(2)
    scene = app.scene
    assert scene.name == "rules" and len(scene.choices) > 1
    assert scene.ruleset == "outbreak"
    assert scene.chooser.selected_option[0] == get_ruleset("outbreak").name


def test_the_rule_set_read_last_is_the_next_one_opened(app) -> None:
    app.show_rules()
    app.run_frames(2)
    app.scene.choose("zombiekrieg")
    app.pop()
    app.show_rules()
    app.run_frames(2)
    assert app.scene.ruleset == "zombiekrieg"
