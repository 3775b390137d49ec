"""The log's first lines give each rule set's own keys: an Outbreak game names survivors and its keys
(M/S/F/C), "E: end step"; a Zombie 40,000 game names models and "E: end phase"; Zombiekrieg soldiers
and M/F/O. Before, every rule set opened with Zombiekrieg's soldiers and keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.mark.parametrize(
    "map_name, says, not_says",
    [
        ("small_town.tmx", ["Click a survivor", "E: end step"], ["soldier", "M/F/O)"]),
        ("hive_street.tmx", ["Click a model", "E: end phase"], ["soldier", "M/F/O)"]),
        ("normandy_village.tmx", ["Click a soldier", "(or M/Q/F/O)", "E: end turn"], []),
    ],
)
def test_the_opening_help_is_the_rule_sets_own(tmp_path: Path, map_name: str, says, not_says) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / map_name), {}, seed=1))
        app.run_frames(3)
        help_line = app.scene.log_lines[1]
    for words in says:
        assert words in help_line
    for words in not_says:
        assert words not in help_line


def test_selecting_a_figure_names_him_and_his_buttons() -> None:
    """The status line said "pc1 selected: MOVE, CLEAR": the figure's id and the actions' keys. It says his
    name and the buttons' words."""
    from game.controller import Click, Controller
    from game.rules.core import get_ruleset

    rules = get_ruleset("outbreak")
    game = rules.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 1)
    ctl = Controller(game, rules.view())
    pc = game.state.pcs()[0]
    said = ctl.handle(Click(pc.position)).message
    assert said.startswith(f"{ctl.view.name(game, pc.id)} selected: ") and pc.name in said and pc.id not in said, (
        said
    )
    assert "MOVE" in said
