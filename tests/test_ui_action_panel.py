"""Only the actions that apply are on the panel (issue 33 item 14): on Hive Street the action panel showed
every button of the rule set, most of them grey (Shoot and Charge in the movement phase), and squeezed the
roster under it. Now it shows what the selected model may do (nobody selected: what this phase offers), Next,
Cancel while choosing and End phase; the rest are a key away, named under the buttons, and the roster takes
the room they leave."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, key

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _shown(scene) -> set[str]:
    return {name for name, button in scene.buttons.items() if button.visible}


@pytest.mark.parametrize("name", ["hive_street.tmx", "small_town.tmx", "normandy_village.tmx"])
def test_the_panel_shows_only_what_the_selected_figure_may_do(tmp_path: Path, name: str) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / name), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        kinds = {k.key for k in scene.action_kinds()}
        ready = sorted(match.ready())
        offered = {a for fid in ready for a in match.actions(fid)}
        assert _shown(scene) & kinds == offered & kinds and "end_turn" in _shown(scene)
        match.select(ready[0])
        app.run_frames(3)
        able = set(match.actions(ready[0]))
        assert _shown(scene) & kinds == able, (sorted(_shown(scene)), sorted(able))
        assert "cancel" in _shown(scene)
        away = kinds - able
        if away:  # the rest a key away, and the hint says which keys
            assert "Also:" in scene.actions_panel.hint_html, scene.actions_panel.hint_html
        for b in (scene.buttons[n] for n in _shown(scene)):  # nothing on view overlaps another button
            others = [o.rect for n, o in scene.buttons.items() if o is not b and n in _shown(scene)]
            assert b.rect.collidelist(others) < 0, b.text
        assert max(scene.buttons[n].rect.bottom for n in _shown(scene)) <= scene.hint_box.rect.top


def test_hive_street_movement_phase_hides_shoot_and_charge_and_the_roster_keeps_its_rows(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "hive_street.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        assert match.game.state.phase.value == "movement"
        match.select(sorted(match.ready())[0])
        app.run_frames(3)
        assert not {"shoot", "charge"} & _shown(scene), sorted(_shown(scene))
        assert "Shoot F" in scene.actions_panel.hint_html and "Charge C" in scene.actions_panel.hint_html
        # the room the grey buttons took is the roster's: over 350 px at 1280x800 (it was about 280)
        assert scene.roster_box.rect.height > 350, scene.roster_box.rect
        assert scene.roster_box.rect.top > scene.dice_tray.rect.bottom
        key(app, pygame.K_f)  # a hidden action is still a key away: pressed, it says why not now
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
