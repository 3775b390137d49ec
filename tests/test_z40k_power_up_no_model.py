"""A squad's power-up choice is the squad's, not one model's: the banner said "press 1 or 2" and pressing did
nothing till a model was clicked ("Power-up 2 off: Select one of your models first", a newcomer, session 46).
With nobody selected the choice buttons are on and take the choice for the one squad it can be for; a model's
own power-up (a Duct Tape) still asks which model. Through the real game screen, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import headless_app, key, on_the_table

from game.rules.zombie40k import power_ups

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def test_pressing_1_with_nobody_selected_keeps_the_first_rolled_power_up(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        game = scene.match.game
        squad = game.state.squad_of(game.state.active_player)
        squad.power_up_offer = (9, 12)  # rolled twice: keep the Speed Pack, or the Blessing of Chuck Norris
        scene.match.version += 1
        scene.match._actions_key = None  # (set here, not by a command: the actions worked out before are stale)
        app.run_frames(2)
        assert scene.match.controller.selected is None
        on, tip = scene.match.button_states()["choice_1"]
        assert on, tip
        key(app, pygame.K_1)
        app.run_frames(3)
        assert not squad.power_up_offer, "the choice is still open"
        assert power_ups.SPEED_PACK in squad.power_ups


def test_an_action_any_of_several_squads_could_take_still_asks_for_a_model(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        on_the_table(app, HIVE_STREET)
        match = app.scene.match
        assert match.one_for("arm") is None  # nobody carries a power-up to arm with: nobody it can be for
        assert match.one_for("move") is None  # not an action that acts at once: a model is picked first
        assert match.one_for("tape_attack") is None  # a model's own: which one is the player's to say
