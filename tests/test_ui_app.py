"""The real main loop, headless: title -> New game -> Start -> Begin -> the table, driven by posted events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import click, key, motion, need_default_scenario

from game.assets import default_scenario
from game.ui.app import App


def to_table(app: App) -> None:
    click(app, app.scene.buttons["new_game"].rect.center)
    assert app.scene.name == "new_game"
    assert app.scene.chosen is not None and app.scene.chosen.path.name == default_scenario().name
    click(app, app.scene.start.rect.center)
    assert app.scene.name == "setup"
    assert app.scene.setup.options["sections"] == ["american"]  # solo by default
    click(app, app.scene.begin.rect.center)
    assert app.scene.name == "game"


def test_title_runs_for_hundreds_of_frames(app: App) -> None:
    app.run_frames(240)
    assert app.running and app.scene.name == "title" and app.frames >= 240


def test_clicking_through_to_the_table_and_using_it(app: App) -> None:
    need_default_scenario()
    to_table(app)
    scene = app.scene
    view = scene.view
    # the figures come from the rules' game: every soldier and zombie on the table
    assert view is not None and len(view.tokens) == len([f for f in scene.game.figures if f.on_table])
    app.run_frames(60)

    # wheel at a point on the table zooms in there
    x, y, w, h = view.camera.viewport
    cursor = (x + w // 3, y + h // 2)
    motion(app, cursor)
    under = view.camera.to_table(cursor)
    ppi = view.camera.ppi
    for _ in range(3):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
        )
    app.run_frames(2)
    assert view.camera.ppi > ppi
    assert view.camera.to_table(cursor) == pytest.approx(under)

    # Home fits the table again
    key(app, pygame.K_HOME)
    assert view.camera.ppi == pytest.approx(ppi)

    # T and move: the tape shows a length; T again: it goes (the README: T toggles the tape)
    key(app, pygame.K_t)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(cursor[0] + 120, cursor[1]), rel=(120, 0), buttons=(0, 0, 0))
    )
    app.run_frames(3)
    assert view.tape is not None and view.tape.length == pytest.approx(120 / view.camera.ppi, rel=0.02)
    app.run_frames(2)
    assert view.tape is not None  # letting go of T keeps it
    key(app, pygame.K_t)
    app.run_frames(2)
    assert view.tape is None

    # L shows terrain outlines (O is ORDER's key)
    key(app, pygame.K_l)
    assert view.show_outlines
    app.run_frames(200)

    # Esc (nothing selected) opens the in-game menu; Quit to title leaves (the game is autosaved)
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "game" and app.scene.menu_open
    click(app, app.scene.menu_buttons["title"].rect.center)
    assert app.scene.name == "title"
    assert app.running


def test_window_resize_lays_the_table_out_again(app: App) -> None:
    need_default_scenario()
    to_table(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.run_frames(5)
    assert app.scene.name == "game"
    assert app.scene.view.camera.viewport[2] < 1000


def test_settings_are_saved_when_changed(app: App, tmp_path: Path) -> None:
    click(app, app.scene.buttons["settings"].rect.center)
    assert app.scene.name == "settings"
    click(app, app.scene.mute.rect.center)
    assert app.settings.muted and app.sounds.muted
    assert '"muted": true' in (tmp_path / "settings.json").read_text()
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "title"


def test_rules_help_opens_and_closes(app: App) -> None:
    click(app, app.scene.buttons["rules"].rect.center)
    assert app.scene.name == "rules"
    app.run_frames(30)
    click(app, app.scene.back.rect.center)
    assert app.scene.name == "title"


def test_quit_button_ends_the_loop(app: App) -> None:
    click(app, app.scene.buttons["quit"].rect.center)
    assert not app.running


def test_a_broken_map_is_listed_with_its_error_and_cannot_start(app: App, tmp_path: Path) -> None:
    from game.ui.scenario_list import load_entry

    bad = tmp_path / "broken.tmx"
    bad.write_text("<map this is not xml", encoding="utf-8")
    entry = load_entry(bad)
    assert not entry.playable and entry.error
    app._scenarios = [entry, *app.scenarios()]
    click(app, app.scene.buttons["new_game"].rect.center)
    scene = app.scene
    scene._show(entry)
    assert not scene.start.is_enabled
    click(app, scene.start.rect.center)
    assert app.scene.name == "new_game"


def _without_view(monkeypatch, key: str) -> None:
    """Make a shipped rule set look half written: registered, but nothing to show it on screen."""
    import dataclasses

    from game.rules import core

    monkeypatch.setitem(core.RULESETS, key, dataclasses.replace(core.get_ruleset(key), view=None))


def test_a_map_whose_rule_set_is_not_written_yet_says_so_and_cannot_start(app: App, monkeypatch) -> None:
    _without_view(monkeypatch, "outbreak")
    click(app, app.scene.buttons["new_game"].rect.center)
    scene = app.scene
    town = next(e for e in app.scenarios() if e.path.name == "small_town.tmx")  # outbreak, made view-less
    assert town.playable  # the map itself is fine
    scene._show(town)
    assert not scene.start.is_enabled
    assert "Not playable yet" in scene.details.html_text
    click(app, scene.start.rect.center)
    assert app.scene.name == "new_game"


def test_play_refuses_a_scenario_whose_rule_set_is_not_written_yet(capsys, monkeypatch) -> None:
    from game.assets import assets_dir
    from game.ui.app import run

    _without_view(monkeypatch, "outbreak")
    assert run(str(assets_dir("maps") / "small_town.tmx"), straight_in=True) == 2
    assert "not playable" in capsys.readouterr().err


def test_no_display_is_a_clear_message_not_a_traceback(monkeypatch, capsys) -> None:
    import game.ui.app as app_module

    def no_screen(*args, **kwargs):
        raise pygame.error("x11 not available")

    monkeypatch.setattr(app_module, "App", no_screen)
    assert app_module.run() == 2
    err = capsys.readouterr().err
    assert "cannot open a window (x11 not available)" in err and "deadground simulate" in err


def test_a_registered_rule_set_with_no_scenario_is_listed_and_says_so(app: App, monkeypatch) -> None:
    """The New game menu lists every registered rule set: one no map uses yet has its own line."""
    import dataclasses

    from game.rules.core import RULESETS, get_ruleset

    monkeypatch.setitem(
        RULESETS, "toy", dataclasses.replace(get_ruleset("zombiekrieg"), key="toy", name="Toy Rules")
    )
    click(app, app.scene.buttons["new_game"].rect.center)
    scene = app.scene
    items = [i["text"] for i in scene.list.item_list]
    assert "Toy Rules - no scenario yet" in items and "Normandy Village" in items
    assert not any("Zombiekrieg" in i for i in items)  # it has scenarios: they stand for it
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            {"ui_element": scene.list, "text": "Toy Rules - no scenario yet"},
        )
    )
    app.run_frames(2)
    assert "No scenario yet" in scene.details.html_text and scene.chosen is None
    assert not scene.start.is_enabled


def test_the_title_demo_names_the_registered_rule_sets(app: App) -> None:
    from game.ui.scenes.title import demo_tip

    assert "Zombiekrieg 848" in demo_tip()
    assert app.scene.buttons["demo"].tool_tip_text == demo_tip() and app.scene.buttons["demo"].is_enabled


def test_the_load_list_describes_a_save_through_its_rule_set() -> None:
    from game.ui.scenes.load import describe_options

    assert describe_options("zombiekrieg", {"sections": ["american", "british"]}) == "American, British"
    assert describe_options("zombiekrieg", {}) == "American"  # an old save without sections: the default
    assert describe_options("outbreak", {}) == "default"


def test_an_untouched_game_screen_slows_down_and_wakes_at_a_touch(app) -> None:
    """A game left on screen at a club night draws 10 frames a second, not 60; any input brings 60 back,
    and so does anything moving (the zombies' turn, a bot)."""
    from ui_driver import motion, start_game

    from game.ui.app import FPS, IDLE_FPS

    scene = start_game(app, ["american"])
    app.fps = FPS
    app.quiet_for = 0.0
    assert app.frame_cap() == FPS
    app.quiet_for = 5.0
    assert scene.still() and app.frame_cap() == IDLE_FPS
    motion(app, (400, 300))
    assert app.quiet_for < 1.0 and app.frame_cap() == FPS
    app.quiet_for = 5.0
    scene.match.controller.bots[scene.match.controller.active_player] = lambda game: None
    assert not scene.still() and app.frame_cap() == FPS
    del scene.match.controller.bots[scene.match.controller.active_player]


def test_play_with_a_seed_deals_the_same_game_again(app) -> None:
    """`deadground play MAP --seed N`: the same dice, so the same hordes and the same first rolls (a club's
    rematch, a bug report)."""
    from game.cli import build_parser
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    need_default_scenario()
    assert build_parser().parse_args(["play", str(default_scenario()), "--seed", "42"]).seed == 42
    states = []
    for _ in range(2):
        app.start_game(GameSetup(load_entry(default_scenario())), seed=42)
        app.run_frames(3)
        game = app.scene.match.game
        assert game.seed == 42
        states.append(game.state_data())
    assert states[0] == states[1]


def test_each_settings_slider_shows_its_value_beside_it(app: App) -> None:
    """The three slider rows (master volume, demo volume, animation speed) each read the setting and show it."""
    app.settings.master_volume, app.settings.demo_volume, app.settings.animation_speed = 0.4, 0.7, 2.0
    click(app, app.scene.buttons["settings"].rect.center)
    s = app.scene
    shown = [(r.get_current_value(), label.text) for r, label in (
        (s.volume, s.volume_value), (s.demo_volume, s.demo_volume_value), (s.speed, s.speed_value))]  # fmt: skip
    assert shown == [(40, "40%"), (70, "70%"), (200, "2x")]
    assert all(label.rect.left > slider.rect.right for slider, label in (
        (s.volume, s.volume_value), (s.demo_volume, s.demo_volume_value), (s.speed, s.speed_value)))  # fmt: skip


def test_play_a_map_opens_its_set_up_filled_in_and_quick_skips_it(app, monkeypatch) -> None:
    """A newcomer's `deadground play maps/hive_street.tmx` went straight onto the table and never met the team
    builder: it opens the map's set-up filled in with the starting team (Begin plays it, on --seed's dice; Back
    goes to the title); `--quick` plays at once."""
    import game.ui.app as app_module
    from game.cli import main
    from game.ui.scenario_list import load_entry

    hive = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
    asked: list[dict] = []
    monkeypatch.setattr(app_module, "run", lambda **kw: asked.append(kw) or 0)
    assert main(["play", str(hive)]) == 0 and main(["play", str(hive), "--quick", "--seed", "7"]) == 0
    assert [a["straight_in"] for a in asked] == [False, True] and asked[1]["seed"] == 7

    app_module.open_first(app, load_entry(hive), straight_in=False, seed=42)
    app.run_frames(2)
    scene = app.scene
    assert scene.name == "setup" and scene.setup.answers["each"][0]["team"]  # the starting team, filled in
    click(app, scene.begin.rect.center)
    if app.scene is scene:  # points left that buy something: said once, then Begin anyway plays
        click(app, scene.begin.rect.center)
    assert app.scene.name == "game" and app.scene.match.game.seed == 42

    app_module.open_first(app, load_entry(hive), straight_in=False, seed=None)
    app.run_frames(2)
    click(app, app.scene.back.rect.center)
    assert app.scene.name == "title"
    app_module.open_first(app, load_entry(hive), straight_in=True, seed=None)
    app.run_frames(2)
    assert app.scene.name == "game"


def test_the_new_game_card_says_the_objective_in_a_players_words(app: App) -> None:
    """The card read "Objective: exit" (the map property's value): it says what the players must do."""
    click(app, app.scene.buttons["new_game"].rect.center)
    scene = app.scene
    farm = next(e for e in app.scenarios() if e.path.name == "hollow_creek_farm.tmx")  # objective = rescue
    scene._show(farm)
    assert "Objective: <b>lead 2 bystanders to safety</b>" in scene.details.html_text
    village = next(e for e in app.scenarios() if e.path.name == "normandy_village.tmx")  # objective = exit
    scene._show(village)
    assert "Objective: <b>get 3 soldiers off the table through the exit</b>" in scene.details.html_text
