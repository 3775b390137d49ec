"""A 40k veteran's Hive Street game (session 43): hovering the sergeant's name in the roster showed no card,
though the README promises one. His name with the rule he bears, "Space Marine Sergeant \u00b7 Preferred
Enemy", wrapped, and pygame_gui kept only the link's last row ("Enemy"); the name proper is the link now.
Through the real game screen, headless, at 1280 x 800."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import link_rect, motion

from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parents[1] / "maps" / "hive_street.tmx"
TEAM = {
    "unit": "tactical_squad",
    "models": 5,
    "sergeant": True,
    "sergeant_options": ["chainsword"],
    "usr": "Preferred Enemy",
    "usr_model": 0,
}


def test_hovering_the_sergeant_who_bears_the_teams_rule_shows_his_card(app: App) -> None:
    setup = GameSetup(load_entry(HIVE))
    setup.use_options({"teams": [TEAM]})
    app.start_game(setup, seed=5)
    app.run_frames(5)
    scene = app.scene
    assert "Preferred Enemy" in scene.roster_html
    where = link_rect(scene.roster_box, "Space Marine Sergeant").center
    pygame.mouse.set_pos(where)  # (the dummy driver's pointer follows set_pos, not posted motion)
    motion(app, where)
    app.run_frames(2)
    tip = scene.roster_panel.tip
    assert tip is not None and scene.roster_panel.tip_for == "p1-1"
    words = tip.text_block.html_text
    assert "Space Marine Sergeant" in words and "Chainsword" in words and "Preferred Enemy" in words, words
