"""Every action button of every rule set reads whole at 1280x800: Outbreak's "Clear jam  C" was cut to
"Clear jam  C" without its key."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.mark.parametrize("name", ["small_town.tmx", "hive_street.tmx", "normandy_village.tmx"])
def test_every_action_button_reads_whole(tmp_path: Path, name: str) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / name), {}, seed=1))
        app.run_frames(3)
        buttons = [b for b in app.scene.buttons.values() if b.visible]
        cut = [b.text for b in buttons if b.font.size(b.text)[0] > b.rect.width - 8]
        assert buttons and not cut, cut
