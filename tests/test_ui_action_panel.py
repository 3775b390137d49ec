"""Zombie 40,000's action panel (issue 33 item 14): on Hive Street it showed fifteen buttons, most of them
grey, and squeezed the roster under it. The power-ups a team does not hold are off the panel; the rule set's
own actions keep one place each for the whole game (the club night's finding: buttons that came and went moved
under the pointer, tests/test_ui_fixed_panel.py), grey with why when they do not apply, and the roster keeps
its rows."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import headless_app, key

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _shown(scene) -> set[str]:
    return {name for name, button in scene.buttons.items() if button.visible}


def test_hive_street_movement_phase_greys_shoot_and_charge_and_the_roster_keeps_its_rows(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "hive_street.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        assert match.game.state.phase.value == "movement"
        match.select(sorted(match.ready())[0])
        app.run_frames(3)
        for name in ("shoot", "charge"):  # on view in their places, grey, and the tooltip says why
            button = scene.buttons[name]
            assert name in _shown(scene) and not button.is_enabled and "phase" in button.tool_tip_text, name
        # the power-ups nobody holds are off the panel: the roster has over 290 px at 1280x800 (it had 280 with
        # them; 332 before the Squad button took a row of its own: a trade named in the commit)
        assert scene.roster_box.rect.height > 290, scene.roster_box.rect
        assert scene.roster_box.rect.top > scene.dice_tray.rect.bottom
        key(app, pygame.K_f)  # a grey action's key says why not now
        app.run_frames(2)
        assert match.status_bad and match.status, match.status


def test_a_held_power_up_stays_on_the_panel_grey_with_why(tmp_path: Path) -> None:
    """Zombie 40,000's power-up buttons show while the team holds one, usable now or not (the panel keeps
    them so a player sees what he holds)."""
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "hive_street.tmx"), {}, seed=1))
        app.run_frames(3)
        match = app.scene.match
        squad = match.game.state.squad_of(match.game.state.active_player)
        squad.power_ups.append("duct_tape")
        match.resync()
        app.run_frames(3)
        assert {"tape_attack", "tape_shot"} <= _shown(app.scene), sorted(_shown(app.scene))
        assert not app.scene.buttons["tape_attack"].is_enabled  # nobody selected: grey, and says why


def test_a_held_power_ups_grey_button_says_on_screen_what_it_waits_for(tmp_path: Path) -> None:
    """A player who uses only the mouse read the grey power-up buttons as out of reach (the reason was only in a
    tooltip): when the game waits for him, the status line says to select a model to use a power-up."""
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "hive_street.tmx"), {}, seed=1))
        app.run_frames(3)
        match = app.scene.match
        assert "power-up" not in match.status, "nobody holds one yet"
        match.game.state.squad_of(match.game.state.active_player).power_ups.append("duct_tape")
        match.resync()
        for _ in range(2):
            match.button("end_turn")
        for _ in range(600):
            if not match.playback.busy and match.controller.mode.name == "IDLE":
                break
            match.skip()
            app.run_frames(1)
        app.run_frames(2)
        assert "Select a model to use a power-up." in match.status, match.status
