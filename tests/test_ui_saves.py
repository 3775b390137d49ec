"""Saving and loading on screen (issue 5), the real main loop headless, driven by posted events.

Ctrl+S and F5 save, the Load scene lists saves and autosaves (a broken one with its error, its
bytes untouched), Load opens the game exactly where it was, Ctrl+Z steps back choices and
commands that rolled no dice but never a dice roll, and the title offers to resume an interrupted
game. platformdirs points at tmp_path, so nothing touches the real user folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import platformdirs
import pygame
import pytest
import ui_driver
from ui_driver import click, headless_app, key, need_default_scenario, play_out, start_game

from game.controller import Mode
from game.saves import load_game
from game.ui.app import App


@pytest.fixture
def data(tmp_path: Path, monkeypatch) -> Path:
    """platformdirs' user folders, all under tmp_path."""
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    monkeypatch.setattr(
        platformdirs, "user_config_dir", lambda name=None, *a, **k: str(tmp_path / "config" / (name or ""))
    )
    return tmp_path / "data" / "deadground"


@pytest.fixture
def app(data: Path):
    need_default_scenario()
    with headless_app() as app:
        assert app.data_dir == data  # the user data folder from platformdirs
        yield app


def end_turn(app: App, scene) -> None:
    ui_driver.end_turn(app, scene)  # (E again: the game asks first while soldiers are still ready)
    play_out(app, scene)


def legal_step(game, fid: str) -> tuple[float, float]:
    """A point a couple of inches away that the rules would let him move to."""
    import math

    from game.rules.zombiekrieg.commands import Move

    x, y = game.figure(fid).position
    for reach in (1.5, 2.5, 3.5):
        for a in range(0, 360, 15):
            p = (x + reach * math.cos(math.radians(a)), y + reach * math.sin(math.radians(a)))
            preview = game.preview(Move(fid, (p,), None))
            if preview.legal and preview.details["length"] >= preview.details["requested_length"] - 0.05:
                return p  # all the way: a shortened move would ask for a second click first
    raise AssertionError("he cannot move anywhere")


def open_load_scene(app: App) -> None:
    app.back_to_title()
    app.run_frames(2)
    click(app, app.scene.buttons["load_game"].rect.center)
    assert app.scene.name == "load"


def test_every_command_is_autosaved_and_ctrl_s_saves_where_the_status_line_says(app: App, data: Path) -> None:
    scene = start_game(app, speed=4.0)
    end_turn(app, scene)
    autosaves = sorted((data / "autosave").glob("autosave-*.json"))
    assert autosaves and load_game(autosaves[-1]).state_data() == scene.game.state_data()

    key(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = list((data / "saves").glob("*.json"))
    assert len(saved) == 1 and saved[0].name.startswith("normandy_village-")
    assert scene.match.status == f"Saved to {saved[0]}"
    assert scene.status_box.html_text.find("Saved to") >= 0


def test_a_game_saved_on_screen_loads_from_the_load_scene_exactly_where_it_was(app: App, data: Path) -> None:
    scene = start_game(app, speed=4.0)
    end_turn(app, scene)
    end_turn(app, scene)
    click(app, scene.top["save"].rect.center)  # the Save button beside Menu
    state = scene.game.state_data()
    commands = len(scene.game.commands)
    (path,) = (data / "saves").glob("*.json")

    open_load_scene(app)
    load = app.scene
    lines = [e.line for e in load.entries]
    assert lines[0].startswith("Autosave:") or lines[0].startswith("Save:")  # newest first
    entry = next(e for e in load.entries if e.path == path)
    load._show(entry)
    app.run_frames(2)
    click(app, load.load.rect.center)
    game_scene = app.scene
    assert game_scene.name == "game"
    assert game_scene.game.state_data() == state and len(game_scene.game.commands) == commands
    assert "Loaded" in game_scene.match.status
    shown = " ".join(game_scene.log_lines)
    assert "Turn 3" in shown or "turn 3" in shown.lower()  # the loaded game's story is in the log panel
    # and it plays on: the next command is autosaved like any other
    before = len(list((data / "autosave").glob("*.json")))
    end_turn(app, game_scene)
    assert len(game_scene.game.commands) == commands + 1
    assert len(list((data / "autosave").glob("*.json"))) >= min(before + 1, 5)


def test_a_corrupt_save_is_listed_with_its_error_and_left_untouched(app: App, data: Path) -> None:
    folder = data / "saves"
    folder.mkdir(parents=True)
    broken = folder / "broken.json"
    broken.write_bytes(b'{"format": "deadground-save", "version": 1, "ruleset": "zombiekri')
    newer = folder / "newer.json"
    newer.write_bytes(b'{"format": "deadground-save", "version": 99}')
    before = {p: p.read_bytes() for p in (broken, newer)}

    open_load_scene(app)
    load = app.scene
    by_name = {e.path.name: e for e in load.entries}
    assert "corrupt" in by_name["broken.json"].error and "left untouched" in by_name["broken.json"].error
    assert "newer Dead Ground" in by_name["newer.json"].error
    assert any("broken.json (cannot be loaded)" in item for item in load.items)

    load._show(by_name["broken.json"])
    app.run_frames(2)
    assert "corrupt" in load.details.html_text
    assert not load.load.is_enabled
    click(app, load.load.rect.center)  # a disabled button does nothing
    assert not load.load_chosen()
    assert app.scene is load
    assert {p: p.read_bytes() for p in (broken, newer)} == before


def test_f5_quick_saves_and_f9_quick_loads(app: App, data: Path) -> None:
    scene = start_game(app, speed=4.0)
    end_turn(app, scene)
    key(app, pygame.K_F5)
    state = scene.game.state_data()
    assert (data / "saves" / "quicksave.json").exists()
    end_turn(app, scene)
    assert scene.game.state_data() != state
    key(app, pygame.K_F9)
    assert app.scene is not scene and app.scene.game.state_data() == state


def test_ctrl_z_steps_back_a_waypoint_and_refuses_to_undo_a_dice_roll(app: App) -> None:
    scene = start_game(app, speed=4.0)
    m, game = scene.match, scene.match.game
    fid = next(f.id for f in game.figures if not f.is_zombie and game.actions_for(f.id))
    m.select(fid)
    key(app, pygame.K_m)
    assert (m.controller.mode, m.controller.action) == (Mode.AIMING, "move")
    f = game.figure(fid)
    m.click((f.position[0] + 1.0, f.position[1]), shift=True)
    assert len(m.controller.waypoints) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert m.controller.waypoints == [] and (m.controller.mode, m.controller.action) == (Mode.AIMING, "move")
    assert m.status == "Waypoint removed."
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert (m.controller.mode, m.controller.selected) == (Mode.SELECTED, fid)  # the aim, then
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the commands: none yet, so it says so and keeps the selection
    assert m.controller.selected == fid and m.status_bad

    # a MOVE rolls dice (a GUTS test, even turning on the spot): undo never goes back before it
    m.select(fid)
    m.button("move")
    m.click(legal_step(game, fid))
    play_out(app, scene)
    commands = len(game.commands)
    assert commands == 1 and scene.session.rolled[-1]
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the first Ctrl+Z after a move is for the move, selected or not
    assert len(scene.game.commands) == commands
    assert scene.match.status_bad and "never goes back before a dice roll" in scene.match.status
    assert "(MOVE of " in scene.match.status  # the action in the player's words, not a class name


def test_ctrl_z_takes_back_an_end_turn_that_rolled_nothing(app: App) -> None:
    scene = start_game(app, ["american", "british"], speed=4.0)
    game = scene.game
    if game.state.active_player != 1:
        pytest.skip("this seed starts with the zombies")
    player = game.state.active_player
    end_turn(app, scene)  # player 1 hands the turn to player 2: no dice
    if scene.session.rolled[-1]:
        pytest.skip("ending this player's turn rolled dice here")
    assert scene.game.state.active_player != player
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.game.commands) == 0 and scene.game.state.active_player == player
    assert scene.match.game is scene.session.game  # the table plays the rebuilt game
    assert "Undone" in scene.match.status


def test_the_title_offers_to_resume_an_interrupted_game_and_resumes_it(app: App, data: Path) -> None:
    scene = start_game(app, speed=4.0)
    end_turn(app, scene)
    state = scene.game.state_data()
    key(app, pygame.K_ESCAPE)  # the in-game menu
    assert scene.menu_open
    click(app, scene.menu_buttons["title"].rect.center)
    assert app.scene.name == "title"
    resume = app.scene.buttons.get("resume")
    assert resume is not None and resume.text.startswith("Resume: Normandy Village")
    # the map and its turn, whole on the button (the rest in its tooltip), clear of the church's window
    assert re.fullmatch(r"Resume: Normandy Village, turn \d+", resume.text)
    assert resume.font.size(resume.text)[0] < resume.rect.width - 8 and resume.rect.width <= 360
    assert "Zombiekrieg 848" in resume.tool_tip_text
    click(app, resume.rect.center)
    assert app.scene.name == "game" and app.scene.game.state_data() == state


def test_a_new_start_without_autosaves_has_no_resume_button(app: App) -> None:
    assert "resume" not in app.scene.buttons


def test_a_finished_game_clears_the_autosaves(app: App, data: Path) -> None:
    scene = start_game(app, speed=4.0)
    end_turn(app, scene)
    assert list((data / "autosave").glob("*.json"))
    scene.match.finished = True  # what the match sets once GAME OVER has been shown
    scene.match.version += 1
    app.run_frames(2)
    assert list((data / "autosave").glob("*.json")) == []


def test_the_load_list_shows_the_turn_as_well_as_the_actions(app: App, data: Path) -> None:
    """Issue "Club-night play", item 7: a save keeps its turn and the list says it; a save written
    before the turn was kept still loads, and its line gives the actions alone."""
    import json

    scene = start_game(app, speed=4.0)
    end_turn(app, scene)
    end_turn(app, scene)
    turn = scene.game.state.turn
    click(app, scene.top["save"].rect.center)
    (path,) = (data / "saves").glob("*.json")
    old = path.with_name("from-before.json")  # the same game as an older build wrote it: no turn kept
    raw = json.loads(path.read_text())
    del raw["extra"]["turn"]
    old.write_text(json.dumps(raw))

    open_load_scene(app)
    load = app.scene
    entry = next(e for e in load.entries if e.path == path)
    assert f"turn {turn}, {len(scene.game.commands)} actions" in entry.line, entry.line
    before = next(e for e in load.entries if e.path == old)
    assert "turn" not in before.line.lower().replace(before.kind.lower(), "") and "actions" in before.line
    load._show(before)
    app.run_frames(2)
    click(app, load.load.rect.center)
    assert app.scene.name == "game" and app.scene.game.state.turn == turn  # and it loads where it was
