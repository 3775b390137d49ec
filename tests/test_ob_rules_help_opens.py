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


def test_every_rule_sets_name_reads_whole_in_the_drop_down(app) -> None:
    app.show_rules()
    app.run_frames(2)
    scene = app.scene
    font = scene.manager.get_theme().get_font_dictionary().find_font(14, "noto_sans")
    longest = max(font.size(r.name)[0] for r in scene.choices)
    assert "Zombie Rules (Outbreak)" in [r.name for r in scene.choices]
    assert scene.chooser.rect.w >= longest + 40  # the name, the arrow button and the padding
    assert not scene.chooser.rect.colliderect(scene.text.rect)  # and it covers none of the text
