"""The set-up's tooltips speak a player's words (newcomers' issue ob44 item 6): "Runners strike first" read "The
source sends a human caught while running straight to the grapple", a programmer's phrase. Every choice of both
Outbreak maps' set-up screens is checked through the real set-up scene."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui_driver import headless_app

from game.rules.contract import NamedFigures, Pick, Switch
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene

MAPS = Path(__file__).resolve().parent.parent / "maps"
JARGON = re.compile(r"\bthe source\b|\bsource's\b|\breading\)", re.IGNORECASE)


@pytest.mark.parametrize("name", ["small_town.tmx", "hollow_creek_farm.tmx"])
def test_no_set_up_tooltip_speaks_of_the_source(tmp_path: Path, name: str) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(SetupScene(app, load_entry(MAPS / name)))
        app.run_frames(2)
        spec = app.scene.spec
        fields = [*spec.per_player, *spec.for_game]
        fields += [g for f in fields if isinstance(f, NamedFigures) for g in f.gear]
        helps = {f.label: f.help for f in fields if isinstance(f, Pick | Switch)}
        assert "Runners strike first" in helps
        said = {label: text for label, text in helps.items() if JARGON.search(text)}
        assert not said, said
